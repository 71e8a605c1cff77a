package graphviz

import (
	"fmt"
	"strings"

	"github.com/emicklei/dot"
	"github.com/mjsat/mjsat/board"
)

// groupGraph is a position on a board of isolated stacks, seen group by group.
type groupGraph struct {
	b      *board.Board
	stacks [][]int // remaining tiles of each non-empty stack, top first, in board.Stacks order
	count  []int   // remaining tiles per group
	tops   []int   // remaining tiles per group that are on top of their stack
}

// newGroupGraph returns the group graph of s, or an error when s's board is not made of
// isolated stacks.
func newGroupGraph(s *board.State) (*groupGraph, error) {
	b := s.Board()
	all, ok := b.Stacks()
	if !ok {
		return nil, fmt.Errorf("the groups view needs a board of isolated stacks; %q is not one (use -view tiles)", b.Name)
	}
	gg := &groupGraph{b: b, count: make([]int, b.NumGroups()), tops: make([]int, b.NumGroups())}
	for _, st := range all {
		var rest []int
		for _, i := range st {
			if !s.Gone(i) {
				rest = append(rest, i)
				gg.count[b.Group(i)]++
			}
		}
		if len(rest) > 0 {
			gg.stacks = append(gg.stacks, rest)
			gg.tops[b.Group(rest[0])]++
		}
	}
	return gg, nil
}

// Groups draws the groups view of s, whose board must be made of isolated stacks: one
// node per group with tiles left, labelled "name (tiles left)", filled when two of its
// tiles are on top of stacks (a move of that group is available); one edge p → q per
// stack in which a p tile lies directly on a q tile. When Definition 6 applies, every
// blocked cycle is drawn in red and listed in the comments, followed by Theorem 7's
// verdict (solvable exactly when there is none); otherwise the comments say why the
// cycles are not listed.
func Groups(s *board.State) (*Drawing, error) {
	gg, err := newGroupGraph(s)
	if err != nil {
		return nil, err
	}
	b := gg.b
	d := header(s, ViewGroups)
	g := d.Graph

	heights := map[int]int{}
	maxH := 0
	for _, st := range gg.stacks {
		heights[len(st)]++
		maxH = max(maxH, len(st))
	}
	var hs []string
	for h := 1; h <= maxH; h++ {
		if heights[h] > 0 {
			hs = append(hs, fmt.Sprintf("%d of height %d", heights[h], h))
		}
	}
	groupsLeft := 0
	for _, c := range gg.count {
		if c > 0 {
			groupsLeft++
		}
	}
	d.comment("%d tiles in %d groups on %d stacks (%s)", s.Remaining(), groupsLeft, len(gg.stacks), strings.Join(hs, ", "))
	d.comment("edge p -> q: in some stack a p tile lies directly on a q tile; filled: a move of that group is available")

	inCycle := make([]bool, b.NumGroups())
	cycleEdge := map[int]bool{} // top tiles of the stacks on a cycle
	if cycles, err := s.BlockedCycles(); err != nil {
		d.comment("Definition 6 does not apply (%v): blocked cycles are not listed", err)
	} else {
		d.comment("Definition 6 applies (stacks of height 1 and 2, groups of 2 or 4 tiles): %s", plural(len(cycles), "blocked cycle"))
		for c, cyc := range cycles {
			var steps []string
			for i, p := range cyc.Groups {
				top, bot := b.Tiles[cyc.Stacks[i][0]], b.Tiles[cyc.Stacks[i][1]]
				steps = append(steps, fmt.Sprintf("%s on %s (tile %d on %d at (%d,%d))",
					b.GroupName(p), b.GroupName(cyc.Groups[(i+1)%len(cyc.Groups)]), top.ID, bot.ID, top.X, top.Y))
				inCycle[p] = true
				cycleEdge[cyc.Stacks[i][0]] = true
			}
			d.comment("blocked cycle %d, k=%d: %s", c+1, len(cyc.Groups), strings.Join(steps, ", "))
		}
		if len(cycles) == 0 {
			d.comment("Theorem 7: solvable (no blocked cycle)")
		} else {
			d.comment("Theorem 7: unsolvable (a blocked cycle can never be cleared)")
		}
	}

	nodes := make([]dot.Node, b.NumGroups())
	for p, c := range gg.count {
		if c == 0 {
			continue
		}
		n := g.Node(fmt.Sprintf("g%07d", p)).
			Label(fmt.Sprintf("%s (%d)", b.GroupName(p), c)).
			Attr("tooltip", fmt.Sprintf("group %s: %d tiles left, %d on top", b.GroupName(p), c, gg.tops[p]))
		if gg.tops[p] >= 2 {
			n.Attr("style", "filled").Attr("fillcolor", playableFill)
		}
		if inCycle[p] {
			n.Attr("color", cycleColour).Attr("fontcolor", cycleColour).Attr("penwidth", "2")
		}
		nodes[p] = n
	}
	for _, st := range gg.stacks {
		for i := 0; i+1 < len(st); i++ {
			top, bot := b.Tiles[st[i]], b.Tiles[st[i+1]]
			e := g.Edge(nodes[b.Group(st[i])], nodes[b.Group(st[i+1])]).
				Attr("tooltip", fmt.Sprintf("tile %d on tile %d at (%d,%d)", top.ID, bot.ID, top.X, top.Y))
			if cycleEdge[st[i]] {
				e.Attr("color", cycleColour).Attr("penwidth", "2")
			}
		}
	}
	return d, nil
}
