package solver

import "slices"

// scanBase runs the base scan of P at a node of the given depth; when it fails, it
// bumps the groups left behind and makes its refutation, minimized, the node's (see
// minimizeGroups), which fail then learns.
func (s *search) scanBase(P []uint8, depth int) bool {
	s.stats.Scans++
	if s.scanOf(P, depth) {
		return true
	}
	s.bump(s.base)
	s.minimizeGroups(P, depth)
	return false
}

// scanOf scans P in s.base. On long boards a node's scan goes on from the last one by
// update; the root's scans save checkpoints, from which its probes go on (resume).
// Deals keep the rescan: their scans are short, and their branching reads the
// evaluation numbers of a scan from scratch (see valueOrder).
func (s *search) scanOf(P []uint8, depth int) bool {
	if s.c.long && depth > 0 {
		return s.base.update(P)
	}
	return s.base.rescan(P)
}

// probeOf scans P, which fixes group g to pairing p, in s.probe. On long boards it
// updates a copy of the base scan, and is exact. On deals, exact asks for a scan from
// scratch; otherwise the probe goes on from the base scan's checkpoints and stops once
// g is cleared (resume), which may miss a narrowing where P is narrower than the base
// scan's pairings in other groups, never make a wrong one.
func (s *search) probeOf(P []uint8, g, p int, exact bool) bool {
	switch {
	case s.c.long && s.base.whole:
		s.probe.copyFrom(s.base)
		return s.probe.update(P)
	case exact:
		return s.probe.scan(P)
	}
	return s.probe.resume(s.base, P, int32(g), g, p)
}

// propagate narrows P: a pairing of a group goes when the scan with the group fixed to
// it fails (a probe); the stuck-profile rule drops pairings too, each with its reason
// on the trail. At the root one sweep probes every pairing, and then the scan and the
// stuck-profile rule run to a fixpoint; below it there are no probes, only those two
// rules. It reports false, with the refutation in s.conflict, when P admits no
// winning play.
//
// One sweep, not sweeps to a fixpoint: on the reductions the second sweep (from the
// base scan of the narrowed pairings) never narrowed anything, and it cost as much as
// the first; on deals it narrowed little. The search stays exact: the
// probes only prune.
//
// Probing below the root, as failed-literal probing in SAT solvers, prunes the most
// per node but costs dozens of scans a node: with the saved phase, cheap nodes win
// (a node became about thirteen times cheaper). On boards of isolated stacks
// (reductions: thousands of tiles, a probe is a full scan) it never paid.
func (s *search) propagate(P []uint8, depth int) bool {
	probing := depth == 0
	for {
		if !s.useNogoods(P) {
			return false
		}
		if !s.scanDue(depth) {
			return true // the nogoods alone (see lazyscan.go)
		}
		if !s.scanBase(P, depth) {
			return false
		}
		if depth == 0 && slices.Equal(P, s.rootFixpoint) {
			// An earlier run's root propagation ended at these pairings: its sweep
			// is not repeated.
			return true
		}
		// The probes of the sweep start from the base scan of its start, also after
		// another group narrowed (the probes far outnumber the narrowings). That base
		// then allows more than P: a probe resumed from it, stuck profiles and
		// witnesses read in it can only miss a narrowing, never make a wrong one (the
		// scan is monotone).
		changed := false
		for g := 0; g < s.c.ng; g++ {
			mask := P[g]
			if mask&(mask-1) == 0 {
				continue
			}
			if stuck := s.base.stuck(g, mask); stuck != 0 {
				// A profile stuck in a scan that cleared the board: the pairing is
				// impossible (fixed to it, the group's tiles can only go later). Its
				// reason is the scan with the group fixed to it, which fails.
				for p := 0; p < 3; p++ {
					if stuck&(1<<p) == 0 || s.noJump {
						continue
					}
					P[g] = 1 << p
					s.stats.Probes++
					if s.probeOf(P, g, p, true) { // exact: its refutation is a reason
						panic("solver: a stuck profile's pairing passes the scan")
					}
					P[g] = mask
					s.narrowed(int32(g), 1<<p, s.explain(s.probe, P, g), 0)
				}
				mask &^= stuck
				P[g] = mask
				changed = true
			}
			if !probing {
				if mask == 0 {
					s.conflict = []lit{{int32(g), 0}}
					return false
				}
				continue
			}
			for p := 0; p < 3; p++ {
				if mask&(1<<p) == 0 || mask&(mask-1) == 0 || s.base.witnessed(g, p, mask) {
					continue
				}
				if s.stop.stopped() {
					panic(stopped{})
				}
				P[g] = 1 << p
				s.stats.Probes++
				// The probe starts from the base scan (see probeOf).
				ok := s.probeOf(P, g, p, false)
				P[g] = mask
				if !ok {
					s.bump(s.probe)
					// Probes run at the root only, where every narrowing holds for
					// every play: it needs no reason.
					mask &^= 1 << p
					P[g] = mask
					changed = true
				}
			}
			if mask == 0 {
				s.conflict = []lit{{int32(g), 0}}
				return false
			}
		}
		if !changed {
			if depth == 0 {
				s.rootFixpoint = append(s.rootFixpoint[:0], P...)
			}
			return true
		}
		probing = false // one sweep (see above)
	}
}
