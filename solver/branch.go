package solver

import "math"

// choose picks the group to branch on: the most active group, the one whose tiles
// the most, and the most recent, conflicts involved (see bump and minimizeGroups), as
// VSIDS picks a variable in SAT solvers. Without activity, a refutation local to a few
// groups is redone under every choice of the groups branched on before them; activity
// branches on those groups first.
//
// A group with two pairings left counts its activity twice: it splits the search in
// two, not three. Ties (at the start, before any conflict) go to the fewest remaining
// pairings, then to the group that finished latest in the scan; on long boards
// (compiled.long: isolated stacks, one-level rows), groups whose tiles block each
// other come last: the scan already keeps their stacked pairs apart and their
// remaining pairings mostly differ in order only.
func (s *search) choose(P []uint8) int {
	best, bestKey := -1, int64(math.MaxInt64)
	bestAct := math.Inf(-1)
	for g := 0; g < s.c.ng; g++ {
		mask := P[g]
		if mask&(mask-1) == 0 {
			continue
		}
		a := s.act[g]
		if popcount3(mask) == 2 {
			a *= 2 // two pairings left (see above)
		}
		if a < bestAct {
			continue // the tie-break key, a pass over g's profiles, is not needed
		}
		key := int64(popcount3(mask)) << 32
		if s.c.long && s.c.hasSame[g] {
			key += 4 << 32
		}
		key -= int64(s.base.lastEval(g, mask))
		if a > bestAct || key < bestKey {
			best, bestKey, bestAct = g, key, a
		}
	}
	return best
}

// valueOrder orders the pairings of g in mask for branching. On layouts: the saved
// phase first, then the one whose profile finished earliest in the base scan. On
// long boards (compiled.long): the pairing the search last fixed g to, then the
// others in their fixed order.
//
// On the deals that need the search, which are mostly solvable, the best game so far
// is close to a winning play, so its pairing is the likeliest to lead to one.
func (s *search) valueOrder(g int, mask uint8) [3]uint8 {
	order := [3]uint8{0, 1, 2}
	if s.c.long {
		// Phase saving by decisions: the pairing the search last fixed g to comes
		// first (where random games seldom get far enough to have a phase).
		if m := s.decided[g] & mask; m != 0 {
			q := uint8(pairingIndex(m))
			order = [3]uint8{q, (q + 1) % 3, (q + 2) % 3}
		}
		return order
	}
	var end [3]int32
	for p := 0; p < 3; p++ {
		end[p] = s.base.profileEnd(g, p)
		if mask&(1<<p) == 0 {
			end[p] = math.MaxInt32
		}
	}
	if m := s.phase[g] & mask; m != 0 && m&(m-1) == 0 {
		end[pairingIndex(m)] = -1
	}
	for i := 1; i < 3; i++ {
		for j := i; j > 0 && end[order[j]] < end[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}
