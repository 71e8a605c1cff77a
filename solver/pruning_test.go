package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/cnf"
)

// TestResumeEqualsScan checks the probe shortcut: on turtle deals under random
// narrowings, a probe resumed from the base scan's checkpoints gives the same answer
// as a probe scanned from scratch, with and without stopping early, and (without) the
// same tiles left.
func TestResumeEqualsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var probes, failed, resumed int
	for seed := uint64(1); seed <= 60; seed++ {
		c := compiledTurtle(t, seed)
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
						if d := base.divergence(g, 1<<p); d >= int32(base.ckEvery) {
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

// TestRescanEqualsScan checks the base scan's shortcut: after a scan, a scan of
// narrower pairings resumed from the checkpoints (rescan) ends in the same state,
// evaluation times included, as a scan from scratch; and it falls back to a full scan
// when some group allows more than before.
func TestRescanEqualsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var scans, resumed int
	for seed := uint64(1); seed <= 60; seed++ {
		c := compiledTurtle(t, seed)
		base, fresh := newScanner(c), newScanner(c)
		base.ckEvery = 1 + rng.IntN(16)
		P := slices.Clone(c.initP)
		base.scan(P)
		for step := 0; step < 40; step++ {
			if rng.IntN(8) == 0 {
				P = slices.Clone(c.initP) // widen: a full scan
			}
			narrowSome(rng, P, 1+rng.IntN(3))
			got := base.rescan(P)
			want := fresh.scan(P)
			scans++
			if got != want || !slices.Equal(base.rm, fresh.rm) || base.removed != fresh.removed ||
				!slices.Equal(base.tauP, fresh.tauP) || !slices.Equal(base.cnt, fresh.cnt) {
				t.Fatalf("seed %d step %d: rescan (%v) differs from a scan from scratch (%v)", seed, step, got, want)
			}
		}
		resumed += base.resumed
	}
	t.Logf("%d rescans, %d resumed from a checkpoint", scans, resumed)
	if resumed == 0 {
		t.Error("no rescan resumed from a checkpoint")
	}
}

// TestExtend checks the minimization's shortcut: after a failed scan of pairings P,
// extend under P with one narrowed group widened answers false only when the scan of
// the wider pairings from scratch fails too, and then ends in its state; it answers
// true only when that scan removes at least a third of the tiles P's scan left (it
// may answer so for a scan that then fails: the minimization keeps the group, which
// stays sound). Both answers must occur, and the early true too.
func TestExtend(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var checks, kept, early int
	for seed := uint64(1); seed <= 200 && checks < 3000; seed++ {
		c := compiledTurtle(t, seed)
		sc, fresh := newScanner(c), newScanner(c)
		P := slices.Clone(c.initP)
		for step := 0; step < 30; step++ {
			g := rng.IntN(len(P))
			if m := P[g] &^ (1 << rng.IntN(3)); m != 0 {
				P[g] = m
			}
			if sc.scan(P) {
				continue
			}
			left := c.n - sc.removed
			saved := newScanState(c)
			saved.set(&sc.scanState)
			for h := range P {
				if P[h] == c.initP[h] || sc.rm[h] == c.full[h] {
					continue
				}
				W := slices.Clone(P)
				W[h] = c.initP[h]
				sc.set(&saved)
				got := sc.extend(W, []int32{int32(h)})
				want := fresh.scan(W)
				checks++
				switch {
				case !got && (want || !slices.Equal(sc.rm, fresh.rm) || sc.removed != fresh.removed ||
					!slices.Equal(sc.cnt, fresh.cnt) || !slices.Equal(sc.rmP, fresh.rmP)):
					t.Fatalf("seed %d: extend says the wider scan fails, but a scan from scratch says %v or ends elsewhere", seed, want)
				case got && fresh.removed-(c.n-left) < max(1, left/3):
					t.Fatalf("seed %d: extend keeps the group, but the wider scan removes %d of the %d tiles left", seed, fresh.removed-(c.n-left), left)
				case got:
					kept++
					if !want {
						early++
					}
				}
			}
			sc.set(&saved)
		}
	}
	t.Logf("%d checks, %d kept, %d of them by a scan that then fails", checks, kept, early)
	if kept == 0 || kept == checks || early == 0 {
		t.Errorf("the test did not exercise extend: %d checks, %d kept, %d early", checks, kept, early)
	}
}

// TestUpdateEqualsScan checks the incremental scan: after any sequence of narrowings
// and widenings, update ends with the answer, tiles and profiles of a scan from
// scratch (evaluation numbers aside), on turtle deals and on reductions of random
// formulas to stacks and to one-level rows (directed side counts); and so does a
// probe updated from a copy of its state.
func TestUpdateEqualsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	boards := scanTestBoards(t, 30, 10, false, true)
	var updates, failed, probes int
	for bi, c := range boards {
		base, fresh, probe := newScanner(c), newScanner(c), newScanner(c)
		P := slices.Clone(c.initP)
		base.scan(P)
		for step := 0; step < 200; step++ {
			switch rng.IntN(6) {
			case 0:
				P = slices.Clone(c.initP)
			case 1:
				for range 1 + rng.IntN(4) {
					g := rng.IntN(len(P))
					P[g] = c.initP[g]
				}
			}
			narrowSome(rng, P, 1+rng.IntN(4))
			if step%50 == 49 {
				base.clock = maxClock + 1 // numbers near their bound: a scan from scratch
			}
			got := base.update(P)
			if step%50 == 49 && base.clock > maxClock {
				t.Fatalf("board %d step %d: update went on with evaluation numbers past maxClock", bi, step)
			}
			want := fresh.scan(P)
			updates++
			if !want {
				failed++
			}
			same := got == want && slices.Equal(base.rm, fresh.rm) && base.removed == fresh.removed &&
				slices.Equal(base.cnt, fresh.cnt) && slices.Equal(base.xFree, fresh.xFree)
			for g := 0; same && g < c.ng; g++ {
				for p := 0; p < 3; p++ {
					if P[g]&(1<<p) != 0 && base.rmP[3*g+p] != fresh.rmP[3*g+p] {
						same = false
					}
				}
			}
			if !same {
				t.Fatalf("board %d step %d: update (%v) differs from a scan from scratch (%v)", bi, step, got, want)
			}
			// A probe: one group fixed, from a copy of base (as propagate does).
			g := rng.IntN(len(P))
			if P[g]&(P[g]-1) == 0 {
				continue
			}
			Q := slices.Clone(P)
			Q[g] = P[g] & -P[g]
			probe.copyFrom(base)
			if got, want := probe.update(Q), fresh.scan(Q); got != want || !slices.Equal(probe.rm, fresh.rm) {
				t.Fatalf("board %d step %d: probe of group %d: update (%v) differs from a scan from scratch (%v)", bi, step, g, got, want)
			}
			probes++
		}
	}
	t.Logf("%d updates, %d failed scans, %d probes", updates, failed, probes)
	if failed == 0 || failed == updates {
		t.Errorf("the test saw only one answer: %d of %d failed", failed, updates)
	}
}

