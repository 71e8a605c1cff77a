package fourteen

import (
	"context"
	"errors"
	"fmt"
)

// ErrUnknown is returned when the context ends before a search decides.
var ErrUnknown = errors.New("fourteen: unknown (search stopped before it finished)")

// Move removes the top cards of columns A and B (numbered from 1, A < B).
type Move struct{ A, B int }

// Replay plays moves on g, independently of the solvers, and returns an
// error naming the first illegal move or the cards left when the board is
// not cleared.
func Replay(g Game, moves []Move) error {
	var h [Columns]int
	for i, m := range moves {
		if m.A < 1 || m.B > Columns || m.A >= m.B {
			return fmt.Errorf("move %d (%d,%d): bad columns", i+1, m.A, m.B)
		}
		a, b := m.A-1, m.B-1
		if h[a] >= len(g[a]) || h[b] >= len(g[b]) {
			return fmt.Errorf("move %d (%d,%d): an empty column", i+1, m.A, m.B)
		}
		if g[a][h[a]]+g[b][h[b]] != 14 {
			return fmt.Errorf("move %d (%d,%d): %s + %s is not 14", i+1, m.A, m.B, names[g[a][h[a]]], names[g[b][h[b]]])
		}
		h[a]++
		h[b]++
	}
	left := 0
	for c := range g {
		left += len(g[c]) - h[c]
	}
	if left != 0 {
		return fmt.Errorf("%d cards left after %d moves", left, len(moves))
	}
	return nil
}

// Stats describes a native search.
type Stats struct {
	Positions int // distinct dead positions recorded
}

// Solve searches natively for a sequence of moves that clears g. It returns
// the moves and true, nil and false if the deal cannot be won, or
// ErrUnknown if ctx ends first. The position is the 12 numbers of cards
// removed per column, packed 3 bits each; positions proved lost are kept
// in a set. Moves are tried in order of (A, B).
func Solve(ctx context.Context, g Game) ([]Move, bool, Stats, error) {
	var count [14]int
	for c := range g {
		if len(g[c]) > MaxHeight {
			return nil, false, Stats{}, fmt.Errorf("fourteen: column %d has %d cards, at most %d", c+1, len(g[c]), MaxHeight)
		}
		for _, v := range g[c] {
			if v < 1 || v > 13 {
				return nil, false, Stats{}, fmt.Errorf("fourteen: card value %d in column %d", v, c+1)
			}
			count[v]++
		}
	}
	s := &search{g: &g, dead: map[uint64]struct{}{}, ctx: ctx}
	// A deal whose values cannot be paired off is lost at once.
	for v := 1; v <= 13; v++ {
		if count[v] != count[14-v] || (v == 7 && count[7]%2 == 1) {
			return nil, false, Stats{}, nil
		}
	}
	ok := s.dfs(0, g.Cards())
	st := Stats{Positions: len(s.dead)}
	if s.stopped {
		return nil, false, st, ErrUnknown
	}
	if !ok {
		return nil, false, st, nil
	}
	out := make([]Move, len(s.path))
	for i, m := range s.path {
		out[len(out)-1-i] = m
	}
	return out, true, st, nil
}

type search struct {
	g       *Game
	dead    map[uint64]struct{}
	path    []Move // reverse order
	ctx     context.Context
	visits  int
	stopped bool
}

func (s *search) dfs(pos uint64, left int) bool {
	if left == 0 {
		return true
	}
	if _, ok := s.dead[pos]; ok {
		return false
	}
	s.visits++
	if s.visits&0xfff == 0 && s.ctx.Err() != nil {
		s.stopped = true
		return false
	}
	var top [Columns]int
	for c := range s.g {
		h := int(pos >> (3 * c) & 7)
		if h < len(s.g[c]) {
			top[c] = s.g[c][h]
		}
	}
	for a := 0; a < Columns; a++ {
		if top[a] == 0 {
			continue
		}
		for b := a + 1; b < Columns; b++ {
			if top[a]+top[b] != 14 {
				continue
			}
			if s.dfs(pos+1<<(3*a)+1<<(3*b), left-2) {
				s.path = append(s.path, Move{a + 1, b + 1})
				return true
			}
			if s.stopped {
				return false
			}
		}
	}
	s.dead[pos] = struct{}{}
	return false
}
