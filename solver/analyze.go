package solver

// Conflict analysis over narrowings, as a CDCL solver's over implied literals.
//
// An atom is "group g does not take pairing p". Every narrowing of a group below the
// root removes atoms' pairings, and the trail records each narrowing with its reason:
// the decision that fixed a group, the nogood that went unit, or the groups a failed
// probe left behind (the stuck-profile rule). A conflict is a set of atoms that no
// winning play has all of; analysis resolves the atoms of its deepest level through
// their reasons, newest first, until one narrowing of that level is left: the first
// unique implication point. The nogood so found names one narrowing of the deepest
// level and older ones; learnt, it turns that narrowing around on every later branch
// that has the older ones. A node all of whose children failed is refuted by the
// union of their refutations, each resolved past its decision (resolveAfter): a
// nogood over narrowings, where the decisions behind them are on the reductions most
// often more than a nogood may hold.
//
// An atom's level is the deepest decision level among its reason's atoms (a
// decision's is its own), not the depth at which it was found: the scan finds some
// narrowings only deep below the decisions they follow from, and the first unique
// implication point is sought among the atoms of the conflict's deepest level.

// event is one narrowing on the trail: group g lost the pairings removed, at decision
// level level, because every literal of reason held (nil: a decision).
type event struct {
	g       int32
	removed uint8
	level   int32
	reason  []lit
}

// trail is the narrowings of the current branch below the root, oldest first, and
// what analysis needs to find an atom's narrowing.
type trail struct {
	events []event
	// at[4g+p] is the index of the event that removed pairing p of group g, while that
	// event is on the trail (see eventOf).
	at []int32
	// analysis scratch: per group, the atoms of the conflict being resolved; per
	// event, whether it is counted (stamped with mark)
	ex    []uint8
	stamp []uint32
	mark  uint32
	touch []int32 // the groups with atoms in ex
	// minimization scratch (see minimize): per event, whether it was looked at in
	// this minimization (stamped with minMark) and found redundant; the atoms to drop
	minSeen []uint32
	minOK   []bool
	minMark uint32
	minDrop []lit
}

// resetTrail empties the trail for a board of ng groups.
func (t *trail) resetTrail(ng int) {
	t.events = t.events[:0]
	if cap(t.at) < 4*ng {
		t.at = make([]int32, 4*ng)
		t.ex = make([]uint8, ng)
	}
	t.at, t.ex = t.at[:4*ng], t.ex[:ng]
	clear(t.ex)
	t.touch = t.touch[:0]
}

// eventOf returns the index of the event that removed pairing p of group g, or -1 when
// it was removed at the root (or not at all).
func (t *trail) eventOf(g int32, p int) int32 {
	k := 4*int(g) + p
	if k >= len(t.at) {
		return -1 // no trail (a search made by hand in a test)
	}
	i := t.at[k]
	if i >= 0 && int(i) < len(t.events) && t.events[i].g == g && t.events[i].removed&(1<<p) != 0 {
		return i
	}
	return -1
}

// atomLevel returns the level of the atom "g does not take p" (0: at the root).
func (t *trail) atomLevel(g int32, p int) int32 {
	if i := t.eventOf(g, p); i >= 0 {
		return t.events[i].level
	}
	return 0
}

// reasonLevel returns the deepest level among the atoms of reason's literals: each
// literal (h, m) stands for the atoms of the pairings of h outside m.
func (s *search) reasonLevel(reason []lit, skip int32) int32 {
	var lv int32
	for _, x := range reason {
		if x.g == skip {
			continue
		}
		for p, out := 0, s.c.initP[x.g]&^x.m; out != 0; p, out = p+1, out>>1 {
			if out&1 != 0 {
				lv = max(lv, s.atomLevel(x.g, p))
			}
		}
	}
	return lv
}

// narrowed records that g lost the pairings removed, for reason (nil: a decision at
// level decision). Narrowings at level 0 hold for every play and are not recorded.
func (s *search) narrowed(g int32, removed uint8, reason []lit, decision int) {
	t := &s.trail
	if removed == 0 || len(t.at) == 0 {
		return // nothing removed, or no trail (a search made by hand in a test)
	}
	lv := int32(decision)
	if reason != nil {
		lv = s.reasonLevel(reason, g)
	}
	if lv == 0 {
		return
	}
	for p := range 3 {
		if removed&(1<<p) != 0 {
			t.at[4*int(g)+p] = int32(len(t.events))
		}
	}
	t.events = append(t.events, event{g: g, removed: removed, level: lv, reason: reason})
}

