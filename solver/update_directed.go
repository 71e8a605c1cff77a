package solver

import "math"

// The incremental scan (update) on boards with directed side counts, where a gone
// tile lets go of the tiles on one side only once its own count on the other side is
// zero (see remove and release): taking a tile's removal back may then take back
// releases along its row, which only the counts tell, not the evaluation numbers.
// So every tile that such a release reached loses all its removals after the first
// one taken back, where on plain boards only those up to the new first one go.

// takeBackDirected is takeBack's part for tile t, whose first removal moved from
// evaluation old to now (MaxInt32: t is gone in no profile any more).
func (s *scanner) takeBackDirected(t, old, now int32) {
	c := s.c
	k := &s.cnt[t]
	kinds := s.releasedKinds(t)
	if now == math.MaxInt32 {
		g := c.group[t]
		s.rm[g] &^= 1 << c.slot[t]
		s.removed--
		k[3] = 0
		s.unrelease(t, kinds, old)
		return
	}
	// Still gone, later: the tiles it released lean on it up to now, and those
	// released through them, along the row, for as long as those releases last.
	lo, hi := c.xBlocksStart[t], c.xBlocksStart[t+1]
	for i := lo; i < hi; i++ {
		e := c.xBlocks[i]
		kind := e & 3
		if kinds>>kind&1 == 0 {
			continue
		}
		u := e >> 2
		s.dropAfter(u, old, now)
		if kind != 0 && s.releasedKinds(u)>>kind&1 != 0 {
			s.shadow(u, kind, old)
		}
	}
}

// releasedKinds returns the kinds of entries of its list that tile t lets go of: none
// while it is there; once gone, kind 0, and a side's kind when its count on that side
// is zero (see remove).
func (s *scanner) releasedKinds(t int32) uint8 {
	k := &s.cnt[t]
	if k[3] == 0 {
		return 0
	}
	kinds := uint8(1)
	if k[1] == 0 {
		kinds |= 2
	}
	if k[2] == 0 {
		kinds |= 4
	}
	return kinds
}

// unrelease undoes release(t, kinds) for t, put back or no longer clear on a side: the
// tiles of those entries count t again, lose their removals after old, and a gone one
// whose count on that side leaves zero takes its own release of that side back.
func (s *scanner) unrelease(t int32, kinds uint8, old int32) {
	c := s.c
	lo, hi := c.xBlocksStart[t], c.xBlocksStart[t+1]
	for i := lo; i < hi; i++ {
		e := c.xBlocks[i]
		kind := e & 3
		if kinds>>kind&1 == 0 {
			continue
		}
		u := e >> 2
		n := s.blockAgain(i)
		s.dropAfter(u, old, math.MaxInt32)
		if kind != 0 && n[kind] == 1 && n[3] != 0 {
			s.unrelease(u, 1<<kind, old)
		}
	}
}

// shadow drops, after old, the removals of the tiles that gone tile u lets go of on
// the side of kind, and of those they let go of in turn: u's release of them may now
// come later.
func (s *scanner) shadow(u int32, kind int32, old int32) {
	c := s.c
	lo, hi := c.xBlocksStart[u], c.xBlocksStart[u+1]
	for i := lo; i < hi; i++ {
		e := c.xBlocks[i]
		if e&3 != kind {
			continue
		}
		w := e >> 2
		s.dropAfter(w, old, math.MaxInt32)
		if s.releasedKinds(w)>>kind&1 != 0 {
			s.shadow(w, kind, old)
		}
	}
}

// dropAfter queues as drops the removals of tile u, in every profile, made after
// evaluation old and up to until.
func (s *scanner) dropAfter(u, old, until int32) {
	c := s.c
	h, kk := int(c.group[u]), int(c.slot[u])
	for q := 0; q < 3; q++ {
		if e := s.tauP[12*h+4*q+kk]; e > old && e <= until && e != math.MaxInt32 {
			s.drops = append(s.drops, drop1{int32(h), uint8(q), s.leaning(h, q, kk, e)})
		}
	}
}
