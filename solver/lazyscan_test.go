package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

// TestLazyScan decides the reductions of random formulas, stacked and as one-level
// rows, with the pairing search alone (no random games), scanning at every node and
// at every 4th and 7th level: every verdict must be gophersat's on the formula, and
// every win replays (Solve replays it). The search must differ from the one that
// scans everywhere on some board (else the test would not check the skipping).
// Last, each board is searched for a moment with no scan below the root: the nodes
// where every pairing is fixed are then always unscanned, and the verdict, when there
// is one, must still be the formula's (it panics if such a node's scan is left out).
func TestLazyScan(t *testing.T) {
	differs := false
	verdicts := map[board.Verdict]int{}
	for i := range 12 {
		n := 6 + i%4
		f := cnf.Random(n, n*43/10, 3, rand.New(rand.NewPCG(uint64(i), 77)))
		label, err := sat.Gophersat{}.Solve(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		want := wantStatus(label.Status != sat.Unsat)
		verdicts[want]++
		for _, flat := range []bool{false, true} {
			b := reduced(t, f, "random", flat)
			var nodes int64
			for _, every := range []int{1, 4, 7, 1 << 30} {
				limit := time.Minute
				if every == 1<<30 {
					limit = 50 * time.Millisecond
				}
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				r, err := Solve(ctx, b, Options{Seed: 1, exact: true, scanEvery: every})
				cancel()
				if err != nil {
					t.Fatalf("formula %d, flat %v, scans every %d: %v", i, flat, every, err)
				}
				if r.Status != want && (every != 1<<30 || r.Status != board.Unknown) {
					t.Errorf("formula %d (%d variables), flat %v, scans every %d: %v, want %v", i, n, flat, every, r.Status, want)
				}
				if every == 1 {
					nodes = r.Stats.Nodes
				} else if r.Stats.Nodes != nodes {
					differs = true
				}
			}
		}
	}
	if !differs {
		t.Error("the searches with scans skipped took the nodes of the one without")
	}
	if verdicts[board.Solvable] == 0 || verdicts[board.Unsolvable] == 0 {
		t.Errorf("formulas of one label only: %v", verdicts)
	}
}
