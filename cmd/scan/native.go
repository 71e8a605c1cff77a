package main

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/scan"
	"github.com/mjsat/mjsat/solver"
)

func init() {
	solvers["native"] = native
}

// native adapts the project's solver: one worker per deal (the scan runs deals in
// parallel), a fixed seed so that node counts repeat. The scan's timeout comes in
// ctx; a second one in the solver's options would only add a timer to every deal.
// The scan replays every winning play, so the solver need not.
func native(ctx context.Context, b *board.Board) (scan.Outcome, error) {
	res, err := solver.Solve(ctx, b, solver.Options{Workers: 1, Seed: 1, CallerReplays: true})
	if err != nil {
		return scan.Outcome{}, err
	}
	o := scan.Outcome{Moves: res.Moves, Nodes: res.Stats.Nodes}
	switch res.Status {
	case board.Solvable:
		o.Verdict = board.Solvable
	case board.Unsolvable:
		o.Verdict = board.Unsolvable
	case board.Unknown:
		o.Verdict = board.Unknown
	default:
		return scan.Outcome{}, fmt.Errorf("solver: unexpected status %v", res.Status)
	}
	return o, nil
}
