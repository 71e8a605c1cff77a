package solver

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/mjsat/mjsat/board"
)

// geometry is the part of the compiled view that the tiles' positions alone decide:
// the blocking lists, the initial position and, on boards that are not long, which
// tile blocks which through a chain. The deals of one layout share it, so it is
// built once per layout (see geometryOf) and never written after.
type geometry struct {
	pos []board.Pos // the positions it was built for, in the board's order
	key any         // the RelationsKey of the board it was built from

	// Blocking, as one list a tile: when tile t goes, for each entry e of drops[t]
	// counter k of tile u drops, where u is e's high 32 bits and k (dropKind) is 0
	// when t lies on u (and on no tile between, see direct), 1 when t is u's left
	// neighbour and 2 when it is u's right one. e's low 32 bits are what u's packed
	// counts (cnt32) lose, 1<<(8k), so that a game's removal needs no shifts; a slice
	// per tile is found with one load. cnt0[u][0], cnt0[u][1] and cnt0[u][2] are u's
	// initial counts of those tiles above, left and right (cnt0[u][3] is unused; a
	// byte each is enough, see direct); u is free when the first is 0 and one of the
	// others is (see free). Leaving out the tiles above others shortens the lists by a
	// tenth, and bytes make the copies of the counts four times smaller than int32
	// would.
	drops [][]uint64
	cnt0  [][4]uint8
	// opening lists the tiles playable in the initial position as entries of a
	// blocking list that drop nothing: a game starts by releasing them as a removal
	// releases the tiles it frees (see player.release), so that marking a free tile
	// is written once, in the loop every removal runs.
	opening []uint64
	// cnt32 is cnt0 as the random games keep it: a tile's counts of tiles above, left
	// and right in its three low bytes, and in the high one freeMark once the tile is
	// free (none is marked here: the opening marks its tiles).
	cnt32 []uint32

	// stacks is true when no tile has a left or right neighbour: the board is isolated
	// stacks (as de Bondt's reduction boards are), which stacks2 decides when they are
	// low.
	stacks bool
	// long: see compiled.long.
	long bool

	// reach[t*reachWords:(t+1)*reachWords] is the set of tiles t blocks through a
	// chain of tiles, each on the next or its side neighbour. Only boards that are
	// not long have it: a long board's n² bits would be too many.
	reach      []uint64
	reachWords int
	// rel[t*n+u] says how tiles t and u stand to each other, for the pairs of a
	// group: relOver when u lies over t through a chain of tiles, each on the next
	// (t cannot go before u), relUnder when t lies over u so, relLinked when one
	// blocks the other through a chain (see reach), relAbove, relLeft and relRight
	// when u is above t, its left or its right neighbour. A deal looks up its
	// groups' pairs there (see compiled.build and prepareScan) rather than walking
	// every tile's lists. Only boards that are not long have it.
	rel []uint8
}

// The bits of geometry.rel.
const (
	relLinked = 1 << iota
	relAbove
	relLeft
	relRight
	relOver
	relUnder
)

// freeMark marks a free tile in geometry.cnt32 and the games' counts.
const freeMark = 1 << 24

// geometries keeps the geometries of the last few layouts whose boards are not
// long, most recent first: Solve's pool loses its compiled views at every garbage
// collection, and a view built anew then finds its layout's geometry here.
var geometries geometryCache

// geometryCache is the type of geometries.
type geometryCache struct {
	sync.Mutex
	recent []*geometry
}

// keep puts g first among the kept geometries (the caller holds the lock).
func (gs *geometryCache) keep(g *geometry) {
	gs.recent = slices.Insert(gs.recent, 0, g)
	if len(gs.recent) > keptGeometries {
		gs.recent[keptGeometries] = nil
		gs.recent = gs.recent[:keptGeometries]
	}
}

