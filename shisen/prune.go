package shisen

import "slices"

// stranded reports whether some tile of b, a board without gravity, can never be
// taken away, whatever is played: the position is lost. groups are b's members.
//
// It computes what could go in a relaxed game in which a tile may go with any tile
// of its group, even one that went already with another: starting from the empty
// cells, a tile joins the cells that could go once a path of open and could-go cells
// joins it to a tile of its group, until nothing more joins. Every cell that some
// real play empties could go in the relaxed game (by induction on that play's moves,
// since taking tiles away only opens paths), so a tile that cannot go there cannot go
// in any play. The relaxation is blind to how a group of four pairs up, so it finds
// the deadlocks that no pairing undoes, such as two groups whose tiles all wait for
// each other's. Solve asks it once, of the board it is given: on the large boards
// it finds most lost deals at once; asked at every node of the search it cuts the
// nodes but not the time.
func (b *Board) stranded(groups [][]Cell) bool {
	r := b.Clone()
	x := relaxed{groups: groups}
	return x.closure(r, func(r *Board, g, i int) bool {
		cs := groups[g]
		for j, u := range cs {
			if i != j && r.Connected(cs[i], u) {
				return true
			}
		}
		return false
	}, nil) > 0
}

// member is member i of group g, a tile of the board.
type member struct{ g, i int32 }

// relaxed plays the relaxed game of stranded and of the pairing search's scans
// (learnscan.go), which differ only in which tile may go with which, on boards of one
// shape and one set of groups. It keeps its lists from one game to the next.
type relaxed struct {
	groups [][]Cell // each group's cells
	rest   []member // the tiles still on the board
	next   []member // tiles to look at again at once
}

// closure plays the relaxed game on r, from its cells as they are: it empties the
// cell of every tile that goes says can go, until none can, and returns the tiles
// left (x.rest lists them).
//
// A tile that goes most often opens its neighbours and its group, so those are asked
// again at once (a stack of them); a pass over every tile left, until one finds none
// that goes, catches what it opened further off. The chains of tiles in which one
// lets the next go then take one pass, not one each: a lost board's fixpoint has
// chains of a dozen and more. went, when set, is told the group of each tile that
// goes and the tile's place in the order in which they went.
func (x *relaxed) closure(r *Board, goes func(r *Board, g, i int) bool, went func(g, k int)) int {
	x.rest = x.rest[:0]
	for g, cs := range x.groups {
		for i, c := range cs {
			if r.cells[c.Y*r.W+c.X] != empty {
				x.rest = append(x.rest, member{int32(g), int32(i)})
			}
		}
	}
	order := 0
	// take empties t's cell when t goes, and stacks the tiles it may have opened.
	take := func(t member) bool {
		c := x.groups[t.g][t.i]
		if r.cells[c.Y*r.W+c.X] == empty || !goes(r, int(t.g), int(t.i)) {
			return false
		}
		r.cells[c.Y*r.W+c.X] = empty
		if went != nil {
			went(int(t.g), order)
			order++
		}
		for _, d := range dirs {
			n := Cell{c.X + d.X, c.Y + d.Y}
			if n.X < 0 || n.Y < 0 || n.X >= r.W || n.Y >= r.H {
				continue
			}
			if g := r.cells[n.Y*r.W+n.X]; g != empty {
				x.next = append(x.next, member{int32(g), int32(slices.Index(x.groups[g], n))})
			}
		}
		for j := range x.groups[t.g] {
			x.next = append(x.next, member{t.g, int32(j)})
		}
		return true
	}
	for progress := true; progress && len(x.rest) > 0; {
		progress = false
		for _, t := range x.rest {
			progress = take(t) || progress
			for len(x.next) > 0 {
				u := x.next[len(x.next)-1]
				x.next = x.next[:len(x.next)-1]
				progress = take(u) || progress
			}
		}
		kept := x.rest[:0]
		for _, t := range x.rest {
			if c := x.groups[t.g][t.i]; r.cells[c.Y*r.W+c.X] != empty {
				kept = append(kept, t)
			}
		}
		x.rest = kept
	}
	return len(x.rest)
}
