package shisen

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// This file is the search over pairings for boards without gravity, the Mahjong
// solver's design carried over to this game.
//
// Without gravity the game is monotone, as Mahjong Solitaire is: taking tiles away
// only opens paths. So the relaxed game of stranded (prune.go) can be asked with some
// tiles' partners fixed: a fixed tile goes only with its partner, a free one with any
// free tile of its group that it may pair with (gone already or not). That scan is
// sound: a real play that respects the fixed partners empties only cells the scan
// empties. And with every partner fixed it is exact: pairs then wait for nothing but
// open paths, which only open further, so playing any pair that can go is as good as
// any other order.
//
// A scan that leaves tiles proves that no winning play has the pairs fixed in the
// groups it left tiles of: a group it cleared, set free again, only gains partners for
// tiles that went anyway, so the scan's fixpoint does not move. Those pairs are learnt
// as a nogood, first made shorter by setting them free one at a time and keeping those
// the refutation needs. The search branches on the partner of one tile at a time (in a
// group of four, that fixes the group's pairing); a refutation that does not name the
// tile just branched on refutes its other partners too (conflict-directed
// backjumping), and a tile whose partners all fail teaches the union of their
// refutations. At every node whose scan clears the board, a greedy game that keeps
// the fixed pairs looks for a win. A board that the first run does not decide is
// probed: each pair that the scan refutes alone is ruled out for good (probe).

// lit is "member i of group g pairs with member j" (i < j), a literal of a nogood.
type lit struct {
	g    int32
	i, j int8
}

// free is the partner of a tile whose partner is not fixed.
const free = -1

// learner is the pairing search's state over one board, b, taken as it is after the
// safe moves: its groups' cells, the partners fixed, the pairs ruled out, the nogoods
// learnt and the activity of each group in refutations (which to branch on next).
type learner struct {
	s        *search
	b        *Board
	groups   [][]Cell
	partner  [][]int8  // per group and member: its fixed partner, or free
	decided  [][]lit   // per group: its pairs fixed by the search, in order
	ruled    [][]bool  // per group: member pairs ruled out at the root (i*len+j)
	nogoods  [][]lit   // refuted sets of pairs
	watch    [][]int   // nogoods by group
	activity []float64 // per group
	bump     float64
	first    []int    // when each group's first tile went in the last whole scan (pick's ties)
	phases   [][]int8 // per group and member: its partner in the last greedy game, or free
	scratch  *Board
	play     []Move
	buf      []int      // mates' buffer
	failed   []int16    // shorten's last failing fixpoint (cells)
	failedIn []uint8    // the same, its profiles (gone, as profiles keeps it)
	relax    *relaxed   // the scans' relaxed game
	perm     []int      // the order of the groups in a greedy game
	skip     int64      // on boards with profiles, the nodes skipped after the last greedy game lost
	nextGame int64      // on boards with profiles, the node count from which greedy games run again
	rng      *rand.Rand // the greedy games' orders: the same for the same board
	budget   int64      // the node count at which this run of the search restarts
	out      bool       // the run ran out of its budget
	fp       *fixpoint  // from keptTiles on, the relaxed game kept from scan to scan (fixpoint.go)
	marks    []fpMark   // per pair fixed by the search, the point its unfix restores fp to
	via      taking     // the last path goes found, and the member at its end
	profiled bool       // the scans keep profiles (profile.go)
	prof     profiles   // their state
}

// The search's tuning, each with its reason.
const (
	// activityGrowth is how much more a refutation weighs than the one before it,
	// so that the branching follows the groups of recent refutations (as VSIDS does
	// in SAT solvers, whose usual decay of 0.95 it mirrors).
	activityGrowth = 1 / 0.95

	// firstBudget is the nodes of the search's first run; each restart doubles it.
	// Lost deals and most won ones take fewer, so only hard boards restart, and at
	// most about log2 times.
	firstBudget = 256

	// After each run, the search over moves gets 1/moveShare of the run's nodes: on
	// a few won boards it finds the win far sooner than the pairing search
	// (docs/perf.md), and it costs the boards it does not help that share of time.
	// Boards whose scans keep profiles give it none (learn).
	moveShare = 4

	// maxNogoods bounds the nogoods kept, and so a long search's memory (a nogood is
	// a few dozen pairs); the older half goes when it is reached, as the younger
	// ones are about the part of the search going on.
	maxNogoods = 1 << 16

	// keptTiles is the fewest tiles on which the pairing search keeps its relaxed
	// game from scan to scan (fixpoint.go) rather than scanning the whole board: a
	// new pair changes a few columns of a long board. On KShisen's 24×12 deals (288
	// tiles) keeping is the faster; below it, on the deals of 144 tiles and fewer, a
	// whole scan costs little, and those searches stay as the results in
	// docs/results.md were made (docs/perf.md).
	keptTiles = 256

	// profileTiles is the fewest tiles on which the scans keep a profile per pairing
	// of each group of four not paired, with precedences (profile.go). It lies above
	// KShisen's largest deal: on the reduction's boards, whose groups' tiles block
	// each other through the layout's, the search took hundreds of times more nodes
	// without them, while on deals the precedences cost more than they save
	// (docs/perf.md).
	profileTiles = 512

	// maxGreedySkip bounds the nodes at which the search skips the greedy game, on
	// boards whose scans keep profiles (the reduction's), after a greedy game that
	// did not win: each such loss doubles the nodes skipped, up to this. There a
	// greedy game costs about what a scan of the whole board does, and nearly all of
	// them lose: at every node they took a third of the time, on unsatisfiable
	// formulas too, and a win found up to this many nodes later cost less than the
	// games saved (docs/perf.md). Deals keep a game at every node.
	maxGreedySkip = 64

	// maxLearnGroup is the largest group the search takes: members are int8s, and
	// KShisen's largest groups have twelve tiles.
	maxLearnGroup = 64

	// With gravity, a round gives random games about the time its search gets: a
	// game costs about as much as gravityGameCost nodes of the search over moves.
	gravityGameCost = 256

	// maxRoundGames caps the random games of a round with gravity, reached at a
	// round of 65,536 nodes: past it, the rounds' growth goes to the search, which
	// refutes the lost deals, and on the slowest wins measured it was the search
	// that won, sooner with the cap (docs/perf.md).
	maxRoundGames = 256

	// maxRefuted bounds the positions the searches over moves remember as refuted,
	// and so their memory: 16 bytes a slot, whatever the board's size, at most 2^25
	// slots (512 MiB), so that a solve on each core stays well within a machine's
	// memory. Past it, new positions take old ones' slots (refuted.go).
	maxRefuted = 1 << 24
)

