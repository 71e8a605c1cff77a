package solver

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/mjsat/mjsat/board"
)

// A group of four tiles m0..m3 has three pairings:
//
//	pairing 0: {m0,m1} {m2,m3}
//	pairing 1: {m0,m2} {m1,m3}
//	pairing 2: {m0,m3} {m1,m2}
//
// A set of pairings is a 3-bit mask. A group of two tiles is stored as a group of four
// whose members 2 and 3 do not exist, with the single pairing 0.
// (A fourth row, never a pairing, lets the games index it by a pairing masked to
// two bits, with no bounds check.)
var partner = [4][4]uint8{
	{1, 0, 3, 2},
	{2, 3, 0, 1},
	{3, 2, 1, 0},
}

// partnerMask[mask][k] is the set (4-bit) of members that member k may be matched with
// when the group's allowed pairings are mask.
var partnerMask [8][4]uint8

func init() {
	for mask := range 8 {
		for k := range 4 {
			var m uint8
			for p := range 3 {
				if mask&(1<<p) != 0 {
					m |= 1 << partner[p][k]
				}
			}
			partnerMask[mask][k] = m
		}
	}
}

// compiled is the solver's compact view of a board, fixed once built but for the
// scan's part, which is filled in when a deal first reaches a scan: groups as member
// arrays and the blocking relation in CSR form, so that a scan is a few array
// operations per tile.
type compiled struct {
	b       *board.Board
	n       int
	ng      int
	group   []int32    // tile → group
	slot    []uint8    // tile → member index in its group
	members [][4]int32 // group → members (-1 when absent)
	full    []uint8    // group → mask of existing members (0b11 or 0b1111)
	initP   []uint8    // group → initial pairing mask (1 for 2-groups, 7 for 4-groups)

	// The board's geometry (see geometry), shared with the other deals of its
	// layout. It may not be written.
	geo *geometry

	// The scanner's view (built by prepareScan): the same relation restricted to
	// blockers of another group; blockers of the tile's own group are member masks
	// (sameA, sameL, sameR).
	xBlocksStart, xBlocks []int32
	// per entry of xBlocks: its tile's group<<8 | its member bit, which the scan's
	// removals read in the list's order rather than looking up tile by tile
	xGroupBit           []int32
	xCnt0               [][4]uint8
	xFree0              []uint8 // group → members free of other groups' tiles initially
	sameA, sameL, sameR []uint8
	hasSame             []bool // group: some member blocks another
	// long is true on boards of isolated stacks and on boards of more than longBoard
	// tiles (no game's layout has so many): a node costs a long scan and a random
	// game seldom wins before nearly every pairing is fixed. The search is set up
	// for it (see search.reset, choose, valueOrder).
	long bool
	// directed is true when some tile has a side that a closed row end keeps
	// blocked (see closeEnds); the scan then counts side neighbours by the way they
	// went (see scanner.remove).
	directed bool

	// covered[g] is the set of pairings of group g that no play has because of what
	// lies on what: those that pair a tile with one that covers it (on a higher level,
	// overlapping it), or, on boards that are not long, lies over it through a chain
	// of tiles each on the last (on layouts with stairs, a tile half a tile on from
	// the one under it), since the lower tile is free only once the upper one is gone;
	// and those whose two pairs must each go before the other (see build).
	covered []uint8

	// linked[g] has bit 2p+i set when the two tiles of pair i of pairing p (see
	// pairBits) are linked: one blocks the other through a chain of tiles, each on the
	// next or its side neighbour (see geometry.reach). A game that commits g to p
	// while that pair is not free yet loses far more often (see player.commitOne).
	// On long boards it is all zero.
	linked []uint8

	// scanReady is true once prepareScan has built the scan's part of the view
	// (xBlocksStart to hasSame, directed) for this board.
	scanReady bool
}

// free reports whether tile t is free by the blocking counts cnt (laid out as
// geometry.cnt0): nothing on it, and no tile on its left or none on its right.
func free(cnt [][4]uint8, t int32) bool {
	k := &cnt[t]
	return k[0] == 0 && (k[1] == 0 || k[2] == 0)
}

// compile builds the compact view, the scan's part included. It fails on a group
// that has neither 2 nor 4 tiles.
func compile(b *board.Board) (*compiled, error) {
	c := new(compiled)
	if err := c.build(b); err != nil {
		return nil, err
	}
	c.prepareScan()
	return c, nil
}

// compiledPool keeps compiled views between calls of Solve, for the next board to
// build its own in their memory.
var compiledPool sync.Pool

