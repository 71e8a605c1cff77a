package explain

import (
	"fmt"
	"strings"

	"github.com/mjsat/mjsat/board"
)

// pairings of a group of four as member indices: its three ways to pair its tiles.
var pairings = [3][2][2]int{{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}}

// unpairable returns, when no way of pairing group g's tiles can be played because
// of what lies on what, a reason for each way, in words; otherwise nil. A pair can
// never be played when one tile lies over the other (covers it, or lies on a tile
// that does, and so on: the lower one is free only once the upper one is gone), and
// two pairs of a group of four never when each has a tile lying over a tile of the
// other. The native solver rules such pairings out before it plays (see
// solver.compiled.covered); here they are worded for a person.
func unpairable(b *board.Board, g int) []string {
	m := b.Members(g)
	var ways [][2][2]int
	switch len(m) {
	case 2:
		ways = [][2][2]int{{{0, 1}, {0, 1}}}
	case 4:
		ways = pairings[:]
	default:
		return nil
	}
	var out []string
	for _, w := range ways {
		why := wayBlocked(b, m, w)
		if why == "" {
			return nil // this way may be played
		}
		if len(m) == 4 {
			why = fmt.Sprintf("%d–%d and %d–%d: %s", id(b, m[w[0][0]]), id(b, m[w[0][1]]), id(b, m[w[1][0]]), id(b, m[w[1][1]]), why)
		} else {
			why = fmt.Sprintf("%d–%d: %s", id(b, m[0]), id(b, m[1]), why)
		}
		out = append(out, why)
	}
	return out
}

// wayBlocked says why the way w of pairing the members m of a group (member indices;
// a group of two has the one pair twice) can never be played, or "".
func wayBlocked(b *board.Board, m []int, w [2][2]int) string {
	for _, pr := range w {
		if why := pairBlocked(b, m[pr[0]], m[pr[1]]); why != "" {
			return why
		}
	}
	if len(m) == 4 {
		return pairsWait(b, [2]int{m[w[0][0]], m[w[0][1]]}, [2]int{m[w[1][0]], m[w[1][1]]})
	}
	return ""
}

// pairBlocked says why tiles x and y can never be played together, or "".
func pairBlocked(b *board.Board, x, y int) string {
	if c := b.Over(x, y); c != nil {
		return liesOver(b, c)
	}
	if c := b.Over(y, x); c != nil {
		return liesOver(b, c)
	}
	return ""
}

// pairsWait says why pairs p and q can never both be played, each having a tile
// that lies over a tile of the other, or "".
func pairsWait(b *board.Board, p, q [2]int) string {
	first := func(p, q [2]int) []int { // a chain from a tile of p up to a tile of q
		for _, t := range p {
			for _, u := range q {
				if c := b.Over(t, u); c != nil {
					return c
				}
			}
		}
		return nil
	}
	a, c := first(p, q), first(q, p)
	if a == nil || c == nil {
		return ""
	}
	return "each pair waits for the other: " + liesOver(b, a) + ", and " + liesOver(b, c)
}

// liesOver words a chain from Board.Over: "143 lies on 25", or "143 lies over 22 through
// 67, 104, 130 and 141".
func liesOver(b *board.Board, c []int) string {
	top, bottom := id(b, c[len(c)-1]), id(b, c[0])
	if len(c) == 2 {
		return fmt.Sprintf("%d lies on %d", top, bottom)
	}
	var mid []string
	for _, t := range c[1 : len(c)-1] {
		mid = append(mid, fmt.Sprint(id(b, t)))
	}
	through := mid[0]
	if len(mid) > 1 {
		through = strings.Join(mid[:len(mid)-1], ", ") + " and " + mid[len(mid)-1]
	}
	return fmt.Sprintf("%d lies over %d through %s", top, bottom, through)
}

func id(b *board.Board, t int) int { return b.Tiles[t].ID }