// learnable reports whether the pairing search takes b: no group has more than
// maxLearnGroup tiles.
func learnable(groups [][]Cell) bool {
	for _, cs := range groups {
		if len(cs) > maxLearnGroup {
			return false
		}
	}
	return true
}

// learn decides b, a board without gravity, and appends a winning play to s.path when
// there is one.
func (s *search) learn(b *Board) bool {
	mark := len(s.path)
	s.playWhole(b, nil)
	if b.Tiles() == 0 {
		return true
	}
	l := newLearner(s, b)
	// Restarts with a doubling budget of nodes, keeping what was learnt: the activity
	// then leads the search to the groups that matter from the top. The first restart
	// probes the pairs first, once: most boards end before it, and need no probing.
	for budget := int64(firstBudget); ; budget *= 2 {
		if budget == 2*firstBudget && !l.probe() {
			s.path = s.path[:mark]
			return false
		}
		l.out, l.budget = false, s.nodes+budget
		won, _ := l.node()
		if won {
			s.path = append(s.path, l.play...)
			return true
		}
		if s.stopped || !l.out {
			s.path = s.path[:mark]
			return false
		}
		// A share of that for the search over moves, which goes on from the positions
		// it refuted before: on a few won boards it finds the win much sooner. Not on
		// a board whose scans keep profiles (the reduction's): there each of its nodes
		// plays the relaxed game over the whole board, which costs more time than its
		// wins save (docs/perf.md).
		if l.profiled {
			continue
		}
		at := len(s.path)
		won, paused := s.upTo(budget/moveShare, func() bool { return s.pairings(b.Clone(), nil) })
		switch {
		case won:
			return true
		case !s.stopped && !paused:
			s.path = s.path[:mark]
			return false // refuted by the search over moves
		}
		s.path = s.path[:at] // a paused search over moves leaves moves behind
	}
}

// newLearner returns the pairing search's state for b, every partner free.
func newLearner(s *search, b *Board) *learner {
	l := &learner{s: s, b: b, groups: members(b), bump: 1, scratch: b.Clone(), rng: rand.New(rand.NewPCG(1, 2))}
	n := len(l.groups)
	l.relax = &relaxed{groups: l.groups}
	l.partner = make([][]int8, n)
	l.phases = make([][]int8, n)
	l.ruled = make([][]bool, n)
	for g, cs := range l.groups {
		l.partner[g] = slices.Repeat([]int8{free}, len(cs))
		l.phases[g] = slices.Repeat([]int8{free}, len(cs))
		l.ruled[g] = make([]bool, len(cs)*len(cs))
	}
	l.decided = make([][]lit, n)
	l.watch = make([][]int, n)
	l.activity = make([]float64, n)
	l.first = make([]int, n)
	n = b.Tiles()
	l.profiled = n >= cmp.Or(s.profileFrom, profileTiles)
	if n >= cmp.Or(s.keptFrom, keptTiles) {
		l.fp = newFixpoint(b)
	}
	return l
}