// geometryOf returns the geometry of b: last when it was built for b's positions,
// else one kept in geometries, else a new one.
//
// A geometry found by comparing positions (a board of another Dealer of the same
// layout, as a benchmark or test makes) is kept in its place under b's RelationsKey,
// in a copy that shares its tables, so that the next deals of b's Dealer find it by
// the key alone rather than by comparing every position, and a layout still holds one
// place among the kept geometries.
func geometryOf(b *board.Board, last *geometry) (*geometry, error) {
	key := b.RelationsKey()
	if last != nil && (key != nil && last.key == key || key == nil && last.matches(b)) {
		return last, nil
	}
	geometries.Lock()
	for i, g := range geometries.recent {
		if !g.matches(b) {
			continue
		}
		if key != nil && g.key != key {
			rekeyed := *g
			rekeyed.key = key
			g = &rekeyed
		}
		copy(geometries.recent[1:i+1], geometries.recent[:i])
		geometries.recent[0] = g
		geometries.Unlock()
		return g, nil
	}
	geometries.Unlock()
	g, err := buildGeometry(b)
	if err != nil {
		return nil, err
	}
	if !g.long {
		geometries.Lock()
		geometries.keep(g)
		geometries.Unlock()
	}
	return g, nil
}

// matches reports whether g was built for tiles at b's positions, in b's order (the
// board's relations, and so g, follow from them).
func (g *geometry) matches(b *board.Board) bool {
	if len(g.pos) != b.N() {
		return false
	}
	if k := b.RelationsKey(); k != nil && k == g.key {
		return true // the deals of one Dealer share their relations
	}
	for i, t := range b.Tiles {
		if g.pos[i] != t.Pos() {
			return false
		}
	}
	return true
}

// dropKind returns which of its tile's counts an entry of geometry.drops lowers: 0
// for the tiles above, 1 for the left neighbours, 2 for the right ones.
func dropKind(e uint64) int {
	return bits.TrailingZeros32(uint32(e)) / 8
}

// buildGeometry builds the geometry of b.
func buildGeometry(b *board.Board) (*geometry, error) {
	n := b.N()
	g := &geometry{key: b.RelationsKey(), pos: make([]board.Pos, n)}
	for i, t := range b.Tiles {
		g.pos[i] = t.Pos()
	}
	start := make([]int, n+1) // t's entries are all[start[t]:start[t+1]]
	g.cnt0 = make([][4]uint8, n)
	var d directScratch
	var all []uint64
	for t := 0; t < n; t++ {
		start[t] = len(all)
		for kind, list := range [3][]int{d.direct(b, t), b.Right(t), b.Left(t)} {
			for _, u := range list {
				if g.cnt0[u][kind] == math.MaxUint8 {
					// Not on a valid board: direct leaves at most 9 tiles on a tile,
					// and a tile has at most 2 neighbours a side.
					return nil, fmt.Errorf("tile %d has more than %d tiles blocking it", b.Tiles[u].ID, math.MaxUint8)
				}
				all = append(all, uint64(u)<<32|1<<(8*kind))
				g.cnt0[u][kind]++
			}
		}
	}
	start[n] = len(all)
	g.drops = make([][]uint64, n)
	for t := range n {
		g.drops[t] = all[start[t]:start[t+1]:start[t+1]]
	}
	g.stacks = true
	for t := 0; t < n; t++ {
		if g.cnt0[t][1] != 0 || g.cnt0[t][2] != 0 {
			g.stacks = false
		}
		if free(g.cnt0, int32(t)) {
			g.opening = append(g.opening, uint64(t)<<32)
		}
	}
	g.cnt32 = make([]uint32, n)
	for t, k := range g.cnt0 {
		g.cnt32[t] = uint32(k[0]) | uint32(k[1])<<8 | uint32(k[2])<<16
	}
	g.long = g.stacks || n > longBoard
	if !g.long {
		g.buildReach()
		g.buildRel(b)
	}
	return g, nil
}