// compilePooled is compile, in the memory of a pooled view when there is one. Give
// the view back with releaseCompiled once no search uses it.
func compilePooled(b *board.Board) (*compiled, error) {
	c, _ := compiledPool.Get().(*compiled)
	if c == nil {
		c = new(compiled)
	}
	if err := c.build(b); err != nil {
		return nil, err
	}
	return c, nil
}

// releaseCompiled puts c back in the pool; it must not be used after.
func releaseCompiled(c *compiled) {
	c.b = nil // hold no board
	compiledPool.Put(c)
}

// resize returns s with length n and every element zero, in s's memory if it has
// the room.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// build makes c the compact view of b, reusing c's memory: the part the random
// games need. The scan's part follows on the first scan (see prepareScan): most
// deals are won by a few games, and building it cost more than those games.
func (c *compiled) build(b *board.Board) error {
	n := b.N()
	c.b, c.n, c.ng = b, n, b.NumGroups()
	c.scanReady = false
	c.group = resize(c.group, n)
	c.slot = resize(c.slot, n)
	c.members = resize(c.members, c.ng)
	c.full = resize(c.full, c.ng)
	c.initP = resize(c.initP, c.ng)
	for g := 0; g < c.ng; g++ {
		m := b.Members(g)
		switch len(m) {
		case 2:
			c.full[g], c.initP[g] = 0b11, 1
		case 4:
			c.full[g], c.initP[g] = 0b1111, 7
		default:
			return fmt.Errorf("group %q has %d tiles: the solver handles groups of 2 or 4", b.GroupName(g), len(m))
		}
		c.members[g] = [4]int32{-1, -1, -1, -1}
		for k, t := range m {
			c.members[g][k] = int32(t)
			c.group[t] = int32(g)
			c.slot[t] = uint8(k)
		}
	}
	geo, err := geometryOf(b, c.geo)
	if err != nil {
		return err
	}
	c.geo = geo
	c.long = geo.long
	c.covered = resize(c.covered, c.ng)
	c.linked = resize(c.linked, c.ng)
	for g := 0; g < c.ng; g++ {
		m := &c.members[g]
		if c.long {
			// Long boards: a tile paired with one covering it, from their Above lists
			// (the chains of rel are not built for boards of thousands of tiles).
			for p := 0; p < 3; p++ {
				for _, pair := range pairBits[p] {
					k, l := pairSlots(pair)
					if m[l] < 0 {
						continue // a group of two has one pair
					}
					x, y := m[k], m[l]
					if slices.Contains(b.Above(int(x)), int(y)) || slices.Contains(b.Above(int(y)), int(x)) {
						c.covered[g] |= 1 << p
					}
				}
			}
			continue
		}
		if c.full[g] != 0b1111 {
			// A group of two has one pairing, of one pair.
			if c.geo.rel[int(m[0])*c.n+int(m[1])]&(relOver|relUnder) != 0 {
				c.covered[g] = 1
			}
			continue
		}
		over, linked := c.stand(m)
		c.linked[g] = linked // linked pairs only in groups of four
		if over == 0 {
			continue // as for most groups: no tile of the group lies over another
		}
		for p := 0; p < 3; p++ {
			// A pair one of whose tiles lies over the other, or two pairs each of
			// which has a tile lying over one of the other: each must go first.
			a, z := pairBits[p][0], pairBits[p][1]
			onA, onZ := liesOn(over, a), liesOn(over, z)
			if (onA&a|onZ&z) != 0 || onA&z != 0 && onZ&a != 0 {
				c.covered[g] |= 1 << p
			}
		}
	}
	return nil
}

// memberPairs are the six pairs of members of a group of four, in the order of
// compiled.linked's bits: pair i of pairing p is memberPairs[2p+i].
var memberPairs = [6][2]uint8{{0, 1}, {2, 3}, {0, 2}, {1, 3}, {0, 3}, {1, 2}}

// stand returns how the members m of a group of four stand, on a board that is not
// long: nibble i of over is the set of members lying over member i through a chain
// of tiles, each on the last (relOver and relUnder of geometry.rel), and linked is
// the group's compiled.linked. It looks up each of the six pairs once, without a
// branch: every deal does this for every group.
func (c *compiled) stand(m *[4]int32) (over uint16, linked uint8) {
	rel, n := c.geo.rel, c.n
	r0, r1, r2 := rel[int(m[0])*n:], rel[int(m[1])*n:], rel[int(m[2])*n:]
	m1, m2, m3 := int(m[1]), int(m[2]), int(m[3])
	// The pairs of memberPairs, written out so that every shift is a constant.
	o0, l0 := standBits(r0[m1], 0, 0, 1)
	o1, l1 := standBits(r2[m3], 1, 2, 3)
	o2, l2 := standBits(r0[m2], 2, 0, 2)
	o3, l3 := standBits(r1[m3], 3, 1, 3)
	o4, l4 := standBits(r0[m3], 4, 0, 3)
	o5, l5 := standBits(r1[m2], 5, 1, 2)
	return o0 | o1 | o2 | o3 | o4 | o5, l0 | l1 | l2 | l3 | l4 | l5
}

