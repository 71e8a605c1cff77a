package shisen

import "math"

// This file keeps the pairing search's relaxed game (learnscan.go) from one scan to
// the next on boards of keptTiles or more that do not keep profiles (KShisen's larger
// deals), where a scan of the whole board costs hundreds of path searches and a
// node's new pair changes a few columns; precedences (profile.go) use it too.
//
// The relaxed game has one fixpoint under given partners: the tiles it takes do not
// depend on the order it tries them. So a scan may start from any state of the game
// that holds only tiles the fixpoint takes, and go on from there. The fixpoint keeps,
// for each tile it took, the path that let it go and the member at its end. Fixing a
// pair in a group only takes mates away from that group's members. So after it, the
// tiles taken since the first whose recorded mate is no longer its own are gone
// through in the order they went: each whose mate is still allowed and whose path
// crosses no cell put back stays; any other looks for a new path on the cells open at
// its turn, and is put back when it finds none. What is left was taken, each tile in
// turn, by a path open before it and a mate still allowed: a state of the game under
// the new partners, from which the relaxed game goes on to its new fixpoint. Setting
// a pair free again only adds mates, so the search undoes a child's changes from a
// log rather than scanning again.

// taking is a tile the relaxed game took: member t, by a path with corners path
// (from t's cell to mate's, corners repeated where the path has fewer turns) to
// member mate of its group. dead is set when it was put back.
type taking struct {
	t    member
	mate int32
	path [4]Cell
	dead bool
}

// fixpoint is the relaxed game's state kept by a learner on a long board: the
// fixpoint under the partners fixed when it was last brought up to date, the tiles it
// took in order, and a log of the tiles put back, so that the search can undo a
// child's scan.
type fixpoint struct {
	b      *Board
	trail  []taking
	at     []int32   // per cell: its live trail entry, or -1
	killed []int32   // trail entries put back, in order (the undo log)
	dirty  []int32   // groups whose mates were narrowed since the last scan
	rows   [][]int32 // cells put back by the take-back at hand: x's per row (+1 for the ring)
	cols   [][]int32 // the same: y's per column
	open   int       // marks not yet restored
	built  bool      // the fixpoint was computed once
}

// fpMark is a point of the fixpoint's history that restore goes back to.
type fpMark struct{ trail, killed, open int }

// newFixpoint returns the state for boards of b's shape; it is built at the first
// scan.
func newFixpoint(b *Board) *fixpoint {
	fp := &fixpoint{b: b.Clone(), at: make([]int32, len(b.cells))}
	fp.rows = make([][]int32, b.H+2)
	fp.cols = make([][]int32, b.W+2)
	return fp
}

// scanKept is scan on a long board: it brings the kept fixpoint up to date with the
// partners fixed now and returns the groups it leaves tiles of, in order.
func (l *learner) scanKept() []int32 {
	fp := l.fp
	if !fp.built {
		copy(fp.b.cells, l.b.cells)
		fp.trail = fp.trail[:0]
		fp.killed = fp.killed[:0]
		for i := range fp.at {
			fp.at[i] = -1
		}
		fp.built = true
	} else {
		l.takeBack()
	}
	fp.dirty = fp.dirty[:0]
	l.relax.closure(fp.b, l.goes, func(int, int) {
		fp.at[l.cellOf(l.via.t)] = int32(len(fp.trail))
		fp.trail = append(fp.trail, l.via)
	})
	if fp.open == 0 && 2*len(fp.killed) > len(fp.trail) {
		fp.compact()
	}
	return l.left()
}

// compact drops the tiles put back from the trail, once no mark points into it: at
// the root, the probes' and restarts' narrowings stay for good, and would otherwise
// leave the trail longer with each.
func (fp *fixpoint) compact() {
	live := fp.trail[:0]
	for _, e := range fp.trail {
		if !e.dead {
			c := e.path[0]
			fp.at[c.Y*fp.b.W+c.X] = int32(len(live))
			live = append(live, e)
		}
	}
	fp.trail = live
	fp.killed = fp.killed[:0]
}

// touch records that group g's mates were narrowed: the next scan takes back what its
// members took by mates no longer theirs.
func (l *learner) touch(g int) {
	if l.fp != nil {
		l.fp.dirty = append(l.fp.dirty, int32(g))
	}
}

// mark returns the point to which restore brings the fixpoint back. Narrowings not
// yet scanned are scanned first, so that they stay.
func (l *learner) mark() fpMark {
	if l.fp == nil {
		return fpMark{}
	}
	if len(l.fp.dirty) > 0 {
		l.scanKept()
	}
	l.fp.open++
	return fpMark{len(l.fp.trail), len(l.fp.killed), l.fp.open - 1}
}

