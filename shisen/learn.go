package shisen

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// This file is the search over pairings for boards without gravity whose groups have
// two or four tiles, the Mahjong solver's design carried over to this game.
//
// Without gravity the game is monotone, as Mahjong Solitaire is: taking tiles away
// only opens paths. So the relaxed game of stranded (prune.go) can be asked under a
// choice of pairings, a group of four being either free (a tile may go with any tile
// of its group) or fixed to one of its three pairings (a tile only with its partner).
// That scan is sound: a real play that respects the fixed pairings empties only cells
// the scan empties. And with every group fixed it is exact: pairs then wait for
// nothing but open paths, which only open further, so playing any pair that can go is
// as good as any other order.
//
// A scan that leaves tiles proves that no winning play has the pairings of the
// groups it left tiles of: a group it cleared, set free again, only gains partners
// for tiles that went anyway, so the scan's fixpoint does not move. That set of
// (group, pairing) is learnt as a nogood, first made shorter by setting its groups
// free one at a time and keeping those the refutation needs. The search branches on
// one group's pairing at a time; a refutation that does not name the group just
// branched on refutes its siblings too (conflict-directed backjumping), and a group
// whose three pairings all fail teaches the union of their refutations. At every node
// whose scan clears the board, a greedy game that keeps the fixed pairings looks for
// a win. A board that the first run does not decide is probed: each pairing that the
// scan refutes alone is ruled out for good (probe).

// pairing[p][i] is the partner of member i of a group of four under pairing p.
var pairing = [3][4]int8{{1, 0, 3, 2}, {2, 3, 0, 1}, {3, 2, 1, 0}}

// free marks a group of four whose pairing is not fixed.
const free = -1

// lit is one group's pairing, a literal of a nogood.
type lit struct {
	g int32
	p int8
}

// learner is the pairing search's state over one board, b, taken as it is after the
// safe moves: its groups' cells, the pairings fixed, the nogoods learnt and the
// activity of each group in refutations (which group to branch on next).
type learner struct {
	s        *search
	b        *Board
	groups   [][]Cell
	fix      []int8  // per group: free, or a pairing of a group of four; groups of two: 0
	ruled    []uint8 // per group of four: the pairings ruled out at the root (a mask)
	settled  []bool  // per group of four: fixed at the root, its one pairing left
	nogoods  [][]lit // refuted sets of pairings
	watch    [][]int // nogoods by group
	activity []float64
	bump     float64
	round    []int  // the scan round in which each group's first tile went (branching ties)
	phases   []int8 // the pairing each group took in the last greedy game, or free
	scratch  *Board
	play     []Move
	perm     []int      // the order of the groups in a greedy game
	rng      *rand.Rand // the greedy games' orders: the same for the same board
	budget   int64      // the node count at which this run of the search restarts
	out      bool       // the run ran out of its budget
}

// activityGrowth is how much more a refutation weighs than the one before it, so that
// the branching follows the groups of recent refutations (as VSIDS does in SAT
// solvers, whose usual decay of 0.95 it mirrors).
const activityGrowth = 1 / 0.95

// firstBudget is the nodes of the search's first run; each restart doubles it. Lost
// deals and most won ones take fewer, so only hard boards restart, and at most
// about log2 times.
const firstBudget = 256

// learnable reports whether the pairing search takes b: every group has two or
// four tiles.
func learnable(groups [][]Cell) bool {
	for _, cs := range groups {
		if len(cs) != 0 && len(cs) != 2 && len(cs) != 4 {
			return false
		}
	}
	return true
}

// learn decides b, a board without gravity whose groups have two or four tiles, and
// appends a winning play to s.path when there is one.
func (s *search) learn(b *Board) bool {
	mark := len(s.path)
	s.playWhole(b, nil)
	if b.Tiles() == 0 {
		return true
	}
	l := newLearner(s, b)
	// Restarts with a doubling budget of nodes, keeping what was learnt: the activity
	// then leads the search to the groups that matter from the top. The first restart
	// probes the pairings first, once: most boards end before it, and need no probing.
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
	}
}

// newLearner returns the pairing search's state for b, every group of four free.
func newLearner(s *search, b *Board) *learner {
	l := &learner{s: s, b: b, groups: members(b), bump: 1, scratch: b.Clone(), rng: rand.New(rand.NewPCG(1, 2))}
	n := len(l.groups)
	l.fix = make([]int8, n)
	for g, cs := range l.groups {
		if len(cs) == 4 {
			l.fix[g] = free
		}
	}
	l.watch = make([][]int, n)
	l.activity = make([]float64, n)
	l.round = make([]int, n)
	l.ruled = make([]uint8, n)
	l.settled = make([]bool, n)
	return l
}

