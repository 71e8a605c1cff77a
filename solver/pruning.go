package solver

import (
	"math"
	"math/bits"
)

// scanner runs the pruning scan: a monotone relaxation of the game. For each group and
// each pairing P still allows, the scan keeps a profile: the tiles that could have gone
// if the group were paired that way, where a pair goes once both its tiles are free. A
// tile counts as gone (for the tiles it blocks in other groups) as soon as it has gone
// in some profile; a tile blocked by a tile of its own group is freed only within the
// profile that removed the blocker.
//
// Soundness: take a winning play that respects P, with pairing p* for group g. By
// induction over its moves, every tile it has removed is gone in the scan, and every
// tile of g it has removed is gone in g's profile p*: when it plays the pair {a, b} of
// p*, the blockers of a and b in other groups are gone in the scan, and those in g are
// gone in profile p*, so the scan removes {a, b} in profile p* too. Hence a scan that
// leaves a tile proves that no winning play respects P. With every pairing fixed, the
// scan is exact: playing a fixed pair whose tiles are free never hurts.
//
// Keeping profiles apart is what makes the scan see the reduction's gadgets: two tiles
// of a group stacked on each other cannot pair, so each needs its own partner. de
// Bondt's scan (and a per-tile partner-aware scan) mixes pairings and lets both stacked
// tiles lean on the same partner.
type scanner struct {
	c *compiled
	scanState
	tauP  []int32 // per group, pairing, member: evaluation that removed it
	inQ   []bool
	queue []int32
	clock int32

	// Checkpoints (every ckEvery evaluations; 0: none) of the state a scan had before
	// an evaluation, from which a probe (see resume) or a rescan goes on.
	ckEvery int
	ck      []checkpoint // the first nck are the last scan's
	// order is the order of a scan's first round of evaluations (nil: the groups'
	// order); see search.orderScans.
	order   []int32
	nck     int
	lastP   []uint8 // the pairings of the last scan that saved checkpoints
	resumed int     // rescans that went on from a checkpoint (tests)

	// whole is true when the state is the whole fixpoint of the pairings fixP, and
	// tauP an order in which its removals could be made, as a scan that ran to its
	// end leaves them: update goes on from it.
	whole bool
	fixP  []uint8
	wide  []uint8 // update's scratch: the pairings widened
	drops []drop1 // update's scratch: removals to take back
}

// scanState is what a scan's later steps depend on (all but the queue and tauP).
type scanState struct {
	// per tile: blockers of other groups still present, laid out as compiled.xCnt0,
	// and in cnt[t][3], on boards with directed side counts, whether t has gone in
	// some profile
	cnt   [][4]uint8
	rm    []uint8 // per group: tiles gone in some profile
	xFree []uint8 // per group: members no tile of another group blocks
	rmP   []uint8 // per group and pairing: tiles gone in that profile
	// per group none of whose members blocks another: its free members and pairings
	// (free | mask<<4) at its last evaluation, all that its profiles depend on
	seen    []uint8
	removed int // tiles gone
}

func newScanState(c *compiled) scanState {
	n, ng := c.n, c.ng
	m := make([]uint8, 6*ng) // one allocation rather than four: checkpoints are many
	return scanState{
		cnt: make([][4]uint8, n),
		rm:  m[:ng:ng], xFree: m[ng : 2*ng : 2*ng], seen: m[2*ng : 3*ng : 3*ng], rmP: m[3*ng:],
	}
}

// set makes st (made by newScanState for the same board) a copy of o.
func (st *scanState) set(o *scanState) {
	st.removed = o.removed
	copy(st.cnt, o.cnt)
	copy(st.rm, o.rm)
	copy(st.xFree, o.xFree)
	copy(st.rmP, o.rmP)
	copy(st.seen, o.seen)
}

func newScanner(c *compiled) *scanner {
	return &scanner{
		c:         c,
		scanState: newScanState(c),
		tauP:      make([]int32, 12*c.ng),
		inQ:       make([]bool, c.ng),
		queue:     make([]int32, 0, 4*c.ng),
		lastP:     make([]uint8, c.ng),
		fixP:      make([]uint8, c.ng),
		wide:      make([]uint8, c.ng),
	}
}

// reset readies s, made by newScanner for a board of c's size, for c as newScanner(c)
// would, in the memory it has (a scan sets the rest).
func (s *scanner) reset(c *compiled) {
	*s = scanner{
		c: c, scanState: s.scanState, tauP: s.tauP, inQ: s.inQ, queue: s.queue[:0],
		ck: s.ck, lastP: s.lastP, order: s.order[:0],
		fixP: s.fixP, wide: s.wide, drops: s.drops[:0],
	}
	clear(s.inQ)
}

func (s *scanner) enqueue(g int32) {
	if !s.inQ[g] {
		s.inQ[g] = true
		s.queue = append(s.queue, g)
	}
}

