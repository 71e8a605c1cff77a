package shisen

import "math"

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

// taking is what the relaxed game took at one step: member i of group g, by a path
// through the corners via (repeated, or i's cell, where the path has fewer turns) to
// member mate of its group. When p >= 0, i and mate went as a pair in profile p of
// their group (profile.go); when p is pairTaken, as partners (a pair in a profile
// whose pairing was then fixed); else i went alone. dead is set when it was put back.
// ends are i's cell and mate's, kept beside them as the take-back reads them for
// every entry it replays. An entry is 24 bytes: on the reduction's boards a trail
// holds millions.
type taking struct {
	g       int32
	i, mate uint8 // members of group g (the pairing search takes groups of up to 64)
	p       int8
	dead    bool
	via     [2]corner
	ends    [2]corner
}

// corner is a path's corner, small as a trail holds millions of them on the
// reduction's boards (MaxSide fits).
type corner struct{ X, Y int16 }

// cell returns the cell at c.
func (c corner) cell() Cell { return Cell{int(c.X), int(c.Y)} }

// viaOf returns the corners c and k of a path that find returned, as a trail keeps them.
func viaOf(c, k Cell) [2]corner {
	return [2]corner{{int16(c.X), int16(c.Y)}, {int16(k.X), int16(k.Y)}}
}

// newTaking returns the entry of member i of group g taken by a path through via to
// member j, in profile p (or -1, or pairTaken).
func (l *learner) newTaking(g, i, j int, p int8, via [2]corner) taking {
	cs := l.groups[g]
	return taking{g: int32(g), i: uint8(i), mate: uint8(j), p: p, via: via, ends: viaOf(cs[i], cs[j])}
}

// path returns e's path, from i's cell to mate's, by its corners.
func (l *learner) path(e *taking) [4]Cell {
	return [4]Cell{e.ends[0].cell(), e.via[0].cell(), e.via[1].cell(), e.ends[1].cell()}
}

// pairTaken is the profile of an entry for two partners; -1 is that of one tile.
const pairTaken = -2

// cells returns the indices, on a board w cells wide, of the cells of the tiles e
// takes away, n of them: i's, and mate's too for a pair.
func (e *taking) cells(w int) (cs [2]int, n int) {
	a, t := e.ends[0].cell(), e.ends[1].cell()
	cs = [2]int{a.Y*w + a.X, t.Y*w + t.X}
	if e.p == -1 {
		return cs, 1
	}
	return cs, 2
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
	span   [2]int16  // the same: the least and the greatest x among them (none: span[0] > span[1])
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
	fp.span = noSpan
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
	fp.index(&e, int32(len(fp.trail)))
	fp.trail = append(fp.trail, e)
}

// index books e as trail entry k, a live entry after every other: its cells' first
// entry, where they have none, and its group's list.
func (fp *fixpoint) index(e *taking, k int32) {
	cs, n := e.cells(fp.b.W)
	for _, c := range cs[:n] {
		if fp.at[c] < 0 {
			fp.at[c] = k
		}
	}
	fp.of[e.g] = append(fp.of[e.g], k)
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
		fp.index(&e, int32(len(live)))
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
		cs, n := e.cells(fp.b.W)
		for _, c := range cs[:n] {
			if fp.at[c] >= int32(m.trail) {
				fp.b.cells[c] = int16(e.g)
				fp.at[c] = -1
			}
		}
		of := fp.of[e.g]
		fp.of[e.g] = of[:len(of)-1]
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
		cs, n := e.cells(fp.b.W)
		for _, c := range cs[:n] {
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
	k, bits := 3*int(e.g)+int(e.p), uint8(1<<e.i|1<<e.mate)
	if on {
		l.prof.gone[k] |= bits
	} else {
		l.prof.gone[k] &^= bits
	}
}

// firstLive returns when group g's first tile went in the kept fixpoint, for the
// branching's ties: the place in the trail of its first live entry, or MaxInt.
func (l *learner) firstLive(g int) int {
	for _, k := range l.fp.of[g] {
		if !l.fp.trail[k].dead {
			return int(k)
		}
	}
	return math.MaxInt
}
