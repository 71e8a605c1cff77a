package shisen

import (
	"math"
	"slices"
)

// This file keeps the pairing search's relaxed game (learnscan.go) from one scan to
// the next on boards of keptTiles or more (KShisen's larger deals and the 3-SAT
// reduction's boards, whose scans keep profiles too), where a scan of the whole board
// costs hundreds of path searches and a node's new pair changes a few columns;
// precedences (profile.go) use it too.
//
// The relaxed game has one fixpoint under given partners: what it takes does not
// depend on the order it tries things. So a scan may start from any state of the game
// that holds only what the fixpoint takes, and go on from there. The fixpoint keeps
// what it took in order, each with the path that let it go: a tile and the member at
// its path's end, or, for a group kept in profiles, a pair of the group gone in one
// profile. Fixing a pair in a group, or ruling one out, only takes mates and profiles
// away from that group's members. So after it, what was taken since the first entry
// no longer allowed is gone through in the order it went: an entry still allowed
// whose path crosses no cell put back (and, for a pair in a profile, whose profile
// lost no earlier pair) stays; any other looks for a new path on the cells open at its
// turn, and is put back when it finds none. What is left was taken, in turn, by paths
// open before it: a state of the game under the new partners, from which the relaxed
// game goes on to its new fixpoint. Setting a pair free again only adds mates and
// profiles, so the search undoes a child's changes from a log rather than scanning
// again.

// taking is what the relaxed game took at one step: member t, by a path through the
// corners via (repeated, or t's cell, where the path has fewer turns) to member mate
// of its group; when p >= 0, t and mate went as a pair in profile p of
// their group (profile.go); when p is pairTaken, t and mate went as partners (a pair
// in a profile, once its pairing is fixed); t alone otherwise. dead is set when it
// was put back.
type taking struct {
	t    member
	mate int32
	p    int8
	dead bool
	via  [2]corner
}

// corner is a path's corner, small as a trail holds millions of them on the
// reduction's boards (MaxSide fits).
type corner struct{ X, Y int16 }

// viaOf returns the corners c and k of a path that find returned, as a trail keeps them.
func viaOf(c, k Cell) [2]corner {
	return [2]corner{{int16(c.X), int16(c.Y)}, {int16(k.X), int16(k.Y)}}
}

// path returns e's path, from t's cell to mate's, by its corners.
func (l *learner) path(e *taking) [4]Cell {
	cs := l.groups[e.t.g]
	c, k := e.via[0], e.via[1]
	return [4]Cell{cs[e.t.i], {int(c.X), int(c.Y)}, {int(k.X), int(k.Y)}, cs[e.mate]}
}

// pairTaken is the profile of an entry for two partners; -1 is that of one tile.
const pairTaken = -2

// members returns the tiles e takes away, n of them: t, and mate too for a pair.
func (e *taking) members() (ms [2]member, n int) {
	if e.p == -1 {
		return [2]member{e.t}, 1
	}
	return [2]member{e.t, {e.t.g, e.mate}}, 2
}

// fixpoint is the relaxed game's state kept by a learner on a long board: the
// fixpoint under the partners fixed when it was last brought up to date, the tiles it
// took in order, and a log of the tiles put back, so that the search can undo a
// child's scan.
type fixpoint struct {
	b      *Board
	trail  []taking
	at     []int32   // per cell: its first live trail entry, or -1
	of     [][]int32 // per group: its trail entries, in order
	killed []int32   // trail entries put back, in order (the undo log)
	paired []turned  // pairs in profiles turned to partners, in order (the undo log)
	dirty  []int32   // groups whose mates were narrowed since the last scan
	rows   [][]int32 // cells put back by the take-back at hand: x's per row (+1 for the ring)
	cols   [][]int32 // the same: y's per column
	back   []bool    // the same: per cell
	open   int       // marks not yet restored
	built  bool      // the fixpoint was computed once
}

// fpMark is a point of the fixpoint's history that restore goes back to.
type fpMark struct{ trail, killed, paired, open int }

// turned is trail entry k, once a pair in profile p by a path through via, turned to
// partners.
type turned struct {
	k   int32
	p   int8
	via [2]corner
}

// newFixpoint returns the state for boards of b's shape; it is built at the first
// scan.
func newFixpoint(b *Board) *fixpoint {
	fp := &fixpoint{b: b.Clone(), at: make([]int32, len(b.cells)), of: make([][]int32, len(b.groups))}
	fp.back = make([]bool, len(b.cells))
	fp.rows = make([][]int32, b.H+2)
	fp.cols = make([][]int32, b.W+2)
	return fp
}

