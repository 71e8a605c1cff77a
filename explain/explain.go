// Package explain says why a Mahjong board is lost and where a play went wrong, in
// terms a player can check: a group core (a few groups whose tiles alone, where they
// lie, already cannot be cleared, and for a group of it that can be paired no way
// because of what lies on what, why each way fails), the first move of a play after
// which the game could no longer be won, and a move that keeps a position winnable.
//
// Every answer is checked with the exact native solver (package solver): a core is
// unwinnable and every group of it is needed; a first losing move has a winnable
// position before it and a lost one after it. A time limit gives an honest unknown.
//
// It is not a SAT-level explanation: encode.Explain gives a minimal unsatisfiable core
// of the board's CNF encoding, a certificate rather than a reason.
package explain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/plural"
	"github.com/mjsat/mjsat/solver"
)

// ErrUnknown is returned when a time limit or ctx stopped the solver before an answer
// was certain.
var ErrUnknown = errors.New("unknown: stopped before the answer was certain")

// ErrSolvable is returned by [GroupCore] for a board that can be won.
var ErrSolvable = errors.New("the board can be won: nothing to explain")

// Options bound the work.
type Options struct {
	// Timeout bounds each call of the native solver (0: none).
	Timeout time.Duration
	// Orders is how many deletion orders GroupCore tries, keeping the smallest core
	// (0 means 3).
	Orders int
	// Decided, when set, is told of each position of a play that [Analyze] decides:
	// the number of moves before it, the play's number of moves, and the verdict.
	Decided func(position, moves int, v board.Verdict)
}

// solve decides b with the native solver under opt.
func solve(ctx context.Context, b *board.Board, opt Options) (solver.Result, error) {
	r, err := solver.Solve(ctx, b, solver.Options{Seed: 1, Timeout: opt.Timeout})
	if err != nil {
		return r, err
	}
	if r.Status == board.Unknown {
		return r, ErrUnknown
	}
	return r, nil
}

// Core is a group core of a lost board: the board's tiles of Groups alone, at their
// positions, cannot be cleared, and dropping any one group of it gives a board that
// can be.
type Core struct {
	Board  *board.Board // the board it explains
	Groups []int        // group numbers of Board, increasing
	Tiles  []int        // tile indices of those groups, increasing
	// Sub is the board of the core's tiles alone.
	Sub *board.Board
	// Cycle, on boards of stacks of height at most 2, is the blocked cycle (de Bondt,
	// Definition 6) that the core is (nil otherwise).
	Cycle *board.BlockedCycle
}

// GroupNames returns the names of the core's groups.
func (c *Core) GroupNames() []string {
	out := make([]string, len(c.Groups))
	for i, g := range c.Groups {
		out[i] = c.Board.GroupName(g)
	}
	return out
}

// TileIDs returns the ids of the core's tiles.
func (c *Core) TileIDs() []int {
	out := make([]int, len(c.Tiles))
	for i, t := range c.Tiles {
		out[i] = c.Board.Tiles[t].ID
	}
	return out
}

// CoreJSON is a core as the commands and the page write it in JSON: its groups' names,
// its tiles' ids, the reasons of its unpairable groups (omitted when there are none) and
// the text [Core.String] prints.
type CoreJSON struct {
	Groups     []string            `json:"groups"`
	Tiles      []int               `json:"tiles"`
	Unpairable map[string][]string `json:"unpairable,omitempty"`
	Text       string              `json:"text"`
}

// JSON returns the core in the form [CoreJSON] describes.
func (c *Core) JSON() CoreJSON {
	j := CoreJSON{Groups: c.GroupNames(), Tiles: c.TileIDs(), Text: c.String()}
	if u := c.Unpairable(); len(u) > 0 {
		j.Unpairable = u
	}
	return j
}

// restrict returns the board of b's tiles in the groups of keep, named as what of b.
func restrict(b *board.Board, keep []bool, what string) (*board.Board, error) {
	return b.Restrict(b.Name+" ("+what+")", func(i int) bool { return keep[b.Group(i)] })
}

