// Package board is mjsat's model of Mahjong Solitaire: tiles on the half-tile grid, the
// rules that make a tile playable, moves, replaying a play, and the interchange formats
// (board JSON, the stacks text, plays; docs/formats.md describes them all) and layout
// files. On boards of isolated stacks
// it finds de Bondt's blocked cycles ([State.BlockedCycles]), which decide such boards.
//
// It is the reference implementation of the rules that every other package and every
// test trusts, so it favours plainness over speed where the two differ; solvers keep
// their own compact state and hand their plays back to [Board.Replay].
//
// Geometry (see shared/design/board-format.md): a tile at (x, y, z) covers the cells
// [x, x+2) × [y, y+2) of level z. A tile is covered when a tile on any higher level
// overlaps it (|dx| < 2 and |dy| < 2); its left and right neighbours are the tiles on its
// level at x-2 and x+2 with |dy| < 2. A tile is playable when it is not covered and it
// has no left neighbour or no right neighbour. A move removes two playable tiles of the
// same group.
//
// The relations are computed once, in [New], through a spatial index, so building a
// board of n tiles costs O(n) map look-ups rather than n² comparisons.
//
// Package board depends on nothing else of mjsat.
package board

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"sync"
)

// Limits on what [New] accepts. They keep hostile input from exhausting memory; real
// boards are far below them.
const (
	MaxTiles = 1 << 20 // tiles on one board
	MaxCoord = 1 << 20 // |x| and |y|
	MaxLevel = 1 << 10 // z
)

