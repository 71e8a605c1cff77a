package shisen

import (
	"cmp"
	"slices"
)

// frontier lists the moves of a settled board (no tile above an empty cell: a deal
// with gravity and every position it leads to) without looking at every tile. Such a
// board is its columns' heights: a tile has an open neighbour only when it is the top
// of its column, lies on the board's edge, or stands higher than the top of a column
// beside it. Those tiles are a few dozen of a large board's hundreds, and only pairs
// of them, or of two touching tiles, can be moves. The search with gravity lists a
// position's moves at every node; movesOf asks every tile and every pair of each
// group.
type frontier struct {
	top        []int    // per column: the row of its top tile (H when the column is empty)
	open       [][]Cell // per group: its tiles with an open neighbour
	openGroups []int16  // the groups with a tile in open
	tops       [][]Cell // per group: its tiles on top of their columns (playTops)
	left       []int    // per group: its tiles on the board (playTops)
	opened     []opened // the columns opened since the parent's listing (moves)
}

// moves returns the moves of b, a settled board, as b.Moves() orders them, in out's
// array. f.top must hold b's heights, as heights and playTops leave it, and touch
// b's moves of two touching tiles (touching). from, when not nil, is the listing of
// the position that b's last move was played in, which spares path searches
// (listing.go).
func (f *frontier) moves(b *Board, touch, out []Move, from *listing) []Move {
	f.gather(b)
	out = append(out[:0], touch...)
	if from != nil {
		f.opened = f.openedSince(from, f.opened[:0])
	}
	for _, g := range f.openGroups {
		cs := f.open[g]
		for i, p := range cs {
			for _, q := range cs[i+1:] {
				if adjacent(p, q) {
					continue // in touch
				}
				var joins bool
				switch {
				case f.ringJoins(b, p, q):
					joins = true
				case from != nil && !from.moved(p.X) && !from.moved(q.X):
					joins = from.joins(b, p, q, f.opened)
				default:
					joins = b.Connected(p, q)
				}
				if joins {
					out = append(out, readingOrder(b, Move{p, q}))
				}
			}
		}
	}
	slices.SortFunc(out, func(m, n Move) int {
		return cmp.Or(
			cmp.Compare(b.cells[m[0].Y*b.W+m[0].X], b.cells[n[0].Y*b.W+n[0].X]),
			cmp.Compare(m[0].Y*b.W+m[0].X, n[0].Y*b.W+n[0].X),
			cmp.Compare(m[1].Y*b.W+m[1].X, n[1].Y*b.W+n[1].X))
	})
	return out
}

// touching appends to out the moves of b that take two touching tiles of one group,
// which can always go, each in reading order. Two tiles of which one is shut in can
// go only so.
func touching(b *Board, out []Move) []Move {
	w := b.W
	for y := range b.H {
		row := b.cells[y*w : (y+1)*w]
		for x := 0; x+1 < w; x++ {
			if row[x] != empty && row[x] == row[x+1] {
				out = append(out, Move{{x, y}, {x + 1, y}})
			}
		}
		if y+1 == b.H {
			break
		}
		below := b.cells[(y+1)*w : (y+2)*w]
		for x, g := range row {
			if g != empty && g == below[x] {
				out = append(out, Move{{x, y}, {x, y + 1}})
			}
		}
	}
	return out
}

// touchingAfter appends to out what touching(c) would, for c a settled board just
// after the move m, given touch, what touching gave just before it. A move changes
// only the cells of its columns from the top down to its lower tile there (the tiles
// above fall), so the pairs of touch with no such cell stand, and only those cells
// are looked at again.
func touchingAfter(touch []Move, c *Board, m Move, out []Move) []Move {
	// low returns the lowest changed row of column x, or -1.
	low := func(x int) int {
		y := -1
		for _, p := range m {
			if p.X == x {
				y = max(y, p.Y)
			}
		}
		return y
	}
	changed := func(p Cell) bool { return p.Y <= low(p.X) }
	for _, t := range touch {
		if !changed(t[0]) && !changed(t[1]) {
			out = append(out, t)
		}
	}
	w := c.W
	for k, x := range [2]int{m[0].X, m[1].X} {
		if k == 1 && x == m[0].X {
			break // one column
		}
		for y := range low(x) + 1 {
			g := c.cells[y*w+x]
			if g == empty {
				continue
			}
			if y+1 < c.H && c.cells[(y+1)*w+x] == g {
				out = append(out, Move{{x, y}, {x, y + 1}})
			}
			// A pair with the other column of m, changed too, is found from its left.
			if x > 0 && c.cells[y*w+x-1] == g && !changed(Cell{x - 1, y}) {
				out = append(out, Move{{x - 1, y}, {x, y}})
			}
			if x+1 < w && c.cells[y*w+x+1] == g {
				out = append(out, Move{{x, y}, {x + 1, y}})
			}
		}
	}
	return out
}