// scanKept is scan on a long board: it brings the kept fixpoint up to date with the
// partners fixed now and returns the groups it leaves tiles of, in order.
func (l *learner) scanKept() []int32 {
	fp := l.fp
	if l.profiled {
		l.startProfiles()
	}
	if !fp.built {
		copy(fp.b.cells, l.b.cells)
		fp.trail = fp.trail[:0]
		fp.killed = fp.killed[:0]
		for i := range fp.at {
			fp.at[i] = -1
		}
		for g := range fp.of {
			fp.of[g] = fp.of[g][:0]
		}
		if l.profiled {
			clear(l.prof.gone)
		}
		fp.built = true
	} else {
		l.takeBack()
	}
	fp.dirty = fp.dirty[:0]
	l.relax.closure(fp.b, l.goes, func(g, _ int) {
		if !l.inProfiles(g) { // a pair in a profile was recorded as it went
			l.record(l.via)
		}
	})
	if fp.open == 0 && 2*len(fp.killed) > len(fp.trail) {
		l.compact()
	}
	return l.left()
}

// record appends e to the kept fixpoint's trail; its tiles are gone from then on.
func (l *learner) record(e taking) {
	fp := l.fp
	k := int32(len(fp.trail))
	ms, n := e.members()
	for _, u := range ms[:n] {
		if c := l.cellOf(u); fp.at[c] < 0 {
			fp.at[c] = k
		}
	}
	fp.of[e.t.g] = append(fp.of[e.t.g], k)
	fp.trail = append(fp.trail, e)
}

// compact drops the entries put back from the trail, once no mark points into it: at
// the root, the probes' and restarts' narrowings stay for good, and would otherwise
// leave the trail longer with each.
func (l *learner) compact() {
	fp := l.fp
	for i := range fp.at {
		fp.at[i] = -1
	}
	for g := range fp.of {
		fp.of[g] = fp.of[g][:0]
	}
	live := fp.trail[:0]
	for _, e := range fp.trail {
		if e.dead {
			continue
		}
		k := int32(len(live))
		ms, n := e.members()
		for _, u := range ms[:n] {
			if c := l.cellOf(u); fp.at[c] < 0 {
				fp.at[c] = k
			}
		}
		fp.of[e.t.g] = append(fp.of[e.t.g], k)
		live = append(live, e)
	}
	fp.trail = live
	fp.killed = fp.killed[:0]
	fp.paired = fp.paired[:0]
}

// touch records that group g's mates were narrowed: the next scan takes back what its
// members took by mates or profiles no longer theirs.
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
	return fpMark{len(l.fp.trail), len(l.fp.killed), len(l.fp.paired), l.fp.open - 1}
}

// restore brings the fixpoint back to m, once the partners are as they were at m:
// what was taken since goes back on the board, then what was put back since, taken
// before m, is taken again, and the pairs turned to partners since are pairs in their
// profiles again.
func (l *learner) restore(m fpMark) {
	fp := l.fp
	if fp == nil {
		return
	}
	for k := len(fp.trail) - 1; k >= m.trail; k-- {
		e := &fp.trail[k]
		if !e.dead {
			l.setGone(e, false)
		}
		ms, n := e.members()
		for _, u := range ms[:n] {
			if c := l.cellOf(u); fp.at[c] >= int32(m.trail) {
				fp.b.cells[c] = int16(u.g)
				fp.at[c] = -1
			}
		}
		of := fp.of[e.t.g]
		fp.of[e.t.g] = of[:len(of)-1]
	}
	fp.trail = fp.trail[:m.trail]
	for k := len(fp.killed) - 1; k >= m.killed; k-- {
		i := fp.killed[k]
		if int(i) >= m.trail {
			continue // taken after m, and put back: gone with the rest
		}
		e := &fp.trail[i]
		e.dead = false
		l.setGone(e, true)
		ms, n := e.members()
		for _, u := range ms[:n] {
			c := l.cellOf(u)
			fp.b.cells[c] = empty
			if fp.at[c] < 0 || fp.at[c] > i {
				fp.at[c] = i
			}
		}
	}
	fp.killed = fp.killed[:m.killed]
	for k := len(fp.paired) - 1; k >= m.paired; k-- {
		if x := fp.paired[k]; int(x.k) < m.trail {
			e := &fp.trail[x.k]
			e.p, e.via = x.p, x.via // a new path need not be open in the profile
			if !e.dead {
				l.setGone(e, true)
			}
		}
	}
	fp.paired = fp.paired[:m.paired]
	fp.dirty = fp.dirty[:0]
	fp.open = m.open
}

