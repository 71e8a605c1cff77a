package solver

import "github.com/mjsat/mjsat/board"

// solveStacks2 decides boards of isolated stacks of height at most 2 in polynomial
// time (de Bondt, Theorem 7): such a board is solvable iff it has no blocked cycle,
// and then a match that creates no new blocked cycle always exists. The rule itself
// has one implementation, board.State.BlockedCycles, asked once on the initial
// position; the play keeps the position incrementally (see stacks2Play), so that a
// board of a million easy tiles costs about linear time. applicable is false for
// other boards.
func solveStacks2(c *compiled, stop *halt) (moves [][2]int32, st board.Verdict, applicable bool) {
	if !c.geo.stacks {
		return nil, board.Unknown, false // a tile has a side neighbour: not isolated stacks
	}
	cycles, err := c.b.NewState().BlockedCycles()
	if err != nil {
		return nil, board.Unknown, false // not isolated stacks of height <= 2 (compile checked the groups)
	}
	if len(cycles) > 0 {
		return nil, board.Unsolvable, true
	}
	p := newStacks2Play(c)
	moves, done := p.play(stop)
	if !done {
		return nil, board.Unknown, true
	}
	return moves, board.Solvable, true
}

// stacks2Play plays a board of isolated stacks of height at most 2 without a blocked
// cycle to the end by safe matches.
//
// A match is safe when it creates no blocked cycle. Removing tiles only takes edges
// away from the cycle graph (p → q when a tile of the two-tile group p lies on one of
// the two-tile group q), except that the group matched, when it keeps two tiles,
// becomes a two-tile group: so a match is unsafe exactly when a cycle runs through that
// group, and following the one way out of each group on it (its other tile, the one
// on top of another) finds it in the length of the cycle.
type stacks2Play struct {
	c     *compiled
	under []int32 // tile → the tile it lies on (-1: none)
	over  []int32 // tile → the tile on it (-1: none)
	gone  []bool
	left  []uint8 // group → tiles left
	queue []int32 // groups that may have a match
	inQ   []bool
}

func newStacks2Play(c *compiled) *stacks2Play {
	p := &stacks2Play{
		c: c, under: make([]int32, c.n), over: make([]int32, c.n), gone: make([]bool, c.n),
		left: make([]uint8, c.ng), inQ: make([]bool, c.ng),
	}
	for t := range p.under {
		p.under[t], p.over[t] = -1, -1
	}
	stacks, _ := c.b.Stacks()
	for _, st := range stacks { // top first, height <= 2
		if len(st) == 2 {
			p.under[st[0]], p.over[st[1]] = int32(st[1]), int32(st[0])
		}
	}
	for g := 0; g < c.ng; g++ {
		p.left[g] = uint8(popcount4(c.full[g]))
		p.push(int32(g))
	}
	return p
}

func popcount4(m uint8) int { return int(m&1 + m>>1&1 + m>>2&1 + m>>3&1) }

func (p *stacks2Play) push(g int32) {
	if !p.inQ[g] {
		p.inQ[g] = true
		p.queue = append(p.queue, g)
	}
}

func (p *stacks2Play) free(t int32) bool {
	return !p.gone[t] && (p.over[t] < 0 || p.gone[p.over[t]])
}

// below returns the tile that t lies on when it is still there, else -1.
func (p *stacks2Play) below(t int32) int32 {
	if u := p.under[t]; u >= 0 && !p.gone[u] {
		return u
	}
	return -1
}

// cycleThrough reports whether the two-tile group g, with tiles a and b left, lies on
// a blocked cycle: leaving g by one tile's way down and coming back onto the other.
func (p *stacks2Play) cycleThrough(g, a, b int32) bool {
	c := p.c
	for _, start := range [2][2]int32{{a, b}, {b, a}} {
		out, in := start[0], start[1]
		if o := p.over[in]; o < 0 || p.gone[o] {
			continue // nothing on the way in: no cycle enters g there
		}
		t := out
		for steps := 0; steps <= c.ng; steps++ {
			u := p.below(t)
			if u < 0 {
				break
			}
			h := c.group[u]
			if h == g {
				if u == in {
					return true
				}
				break
			}
			if p.left[h] != 2 {
				break
			}
			// h's other tile is the way on.
			var other int32 = -1
			for _, m := range c.members[h] {
				if m >= 0 && m != u && !p.gone[m] {
					other = m
				}
			}
			t = other
		}
	}
	return false
}

// play plays safe matches until the board is clear (or until stop says to stop: done
// false).
func (p *stacks2Play) play(stop *halt) (moves [][2]int32, done bool) {
	c := p.c
	removed, stale := 0, 0
	for removed < c.n {
		if len(p.queue) == 0 || stale > len(p.queue) {
			panic("solver: Theorem 7 violated: no blocked cycle but no safe match")
		}
		g := p.queue[0]
		p.queue = p.queue[1:]
		p.inQ[g] = false
		if len(moves)%1024 == 0 && stop.stopped() {
			return nil, false
		}
		m, ok := p.safeMatch(g)
		if !ok {
			if p.left[g] > 0 && p.freeCount(g) >= 2 {
				p.push(g) // unsafe now: perhaps after other matches
				stale++
			}
			continue
		}
		stale = 0
		moves = append(moves, m)
		removed += 2
		p.left[g] -= 2
		for _, t := range m {
			p.gone[t] = true
			if u := p.below(t); u >= 0 {
				p.push(c.group[u])
			}
		}
		if p.left[g] > 0 {
			p.push(g)
		}
	}
	return moves, true
}

func (p *stacks2Play) freeCount(g int32) int {
	n := 0
	for _, m := range p.c.members[g] {
		if m >= 0 && p.free(m) {
			n++
		}
	}
	return n
}

// safeMatch returns a match of g's free tiles that creates no blocked cycle.
func (p *stacks2Play) safeMatch(g int32) ([2]int32, bool) {
	var free, rest []int32
	for _, m := range p.c.members[g] {
		switch {
		case m < 0 || p.gone[m]:
		case p.free(m):
			free = append(free, m)
		default:
			rest = append(rest, m)
		}
	}
	for i := range free {
		for j := i + 1; j < len(free); j++ {
			if p.left[g] == 2 {
				return [2]int32{free[i], free[j]}, true
			}
			// Four tiles left: the two that stay become a two-tile group.
			var stay []int32
			for k, m := range free {
				if k != i && k != j {
					stay = append(stay, m)
				}
			}
			stay = append(stay, rest...)
			if !p.cycleThrough(g, stay[0], stay[1]) {
				return [2]int32{free[i], free[j]}, true
			}
		}
	}
	return [2]int32{}, false
}

// matches returns the legal moves of group g in s, each as tile indices in increasing
// order, the moves sorted.
func matches(s *board.State, g int) [][2]int32 {
	var free []int
	for _, t := range s.Board().Members(g) { // in increasing order
		if s.Playable(t) {
			free = append(free, t)
		}
	}
	var out [][2]int32
	for i := range free {
		for j := i + 1; j < len(free); j++ {
			out = append(out, [2]int32{int32(free[i]), int32(free[j])})
		}
	}
	return out
}
