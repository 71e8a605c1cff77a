package encode

import (
	"context"
	"errors"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/shisen"
)

// Solve decides b, a board without gravity, through its encoding and the SAT solver
// s (nil: in-process gophersat), as package encode's Solve does for Mahjong boards:
// Solvable with a winning play (decoded and replayed: a play that does not replay is
// an error wrapping [shisen.ErrBadPlay]), Unsolvable, or Unknown when ctx ends first.
func Solve(ctx context.Context, b *shisen.Board, s sat.Solver) (shisen.Result, error) {
	if s == nil {
		s = sat.Gophersat{}
	}
	e, err := Encode(b)
	if err != nil {
		return shisen.Result{}, err
	}
	r, err := s.Solve(ctx, e.Formula())
	if err != nil {
		return shisen.Result{}, err
	}
	switch r.Status {
	case sat.Sat:
		moves, err := e.Decode(r.Model)
		if err != nil {
			return shisen.Result{}, errors.Join(shisen.ErrBadPlay, err)
		}
		return shisen.Result{Status: board.Solvable, Moves: moves}, nil
	case sat.Unsat:
		return shisen.Result{Status: board.Unsolvable}, nil
	}
	return shisen.Result{Status: board.Unknown}, nil
}
