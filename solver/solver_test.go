package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mjsat/mjsat/board"
)

func solveT(t testing.TB, b *board.Board, opt Options) Result {
	t.Helper()
	res, err := Solve(context.Background(), b, opt)
	if err != nil {
		t.Fatalf("%s: %v", b.Name, err)
	}
	return res
}

func wantStatus(ok bool) Status {
	if ok {
		return Solvable
	}
	return Unsolvable
}

// TestAgainstReference compares the pairing search with the exhaustive reference on
// small random boards.
func TestAgainstReference(t *testing.T) {
	pos := turtlePositions(t)
	cases := []struct {
		name  string
		count int
		make  func(rng *rand.Rand) *board.Board
	}{
		{"stacks h1-3", 400, func(rng *rand.Rand) *board.Board { return randomStacks(t, rng, 8+2*rng.IntN(9), 1, 3) }},
		{"stacks h3", 300, func(rng *rand.Rand) *board.Board { return randomStacks(t, rng, 12+2*rng.IntN(7), 2, 3) }},
		{"turtle fragments", 400, func(rng *rand.Rand) *board.Board { return fragment(t, rng, pos, 8+2*rng.IntN(9)) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(len(tc.name)), 1))
			counts := map[Status]int{}
			for i := 0; i < tc.count; i++ {
				b := tc.make(rng)
				want := wantStatus(refSolvable(b))
				got := solveT(t, b, Options{noStacks: true, Seed: uint64(i)})
				counts[got.Status]++
				if got.Status != want {
					t.Fatalf("board %d: got %v, reference says %v\n%s", i, got.Status, want, dump(b))
				}
			}
			t.Logf("%v", counts)
			if counts[Solvable] == 0 || counts[Unsolvable] == 0 {
				t.Errorf("generator gives one verdict only: %v", counts)
			}
		})
	}
}

func dump(b *board.Board) string {
	s := ""
	for _, tl := range b.Tiles {
		s += fmt.Sprintf("{%d,%d,%d,%d,%q} ", tl.ID, tl.X, tl.Y, tl.Z, tl.Group)
	}
	return s
}

// TestReductionSmall checks random small formulas: the reduced board is solvable iff
// the formula is satisfiable (by enumeration).
func TestReductionSmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	counts := map[bool]int{}
	for i := 0; i < 60; i++ {
		nv := 3 + rng.IntN(3)
		nc := 3 + rng.IntN(4*nv)
		var cls [][]int
		for range nc {
			var cl []int
			for range 1 + rng.IntN(3) {
				v := 1 + rng.IntN(nv)
				if rng.IntN(2) == 0 {
					v = -v
				}
				cl = append(cl, v)
			}
			cls = append(cls, cl)
		}
		sat := bruteSAT(nv, cls)
		counts[sat]++
		b := reduceCNF(nv, cls).board(t, fmt.Sprintf("small %d", i))
		got := solveT(t, b, Options{Seed: 1})
		if got.Status != wantStatus(sat) {
			t.Fatalf("formula %d %v: got %v, want sat=%v", i, cls, got.Status, sat)
		}
	}
	t.Logf("sat/unsat: %v", counts)
}

func TestUF20(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "cnf", "satlib", "uf20-91")
	n := 1000
	if testing.Short() {
		n = 50
	}
	for i := 1; i <= n; i++ {
		nv, cls := readCNF(t, filepath.Join(dir, fmt.Sprintf("uf20-0%d.cnf", i)))
		b := reduceCNF(nv, cls).board(t, fmt.Sprintf("uf20-0%d", i))
		got := solveT(t, b, Options{Seed: 1})
		if got.Status != Solvable {
			t.Fatalf("uf20-0%d: %v", i, got.Status)
		}
	}
}