// setGone sets (or clears) the members of e, a pair in a profile, as gone in it.
func (l *learner) setGone(e *taking, on bool) {
	if e.p < 0 {
		return
	}
	k, bits := 3*int(e.t.g)+int(e.p), uint8(1<<e.t.i|1<<e.mate)
	if on {
		l.prof.gone[k] |= bits
	} else {
		l.prof.gone[k] &^= bits
	}
}

// cellOf returns the index of member t's cell.
func (l *learner) cellOf(t member) int {
	c := l.groups[t.g][t.i]
	return c.Y*l.b.W + c.X
}

// takeBack brings the kept fixpoint to a state of the relaxed game under the
// partners fixed now. It goes through what was taken since the first entry of a dirty
// group no longer allowed, in the order it went, on l.scratch set to the cells open
// at that point. An entry still allowed, whose path crosses no cell put back and, for
// a pair in a profile, whose profile lost no pair before it, stays as it is; another
// looks for a new path there (to any mate allowed, for a tile), and is put back when
// it finds none. An entry kept so goes by cells open before it, so the search's undo
// (restore) keeps it too.
func (l *learner) takeBack() {
	fp := l.fp
	first := int32(len(fp.trail))
	for _, g := range fp.dirty {
		for _, k := range fp.of[g] {
			if e := &fp.trail[k]; !e.dead && !l.stillAllowed(e) && !l.settle(k) {
				first = min(first, k)
				break
			}
		}
	}
	if first == int32(len(fp.trail)) {
		return
	}
	cur := l.scratch
	copy(cur.cells, fp.b.cells)
	for k := first; k < int32(len(fp.trail)); k++ {
		e := &fp.trail[k]
		if e.dead {
			continue
		}
		l.setGone(e, false)
		ms, n := e.members()
		for _, u := range ms[:n] {
			if c := l.cellOf(u); fp.at[c] >= first {
				cur.cells[c] = int16(u.g)
				fp.at[c] = -1
			}
		}
	}
	var lost []int // profiles that lost a pair: 3*g+p
	for k := first; k < int32(len(fp.trail)); k++ {
		e := &fp.trail[k]
		if e.dead {
			continue
		}
		if e.p >= 0 && !l.stillAllowed(e) {
			l.settle(k)
			if e.dead {
				continue
			}
		}
		if !l.stillAllowed(e) || l.crosses(e) || e.p >= 0 && slices.Contains(lost, 3*int(e.t.g)+int(e.p)) {
			if !l.rejustify(cur, e) {
				if e.p >= 0 {
					lost = append(lost, 3*int(e.t.g)+int(e.p))
				}
				l.kill(cur, k)
				continue
			}
		}
		l.setGone(e, true)
		ms, n := e.members()
		for _, u := range ms[:n] {
			c := l.cellOf(u)
			cur.cells[c] = empty
			if fp.at[c] < 0 {
				fp.at[c] = k
			}
		}
	}
	copy(fp.b.cells, cur.cells)
	for y, xs := range fp.rows {
		for _, x := range xs {
			fp.back[(y-1)*fp.b.W+int(x)] = false
		}
	}
	for _, s := range [][][]int32{fp.rows, fp.cols} {
		for i := range s {
			s[i] = s[i][:0]
		}
	}
}

// settle settles trail entry k, a pair in a profile no longer allowed, where that
// changes no cell, and reports whether it did. When its pairing is fixed it turns it
// to partners: the path its profile saw is open on the board. Else, when an earlier
// entry took both its tiles, it puts it back: a profile whose pairing is ruled out,
// or of a group no longer kept in profiles, holds up no later entry.
func (l *learner) settle(k int32) bool {
	fp := l.fp
	e := &fp.trail[k]
	switch {
	case e.p < 0:
		return false
	case !l.inProfiles(int(e.t.g)) && l.partners(e):
		fp.paired = append(fp.paired, turned{k, e.p, e.via})
		l.setGone(e, false)
		e.p = pairTaken
		return true
	}
	ms, n := e.members()
	for _, u := range ms[:n] {
		if a := fp.at[l.cellOf(u)]; a < 0 || a >= k { // not taken before k
			return false
		}
	}
	l.setGone(e, false)
	e.dead = true
	fp.killed = append(fp.killed, k)
	return true
}

