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
//
// A group's profiles also have one fixpoint: what goes in a profile only lets more
// go. So the kept fixpoint (fixpoint.go) keeps them too, each pair gone in a profile
// an entry of its trail.

// profiles is the scan's state for the groups it keeps in profiles.
type profiles struct {
	gone  []uint8 // per group and pairing: the members gone in that profile
	spare []uint8 // gone of grow's fixpoint, apart from the scans' own
	after [][]int // per cell of a group of four: the cells no play empties while its tile is there
	back  []int   // pathIn's cells put back
}

// pairings of a group of four: pairing p joins member 0 with p+1, and the other two.
var pairings = [3][2][2]int{{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}}

// startProfiles readies the profiles' state. At the first call, at the root, it
// finds the precedences.
func (l *learner) startProfiles() {
	pf := &l.prof
	if pf.gone == nil {
		pf.gone = make([]uint8, 3*len(l.groups))
		l.precedences()
	}
}

// inProfiles reports whether the scans keep group g in profiles under the partners
// fixed now: on a board whose scans keep profiles, a group of four not paired, with
// two pairings or more allowed.
func (l *learner) inProfiles(g int) bool {
	if !l.profiled || len(l.groups[g]) != 4 || l.unpaired(g) != 4 {
		return false
	}
	allowed := 0
	for p := range pairings {
		if !l.ruled[g][p+1] {
			allowed++
		}
	}
	return allowed >= 2
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
// allowed pairing that can go in its profile, again while that lets more go (a pair
// gone opens its profile to the other), hands its members to the closure to take, and
// reports whether member i is gone in some profile. On the kept fixpoint's board it
// records each pair that goes in the fixpoint's trail.
func (l *learner) goesInProfiles(r *Board, g, i int) bool {
	cs := l.groups[g]
	pf := &l.prof
	var union uint8
	for more := true; more; {
		more, union = false, 0
		for p, pairs := range pairings {
			if l.ruled[g][p+1] {
				continue
			}
			for _, pr := range pairs {
				x, y := pr[0], pr[1]
				if pf.gone[3*g+p]&(1<<x|1<<y) != 0 {
					continue
				}
				if via, ok := l.pathIn(r, g, p, cs[x], cs[y]); ok {
					pf.gone[3*g+p] |= 1<<x | 1<<y
					l.relax.next = append(l.relax.next, member{int32(g), int32(x)}, member{int32(g), int32(y)})
					if l.fp != nil && r == l.fp.b {
						l.record(l.newTaking(g, x, y, int8(p), via))
					}
					more = true
				}
			}
			union |= pf.gone[3*g+p]
		}
	}
	return union&(1<<i) != 0
}

// pathIn returns the corners of a path that joins a and b on r as profile p of group g
// sees it: with the group's tiles not gone in p, and their precedences, put back.
func (l *learner) pathIn(r *Board, g, p int, a, b Cell) ([2]corner, bool) {
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
	c, k, ok := r.find(a, b)
	for _, k := range pf.back {
		r.cells[k] = empty
	}
	return viaOf(c, k), ok
}

// putBack puts the tile of cell k of b back on r when r has it gone, and records it.
func (pf *profiles) putBack(r, b *Board, k int) {
	if r.cells[k] == empty {
		r.cells[k] = b.cells[k]
		pf.back = append(pf.back, k)
	}
}