// standBits returns stand's bits of the pair (k, l), the q-th of memberPairs, from
// its entry r of geometry.rel.
func standBits(r uint8, q, k, l uint) (over uint16, linked uint8) {
	return uint16(r/relOver&1)<<(4*k+l) | uint16(r/relUnder&1)<<(4*l+k), r & relLinked << q
}

// liesOn returns, by the member table over of stand, the members lying over some
// member of the mask a.
func liesOn(over uint16, a uint8) uint8 {
	var on uint8
	for ; a != 0; a &= a - 1 {
		on |= uint8(over >> (4 * bits.TrailingZeros8(a)))
	}
	return on & 0xf
}

// uncover takes the covered pairings out of P, and reports false when a group has no
// pairing left: then no play can clear the board.
func (c *compiled) uncover(P []uint8) bool {
	for g := range P {
		if P[g] &^= c.covered[g]; P[g] == 0 {
			return false
		}
	}
	return true
}

// prepareScan builds the scan's part of the view once per board: the blocking lists
// restricted to blockers of other groups, the member masks of blockers of the same
// group and the closed row ends. Every scan calls it first; with several workers,
// runSearch calls it before they start, as they share c.
func (c *compiled) prepareScan() {
	if c.scanReady {
		return
	}
	c.scanReady = true
	b, n := c.b, c.n
	// The counts of blockers of other groups are all the counts less those of the
	// tile's own group, which are few.
	c.xBlocksStart = resize(c.xBlocksStart, n+1)
	c.xBlocks = c.xBlocks[:0]
	c.xGroupBit = c.xGroupBit[:0]
	c.xCnt0 = resize(c.xCnt0, n)
	copy(c.xCnt0, c.geo.cnt0)
	for t := 0; t < n; t++ {
		c.xBlocksStart[t] = int32(len(c.xBlocks))
		for _, e := range c.geo.drops[t] {
			u, kind := int32(e>>32), dropKind(e)
			if c.group[u] != c.group[t] {
				c.xBlocks = append(c.xBlocks, 4*u+int32(kind))
				c.xGroupBit = append(c.xGroupBit, c.group[u]<<8|1<<c.slot[u])
			} else {
				c.xCnt0[u][kind]--
			}
		}
	}
	c.xBlocksStart[n] = int32(len(c.xBlocks))
	c.sameA = resize(c.sameA, n)
	c.sameL = resize(c.sameL, n)
	c.sameR = resize(c.sameR, n)
	if c.long {
		for t := 0; t < n; t++ {
			c.sameA[t], c.sameL[t], c.sameR[t] = c.same(t, b.Above(t)), c.same(t, b.Left(t)), c.same(t, b.Right(t))
		}
	} else {
		// A group's members, pair by pair, in rel.
		for g := 0; g < c.ng; g++ {
			m := &c.members[g]
			for k, x := range m {
				for l, y := range m {
					if x < 0 || y < 0 || k == l {
						continue
					}
					r := c.geo.rel[int(x)*n+int(y)]
					if r&relAbove != 0 {
						c.sameA[x] |= 1 << l
					}
					if r&relLeft != 0 {
						c.sameL[x] |= 1 << l
					}
					if r&relRight != 0 {
						c.sameR[x] |= 1 << l
					}
				}
			}
		}
	}
	c.closeEnds(b)
	c.hasSame = resize(c.hasSame, c.ng)
	c.xFree0 = resize(c.xFree0, c.ng)
	for t := 0; t < n; t++ {
		if c.sameA[t]|c.sameL[t]|c.sameR[t] != 0 {
			c.hasSame[c.group[t]] = true
		}
		if free(c.xCnt0, int32(t)) {
			c.xFree0[c.group[t]] |= 1 << c.slot[t]
		}
	}
}

// pairSlots returns the two members of a pair given as a member mask (see pairBits).
func pairSlots(pair uint8) (k, l int) {
	return bits.TrailingZeros8(pair), 7 - bits.LeadingZeros8(pair)
}

// same returns the members of tile t's group among the tiles list.
func (c *compiled) same(t int, list []int) (m uint8) {
	for _, u := range list {
		if c.group[u] == c.group[t] {
			m |= 1 << c.slot[u]
		}
	}
	return m
}