// GroupCore returns a group core of b: a set of groups whose tiles alone cannot be
// cleared, minimal (no group can be dropped), the smallest of a few deletion orders.
// It returns ErrSolvable when b can be won, ErrUnknown when a solve ran out of time.
//
// Taking tiles away only frees others, so a winning play of b, restricted to the
// core's groups, would win the core's board: the core proves b lost. On boards of
// stacks of height at most 2 the core is a blocked cycle, which Theorem 7 finds at once.
func GroupCore(ctx context.Context, b *board.Board, opt Options) (*Core, error) {
	r, err := solve(ctx, b, opt)
	if err != nil {
		return nil, err
	}
	if r.Status == board.Solvable {
		return nil, ErrSolvable
	}
	if cycles, err := b.NewState().BlockedCycles(); err == nil && len(cycles) > 0 {
		return cycleCore(b, cycles)
	}
	orders := opt.Orders
	if orders <= 0 {
		orders = 3
	}
	var best []bool
	for o := 0; o < orders; o++ {
		keep, err := deletion(ctx, b, opt, order(b, o))
		if err != nil {
			return nil, err
		}
		if best == nil || count(keep) < count(best) {
			best = keep
		}
	}
	return newCore(b, best)
}

// deletion shrinks the set of groups in the given order: it tries to drop runs of
// groups at once, halving the run length down to single groups (as delta debugging
// does), and drops a run whenever the board without it is still lost. A group kept in
// the last pass is needed: dropping it alone gave a winnable board, and dropping more
// groups later keeps it winnable (taking tiles away never blocks one). So the groups
// kept form a minimal core, found in fewer solves than one group at a time when the
// core is small.
func deletion(ctx context.Context, b *board.Board, opt Options, groups []int) ([]bool, error) {
	keep := make([]bool, b.NumGroups())
	for g := range keep {
		keep[g] = true
	}
	active := slices.Clone(groups)
	for run := max(1, len(active)/2); ; run = max(1, run/2) {
		var next []int
		for i := 0; i < len(active); i += run {
			part := active[i:min(i+run, len(active))]
			for _, g := range part {
				keep[g] = false
			}
			lost := false
			if count(keep) > 0 {
				sub, err := restrict(b, keep, "group core")
				if err != nil {
					return nil, err
				}
				r, err := solve(ctx, sub, opt)
				if err != nil {
					return nil, err
				}
				lost = r.Status == board.Unsolvable
			}
			if !lost {
				for _, g := range part {
					keep[g] = true
				}
				next = append(next, part...)
			}
		}
		active = next
		if run == 1 {
			return keep, nil
		}
	}
}

// order returns the groups in the o-th deletion order: 0 tries first the groups whose
// tiles lie highest (they block others but are seldom blocked: rarely part of a
// reason), 1 the lowest first, and further orders rotate the first.
func order(b *board.Board, o int) []int {
	gs := make([]int, b.NumGroups())
	height := make([]int, b.NumGroups())
	for g := range gs {
		gs[g] = g
		for _, t := range b.Members(g) {
			height[g] += b.Tiles[t].Z
		}
	}
	slices.SortStableFunc(gs, func(x, y int) int { return height[y] - height[x] })
	switch {
	case o == 1:
		slices.Reverse(gs)
	case o >= 2:
		k := (o * len(gs) / 5) % max(1, len(gs))
		gs = append(gs[k:], gs[:k]...)
	}
	return gs
}

func count(keep []bool) int {
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	return n
}

// cycleCore is the core of a blocked cycle: its groups.
func cycleCore(b *board.Board, cycles []board.BlockedCycle) (*Core, error) {
	best := cycles[0]
	for _, c := range cycles[1:] {
		if len(c.Groups) < len(best.Groups) {
			best = c
		}
	}
	keep := make([]bool, b.NumGroups())
	for _, g := range best.Groups {
		keep[g] = true
	}
	c, err := newCore(b, keep)
	if err == nil {
		c.Cycle = &best
	}
	return c, err
}

func newCore(b *board.Board, keep []bool) (*Core, error) {
	c := &Core{Board: b}
	for g, k := range keep {
		if k {
			c.Groups = append(c.Groups, g)
			c.Tiles = append(c.Tiles, b.Members(g)...)
		}
	}
	slices.Sort(c.Tiles)
	sub, err := restrict(b, keep, "group core")
	if err != nil {
		return nil, err
	}
	c.Sub = sub
	return c, nil
}

