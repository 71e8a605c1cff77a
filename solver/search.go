package solver

import (
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
)

// search is one sequential pairing search over a compiled board.
type search struct {
	c     *compiled
	base  *scanner // scan of the current node, read by the witness test
	probe *scanner
	pl    *player
	rng   wyrand
	stop  *atomic.Bool
	stats Stats

	progress func(Stats)

	playoutsStart, playoutsFirst, playoutsRoot, playoutsNode int
	// Restarts: the pairing search runs with a node budget of restartFirst, doubled
	// after each restart (0: one run, no budget); a run that ends within its budget is
	// exact. Each run starts from the groups the conflicts so far made active.
	restartFirst int
	nodeBudget   int64 // node count at which the current run gives up (0: none)
	solution     [][2]int32

	// Conflict activity per group, as VSIDS in SAT solvers: every failed scan bumps
	// the groups it left tiles of, newer conflicts weighing more (see choose).
	act    []float64
	actInc float64

	// Conflict-directed backjumping: every group's narrowed pairings carry the set of
	// decision levels they follow from (see levels), and a failed node reports the
	// levels its failure follows from; a child whose failure does not involve its own
	// decision refutes its siblings too. noJump turns this off (benchmarks compare).
	noJump  bool
	wide    []uint8 // minimize's scratch pairings
	widened []int32 // minimize's scratch groups
	saved   scanState

	rootFixpoint []uint8 // the pairings root propagation last reached a fixpoint at

	// Phase saving, as in SAT solvers: the pairings of the random game of the current
	// run that removed the most tiles (the latest of equals), which branching tries
	// first (see valueOrder), and its commitments, whose prefixes later games replay
	// (see tryPlayouts).
	phase        []uint8
	phaseRemoved int
	bestGame     [][2]int32

	// The current batch of random games: their shared opening, whether bestGame is one
	// of them, and then snaps[i] is the position after its first (i+1)*snapEvery
	// commitments, for the first nsnap of them (see replayPrefix).
	opening  position
	bestHere bool
	snaps    []position
	nsnap    int

	// Nogoods: sets of pairings (group, pairing) that no winning play has all of,
	// learnt from refutations (the decisions at the levels of a conflict); they hold
	// for the whole board, so they survive restarts.
	nogoods [][]lit
	path    []lit // the decision at each level of the current branch

	// With several workers: the nogoods every worker learnt, how many of them this
	// worker has seen, and its number (odd workers try pairings in reverse order, so
	// that the workers' searches differ even where random games play no part).
	shared   *pool
	imported int
	worker   int
}

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
		if p.from[s.imported] != s.worker && len(s.nogoods) < maxNogoods {
			s.nogoods = append(s.nogoods, p.nogoods[s.imported])
		}
	}
}

// lit is "group g has pairing p".
type lit struct {
	g int32
	p uint8
}

// maxNogood is the largest nogood learnt, maxNogoods the most kept.
const (
	maxNogood  = 12
	maxNogoods = 20000
)

// learn records the decisions at the levels of C as a nogood, and bumps the activity
// of their groups, as SAT solvers bump the variables of a learnt clause: the groups of
// a refutation are the ones to branch on next.
func (s *search) learn(C levels) {
	if s.noJump || C&levelBit(63) != 0 {
		return
	}
	for l := 1; l < 63 && l < len(s.path); l++ {
		if C&(1<<l) != 0 {
			s.act[s.path[l].g] += s.actInc
		}
	}
	if bits.OnesCount64(C) > maxNogood || len(s.nogoods) >= maxNogoods {
		return
	}
	ng := make([]lit, 0, bits.OnesCount64(C))
	for l := 1; l < 63; l++ {
		if C&(1<<l) != 0 {
			ng = append(ng, s.path[l])
		}
	}
	s.nogoods = append(s.nogoods, ng)
	s.stats.Nogoods++
	if s.shared != nil {
		s.shared.share(s.worker, ng)
	}
}

