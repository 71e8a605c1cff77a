package encode

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/emicklei/dot"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/plural"
	"github.com/mjsat/mjsat/sat"
)

// ErrSolvable is returned by [Explain] for a board that can be won: there is nothing to
// explain.
var ErrSolvable = errors.New("the board is solvable: no unsatisfiable core")

// Core explains why a board is lost: a minimal unsatisfiable set of clauses of the
// board's [Elim] encoding (without pruning, so that every reason is a clause), mapped
// back to the tiles and groups the clauses speak of. The rules restricted to these tiles
// (their pairings and the covers and neighbours among them) already leave no winning
// play: every clause is either such a rule or holds whenever the "before" variables
// follow the order of a play. Dropping any one clause of the core leaves a satisfiable
// rest.
type Core struct {
	// Board is the explained board.
	Board *board.Board
	// Tiles are the tile indices the core's clauses mention, increasing.
	Tiles []int
	// Groups are the groups of those tiles, increasing.
	Groups []int
	// Clauses are the core's clauses as indices into the encoding, increasing.
	Clauses []int
	// Reasons are the distinct rules behind the clauses, in clause order.
	Reasons []Reason

	enc *Encoding
}

// Encoding returns the encoding the core's clause indices refer to.
func (c *Core) Encoding() *Encoding { return c.enc }

// Explain computes a minimal unsatisfiable core of an unwinnable board (package sat's
// deletion-based MUS, through its one gateway to gophersat). It returns [ErrSolvable]
// when the board can be won. MUS extraction calls the solver once per clause of a
// first unsatisfiable subset: it is meant for small boards and for boards whose loss
// has a small reason. The computation cannot be interrupted inside gophersat: when
// ctx ends first, Explain returns ctx's error and the abandoned computation finishes
// in the background.
func Explain(ctx context.Context, b *board.Board) (*Core, error) {
	e, err := Encode(b, Options{Method: Elim, NoPrune: true})
	if err != nil {
		return nil, err
	}
	idx, err := sat.MUS(ctx, e.Formula())
	switch {
	case errors.Is(err, sat.ErrSatisfiable):
		return nil, ErrSolvable
	case errors.Is(err, sat.ErrUnknown):
		return nil, fmt.Errorf("explain: %w", ctx.Err())
	case err != nil:
		return nil, fmt.Errorf("explain: %w", err)
	}
	return e.coreOf(idx), nil
}

// coreOf builds the Core of the given clause indices.
func (e *Encoding) coreOf(idx []int) *Core {
	idx = append([]int(nil), idx...)
	sort.Ints(idx)
	c := &Core{Board: e.b, Clauses: idx, enc: e}
	tiles := map[int]bool{}
	seen := map[int32]bool{}
	for _, k := range idx {
		p := e.prov[k]
		if seen[p] {
			continue
		}
		seen[p] = true
		r := e.reasons[p]
		c.Reasons = append(c.Reasons, r)
		for _, t := range r.Tiles {
			tiles[t] = true
		}
	}
	groups := map[int]bool{}
	for t := range tiles {
		c.Tiles = append(c.Tiles, t)
		groups[e.b.Group(t)] = true
	}
	for g := range groups {
		c.Groups = append(c.Groups, g)
	}
	sort.Ints(c.Tiles)
	sort.Ints(c.Groups)
	return c
}

