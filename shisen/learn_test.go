package shisen

import (
	"context"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
)

// TestLearnAgainstMoveSearch decides deals too large for the exhaustive search by the
// two searches of boards without gravity, the pairing search with learning (learn.go)
// and the search over moves (pairings, given a second), and wants the same verdict
// wherever both decide, both verdicts among them, and every win replayed by Solve.
func TestLearnAgainstMoveSearch(t *testing.T) {
	count, both := map[board.Verdict]int{}, 0
	for seed := range uint64(30) {
		b, err := Deal(16, 9, false, seed)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		learnt, err := Solve(ctx, b)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel = context.WithTimeout(context.Background(), time.Second)
		s := &search{ctx: ctx, failed: map[string]bool{}}
		moves := board.Unsolvable
		if s.pairings(b.Clone(), nil) {
			moves = board.Solvable
		} else if s.stopped {
			moves = board.Unknown
		}
		cancel()
		if learnt.Status != board.Unknown && moves != board.Unknown && learnt.Status != moves {
			t.Fatalf("deal %d: the pairing search says %v, the move search %v", seed, learnt.Status, moves)
		}
		count[learnt.Status]++
		both += btoi(moves != board.Unknown)
	}
	if count[board.Solvable] < 5 || count[board.Unsolvable] < 3 || count[board.Unknown] > 0 {
		t.Fatalf("verdicts %v: want at least 5 wins, 3 losses and no unknown", count)
	}
	if both < 20 {
		t.Fatalf("the move search decided only %d deals of 30", both)
	}
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
