// Package testboards makes random boards for the tests of several packages: boards of
// shapes that the built-in layouts lack, checked against the exhaustive reference.
package testboards

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mjsat/mjsat/board"
)

// Groups returns n group names (n even) in random order: groups of 4, and one or two
// groups of 2 when n is not a multiple of 4 or by chance.
func Groups(rng *rand.Rand, n int) []string {
	var names []string
	g := 0
	for len(names) < n {
		size := 4
		if n-len(names) == 2 || rng.IntN(5) == 0 {
			size = 2
		}
		for range size {
			names = append(names, fmt.Sprintf("g%d", g))
		}
		g++
	}
	rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	return names
}

// Stairs returns a board of n tiles (n even) dropped one by one at random places of a
// small area (x 0..8, y 0 or 2), each onto whatever lies there already, up to level
// 4: tiles lie on tiles set off by half a tile, as on the layouts with stairs, and a
// tile can lie over another without covering it.
func Stairs(rng *rand.Rand, n int) *board.Board {
	names := Groups(rng, n)
	var tiles []board.Tile
	for len(tiles) < n {
		x, y := rng.IntN(9), 2*rng.IntN(2)
		z := 0
		for _, u := range tiles {
			if x-u.X < 2 && u.X-x < 2 && y-u.Y < 2 && u.Y-y < 2 {
				z = max(z, u.Z+1)
			}
		}
		if z > 4 {
			continue
		}
		tiles = append(tiles, board.Tile{ID: len(tiles), X: x, Y: y, Z: z, Group: names[len(tiles)]})
	}
	b, err := board.New("stairs", tiles, nil)
	if err != nil {
		panic("testboards: " + err.Error()) // no two tiles share a place on one level
	}
	return b
}

// Split returns b with group g's four tiles made two groups of two, "NAME/0" and
// "NAME/1", as way pairs them (member indices of g): its winning plays are those of b
// that pair g so.
func Split(b *board.Board, g int, way [2][2]int) (*board.Board, error) {
	tiles := slices.Clone(b.Tiles)
	m := b.Members(g)
	for i, pr := range way {
		for _, k := range pr {
			tiles[m[k]].Group = fmt.Sprintf("%s/%d", b.GroupName(g), i)
		}
	}
	return board.New(b.Name+" split", tiles, nil)
}

// Place returns the board of tiles given as "group x y z", ids from 0 in order.
func Place(name string, spec ...string) (*board.Board, error) {
	var tiles []board.Tile
	for i, s := range spec {
		tl := board.Tile{ID: i}
		if _, err := fmt.Sscan(s, &tl.Group, &tl.X, &tl.Y, &tl.Z); err != nil {
			return nil, fmt.Errorf("tile %d %q: %w", i, s, err)
		}
		tiles = append(tiles, tl)
	}
	return board.New(name, tiles, nil)
}

// Stair returns a stair of four a's (ids 1 to 4), each half a tile on from the one
// under it, beside two b's (ids 0 and 5): a2 lies over a0 through a1 without covering
// it, and every way of pairing the a's pairs a tile with one lying over it.
func Stair() *board.Board {
	b, err := Place("stair", "b -2 0 0", "a 0 0 0", "a 1 0 1", "a 2 0 2", "a 3 0 3", "b 6 0 0")
	if err != nil {
		panic("testboards: " + err.Error())
	}
	return b
}