// describe says what a reason means, naming tiles by id.
func (c *Core) describe(r Reason) string {
	b := c.Board
	id := func(t int) int { return b.Tiles[t].ID }
	switch r.Kind {
	case KindPartner:
		ids := make([]string, len(r.Tiles)-1)
		for x, t := range r.Tiles[1:] {
			ids[x] = fmt.Sprint(id(t))
		}
		if len(r.Tiles) == 3 && len(b.Members(b.Group(r.Tiles[0]))) > 3 {
			return fmt.Sprintf("tile %d is removed with only one of tiles %s", id(r.Tiles[0]), strings.Join(ids, ", "))
		}
		return fmt.Sprintf("tile %d is removed with one of tiles %s", id(r.Tiles[0]), strings.Join(ids, ", "))
	case KindSameMove:
		return fmt.Sprintf("tiles %d and %d, when partners, go in the same move", id(r.Tiles[0]), id(r.Tiles[1]))
	case KindCover:
		return fmt.Sprintf("tile %d covers tile %d: it goes first", id(r.Tiles[0]), id(r.Tiles[1]))
	case KindNeighbour:
		side := "left"
		if b.Tiles[r.Tiles[0]].X > b.Tiles[r.Tiles[1]].X {
			side = "right"
		}
		return fmt.Sprintf("tile %d is the %s neighbour of tile %d: it goes first when tile %d is freed on the %s", id(r.Tiles[0]), side, id(r.Tiles[1]), id(r.Tiles[1]), side)
	case KindOrder:
		ids := make([]string, len(r.Tiles))
		for x, t := range r.Tiles {
			ids[x] = fmt.Sprint(id(t))
		}
		if len(r.Tiles) == 3 && r.Tiles[0] == r.Tiles[2] {
			return fmt.Sprintf("tiles %d and %d cannot each go before the other", id(r.Tiles[0]), id(r.Tiles[1]))
		}
		return fmt.Sprintf("order is transitive along tiles %s", strings.Join(ids, " → "))
	}
	return r.Kind.String()
}

// String describes the core in a few lines: the tiles, then the rules that bind them.
func (c *Core) String() string {
	var sb strings.Builder
	b := c.Board
	fmt.Fprintf(&sb, "these %s (of %d, in %s) alone already make the board unwinnable:\n", plural.N(len(c.Tiles), "tile"), b.N(), plural.N(len(c.Groups), "group"))
	for _, t := range c.Tiles {
		tl := b.Tiles[t]
		fmt.Fprintf(&sb, "  tile %d  group %s  at (%d,%d,%d)\n", tl.ID, tl.Group, tl.X, tl.Y, tl.Z)
	}
	fmt.Fprintf(&sb, "because (%d clauses of %d):\n", len(c.Clauses), c.enc.NumClauses())
	for _, r := range c.Reasons {
		fmt.Fprintf(&sb, "  %s\n", c.describe(r))
	}
	return sb.String()
}

// DOT draws the core for graphviz: a node per tile (id, group, position), a cluster per
// group, solid edges "covers" and dashed edges "left of"/"right of" from a blocking tile
// to the tile it blocks, and dotted undirected edges between candidate partners. The
// output depends only on the core.
func (c *Core) DOT() string {
	b := c.Board
	g := dot.NewGraph(dot.Directed)
	g.ID("core")
	g.Attr("label", fmt.Sprintf("%s: %d tiles make the board unwinnable", b.Name, len(c.Tiles)))
	g.Attr("rankdir", "TB")
	nodes := map[int]dot.Node{}
	for _, grp := range c.Groups {
		sub := g.Subgraph(fmt.Sprintf("group %s", b.GroupName(grp)), dot.ClusterOption{})
		sub.Attr("label", "group "+b.GroupName(grp))
		for _, t := range c.Tiles {
			if b.Group(t) != grp {
				continue
			}
			tl := b.Tiles[t]
			nodes[t] = sub.Node(fmt.Sprintf("t%d", tl.ID)).
				Label(fmt.Sprintf("%d %s\n(%d,%d,%d)", tl.ID, tl.Group, tl.X, tl.Y, tl.Z)).Box()
		}
	}
	done := map[string]bool{}
	edge := func(from, to int, label, style string, directed bool) {
		key := fmt.Sprint(from, to, label)
		if done[key] {
			return
		}
		done[key] = true
		e := g.Edge(nodes[from], nodes[to], label).Attr("style", style)
		if !directed {
			e.Attr("dir", "none")
		}
	}
	for _, r := range c.Reasons {
		switch r.Kind {
		case KindCover:
			edge(r.Tiles[0], r.Tiles[1], "covers", "solid", true)
		case KindNeighbour:
			label := "left of"
			if b.Tiles[r.Tiles[0]].X > b.Tiles[r.Tiles[1]].X {
				label = "right of"
			}
			edge(r.Tiles[0], r.Tiles[1], label, "dashed", true)
		case KindSameMove, KindPartner:
			for _, t := range r.Tiles[1:] {
				i, j := min(r.Tiles[0], t), max(r.Tiles[0], t)
				edge(i, j, "", "dotted", false)
			}
		}
	}
	return g.String()
}