// node searches below the pairings fixed so far. It returns whether it won, and
// otherwise the groups whose pairings its refutation rests on (none: the board is
// lost whatever is fixed; also none when the search stopped, which s.stopped tells).
func (l *learner) node() (bool, []int32) {
	if l.s.stop() {
		return false, nil
	}
	if l.s.nodes > l.budget {
		l.out = true
		return false, nil
	}
	if left := l.scan(); len(left) > 0 {
		core := l.shorten(l.fixedOf(left))
		l.learnt(core)
		return false, core
	}
	if l.greedy() {
		return true, nil
	}
	g := l.pick()
	if g < 0 {
		return false, nil // every group fixed and the scan cleared: greedy cannot fail here
	}
	var why []int32
	for _, p := range l.order(g) {
		l.fix[g] = p
		core := l.violated(g)
		won := false
		if core == nil {
			won, core = l.node()
		}
		if won {
			return true, nil
		}
		l.fix[g] = free
		if l.s.stopped || l.out {
			return false, nil
		}
		if !slices.Contains(core, int32(g)) {
			return false, core // refuted whatever g's pairing: so are g's other pairings
		}
		why = union(why, core)
	}
	why = slices.DeleteFunc(why, func(h int32) bool { return h == int32(g) })
	l.learnt(why)
	return false, why
}

// fixedOf returns the groups of four among gs whose pairing is fixed.
func (l *learner) fixedOf(gs []int32) []int32 {
	var out []int32
	for _, g := range gs {
		if len(l.groups[g]) == 4 && l.fix[g] != free && !l.settled[g] {
			out = append(out, g)
		}
	}
	return out
}

// shorten returns a subset of core, groups with fixed pairings under which the scan
// fails, under which it still fails: each group in turn is set free, and stays free
// when the scan fails without it. The pairings are as they were on return.
func (l *learner) shorten(core []int32) []int32 {
	if len(core) <= 1 {
		return core
	}
	saved := make([]int8, len(core))
	for i, g := range core {
		saved[i] = l.fix[g]
	}
	var keep []int32
	for i, g := range core {
		if l.s.stop() {
			keep = append(keep, core[i:]...)
			break
		}
		l.fix[g] = free
		if len(l.scan()) == 0 {
			l.fix[g] = saved[i]
			keep = append(keep, g)
		}
	}
	for i, g := range core {
		l.fix[g] = saved[i]
	}
	return keep
}

// learnt records the current pairings of core as a nogood and bumps its groups'
// activity.
func (l *learner) learnt(core []int32) {
	if len(core) == 0 {
		return
	}
	ng := make([]lit, len(core))
	for i, g := range core {
		ng[i] = lit{g, l.fix[g]}
		l.activity[g] += l.bump
		l.watch[g] = append(l.watch[g], len(l.nogoods))
	}
	l.nogoods = append(l.nogoods, ng)
	l.bump *= activityGrowth
	if l.bump > 1e100 {
		for g := range l.activity {
			l.activity[g] /= 1e100
		}
		l.bump /= 1e100
	}
}

// violated returns the groups of a nogood that the pairings fixed now, g's just set,
// all have; nil when there is none. Earlier pairings broke none, so only g's are
// looked at.
func (l *learner) violated(g int) []int32 {
	for _, k := range l.watch[g] {
		ng := l.nogoods[k]
		all := true
		for _, x := range ng {
			if l.fix[x.g] != x.p {
				all = false
				break
			}
		}
		if all {
			core := make([]int32, len(ng))
			for i, x := range ng {
				core[i] = x.g
			}
			return core
		}
	}
	return nil
}

// pick returns the free group of four to branch on: the most active in refutations,
// then the one whose tiles the last scan let go first; -1 when none is free.
func (l *learner) pick() int {
	best := -1
	for g, cs := range l.groups {
		if len(cs) != 4 || l.fix[g] != free {
			continue
		}
		if best < 0 || l.activity[g] > l.activity[best] ||
			l.activity[g] == l.activity[best] && l.round[g] < l.round[best] {
			best = g
		}
	}
	return best
}

// order returns g's pairings in the order to try them: first the one its tiles went
// in by the last greedy game, when they went in pairs of one.
func (l *learner) order(g int) []int8 {
	first := l.phase(g)
	var out []int8
	if l.ruled[g]&(1<<first) == 0 {
		out = append(out, first)
	}
	for p := range int8(3) {
		if p != first && l.ruled[g]&(1<<p) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// union returns the groups in a or b, each once.
func union(a, b []int32) []int32 {
	for _, g := range b {
		if !slices.Contains(a, g) {
			a = append(a, g)
		}
	}
	return a
}

// probe rules out at the root each pairing of a group of four under which, alone, the
// relaxed game leaves tiles (failed-literal probing, as the Mahjong solver does), and
// fixes for good a group left with one pairing; it repeats while that settles groups.
// Such facts hold whatever else is fixed, so no refutation needs to name them. It
// reports false when some group has no pairing left: the board is lost.
func (l *learner) probe() bool {
	for changed := true; changed; {
		changed = false
		for g, cs := range l.groups {
			if len(cs) != 4 || l.fix[g] != free {
				continue
			}
			for p := range int8(3) {
				if l.ruled[g]&(1<<p) != 0 {
					continue
				}
				if l.s.stop() {
					return true // the search that follows stops at once
				}
				l.fix[g] = p
				if len(l.scan()) > 0 {
					l.ruled[g] |= 1 << p
				}
				l.fix[g] = free
			}
			switch l.ruled[g] {
			case 7:
				return false
			case 6, 5, 3:
				l.fix[g] = int8(bits.TrailingZeros8(^l.ruled[g]))
				l.settled[g] = true
				changed = true
			}
		}
	}
	return true
}
