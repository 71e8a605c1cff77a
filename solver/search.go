package solver

import (
	"slices"
	"sync"
)

// search is one sequential pairing search over a compiled board.
type search struct {
	c     *compiled
	base  *scanner // scan of the current node, read by the witness test
	probe *scanner
	pl    *player
	rng   wyrand
	seed  uint64
	stop  *halt
	stats Stats

	progress func(Stats)
	solution [][2]int32

	schedule
	activity
	backjump
	phases
	gameBatch
	nogoodStore
	sharing
	scratch
	trail
	// conflict is the refutation of the node that last failed, a nogood over
	// narrowings that hold at it, for its parent to resolve (see node).
	conflict []lit
	fresh    bool // conflict is a failed scan's, not yet learnt
}

// schedule is when the search plays random games and when it restarts.
type schedule struct {
	// Games per occasion (see the tuning constants and search.reset).
	playoutsEarly, playoutsStart, playoutsFirst, playoutsRoot, playoutsNode int
	// gamesEvery: below the root, random games are played at one node in gamesEvery
	// (and wherever every pairing is fixed).
	gamesEvery int64
	// searching is true once the exact search has begun: from then on only every
	// other game avoids linked pairs (see tryPlayouts).
	searching bool
	// scanEvery: below the root a node scans at every scanEvery-th level (0 or 1:
	// at every node; see lazyscan.go).
	scanEvery int
	// Restarts: the pairing search runs with a node budget of restartFirst, doubled
	// after each restart (0: one run, no budget); a run that ends within its budget is
	// exact. Each run starts from the groups the conflicts so far made active.
	restartFirst int
	nodeBudget   int64 // node count at which the current run gives up (0: none)
}

// activity is the conflict activity of each group, as VSIDS in SAT solvers: every
// failed scan bumps the groups it left tiles of, newer conflicts weighing more (see
// choose).
type activity struct {
	act    []float64
	actInc float64
}

// backjump is the state of conflict analysis and backjumping (see analyze.go): a
// failed node leaves its refutation for its parent, and a child whose refutation does
// not involve its own decision refutes its siblings too. noJump turns both off
// (benchmarks compare).
type backjump struct {
	noJump  bool
	wide    []uint8 // minimize's scratch pairings
	widened []int32 // minimize's scratch groups
	saved   scanState
}

// phases is phase saving, as in SAT solvers: the pairings of the random game of the
// current run that removed the most tiles (the latest of equals), which branching
// tries first (see valueOrder), and its commitments, whose prefixes later games
// replay (see tryPlayouts).
type phases struct {
	phase        []uint8
	phaseRemoved int
	bestGame     [][2]int32
	decided      []uint8 // per group: the pairing the search last fixed it to (see valueOrder)
}

// gameBatch is the current batch of random games: their shared opening, whether
// bestGame is one of them, and then snaps[i] is the position after its first
// (i+1)*snapEvery commitments, for the first nsnap of them (see replayPrefix).
type gameBatch struct {
	opening  position
	bestHere bool
	snaps    []position
	nsnap    int
}

// nogoodStore holds the nogoods: sets of (group, pairings) that no winning play has
// all of, learnt from refutations (the narrowed groups of a failed scan, see
// minimizeGroups, and a refuted node's refutation after conflict analysis, see fail);
// they hold for the whole board, so they survive restarts.
type nogoodStore struct {
	nogoods    [][]lit
	used       []int64       // per nogood: the node count when it last narrowed or refuted
	watches    nogoodWatches // which nogoods useNogoods looks at when a group narrows
	path       []lit         // the decision at each level of the current branch (see minimizeGroups)
	maxNogoods int           // how many nogoods are kept at most (see addNogood)
}

// sharing is a worker's part in a search on several workers: the nogoods every
// worker learnt, how many of them this worker has seen, and its number (odd workers
// try pairings in reverse order, so that the workers' searches differ even where
// random games play no part).
type sharing struct {
	shared   *pool
	imported int
	worker   int
}

// scratch is memory the search reuses whose contents do not outlive a call.
type scratch struct {
	rootFixpoint []uint8 // the pairings root propagation last ended at
	order        []int32 // scratch of orderScans
}

// newSearch returns a search of board c with random seed seed that stops when stop
// says so (see halt).
func newSearch(c *compiled, seed uint64, stop *halt) *search {
	s := &search{base: newScanner(c), probe: newScanner(c), pl: newPlayer(c)}
	s.act = make([]float64, c.ng)
	s.wide = make([]uint8, c.ng)
	s.saved = newScanState(c)
	s.phase = make([]uint8, c.ng)
	s.reset(c, seed, stop)
	return s
}

