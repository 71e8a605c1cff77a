package solver

import (
	"sort"

	"github.com/mjsat/mjsat/board"
)

// stackState is a position on a board of isolated stacks.
type stackState struct {
	c       *compiled
	stackOf []int32 // tile → stack
	stacks  [][]int // top tile first
	height  []int   // tiles left per stack
	left    []int   // tiles left per group
}

// newStackState returns the initial position when b is made of isolated stacks of
// height at most 2, and false otherwise.
func newStackState(c *compiled) (*stackState, bool) {
	stacks, ok := c.b.Stacks()
	if !ok {
		return nil, false
	}
	s := &stackState{c: c, stackOf: make([]int32, c.n), stacks: stacks, height: make([]int, len(stacks)), left: make([]int, c.ng)}
	for k, st := range stacks {
		if len(st) > 2 {
			return nil, false
		}
		s.height[k] = len(st)
		for _, t := range st {
			s.stackOf[t] = int32(k)
		}
	}
	for g := 0; g < c.ng; g++ {
		s.left[g] = len(c.b.Members(g))
	}
	return s, true
}

// top returns the top tile of stack k, or -1 when it is empty.
func (s *stackState) top(k int) int {
	h := s.height[k]
	if h == 0 {
		return -1
	}
	return s.stacks[k][len(s.stacks[k])-h]
}

// present reports whether tile t is still on the board.
func (s *stackState) present(t int) bool {
	k := s.stackOf[t]
	st := s.stacks[k]
	for i := len(st) - s.height[k]; i < len(st); i++ {
		if st[i] == t {
			return true
		}
	}
	return false
}

// cycles returns the blocked cycles of the position (de Bondt, Definition 6): groups
// p1..pk of two tiles where the tile of p_i on top of a stack of height two sits on
// the other tile of p_{i+1} (and p_k's on p_1's). Each cycle is listed from its
// smallest group; cycles are sorted.
func (s *stackState) cycles() [][]int {
	c := s.c
	next := make([]int, c.ng)
	for g := range next {
		next[g] = -1
	}
	for g := 0; g < c.ng; g++ {
		if s.left[g] != 2 {
			continue
		}
		var topT, botT = -1, -1
		ok := true
		for _, t := range c.b.Members(g) {
			if !s.present(t) {
				continue
			}
			k := int(s.stackOf[t])
			switch {
			case s.height[k] != 2:
				ok = false
			case s.top(k) == t:
				if topT >= 0 {
					ok = false
				}
				topT = t
			default:
				if botT >= 0 {
					ok = false
				}
				botT = t
			}
		}
		if !ok || topT < 0 || botT < 0 {
			continue
		}
		next[g] = int(c.group[s.top(int(s.stackOf[botT]))])
	}
	// Cycles of the functional graph g → next[g] whose nodes all have an edge.
	color := make([]int, c.ng) // 0 new, 1 on the current path, 2 done
	var out [][]int
	for g0 := 0; g0 < c.ng; g0++ {
		var path []int
		g := g0
		for g >= 0 && color[g] == 0 {
			color[g] = 1
			path = append(path, g)
			g = next[g]
		}
		if g >= 0 && color[g] == 1 {
			i := len(path) - 1
			for path[i] != g {
				i--
			}
			cyc := append([]int(nil), path[i:]...)
			m := 0
			for j := range cyc {
				if cyc[j] < cyc[m] {
					m = j
				}
			}
			out = append(out, append(cyc[m:], cyc[:m]...))
		}
		for _, h := range path {
			color[h] = 2
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// matches returns the legal moves of group g in the position.
func (s *stackState) matches(g int) [][2]int32 {
	var free []int
	for _, t := range s.c.b.Members(g) {
		if s.top(int(s.stackOf[t])) == t {
			free = append(free, t)
		}
	}
	sort.Ints(free)
	var out [][2]int32
	for i := range free {
		for j := i + 1; j < len(free); j++ {
			out = append(out, [2]int32{int32(free[i]), int32(free[j])})
		}
	}
	return out
}

func (s *stackState) play(m [2]int32) {
	for _, t := range m {
		s.height[s.stackOf[t]]--
	}
	s.left[s.c.group[m[0]]] -= 2
}

func (s *stackState) undo(m [2]int32) {
	for _, t := range m {
		s.height[s.stackOf[t]]++
	}
	s.left[s.c.group[m[0]]] += 2
}

// solveStacks2 decides boards of isolated stacks of height at most 2 in polynomial
// time (de Bondt, Theorem 7): such a board is solvable iff it has no blocked cycle,
// and for every group with a match one of its matches creates no new blocked cycle.
// applicable is false for other boards.
func solveStacks2(c *compiled) (moves [][2]int32, ok, applicable bool) {
	s, applicable := newStackState(c)
	if !applicable {
		return nil, false, false
	}
	if len(s.cycles()) > 0 {
		return nil, false, true
	}
	for remaining := c.n; remaining > 0; remaining -= 2 {
		played := false
		for g := 0; g < c.ng && !played; g++ {
			for _, m := range s.matches(g) {
				s.play(m)
				if len(s.cycles()) == 0 {
					moves = append(moves, m)
					played = true
					break
				}
				s.undo(m)
			}
		}
		if !played {
			panic("solver: Theorem 7 violated: no blocked cycle but no safe match")
		}
	}
	return moves, true, true
}

// BlockedCycles returns the blocked cycles of b's initial position (de Bondt,
// Definition 6), each as a list of group numbers, and whether the rule applies: b is
// made of isolated stacks of height at most 2 and every group has 2 or 4 tiles. Where
// it applies, b is solvable iff there is no blocked cycle (Theorem 7).
func BlockedCycles(b *board.Board) ([][]int, bool) {
	c, err := compile(b)
	if err != nil {
		return nil, false
	}
	s, ok := newStackState(c)
	if !ok {
		return nil, false
	}
	return s.cycles(), true
}
