package solver

import (
	"github.com/mjsat/mjsat/board"
)

// solveStacks2 decides boards of isolated stacks of height at most 2 in polynomial
// time (de Bondt, Theorem 7): such a board is solvable iff it has no blocked cycle,
// and for every group with a match one of its matches creates no new blocked cycle.
// It plays on a board.State and asks board.State.BlockedCycles after each trial match,
// so the cycle rule has one implementation; a trial costs O(n) (a clone of the
// position and one pass over the stacks). applicable is false for other boards.
func solveStacks2(c *compiled) (moves [][2]int32, ok, applicable bool) {
	if !c.stacks {
		return nil, false, false // a tile has a side neighbour: not isolated stacks
	}
	s := c.b.NewState()
	cycles, err := s.BlockedCycles()
	if err != nil {
		return nil, false, false // not isolated stacks of height <= 2 (compile checked the groups)
	}
	if len(cycles) > 0 {
		return nil, false, true
	}
	for !s.Done() {
		played := false
		for g := 0; g < c.ng && !played; g++ {
			for _, m := range matches(s, g) {
				t := s.Clone()
				if err := t.Remove(int(m[0]), int(m[1])); err != nil {
					panic("solver: Theorem 7 play: " + err.Error())
				}
				cycles, err := t.BlockedCycles()
				if err != nil {
					panic("solver: Theorem 7 play left Definition 6: " + err.Error())
				}
				if len(cycles) == 0 {
					moves = append(moves, m)
					s, played = t, true
					break
				}
			}
		}
		if !played {
			panic("solver: Theorem 7 violated: no blocked cycle but no safe match")
		}
	}
	return moves, true, true
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

// BlockedCycles returns the blocked cycles of b's initial position (de Bondt,
// Definition 6), each as a list of group numbers p_1, ..., p_k where p_i lies on
// p_{i+1} and p_k on p_1, starting at its smallest group, and whether the rule applies:
// b is made of isolated stacks of height at most 2 and every group has 2 or 4 tiles.
// Where it applies, b is solvable iff there is no blocked cycle (Theorem 7). It is
// [board.State.BlockedCycles] on b's initial position without the stacks.
func BlockedCycles(b *board.Board) ([][]int, bool) {
	cycles, err := b.NewState().BlockedCycles()
	if err != nil {
		return nil, false
	}
	var out [][]int
	for _, c := range cycles {
		out = append(out, c.Groups)
	}
	return out, true
}