// Tile is one tile: its id, position on the half-tile grid and group.
type Tile struct {
	ID    int    `json:"id"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Z     int    `json:"z"`
	Group string `json:"group"`
}

// Pos returns the tile's position.
func (t Tile) Pos() Pos { return Pos{t.X, t.Y, t.Z} }

// Pos is a position on the half-tile grid.
type Pos struct{ X, Y, Z int }

// Board is a validated Mahjong board with its derived relations. Tiles are addressed by
// their index in Tiles (0..N-1); [Board.Index] maps an id to its index. A Board is
// immutable once built: play positions live in [State].
type Board struct {
	// Name is a free-form name (file name, layout and seed, ...).
	Name string
	// Tiles in the order they were given.
	Tiles []Tile
	// Meta is free-form provenance, kept as raw JSON so that it round-trips unchanged.
	Meta json.RawMessage

	byID    map[int]int // nil when every tile's id is its index (see New)
	group   []int
	names   []string
	members [][]int
	above   [][]int // tiles on higher levels that overlap this one
	below   [][]int // tiles on lower levels that this one overlaps
	left    [][]int
	right   [][]int

	stacksOnce sync.Once // computes stacks and isStacks on first use
	stacks     [][]int   // see Stacks; shared, never modified
	isStacks   bool
}

// New validates tiles and builds a board. It rejects negative or duplicate ids, empty
// group names, coordinates beyond the limits, two tiles overlapping on one level, and a
// group with an odd number of tiles. Errors name the offending tile as tiles[i].
func New(name string, tiles []Tile, meta json.RawMessage) (*Board, error) {
	if len(tiles) > MaxTiles {
		return nil, fmt.Errorf("%d tiles: more than the limit of %d", len(tiles), MaxTiles)
	}
	b := &Board{Name: name, Tiles: tiles, Meta: meta}
	// Dealt and reduced boards number their tiles 0..N-1 in order: then an id is its
	// index, and Index, which every replayed move calls twice, needs no map.
	for i, t := range tiles {
		if t.ID != i {
			b.byID = make(map[int]int, len(tiles))
			break
		}
	}
	for i, t := range tiles {
		switch {
		case t.ID < 0:
			return nil, fmt.Errorf("tiles[%d]: negative id %d", i, t.ID)
		case t.Group == "":
			return nil, fmt.Errorf("tiles[%d] (id %d): empty group", i, t.ID)
		case t.X < -MaxCoord || t.X > MaxCoord || t.Y < -MaxCoord || t.Y > MaxCoord:
			return nil, fmt.Errorf("tiles[%d] (id %d): position (%d,%d) beyond ±%d", i, t.ID, t.X, t.Y, MaxCoord)
		case t.Z < 0 || t.Z > MaxLevel:
			return nil, fmt.Errorf("tiles[%d] (id %d): level %d outside 0..%d", i, t.ID, t.Z, MaxLevel)
		}
		if b.byID != nil {
			if j, dup := b.byID[t.ID]; dup {
				return nil, fmt.Errorf("tiles[%d]: duplicate id %d (also tiles[%d])", i, t.ID, j)
			}
			b.byID[t.ID] = i
		}
	}
	if err := b.setGroups(); err != nil {
		return nil, err
	}
	if err := b.relate(); err != nil {
		return nil, err
	}
	return b, nil
}

// setGroups numbers the groups of b.Tiles in order of first appearance (b.group,
// b.names) and builds their member lists; it fails on a group of an odd number of
// tiles.
func (b *Board) setGroups() error {
	index := map[string]int{}
	b.group, b.names = make([]int, len(b.Tiles)), nil
	for i, t := range b.Tiles {
		g, ok := index[t.Group]
		if !ok {
			g = len(b.names)
			index[t.Group] = g
			b.names = append(b.names, t.Group)
		}
		b.group[i] = g
	}
	b.setMembers()
	for g, m := range b.members {
		if len(m)%2 != 0 {
			return fmt.Errorf("group %q has %d tiles: every group needs an even number", b.names[g], len(m))
		}
	}
	return nil
}

// setMembers builds the member lists from b.group and b.names: group g's tiles in
// tile order, cut from one slice (one allocation, not one growing list a group).
func (b *Board) setMembers() {
	start := make([]int, len(b.names)+1) // group g's members are arena[start[g]:start[g+1]]
	for _, g := range b.group {
		start[g+1]++
	}
	for g := range b.names {
		start[g+1] += start[g]
	}
	arena, next := make([]int, len(b.group)), slices.Clone(start)
	for i, g := range b.group {
		arena[next[g]] = i
		next[g]++
	}
	b.members = make([][]int, len(b.names))
	for g := range b.members {
		b.members[g] = arena[start[g]:start[g+1]:start[g+1]]
	}
}

// relate builds above/below/left/right with a spatial index keyed by (x, y).
func (b *Board) relate() error {
	n := len(b.Tiles)
	// at(x, y) lists the tiles whose top-left corner is (x, y): a dense grid over the
	// bounding box when that is not much larger than the board, a map otherwise.
	minX, minY, maxX, maxY := 0, 0, -1, -1
	for i, t := range b.Tiles {
		if i == 0 || t.X < minX {
			minX = t.X
		}
		if i == 0 || t.Y < minY {
			minY = t.Y
		}
		maxX, maxY = max(maxX, t.X), max(maxY, t.Y)
	}
	w, h := maxX-minX+1, maxY-minY+1
	next := make([]int32, n) // next tile in the same cell, -1 at the end
	var at func(x, y int) []int
	if n > 0 && int64(w)*int64(h) <= 64*int64(n)+4096 {
		head := make([]int32, w*h)
		for k := range head {
			head[k] = -1
		}
		for i := n - 1; i >= 0; i-- {
			t := b.Tiles[i]
			k := (t.Y-minY)*w + t.X - minX
			next[i], head[k] = head[k], int32(i)
		}
		var buf []int
		at = func(x, y int) []int {
			if x < minX || x > maxX || y < minY || y > maxY {
				return nil
			}
			buf = buf[:0]
			for j := head[(y-minY)*w+x-minX]; j >= 0; j = next[j] {
				buf = append(buf, int(j))
			}
			return buf
		}
	} else {
		// cell packs (x, y), both within ±MaxCoord, into one map key.
		cell := func(x, y int) uint64 { return uint64(x+2*MaxCoord)<<32 | uint64(y+2*MaxCoord) }
		index := make(map[uint64][]int, n)
		for i, t := range b.Tiles {
			c := cell(t.X, t.Y)
			index[c] = append(index[c], i)
		}
		at = func(x, y int) []int { return index[cell(x, y)] }
	}
	b.above = make([][]int, n)
	b.below = make([][]int, n)
	b.left = make([][]int, n)
	b.right = make([][]int, n)
	// The relation lists are cut from one arena: few allocations for large boards.
	arena := make([]int, 0, 4*n)
	var above, below, left, right []int
	keep := func(list []int) []int {
		if len(list) == 0 {
			return nil
		}
		sort.Ints(list)
		start := len(arena)
		arena = append(arena, list...)
		return arena[start:len(arena):len(arena)]
	}
	for i, t := range b.Tiles {
		above, below, left, right = above[:0], below[:0], left[:0], right[:0]
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				for _, j := range at(t.X+dx, t.Y+dy) {
					u := b.Tiles[j]
					switch {
					case j == i:
					case u.Z == t.Z:
						if j < i { // report each overlap once, at the later tile
							return fmt.Errorf("tiles[%d] (id %d) at (%d,%d,%d) overlaps tiles[%d] (id %d) at (%d,%d,%d)",
								i, t.ID, t.X, t.Y, t.Z, j, u.ID, u.X, u.Y, u.Z)
						}
					case u.Z > t.Z:
						above = append(above, j)
					default:
						below = append(below, j)
					}
				}
			}
		}
		// Neighbours: same level, x ± 2, |dy| < 2.
		for dy := -1; dy <= 1; dy++ {
			for _, j := range at(t.X-2, t.Y+dy) {
				if b.Tiles[j].Z == t.Z {
					left = append(left, j)
				}
			}
			for _, j := range at(t.X+2, t.Y+dy) {
				if b.Tiles[j].Z == t.Z {
					right = append(right, j)
				}
			}
		}
		b.above[i], b.below[i], b.left[i], b.right[i] = keep(above), keep(below), keep(left), keep(right)
	}
	return nil
}

// N returns the number of tiles.
func (b *Board) N() int { return len(b.Tiles) }

// Index returns the index of the tile with the given id.
func (b *Board) Index(id int) (int, bool) {
	if b.byID == nil {
		if uint(id) < uint(len(b.Tiles)) {
			return id, true
		}
		return 0, false
	}
	i, ok := b.byID[id]
	return i, ok
}

// ID returns the id of tile i, without reading Tiles when every id is its index (as on
// every dealt board).
func (b *Board) ID(i int) int {
	if b.byID == nil {
		return i
	}
	return b.Tiles[i].ID
}

// Group returns the group number (0..NumGroups-1) of tile i. Groups are numbered in the
// order of their first tile.
func (b *Board) Group(i int) int { return b.group[i] }

// NumGroups returns the number of groups.
func (b *Board) NumGroups() int { return len(b.names) }

// GroupName returns the name of group g.
func (b *Board) GroupName(g int) string { return b.names[g] }

// Members returns the tile indices of group g, in tile order. The slice is shared: do not
// modify it.
func (b *Board) Members(g int) []int { return b.members[g] }

// RelationsKey returns a value that two boards share when they share one computation
// of their tiles' relations (Above, Below, Left, Right), as the deals of one [Dealer]
// do; boards built apart have keys of their own, and a board without tiles has nil.
// A caller that derived data from one board's relations may keep it for another board
// with the same key. Holding the key keeps those relations in memory, so two keys
// are equal only while both boards' relations are the same ones.
func (b *Board) RelationsKey() any {
	if len(b.above) == 0 {
		return nil
	}
	return &b.above[0]
}

// Above returns the tiles on higher levels that overlap tile i (any of them covers it).
func (b *Board) Above(i int) []int { return b.above[i] }

// Below returns the tiles on lower levels that tile i overlaps.
func (b *Board) Below(i int) []int { return b.below[i] }

// Left returns tile i's left neighbours (same level, x-2, |dy| < 2).
func (b *Board) Left(i int) []int { return b.left[i] }

// Right returns tile i's right neighbours (same level, x+2, |dy| < 2).
func (b *Board) Right(i int) []int { return b.right[i] }

// Playable reports whether tile i is playable when the tiles with gone[j] set have been
// removed (gone may be nil for the initial position). A removed tile is not playable.
func (b *Board) Playable(i int, gone []bool) bool {
	if gone == nil {
		return len(b.above[i]) == 0 && (len(b.left[i]) == 0 || len(b.right[i]) == 0)
	}
	if gone[i] {
		return false
	}
	for _, j := range b.above[i] {
		if !gone[j] {
			return false
		}
	}
	return allGone(b.left[i], gone) || allGone(b.right[i], gone)
}

// allGone reports whether every tile of list is gone.
func allGone(list []int, gone []bool) bool {
	for _, j := range list {
		if !gone[j] {
			return false
		}
	}
	return true
}

// whyBlocked returns "" when tile i is playable, or the reason it is not. It says what
// Playable decides, in words; the checks of a play call Playable first, as a reason
// is only needed for an illegal move.
func (b *Board) whyBlocked(i int, gone []bool) string {
	isGone := func(j int) bool { return gone != nil && gone[j] }
	if isGone(i) {
		return "already removed"
	}
	for _, j := range b.above[i] {
		if !isGone(j) {
			return fmt.Sprintf("covered by tile %d", b.Tiles[j].ID)
		}
	}
	firstPresent := func(side []int) int {
		for _, j := range side {
			if !isGone(j) {
				return j
			}
		}
		return -1
	}
	l, r := firstPresent(b.left[i]), firstPresent(b.right[i])
	if l >= 0 && r >= 0 {
		return fmt.Sprintf("blocked on the left by tile %d and on the right by tile %d", b.Tiles[l].ID, b.Tiles[r].ID)
	}
	return ""
}

// Stacks reports whether the board is made of isolated stacks: every tile sits in a
// column of tiles at one (x, y) with levels 0..h-1, and no tile of one column touches
// (covers or neighbours) a tile of another. It returns the stacks, each listed top tile
// first, ordered by (y, x) of their position. The result is the caller's to modify.
func (b *Board) Stacks() ([][]int, bool) {
	stacks, ok := b.isolatedStacks()
	if !ok {
		return nil, false
	}
	out := make([][]int, len(stacks))
	for k, st := range stacks {
		out[k] = append([]int(nil), st...)
	}
	return out, true
}

// isolatedStacks is [Board.Stacks] without the copy: the stacks are found once per board
// and shared, so callers must not modify them.
func (b *Board) isolatedStacks() ([][]int, bool) {
	b.stacksOnce.Do(func() { b.stacks, b.isStacks = b.findStacks() })
	return b.stacks, b.isStacks
}

// findStacks computes [Board.Stacks].
func (b *Board) findStacks() ([][]int, bool) {
	type cell struct{ x, y int }
	cols := map[cell][]int{}
	var keys []cell
	for i, t := range b.Tiles {
		c := cell{t.X, t.Y}
		if _, ok := cols[c]; !ok {
			keys = append(keys, c)
		}
		cols[c] = append(cols[c], i)
	}
	sort.Slice(keys, func(p, q int) bool {
		if keys[p].y != keys[q].y {
			return keys[p].y < keys[q].y
		}
		return keys[p].x < keys[q].x
	})
	out := make([][]int, 0, len(keys))
	for _, c := range keys {
		col := cols[c]
		sort.Slice(col, func(p, q int) bool { return b.Tiles[col[p]].Z > b.Tiles[col[q]].Z })
		h := len(col)
		for k, i := range col {
			if b.Tiles[i].Z != h-1-k || len(b.left[i]) > 0 || len(b.right[i]) > 0 {
				return nil, false
			}
			// Above must be exactly the tiles higher in this column.
			if len(b.above[i]) != k || len(b.below[i]) != h-1-k {
				return nil, false
			}
		}
		out = append(out, col)
	}
	return out, true
}
