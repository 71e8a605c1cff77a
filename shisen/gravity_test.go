package shisen

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
)

// TestGravityRounds decides 16 × 9 deals with gravity twice: by Solve, whose rounds
// of random games and paused search go on where the last round stopped, and by the
// search over moves alone, unpaused and with no sleep sets. The verdicts must agree, wins and losses must be
// among them, and some deals must take Solve more than one round.
func TestGravityRounds(t *testing.T) {
	count, rounds := map[board.Verdict]int{}, 0
	for _, seed := range []uint64{0, 1, 2, 3, 4, 5, 6, 8, 10, 41} {
		b, err := Deal(16, 9, true, seed)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		got, err := Solve(ctx, b)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
		s := newSearch(ctx)
		want := board.Unsolvable
		if s.gravity(b.Clone(), nil, false) {
			want = board.Solvable
		} else if s.stopped {
			want = board.Unknown
		}
		cancel()
		if got.Status == board.Unknown || want == board.Unknown {
			t.Fatalf("deal %d: Solve says %v, the search alone %v: want both decided", seed, got.Status, want)
		}
		if got.Status != want {
			t.Fatalf("deal %d: Solve says %v, the search alone %v", seed, got.Status, want)
		}
		count[got.Status]++
		if got.Nodes > firstBudget {
			rounds++
		}
	}
	if count[board.Solvable] == 0 || count[board.Unsolvable] == 0 || rounds == 0 {
		t.Fatalf("verdicts %v, %d deals past the first round: want both verdicts and some", count, rounds)
	}
}

// TestRefutedFull checks that a full set of refuted positions changes no verdict: on
// small random boards of both rules, the searches over moves, with room for only one
// position, agree with the exhaustive search.
func TestRefutedFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	full := 0
	for b, gravity := range smallBoards(t, rng, 1000, 3, 5, 24, eitherRule(rng)) {
		want, _, err := Exhaustive(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearch(context.Background())
		s.failed = newRefuted(1)
		s.settled = settled(b)
		won := false
		if gravity {
			won = s.gravity(b.Clone(), nil, false)
		} else {
			won = s.pairings(b.Clone(), nil)
		}
		if got := map[bool]board.Verdict{true: board.Solvable, false: board.Unsolvable}[won]; got != want {
			t.Fatalf("with room for one position the search says %v, the exhaustive search %v", got, want)
		}
		if s.failed.n == 1 {
			full++
		}
	}
	t.Logf("full on %d boards", full)
	if full < 20 {
		t.Fatalf("the set was full on only %d boards", full)
	}
}