// restore brings the fixpoint back to m, once the partners are as they were at m:
// the tiles taken since go back on the board, then those put back since, taken
// before m, are taken again.
func (l *learner) restore(m fpMark) {
	fp := l.fp
	if fp == nil {
		return
	}
	for k := len(fp.trail) - 1; k >= m.trail; k-- {
		c := l.cellOf(fp.trail[k].t)
		fp.b.cells[c] = int16(fp.trail[k].t.g)
		fp.at[c] = -1
	}
	fp.trail = fp.trail[:m.trail]
	for k := len(fp.killed) - 1; k >= m.killed; k-- {
		e := fp.killed[k]
		if int(e) >= m.trail {
			continue // taken after m, and put back: gone with the rest
		}
		fp.trail[e].dead = false
		c := l.cellOf(fp.trail[e].t)
		fp.b.cells[c] = empty
		fp.at[c] = e
	}
	fp.killed = fp.killed[:m.killed]
	fp.dirty = fp.dirty[:0]
	fp.open = m.open
}

// cellOf returns the index of member t's cell.
func (l *learner) cellOf(t member) int {
	c := l.groups[t.g][t.i]
	return c.Y*l.b.W + c.X
}

// takeBack brings the kept fixpoint to a state of the relaxed game under the
// partners fixed now. It goes through the tiles taken since the first that a dirty
// group's member took by a mate no longer its own, in the order they went, on
// l.scratch set to the cells open at that point. A tile whose mate is still allowed
// and whose path crosses no cell put back stays as it is; another looks for a new
// path there, to any mate allowed, and is put back when it finds none. A tile kept
// so goes by cells open before it, so the search's undo (restore) keeps it too.
func (l *learner) takeBack() {
	fp := l.fp
	first := len(fp.trail)
	for _, g := range fp.dirty {
		for i := range l.groups[g] {
			e := fp.at[l.cellOf(member{g, int32(i)})]
			if e >= 0 && !l.allowed(int(g), i, int(fp.trail[e].mate)) {
				first = min(first, int(e))
			}
		}
	}
	if first == len(fp.trail) {
		return
	}
	cur := l.scratch
	copy(cur.cells, fp.b.cells)
	for k := first; k < len(fp.trail); k++ {
		if e := fp.trail[k]; !e.dead {
			cur.cells[l.cellOf(e.t)] = int16(e.t.g)
		}
	}
	for k := first; k < len(fp.trail); k++ {
		e := &fp.trail[k]
		if e.dead {
			continue
		}
		if !l.allowed(int(e.t.g), int(e.t.i), int(e.mate)) || fp.crosses(e) {
			if !l.goes(cur, int(e.t.g), int(e.t.i)) {
				l.kill(int32(k))
				continue
			}
			e.mate, e.path = l.via.mate, l.via.path
		}
		cur.cells[l.cellOf(e.t)] = empty
	}
	for _, s := range [][][]int32{fp.rows, fp.cols} {
		for i := range s {
			s[i] = s[i][:0]
		}
	}
}

// allowed reports whether member i of group g may go with member j now.
func (l *learner) allowed(g, i, j int) bool {
	if p := l.partner[g][i]; p != free {
		return int(p) == j
	}
	return l.partner[g][j] == free && !l.ruled[g][i*len(l.groups[g])+j]
}

// kill puts back the tile of trail entry e.
func (l *learner) kill(e int32) {
	fp := l.fp
	t := &fp.trail[e]
	t.dead = true
	k := l.cellOf(t.t)
	fp.b.cells[k] = int16(t.t.g)
	fp.at[k] = -1
	c := l.groups[t.t.g][t.t.i]
	fp.killed = append(fp.killed, e)
	fp.rows[c.Y+1] = append(fp.rows[c.Y+1], int32(c.X))
	fp.cols[c.X+1] = append(fp.cols[c.X+1], int32(c.Y))
}

// crosses reports whether e's path runs through a cell put back, other than its
// ends (the mate's cell need not be open).
func (fp *fixpoint) crosses(e *taking) bool {
	p := e.path
	for s := range 3 {
		a, b := p[s], p[s+1]
		if a.Y == b.Y {
			for _, x := range fp.rows[a.Y+1] {
				if c := (Cell{int(x), a.Y}); between(int(x), a.X, b.X) && c != p[3] {
					return true
				}
			}
		} else {
			for _, y := range fp.cols[a.X+1] {
				if c := (Cell{a.X, int(y)}); between(int(y), a.Y, b.Y) && c != p[3] {
					return true
				}
			}
		}
	}
	return false
}

// firstFromTrail sets l.first, for the branching's ties, from the order in which the
// kept fixpoint took its tiles.
func (l *learner) firstFromTrail() {
	for g := range l.first {
		l.first[g] = math.MaxInt
	}
	for k, e := range l.fp.trail {
		if !e.dead {
			l.first[e.t.g] = min(l.first[e.t.g], k)
		}
	}
}

// between reports whether v lies between a and b, both included.
func between(v, a, b int) bool {
	return min(a, b) <= v && v <= max(a, b)
}
