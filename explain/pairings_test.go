package explain

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/reference"
	"github.com/mjsat/mjsat/internal/testboards"
	"github.com/mjsat/mjsat/solver"
)

// TestUnpairable checks the words for a group that can be paired no way, on the
// stair and in the core GroupCore finds there.
func TestUnpairable(t *testing.T) {
	b := testboards.Stair()
	want := []string{
		"1–2 and 3–4: 2 lies on 1",
		"1–3 and 2–4: 3 lies over 1 through 2",
		"1–4 and 2–3: 4 lies over 1 through 2 and 3",
	}
	if got := unpairable(b, 1); !slices.Equal(got, want) {
		t.Errorf("group a: %q, want %q", got, want)
	}
	if got := unpairable(b, 0); got != nil {
		t.Errorf("group b: %q, want nil (it can be paired)", got)
	}
	c, err := GroupCore(context.Background(), b, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Unpairable(); len(got) != 1 || !slices.Equal(got["a"], want) {
		t.Errorf("core's Unpairable: %q", got)
	}
	if s := c.String(); !strings.Contains(s, "group a:\n  can be paired no way, by what lies on what:\n    "+strings.Join(want, "\n    ")+"\n") {
		t.Errorf("core:\n%s", s)
	}
}

// TestUnpairableAgrees checks the words against the rules they word, on random boards
// with stairs: whenever a group can be paired no way the exhaustive reference finds
// the board lost, and the native solver refutes a board before any scan or game
// (which it does when such a group has no pairing left) exactly when some group can
// be paired no way. Boards of isolated stacks are left out: there the solver decides
// by blocked cycles.
func TestUnpairableAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dead, waits, live := 0, 0, 0
	for i := range 400 {
		b := testboards.Stairs(rng, 2*(4+rng.IntN(5)))
		stacks := true
		for x := range b.N() {
			if len(b.Left(x)) > 0 || len(b.Right(x)) > 0 {
				stacks = false
			}
		}
		if stacks {
			continue
		}
		var why []string
		for g := range b.NumGroups() {
			if w := unpairable(b, g); w != nil {
				why = w
			}
			// Each way said to fail by pairs waiting for each other fails: the
			// board with the group split as that way pairs it is lost.
			m := b.Members(g)
			for _, w := range pairings {
				if len(m) == 4 && strings.Contains(wayBlocked(b, m, w), "waits") {
					waits++
					if reference.Solvable(mustSplit(t, b, g, w)) {
						t.Fatalf("board %d %v: group %s: %q, but a winning play pairs it so", i, b.Tiles, b.GroupName(g), wayBlocked(b, m, w))
					}
				}
			}
		}
		r, err := solver.Solve(context.Background(), b, solver.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		early := r.Status == board.Unsolvable && r.Stats.Scans == 0 && r.Stats.Playouts == 0
		if early != (why != nil) {
			t.Fatalf("board %d %v: the solver refuted it before any scan or game: %v; words: %q", i, b.Tiles, early, why)
		}
		if why == nil {
			live++
			continue
		}
		dead++
		if reference.Solvable(b) {
			t.Fatalf("board %d %v: can be won, but %q", i, b.Tiles, why)
		}
	}
	if dead == 0 || live == 0 || waits == 0 {
		t.Fatalf("%d boards with a group paired no way, %d without; %d ways of pairs that wait for each other: not every case tried", dead, live, waits)
	}
	t.Logf("%d boards with a group paired no way, %d without; %d ways of pairs that wait for each other", dead, live, waits)
}

func mustSplit(t *testing.T, b *board.Board, g int, w [2][2]int) *board.Board {
	s, err := testboards.Split(b, g, w)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
