package shisen

import (
	"math"
	"slices"
)

// scan runs the relaxed game under the partners fixed now (see learn.go) and returns
// the groups it leaves tiles of, in order; it records when each group's first tile
// went, as its place in the order in which the tiles went (a kept fixpoint records
// that order in its trail, which pick reads).
func (l *learner) scan() []int32 {
	if l.fp != nil {
		return l.scanKept()
	}
	if l.profiled {
		l.startProfiles() // first, as its precedences use l.scratch
		clear(l.prof.gone)
	}
	r := l.scratch
	copy(r.cells, l.b.cells)
	for g := range l.first {
		l.first[g] = math.MaxInt
	}
	l.relax.closure(r, l.goes, func(g, k int) { l.first[g] = min(l.first[g], k) })
	return l.left()
}

// left returns the groups of the tiles the last closure left, in order.
func (l *learner) left() []int32 {
	var left []int32
	for _, t := range l.relax.rest { // in the order of the groups
		if len(left) == 0 || left[len(left)-1] != t.g {
			left = append(left, t.g)
		}
	}
	return left
}

// grow runs the relaxed game on from, the cells of a fixpoint of the scan under these
// partners or more fixed ones (with its profiles, l.failedIn, on a board that keeps
// them), on to a fixpoint under the partners fixed now, and reports whether it leaves
// tiles; the fixpoint is left in l.scratch (and its profiles in l.prof.spare).
//
// The relaxed game only lets more go from a state with more gone, so a fixpoint
// reached from from holds at most the tiles a scan of the whole board leaves: when
// it leaves tiles, so does the scan. Without profiles it is that scan's fixpoint:
// every cell that the scan under more fixed partners empties, the scan under fewer
// empties too, so from is a state of the relaxed game now. With profiles, a group set
// free goes in its profiles, which see more tiles than its partners did: from may
// have gone further than the game now goes, and the fixpoint hold fewer tiles than
// the scan's. shorten then keeps a pair that it might have dropped, and no more. It
// costs the tiles from still holds.
func (l *learner) grow(from []int16) bool {
	copy(l.scratch.cells, from)
	if !l.profiled {
		return l.relax.closure(l.scratch, l.goes, nil) > 0
	}
	pf := &l.prof
	if pf.spare == nil {
		pf.spare = make([]uint8, len(pf.gone))
	}
	copy(pf.spare, l.failedIn)
	pf.gone, pf.spare = pf.spare, pf.gone
	defer func() { pf.gone, pf.spare = pf.spare, pf.gone }()
	return l.relax.closure(l.scratch, l.goes, nil) > 0
}

// goes reports whether member i of group g can go in the relaxed game on r: a path
// joins it to its partner, or, when it has none yet, to a free member it may pair
// with (gone or not). The path it found and the member at its end are left in l.via,
// for the kept fixpoint's trail.
func (l *learner) goes(r *Board, g, i int) bool {
	if l.inProfiles(g) {
		return l.goesInProfiles(r, g, i)
	}
	cs := l.groups[g]
	mates := l.mates(g, i)
	if !r.exposed(cs[i]) && !touches(cs, i, mates) {
		return false // every path leaves through an open neighbour or ends at one
	}
	for _, j := range mates {
		if c, k, ok := r.find(cs[i], cs[j]); ok {
			l.via = l.newTaking(g, i, j, -1, viaOf(c, k))
			return true
		}
	}
	return false
}

// mates returns the members that member i of group g may go with now: its partner,
// or, when it has none, the free members of g other than i that it is not ruled out
// to pair with. It reuses a buffer of l.
func (l *learner) mates(g, i int) []int {
	l.buf = l.buf[:0]
	if p := l.partner[g][i]; p != free {
		return append(l.buf, int(p))
	}
	n := len(l.groups[g])
	for j, p := range l.partner[g] {
		if j != i && p == free && !l.ruled[g][i*n+j] {
			l.buf = append(l.buf, j)
		}
	}
	return l.buf
}

// touches reports whether member i of cs is next to one of the members mates.
func touches(cs []Cell, i int, mates []int) bool {
	for _, j := range mates {
		if adjacent(cs[i], cs[j]) {
			return true
		}
	}
	return false
}

