package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// plainUseNogoods is useNogoods as plain passes over every nogood in order, until a
// pass narrows nothing: the reference the watched literals must not change. It
// returns the refutation when it finds one.
func plainUseNogoods(nogoods [][]lit, used []int64, node int64, P []uint8) (bool, []lit) {
	for again := true; again; {
		again = false
		for k, ng := range nogoods {
			open := -1
			for i, x := range ng {
				m := P[x.g]
				if m&x.m == 0 {
					open = -2
					break
				}
				if m&^x.m == 0 {
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
				return false, ng
			case open >= 0:
				used[k] = node
				x := ng[open]
				P[x.g] &^= x.m
				if P[x.g] == 0 {
					return false, []lit{{x.g, 0}}
				}
				again = true
			}
		}
	}
	return true, nil
}

// sortedLits returns the literals of ng in order, for comparing nogoods as sets.
func sortedLits(ng []lit) []lit {
	out := slices.Clone(ng)
	slices.SortFunc(out, func(a, b lit) int { return int(a.g-b.g)*256 + int(a.m) - int(b.m) })
	return out
}

// TestWatchedNogoods checks that useNogoods, which looks only at the nogoods whose
// watched literals' groups changed and reorders their literals, narrows, refutes and
// marks used exactly as plain passes over every nogood do: over calls whose pairings
// narrow and widen again as a search's do, or change at random, with nogoods of every
// length (empty ones too) added between calls, and some forgotten.
func TestWatchedNogoods(t *testing.T) {
	const ng = 12
	c := &compiled{ng: ng}
	rng := rand.New(rand.NewPCG(1, 2))
	conflicts, narrowed := 0, 0
	for trial := 0; trial < 1000; trial++ {
		s := &search{c: c, stop: &halt{ctx: context.Background()}, nogoodStore: nogoodStore{maxNogoods: maxNogoods}}
		s.watches.reset(ng)
		var ref [][]lit
		var refUsed []int64
		add := func(n int) {
			for range n {
				var lits []lit
				size := 2 + rng.IntN(3)
				switch rng.IntN(40) {
				case 0:
					size = 0
				case 1, 2, 3:
					size = 1
				}
				for _, g := range rng.Perm(ng)[:size] {
					lits = append(lits, lit{int32(g), uint8(1 + rng.IntN(6))})
				}
				ref = append(ref, slices.Clone(lits))
				refUsed = append(refUsed, s.stats.Nodes)
				s.addNogood(lits)
			}
		}
		add(25)
		P := make([]uint8, ng)
		for call := 0; call < 40; call++ {
			s.stats.Nodes = int64(call + 1)
			switch {
			case call == 0 || rng.IntN(4) == 0:
				// pairings at random, as at some other node
				for g := range P {
					P[g] = 7
					if rng.IntN(3) == 0 {
						P[g] = uint8(1 + rng.IntN(6))
					}
				}
			default:
				// a child of the last node, or a sibling of it: a few groups change
				for range 1 + rng.IntN(3) {
					g := rng.IntN(ng)
					P[g] = uint8(1 + rng.IntN(7))
				}
			}
			if rng.IntN(5) == 0 {
				add(1 + rng.IntN(3))
			}
			if rng.IntN(15) == 0 {
				// forget some, as addNogood does when it reaches its bound
				j := 0
				for i := range s.nogoods {
					if rng.IntN(3) > 0 {
						s.nogoods[j], s.used[j], ref[j], refUsed[j] = s.nogoods[i], s.used[i], ref[i], refUsed[i]
						j++
					}
				}
				s.nogoods, s.used, ref, refUsed = s.nogoods[:j], s.used[:j], ref[:j], refUsed[:j]
				s.watches.renumber()
			}
			in := slices.Clone(P)
			P2 := slices.Clone(P)
			s.conflict = nil
			ok := s.useNogoods(P)
			ok2, C2 := plainUseNogoods(ref, refUsed, s.stats.Nodes, P2)
			C := s.conflict
			if ok != ok2 || !slices.Equal(sortedLits(C), sortedLits(C2)) || !slices.Equal(P, P2) || !slices.Equal(s.used, refUsed) {
				t.Fatalf("trial %d call %d: watched (%v %v %v) against plain (%v %v %v)",
					trial, call, ok, C, P, ok2, C2, P2)
			}
			if !ok {
				conflicts++
				// the next node starts from where this one was, before its narrowing
				copy(P, in)
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
