package shisen

import "slices"

// This file is the pairing search's scan on boards of profileTiles or more (the 3-SAT
// reduction's), for the groups of four whose pairing is not fixed: one profile per
// pairing still allowed, as Mahjong's solver keeps them, and precedences.
//
// In the closure of goes, a free tile goes with any member it may pair with, gone or
// not, so two tiles of a group can lean on one partner that went with a third. A
// profile keeps the members gone in its pairing: a pair goes in its profile once a path
// joins its two tiles, and a member goes, for the rest of the board, once gone in some
// profile. Soundness: in a play that keeps pairing p of the group, every tile it has
// taken is gone in the scan, and every tile of the group it has taken is gone in
// profile p, by induction on its moves.
//
// A profile's path must treat as still there the group's tiles not gone in it, and
// every tile that no play takes while one of those is there (its precedences): on
// the reduction's boards a group's tiles block each other through walls and spacers,
// which go, for the rest of the board, as soon as the group's tile goes in any
// profile. A tile's precedences are the tiles that the relaxed game of stranded
// leaves with that tile kept on the board and no tile going with it: every state of
// a play in which it is still there is a state of that game.

// profiles is the scan's state for the groups it keeps in profiles.
type profiles struct {
	on    []bool  // per group: kept in profiles in the scan at hand
	gone  []uint8 // per group and pairing: the members gone in that profile
	after [][]int // per cell of a group of four: the cells no play empties while its tile is there
	back  []int   // connectedIn's cells put back
}

// pairings of a group of four: pairing p joins member 0 with p+1, and the other two.
var pairings = [3][2][2]int{{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}}

// startProfiles sets which groups the scan keeps in profiles under the partners
// fixed now: the groups of four not paired, with two pairings or more allowed.
func (l *learner) startProfiles() {
	pf := &l.prof
	if pf.on == nil {
		pf.on = make([]bool, len(l.groups))
		pf.gone = make([]uint8, 3*len(l.groups))
		l.precedences()
	}
	for g, cs := range l.groups {
		pf.on[g] = false
		if len(cs) != 4 || l.unpaired(g) != 4 {
			continue
		}
		allowed := 0
		for p := range pairings {
			if !l.ruled[g][p+1] {
				allowed++
			}
			pf.gone[3*g+p] = 0
		}
		pf.on[g] = allowed >= 2
	}
}

// precedences sets l.prof.after for every tile of a group of four. It keeps the
// relaxed game of stranded as the search keeps its scans (fixpoint.go): from the
// game's fixpoint with every partner free, keeping a tile on the board (no tile may
// go with it) puts back only the tiles whose going rested on it, so each tile costs
// what it holds up rather than a game over the whole board. It is called at the
// first scan, at the root, so that the partners fixed then hold for every play.
func (l *learner) precedences() {
	b := l.b
	l.prof.after = make([][]int, len(b.cells))
	kept, profiled := l.fp, l.profiled
	l.fp, l.profiled = newFixpoint(b), false
	defer func() { l.fp, l.profiled = kept, profiled }()
	l.scanKept()
	for g, cs := range l.groups {
		if len(cs) != 4 {
			continue
		}
		was := slices.Clone(l.ruled[g])
		for i, u := range cs {
			m := l.mark()
			for j := range cs {
				if j != i {
					l.ruled[g][i*4+j], l.ruled[g][j*4+i] = true, true
				}
			}
			l.touch(g)
			l.scanKept()
			var after []int
			for _, t := range l.relax.rest {
				if c := l.groups[t.g][t.i]; c != u {
					after = append(after, c.Y*b.W+c.X)
				}
			}
			l.prof.after[u.Y*b.W+u.X] = after
			copy(l.ruled[g], was)
			l.restore(m)
		}
	}
}

// goesInProfiles is goes for a group kept in profiles: it plays every pair of an
// allowed pairing that can go in its profile, hands its members to the closure to
// take, and reports whether member i is gone in some profile.
func (l *learner) goesInProfiles(r *Board, g, i int) bool {
	cs := l.groups[g]
	pf := &l.prof
	var union uint8
	for p, pairs := range pairings {
		if l.ruled[g][p+1] {
			continue
		}
		for _, pr := range pairs {
			x, y := pr[0], pr[1]
			if pf.gone[3*g+p]&(1<<x|1<<y) != 0 {
				continue
			}
			if l.connectedIn(r, g, p, cs[x], cs[y]) {
				pf.gone[3*g+p] |= 1<<x | 1<<y
				l.relax.next = append(l.relax.next, member{int32(g), int32(x)}, member{int32(g), int32(y)})
			}
		}
		union |= pf.gone[3*g+p]
	}
	return union&(1<<i) != 0
}

// connectedIn reports whether a path joins a and b on r as profile p of group g sees
// it: with the group's tiles not gone in p, and their precedences, put back.
func (l *learner) connectedIn(r *Board, g, p int, a, b Cell) bool {
	pf := &l.prof
	gone := pf.gone[3*g+p]
	pf.back = pf.back[:0]
	for m, c := range l.groups[g] {
		if gone&(1<<m) != 0 {
			continue
		}
		k := c.Y*r.W + c.X
		pf.putBack(r, l.b, k)
		for _, k2 := range pf.after[k] {
			pf.putBack(r, l.b, k2)
		}
	}
	ok := r.Connected(a, b)
	for _, k := range pf.back {
		r.cells[k] = empty
	}
	return ok
}

// putBack puts the tile of cell k of b back on r when r has it gone, and records it.
func (pf *profiles) putBack(r, b *Board, k int) {
	if r.cells[k] == empty {
		r.cells[k] = b.cells[k]
		pf.back = append(pf.back, k)
	}
}
