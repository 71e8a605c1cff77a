package solver

import (
	"math/bits"

	"github.com/mjsat/mjsat/board"
)

// Closed row ends. A run of tiles at the end of a row, s1 … sk beside a tile t (s1
// next to t, sk the row's end; each with that one neighbour on either side), whose
// groups have no tile outside it, cannot lose a tile while t stays: its tiles can only
// pair among themselves, and while t stays only sk can be free (every other one has
// both neighbours), so no pair of the run is ever free. t's side towards the run
// therefore never clears before t goes: t can go only by its other side. The scan is
// told so (closeEnds), which it cannot find itself, as it forgets the order in which
// tiles went.
//
// One-level boards have such ends: de Bondt's one-level rows (Corollary 4) end in
// four tiles of one group, "p q r c c c c", which can only start going once r has
// gone; with the mark on r, and with the scan's rule that a side neighbour frees a
// tile only if it went away from it (see scanner.remove), the scan sees such a row
// as the stack p, q, r it replaces.

// closeEnds marks, in the scan's counts xCnt0, the sides of tiles that a closed row
// end keeps blocked until the tile goes: the count of that side gets one blocker more,
// which no removal takes away. It sets directed when it marks one.
func (c *compiled) closeEnds(b *board.Board) {
	c.directed = false
	for e := 0; e < c.n; e++ {
		// A row's end (cnt0 counts the side neighbours).
		if c.geo.cnt0[e][2] == 0 {
			c.closeEnd(b, e, b.Right, b.Left, 2)
		}
		if c.geo.cnt0[e][1] == 0 {
			c.closeEnd(b, e, b.Left, b.Right, 1)
		}
	}
}

// closeEnd walks from tile e, which ends a row on the side far, towards the row's
// other end (the side near), and marks side kind (of geometry.cnt0) of every tile t
// it passes whose far side is a closed run ending at e.
func (c *compiled) closeEnd(b *board.Board, e int, far, near func(int) []int, kind int) {
	// The run holds e's group: all of it on e's row, as seldom on a deal.
	te := c.geo.pos[e] // the positions, as the board's tiles have them
	for _, m := range c.members[c.group[e]] {
		if m >= 0 && (c.geo.pos[m].Y != te.Y || c.geo.pos[m].Z != te.Z) {
			return
		}
	}
	var run [maxRun]int // from e inwards
	open := 0           // groups of the run with a tile outside it
	for k, u := 0, e; k < maxRun; k++ {
		g := c.group[u]
		n := 1
		for _, v := range run[:k] {
			if c.group[v] == g {
				n++
			}
		}
		if n == 1 {
			open++
		}
		if n == bits.OnesCount8(c.full[g]) {
			open--
		}
		run[k] = u
		nb := near(u)
		if len(nb) != 1 {
			return
		}
		t := nb[0]
		if fb := far(t); len(fb) != 1 || fb[0] != u {
			return
		}
		if open == 0 {
			c.xCnt0[t][kind]++
			c.directed = true
		}
		u = t
	}
}
