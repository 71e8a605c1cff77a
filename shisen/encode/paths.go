package encode

import (
	"cmp"
	"slices"

	"github.com/mjsat/mjsat/shisen"
)

// paths returns the paths of at most three segments between the tiles at a and t,
// each as the tiles on it (sorted), leaving out a path whose tiles include another's.
// The paths are those the rules allow once every tile on them is gone: through the
// board's cells and the ring just outside it, never through a or t.
func (e *Encoding) paths(a, t shisen.Cell) [][]int {
	var corners [][]shisen.Cell
	if a.X == t.X || a.Y == t.Y {
		corners = append(corners, nil)
	} else {
		corners = append(corners, []shisen.Cell{{X: a.X, Y: t.Y}}, []shisen.Cell{{X: t.X, Y: a.Y}})
	}
	if a.Y != t.Y {
		for x := -1; x <= e.b.W; x++ {
			if x != a.X && x != t.X {
				corners = append(corners, []shisen.Cell{{X: x, Y: a.Y}, {X: x, Y: t.Y}})
			}
		}
	}
	if a.X != t.X {
		for y := -1; y <= e.b.H; y++ {
			if y != a.Y && y != t.Y {
				corners = append(corners, []shisen.Cell{{X: a.X, Y: y}, {X: t.X, Y: y}})
			}
		}
	}
	var out [][]int
	for _, ks := range corners {
		if ts, ok := e.walk(a, ks, t); ok {
			out = append(out, ts)
		}
	}
	return minimal(out)
}

// walk follows the segments from a through the corners ks to t and returns the tiles
// on the way; ok is false when the way runs through a or t.
func (e *Encoding) walk(a shisen.Cell, ks []shisen.Cell, t shisen.Cell) (tiles []int, ok bool) {
	at := a
	for _, to := range append(slices.Clone(ks), t) {
		dx, dy := cmp.Compare(to.X, at.X), cmp.Compare(to.Y, at.Y)
		for at != to {
			at = shisen.Cell{X: at.X + dx, Y: at.Y + dy}
			if at == t && to == t {
				break
			}
			if at == a || at == t {
				return nil, false
			}
			if k, ok := e.at[at]; ok {
				tiles = append(tiles, k)
			}
		}
	}
	slices.Sort(tiles)
	return slices.Compact(tiles), true
}

// minimal drops duplicate paths and those whose tiles include another path's.
func minimal(ps [][]int) [][]int {
	slices.SortStableFunc(ps, func(x, y []int) int { return len(x) - len(y) })
	var out [][]int
	for _, p := range ps {
		if !slices.ContainsFunc(out, func(q []int) bool { return subset(q, p) }) {
			out = append(out, p)
		}
	}
	return out
}

// subset reports whether the sorted list q is within the sorted list p.
func subset(q, p []int) bool {
	i := 0
	for _, v := range p {
		if i < len(q) && q[i] == v {
			i++
		}
	}
	return i == len(q)
}
