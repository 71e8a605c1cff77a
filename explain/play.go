package explain

import (
	"context"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/solver"
)

// Analysis is what [Analyze] found in a play.
type Analysis struct {
	// Moves is the number of moves of the play.
	Moves int `json:"moves"`
	// Initial is the verdict on the board before any move.
	Initial board.Verdict `json:"initial"`
	// FirstLosing is the 0-based index of the move after which the position can no
	// longer be won, while it could before (nil when the play never loses one, or when
	// the board was lost from the start).
	FirstLosing *int `json:"first_losing"`
	// Alternative is a legal move from the position before move FirstLosing that keeps
	// the game winnable, as tile ids (nil without FirstLosing).
	Alternative []int `json:"alternative"`
	// Final is the verdict on the position after the whole play.
	Final board.Verdict `json:"final"`
}

// positions replays the play (tile-id pairs) and returns the state after each prefix:
// states[k] is the position after the first k moves.
func positions(b *board.Board, moves [][2]int) ([]*board.State, error) {
	s := b.NewState()
	states := []*board.State{s.Clone()}
	for k := range moves {
		if err := s.Apply(moves[k : k+1]); err != nil {
			if me, ok := err.(*board.MoveError); ok {
				me.Move = k
				return nil, me
			}
			return nil, err
		}
		states = append(states, s.Clone())
	}
	return states, nil
}

// verdictOf decides a position.
func verdictOf(ctx context.Context, s *board.State, opt Options) (solver.Result, error) {
	if s.Done() {
		return solver.Result{Status: solver.Solvable, Moves: [][2]int{}}, nil
	}
	pos, err := s.Position()
	if err != nil {
		return solver.Result{}, err
	}
	return solve(ctx, pos, opt)
}

// Analyze finds the first move of a play (a legal sequence of moves, perhaps not to
// the end) after which the game can no longer be won. Winnability only ever drops
// along a play (removing tiles never blocks one), so a bisection over the positions
// finds it with a logarithmic number of solves; the positions on both sides of it are
// decided, so the answer is exact. ErrUnknown when a solve runs out of time.
func Analyze(ctx context.Context, b *board.Board, moves [][2]int, opt Options) (*Analysis, error) {
	states, err := positions(b, moves)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Moves: len(moves)}
	verdict := make([]board.Verdict, len(states))
	at := func(k int) (board.Verdict, error) {
		if verdict[k] == board.Unknown {
			r, err := verdictOf(ctx, states[k], opt)
			if err != nil {
				return board.Unknown, err
			}
			verdict[k] = r.Status
		}
		return verdict[k], nil
	}
	if a.Initial, err = at(0); err != nil {
		return nil, err
	}
	if a.Final, err = at(len(states) - 1); err != nil {
		return nil, err
	}
	if a.Initial != board.Solvable || a.Final == board.Solvable {
		return a, nil
	}
	// Position lo is winnable, hi is lost: narrow down to neighbours.
	lo, hi := 0, len(states)-1
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		v, err := at(mid)
		if err != nil {
			return nil, err
		}
		if v == board.Solvable {
			lo = mid
		} else {
			hi = mid
		}
	}
	k := hi - 1 // the move from position lo to hi
	a.FirstLosing = &k
	alt, err := Hint(ctx, states[lo], opt)
	if err != nil {
		return nil, err
	}
	a.Alternative = alt
	return a, nil
}

// Hint returns a move (tile ids) from position s after which the game can still be
// won, or nil when s is lost (or cleared). ErrUnknown when the solve ran out of time.
func Hint(ctx context.Context, s *board.State, opt Options) ([]int, error) {
	r, err := verdictOf(ctx, s, opt)
	if err != nil {
		return nil, err
	}
	if r.Status != solver.Solvable || len(r.Moves) == 0 {
		return nil, nil
	}
	return []int{r.Moves[0][0], r.Moves[0][1]}, nil
}
