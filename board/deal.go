package board

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// families lists the 36 tile families in the order [Deal] numbers its groups.
var families = [36]string{
	"pl", "ss", "sq",
	"cF", "cC", "cN", "cS", "cE", "cW",
	"y1", "y2", "y3", "y4", "y5", "y6", "y7", "y8", "y9",
	"bi",
	"s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",
	"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9",
}

// GroupName returns the name [Deal] gives group g (0-based). The first 36 are the tile
// families of the classic 144-tile set: pl ss sq (plants, seasons, squares), cF cC cN cS
// cE cW (Chinese letters), y1..y9 (coins), bi (bird), s2..s9 (sticks), c1..c9 (Chinese
// numbers), the names of the LLF Mahjongg encoding (shared seed 000); then "g37", "g38", ...
func GroupName(g int) string {
	if g < len(families) {
		return families[g]
	}
	return "g" + strconv.Itoa(g+1)
}

// Deal fills the positions of l with tiles, uniformly at random among all ways to split
// them into groups, and returns the board. It is a pure function of the layout's shape
// (up to translation) and the seed:
//
//  1. The positions are put in [Layout.Normalize] order (translated so that min x =
//     min y = 0, sorted by z, y, x); tile i (id i) goes to the i-th position.
//  2. The labels are group 0 four times, group 1 four times, ..., and, when the count is
//     2 mod 4, the last group twice (an odd count is an error).
//  3. The labels are shuffled by Fisher–Yates with [Rand] seeded with seed: for i from
//     n-1 down to 1, swap label i with label r.IntN(i+1).
//  4. Tile i gets the group [GroupName](label i).
//
// The board is named "<layout> seed <N>" and its meta is {"layout": ..., "seed": N}.
// To deal one layout many times, make a [Dealer] once.
func Deal(l Layout, seed uint64) (*Board, error) {
	d, err := NewDealer(l)
	if err != nil {
		return nil, err
	}
	return d.Deal(seed), nil
}

// A Dealer deals one layout as [Deal] does, many times: the tiles' positions are the
// same in every deal, so it normalizes the layout and builds the relations between
// positions once, and its boards share them (a Board is immutable). A Dealer may be
// used by several goroutines at once.
type Dealer struct {
	name       string
	pos        []Pos
	geom       *Board   // the layout dealt unshuffled: the relations every deal shares
	meta       []byte   // the start of every deal's meta: {"layout":<name>,"seed":
	labelNames []string // GroupName(label), for every label
}

// NewDealer checks layout l and readies its deals. It fails, as [Deal] does, on a
// layout that has no positions, an odd number of them, more than [MaxTiles], or
// positions that [New] rejects.
func NewDealer(l Layout) (*Dealer, error) {
	n := len(l.Pos)
	switch {
	case n == 0:
		return nil, fmt.Errorf("layout %q has no positions", l.Name)
	case n%2 != 0:
		return nil, fmt.Errorf("layout %q has %d positions: a deal needs an even number", l.Name, n)
	case n > MaxTiles:
		return nil, fmt.Errorf("layout %q has %d positions: more than the limit of %d", l.Name, n, MaxTiles)
	}
	d := &Dealer{name: l.Name, pos: l.Normalize().Pos}
	d.labelNames = make([]string, (n+3)/4)
	for g := range d.labelNames {
		d.labelNames[g] = GroupName(g)
	}
	// The unshuffled deal: New checks the positions, and its relations are every
	// deal's, since they depend on the positions alone.
	tiles := make([]Tile, n)
	for i, p := range d.pos {
		tiles[i] = Tile{ID: i, X: p.X, Y: p.Y, Z: p.Z, Group: d.labelNames[i/4]}
	}
	geom, err := New(l.Name, tiles, nil)
	if err != nil {
		return nil, fmt.Errorf("layout %q: %w", l.Name, err)
	}
	d.geom = geom
	name, err := json.Marshal(l.Name)
	if err != nil {
		return nil, err
	}
	d.meta = append(append([]byte(`{"layout":`), name...), `,"seed":`...)
	return d, nil
}

// Deal returns the deal of the layout with seed seed: the same board as [Deal] gives.
func (d *Dealer) Deal(seed uint64) *Board {
	n := len(d.pos)
	labels := make([]int, n)
	for i := range labels {
		labels[i] = i / 4
	}
	NewRand(seed).Shuffle(n, func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	b := &Board{
		Name:  d.name + " seed " + strconv.FormatUint(seed, 10),
		Tiles: make([]Tile, n),
		above: d.geom.above, below: d.geom.below, left: d.geom.left, right: d.geom.right,
		group: make([]int, n),
	}
	meta := make([]byte, 0, len(d.meta)+21) // a uint64 has at most 20 digits, then '}'
	meta = append(strconv.AppendUint(append(meta, d.meta...), seed, 10), '}')
	b.Meta = meta
	// Groups are numbered in the order their first tile comes, as New numbers them.
	index := make([]int, len(d.labelNames))
	for i := range index {
		index[i] = -1
	}
	for i, p := range d.pos {
		lab := labels[i]
		b.Tiles[i] = Tile{ID: i, X: p.X, Y: p.Y, Z: p.Z, Group: d.labelNames[lab]}
		if index[lab] < 0 {
			index[lab] = len(b.names)
			b.names = append(b.names, d.labelNames[lab])
		}
		b.group[i] = index[lab]
	}
	b.setMembers()
	return b
}
