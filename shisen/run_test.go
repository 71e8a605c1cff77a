package shisen

import (
	"math/rand/v2"
	"testing"
)

// TestRunAgainstOpen holds run, the paths' count of open cells in a row, to open
// asked cell by cell, from every cell of the board and its ring, in every direction.
func TestRunAgainstOpen(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		b := randomBoard(t, rng, 2+rng.IntN(9), 2+rng.IntN(5)*2, false)
		for y := -1; y <= b.H; y++ {
			for x := -1; x <= b.W; x++ {
				p := Cell{x, y}
				for _, d := range dirs {
					want := 0
					for c := (Cell{x + d.X, y + d.Y}); b.open(c.X, c.Y); c = (Cell{c.X + d.X, c.Y + d.Y}) {
						want++
					}
					for _, lim := range []int{0, 1, 2, want, want + 1, b.W + b.H + 2} {
						if got := b.run(p, d, lim); got != min(want, lim) {
							t.Fatalf("%dx%d board, run(%v, %v, %d) = %d, want %d", b.W, b.H, p, d, lim, got, min(want, lim))
						}
					}
				}
			}
		}
	}
}
