package nopeek

import (
	"fmt"
	"slices"

	"github.com/mjsat/mjsat/board"
)

// View is what a player who does not peek knows of a game: the layout (positions and
// what lies on what), the tiles removed and their faces, the face of every tile of
// which some part is not under another tile, and how many tiles of each group are
// still in play. It holds no face of a hidden tile: it is built from the game's
// geometry with every face blanked, and a face enters it only when its tile is seen.
type View struct {
	geo    *board.Board // the layout: the game's tiles with their faces blanked
	gone   []bool
	face   []int16  // the face of tile i when seen (an index into groups), -1 while hidden
	left   []int16  // per group: its tiles in play, seen or not
	groups []string // the groups of the set, sorted
	moves  int
}

// hidden is the face of a tile not seen.
const hidden = -1

// blank is the face a View's geometry gives every tile.
const blank = "?"

// newView returns the view of the initial position of b: its geometry, and the faces
// seen before any move.
func newView(b *board.Board) (*View, error) {
	tiles := slices.Clone(b.Tiles)
	v := &View{gone: make([]bool, b.N()), face: make([]int16, b.N())}
	for i := range tiles {
		if !slices.Contains(v.groups, tiles[i].Group) {
			v.groups = append(v.groups, tiles[i].Group)
		}
		tiles[i].Group = blank
		v.face[i] = hidden
	}
	slices.Sort(v.groups)
	if len(v.groups) > 1<<14 {
		return nil, fmt.Errorf("nopeek: %d groups", len(v.groups))
	}
	v.left = make([]int16, len(v.groups))
	for _, t := range b.Tiles {
		v.left[v.group(t.Group)]++
	}
	geo, err := board.New(b.Name, tiles, nil)
	if err != nil {
		return nil, fmt.Errorf("nopeek: %w", err)
	}
	v.geo = geo
	return v, nil
}

// group returns the index of group name g in v.groups.
func (v *View) group(g string) int16 {
	k, _ := slices.BinarySearch(v.groups, g)
	return int16(k)
}

// N returns the number of tiles of the layout.
func (v *View) N() int { return len(v.face) }

// Layout returns the layout: the tiles' ids, positions and relations, every face
// blanked.
func (v *View) Layout() *board.Board { return v.geo }

// Gone reports whether tile i has been removed.
func (v *View) Gone(i int) bool { return v.gone[i] }

// Face returns the face of tile i and whether the player has seen it.
func (v *View) Face(i int) (string, bool) {
	if v.face[i] == hidden {
		return "", false
	}
	return v.groups[v.face[i]], true
}

// Left returns how many tiles of group g are still in play, seen or not.
func (v *View) Left(g string) int {
	k := v.group(g)
	if int(k) >= len(v.groups) || v.groups[k] != g {
		return 0
	}
	return int(v.left[k])
}

// Groups returns the groups of the set, sorted.
func (v *View) Groups() []string { return v.groups }

// Remaining returns the number of tiles still in play.
func (v *View) Remaining() int { return len(v.face) - 2*v.moves }

// Free reports whether tile i is in play and free (free tiles are always seen).
func (v *View) Free(i int) bool { return !v.gone[i] && v.geo.Playable(i, v.gone) }

// Hidden returns the tiles in play whose faces the player has not seen, in order.
func (v *View) Hidden() []int {
	var out []int
	for i, f := range v.face {
		if !v.gone[i] && f == hidden {
			out = append(out, i)
		}
	}
	return out
}

// Matches returns the moves the player can make: pairs i < j of free tiles of one
// group, in order.
func (v *View) Matches() [][2]int {
	var free []int
	for i := range v.face {
		if v.Free(i) {
			free = append(free, i)
		}
	}
	var out [][2]int
	for a, i := range free {
		for _, j := range free[a+1:] {
			if v.face[i] == v.face[j] {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// covered reports whether every cell of tile i lies under a tile in play, with the
// tiles of gone removed: then its face cannot be seen.
func (v *View) covered(i int, gone []bool) bool {
	t := v.geo.Tiles[i]
	for dx := range 2 {
		for dy := range 2 {
			x, y := t.X+dx, t.Y+dy
			under := false
			for _, u := range v.geo.Above(i) {
				a := v.geo.Tiles[u]
				if !gone[u] && a.X <= x && x < a.X+2 && a.Y <= y && y < a.Y+2 {
					under = true
					break
				}
			}
			if !under {
				return false
			}
		}
	}
	return true
}

// unseen returns the tiles in play that would be seen once tiles i and j are gone
// and are not seen now: what removing them reveals.
func (v *View) unseen(i, j int) []int {
	v.gone[i], v.gone[j] = true, true
	defer func() { v.gone[i], v.gone[j] = false, false }()
	var out []int
	for _, k := range [2]int{i, j} {
		for _, u := range v.geo.Below(k) {
			if !v.gone[u] && v.face[u] == hidden && !slices.Contains(out, u) && !v.covered(u, v.gone) {
				out = append(out, u)
			}
		}
	}
	slices.Sort(out)
	return out
}

// remove records the move (i, j) and the faces it reveals (faces[k], group indices,
// for revealed[k] = v.unseen(i, j)[k]).
func (v *View) remove(i, j int, revealed []int, faces []int16) {
	g := v.face[i]
	v.gone[i], v.gone[j] = true, true
	v.left[g] -= 2
	v.moves++
	for k, u := range revealed {
		v.face[u] = faces[k]
	}
}

// pool returns the faces of the hidden tiles as a multiset, per group: its tiles in
// play less those seen.
func (v *View) pool() []int16 {
	p := slices.Clone(v.left)
	for i, f := range v.face {
		if !v.gone[i] && f != hidden {
			p[f]--
		}
	}
	return p
}

// clone returns a copy of v that shares its geometry.
func (v *View) clone() *View {
	w := *v
	w.gone = slices.Clone(v.gone)
	w.face = slices.Clone(v.face)
	w.left = slices.Clone(v.left)
	return &w
}