// useNogoods narrows P by the nogoods: when every pairing of a nogood but one is
// fixed, the last one goes (the scan that follows sees it). It reports false, with the
// levels, when a nogood holds entirely.
func (s *search) useNogoods(P []uint8, L []levels) (bool, levels) {
	for _, ng := range s.nogoods {
		open := -1
		var why levels
		for i, x := range ng {
			m := P[x.g]
			if m&(1<<x.p) == 0 {
				open = -2 // false: the nogood cannot hold
				break
			}
			if m == 1<<x.p {
				why |= L[x.g]
				continue
			}
			if open >= 0 {
				open = -2 // two undecided: nothing to do
				break
			}
			open = i
		}
		switch {
		case open == -1:
			return false, why
		case open >= 0:
			x := ng[open]
			P[x.g] &^= 1 << x.p
			L[x.g] |= why
			if P[x.g] == 0 {
				return false, L[x.g]
			}
		}
	}
	return true, 0
}

// levels is a set of decision levels: bit l is the pairing chosen at depth l (l >= 1).
// Bit 63 stands for every level from 63 on, so the set stays sound on deep searches:
// such levels are never dropped from a conflict, only not told apart.
type levels = uint64

// levelBit returns the bit of decision level l.
func levelBit(l int) levels {
	return 1 << min(l, 63)
}

// allLevels is the conflict set that blames every decision: no backjump.
const allLevels = ^levels(0)

