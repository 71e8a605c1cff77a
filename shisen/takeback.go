package shisen

import (
	"math"
	"slices"
)

// This file is the kept fixpoint's take-back (fixpoint.go): after a pair is fixed or
// ruled out, what the relaxed game took by mates or profiles no longer allowed is
// put back, and what went after it through the cells put back looks for a new path.

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
	// cur is set to the cells open before entry first: the cells that entries from
	// first on took are l.b's again. A pass over the cells' first entries reads
	// fewer bytes than one over the entries' own cells, and misses the cache less.
	cur := l.scratch
	copy(cur.cells, fp.b.cells)
	for c, k := range fp.at {
		if k >= first {
			cur.cells[c] = l.b.cells[c]
			fp.at[c] = -1
		}
	}
	if l.profiled {
		for k := first; k < int32(len(fp.trail)); k++ {
			if e := &fp.trail[k]; !e.dead {
				l.setGone(e, false)
			}
		}
	}
	var lost []int // profiles that lost a pair: 3*g+p
	for k := first; k < int32(len(fp.trail)); k++ {
		e := &fp.trail[k]
		if e.dead {
			continue
		}
		allowed := l.stillAllowed(e)
		if e.p >= 0 && !allowed {
			switch {
			case !l.settle(k):
				lost = append(lost, 3*int(e.g)+int(e.p))
				l.kill(cur, k) // no profile of its may take it any more
				continue
			case e.dead:
				continue
			}
			allowed = true // turned to partners, which settle found allowed
		}
		if !allowed || l.crosses(e) || e.p >= 0 && slices.Contains(lost, 3*int(e.g)+int(e.p)) {
			if !l.rejustify(cur, e, allowed) {
				if e.p >= 0 {
					lost = append(lost, 3*int(e.g)+int(e.p))
				}
				l.kill(cur, k)
				continue
			}
		}
		l.setGone(e, true)
		cs, n := e.cells(fp.b.W)
		for _, c := range cs[:n] {
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
	fp.span = noSpan
}

// noSpan is the span of no cells put back.
var noSpan = [2]int16{math.MaxInt16, math.MinInt16}

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
	case !l.inProfiles(int(e.g)) && l.partners(e):
		fp.paired = append(fp.paired, turned{k, e.p, e.via})
		l.setGone(e, false)
		e.p = pairTaken
		return true
	}
	cs, n := e.cells(fp.b.W)
	for _, c := range cs[:n] {
		if a := fp.at[c]; a < 0 || a >= k { // not taken before k
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
	g := int(e.g)
	switch e.p {
	case -1:
		return !l.inProfiles(g) && l.allowed(g, int(e.i), int(e.mate))
	case pairTaken:
		return !l.inProfiles(g) && l.partners(e)
	}
	return l.inProfiles(g) && !l.ruled[g][e.p+1]
}

// partners reports whether e's two tiles may go with each other now.
func (l *learner) partners(e *taking) bool {
	g, i, j := int(e.g), int(e.i), int(e.mate)
	return l.allowed(g, i, j) && l.allowed(g, j, i)
}

// rejustify looks for a new path for e on cur, and records it in e when there is one.
// allowed is stillAllowed(e), which the take-back has asked already: a pair no longer
// allowed finds none, where a tile may still go with another mate.
func (l *learner) rejustify(cur *Board, e *taking, allowed bool) bool {
	g := int(e.g)
	if e.p == -1 {
		if l.inProfiles(g) || !l.goes(cur, g, int(e.i)) {
			return false
		}
		e.mate, e.via, e.ends = l.via.mate, l.via.via, l.via.ends
		return true
	}
	if !allowed {
		return false
	}
	cs := l.groups[g]
	a, b := cs[e.i], cs[e.mate]
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
	cs, n := e.cells(fp.b.W)
	for i, c := range cs[:n] {
		if fp.at[c] < 0 { // not gone by an earlier entry
			cur.cells[c] = int16(e.g)
			fp.markBack(e.ends[i].cell())
		}
	}
}

// markBack records cell v, on the board, as put back by the take-back at hand, for
// crosses.
func (fp *fixpoint) markBack(v Cell) {
	fp.back[v.Y*fp.b.W+v.X] = true
	fp.span = [2]int16{min(fp.span[0], int16(v.X)), max(fp.span[1], int16(v.X))}
	xs := fp.rows[v.Y+1]
	i, _ := slices.BinarySearch(xs, int32(v.X))
	fp.rows[v.Y+1] = slices.Insert(xs, i, int32(v.X))
	fp.cols[v.X+1] = append(fp.cols[v.X+1], int32(v.Y))
}

// crosses reports whether e's path runs through a cell put back, other than its
// ends (the mate's cell need not be open). A row's segment looks up the cells put
// back in its row, kept in order, as on a long board rows and the cells put back in
// them can both be thousands; a column's reads the cells put back in its column, or
// its own cells, whichever are fewer.
func (l *learner) crosses(e *taking) bool {
	fp := l.fp
	// Most paths lie wholly beside the cells put back: their columns tell at once.
	lo := min(e.ends[0].X, e.ends[1].X, e.via[0].X, e.via[1].X)
	hi := max(e.ends[0].X, e.ends[1].X, e.via[0].X, e.via[1].X)
	if hi < fp.span[0] || lo > fp.span[1] {
		return false
	}
	p := l.path(e)
	W, H := fp.b.W, fp.b.H
	at := func(x, y int) bool { // cell (x, y) of the path is put back
		return x >= 0 && x < W && y >= 0 && y < H && fp.back[y*W+x] && (Cell{x, y}) != p[3]
	}
	for s := range 3 {
		a, b := p[s], p[s+1]
		if a.Y == b.Y {
			xs := fp.rows[a.Y+1] // in order (markBack)
			lo, hi := min(a.X, b.X), max(a.X, b.X)
			i, _ := slices.BinarySearch(xs, int32(lo))
			for ; i < len(xs) && int(xs[i]) <= hi; i++ {
				if at(int(xs[i]), a.Y) {
					return true
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

// between reports whether v lies between a and b, both included.
func between(v, a, b int) bool {
	return min(a, b) <= v && v <= max(a, b)
}
