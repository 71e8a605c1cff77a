package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/reference"
)

// wantCovered computes compiled.covered from the board's own relations: a pairing is
// covered when one tile of one of its pairs is in b.Above of the other.
func wantCovered(b *board.Board) []uint8 {
	out := make([]uint8, b.NumGroups())
	for g := range out {
		m := b.Members(g)
		for p, pairs := range refPairings {
			for _, pr := range pairs {
				if pr[1] >= len(m) {
					continue
				}
				x, y := m[pr[0]], m[pr[1]]
				if slices.Contains(b.Above(x), y) || slices.Contains(b.Above(y), x) {
					out[g] |= 1 << p
				}
			}
		}
	}
	return out
}

// TestCovered checks compiled.covered against the board's relations on a board worked
// out by hand, turtle deals, fragments of the turtle, rows with tiles on them and
// isolated stacks, built one after the other in one compiled view.
func TestCovered(t *testing.T) {
	// Two stacks "a b a b": each group has a tile on another in each stack, members 0
	// and 1 in the first and 2 and 3 in the second, so only pairing 0 is covered.
	hand, err := board.ParseStacks([]byte("a b a b\na b a b\n"), "hand")
	if err != nil {
		t.Fatal(err)
	}
	c, err := compile(hand)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		if g := groupOf(t, hand, name); c.covered[g] != 0b001 {
			t.Errorf("hand board: group %s covered %03b, want 001", name, c.covered[g])
		}
	}

	rng := rand.New(rand.NewPCG(9, 10))
	pos := instances.Turtle().Pos
	var boards []*board.Board
	for seed := uint64(1); seed <= 4; seed++ {
		boards = append(boards, turtle(t, seed))
	}
	for range 20 {
		boards = append(boards, fragment(t, rng, pos, 2*(4+rng.IntN(30))))
		boards = append(boards, randomStacks(t, rng, 2*(4+rng.IntN(20)), 1, 4))
	}
	boards = append(boards, rowBoard(t, "top^ b c", "c b"))
	cv := &compiled{}
	found := 0
	for i, b := range boards {
		if err := cv.build(b); err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		want := wantCovered(b)
		for g := range want {
			if cv.covered[g] != want[g] {
				t.Fatalf("board %d (%s), group %s: covered %03b, want %03b", i, b.Name, b.GroupName(g), cv.covered[g], want[g])
			}
			if want[g] != 0 {
				found++
			}
		}
	}
	if found == 0 {
		t.Fatal("no board has a covered pairing: the test checks nothing")
	}
}

// TestGamesBeforeScan checks the games before the first scan on layouts: a deal whose
// only pairing pairs a tile with the one on it is refuted before any scan, as the
// exhaustive reference says; and turtle deals won before any scan are won, with plays
// Solve has replayed, as the search alone decides them.
func TestGamesBeforeScan(t *testing.T) {
	// Group "top" has one tile on the other; "b" and "c" can be played.
	b := rowBoard(t, "top^ b c", "c b")
	if reference.Solvable(b) {
		t.Fatal("reference: the board with a tile on its partner is solvable")
	}
	r := solveT(t, b, Options{Seed: 1})
	if r.Status != Unsolvable || r.Stats.Scans != 0 {
		t.Errorf("tile on its partner: %v after %d scans, want unsolvable before any", r.Status, r.Stats.Scans)
	}

	early := 0
	for seed := uint64(1); seed <= 60; seed++ {
		d := turtle(t, seed)
		r := solveT(t, d, Options{Seed: 1})
		if r.Stats.Scans != 0 {
			continue
		}
		early++
		if r.Status != Solvable {
			t.Fatalf("seed %d: %v before any scan", seed, r.Status)
		}
		ctx := context.Background()
		exact, err := Solve(ctx, d, Options{Seed: 1, exact: true})
		if err != nil {
			t.Fatal(err)
		}
		if exact.Status != Solvable {
			t.Errorf("seed %d: won by the games, but the search alone says %v", seed, exact.Status)
		}
	}
	// Most turtle deals fall to the games before the scan (the reason they come first).
	if early < 30 {
		t.Errorf("%d of 60 turtle deals won before the first scan, want most", early)
	}
}