// node searches below the pairs fixed so far. It returns whether it won, and
// otherwise the pairs its refutation rests on (none: the board is lost whatever is
// fixed; also none when the search stopped, which s.stopped tells, or ran out of its
// budget, which l.out tells).
func (l *learner) node() (bool, []lit) {
	if l.s.stop() {
		return false, nil
	}
	if l.s.nodes > l.budget {
		l.out = true
		return false, nil
	}
	if left := l.scan(); len(left) > 0 {
		core := l.shorten(l.decidedIn(left))
		l.learnt(core)
		return false, core
	}
	played := l.greedyNow()
	if played {
		if l.greedy() {
			return true, nil
		}
		l.greedyLost()
	}
	g, i := l.pick()
	if g < 0 { // every partner fixed and the scan cleared: a greedy game cannot fail here
		return !played && l.greedy(), nil
	}
	// The refutation of every partner of i rests on the pairs fixed before in g too:
	// they took i's other candidates away.
	why := slices.Clone(l.decided[g])
	for _, j := range l.candidates(g, i) {
		x := l.fix(g, i, j)
		core := l.violated(x)
		won := false
		if core == nil {
			won, core = l.node()
		}
		if won {
			return true, nil
		}
		l.unfix(x)
		if l.s.stopped || l.out {
			return false, nil
		}
		if !slices.Contains(core, x) {
			return false, core // refuted whatever i's partner: so are its other partners
		}
		why = union(why, slices.DeleteFunc(slices.Clone(core), func(y lit) bool { return y == x }))
	}
	l.learnt(why)
	return false, why
}

// fix makes j the partner of member i of group g, as a decision, and returns its lit.
func (l *learner) fix(g, i, j int) lit {
	x := lit{int32(g), int8(min(i, j)), int8(max(i, j))}
	l.marks = append(l.marks, l.mark())
	l.partner[g][i], l.partner[g][j] = int8(j), int8(i)
	l.touch(g)
	l.decided[g] = append(l.decided[g], x)
	return x
}

// unfix sets free again the pair of x, the last decision of its group.
func (l *learner) unfix(x lit) {
	l.partner[x.g][x.i], l.partner[x.g][x.j] = free, free
	d := l.decided[x.g]
	l.decided[x.g] = d[:len(d)-1]
	l.restore(l.marks[len(l.marks)-1])
	l.marks = l.marks[:len(l.marks)-1]
}

// decidedIn returns the pairs the search fixed in the groups gs.
func (l *learner) decidedIn(gs []int32) []lit {
	var out []lit
	for _, g := range gs {
		out = append(out, l.decided[g]...)
	}
	return out
}

// shorten returns a subset of core, pairs fixed now under which the scan fails, under
// which it still fails: each pair in turn is set free, and stays free when the scan
// fails without it. It is called just after that failing scan, whose fixpoint
// l.fixpoint() holds: setting pairs free only lets more tiles go, so each look goes on
// from the last failing fixpoint (grow) instead of scanning the board again. The
// pairs are as they were on return.
func (l *learner) shorten(core []lit) []lit {
	if len(core) <= 1 {
		return core
	}
	l.failed = append(l.failed[:0], l.fixpoint().cells...)
	l.failedIn = append(l.failedIn[:0], l.prof.gone...)
	var keep []lit
	for k, x := range core {
		if l.s.stop() {
			keep = append(keep, core[k:]...)
			break
		}
		l.partner[x.g][x.i], l.partner[x.g][x.j] = free, free
		if l.grow(l.failed) {
			copy(l.failed, l.scratch.cells) // still lost without x: go on from here
			copy(l.failedIn, l.prof.spare)
		} else {
			l.partner[x.g][x.i], l.partner[x.g][x.j] = x.j, x.i
			keep = append(keep, x)
		}
	}
	for _, x := range core {
		l.partner[x.g][x.i], l.partner[x.g][x.j] = x.j, x.i
	}
	return keep
}

// pick returns the tile to branch on: the first free member of the group with four or
// more free members that is the most active in refutations, then the one whose tiles
// the last scan let go first; -1, -1 when every group has at most two free members.
func (l *learner) pick() (int, int) {
	best := -1
	firstOf := func(g int) int { // read from the kept fixpoint only for a tie
		if l.fp != nil {
			return l.firstLive(g)
		}
		return l.first[g]
	}
	bestFirst := -1 // best's, once asked
	for g := range l.groups {
		if l.unpaired(g) < 4 {
			continue
		}
		switch {
		case best < 0 || l.activity[g] > l.activity[best]:
			best, bestFirst = g, -1
		case l.activity[g] == l.activity[best]:
			if bestFirst < 0 {
				bestFirst = firstOf(best)
			}
			if f := firstOf(g); f < bestFirst {
				best, bestFirst = g, f
			}
		}
	}
	if best < 0 {
		return -1, -1
	}
	return best, slices.Index(l.partner[best], free)
}

// candidates returns the free members that member i of group g may pair with, in the
// order to try them: first its partner in the last greedy game.
func (l *learner) candidates(g, i int) []int {
	var out []int
	n := len(l.groups[g])
	for j, p := range l.partner[g] {
		if j != i && p == free && !l.ruled[g][i*n+j] {
			out = append(out, j)
		}
	}
	if ph := int(l.phases[g][i]); ph != free {
		if k := slices.Index(out, ph); k > 0 {
			out[0], out[k] = out[k], out[0]
		}
	}
	return out
}
