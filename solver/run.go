package solver

import "github.com/mjsat/mjsat/board"

// run searches from the initial pairings; it returns Unknown when stopped.
func (s *search) run() (st board.Verdict) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopped); !ok {
				panic(r)
			}
			st = board.Unknown
		}
	}()
	P := append([]uint8(nil), s.c.initP...)
	if s.playoutsEarly > 0 {
		// On layouts, random games come before the first scan. A pairing that pairs
		// a tile with one lying over it is impossible (see compiled.covered); without
		// those, games win as often as under the pairings the scan leaves, as on the
		// games' layouts they are nearly all that the scan's stuck profiles rule
		// out. Most deals are won within a few games and then need no scan. When
		// the first games end far from clearing the board (earlyCuts), as they do on
		// most deals the scan refutes, the rest waits for the scan; a first pair of
		// games that ends between 64 and 96 tiles from it earns six more, which win
		// many turtle deals of middling difficulty sooner than the scan and the
		// games after it, and cost the deals the scan refutes little.
		if !s.c.uncover(P) {
			return board.Unsolvable // every pairing of a group is impossible by what lies on what
		}
		if s.tryPlayouts(P, s.playoutsEarly, earlyCuts...) {
			return board.Solvable
		}
	}
	// Then one scan, which refutes most unsolvable deals at once. Most deals end in
	// the random games that follow: it saves no checkpoints.
	s.stats.Scans++
	if !s.base.scanOnce(P) {
		return board.Unsolvable
	}
	// A pairing whose profile got stuck in a scan that cleared the board is impossible
	// (see propagate): the random games do not try it.
	for g, m := range P {
		if st := s.base.stuck(g, m); st != m {
			P[g] = m &^ st // all stuck: left to propagate, which refutes the deal
		}
	}
	// Then random games under those pairings (de Bondt plays 708). Most turtle deals
	// fall to one of the first few; a game costs a few microseconds, and 256 is where
	// more games stop paying for themselves on the turtle. Those past the first
	// firstGames are played only when the best of these came within nearClear tiles
	// of clearing the board: where every game ends far from it, as on most unsolvable
	// deals and on deals whose play only the search finds (nearly half the ox deals
	// are unsolvable), the search costs less than more games. The
	// games played before the scan count against both: the search's phase comes
	// from these games, and with fewer of them the hardest turtle deals took more
	// nodes.
	played := int(s.stats.Playouts) // before the scan
	if s.tryPlayouts(P, s.playoutsStart-played, gameCut{firstGames - played, nearClear}) {
		return board.Solvable
	}
	// The search draws its own random numbers, whatever the games before it drew:
	// how many games those were is a choice of the games, not of the search.
	s.rng = wyrand{s: s.seed ^ 0x7365617263}
	// Then the exact search.
	for budget := int64(s.restartFirst); ; budget *= 2 {
		s.phaseRemoved = 0 // each run saves its own phase and best game
		s.bestGame = s.bestGame[:0]
		found, done := s.bounded(P, budget)
		if found {
			return board.Solvable
		}
		if done {
			return board.Unsolvable
		}
	}
}

// bounded runs the pairing search from P with a budget of n more nodes (n <= 0: no
// budget). done reports that it finished within the budget, so that found is exact.
func (s *search) bounded(P []uint8, n int64) (found, done bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(outOfBudget); !ok {
				panic(r)
			}
			found, done = false, false
		}
		s.nodeBudget = 0
	}()
	if n > 0 {
		s.nodeBudget = s.stats.Nodes + n
	}
	s.searching = true
	// node narrows P in place by propagation, which only drops impossible pairings:
	// the next run starts from the narrowed P.
	s.path = append(s.path[:0], lit{})
	s.events, s.fresh = s.events[:0], false
	found = s.node(P, 0)
	return found, true
}