// reset readies s, made by newSearch for a board of c's size, to search c from the
// start, as newSearch(c, seed, stop) would, but in the memory it has. Every field is
// set anew: those not named here start from zero.
func (s *search) reset(c *compiled, seed uint64, stop *halt) {
	*s = search{
		c: c, base: s.base, probe: s.probe, pl: s.pl, rng: wyrand{s: seed ^ 0x6d6a736174}, seed: seed,
		stop:     stop,
		solution: s.solution[:0],
		schedule: schedule{
			playoutsStart: gamesStart, playoutsFirst: gamesFirst, playoutsRoot: gamesRoot, playoutsNode: gamesNode,
			restartFirst: restartBudget,
		},
		activity:  activity{act: s.act, actInc: 1},
		backjump:  backjump{wide: s.wide, widened: s.widened[:0], saved: s.saved},
		phases:    phases{phase: s.phase, bestGame: s.bestGame[:0], decided: s.decided},
		gameBatch: gameBatch{opening: s.opening, snaps: s.snaps},
		nogoodStore: nogoodStore{
			nogoods: s.nogoods[:0], used: s.used[:0], watches: s.watches, path: s.path[:0],
			maxNogoods: maxLayoutNogoods,
		},
		scratch: scratch{rootFixpoint: s.rootFixpoint[:0], order: s.order[:0]},
		trail:   s.trail,
	}
	s.resetTrail(c.ng)
	clear(s.act)
	clear(s.phase)
	s.watches.reset(c.ng)
	s.decided = resize(s.decided, c.ng)
	s.base.reset(c)
	s.probe.reset(c)
	s.pl.reset(c)
	s.base.ckEvery = checkpointSpacing(c)
	if c.long {
		// Long boards, as the reductions (stacks or rows): few nodes, each costly,
		// and games that seldom win before nearly every pairing is fixed (see the
		// tuning constants).
		s.restartFirst = restartBudgetLong
		s.maxNogoods = maxNogoods
		s.playoutsStart = gamesStartLong
		s.playoutsNode = 1
		s.gamesEvery = gamesEveryLong
		s.scanEvery = scanEveryLong
	} else {
		s.playoutsEarly = earlyGames // see run
	}
}

// searchPool keeps searches between calls of Solve, for boards of the same size to
// reuse their memory: most deals take a tenth of a millisecond, and allocating a
// search for each was a large part of that.
var searchPool sync.Pool

// acquireSearch returns newSearch(c, seed, stop), reusing a pooled search when one
// of c's size is at hand. Give it back with releaseSearch once done with it and its
// solution.
func acquireSearch(c *compiled, seed uint64, stop *halt) *search {
	if s, _ := searchPool.Get().(*search); s != nil && len(s.pl.cnt) == c.n && len(s.phase) == c.ng {
		s.reset(c, seed, stop)
		return s
	}
	return newSearch(c, seed, stop)
}

// releaseSearch puts s back in the pool; it must not be used after.
func releaseSearch(s *search) {
	s.c, s.stop, s.shared, s.progress = nil, nil, nil, nil // hold no board or caller
	searchPool.Put(s)
}

// configure applies the test and benchmark switches of opt.
func (s *search) configure(opt Options) {
	s.noJump = opt.noJump
	if opt.scanEvery > 0 {
		s.scanEvery = opt.scanEvery
	}
	if opt.maxNogoods > 0 {
		s.maxNogoods = opt.maxNogoods
	}
	if opt.exact {
		// The one deterministic game per node stays: with every pairing fixed it is
		// how the search finds its play.
		s.playoutsEarly, s.playoutsStart, s.playoutsFirst, s.playoutsRoot, s.playoutsNode = 0, 0, 0, 1, 1
	}
}

// stopped is panicked through the search when it must stop (see halt).
type stopped struct{}

// outOfBudget is panicked through the search when a run reaches its node budget.
type outOfBudget struct{}

