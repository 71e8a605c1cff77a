package shisen

import "slices"

// A child's moves from its parent's. On a settled board a move takes tiles from one
// or two columns, and only the tiles of those columns move (they fall); the cells of
// the board are the parent's with a few more empty, those between each column's old
// and new top, where safe groups played after the move empty some more, moving
// nothing. So two tiles outside the move's columns that could go together in the
// parent still can, as their path's cells are still empty, and two that could not can
// go now only along a path of three segments at most through a newly empty cell z.
//
// When z's column holds neither tile, the path passes z along z's row or z's column.
// Along its column, on a segment that neither starts nor ends at a tile: the middle
// one, which joins the two tiles' rows, both of them open in z's column (above its
// new top); the lower of the two lies at or below z, so it is a row newly open there.
// Along its row, the row of a tile, or else a middle segment joining two segments of
// the tiles' columns; those go up from both tiles (below a tile lies a tile or the
// ring), which are then both on top of their columns, and the ring above joins those
// anyway. So the path needs a tile's row among the rows newly open in z's column, or
// a tile in that column; then its search is made, and most of a node's searches are
// spared (docs/perf.md counts them).

// listing is what a node that listed its moves leaves to its children: its columns'
// heights then, its moves as sorted keys (pairKey), and the move to the child at hand.
type listing struct {
	top   []int
	pairs []uint64
	move  Move
}

// record keeps b's heights f.top and its moves in l, for the children of b's node.
func (l *listing) record(b *Board, f *frontier, moves []Move) {
	l.top = append(l.top[:0], f.top...)
	l.pairs = l.pairs[:0]
	for _, m := range moves {
		l.pairs = append(l.pairs, pairKey(b, m))
	}
	slices.Sort(l.pairs)
}

// pairKey names the move m of b, in reading order, by its cells' indices.
func pairKey(b *Board, m Move) uint64 {
	return uint64(m[0].Y*b.W+m[0].X)<<32 | uint64(m[1].Y*b.W+m[1].X)
}

// opened is a column whose rows from, up to to (not included), are empty now but
// were not in the parent.
type opened struct{ x, from, to int }

// openedSince appends to out the columns, by f.top, that have cells empty now that
// were not when l's node listed its moves.
func (f *frontier) openedSince(l *listing, out []opened) []opened {
	for x, to := range f.top {
		if from := l.top[x]; from < to {
			out = append(out, opened{x, from, to})
		}
	}
	return out
}

// joins reports whether the tiles p and q of b, neither in a column of l's move, can
// go together, from whether they could in l's node (l's pairs hold them) and from
// the columns opened since.
func (l *listing) joins(b *Board, p, q Cell, opened []opened) bool {
	if _, had := slices.BinarySearch(l.pairs, pairKey(b, readingOrder(b, Move{p, q}))); had {
		return true
	}
	for _, o := range opened {
		if o.x == p.X || o.x == q.X || o.from <= p.Y && p.Y < o.to || o.from <= q.Y && q.Y < o.to {
			return b.Connected(p, q)
		}
	}
	return false
}

// moved reports whether the tiles of column x may have moved since l's node: x is a
// column of l's move.
func (l *listing) moved(x int) bool { return x == l.move[0].X || x == l.move[1].X }
