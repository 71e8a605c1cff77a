package solver

import (
	"math"
	"math/bits"
)

// update is scan(P) for any pairings P, from the scanner's state when that is the
// whole fixpoint of the pairings s.fixP (s.whole): it changes only what the change of
// pairings changes, where a rescan goes over everything after its checkpoint, most of
// a scan on the reductions, whose narrowings mostly move a few gadgets.
//
// Widening comes first: the scan is monotone in the pairings, so the fixpoint of the
// wider pairings lies above the state, and the scan goes on from it with the widened
// groups to evaluate again (as extend does). Narrowing then takes back every removal
// that may have leant on a profile dropped, and goes on from what is left:
//
//   - a dropped profile loses all its removals;
//   - a removal in a profile of a group whose members block each other leans on the
//     removals of that profile before it, and takes the later ones with it; in a group
//     without, it takes back its pair;
//   - a tile whose first removal (in any profile) is taken back takes back the
//     removals of the tiles it blocks from that first one up to its first removal
//     left: those may have leant on it, and the later ones had it gone before them
//     still. A tile no profile removes any more is put back, blocking again.
//
// What is left is a well-founded part of the new fixpoint: each removal left leans
// only on removals left before it. The groups that lost a removal are evaluated
// again, and the scan runs on to the fixpoint; a group that lost none cannot advance
// (the tiles it waits for were gone before, and fewer are now). Removals keep their
// evaluation numbers, and the new ones come after them, so the next update can tell
// what leant on what. The state is the fixpoint, as a scan from scratch would leave it
// but for the evaluation numbers; it has no checkpoints.
//
// On boards with directed side counts (compiled.directed) a tile's sides also carry
// their release along a row (see update_directed.go). When the evaluation numbers
// near their bound, it scans from scratch.
func (s *scanner) update(P []uint8) bool {
	if !s.whole || s.clock > maxClock {
		return s.scan(P)
	}
	every := s.ckEvery
	s.ckEvery = 0 // no checkpoints: they would not be a scan's
	defer func() { s.ckEvery = every }()
	s.nck = 0
	s.queue = s.queue[:0]
	clear(s.inQ)
	W := s.wide
	widened := false
	for g, m := range P {
		W[g] = s.fixP[g] | m
		if add := m &^ s.fixP[g]; add != 0 {
			// The profiles allowed again start empty (a rescan may have left the
			// removals of a dropped profile from before its checkpoint).
			for q := 0; q < 3; q++ {
				if add&(1<<q) != 0 {
					s.rmP[3*g+q] = 0
					for k := 0; k < 4; k++ {
						s.tauP[12*g+4*q+k] = math.MaxInt32
					}
				}
			}
			widened = true
			s.seen[g] = unseen
			s.enqueue(int32(g))
		}
	}
	if widened {
		s.run(W, -1, 0, 0)
		s.queue = s.queue[:0]
	}
	for g, m := range P {
		for drop := W[g] &^ m; drop != 0; drop &= drop - 1 {
			s.drops = append(s.drops, drop1{int32(g), uint8(bits.TrailingZeros8(drop)), 0xf})
		}
	}
	for len(s.drops) > 0 {
		d := s.drops[len(s.drops)-1]
		s.drops = s.drops[:len(s.drops)-1]
		s.takeBack(d)
	}
	return s.run(P, -1, 0, 0)
}

// maxClock bounds the evaluation numbers an update goes on with: past it a scan from
// scratch numbers them from zero again, far from int32's end.
const maxClock = 1 << 30

// unseen is a seen key no evaluation stores (it stores free | mask<<4, below 128): the
// group's next evaluation runs whole.
const unseen = 0xff

// drop1 is a removal taken back: those of the members in mask in profile p of group g.
type drop1 struct {
	g       int32
	p, mask uint8
}

// takeBack undoes the removals d names (see update) and queues the group, with the
// removals that may have leant on them as further drops.
func (s *scanner) takeBack(d drop1) {
	c := s.c
	g := int(d.g)
	base := 12*g + 4*int(d.p)
	for m := d.mask & s.rmP[3*g+int(d.p)]; m != 0; m &= m - 1 {
		k := bits.TrailingZeros8(m)
		old := s.firstGone(g, k)
		s.tauP[base+k] = math.MaxInt32
		s.rmP[3*g+int(d.p)] &^= 1 << k
		now := s.firstGone(g, k)
		if now == old {
			continue
		}
		t := c.members[g][k]
		if c.directed {
			s.takeBackDirected(t, old, now)
			continue
		}
		if now == math.MaxInt32 {
			s.putBack(g, k, t)
		}
		// The tiles t blocks lose their removals after t's first one and up to its
		// first one now: those later had t gone before them.
		for _, e := range c.xBlocks[c.xBlocksStart[t]:c.xBlocksStart[t+1]] {
			s.dropAfter(e>>2, old, now)
		}
	}
	s.seen[g] = unseen
	s.enqueue(d.g)
}

// leaning returns the members of group h whose removals in profile q go with that of
// member k at evaluation e: in a group whose members block each other, every removal
// of the profile from e on; otherwise k's pair.
func (s *scanner) leaning(h, q, k int, e int32) uint8 {
	if !s.c.hasSame[h] {
		for _, pair := range pairBits[q] {
			if pair&(1<<k) != 0 {
				return pair
			}
		}
	}
	var m uint8
	for kk := 0; kk < 4; kk++ {
		if t := s.tauP[12*h+4*q+kk]; t >= e && t != math.MaxInt32 {
			m |= 1 << kk
		}
	}
	return m
}

// firstGone returns the evaluation at which member k of group g first went in some
// profile (MaxInt32: in none).
func (s *scanner) firstGone(g, k int) int32 {
	return min(s.tauP[12*g+k], s.tauP[12*g+4+k], s.tauP[12*g+8+k])
}

// putBack undoes remove(t), t member k of group g, gone in no profile any more: it
// blocks the tiles of its list again, which leave xFree when it blocks them.
func (s *scanner) putBack(g, k int, t int32) {
	c := s.c
	s.rm[g] &^= 1 << k
	s.removed--
	for i := c.xBlocksStart[t]; i < c.xBlocksStart[t+1]; i++ {
		s.blockAgain(i)
	}
}

// blockAgain undoes the count that entry i of the blocking lists lost (see remove):
// its tile is blocked on that side again, and leaves xFree when it is no longer free
// of other groups' tiles. It returns the tile's counts.
func (s *scanner) blockAgain(i int32) *[4]uint8 {
	c := s.c
	e := c.xBlocks[i]
	n := &s.cnt[e>>2]
	n[e&3]++
	gb := c.xGroupBit[i]
	if n[0] != 0 || n[1] != 0 && n[2] != 0 {
		s.xFree[gb>>8] &^= uint8(gb)
	}
	s.seen[gb>>8] = unseen
	return n
}

// copyFrom makes s's state that of o (made for the same board), evaluation numbers and
// pairings included, for an update from it.
func (s *scanner) copyFrom(o *scanner) {
	s.set(&o.scanState)
	copy(s.tauP, o.tauP)
	copy(s.fixP, o.fixP)
	s.whole, s.clock, s.nck = o.whole, o.clock, 0
}
