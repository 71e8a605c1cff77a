package encode

import (
	"context"
	"fmt"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/sat"
)

// Stats are the figures of one [Solve]: the size of the encoding and where the time went.
type Stats struct {
	Method  Method        `json:"encoding"`
	Solver  string        `json:"solver"`
	Vars    int           `json:"vars"`
	Clauses int           `json:"clauses"`
	Encode  time.Duration `json:"encode_ns"`
	Solve   time.Duration `json:"solve_ns"`
}

// Solve decides b through SAT: it encodes the board, runs s (nil means in-process
// [sat.Gophersat]) and, for a satisfiable encoding, decodes and replays the winning
// play. The verdict is [board.Solvable] for a satisfiable encoding (with the play),
// [board.Unsolvable] for an unsatisfiable one (the play says so, with no moves) or
// [board.Unknown] (ctx ended first: no play). See
// [sat.Gophersat] for what cancellation means in-process.
func Solve(ctx context.Context, b *board.Board, s sat.Solver, opts Options) (board.Verdict, *board.Play, Stats, error) {
	if s == nil {
		s = sat.Gophersat{}
	}
	st := Stats{Solver: fmt.Sprintf("%T", s)}
	if ext, ok := s.(sat.External); ok {
		st.Solver = ext.Command
	}
	t0 := time.Now()
	e, err := Encode(b, opts)
	if err != nil {
		return board.Unknown, nil, st, err
	}
	f := e.Formula()
	st.Method, st.Vars, st.Clauses, st.Encode = e.Method(), e.NumVars(), e.NumClauses(), time.Since(t0)
	t1 := time.Now()
	res, err := s.Solve(ctx, f)
	st.Solve = time.Since(t1)
	if err != nil {
		return board.Unknown, nil, st, fmt.Errorf("encode: solve %s: %w", b.Name, err)
	}
	switch res.Status {
	case sat.Sat:
		p, err := e.Decode(res.Model)
		if err != nil {
			return board.Unknown, nil, st, fmt.Errorf("encode: %s: %w", b.Name, err)
		}
		p.Stats = st
		return board.Solvable, p, st, nil
	case sat.Unsat:
		return board.Unsolvable, &board.Play{Format: board.PlayFormat, Status: "unsolvable", Moves: [][2]int{}, Stats: st}, st, nil
	}
	return board.Unknown, nil, st, nil
}