// Verify checks the core with the native solver: its board is lost, and without any
// one of its groups it can be won. It returns nil when both hold.
func (c *Core) Verify(ctx context.Context, opt Options) error {
	keep := make([]bool, c.Board.NumGroups())
	for _, g := range c.Groups {
		keep[g] = true
	}
	r, err := solve(ctx, c.Sub, opt)
	if err != nil {
		return err
	}
	if r.Status != board.Unsolvable {
		return errors.New("the core's board can be won")
	}
	for _, g := range c.Groups {
		if len(c.Groups) == 1 {
			break
		}
		keep[g] = false
		sub, err := restrict(c.Board, keep, "group core")
		if err != nil {
			return err
		}
		r, err := solve(ctx, sub, opt)
		if err != nil {
			return err
		}
		if r.Status != board.Solvable {
			return fmt.Errorf("the core without group %s is still lost: not minimal", c.Board.GroupName(g))
		}
		keep[g] = true
	}
	return nil
}

// String says in words what the core is: its groups, each tile with its position and
// the core's tiles that block it, and for a group that can be paired no way because
// of what lies on what (see unpairable), why each way fails.
func (c *Core) String() string {
	b, sub := c.Board, c.Sub
	var sb strings.Builder
	these := "these " + plural.N(len(c.Groups), "group")
	if len(c.Groups) == 1 {
		these = "this group"
	}
	fmt.Fprintf(&sb, "lost: %s (%s) alone, where they lie, cannot be cleared: %s\n",
		these, plural.N(len(c.Tiles), "tile"), strings.Join(c.GroupNames(), " "))
	if c.Cycle != nil {
		var steps []string
		for i, g := range c.Cycle.Groups {
			st := c.Cycle.Stacks[i]
			steps = append(steps, fmt.Sprintf("%s (tile %d on tile %d)", b.GroupName(g), b.Tiles[st[0]].ID, b.Tiles[st[1]].ID))
		}
		fmt.Fprintf(&sb, "a blocked cycle (de Bondt, Theorem 7): each group's last two tiles lie one on the next group's: %s\n",
			strings.Join(steps, " → "))
	}
	unp := c.Unpairable()
	for _, g := range c.Groups {
		fmt.Fprintf(&sb, "group %s:\n", b.GroupName(g))
		if why := unp[b.GroupName(g)]; why != nil {
			fmt.Fprintf(&sb, "  can be paired no way, by what lies on what:\n")
			for _, w := range why {
				fmt.Fprintf(&sb, "    %s\n", w)
			}
		}
		for _, t := range b.Members(g) {
			tile := b.Tiles[t]
			i, _ := sub.Index(tile.ID)
			var why []string
			if a := ids(sub, sub.Above(i)); len(a) > 0 {
				why = append(why, "under "+a)
			}
			l, r := ids(sub, sub.Left(i)), ids(sub, sub.Right(i))
			if l != "" && r != "" {
				why = append(why, "between "+l+" (left) and "+r+" (right)")
			}
			state := "free"
			if len(why) > 0 {
				state = "blocked: " + strings.Join(why, ", ")
			}
			fmt.Fprintf(&sb, "  tile %d at x=%d y=%d z=%d: %s\n", tile.ID, tile.X, tile.Y, tile.Z, state)
		}
	}
	return sb.String()
}

// Unpairable returns, for each group of the core that can be paired no way because of
// what lies on what (in the core's board), why each way of pairing it fails: a tile
// paired with one lying over it, or two pairs each waiting for the other. Groups that
// can be paired some way are absent.
func (c *Core) Unpairable() map[string][]string {
	out := map[string][]string{}
	for _, g := range c.Groups {
		// The group's number in the core's board, by its first tile's id there.
		i, _ := c.Sub.Index(c.Board.Tiles[c.Board.Members(g)[0]].ID)
		if why := unpairable(c.Sub, c.Sub.Group(i)); why != nil {
			out[c.Board.GroupName(g)] = why
		}
	}
	return out
}

// ids names tiles of b by id and group: "12 (b), 15 (c)".
func ids(b *board.Board, tiles []int) string {
	var out []string
	for _, t := range tiles {
		out = append(out, fmt.Sprintf("%d (%s)", b.Tiles[t].ID, b.Tiles[t].Group))
	}
	return strings.Join(out, ", ")
}
