package solver

import (
	"slices"
	"sync"
)

// pool holds the nogoods the workers of one Solve learnt, for all of them.
type pool struct {
	mu      sync.Mutex
	nogoods [][]lit
	from    []int // the worker that learnt each
}

// share adds a nogood learnt by worker w.
func (p *pool) share(w int, ng []lit) {
	p.mu.Lock()
	p.nogoods = append(p.nogoods, ng)
	p.from = append(p.from, w)
	p.mu.Unlock()
}

// importNogoods adds to s the nogoods the other workers learnt since the last call.
func (s *search) importNogoods() {
	p := s.shared
	p.mu.Lock()
	defer p.mu.Unlock()
	for ; s.imported < len(p.nogoods); s.imported++ {
		if p.from[s.imported] != s.worker {
			s.addNogood(slices.Clone(p.nogoods[s.imported]))
		}
	}
}

// lit is "group g has one of the pairings m" (a mask).
type lit struct {
	g int32
	m uint8
}

// keep adds a nogood this search learnt, and shares it with the other workers.
func (s *search) keep(ng []lit) {
	s.addNogood(ng)
	s.stats.Nogoods++
	if s.shared != nil {
		// The pool's copy is never written: each search reorders the literals of
		// its own nogoods (see useNogoods).
		s.shared.share(s.worker, slices.Clone(ng))
	}
}

// addNogood adds ng to the nogoods. When they reach s.maxNogoods, it first forgets half
// of them, as SAT solvers forget learnt clauses: those that took part in no narrowing
// or refutation for the longest (see useNogoods), but never one of at most three
// groups, which prunes the most for its cost.
func (s *search) addNogood(ng []lit) {
	if len(s.nogoods) >= s.maxNogoods {
		idx := make([]int, len(s.nogoods))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			return int(s.used[b] - s.used[a]) // most recently used first
		})
		keep := make([]bool, len(s.nogoods))
		for r, i := range idx {
			keep[i] = r < s.maxNogoods/2 || len(s.nogoods[i]) <= 3
		}
		j := 0
		for i, ng := range s.nogoods {
			if keep[i] {
				s.nogoods[j], s.used[j] = ng, s.used[i]
				j++
			}
		}
		clear(s.nogoods[j:])
		s.nogoods, s.used = s.nogoods[:j], s.used[:j]
		s.stats.Forgotten += int64(len(keep) - j)
		s.watches.renumber()
	}
	s.nogoods = append(s.nogoods, ng)
	s.used = append(s.used, s.stats.Nodes)
}

// explain returns the reason of a narrowing that the failed scan sc of P refutes: the
// literals of the groups it left tiles of, but skip (a probe's own group), each within
// its pairings in P, those never narrowed left out. The scan with every other group's
// pairings widened back to the group's initial ones fails too: a group the scan
// cleared stays cleared when allowed more pairings, and the groups it did not clear
// see the same tiles go as before (the scan is a monotone fixpoint), so those
// narrowings alone refute it.
func (s *search) explain(sc *scanner, P []uint8, skip int) []lit {
	c := s.c
	var out []lit
	for g := 0; g < c.ng; g++ {
		if sc.rm[g] != c.full[g] && g != skip && P[g] != c.initP[g] {
			out = append(out, lit{int32(g), P[g]})
		}
	}
	return out
}

// bump records a failed scan by sc: the groups it could not clear gain activity.
func (s *search) bump(sc *scanner) {
	c := s.c
	for g := 0; g < c.ng; g++ {
		if sc.rm[g] != c.full[g] {
			s.act[g] += s.actInc
		}
	}
	s.actInc *= 1 / 0.95
	if s.actInc > 1e100 {
		for g := range s.act {
			s.act[g] *= 1e-100
		}
		s.actInc *= 1e-100
	}
}

// minimizeGroups explains the failed base scan of P by a nearly minimal set of narrowed
// groups and makes it the node's refutation (s.conflict), which fail resolves further
// and learns.
//
// The explanation starts from the groups the scan left tiles of whose pairings some
// decision narrowed (a group it cleared may be widened back without changing the scan,
// see explain; a narrowing made at the root holds for every play). Deepest first, each
// is widened back to its initial pairings alone, and stays widened when the scan still
// fails; the node's own decision stays without a check (widened back, the pairings are
// the parent's, whose scan passed). The scan under the wider pairings goes on (in
// s.probe) from the fixpoint the failed one reached (see scanner.extend), as widening
// only adds removals, so a check costs what it changes, not a scan; it keeps the group
// once a third of the tiles left have gone, rarely one the whole scan would drop.
//
// The groups kept, each with the pairings P leaves it, are a nogood: no winning play
// pairs every one of them within those pairings (the scan with every other candidate
// widened was seen to fail; keeping a group that was not needed only makes the nogood
// longer). It names narrowings, not decisions: on the reductions it is often three
// variable groups, a clause of the formula, where the decisions that implied them are
// many. Its groups gain activity.
func (s *search) minimizeGroups(P []uint8, depth int) {
	if s.noJump {
		return
	}
	c := s.c
	own := int32(-1)
	if depth >= 1 && depth < len(s.path) {
		own = s.path[depth].g
	}
	// The candidates: groups left behind whose narrowing follows from some decision.
	cand := s.widened[:0]
	for g := 0; g < c.ng; g++ {
		if s.base.rm[g] != c.full[g] && s.deepest(int32(g)) > 0 {
			cand = append(cand, int32(g))
		}
	}
	// Deepest first: a nogood over older narrowings prunes more of the search.
	slices.SortStableFunc(cand, func(a, b int32) int {
		return int(s.deepest(b) - s.deepest(a))
	})
	sc := s.probe
	sc.set(&s.base.scanState)
	// On long boards each check is taken back by an undo where it can (see undo.go);
	// elsewhere from a copy of the state before it, which on a layout's few hundred
	// tiles costs less than the undo's walk over the groups the check evaluated.
	undo := c.long && !c.directed
	if undo {
		s.saved.set(&sc.scanState)
	}
	W := s.wide
	copy(W, P)
	var ng []lit
	for _, h := range cand {
		if h != own {
			s.stats.Scans++
			if !undo {
				s.saved.set(&sc.scanState)
			}
			W[h] = c.initP[h]
			one := [1]int32{h}
			if !sc.extend(W, one[:]) {
				if undo {
					sc.keepExtend(&s.saved)
				}
				continue // not needed
			}
			if undo {
				sc.undoExtend(&s.saved)
			} else {
				sc.scanState, s.saved = s.saved, sc.scanState
			}
			W[h] = P[h]
		}
		ng = append(ng, lit{h, P[h]})
		s.act[h] += s.actInc
	}
	s.widened = cand
	s.conflict, s.fresh = ng, true
}