// ringJoins reports whether the ring around the board joins p and q, two tiles of a
// settled board, in three segments: both on top of their columns (the ring above),
// both on the bottom row (the ring below), or both in the first or the last column
// (the ring beside). Else Connected must look.
func (f *frontier) ringJoins(b *Board, p, q Cell) bool {
	return p.X != q.X && (p.Y == f.top[p.X] && q.Y == f.top[q.X] || p.Y == b.H-1 && q.Y == b.H-1) ||
		p.X == q.X && (p.X == 0 || p.X == b.W-1)
}

// heights sets f.top from b's columns.
func (f *frontier) heights(b *Board) {
	f.top = slices.Grow(f.top[:0], b.W)[:b.W]
	for x := range b.W {
		y := 0
		for y < b.H && b.cells[y*b.W+x] == empty {
			y++
		}
		f.top[x] = y
	}
}

// gather puts each tile of b with an open neighbour (b.exposed) into its group's
// list in f.open, and the groups that have one into f.openGroups.
func (f *frontier) gather(b *Board) {
	for _, g := range f.openGroups {
		f.open[g] = f.open[g][:0]
	}
	f.openGroups = f.openGroups[:0]
	for len(f.open) < len(b.groups) {
		f.open = append(f.open, nil)
	}
	for x := range b.W {
		end := b.H // the edge columns: every tile borders the ring
		if x > 0 && x < b.W-1 {
			end = max(f.top[x]+1, f.top[x-1], f.top[x+1]) // the top, and the tiles a lower column beside leaves open
		}
		for y := f.top[x]; y < b.H; y++ {
			if y >= end && y < b.H-1 {
				y = b.H - 1 // the bottom row borders the ring
			}
			g := b.cells[y*b.W+x]
			if len(f.open[g]) == 0 {
				f.openGroups = append(f.openGroups, g)
			}
			f.open[g] = append(f.open[g], Cell{x, y})
		}
	}
}

// readingOrder returns m with its first cell the one first in reading order.
func readingOrder(b *Board, m Move) Move {
	if m[1].Y*b.W+m[1].X < m[0].Y*b.W+m[0].X {
		m[0], m[1] = m[1], m[0]
	}
	return m
}

// playTops plays, until none is left, every group of the settled board b whose tiles
// all lie on top of their columns, appending the moves to s.path, as
// s.playWhole(b, onTop) does and in its order: such a group of two or four can always
// go, two by two through the ring above the board, and taking it moves no tile. It
// returns the tiles left in each group, and leaves b's heights in f.top. left, when
// not nil, holds b's tiles in each group and is updated; else they are counted into
// f.left, valid until the next call.
func (f *frontier) playTops(s *search, b *Board, left []int) []int {
	if left == nil {
		left = slices.Grow(f.left[:0], len(b.groups))[:len(b.groups)]
		clear(left)
		for _, g := range b.cells {
			if g != empty {
				left[g]++
			}
		}
		f.left = left
	}
	for len(f.tops) < len(b.groups) {
		f.tops = append(f.tops, nil)
	}
	for g := range b.groups {
		f.tops[g] = f.tops[g][:0]
	}
	f.heights(b)
	for x, y := range f.top {
		if y < b.H {
			g := b.cells[y*b.W+x]
			f.tops[g] = append(f.tops[g], Cell{x, y})
		}
	}
	for progress := true; progress; {
		progress = false
		for g, cs := range f.tops {
			if n := left[g]; len(cs) != n || n != 2 && n != 4 {
				continue
			}
			slices.SortFunc(cs, func(p, q Cell) int { return cmp.Or(cmp.Compare(p.Y, q.Y), cmp.Compare(p.X, q.X)) })
			for i := 0; i < len(cs); i += 2 {
				m := Move{cs[i], cs[i+1]}
				b.remove(m)
				s.path = append(s.path, m)
			}
			for _, c := range cs {
				// The tile below, if any, is now the top of its column.
				f.top[c.X] = c.Y + 1
				if y := c.Y + 1; y < b.H {
					g := b.cells[y*b.W+c.X]
					f.tops[g] = append(f.tops[g], Cell{c.X, y})
				}
			}
			left[g], f.tops[g] = 0, cs[:0]
			progress = true
		}
	}
	return left
}