// explain returns the decision levels a failed scan by sc follows from: the levels of
// the narrowings of the groups it left tiles of, except group skip (a probe's own
// group; -1 for none). The scan with every other group's pairings widened back to the
// group's initial ones fails too: a group the scan cleared stays cleared when allowed
// more pairings, and the groups it did not clear see the same tiles go as before (the
// scan is a monotone fixpoint), so those narrowings alone refute the node.
func (s *search) explain(sc *scanner, L []levels, skip int) levels {
	if s.noJump {
		return allLevels
	}
	c := s.c
	var C levels
	for g := 0; g < c.ng; g++ {
		if sc.rm[g] != c.full[g] && g != skip {
			C |= L[g]
		}
	}
	return C
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

// newSearch returns a search of board c with random seed seed that stops when stop
// is raised.
func newSearch(c *compiled, seed uint64, stop *atomic.Bool) *search {
	s := &search{
		base: newScanner(c), probe: newScanner(c), pl: newPlayer(c),
		act: make([]float64, c.ng), wide: make([]uint8, c.ng), saved: newScanState(c),
		phase: make([]uint8, c.ng),
	}
	s.reset(c, seed, stop)
	return s
}

// reset readies s, made by newSearch for a board of c's size, to search c from the
// start, as newSearch(c, seed, stop) would, but in the memory it has. Every field is
// set anew: those not named here start from zero.
func (s *search) reset(c *compiled, seed uint64, stop *atomic.Bool) {
	*s = search{
		c: c, base: s.base, probe: s.probe, pl: s.pl, rng: wyrand{s: seed ^ 0x6d6a736174},
		stop:          stop,
		playoutsStart: 256, playoutsFirst: 32, playoutsRoot: 16, playoutsNode: 1,
		restartFirst: 16,
		act:          s.act, actInc: 1,
		wide: s.wide, saved: s.saved, phase: s.phase,
		// scratch whose contents do not matter, kept for its memory
		widened: s.widened[:0], solution: s.solution[:0], rootFixpoint: s.rootFixpoint[:0],
		bestGame: s.bestGame[:0], opening: s.opening, snaps: s.snaps, nogoods: s.nogoods[:0],
		path: s.path[:0],
	}
	clear(s.act)
	clear(s.phase)
	s.base.reset(c)
	s.probe.reset(c)
	s.pl.reset(c)
	if c.stacks {
		// Reduction boards: few nodes, each costly; a restart throws too much away.
		// A game is a play of thousands of tiles and seldom wins: fewer of them.
		s.restartFirst = 0
		s.playoutsStart = 64
	} else {
		// On layouts a node costs a scan or two and a game a few microseconds: a
		// few games per node find most plays the saved phase leads to (2 did best
		// of 1 to 4; docs/perf.md). On reductions a game is a 4 000-tile play.
		s.playoutsNode = 2
		s.base.ckEvery = checkpointEvery
	}
}

// searchPool keeps searches between calls of Solve, for boards of the same size to
// reuse their memory: most deals take a tenth of a millisecond, and allocating a
// search for each was a large part of that.
var searchPool sync.Pool

// acquireSearch returns newSearch(c, seed, stop), reusing a pooled search when one
// of c's size is at hand. Give it back with releaseSearch once done with it and its
// solution.
func acquireSearch(c *compiled, seed uint64, stop *atomic.Bool) *search {
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
	if opt.exact {
		// The one deterministic game per node stays: with every pairing fixed it is
		// how the search finds its play.
		s.playoutsStart, s.playoutsFirst, s.playoutsRoot, s.playoutsNode = 0, 0, 1, 1
	}
}

// stopped is panicked through the search when the stop flag is raised.
type stopped struct{}

// outOfBudget is panicked through the search when a run reaches its node budget.
type outOfBudget struct{}

// scanBase runs the base scan of P at a node of the given depth; when it fails, it
// bumps the groups left behind and returns the minimized levels of the refutation.
//
// The node's own decision level stays without a check: widened back, the pairings
// are those of the parent, whose scan passed (but for narrowings below the node that
// did not follow from its decision, which are rare; keeping an unneeded level only
// weakens a backjump), and the check cost more than it saved.
func (s *search) scanBase(P []uint8, L []levels, depth int) (bool, levels) {
	s.stats.Scans++
	if s.base.rescan(P) {
		return true, 0
	}
	s.bump(s.base)
	var sure levels
	if depth >= 1 && depth < 63 {
		sure = levelBit(depth)
	}
	return false, s.minimize(P, L, s.explain(s.base, L, -1), sure)
}

// propagate narrows P: a pairing of a group goes when the scan with the group fixed to
// it fails (a probe), and L[g] gains the levels that failure follows from; the
// stuck-profile rule drops pairings too. At the root the probes run to a fixpoint;
// below it there are none, only the scan and the stuck-profile rule, to a fixpoint. It
// reports false, with the levels of the refutation, when P admits no winning play.
//
// Probing below the root, as failed-literal probing in SAT solvers, prunes the most
// per node but costs dozens of scans a node: with the saved phase, cheap nodes win
// (a node became about thirteen times cheaper). On boards of isolated stacks
// (reductions: thousands of tiles, a probe is a full scan) it never paid.
func (s *search) propagate(P []uint8, L []levels, depth int) (bool, levels) {
	probing := depth == 0
	for {
		if ok, C := s.useNogoods(P, L); !ok {
			return false, C
		}
		if ok, C := s.scanBase(P, L, depth); !ok {
			return false, C
		}
		if depth == 0 && slices.Equal(P, s.rootFixpoint) {
			// Propagated to this fixpoint before (an earlier run): every probe would
			// pass again.
			return true, 0
		}
		changed, stale := false, false
		for g := 0; g < s.c.ng; g++ {
			mask := P[g]
			if mask&(mask-1) == 0 {
				continue
			}
			if stale && probing && !s.c.stacks {
				// A group narrowed since the base scan: scan again, so that the probes
				// of g may stop early and the stuck-profile rule sees P. (On the
				// reductions, narrowings are many and a scan is costly: there the probes
				// stop early only until the first.)
				stale = false
				if ok, C := s.scanBase(P, L, depth); !ok {
					return false, C
				}
			}
			fresh := !stale // the base scan saw P but for g
			if stuck := s.base.stuck(g, mask); stuck != 0 {
				// A profile stuck in a scan that cleared the board: the pairing is
				// impossible (fixed to it, the group's tiles can only go later). Its
				// levels are those of the scan with the group fixed to it, which fails.
				for p := 0; p < 3; p++ {
					if stuck&(1<<p) == 0 {
						continue
					}
					if s.noJump {
						L[g] = allLevels
					} else {
						P[g] = 1 << p
						s.stats.Probes++
						if s.probe.scan(P) {
							panic("solver: a stuck profile's pairing passes the scan")
						}
						L[g] |= s.explain(s.probe, L, g)
					}
				}
				mask &^= stuck
				P[g] = mask
				changed, stale = true, true
			}
			if !probing {
				if mask == 0 {
					return false, L[g]
				}
				continue
			}
			for p := 0; p < 3; p++ {
				if mask&(1<<p) == 0 || mask&(mask-1) == 0 || s.base.witnessed(g, p, mask) {
					continue
				}
				if s.stop.Load() {
					panic(stopped{})
				}
				P[g] = 1 << p
				s.stats.Probes++
				var ok bool
				if fresh {
					// The probe may start from the base scan and stop when g is cleared.
					ok = s.probe.resume(s.base, P, int32(g), g, p)
				} else {
					ok = s.probe.scan(P)
				}
				P[g] = mask
				if !ok {
					s.bump(s.probe)
					// Probes run at the root only, where no narrowing follows from a
					// decision: the conflict has no level to minimize.
					L[g] |= s.explain(s.probe, L, g)
					mask &^= 1 << p
					P[g] = mask
					changed, stale = true, true
				}
			}
			if mask == 0 {
				return false, L[g]
			}
		}
		if !changed {
			if depth == 0 {
				s.rootFixpoint = append(s.rootFixpoint[:0], P...)
			}
			return true, 0
		}
	}
}

// minimize shrinks the conflict C of the failed base scan of P: level by level,
// deepest first, it widens back to their initial pairings the groups whose narrowings
// depend on the level, and drops the level when the scan still fails. The levels sure
// stay without a check.
//
// The scan under the wider pairings is not run from scratch: it goes on (in s.probe)
// from the fixpoint the failed scan reached (see scanner.extend), and from each
// further failed one, as the widened pairings only grow while levels are dropped. When
// it went on from the failed scan in place of a scan from scratch a level, the
// minimization became cheap enough to run on every conflict.
func (s *search) minimize(P []uint8, L []levels, C levels, sure levels) levels {
	if s.noJump || C == 0 {
		return C
	}
	c := s.c
	sc := s.probe
	sc.set(&s.base.scanState)
	W := s.wide
	copy(W, P)
	for l := 62; l >= 1; l-- {
		bit := levels(1) << l
		if C&bit == 0 || sure&bit != 0 {
			continue
		}
		keep := C &^ bit
		widened := s.widened[:0]
		for h := range W {
			if W[h] != c.initP[h] && L[h]&^keep != 0 {
				widened = append(widened, int32(h))
			}
		}
		s.widened = widened
		if len(widened) == 0 {
			C = keep // the same pairings: the scan fails again
			continue
		}
		s.stats.Scans++
		s.saved.set(&sc.scanState)
		for _, h := range widened {
			W[h] = c.initP[h]
		}
		if !sc.extend(W, widened) {
			C = keep
			continue
		}
		// Back to the state before (swapped in, not copied).
		sc.scanState, s.saved = s.saved, sc.scanState
		for _, h := range widened {
			W[h] = P[h]
		}
	}
	return C
}

// tryPlayouts plays n random games under P and keeps the first that clears the board.
// The games share their opening, the pairs of fixed groups free before any choice is
// made, which is played once.
//
// Half the games after the first replay a random prefix of the commitments of the
// run's best game so far, then go on at random, as nested Monte Carlo search does:
// the best game is close to a winning play more often than a random one is.
func (s *search) tryPlayouts(P []uint8, n int) bool {
	if n <= 0 {
		return false
	}
	pl := s.pl
	pl.start(P)
	cleared := pl.settle()
	pl.save(&s.opening)
	s.bestHere, s.nsnap = false, 0
	for i := 0; i < n; i++ {
		if i%16 == 15 && s.stop.Load() {
			panic(stopped{})
		}
		s.stats.Playouts++
		var r *wyrand
		if i > 0 {
			r = &s.rng
			if len(s.bestGame) > 0 && r.IntN(2) == 0 {
				cleared = s.replayPrefix(r.IntN(len(s.bestGame) + 1))
			} else {
				pl.restore(&s.opening)
			}
		}
		if cleared || pl.finish(r) {
			s.solution = append(s.solution[:0], pl.moves...)
			return true
		}
		if pl.removed >= s.phaseRemoved {
			s.phaseRemoved = pl.removed
			copy(s.phase, pl.q)
			// The saved positions of the commitments the game shares with the last
			// best stay (a game that replayed a prefix shares at least that).
			same := 0
			if s.bestHere {
				for same < min(len(s.bestGame), len(pl.commits)) && s.bestGame[same] == pl.commits[same] {
					same++
				}
			}
			s.nsnap = min(s.nsnap, same/snapEvery)
			s.bestGame = append(s.bestGame[:0], pl.commits...)
			s.bestHere = true
		}
	}
	return false
}

// snapEvery is how many commitments of the best game lie between its saved positions.
const snapEvery = 8

// replayPrefix sets up the player to replay the first k commitments of the best game
// and reports whether the board is already cleared.
//
// A best game of an earlier batch, under other pairings, is replayed from the opening
// while its commitments can be made. One of this batch is replayed from the last of its
// saved positions at or before k, saving those passed that are not saved yet: the
// position after a commitment depends only on the commitments before it, so the games
// are the same as if replayed from the opening, only cheaper.
func (s *search) replayPrefix(k int) bool {
	pl := s.pl
	if !s.bestHere {
		pl.restore(&s.opening)
		pl.forced = append(pl.forced, s.bestGame[:k]...)
		return false
	}
	j := min(k/snapEvery, s.nsnap)
	if j == 0 {
		pl.restore(&s.opening)
	} else {
		pl.restore(&s.snaps[j-1])
		pl.commits = append(pl.commits, s.bestGame[:j*snapEvery]...)
	}
	for _, f := range s.bestGame[j*snapEvery : k] {
		pl.commit(f[0], int(f[1]))
		if pl.settle() {
			return true
		}
		if len(pl.commits) == (s.nsnap+1)*snapEvery {
			if s.nsnap == len(s.snaps) {
				s.snaps = append(s.snaps, position{})
			}
			pl.save(&s.snaps[s.nsnap])
			s.nsnap++
		}
	}
	return false
}

// choose picks the group to branch on.
//
// On layouts (the turtle and the like) it is the most active group: the one whose
// tiles the most, and the most recent, failed scans left behind (see bump); ties go to
// the fewest remaining pairings, then to the group that finished latest in the scan.
// Without activity, a refutation local to a few groups is redone under every choice
// of the groups branched on before them; activity branches on those groups first.
//
// A group with two pairings left counts its activity twice: it splits the search in
// two, not three.
//
// On boards of isolated stacks (the reduction's), where activity is much worse, it is
// the group with the fewest pairings that finished latest, groups whose tiles block
// each other last: the scan already keeps their stacked pairs apart and their
// remaining pairings mostly differ in order only. (There the search runs once, without
// restarts.)
func (s *search) choose(P []uint8) int {
	best, bestKey := -1, int64(math.MaxInt64)
	bestAct := math.Inf(-1)
	for g := 0; g < s.c.ng; g++ {
		mask := P[g]
		if mask&(mask-1) == 0 {
			continue
		}
		key := int64(popcount3(mask)) << 32
		if s.c.stacks && s.c.hasSame[g] {
			key += 4 << 32
		}
		key -= int64(s.base.lastEval(g, mask))
		if !s.c.stacks {
			a := s.act[g]
			if popcount3(mask) == 2 {
				a *= 2 // two pairings left (see above)
			}
			if a > bestAct || a == bestAct && key < bestKey {
				best, bestKey, bestAct = g, key, a
			}
			continue
		}
		if key < bestKey {
			best, bestKey = g, key
		}
	}
	return best
}

// node searches below P and L (which it may modify) and reports whether a winning play
// was found (in s.solution); when not, the decision levels the failure follows from.
func (s *search) node(P []uint8, L []levels, depth int) (bool, levels) {
	s.stats.Nodes++
	if s.stop.Load() {
		panic(stopped{})
	}
	if s.nodeBudget > 0 && s.stats.Nodes >= s.nodeBudget {
		panic(outOfBudget{})
	}
	if s.progress != nil && s.stats.Nodes%256 == 0 {
		s.progress(s.stats)
	}
	if s.shared != nil && s.stats.Nodes%16 == 0 {
		s.importNogoods()
	}
	if depth == 0 {
		// Cheap first: one scan, then random games before any probing.
		if ok, C := s.scanBase(P, L, depth); !ok {
			return false, C
		}
		if s.tryPlayouts(P, s.playoutsFirst) {
			return true, 0
		}
	}
	if ok, C := s.propagate(P, L, depth); !ok {
		return false, C
	}
	n := s.playoutsNode
	if depth == 0 {
		n = s.playoutsRoot
	}
	if s.tryPlayouts(P, n) {
		return true, 0
	}
	g := s.choose(P)
	if g < 0 {
		// Every pairing is fixed and the scan cleared the board: the deterministic
		// playout is exact, so it cannot have failed.
		panic("solver: fixed pairings pass the scan but the exact playout fails")
	}
	mask := P[g]
	child := make([]uint8, len(P))
	childL := make([]levels, len(L))
	here := levelBit(depth + 1)
	// The node fails for the levels its children fail for, less the children's own
	// decision, plus those that narrowed g to mask.
	C := L[g]
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
		copy(childL, L)
		child[g] = 1 << p
		childL[g] = here
		if depth+1 < 63 {
			s.path = append(s.path[:depth+1], lit{int32(g), uint8(p)})
		}
		found, Cp := s.node(child, childL, depth+1)
		if found {
			return true, 0
		}
		s.learn(Cp)
		if Cp&here == 0 {
			// The refutation does not use g's pairing: it refutes every sibling.
			s.stats.Jumps++
			return false, Cp
		}
		if here != levelBit(63) {
			Cp &^= here
		}
		C |= Cp
	}
	return false, C
}

