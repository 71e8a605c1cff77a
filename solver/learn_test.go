package solver

import (
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
)

// plainUseNogoods is useNogoods as plain passes over every nogood in order, without
// the blocking literals: the reference the blocking literals must not change.
func plainUseNogoods(nogoods [][]lit, used []int64, node int64, P []uint8, L []levels) (bool, levels) {
	for again := true; again; {
		again = false
		for k, ng := range nogoods {
			open := -1
			var why levels
			for i, x := range ng {
				m := P[x.g]
				if m&x.m == 0 {
					open = -2
					break
				}
				if m&^x.m == 0 {
					why |= L[x.g]
					continue
				}
				if open >= 0 {
					open = -2
					break
				}
				open = i
			}
			switch {
			case open == -1:
				used[k] = node
				return false, why
			case open >= 0:
				used[k] = node
				x := ng[open]
				P[x.g] &^= x.m
				L[x.g] |= why
				if P[x.g] == 0 {
					return false, L[x.g]
				}
				again = true
			}
		}
	}
	return true, 0
}

// TestBlockingLiterals checks that useNogoods, which reorders the literals of its
// nogoods and skips those whose first literal is false, narrows, blames and marks
// used exactly as plain passes do, over calls whose pairings narrow and widen again
// as a search's do.
func TestBlockingLiterals(t *testing.T) {
	const ng = 12
	c := &compiled{ng: ng}
	rng := rand.New(rand.NewPCG(1, 2))
	conflicts, narrowed := 0, 0
	for trial := 0; trial < 300; trial++ {
		s := &search{c: c, stop: &atomic.Bool{}}
		var ref [][]lit
		for k := 0; k < 25; k++ {
			var n []lit
			for _, g := range rng.Perm(ng)[:2+rng.IntN(3)] {
				n = append(n, lit{int32(g), uint8(1 + rng.IntN(6))})
			}
			ref = append(ref, slices.Clone(n))
			s.addNogood(n)
		}
		refUsed := make([]int64, len(ref))
		for call := 0; call < 20; call++ {
			s.stats.Nodes = int64(call + 1)
			P := make([]uint8, ng)
			L := make([]levels, ng)
			for g := range P {
				// most groups open, some narrowed at random, as at some node
				P[g] = 7
				if rng.IntN(3) == 0 {
					P[g] = uint8(1 + rng.IntN(6))
				}
				L[g] = levels(1) << rng.IntN(8)
			}
			in := slices.Clone(P)
			P2, L2 := slices.Clone(P), slices.Clone(L)
			ok, C := s.useNogoods(P, L)
			ok2, C2 := plainUseNogoods(ref, refUsed, s.stats.Nodes, P2, L2)
			if ok != ok2 || C != C2 || !slices.Equal(P, P2) || !slices.Equal(L, L2) || !slices.Equal(s.used, refUsed) {
				t.Fatalf("trial %d call %d: blocking (%v %b %v %v) against plain (%v %b %v %v)",
					trial, call, ok, C, P, L, ok2, C2, P2, L2)
			}
			for k, n := range s.nogoods {
				if s.block[k] != n[0] {
					t.Fatalf("trial %d call %d: nogood %d's blocking literal %v is not its first, %v", trial, call, k, s.block[k], n[0])
				}
			}
			if !ok {
				conflicts++
			} else if !slices.Equal(P, in) {
				narrowed++
			}
		}
	}
	// The calls must exercise both outcomes, or the test shows nothing.
	if conflicts == 0 || narrowed == 0 {
		t.Fatalf("conflicts %d, calls that narrowed %d: the random nogoods miss a case", conflicts, narrowed)
	}
	t.Logf("%d conflicts, %d calls that narrowed", conflicts, narrowed)
}
