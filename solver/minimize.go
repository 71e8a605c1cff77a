package solver

// Recursive minimization of a learnt nogood, as CDCL solvers minimize a learnt clause.
//
// An atom of a nogood is redundant when the nogood's other atoms imply it: its
// narrowing's reason names only atoms of the root, of the nogood, or redundant in turn
// (and it is not a decision). No winning play has the other atoms without it, so the
// nogood without it still holds, and prunes where the longer one would not. Reasons
// name earlier narrowings of the trail only, so the walk ends.

// minimize drops the redundant atoms of ng, a nogood whose atoms hold at the current
// node, and returns what is left and whether any went (if none, ng itself).
func (s *search) minimize(ng []lit) ([]lit, bool) {
	t := s.begin(ng)
	t.minMark++
	if t.minMark == 0 {
		clear(t.minSeen)
		t.minMark = 1
	}
	if n := len(t.events); len(t.minSeen) < n {
		t.minSeen = append(t.minSeen, make([]uint32, n-len(t.minSeen))...)
		t.minOK = append(t.minOK, make([]bool, n-len(t.minOK))...)
	}
	// First find the redundant atoms against the whole nogood, then drop them: an
	// atom implied by the others stays implied when a redundant one goes, as that one
	// follows from atoms that stay.
	drop := t.minDrop[:0]
	for _, h := range t.touch {
		for p, a := 0, t.ex[h]; a != 0; p, a = p+1, a>>1 {
			if a&1 != 0 && s.redundant(t.eventOf(h, p)) {
				drop = append(drop, lit{h, 1 << p})
			}
		}
	}
	t.minDrop = drop
	for _, x := range drop {
		t.ex[x.g] &^= x.m
	}
	out := s.collect()
	if len(drop) == 0 {
		return ng, false
	}
	return out, true
}

// redundant reports whether event i's narrowing follows from the atoms of the nogood
// being minimized (t.ex) and the root's (see minimize).
func (s *search) redundant(i int32) bool {
	t := &s.trail
	if t.minSeen[i] == t.minMark {
		return t.minOK[i]
	}
	e := &t.events[i]
	ok := e.reason != nil
	for _, y := range e.reason {
		if !ok {
			break
		}
		if y.g == e.g {
			continue
		}
		for q, out := 0, s.c.initP[y.g]&^y.m; out != 0 && ok; q, out = q+1, out>>1 {
			if out&1 == 0 {
				continue
			}
			j := t.eventOf(y.g, q)
			if j < 0 || t.ex[y.g]&(1<<q) != 0 {
				continue
			}
			ok = s.redundant(j)
		}
	}
	t.minSeen[i], t.minOK[i] = t.minMark, ok
	return ok
}