// scanTestBoards compiles turtle deals 1 to turtles and the reductions of random 3-CNF
// formulas 0 to formulas-1 (formula i: 6+i variables, 26+4i clauses), each to stacks
// and, for flat true, to one-level rows, which must have directed side counts.
func scanTestBoards(t *testing.T, turtles, formulas int, flats ...bool) []*compiled {
	t.Helper()
	var boards []*compiled
	for seed := uint64(1); seed <= uint64(turtles); seed++ {
		boards = append(boards, compiledTurtle(t, seed))
	}
	for i := range formulas {
		f := cnf.Random(6+i, 26+4*i, 3, rand.New(rand.NewPCG(uint64(i), 3)))
		for _, flat := range flats {
			c, err := compile(reduced(t, f, "random", flat))
			if err != nil {
				t.Fatal(err)
			}
			if c.directed != flat {
				t.Fatalf("formula %d: directed side counts %v on one-level rows %v", i, c.directed, flat)
			}
			boards = append(boards, c)
		}
	}
	return boards
}

// narrowSome drops, n times, a random pairing of a random group of P, unless it is the
// group's last.
func narrowSome(rng *rand.Rand, P []uint8, n int) {
	for range n {
		g := rng.IntN(len(P))
		if m := P[g] &^ (1 << rng.IntN(3)); m != 0 {
			P[g] = m
		}
	}
}