// freeIn reports whether member k of group g is free in a profile that has removed
// the members r.
func (s *scanner) freeIn(g int32, k uint8, r uint8) bool {
	c := s.c
	t := c.members[g][k]
	n := &s.cnt[t]
	if n[0] != 0 || c.sameA[t]&^r != 0 {
		return false
	}
	return n[1] == 0 && c.sameL[t]&^r == 0 || n[2] == 0 && c.sameR[t]&^r == 0
}

// remove takes tile t off for the tiles of other groups. A tile's group is queued when
// a count of its blockers reaches zero (it may be free in some profile); xFree gains
// the tile when no other group's tile blocks it any more.
//
// A side neighbour counts as gone only in the direction it went: while u is there, its
// left neighbour t can only go by its own left side (u blocks its right), so t frees u's
// left side once t is gone with every left neighbour of another group gone the same
// way; likewise to the right. On one level this is what keeps a row eaten from one
// end: without it, a tile freed by its left neighbour's departure in one profile would
// free that neighbour from the right in another. It is sound (a play removes a tile
// only when one side is clear, and then every tile of that side went away from it) and
// leaves the scan a monotone fixpoint; a neighbour of t's own group, which profiles
// track, is left out of the test, which only makes the scan weaker. The scan counts
// sides so only on boards with closed row ends (compiled.directed, see closeEnds),
// where it carries an end's block along the row; on turtle deals it cost more time
// than it pruned.
func (s *scanner) remove(t int32) {
	s.removed++
	c := s.c
	if !c.directed {
		// Every count of t's list drops now: the scan's hottest loop, kept plain.
		cnt := s.cnt
		lo, hi := c.xBlocksStart[t], c.xBlocksStart[t+1]
		gbs := c.xGroupBit[lo:hi]
		for i, e := range c.xBlocks[lo:hi] {
			k := &cnt[e>>2]
			if k[e&3]--; k[e&3] == 0 && k[0] == 0 {
				s.unblocked(k, gbs[i])
			}
		}
		return
	}
	k := &s.cnt[t]
	k[3] = 1 // gone
	// Kind 0 entries always, 1 (the tiles on t's right) when t's left is clear, 2
	// when its right is.
	kinds := uint8(1)
	if k[1] == 0 {
		kinds |= 2
	}
	if k[2] == 0 {
		kinds |= 4
	}
	s.release(t, kinds)
}

// release lowers the counts of t's blocking list whose kind is in the bit set kinds:
// tile t, gone, now frees those tiles on that side. A gone tile whose side count
// reaches zero has gone that way too, and releases its own. Only on boards with
// directed side counts.
func (s *scanner) release(t int32, kinds uint8) {
	c := s.c
	cnt := s.cnt
	lo, hi := c.xBlocksStart[t], c.xBlocksStart[t+1]
	gbs := c.xGroupBit[lo:hi]
	for i, e := range c.xBlocks[lo:hi] {
		kind := e & 3
		if kinds>>kind&1 == 0 {
			continue
		}
		u := e >> 2
		k := &cnt[u]
		if k[kind]--; k[kind] != 0 {
			continue
		}
		if k[0] == 0 {
			// Queued even when u is gone: it may not be gone in every profile.
			s.unblocked(k, gbs[i])
		}
		if kind != 0 && k[3] != 0 {
			s.release(u, 1<<kind)
		}
	}
}

// unblocked records that a tile, whose blocker counts are k and whose group and member
// bit are gb (see compiled.xGroupBit), has nothing of another group above it and one
// side count just dropped to zero: its group is queued, as the tile may be free in some
// profile, and the tile joins xFree when a side is clear.
func (s *scanner) unblocked(k *[4]uint8, gb int32) {
	if k[1] == 0 || k[2] == 0 {
		s.xFree[gb>>8] |= uint8(gb)
	}
	s.enqueue(gb >> 8)
}

// pairBits[p] are the two pairs of pairing p as member masks.
var pairBits = [3][2]uint8{{0b0011, 0b1100}, {0b0101, 0b1010}, {0b1001, 0b0110}}

// pairsIn[p][free] is the union of the pairs of pairing p whose two members are both
// in the member mask free (p = 3, never a pairing, has none: it lets the games index
// by a pairing masked to two bits, with no bounds check).
var pairsIn [4][16]uint8

func init() {
	for p := range 3 {
		for free := range 16 {
			for _, pair := range pairBits[p] {
				if uint8(free)&pair == pair {
					pairsIn[p][free] |= pair
				}
			}
		}
	}
}

