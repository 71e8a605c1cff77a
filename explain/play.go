package explain

import (
	"context"
	"errors"

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
	// Within, in an analysis that stopped (ErrUnknown) after it found the start
	// winnable and the end lost but before it found the move between, is the range of
	// move indexes (0-based, both included) the first losing move lies in.
	Within []int `json:"within,omitempty"`
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

// verdictOf decides a position; once ctx has ended it starts no solve (ErrUnknown).
func verdictOf(ctx context.Context, s *board.State, opt Options) (solver.Result, error) {
	if s.Done() {
		return solver.Result{Status: board.Solvable, Moves: [][2]int{}}, nil
	}
	if ctx.Err() != nil {
		return solver.Result{}, ErrUnknown
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
// decided, so the answer is exact.
//
// When a solve runs out of time or ctx ends, Analyze returns ErrUnknown with what it
// had found: the verdicts it decided (the others Unknown), and Within, or FirstLosing
// without Alternative, as far as it got. Other errors come with a nil analysis.
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
			if opt.Decided != nil {
				opt.Decided(k, len(states)-1, r.Status)
			}
		}
		return verdict[k], nil
	}
	// stopped returns what is known when a solve did not end in a verdict.
	stopped := func(err error) (*Analysis, error) {
		if errors.Is(err, ErrUnknown) {
			return a, err
		}
		return nil, err
	}
	if a.Initial, err = at(0); err != nil {
		return stopped(err)
	}
	if a.Final, err = at(len(states) - 1); err != nil {
		return stopped(err)
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
			a.Within = []int{lo, hi - 1}
			return stopped(err)
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
		return stopped(err)
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
	if r.Status != board.Solvable || len(r.Moves) == 0 {
		return nil, nil
	}
	return []int{r.Moves[0][0], r.Moves[0][1]}, nil
}
