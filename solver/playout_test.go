package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// TestBecomesFree checks the packed test of freeing against its definition: nothing
// lies on the tile, a side is clear, and it is not marked free already, over every
// count from 0 to 255 on each side and both marks.
func TestBecomesFree(t *testing.T) {
	for above := range uint32(256) {
		for left := range uint32(256) {
			for right := range uint32(256) {
				for _, mark := range []uint32{0, freeMark} {
					k := above | left<<8 | right<<16 | mark
					want := above == 0 && (left == 0 || right == 0) && mark == 0
					if got := becomesFree(k); got != want {
						t.Fatalf("above %d left %d right %d mark %v: becomesFree %v, want %v",
							above, left, right, mark != 0, got, want)
					}
				}
			}
		}
	}
}

// TestGameCuts: a batch of random games stops at the first cut whose test fails (the
// run's best game not within near tiles of clearing the board) and plays on past one
// whose test holds, on an unsolvable turtle deal (mjsolver agrees), so that no game
// ends the batch by winning.
func TestGameCuts(t *testing.T) {
	d, err := board.NewDealer(instances.Turtle())
	if err != nil {
		t.Fatal(err)
	}
	b := d.Deal(6689)
	if r, err := Solve(context.Background(), b, Options{Seed: 1}); err != nil || r.Status != board.Unsolvable {
		t.Fatalf("turtle deal 6689: %v %v, want unsolvable", r.Status, err)
	}
	c, err := compile(b)
	if err != nil {
		t.Fatal(err)
	}
	// games plays a batch of 32 under the cuts and returns how many it played and how
	// close the best came (tiles removed).
	games := func(cuts ...gameCut) (int64, int) {
		s := newSearch(c, 1, &halt{ctx: context.Background()})
		if s.tryPlayouts(slices.Clone(c.initP), 32, cuts...) {
			t.Fatal("a game won an unsolvable deal")
		}
		return s.stats.Playouts, s.phaseRemoved
	}
	_, best2 := games(gameCut{2, 0})
	if best2 <= 0 || best2 >= c.n {
		t.Fatalf("the best of two games removed %d tiles", best2)
	}
	for _, tc := range []struct {
		name string
		cuts []gameCut
		want int64
	}{
		{"no cut", nil, 32},
		{"a cut no game passes", []gameCut{{2, 0}}, 2},
		{"a cut every game passes", []gameCut{{2, c.n}}, 32},
		{"a cut the best of two just passes", []gameCut{{2, c.n - best2}}, 32},
		{"a cut the best of two just fails", []gameCut{{2, c.n - best2 - 1}}, 2},
		{"a cut passed, then one failed", []gameCut{{2, c.n}, {8, 0}}, 8},
		{"the first cut fails", []gameCut{{2, 0}, {8, c.n}}, 2},
	} {
		if got, _ := games(tc.cuts...); got != tc.want {
			t.Errorf("%s: %d games, want %d", tc.name, got, tc.want)
		}
	}
}