// buildReach builds reach from the blocking lists: every tile's set is the union of
// the sets of the tiles it blocks and of those tiles, to a fixpoint. Passes alternate
// between the two orders of the tiles, so that a chain along a row, in either
// direction, takes one pass.
func (g *geometry) buildReach() {
	n := len(g.cnt0)
	w := (n + 63) / 64
	g.reachWords = w
	g.reach = make([]uint64, n*w)
	for pass, changed := 0, true; changed; pass++ {
		changed = false
		for i := 0; i < n; i++ {
			t := i
			if pass%2 == 1 {
				t = n - 1 - i
			}
			row := g.reach[t*w : (t+1)*w]
			for _, e := range g.drops[t] {
				u := int(e >> 32)
				if row[u/64]&(1<<(u%64)) == 0 {
					row[u/64] |= 1 << (u % 64)
					changed = true
				}
				for k, x := range g.reach[u*w : (u+1)*w] {
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
func (g *geometry) buildRel(b *board.Board) {
	n := len(g.cnt0)
	g.rel = make([]uint8, n*n)
	for t := 0; t < n; t++ {
		for _, u := range b.Above(t) {
			g.rel[t*n+u] |= relAbove
		}
		for _, u := range b.Left(t) {
			g.rel[t*n+u] |= relLeft
		}
		for _, u := range b.Right(t) {
			g.rel[t*n+u] |= relRight
		}
		w := g.reachWords
		for k, word := range g.reach[t*w : (t+1)*w] {
			for ; word != 0; word &= word - 1 {
				u := 64*k + bits.TrailingZeros64(word)
				g.rel[t*n+u] |= relLinked
				g.rel[u*n+t] |= relLinked
			}
		}
	}
	// What lies over a tile through a chain: on the layouts whose levels are set
	// off by half a tile (stairs), a tile can lie over another without covering it.
	// Tiles from the top level down, so that the tiles over t have their sets.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, c int) int { return cmp.Compare(b.Tiles[c].Z, b.Tiles[a].Z) })
	w := g.reachWords
	over := make([]uint64, n*w)
	for _, t := range order {
		row := over[t*w : (t+1)*w]
		for _, u := range b.Above(t) {
			row[u/64] |= 1 << (u % 64)
			for k, x := range over[u*w : (u+1)*w] {
				row[k] |= x
			}
		}
		for k, word := range row {
			for ; word != 0; word &= word - 1 {
				u := 64*k + bits.TrailingZeros64(word)
				g.rel[t*n+u] |= relOver
				g.rel[u*n+t] |= relUnder
			}
		}
	}
}

// directScratch is direct's memory, kept between its calls.
type directScratch struct {
	byZ, out []int // positions in its list by level; its result
	shadowed []bool
}

// direct returns the tiles under tile t that no other tile under t lies on, in the
// order of b.Below(t). The blocking counts need no others: a tile u under t that a
// tile m under t lies on is free of t's weight only once m is gone, which needs t
// gone first, so u's count reaching 0 means the same either way, at the same move
// (the last tile above u to go is never one of those left out). It keeps every count
// of tiles above at most 9, one per position of the half-tile grid over a tile.
func (d *directScratch) direct(b *board.Board, t int) []int {
	below := b.Below(t)
	if len(below) < 2 {
		return below
	}
	// Positions in below, highest tile first; every tile under t lies within a
	// half-tile of it, at one of nine offsets, and tiles on one level do not overlap.
	byZ := d.byZ[:0]
	for i := range below {
		byZ = append(byZ, i)
	}
	slices.SortFunc(byZ, func(i, j int) int { return b.Tiles[below[j]].Z - b.Tiles[below[i]].Z })
	d.byZ = byZ
	shadowed := resize(d.shadowed, len(below)) // lies under another tile under t
	d.shadowed = shadowed
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
	out := d.out[:0]
	for k, u := range below {
		if !shadowed[k] {
			out = append(out, u)
		}
	}
	d.out = out
	return out
}