// node searches below P (which it may modify) and reports whether a winning play was
// found (in s.solution); when not, its refutation is in s.conflict: a nogood whose
// literals hold at P.
func (s *search) node(P []uint8, depth int) bool {
	s.stats.Nodes++
	if s.stop.stopped() {
		panic(stopped{})
	}
	if s.nodeBudget > 0 && s.stats.Nodes >= s.nodeBudget {
		panic(outOfBudget{})
	}
	if s.progress != nil && s.stats.Nodes%progressEvery == 0 {
		s.progress(s.stats)
	}
	if s.shared != nil && s.stats.Nodes%importEvery == 0 {
		s.importNogoods()
	}
	if depth == 0 {
		// Cheap first: one scan, then random games before any probing.
		if !s.scanBase(P, depth) {
			return s.fail(false)
		}
		if s.tryPlayouts(P, s.playoutsFirst) {
			return true
		}
	}
	if !s.propagate(P, depth) {
		return s.fail(false)
	}
	n := s.playoutsNode
	if depth == 0 {
		s.orderScans(P)
		n = s.playoutsRoot
	} else if s.gamesEvery > 1 && s.stats.Nodes%s.gamesEvery != 0 {
		n = 0
	}
	g := s.choose(P)
	if g < 0 && !s.scanDue(depth) && !s.scanBase(P, depth) {
		return s.fail(false) // every pairing fixed: the scan is due (see lazyscan.go)
	}
	if g < 0 {
		n = max(n, 1) // every pairing fixed: the game decides (see below)
	}
	if s.tryPlayouts(P, n) {
		return true
	}
	if g < 0 {
		// Every pairing is fixed and the scan cleared the board: the deterministic
		// playout is exact, so it cannot have failed.
		panic("solver: fixed pairings pass the scan but the exact playout fails")
	}
	mask := P[g]
	child := make([]uint8, len(P))
	// The node's refutation: g within mask, and for each pairing the refutation of
	// its child, resolved to the narrowings that hold here.
	var refuted []lit
	if mask != s.c.initP[g] {
		refuted = append(refuted, lit{int32(g), mask})
	}
	order := s.valueOrder(g, mask)
	for i := 0; i < 3; i++ {
		p := int(order[i])
		if s.worker%2 == 1 {
			p = int(order[2-i])
		}
		if mask&(1<<p) == 0 {
			continue
		}
		copy(child, P)
		child[g] = 1 << p
		s.path = append(s.path[:depth+1], lit{int32(g), 1 << p})
		s.decided[g] = 1 << p
		at := len(s.events)
		s.narrowed(int32(g), mask&^(1<<p), nil, depth+1)
		if s.node(child, depth+1) {
			return true
		}
		if s.noJump {
			s.events = s.events[:at]
			continue
		}
		// The child's refutation, resolved past its decision: it holds here, but
		// for the decision.
		K := s.resolveAfter(s.conflict, at)
		s.events = s.events[:at]
		decision := mask &^ (1 << p)
		if !slices.ContainsFunc(K, func(x lit) bool { return x.g == int32(g) && s.c.initP[g]&^x.m&decision != 0 }) {
			// The refutation does not use g's pairing: it refutes every sibling, and
			// this node (backjumping).
			s.stats.Jumps++
			s.conflict = K
			return false
		}
		for _, x := range K {
			if x.g != int32(g) {
				refuted = append(refuted, x)
			}
		}
	}
	s.conflict = refuted
	return s.fail(true)
}

// fail ends a node that failed, whose refutation is s.conflict: it resolves it to its
// first unique implication point (see uip), on long boards drops the narrowings the
// rest implies (see minimize), learns that when it is new (exhausted:
// the node's children all failed, and the refutation is the union of theirs; fresh:
// a failed scan's, which only this learns, as one nogood per conflict), bumps
// its groups, as SAT solvers bump the variables of a learnt clause, and leaves it in
// s.conflict for the parent. It returns false.
func (s *search) fail(exhausted bool) bool {
	if s.noJump {
		return false
	}
	ng, changed := s.uip(s.conflict)
	// Minimized on long boards only: there it cut the nodes of random 3-CNF
	// reductions by up to a sixth; a layout's nogoods are over a few groups, and on
	// turtle deals it changed nothing but the luck of a few searches (docs/perf.md).
	if s.c.long {
		if m, dropped := s.minimize(ng); dropped {
			ng, changed = m, true
		}
	}
	if (changed || exhausted || s.fresh) && len(ng) <= maxNogood && len(ng) > 0 {
		s.keep(ng)
	}
	s.fresh = false
	for _, x := range ng {
		s.act[x.g] += s.actInc
	}
	s.conflict = ng
	return false
}

// orderScans sets the order of the scans' first round of evaluations below the root
// propagated to P: the groups P fixes first, the others after them. A rescan goes on
// from the last checkpoint before the first evaluation at which a group it narrows
// removed a tile the narrowed group would not have, which is that group's first
// evaluation more often than not; only groups with pairings left narrow below the
// root, so evaluating them last lets rescans skip the fixed groups' round (in the
// groups' order the reductions' variable groups come first, and nearly every rescan
// would diverge before the first checkpoint). The scan's result does not
// depend on the order; its checkpoints do, so a new order drops them.
func (s *search) orderScans(P []uint8) {
	order := s.order[:0]
	for g, m := range P {
		if m&(m-1) == 0 {
			order = append(order, int32(g))
		}
	}
	for g, m := range P {
		if m&(m-1) != 0 {
			order = append(order, int32(g))
		}
	}
	s.order = order
	if !slices.Equal(order, s.base.order) {
		s.base.order = append(s.base.order[:0], order...)
		s.probe.order = append(s.probe.order[:0], order...)
		s.base.nck = 0
	}
}

// checkpointSpacing returns how often the base scan of c saves its state: every
// checkpointEvery evaluations, or every quarter of the groups' number on large boards.
// A checkpoint copies the counts of every tile, and a scan makes a few evaluations per
// group, so that bounds the copies of a scan to a few times its own work; at every 16
// the copies took much of the time on the reductions.
func checkpointSpacing(c *compiled) int {
	return max(checkpointEvery, c.ng/4)
}
