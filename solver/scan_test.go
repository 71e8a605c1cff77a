package solver

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestResumeEqualsScan checks the probe shortcut: on turtle deals under random
// narrowings, a probe resumed from the base scan's checkpoints gives the same answer
// as a probe scanned from scratch, with and without stopping early, and (without) the
// same tiles left.
func TestResumeEqualsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var probes, failed, resumed int
	for seed := uint64(1); seed <= 60; seed++ {
		c, err := compile(turtle(t, seed))
		if err != nil {
			t.Fatal(err)
		}
		base, fresh, resume := newScanner(c), newScanner(c), newScanner(c)
		base.ckEvery = 1 + rng.IntN(16)
		for trial := 0; trial < 20; trial++ {
			P := slices.Clone(c.initP)
			for g := range P {
				if P[g] == 7 && rng.IntN(3) == 0 {
					P[g] &^= 1 << rng.IntN(3)
				}
			}
			if !base.scan(P) {
				continue
			}
			for g := range P {
				mask := P[g]
				for p := 0; p < 3; p++ {
					if mask&(1<<p) == 0 || mask&(mask-1) == 0 {
						continue
					}
					P[g] = 1 << p
					for _, watch := range []int32{-1, int32(g)} {
						want := fresh.scanUntil(P, watch)
						got := resume.resume(base, P, watch, g, p)
						probes++
						if !want {
							failed++
						}
						if d := base.divergence(g, p); d >= int32(base.ckEvery) {
							resumed++
						}
						if got != want {
							t.Fatalf("seed %d: probe %d/%d watch %d: resume %v, scan %v", seed, g, p, watch, got, want)
						}
						if watch < 0 && (!slices.Equal(resume.rm, fresh.rm) || resume.removed != fresh.removed) {
							t.Fatalf("seed %d: probe %d/%d: resume left other tiles than the scan", seed, g, p)
						}
					}
					P[g] = mask
				}
			}
		}
	}
	t.Logf("%d probes, %d failed, %d resumed past a checkpoint", probes, failed, resumed)
	if failed == 0 || resumed == 0 {
		t.Errorf("the test did not exercise resume: %d failed, %d resumed", failed, resumed)
	}
}
