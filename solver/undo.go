package solver

import "math/bits"

// Taking an extend back without a copy of the whole scan's state.
//
// The minimization of a failed scan (minimizeGroups) extends the scan once for each
// of its candidate groups and, when the extend frees the board, takes it back. A copy
// of the state before each extend cost as much as the per-tile blocker counts (four
// bytes a tile, some 110 kB on the reductions of 150 variables), dozens of times for
// each failed node. An extend only removes tiles, and every group whose part of the
// state it changes is in its queue (it evaluated the group, or a removal made a tile
// of the group free, which queued it): so a mirror of the per-group state, brought up
// to date for those groups after an extend that is kept, and the counts given back
// for the tiles it removed, take an extend back for what it did.
//
// Only on long boards without directed side counts: there a removal lowers exactly
// the counts of its own blocking list, where a release along a row may lower more
// (see release); and on a layout's few hundred tiles the copy is the cheaper.

// keepExtend brings mirror, the per-group state of s before its last extend, up to
// date with s's, after an extend that is kept.
func (s *scanner) keepExtend(mirror *scanState) {
	for _, g := range s.queue {
		mirror.rm[g], mirror.xFree[g], mirror.seen[g] = s.rm[g], s.xFree[g], s.seen[g]
		copy(mirror.rmP[3*g:3*g+3], s.rmP[3*g:3*g+3])
	}
	mirror.removed = s.removed
}

// undoExtend takes s's last extend back: the tiles it removed block again, and the
// per-group state is mirror's (see keepExtend).
func (s *scanner) undoExtend(mirror *scanState) {
	c := s.c
	for _, g := range s.queue {
		for gone := s.rm[g] &^ mirror.rm[g]; gone != 0; gone &= gone - 1 {
			t := c.members[g][bits.TrailingZeros8(gone)]
			for _, e := range c.xBlocks[c.xBlocksStart[t]:c.xBlocksStart[t+1]] {
				s.cnt[e>>2][e&3]++
			}
		}
		s.rm[g], s.xFree[g], s.seen[g] = mirror.rm[g], mirror.xFree[g], mirror.seen[g]
		copy(s.rmP[3*g:3*g+3], mirror.rmP[3*g:3*g+3])
	}
	s.removed = mirror.removed
}
