package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/reference"
	"github.com/mjsat/mjsat/internal/testboards"
)

// wantCovered computes compiled.covered from the board's own relations, walking its
// Above lists: a pairing is covered when one tile of one of its pairs lies over the
// other through a chain of tiles, each in b.Above of the last, or (in a group of
// four) when a tile of each pair so lies over a tile of the other pair. On long
// boards, which have no chains in the view, only when one tile is in b.Above of the
// other.
func wantCovered(b *board.Board, long bool) []uint8 {
	over := func(t, u int) bool { // u lies over t through a chain
		if long {
			return slices.Contains(b.Above(t), u)
		}
		return reachable(b.Above, t, u)
	}
	out := make([]uint8, b.NumGroups())
	for g := range out {
		m := b.Members(g)
		for p, pairs := range refPairings {
			var first [2]bool // pair i must go first: a tile of it lies over one of the other
			for i, pr := range pairs {
				if pr[1] >= len(m) {
					continue
				}
				x, y := m[pr[0]], m[pr[1]]
				if over(x, y) || over(y, x) {
					out[g] |= 1 << p
				}
				if long || len(m) != 4 {
					continue
				}
				o := pairs[1-i]
				for _, a := range []int{x, y} {
					for _, c := range []int{m[o[0]], m[o[1]]} {
						if over(c, a) {
							first[i] = true
						}
					}
				}
			}
			if first[0] && first[1] {
				out[g] |= 1 << p
			}
		}
	}
	return out
}

// TestCovered checks compiled.covered against the board's relations on boards worked
// out by hand, turtle deals, fragments of the turtle, boards with stairs, rows with
// tiles on them and isolated stacks, built one after the other in one compiled view.
func TestCovered(t *testing.T) {
	at := func(name string, spec ...string) *board.Board {
		b, err := testboards.Place(name, spec...)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, h := range []struct {
		b    *board.Board
		want map[string]uint8
	}{
		// Two isolated stacks "a b a b" (a long board): each group has a tile on
		// another in each stack, members 0 and 1 in the first and 2 and 3 in the
		// second, so only pairing 0 is covered.
		{mustStacks(t, "a b a b\na b a b\n"), map[string]uint8{"a": 0b001, "b": 0b001}},
		// The same stacks side by side: pairing 2 pairs the bottom a of each stack
		// with the top a of the other, and each pair must go before the other.
		{at("side by side",
			"a 0 0 0", "b 0 0 1", "a 0 0 2", "b 0 0 3",
			"a 2 0 0", "b 2 0 1", "a 2 0 2", "b 2 0 3"), map[string]uint8{"a": 0b101, "b": 0b101}},
		// A stair of a's, each half a tile on from the one under it, beside two b's:
		// a2 lies over a0 through a1 without covering it, which covers pairing 1;
		// a1 covers a0 (pairing 0) and a2 covers a1 (pairing 2).
		{testboards.Stair(), map[string]uint8{"a": 0b111, "b": 0}},
	} {
		c, err := compile(h.b)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range h.want {
			if g := groupOf(t, h.b, name); c.covered[g] != want {
				t.Errorf("%s board: group %s covered %03b, want %03b", h.b.Name, name, c.covered[g], want)
			}
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
		boards = append(boards, testboards.Stairs(rng, 2*(4+rng.IntN(12))))
	}
	boards = append(boards, rowBoard(t, "top^ b c", "c b"))
	cv := &compiled{}
	found := 0
	for i, b := range boards {
		if err := cv.build(b); err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		want := wantCovered(b, cv.long)
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
	if r.Status != board.Unsolvable || r.Stats.Scans != 0 {
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
		if r.Status != board.Solvable {
			t.Fatalf("seed %d: %v before any scan", seed, r.Status)
		}
		ctx := context.Background()
		exact, err := Solve(ctx, d, Options{Seed: 1, exact: true})
		if err != nil {
			t.Fatal(err)
		}
		if exact.Status != board.Solvable {
			t.Errorf("seed %d: won by the games, but the search alone says %v", seed, exact.Status)
		}
	}
	// Most turtle deals fall to the games before the scan (the reason they come first).
	if early < 30 {
		t.Errorf("%d of 60 turtle deals won before the first scan, want most", early)
	}
}

// TestCoveredSound checks compiled.covered against the rules themselves: on random
// boards with stairs, no winning play (by the exhaustive reference) pairs a group as
// a covered pairing does; the rules beyond a tile in b.Above of its partner (chains,
// and pairs that must each go first) find some; and a deal all of one of whose
// group's pairings are covered is refuted before any game or scan.
func TestCoveredSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	cv := &compiled{}
	checked, beyond, dead := 0, 0, 0
	for i := range 300 {
		b := testboards.Stairs(rng, 2*(4+rng.IntN(5)))
		if err := cv.build(b); err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		if cv.long {
			continue
		}
		direct := wantCovered(b, true)
		for g := range b.NumGroups() {
			if len(b.Members(g)) != 4 {
				continue
			}
			for p := range 3 {
				if cv.covered[g]&(1<<p) == 0 {
					continue
				}
				checked++
				if direct[g]&(1<<p) == 0 {
					beyond++
				}
				if reference.Solvable(mustSplit(t, b, g, refPairings[p])) {
					t.Fatalf("board %d %v: group %s pairing %d is covered, but a winning play has it",
						i, b.Tiles, b.GroupName(g), p)
				}
			}
			if cv.covered[g] == 0b111 {
				dead++
				r := solveT(t, b, Options{Seed: 1})
				if r.Status != board.Unsolvable || r.Stats.Scans != 0 || r.Stats.Playouts != 0 {
					t.Fatalf("board %d: group %s has every pairing covered; got %v after %d scans and %d games",
						i, b.GroupName(g), r.Status, r.Stats.Scans, r.Stats.Playouts)
				}
			}
		}
	}
	if beyond == 0 || checked == beyond || dead == 0 {
		t.Fatalf("%d covered pairings checked, %d of them beyond a tile on its partner, %d groups with all covered: the rules are not all tried",
			checked, beyond, dead)
	}
	t.Logf("%d covered pairings checked, %d of them beyond a tile on its partner; %d groups with all covered", checked, beyond, dead)
}

func mustStacks(t testing.TB, text string) *board.Board {
	b, err := board.ParseStacks([]byte(text), "stacks")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustSplit(t testing.TB, b *board.Board, g int, way [2][2]int) *board.Board {
	s, err := testboards.Split(b, g, way)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
