package solver

import "math"

// The scan goes on from an earlier one where it can: a probe or a rescan from the
// last checkpoint before the first step at which it differs, a wider scan from the
// end of a narrower one.

// extend continues the scanner's last scan, which ran to its end and failed, under
// pairings W that differ from its pairings only by allowing more in the groups
// widened. It reports false when the scan under W fails too, the scanner then at its
// end, and true when that scan removes at least a third of the tiles the last one
// left, the scanner's state then partial. The scan is a monotone fixpoint whose
// result does not depend on the order of evaluations: every tile the last scan
// removed, the scan under W removes too, so it may start from the last scan's end,
// with only the widened groups to evaluate again (their new profiles start empty, as
// the last scan kept no profile of a pairing it did not allow).
//
// Why a third, not the whole board: the minimization of nogoods, extend's one
// caller, keeps a group when widening it frees the board, and most of its time went to
// those checks, each the rest of a scan. A widening that frees a third of what was
// stuck nearly always frees it all, where one that does not free it all mostly
// removes a tile or two. Either answer leaves a sound nogood: keeping a group that was
// not needed only makes it longer.
func (s *scanner) extend(W []uint8, widened []int32) bool {
	s.queue = s.queue[:0]
	for _, g := range widened {
		s.enqueue(g)
	}
	ok := s.run(W, -1, 0, s.removed+max(1, (s.c.n-s.removed)/3))
	s.whole = false // the state it went on from may be a copy, without its evaluation numbers
	return ok
}

// checkpoint is a scanner's state before evaluation at (the queue's head then).
type checkpoint struct {
	at, qlen int32
	scanState
}

// save records the state before evaluation number len(s.ck)*s.ckEvery.
func (s *scanner) save(head int) {
	i := head / s.ckEvery
	if i == len(s.ck) {
		s.ck = append(s.ck, checkpoint{scanState: newScanState(s.c)})
	}
	s.nck = i + 1
	k := &s.ck[i]
	k.at, k.qlen = int32(head), int32(len(s.queue))
	k.set(&s.scanState)
}

// resume is scanUntil(P, watch) for a probe of group g: base's last scan, a full one
// that saved checkpoints, ran under pairings that differ from P only in group g, whose
// pairing in P is p. Until the evaluation at which base's group g first removed a tile
// sooner than its profile p did, the two scans take the same steps (profiles advance
// independently, and g's tiles went at the same evaluations): resume starts from
// base's last checkpoint before it. Its final state, but for tauP, is that of
// scanUntil.
func (s *scanner) resume(base *scanner, P []uint8, watch int32, g, p int) bool {
	k := base.checkpointBefore(base.divergence(g, 1<<p))
	if k == nil {
		return s.scanUntil(P, watch)
	}
	s.set(&k.scanState)
	s.clock = k.at
	clear(s.inQ)
	s.queue = append(s.queue[:0], base.queue[k.at:k.qlen]...)
	for _, h := range s.queue {
		s.inQ[h] = true
	}
	ok := s.run(P, watch, 0, 0)
	s.whole = false // its evaluation numbers are not its state's: no update from it
	return ok
}

// checkpointBefore returns the last checkpoint of the last scan taken at or before
// evaluation d, or nil when there is none but the one at its start (there is nothing
// to gain).
func (s *scanner) checkpointBefore(d int32) *checkpoint {
	if s.nck == 0 {
		return nil
	}
	i := min(int(d)/s.ckEvery, s.nck-1) // checkpoint i was taken before evaluation i*ckEvery
	if i == 0 {
		return nil
	}
	return &s.ck[i]
}

// divergence returns the evaluation at which the last scan's group g first removed a
// tile sooner than its pairings m (fewer than the scan allowed) did (MaxInt32: never).
func (s *scanner) divergence(g int, m uint8) int32 {
	d := int32(math.MaxInt32)
	for k := 0; k < 4; k++ {
		if s.c.members[g][k] < 0 {
			break
		}
		tb, tn := int32(math.MaxInt32), int32(math.MaxInt32) // pairings not allowed hold MaxInt32
		for q := 0; q < 3; q++ {
			t := s.tauP[12*g+4*q+k]
			tb = min(tb, t)
			if m&(1<<q) != 0 {
				tn = min(tn, t)
			}
		}
		if tb < tn {
			d = min(d, tb)
		}
	}
	return d
}

// rescan is scan(P) for pairings P that allow no more in any group than the last scan,
// one that saved checkpoints: until the first evaluation at which some narrowed group's
// tiles went sooner than P lets them, the two scans take the same steps (as for a
// probe, see resume), so it goes on from the last checkpoint before it. Its state,
// tauP included, is then that of scan(P).
func (s *scanner) rescan(P []uint8) bool {
	if s.nck == 0 {
		return s.scan(P)
	}
	d := int32(math.MaxInt32)
	for g, m := range P {
		if old := s.lastP[g]; m != old {
			if m&^old != 0 {
				return s.scan(P) // which sets every tauP
			}
			d = min(d, s.divergence(g, m))
			for p := 0; p < 3; p++ {
				if m&(1<<p) == 0 {
					for kk := 0; kk < 4; kk++ {
						s.tauP[12*g+4*p+kk] = math.MaxInt32 // the profiles P drops
					}
				}
			}
		}
	}
	k := s.checkpointBefore(d)
	if k == nil {
		return s.scan(P)
	}
	// The profiles' removals at or after the checkpoint are undone: only groups
	// evaluated from it on (in the last scan's queue) have any. A group is evaluated
	// several times in a scan: inQ marks those done (it is set anew below).
	clear(s.inQ)
	for _, h := range s.queue[k.at:] {
		if s.inQ[h] {
			continue
		}
		s.inQ[h] = true
		tau := s.tauP[12*h : 12*h+12 : 12*h+12]
		for j, t := range tau {
			if t >= k.at {
				tau[j] = math.MaxInt32
			}
		}
	}
	s.set(&k.scanState)
	s.queue = s.queue[:k.qlen]
	clear(s.inQ)
	for _, h := range s.queue[k.at:] {
		s.inQ[h] = true
	}
	copy(s.lastP, P)
	s.clock = k.at
	s.nck = int(k.at) / s.ckEvery
	s.resumed++
	return s.run(P, -1, int(k.at), 0)
}
