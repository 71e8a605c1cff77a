package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/reference"
)

// TestBlockedCycles checks Theorem 7 on random boards of stacks of height 1-2: the
// rule, the polynomial play and the general search all agree with the reference.
func TestBlockedCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	counts := map[bool]int{}
	for i := 0; i < 400; i++ {
		b := randomStacks(t, rng, 4+2*rng.IntN(10), 1+rng.IntN(2), 2)
		cycles, ok := blockedCycles(b)
		if !ok {
			t.Fatalf("board %d: rule not applicable to stacks of height <= 2", i)
		}
		want := reference.Solvable(b)
		counts[want]++
		if (len(cycles) == 0) != want {
			t.Fatalf("board %d: cycles %v but reference solvable=%v\n%s", i, cycles, want, dump(b))
		}
		if got := solveT(t, b, Options{}); got.Status != wantStatus(want) || got.Stats.Method != "blocked-cycles" {
			t.Fatalf("board %d: rule route %v (%s), want %v", i, got.Status, got.Stats.Method, wantStatus(want))
		}
		if got := solveT(t, b, Options{noStacks: true}); got.Status != wantStatus(want) {
			t.Fatalf("board %d: search %v, want %v", i, got.Status, wantStatus(want))
		}
	}
	if counts[true] == 0 || counts[false] == 0 {
		t.Errorf("generator gives one verdict only: %v", counts)
	}
	// Larger boards, where the incremental play meets long chains of two-tile groups:
	// the rule's route and the pairing search must agree (every play is replayed).
	counts = map[bool]int{}
	for i := 0; i < 300; i++ {
		b := randomStacks(t, rng, 40+4*rng.IntN(20), 1, 2)
		rule := solveT(t, b, Options{})
		search := solveT(t, b, Options{noStacks: true, Timeout: time.Minute})
		if rule.Stats.Method != "blocked-cycles" || rule.Status != search.Status || search.Status == board.Unknown {
			t.Fatalf("large board %d: rule %v (%s), search %v\n%s", i, rule.Status, rule.Stats.Method, search.Status, dump(b))
		}
		counts[rule.Status == board.Solvable]++
	}
	if counts[true] == 0 || counts[false] == 0 {
		t.Errorf("large boards: one verdict only: %v", counts)
	}
	if _, ok := blockedCycles(reduced(t, formula(1, [][]int{{1}}), "h3", false)); ok {
		t.Error("rule claims to apply to stacks of height 3")
	}
}

// TestBlockedCyclesOrder checks that a cycle is listed in Definition 6's direction, p_i
// on p_{i+1}, from its smallest group.
func TestBlockedCyclesOrder(t *testing.T) {
	b, err := board.ParseStacks([]byte("b c\na b\nc a\n"), "k=3") // b=0, c=1, a=2
	if err != nil {
		t.Fatal(err)
	}
	cycles, ok := blockedCycles(b)
	if !ok || fmt.Sprint(cycles) != "[[0 1 2]]" {
		t.Fatalf("b on c on a on b: got %v, %v; want [[0 1 2]] (b c a)", cycles, ok)
	}
}

// blockedCycles returns the groups of the blocked cycles of b's initial position, and
// whether de Bondt's rule applies to b (isolated stacks of height at most 2).
func blockedCycles(b *board.Board) ([][]int, bool) {
	cycles, err := b.NewState().BlockedCycles()
	if err != nil {
		return nil, false
	}
	var out [][]int
	for _, c := range cycles {
		out = append(out, c.Groups)
	}
	return out, true
}
