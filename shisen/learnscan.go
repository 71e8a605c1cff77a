package shisen

import "math"

// scan runs the relaxed game under the pairings fixed now (see learn.go) and returns
// the groups it leaves tiles of; it records the round in which each group's first
// tile went.
func (l *learner) scan() []int32 {
	r := l.scratch
	copy(r.cells, l.b.cells)
	for g := range l.round {
		l.round[g] = math.MaxInt
	}
	for rnd, progress := 0, true; progress; rnd++ {
		progress = false
		for g, cs := range l.groups {
			for i, c := range cs {
				if r.cells[c.Y*r.W+c.X] == empty || !l.goes(r, g, i) {
					continue
				}
				r.cells[c.Y*r.W+c.X] = empty
				progress = true
				l.round[g] = min(l.round[g], rnd)
			}
		}
	}
	var left []int32
	for g, cs := range l.groups {
		for _, c := range cs {
			if r.cells[c.Y*r.W+c.X] != empty {
				left = append(left, int32(g))
				break
			}
		}
	}
	return left
}

// goes reports whether member i of group g can go in the relaxed game on r: a path
// joins it to its partner, or, in a free group of four, to any other member (gone or
// not).
func (l *learner) goes(r *Board, g, i int) bool {
	cs := l.groups[g]
	if !r.exposed(cs[i]) && !l.touches(g, i) {
		return false // every path leaves through an open neighbour or ends at one
	}
	switch p := l.fix[g]; {
	case len(cs) == 2:
		return r.Connected(cs[i], cs[1-i])
	case p != free:
		return r.Connected(cs[i], cs[pairing[p][i]])
	}
	for j, u := range cs {
		if j != i && l.ruled[g]&(1<<pairOf(i, j)) == 0 && r.Connected(cs[i], u) {
			return true
		}
	}
	return false
}

// greedy plays a real game under the pairings fixed now: again and again, every pair
// that can go and keeps them; a free group of four pairs up as its first pair to go
// says. It reports whether the board ends empty, and then leaves the play in l.play.
// The pairing each free group took is kept as its phase, the pairing tried first when
// the search branches on it.
func (l *learner) greedy() bool {
	r := l.scratch
	copy(r.cells, l.b.cells)
	l.play = l.play[:0]
	took := l.took()
	for g := range took {
		took[g] = l.fix[g]
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
			cs := l.groups[g]
			for i := range cs {
				for j := i + 1; j < len(cs); j++ {
					a, b := cs[i], cs[j]
					if r.cells[a.Y*r.W+a.X] == empty || r.cells[b.Y*r.W+b.X] == empty {
						continue
					}
					if len(cs) == 4 && took[g] != free && pairing[took[g]][i] != int8(j) {
						continue
					}
					if len(cs) == 4 && took[g] == free && l.ruled[g]&(1<<pairOf(i, j)) != 0 {
						continue
					}
					if !r.Connected(a, b) {
						continue
					}
					if len(cs) == 4 && took[g] == free {
						took[g] = pairOf(i, j)
					}
					r.remove(Move{a, b})
					l.play = append(l.play, Move{a, b})
					progress = true
				}
			}
		}
	}
	return r.Tiles() == 0
}

// took returns the pairings the last greedy game took (free where a group's tiles
// did not go), reusing its slice.
func (l *learner) took() []int8 {
	if len(l.phases) != len(l.groups) {
		l.phases = make([]int8, len(l.groups))
	}
	return l.phases
}

// phase returns the pairing to try first for group g: the one the last greedy game
// took, or 0.
func (l *learner) phase(g int) int8 {
	if p := l.took()[g]; p != free {
		return p
	}
	return 0
}

// pairOf returns the pairing of a group of four in which members i and j are
// partners.
func pairOf(i, j int) int8 {
	for p := range int8(3) {
		if pairing[p][i] == int8(j) {
			return p
		}
	}
	panic("shisen: pairOf of a member with itself")
}

// exposed reports whether some neighbour of c is open.
func (b *Board) exposed(c Cell) bool {
	for _, d := range dirs {
		if b.open(c.X+d.X, c.Y+d.Y) {
			return true
		}
	}
	return false
}

// touches reports whether member i of group g is next to a member it may go with.
func (l *learner) touches(g, i int) bool {
	cs := l.groups[g]
	for j, u := range cs {
		if j == i || len(cs) == 4 && l.fix[g] != free && pairing[l.fix[g]][i] != int8(j) {
			continue
		}
		if d := abs(u.X-cs[i].X) + abs(u.Y-cs[i].Y); d == 1 {
			return true
		}
	}
	return false
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
