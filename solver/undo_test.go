package solver

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUndoExtend checks the minimization's way of taking an extend back (undo.go): a
// sequence of extends of a failed scan, each widening one more group, kept or taken
// back as minimizeGroups does, leaves after each the state a copy would have: taken
// back, that before the extend to the last count; kept, a mirror equal to the state in
// every per-group part. On turtle deals and on reductions to stacks; both answers
// must occur.
func TestUndoExtend(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 48))
	var undone, kept int
	for bi, c := range scanTestBoards(t, 40, 6, false) {
		if c.directed {
			t.Fatalf("board %d has directed side counts: undo does not apply", bi)
		}
		sc := newScanner(c)
		P := slices.Clone(c.initP)
		for step := 0; step < 40; step++ {
			narrowSome(rng, P, 1+rng.IntN(3))
			if sc.scan(P) {
				continue
			}
			mirror, before := newScanState(c), newScanState(c)
			mirror.set(&sc.scanState)
			W := slices.Clone(P)
			for h := range P {
				if P[h] == c.initP[h] || sc.rm[h] == c.full[h] {
					continue
				}
				before.set(&sc.scanState)
				W[h] = c.initP[h]
				if !sc.extend(W, []int32{int32(h)}) {
					sc.keepExtend(&mirror)
					kept++
					if !sameGroups(&mirror, &sc.scanState) {
						t.Fatalf("board %d step %d group %d: the mirror differs from the kept extend", bi, step, h)
					}
					continue
				}
				sc.undoExtend(&mirror)
				W[h] = P[h]
				undone++
				if !sameGroups(&before, &sc.scanState) || !slices.Equal(before.cnt, sc.cnt) {
					t.Fatalf("board %d step %d group %d: the extend taken back left another state", bi, step, h)
				}
			}
		}
	}
	t.Logf("%d extends kept, %d taken back", kept, undone)
	if kept == 0 || undone == 0 {
		t.Errorf("the test did not see both answers: %d kept, %d taken back", kept, undone)
	}
}

// sameGroups reports whether a and b agree in their per-group parts and tile count.
func sameGroups(a, b *scanState) bool {
	return a.removed == b.removed && slices.Equal(a.rm, b.rm) && slices.Equal(a.xFree, b.xFree) &&
		slices.Equal(a.seen, b.seen) && slices.Equal(a.rmP, b.rmP)
}
