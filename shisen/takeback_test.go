package shisen

import (
	"math/rand/v2"
	"testing"
)

// TestCrossesAgainstCells holds crosses, which looks the cells put back up by row
// and column and first compares a path's columns with theirs, to a walk of the
// path's cells one by one, on random paths of up to two turns (through the ring
// too) and random cells put back, from none to most of the board.
func TestCrossesAgainstCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		w, h := 1+rng.IntN(40), 1+rng.IntN(10)
		fp := newFixpoint(&Board{W: w, H: h, cells: make([]int16, w*h)})
		l := &learner{fp: fp}
		for range rng.IntN(w * h) {
			fp.markBack(Cell{rng.IntN(w), rng.IntN(h)})
		}
		for range 200 {
			p := randomPath(rng, w, h)
			e := taking{ends: viaOf(p[0], p[3]), via: viaOf(p[1], p[2])}
			if got, want := l.crosses(&e), crossesByCells(fp, p); got != want {
				t.Fatalf("trial %d, %d × %d, path %v: crosses %v, the cells say %v", trial, w, h, p, got, want)
			}
		}
	}
}

// randomPath returns the corners of a random path of three segments, each along a
// row or a column and the next along the other, on a board w × h and its ring: a
// segment may be empty, so that the path has fewer turns.
func randomPath(rng *rand.Rand, w, h int) [4]Cell {
	a := Cell{rng.IntN(w), rng.IntN(h)}
	p := [4]Cell{a, a, a, a}
	horizontal := rng.IntN(2) == 0
	for i := 1; i < 4; i++ {
		p[i] = p[i-1]
		if horizontal {
			p[i].X = rng.IntN(w+2) - 1
		} else {
			p[i].Y = rng.IntN(h+2) - 1
		}
		horizontal = !horizontal
	}
	if p[3].X < 0 || p[3].X >= w || p[3].Y < 0 || p[3].Y >= h {
		p[3] = p[2] // the far end is a tile's cell, on the board
		if p[3].X < 0 || p[3].X >= w || p[3].Y < 0 || p[3].Y >= h {
			p[1], p[2], p[3] = a, a, a
		}
	}
	return p
}

// crossesByCells reports whether a cell of path p other than its far end, on the
// board, is put back, reading every cell of it.
func crossesByCells(fp *fixpoint, p [4]Cell) bool {
	for s := range 3 {
		a, b := p[s], p[s+1]
		for x := min(a.X, b.X); x <= max(a.X, b.X); x++ {
			for y := min(a.Y, b.Y); y <= max(a.Y, b.Y); y++ {
				c := Cell{x, y}
				if c != p[3] && x >= 0 && x < fp.b.W && y >= 0 && y < fp.b.H && fp.back[y*fp.b.W+x] {
					return true
				}
			}
		}
	}
	return false
}