// eval advances every allowed profile of group g as far as it goes now.
func (s *scanner) eval(g int32, mask uint8) {
	c := s.c
	e := s.clock
	s.clock++
	var union uint8
	if !c.hasSame[g] {
		// No member blocks another: freeness is the same in every profile, and the
		// profiles took every pair free at the group's last evaluation. With its free
		// members and pairings the same as then, there is nothing to do (more than half
		// of all evaluations are such).
		free := s.xFree[g] & c.full[g]
		key := free | mask<<4
		if s.seen[g] == key {
			return
		}
		s.seen[g] = key
		rmP := s.rmP[3*g : 3*g+3 : 3*g+3]
		tauP := s.tauP[12*g : 12*g+12 : 12*g+12]
		for m := mask & 7; m != 0; m &= m - 1 {
			p := bits.TrailingZeros8(m)
			r := rmP[p]
			if add := pairsIn[p][free] &^ r; add != 0 {
				r |= add
				rmP[p] = r
				for ; add != 0; add &= add - 1 {
					tauP[4*p+bits.TrailingZeros8(add)] = e
				}
			}
			union |= r
		}
	} else {
		for p := 0; p < 3; p++ {
			if mask&(1<<p) == 0 {
				continue
			}
			// A profile takes a pair whole (pairs of absent members never), until
			// neither pair left goes: one going may free the other.
			r := s.rmP[3*int(g)+p]
			full := c.full[g]
			base := 12*int(g) + 4*p
			for changed := true; changed; {
				changed = false
				for _, pair := range pairBits[p] {
					if r&pair != 0 || full&pair != pair {
						continue
					}
					k, l := pairSlots(pair)
					if s.freeIn(g, uint8(k), r) && s.freeIn(g, uint8(l), r) {
						r |= pair
						s.tauP[base+k] = e
						s.tauP[base+l] = e
						changed = true
					}
				}
			}
			s.rmP[3*int(g)+p] = r
			union |= r
		}
	}
	if fresh := union &^ s.rm[g]; fresh != 0 {
		s.rm[g] |= fresh
		for ; fresh != 0; fresh &= fresh - 1 {
			s.remove(c.members[g][bits.TrailingZeros8(fresh)])
		}
	}
}

// scan runs the relaxation under pairings P and reports whether it clears the board.
func (s *scanner) scan(P []uint8) bool {
	return s.scanUntil(P, -1)
}

// scanOnce is scan without saving checkpoints, for a scan that no probe or rescan
// will go on from (a later rescan scans from scratch).
func (s *scanner) scanOnce(P []uint8) bool {
	every := s.ckEvery
	s.ckEvery = 0
	ok := s.scanUntil(P, -1)
	s.ckEvery = every
	return ok
}

// scanUntil is scan, except that it stops with true as soon as group watch (-1: none)
// has lost every tile. That answer is exact for a probe, a scan under pairings that
// differ only in group watch from pairings Q whose scan cleared the board: once
// watch's tiles are all gone, every removal of Q's scan can follow in the same order
// (each group other than watch has the same pairings, and tiles only help by going),
// so the probe clears the board too. The scanner's state is then partial: use it only
// after a scan that ran to the end.
func (s *scanner) scanUntil(P []uint8, watch int32) bool {
	c := s.c
	c.prepareScan()
	copy(s.cnt, c.xCnt0)
	clear(s.rm)
	copy(s.xFree, c.xFree0)
	clear(s.rmP)
	clear(s.seen)
	for i := range s.tauP {
		s.tauP[i] = math.MaxInt32
	}
	s.queue = s.queue[:0]
	s.clock = 0
	s.removed = 0
	s.nck = 0
	if s.ckEvery > 0 && watch < 0 {
		copy(s.lastP, P)
	}
	if len(s.order) == 0 {
		for g := int32(0); g < int32(c.ng); g++ {
			s.enqueue(g)
		}
	} else {
		for _, g := range s.order {
			s.enqueue(g)
		}
	}
	return s.run(P, watch, 0, 0)
}

// run evaluates the queue from head on. It stops with true, the state partial, as
// soon as group watch (-1: none) has lost every tile (see scanUntil), or as soon as
// enough tiles have gone (0: no such stop; see extend).
func (s *scanner) run(P []uint8, watch int32, head, enough int) bool {
	c := s.c
	// The next evaluation before which a checkpoint is saved: every ckEvery-th
	// (none when not saving).
	next := math.MaxInt
	if s.ckEvery > 0 && watch < 0 {
		next = (head + s.ckEvery - 1) / s.ckEvery * s.ckEvery
	}
	for ; head < len(s.queue); head++ {
		if head == next {
			s.save(head)
			next += s.ckEvery
		}
		g := s.queue[head]
		s.inQ[g] = false
		s.eval(g, P[g])
		if g == watch && s.rm[g] == c.full[g] || enough > 0 && s.removed >= enough {
			for _, h := range s.queue[head+1:] {
				s.inQ[h] = false
			}
			s.whole = false
			return true
		}
	}
	s.whole = true
	copy(s.fixP, P)
	return s.removed == c.n
}
