package shisen

import (
	"iter"
	"math/rand/v2"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// randomBoard deals a w × h board (w*h even) of groups of two or four, and at times
// empties some whole groups.
func randomBoard(t *testing.T, rng *rand.Rand, w, h int, gravity bool) *Board {
	labels := make([]int, w*h)
	size := 2 + 2*rng.IntN(2)
	if rng.IntN(4) == 0 {
		size = 6 + 2*rng.IntN(2) // groups of six or eight, as hand-made boards may have
	}
	for k := range labels {
		labels[k] = k / size
	}
	if len(labels)%size != 0 {
		for k := len(labels) / size * size; k < len(labels); k++ {
			labels[k] = len(labels) / size // the rest: one smaller group
		}
	}
	rng.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	rows := make([][]string, h)
	for y := range rows {
		rows[y] = make([]string, w)
		for x := range rows[y] {
			rows[y][x] = board.GroupName(labels[y*w+x])
		}
	}
	b, err := New(rows, gravity)
	if err != nil {
		t.Fatal(err)
	}
	if rng.IntN(2) == 0 { // remove some whole groups, leaving holes
		for g := range b.groups {
			if rng.IntN(4) == 0 {
				for i, c := range b.cells {
					if c == int16(g) {
						b.cells[i] = empty
					}
				}
			}
		}
	}
	return b
}

// smallBoards yields random boards, and whether each has gravity, as rule draws it
// for each before its size: of n draws of a w × h board (w from lo to lo+3, h from lo
// to hiH), those with an even number of cells, at most max.
func smallBoards(t *testing.T, rng *rand.Rand, n, lo, hiH, max int, rule func() bool) iter.Seq2[*Board, bool] {
	return func(yield func(*Board, bool) bool) {
		for range n {
			gravity := rule()
			w, h := lo+rng.IntN(4), lo+rng.IntN(hiH-lo+1)
			if w*h%2 != 0 || w*h > max {
				continue
			}
			if !yield(randomBoard(t, rng, w, h, gravity), gravity) {
				return
			}
		}
	}
}

// eitherRule draws gravity or not, each as likely, for smallBoards.
func eitherRule(rng *rand.Rand) func() bool {
	return func() bool { return rng.IntN(2) == 0 }
}

// gravityNever and gravityAlways are the rules of smallBoards that draw nothing.
func gravityNever() bool  { return false }
func gravityAlways() bool { return true }

// settledBoard deals a random board with gravity, lo to lo+5 cells wide and lo to
// lo+4 high, and lets its tiles fall (fall), as they lie in a deal with gravity and
// every position it leads to; nil when the size drawn has an odd number of cells.
func settledBoard(t *testing.T, rng *rand.Rand, lo int) *Board {
	w, h := lo+rng.IntN(6), lo+rng.IntN(5)
	if w*h%2 != 0 {
		return nil
	}
	b := randomBoard(t, rng, w, h, true)
	fall(b)
	return b
}