// greedy plays a real game under the partners fixed now: again and again, every pair
// that can go and keeps them; free tiles pair up as the first pair to go says. It
// reports whether the board ends empty, and then leaves the play in l.play. The
// partner each free tile took is kept as its phase, the partner tried first when the
// search branches on it.
func (l *learner) greedy() bool {
	r := l.scratch
	copy(r.cells, l.b.cells)
	l.play = l.play[:0]
	for g := range l.phases {
		copy(l.phases[g], l.partner[g])
	}
	if len(l.perm) != len(l.groups) {
		l.perm = make([]int, len(l.groups))
		for g := range l.perm {
			l.perm[g] = g
		}
	}
	l.rng.Shuffle(len(l.perm), func(i, j int) { l.perm[i], l.perm[j] = l.perm[j], l.perm[i] })
	for progress := true; progress; {
		progress = false
		for _, g := range l.perm {
			cs, took := l.groups[g], l.phases[g]
			n := len(cs)
			for i := range cs {
				for j := i + 1; j < n; j++ {
					a, b := cs[i], cs[j]
					if r.cells[a.Y*r.W+a.X] == empty || r.cells[b.Y*r.W+b.X] == empty {
						continue
					}
					if took[i] != int8(j) && (took[i] != free || took[j] != free || l.ruled[g][i*n+j]) {
						continue
					}
					if !r.Connected(a, b) {
						continue
					}
					took[i], took[j] = int8(j), int8(i)
					r.remove(Move{a, b})
					l.play = append(l.play, Move{a, b})
					progress = true
				}
			}
		}
	}
	return r.Tiles() == 0
}

// greedyNow reports whether the search plays a greedy game at this node: always on
// deals; on boards with profiles, once the nodes skipped since the last game lost
// are passed.
func (l *learner) greedyNow() bool {
	return !l.profiled || l.s.nodes >= l.nextGame
}

// greedyLost records a greedy game that did not win: on boards with profiles the
// search skips the next ones for twice as many nodes as before, up to maxGreedySkip.
func (l *learner) greedyLost() {
	if l.profiled {
		l.skip = min(2*l.skip+1, maxGreedySkip)
		l.nextGame = l.s.nodes + l.skip
	}
}

// probe rules out at the root each pair of free members that the relaxed game, with
// that pair alone fixed, refutes (failed-literal probing, as the Mahjong solver
// does), and fixes for good a tile left with one member to pair with; it repeats
// while that fixes tiles. Such facts hold whatever else is fixed, so no refutation
// needs to name them. It reports false when some tile has no member left to pair
// with: the board is lost.
//
// Of four free members, a pair leaves the other two only each other: the pair and the
// other two are one pairing, which the scan refutes or not as a whole. So there only
// the three pairs of the first free member are asked, and each answer holds for the
// other two as well.
func (l *learner) probe() bool {
	for changed := true; changed; {
		changed = false
		for g, cs := range l.groups {
			n := len(cs)
			four := l.freeFour(g)
			for i := range cs {
				for j := i + 1; j < n; j++ {
					if l.partner[g][i] != free || l.partner[g][j] != free || l.ruled[g][i*n+j] {
						continue
					}
					var k, m int // the other two of four free members
					if four != nil {
						if i != four[0] {
							continue // asked with the pair of the first and the other two
						}
						rest := slices.DeleteFunc(slices.Clone(four[1:]), func(x int) bool { return x == j })
						k, m = rest[0], rest[1]
						if l.ruled[g][k*n+m] {
							l.ruled[g][i*n+j], l.ruled[g][j*n+i] = true, true
							continue
						}
					}
					if l.s.stop() {
						return true // the search that follows stops at once
					}
					if l.refutes(g, i, j) {
						l.ruled[g][i*n+j], l.ruled[g][j*n+i] = true, true
						if four != nil {
							l.ruled[g][k*n+m], l.ruled[g][m*n+k] = true, true
						}
						l.touch(g)
					}
				}
			}
			for i := range cs {
				if l.partner[g][i] != free {
					continue
				}
				switch m := l.mates(g, i); len(m) {
				case 0:
					return false
				case 1:
					l.partner[g][i], l.partner[g][m[0]] = int8(m[0]), int8(i)
					l.touch(g)
					changed = true
				}
			}
		}
	}
	return true
}

// refutes reports whether the scan fails with members i and j of group g, both free,
// fixed as partners; they are free again on return.
func (l *learner) refutes(g, i, j int) bool {
	m := l.mark()
	l.partner[g][i], l.partner[g][j] = int8(j), int8(i)
	l.touch(g)
	lost := len(l.scan()) > 0
	l.partner[g][i], l.partner[g][j] = free, free
	l.restore(m)
	return lost
}

// fixpoint returns the board that holds the last scan's fixpoint.
func (l *learner) fixpoint() *Board {
	if l.fp != nil {
		return l.fp.b
	}
	return l.scratch
}

// freeFour returns the members of group g whose partner is not fixed when they are
// four, else nil.
func (l *learner) freeFour(g int) []int {
	var out []int
	for i, p := range l.partner[g] {
		if p == free {
			out = append(out, i)
		}
	}
	if len(out) != 4 {
		return nil
	}
	return out
}

// unpaired returns the number of members of group g whose partner is not fixed.
func (l *learner) unpaired(g int) int {
	n := 0
	for _, p := range l.partner[g] {
		if p == free {
			n++
		}
	}
	return n
}
