package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// TestNogoodsSound checks every nogood that conflict analysis learnt against a search
// that learns nothing: with each group of the nogood narrowed to the nogood's
// pairings, the plain search (no nogoods, no backjumping) must find no winning play.
// The boards are small reductions of random 3-CNF, random stacks and fragments of the
// turtle, whose searches learn from narrowings of every kind: decisions, nogoods gone
// unit and stuck profiles.
func TestNogoodsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 8))
	pos := instances.Turtle().Pos
	boards := []func(i int) *board.Board{
		func(i int) *board.Board {
			nv := 4 + rng.IntN(3)
			f, _, _ := randomFormula(t, rng, nv, (43*nv+5)/10, func() []int {
				p := rng.Perm(nv)[:3]
				return []int{p[0] + 1, p[1] + 1, p[2] + 1}
			})
			return reduced(t, f, fmt.Sprintf("3sat %d", i), false)
		},
		func(int) *board.Board { return randomStacks(t, rng, 32+4*rng.IntN(3), 2, 4) },
		func(int) *board.Board { return fragment(t, rng, pos, 36+4*rng.IntN(3)) },
	}
	n := 45
	if testing.Short() {
		n = 15
	}
	// The plain search is exponential on the reductions: one that runs out of
	// plainBudget nodes leaves its nogood unchecked.
	const plainBudget = 5000
	checked, skipped := 0, 0
	for i := range n {
		b := boards[i%len(boards)](i)
		c, err := compile(b)
		if err != nil {
			t.Fatal(err)
		}
		stop := &halt{ctx: context.Background()}
		s := newSearch(c, uint64(i), stop)
		s.configure(Options{exact: true})
		s.run()
		for _, ng := range s.nogoods {
			P := slices.Clone(c.initP)
			for _, x := range ng {
				P[x.g] &= x.m
			}
			plain := newSearch(c, 1, stop)
			plain.configure(Options{exact: true, noJump: true})
			found, done := plain.bounded(P, plainBudget)
			switch {
			case found:
				t.Fatalf("board %d (%s): nogood %v allows a winning play", i, b.Name, ng)
			case done:
				checked++
			default:
				skipped++
			}
		}
	}
	t.Logf("%d nogoods checked, %d left unchecked", checked, skipped)
	if checked == 0 || skipped > checked {
		t.Fatal("no nogood learnt: the boards are too easy to test the analysis")
	}
}