// stillAllowed reports whether e may still be taken as it was under the partners and
// rulings now: a tile by its mate, a pair in a profile its group still keeps.
func (l *learner) stillAllowed(e *taking) bool {
	g := int(e.t.g)
	switch e.p {
	case -1:
		return !l.inProfiles(g) && l.allowed(g, int(e.t.i), int(e.mate))
	case pairTaken:
		return !l.inProfiles(g) && l.partners(e)
	}
	return l.inProfiles(g) && !l.ruled[g][e.p+1]
}

// partners reports whether e's two tiles may go with each other now.
func (l *learner) partners(e *taking) bool {
	g, i, j := int(e.t.g), int(e.t.i), int(e.mate)
	return l.allowed(g, i, j) && l.allowed(g, j, i)
}

// rejustify looks for a new path for e on cur, and records it in e when there is one.
func (l *learner) rejustify(cur *Board, e *taking) bool {
	g := int(e.t.g)
	if e.p == -1 {
		if l.inProfiles(g) || !l.goes(cur, g, int(e.t.i)) {
			return false
		}
		e.mate, e.via = l.via.mate, l.via.via
		return true
	}
	if !l.stillAllowed(e) {
		return false
	}
	cs := l.groups[g]
	a, b := cs[e.t.i], cs[e.mate]
	if e.p == pairTaken {
		c, k, ok := cur.find(a, b)
		if ok {
			e.via = viaOf(c, k)
		}
		return ok
	}
	via, ok := l.pathIn(cur, g, int(e.p), a, b)
	if ok {
		e.via = via
	}
	return ok
}

// allowed reports whether member i of group g may go with member j now.
func (l *learner) allowed(g, i, j int) bool {
	if p := l.partner[g][i]; p != free {
		return int(p) == j
	}
	return l.partner[g][j] == free && !l.ruled[g][i*len(l.groups[g])+j]
}

// kill puts back what trail entry k took, on cur, and records its tiles put back.
func (l *learner) kill(cur *Board, k int32) {
	fp := l.fp
	e := &fp.trail[k]
	e.dead = true
	fp.killed = append(fp.killed, k)
	ms, n := e.members()
	for _, u := range ms[:n] {
		if c := l.cellOf(u); fp.at[c] < 0 { // not gone by an earlier entry
			cur.cells[c] = int16(u.g)
			v := l.groups[u.g][u.i]
			fp.back[c] = true
			fp.rows[v.Y+1] = append(fp.rows[v.Y+1], int32(v.X))
			fp.cols[v.X+1] = append(fp.cols[v.X+1], int32(v.Y))
		}
	}
}

// crosses reports whether e's path runs through a cell put back, other than its
// ends (the mate's cell need not be open). A segment reads the cells put back in its
// row or column, or its own cells, whichever are fewer: on a long board both can be
// thousands.
func (l *learner) crosses(e *taking) bool {
	fp, p := l.fp, l.path(e)
	W, H := fp.b.W, fp.b.H
	at := func(x, y int) bool { // cell (x, y) of the path is put back
		return x >= 0 && x < W && y >= 0 && y < H && fp.back[y*W+x] && (Cell{x, y}) != p[3]
	}
	for s := range 3 {
		a, b := p[s], p[s+1]
		if a.Y == b.Y {
			if xs := fp.rows[a.Y+1]; len(xs) <= abs(b.X-a.X) {
				for _, x := range xs {
					if between(int(x), a.X, b.X) && at(int(x), a.Y) {
						return true
					}
				}
			} else {
				for x := min(a.X, b.X); x <= max(a.X, b.X); x++ {
					if at(x, a.Y) {
						return true
					}
				}
			}
		} else {
			if ys := fp.cols[a.X+1]; len(ys) <= abs(b.Y-a.Y) {
				for _, y := range ys {
					if between(int(y), a.Y, b.Y) && at(a.X, int(y)) {
						return true
					}
				}
			} else {
				for y := min(a.Y, b.Y); y <= max(a.Y, b.Y); y++ {
					if at(a.X, y) {
						return true
					}
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