// uip resolves the conflict ng, a nogood whose literals hold at the current node
// (each literal (h, m) standing for the atoms of h's pairings outside m), to the first
// unique implication point of its deepest level: atoms of that level are resolved
// through their reasons, newest first, until one narrowing of it is left (or its
// decision). It returns the nogood so found, and whether it differs from ng.
func (s *search) uip(ng []lit) ([]lit, bool) {
	t := s.begin(ng)
	var top int32 // the conflict's deepest level
	for _, h := range t.touch {
		for p, a := 0, t.ex[h]; a != 0; p, a = p+1, a>>1 {
			if a&1 != 0 {
				top = max(top, t.events[t.eventOf(h, p)].level)
			}
		}
	}
	resolved := false
	count := t.countAt(top)
	for i := len(t.events) - 1; i >= 0 && count > 1; i-- {
		e := &t.events[i]
		if e.level != top || t.ex[e.g]&e.removed == 0 {
			continue
		}
		if e.reason == nil {
			break // the decision (the first narrowing of its level)
		}
		s.resolve(e)
		// Its group gains activity, as SAT solvers bump every variable the
		// analysis meets: the groups of the conflict's implications are the ones
		// to decide sooner.
		s.act[e.g] += s.actInc
		count += t.countAt(top) - 1
		resolved = true
	}
	return s.collect(), resolved
}

// resolveAfter resolves the conflict ng (as for uip) until it names no narrowing
// recorded after event i: what is left holds where event i was made, but for event
// i's own atoms. A node's conflict so resolved past its decision is its parent's,
// but for the decision (see node).
func (s *search) resolveAfter(ng []lit, i int) []lit {
	t := s.begin(ng)
	for j := len(t.events) - 1; j > i; j-- {
		if e := &t.events[j]; t.ex[e.g]&e.removed != 0 {
			s.resolve(e)
		}
	}
	return s.collect()
}

// begin starts the analysis of conflict ng: its atoms narrowed below the root go in
// t.ex.
func (s *search) begin(ng []lit) *trail {
	t := &s.trail
	t.mark++
	if t.mark == 0 {
		clear(t.stamp)
		t.mark = 1
	}
	if len(t.stamp) < len(t.events) {
		t.stamp = append(t.stamp, make([]uint32, len(t.events)-len(t.stamp))...)
	}
	for _, x := range ng {
		s.addAtoms(x)
	}
	return t
}

// resolve replaces the atoms of narrowing e in the conflict by its reason's.
func (s *search) resolve(e *event) {
	s.trail.ex[e.g] &^= e.removed
	for _, x := range e.reason {
		if x.g != e.g {
			s.addAtoms(x)
		}
	}
}

// collect ends an analysis: it returns the conflict's atoms as a nogood, a literal a
// group, and empties t.ex.
func (s *search) collect() []lit {
	t := &s.trail
	var out []lit
	for _, h := range t.touch {
		if a := t.ex[h]; a != 0 {
			out = append(out, lit{h, s.c.initP[h] &^ a})
			t.ex[h] = 0
		}
	}
	t.touch = t.touch[:0]
	return out
}

// deepest returns the deepest level of the narrowings of group g's pairings (0: none
// below the root).
func (s *search) deepest(g int32) int32 {
	var lv int32
	for p := range 3 {
		lv = max(lv, s.trail.atomLevel(g, p))
	}
	return lv
}

// addAtoms adds to the conflict being analyzed the atoms of literal x that were
// narrowed below the root (those of the root hold for every play).
func (s *search) addAtoms(x lit) {
	t := &s.trail
	for p, out := 0, s.c.initP[x.g]&^x.m&^t.ex[x.g]; out != 0; p, out = p+1, out>>1 {
		if out&1 != 0 && t.eventOf(x.g, p) >= 0 {
			if t.ex[x.g] == 0 {
				t.touch = append(t.touch, x.g)
			}
			t.ex[x.g] |= 1 << p
		}
	}
}

// countAt stamps the events of level lv that the conflict's atoms name and returns how
// many of them were not stamped before.
func (t *trail) countAt(lv int32) int {
	n := 0
	for _, h := range t.touch {
		for p, a := 0, t.ex[h]; a != 0; p, a = p+1, a>>1 {
			if a&1 == 0 {
				continue
			}
			i := t.eventOf(h, p)
			if t.events[i].level == lv && t.stamp[i] != t.mark {
				t.stamp[i] = t.mark
				n++
			}
		}
	}
	return n
}
