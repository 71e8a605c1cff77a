package solver

import (
	"fmt"
	"math"
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
var partner = [3][4]uint8{
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

// compiled is the solver's compact, immutable view of a board: groups as member
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

	// Blocking, as one list a tile: when tile t goes, for each entry e of
	// blocks[blocksStart[t]:blocksStart[t+1]] counter e of tile u = e/4 drops, where
	// e%4 is 0 when t lies on u (and on no tile between, see direct), 1 when t is
	// u's left neighbour and 2 when it is u's right one. cnt0[u][0], cnt0[u][1] and
	// cnt0[u][2] are u's initial counts of those tiles above, left and right
	// (cnt0[u][3] is unused; a byte each is enough, see direct); u is free when the
	// first is 0 and one of the others is (see free). Leaving out the tiles above
	// others shortens the lists by a tenth, and bytes make the copies of the counts
	// four times smaller than int32 would.
	blocksStart, blocks []int32
	cnt0                [][4]uint8
	initFree            []int32 // tiles playable in the initial position

	// The scanner's view (built by prepareScan): the same relation restricted to
	// blockers of another group; blockers of the tile's own group are member masks
	// (sameA, sameL, sameR).
	xBlocksStart, xBlocks []int32
	xCnt0                 [][4]uint8
	xFree0                []uint8 // group → members free of other groups' tiles initially
	sameA, sameL, sameR   []uint8
	hasSame               []bool // group: some member blocks another
	// stacks is true when no tile has a left or right neighbour: the board is isolated
	// stacks (as de Bondt's reduction boards are), which stacks2 decides when they are
	// low.
	stacks bool
	// long is true on boards of isolated stacks and on boards of more than longBoard
	// tiles (no game's layout has so many): a node costs a long scan and a random
	// game seldom wins before nearly every pairing is fixed. The search is set up
	// for it (see search.reset, choose, valueOrder).
	long bool
	// directed is true when some tile has a side that a closed row end keeps
	// blocked (see closeEnds); the scan then counts side neighbours by the way they
	// went (see scanner.remove).
	directed bool

	// covered[g] is the set of pairings of group g that pair a tile with one that
	// covers it (on a higher level, overlapping it). No play has them: the covered
	// tile is free only once the covering one is gone.
	covered []uint8

	// linked[g] has bit 2p+i set when the two tiles of pair i of pairing p (see
	// pairBits) are linked: one blocks the other through a chain of tiles, each on the
	// next or its side neighbour. A game that commits g to p while that pair is not
	// free yet loses far more often (see player.commitOne). It is built on boards
	// that are not long (on long ones it is all zero), from reach.
	linked []uint8
	// reach[t*reachWords:(t+1)*reachWords] is the set of tiles t blocks through such
	// a chain. It depends on the positions alone, as the blocking lists do: it is
	// built from them for the first board that is not long, kept with them, and
	// emptied when they are built anew (see buildReach).
	reach      []uint64
	reachWords int
	// rel[t*n+u] says how tiles t and u stand to each other, for the pairs of a
	// group: relCovers when one covers the other, relLinked when one blocks the other
	// through a chain (see reach), relAbove, relLeft and relRight when u is above t,
	// its left or its right neighbour. It is built and kept with reach; a deal looks
	// up its groups' pairs there (see build and prepareScan) rather than walking
	// every tile's lists.
	rel []uint8

	// The positions blocksStart, blocks and cnt0 were built for (see sameGeometry),
	// and the RelationsKey of their board; geomOK is false when the last build of
	// them failed.
	geom   []board.Pos
	relKey any
	geomOK bool

	// scanReady is true once prepareScan has built the scan's part of the view
	// (xBlocksStart to hasSame, directed) for this board.
	scanReady bool

	// direct's scratch: positions in its list by level, those left out, its result
	byZ, direct0 []int
	shadowed     []bool
}

// free reports whether tile t is free by the blocking counts cnt (laid out as
// compiled.cnt0): nothing on it, and no tile on its left or none on its right.
func free(cnt [][4]uint8, t int32) bool {
	k := &cnt[t]
	return k[0] == 0 && (k[1] == 0 || k[2] == 0)
}

// compile builds the compact view, the scan's part included. It fails on a group that has neither 2 nor 4 tiles.
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
	// What depends on the tiles' positions alone, which the deals of one layout
	// share, is kept from the last board built in c's memory when its positions were
	// the same.
	if !c.sameGeometry(b) {
		if err := c.buildBlocks(b); err != nil {
			return err
		}
	}
	c.long = c.stacks || n > longBoard
	if !c.long && len(c.reach) == 0 {
		c.buildReach()
		c.buildRel(b)
	}
	c.covered = resize(c.covered, c.ng)
	c.linked = resize(c.linked, c.ng)
	for g := 0; g < c.ng; g++ {
		m := &c.members[g]
		// Linked pairs only in groups of four, and only on boards that are not long.
		link := !c.long && c.full[g] == 0b1111
		for p := 0; p < 3; p++ {
			for i, pair := range pairBits[p] {
				k, l := pairSlots(pair)
				if m[l] < 0 {
					continue // a group of two has one pair
				}
				x, y := m[k], m[l]
				if c.long {
					if slices.Contains(b.Above(int(x)), int(y)) || slices.Contains(b.Above(int(y)), int(x)) {
						c.covered[g] |= 1 << p
					}
					continue
				}
				r := c.rel[int(x)*c.n+int(y)]
				if r&relCovers != 0 {
					c.covered[g] |= 1 << p
				}
				if link && r&relLinked != 0 {
					c.linked[g] |= 1 << (2*p + i)
				}
			}
		}
	}
	return nil
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
	c.xCnt0 = resize(c.xCnt0, n)
	copy(c.xCnt0, c.cnt0)
	for t := 0; t < n; t++ {
		c.xBlocksStart[t] = int32(len(c.xBlocks))
		for _, e := range c.blocks[c.blocksStart[t]:c.blocksStart[t+1]] {
			if u := e >> 2; c.group[u] != c.group[t] {
				c.xBlocks = append(c.xBlocks, e)
			} else {
				c.xCnt0[u][e&3]--
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
					r := c.rel[int(x)*n+int(y)]
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

// reaches reports whether tile t blocks tile u through a chain of tiles (see reach).
func (c *compiled) reaches(t, u int32) bool {
	return c.reach[int(t)*c.reachWords+int(u)/64]&(1<<(u%64)) != 0
}

// buildReach builds reach from the blocking lists: every tile's set is the union of
// the sets of the tiles it blocks and of those tiles, to a fixpoint. Passes alternate
// between the two orders of the tiles, so that a chain along a row, in either
// direction, takes one pass. Only boards that are not long need it (see build): a
// long board's n² bits would be too many.
func (c *compiled) buildReach() {
	n := len(c.cnt0)
	w := (n + 63) / 64
	c.reachWords = w
	c.reach = resize(c.reach, n*w)
	clear(c.reach)
	for pass, changed := 0, true; changed; pass++ {
		changed = false
		for i := 0; i < n; i++ {
			t := i
			if pass%2 == 1 {
				t = n - 1 - i
			}
			row := c.reach[t*w : (t+1)*w]
			for _, e := range c.blocks[c.blocksStart[t]:c.blocksStart[t+1]] {
				u := int(e >> 2)
				if row[u/64]&(1<<(u%64)) == 0 {
					row[u/64] |= 1 << (u % 64)
					changed = true
				}
				for k, x := range c.reach[u*w : (u+1)*w] {
					if row[k]|x != row[k] {
						row[k] |= x
						changed = true
					}
				}
			}
		}
	}
}

// buildRel builds rel from reach and b's relations.
func (c *compiled) buildRel(b *board.Board) {
	n := c.n
	c.rel = resize(c.rel, n*n)
	for t := 0; t < n; t++ {
		for _, u := range b.Above(t) {
			c.rel[t*n+u] |= relCovers | relAbove
			c.rel[u*n+t] |= relCovers
		}
		for _, u := range b.Left(t) {
			c.rel[t*n+u] |= relLeft
		}
		for _, u := range b.Right(t) {
			c.rel[t*n+u] |= relRight
		}
		for u := 0; u < n; u++ {
			if c.reaches(int32(t), int32(u)) {
				c.rel[t*n+u] |= relLinked
				c.rel[u*n+t] |= relLinked
			}
		}
	}
}

// sameGeometry reports whether the blocking lists in c were built for tiles at b's
// positions, in b's order (the board's relations, and so the lists, follow from them).
func (c *compiled) sameGeometry(b *board.Board) bool {
	if !c.geomOK || len(c.geom) != b.N() {
		return false
	}
	if k := b.RelationsKey(); k != nil && k == c.relKey {
		return true // the deals of one Dealer share their relations
	}
	for i, t := range b.Tiles {
		if c.geom[i] != t.Pos() {
			return false
		}
	}
	return true
}

// buildBlocks builds the blocking lists blocksStart, blocks and cnt0 of b, and
// initFree and stacks, which follow from them, and records the positions they were
// built for.
func (c *compiled) buildBlocks(b *board.Board) error {
	n := b.N()
	c.geomOK = false
	c.reach = c.reach[:0] // built for other lists
	c.blocksStart = resize(c.blocksStart, n+1)
	c.blocks = c.blocks[:0]
	c.cnt0 = resize(c.cnt0, n)
	for t := 0; t < n; t++ {
		c.blocksStart[t] = int32(len(c.blocks))
		for kind, list := range [3][]int{c.direct(b, t), b.Right(t), b.Left(t)} {
			for _, u := range list {
				if c.cnt0[u][kind] == math.MaxUint8 {
					// Not on a valid board: direct leaves at most 9 tiles on a tile,
					// and a tile has at most 2 neighbours a side.
					return fmt.Errorf("tile %d has more than %d tiles blocking it", b.Tiles[u].ID, math.MaxUint8)
				}
				c.blocks = append(c.blocks, int32(4*u+kind))
				c.cnt0[u][kind]++
			}
		}
	}
	c.blocksStart[n] = int32(len(c.blocks))
	c.initFree = c.initFree[:0]
	c.stacks = true
	for t := 0; t < n; t++ {
		if c.cnt0[t][1] != 0 || c.cnt0[t][2] != 0 {
			c.stacks = false
		}
		if free(c.cnt0, int32(t)) {
			c.initFree = append(c.initFree, int32(t))
		}
	}
	c.geom = c.geom[:0]
	for _, t := range b.Tiles {
		c.geom = append(c.geom, t.Pos())
	}
	c.relKey = b.RelationsKey()
	c.geomOK = true
	return nil
}

// The bits of compiled.rel.
const (
	relCovers = 1 << iota
	relLinked
	relAbove
	relLeft
	relRight
)

// longBoard is the size above which a board counts as long (see compiled.long): the
// games' largest layouts have a few hundred tiles, de Bondt's reductions thousands.
const longBoard = 1000

// direct returns the tiles under tile t that no other tile under t lies on, in the
// order of b.Below(t). The blocking counts need no others: a tile u under t that a
// tile m under t lies on is free of t's weight only once m is gone, which needs t
// gone first, so u's count reaching 0 means the same either way, at the same move
// (the last tile above u to go is never one of those left out). It keeps every count
// of tiles above at most 9, one per position of the half-tile grid over a tile.
func (c *compiled) direct(b *board.Board, t int) []int {
	below := b.Below(t)
	if len(below) < 2 {
		return below
	}
	// Positions in below, highest tile first; every tile under t lies within a
	// half-tile of it, at one of nine offsets, and tiles on one level do not overlap.
	byZ := c.byZ[:0]
	for i := range below {
		byZ = append(byZ, i)
	}
	slices.SortFunc(byZ, func(i, j int) int { return b.Tiles[below[j]].Z - b.Tiles[below[i]].Z })
	c.byZ = byZ
	shadowed := resize(c.shadowed, len(below)) // lies under another tile under t
	c.shadowed = shadowed
	tx, ty := b.Tiles[t].X-1, b.Tiles[t].Y-1
	var covered [3][3]bool // offsets some higher tile under t lies on
	lost := false
	for i := 0; i < len(byZ); {
		z := b.Tiles[below[byZ[i]]].Z
		j := i
		for ; j < len(byZ) && b.Tiles[below[byZ[j]]].Z == z; j++ {
			if u := b.Tiles[below[byZ[j]]]; covered[u.X-tx][u.Y-ty] {
				shadowed[byZ[j]], lost = true, true
			}
		}
		for _, k := range byZ[i:j] {
			ux, uy := b.Tiles[below[k]].X-tx, b.Tiles[below[k]].Y-ty
			for x := max(0, ux-1); x <= min(2, ux+1); x++ {
				for y := max(0, uy-1); y <= min(2, uy+1); y++ {
					covered[x][y] = true
				}
			}
		}
		i = j
	}
	if !lost {
		return below
	}
	out := c.direct0[:0]
	for k, u := range below {
		if !shadowed[k] {
			out = append(out, u)
		}
	}
	c.direct0 = out
	return out
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
