// Package reference decides small Mahjong boards by exhaustive search over positions,
// using nothing but the rules of package board (State.Moves, State.Remove). It is the
// independent ground truth that tests of the solver, the SAT encoding, the scan and the
// drawings compare against; it is exponential and meant for boards of a few dozen tiles.
package reference

import "github.com/mjsat/mjsat/board"

// Solvable reports whether b can be cleared from its initial position.
func Solvable(b *board.Board) bool { return SolvableFrom(b.NewState()) }

// SolvableFrom reports whether the position s can be cleared. Positions already found
// lost are remembered by their set of removed tiles.
func SolvableFrom(s *board.State) bool {
	lost := map[string]bool{}
	n := s.Board().N()
	var rec func(s *board.State) bool
	rec = func(s *board.State) bool {
		if s.Done() {
			return true
		}
		key := make([]byte, n)
		for i := range key {
			if s.Gone(i) {
				key[i] = 1
			}
		}
		if lost[string(key)] {
			return false
		}
		for _, m := range s.Moves() {
			c := s.Clone()
			if err := c.Remove(m[0], m[1]); err != nil {
				panic("reference: State.Moves listed an illegal move: " + err.Error())
			}
			if rec(c) {
				return true
			}
		}
		lost[string(key)] = true
		return false
	}
	return rec(s)
}