// valueOrder orders the pairings of g in mask for branching on layouts: the saved
// phase first, then the one whose profile finished earliest in the base scan (on
// reductions the fixed order is kept).
//
// On the deals that need the search, which are mostly solvable, the best game so far
// is close to a winning play, so its pairing is the likeliest to lead to one.
func (s *search) valueOrder(g int, mask uint8) [3]uint8 {
	order := [3]uint8{0, 1, 2}
	if s.c.stacks {
		return order
	}
	var end [3]int32
	for p := 0; p < 3; p++ {
		end[p] = s.base.profileEnd(g, p)
		if mask&(1<<p) == 0 {
			end[p] = math.MaxInt32
		}
	}
	if m := s.phase[g] & mask; m != 0 && m&(m-1) == 0 {
		end[pairingIndex(m)] = -1
	}
	for i := 1; i < 3; i++ {
		for j := i; j > 0 && end[order[j]] < end[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// checkpointEvery is how often (in evaluations) the base scan saves its state for
// probes and rescans to go on from, on layouts (a trade between the copies and the
// work a probe redoes; 8 and 16 did best).
const checkpointEvery = 16

// run searches from the initial pairings; it returns Unknown when stopped.
func (s *search) run() (st Status) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopped); !ok {
				panic(r)
			}
			st = Unknown
		}
	}()
	P := append([]uint8(nil), s.c.initP...)
	// Cheapest first: one scan, which refutes most unsolvable deals at once. Most
	// deals end in the random games that follow: it saves no checkpoints.
	s.stats.Scans++
	if !s.base.scanOnce(P) {
		return Unsolvable
	}
	// A pairing whose profile got stuck in a scan that cleared the board is impossible
	// (see propagate): the random games do not try it.
	for g, m := range P {
		if st := s.base.stuck(g, m); st != m {
			P[g] = m &^ st // all stuck: left to propagate, which refutes the deal
		}
	}
	// Then random games under those pairings (de Bondt plays 708). Most
	// turtle deals fall to one of the first few; a game costs a few microseconds, and
	// 256 is where more games stop paying for themselves.
	if s.playoutsStart > 0 && s.tryPlayouts(P, s.playoutsStart) {
		return Solvable
	}
	// Then the exact search. (A guided dive, a budgeted pairing search pruned by the
	// scan alone that branched where the game stood, came first until the games
	// replayed prefixes of the run's best game; then it no longer paid.)
	for budget := int64(s.restartFirst); ; budget *= 2 {
		s.phaseRemoved = 0 // each run saves its own phase and best game
		s.bestGame = s.bestGame[:0]
		found, done := s.bounded(P, budget)
		if found {
			return Solvable
		}
		if done {
			return Unsolvable
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
	// node narrows P in place by propagation, which only drops impossible pairings:
	// the next run starts from the narrowed P.
	s.path = append(s.path[:0], lit{})
	found, _ = s.node(P, make([]levels, len(P)), 0)
	return found, true
}
