package shisen

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestStrandedFalling checks the relaxed game with gravity against the exhaustive
// search on small boards, against winning plays on deals, and that it finds lost
// deals of 30 × 16 (9 of the first 40 when written).
func TestStrandedFalling(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2))
	found := checkLost(t, smallBoards(t, rng, 2000, 2, 5, 20, gravityAlways), (*Board).strandedFalling)
	if found < 30 {
		t.Errorf("stranded with gravity found only %d lost small boards", found)
	}

	// Deals that random games win, as the solver plays them: the check must not call
	// them lost. 24 × 12 seeds 328 and 9902 are two of the sixteen won in docs/results.
	type deal struct {
		w, h int
		seed uint64
	}
	var won []deal
	for seed := range uint64(30) {
		won = append(won, deal{16, 9, seed}, deal{18, 8, seed})
	}
	won = append(won, deal{24, 12, 328}, deal{24, 12, 9902})
	wins := 0
	for _, d := range won {
		b, err := Deal(d.w, d.h, true, d.seed)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearch(context.Background())
		s.settled = true
		rng := rand.New(rand.NewPCG(1, 2))
		if !wonAtRandom(s, b, rng, 300) {
			continue
		}
		if err := b.Replay(s.path, true); err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		wins++
		if b.strandedFalling() {
			t.Errorf("%v: won, yet stranded with gravity", d)
		}
	}
	t.Logf("%d of %d won", wins, len(won))
	if wins < len(won)*2/3 {
		t.Errorf("only %d of %d deals won: the check is barely tested on deals", wins, len(won))
	}

	lost := 0
	for seed := range uint64(40) {
		b, err := Deal(30, 16, true, seed)
		if err != nil {
			t.Fatal(err)
		}
		if b.strandedFalling() {
			lost++
		}
	}
	if lost < 5 {
		t.Errorf("only %d of 40 deals of 30 × 16 found stranded with gravity", lost)
	}
}

// wonAtRandom reports whether one of n random games of s wins b, leaving its moves
// on s.path.
func wonAtRandom(s *search, b *Board, rng *rand.Rand, n int) bool {
	for range n {
		if s.randomGame(b, rng) {
			return true
		}
	}
	return false
}
