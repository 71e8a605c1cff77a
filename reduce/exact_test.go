package reduce

import (
	"errors"
	"strings"

	"github.com/mjsat/mjsat/board"
)

// exact decides whether a board can be cleared, by a depth-first search over positions
// with a memo of dead positions. It works on any board (stacks or one level) through
// board.Board's own rules, and shortens the search only by rules that are sound for
// every board, using that removing tiles never makes another tile unplayable:
//
//   - clear: if all remaining tiles of a group can be removed now by moves of that
//     group alone, remove them (a winning play with those moves deleted stays legal);
//   - inert pair: if x and y are free and the group's two other remaining tiles z, w
//     are inert (no present tile below or beside them, so removing them frees
//     nothing), pair x with y: a winning play pairing x–z, y–w can pair z–w at the
//     later of the two times instead;
//   - release: if x and y are free and one of them covers w, a third remaining tile of
//     the group that is playable as soon as x and y are gone, pair x with y. In a
//     winning play the cover of w cannot go with w, so w goes with x (or y) after the
//     cover has gone with z; pairing x–y now and z–w when z went frees every tile no
//     later than that play did;
//   - strand: never play x–y when the group's two other remaining tiles are one above
//     the other (they could never be removed together).
//
// The search is independent of the construction: it knows nothing about gadgets.
type exact struct {
	b      *board.Board
	dead   map[string]bool
	nodes  int
	budget int
}

var errBudget = errors.New("exact search: node budget exhausted")

func newExact(b *board.Board, budget int) *exact {
	return &exact{b: b, dead: map[string]bool{}, budget: budget}
}

func (x *exact) key(gone []bool) string {
	var sb strings.Builder
	var acc byte
	for i, g := range gone {
		if g {
			acc |= 1 << (i % 8)
		}
		if i%8 == 7 || i == len(gone)-1 {
			sb.WriteByte(acc)
			acc = 0
		}
	}
	return sb.String()
}

func (x *exact) remaining(g int, gone []bool) []int {
	var r []int
	for _, t := range x.b.Members(g) {
		if !gone[t] {
			r = append(r, t)
		}
	}
	return r
}

// clearable reports whether the tiles rem can all be removed now using only moves
// among themselves, and returns the moves.
func (x *exact) clearable(rem []int, gone []bool) ([][2]int, bool) {
	if len(rem) == 0 {
		return nil, true
	}
	for i := 0; i < len(rem); i++ {
		if !x.b.Playable(rem[i], gone) {
			continue
		}
		for j := i + 1; j < len(rem); j++ {
			if !x.b.Playable(rem[j], gone) {
				continue
			}
			gone[rem[i]], gone[rem[j]] = true, true
			var rest []int
			for k, t := range rem {
				if k != i && k != j {
					rest = append(rest, t)
				}
			}
			mv, ok := x.clearable(rest, gone)
			gone[rem[i]], gone[rem[j]] = false, false
			if ok {
				return append([][2]int{{rem[i], rem[j]}}, mv...), true
			}
		}
	}
	return nil, false
}

func (x *exact) inert(t int, gone []bool) bool {
	for _, side := range [][]int{x.b.Below(t), x.b.Left(t), x.b.Right(t)} {
		for _, u := range side {
			if !gone[u] {
				return false
			}
		}
	}
	return true
}

func (x *exact) stacked(z, w int) bool {
	for _, u := range x.b.Above(z) {
		if u == w {
			return true
		}
	}
	for _, u := range x.b.Above(w) {
		if u == z {
			return true
		}
	}
	return false
}

// forced applies the clear and inert-pair rules until neither applies.
func (x *exact) forced(gone []bool) {
	for changed := true; changed; {
		changed = false
		for g := 0; g < x.b.NumGroups(); g++ {
			rem := x.remaining(g, gone)
			if len(rem) == 0 {
				continue
			}
			if mv, ok := x.clearable(rem, gone); ok {
				for _, m := range mv {
					gone[m[0]], gone[m[1]] = true, true
				}
				changed = true
				continue
			}
			if len(rem) != 4 {
				continue
			}
		pairs:
			for i := 0; i < 4; i++ {
				for j := i + 1; j < 4; j++ {
					if !x.b.Playable(rem[i], gone) || !x.b.Playable(rem[j], gone) {
						continue
					}
					ok := true
					for k := 0; k < 4; k++ {
						if k != i && k != j && !x.inert(rem[k], gone) {
							ok = false
						}
					}
					if !ok {
						gone[rem[i]], gone[rem[j]] = true, true
						for k := 0; k < 4 && !ok; k++ {
							if k != i && k != j && (x.stacked(rem[i], rem[k]) || x.stacked(rem[j], rem[k])) && x.b.Playable(rem[k], gone) {
								ok = true
							}
						}
						gone[rem[i]], gone[rem[j]] = false, false
					}
					if ok {
						gone[rem[i]], gone[rem[j]] = true, true
						changed = true
						break pairs
					}
				}
			}
		}
	}
}

// solvable reports whether the position gone (not modified) can be cleared.
func (x *exact) solvable(gone0 []bool) (bool, error) {
	x.nodes++
	if x.nodes > x.budget {
		return false, errBudget
	}
	gone := append([]bool(nil), gone0...)
	x.forced(gone)
	done := true
	for _, g := range gone {
		done = done && g
	}
	if done {
		return true, nil
	}
	k := x.key(gone)
	if x.dead[k] {
		return false, nil
	}
	for g := 0; g < x.b.NumGroups(); g++ {
		rem := x.remaining(g, gone)
		for i := 0; i < len(rem); i++ {
			if !x.b.Playable(rem[i], gone) {
				continue
			}
			for j := i + 1; j < len(rem); j++ {
				if !x.b.Playable(rem[j], gone) {
					continue
				}
				var others []int
				for _, t := range rem {
					if t != rem[i] && t != rem[j] {
						others = append(others, t)
					}
				}
				if len(others) == 2 && x.stacked(others[0], others[1]) {
					continue
				}
				gone[rem[i]], gone[rem[j]] = true, true
				ok, err := x.solvable(gone)
				gone[rem[i]], gone[rem[j]] = false, false
				if ok || err != nil {
					return ok, err
				}
			}
		}
	}
	x.dead[k] = true
	return false, nil
}
