package solver

import "slices"

// scanBase runs the base scan of P at a node of the given depth; when it fails, it
// bumps the groups left behind, learns the refutation as a nogood (see
// minimizeGroups) and returns the levels it follows from.
func (s *search) scanBase(P []uint8, L []levels, depth int) (bool, levels) {
	s.stats.Scans++
	if s.base.rescan(P) {
		return true, 0
	}
	s.bump(s.base)
	return false, s.minimizeGroups(P, L, depth)
}

// propagate narrows P: a pairing of a group goes when the scan with the group fixed to
// it fails (a probe), and L[g] gains the levels that failure follows from; the
// stuck-profile rule drops pairings too. At the root one sweep probes every pairing,
// and then the scan and the stuck-profile rule run to a fixpoint; below it there are
// no probes, only those two rules. It reports false, with the levels of the
// refutation, when P admits no winning play.
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
func (s *search) propagate(P []uint8, L []levels, depth int) (bool, levels) {
	probing := depth == 0
	for {
		if ok, C := s.useNogoods(P, L); !ok {
			return false, C
		}
		if ok, C := s.scanBase(P, L, depth); !ok {
			return false, C
		}
		if depth == 0 && slices.Equal(P, s.rootFixpoint) {
			// An earlier run's root propagation ended at these pairings: its sweep
			// is not repeated.
			return true, 0
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
				// levels are those of the scan with the group fixed to it, which fails.
				for p := 0; p < 3; p++ {
					if stuck&(1<<p) == 0 {
						continue
					}
					if s.noJump {
						L[g] = allLevels
					} else {
						P[g] = 1 << p
						s.stats.Probes++
						if s.probe.scan(P) {
							panic("solver: a stuck profile's pairing passes the scan")
						}
						L[g] |= s.explain(s.probe, L, g)
						P[g] = mask
						s.narrowed(int32(g), 1<<p, s.explainLits(s.probe, P, g), 0)
					}
				}
				mask &^= stuck
				P[g] = mask
				changed = true
			}
			if !probing {
				if mask == 0 {
					s.conflict = []lit{{int32(g), 0}}
					return false, L[g]
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
				// The probe starts from the base scan and stops when g is cleared.
				ok := s.probe.resume(s.base, P, int32(g), g, p)
				P[g] = mask
				if !ok {
					s.bump(s.probe)
					// Probes run at the root only, where no narrowing follows from a
					// decision: the conflict has no level to minimize.
					L[g] |= s.explain(s.probe, L, g)
					mask &^= 1 << p
					P[g] = mask
					changed = true
				}
			}
			if mask == 0 {
				s.conflict = []lit{{int32(g), 0}}
				return false, L[g]
			}
		}
		if !changed {
			if depth == 0 {
				s.rootFixpoint = append(s.rootFixpoint[:0], P...)
			}
			return true, 0
		}
		probing = false // one sweep (see above)
	}
}
