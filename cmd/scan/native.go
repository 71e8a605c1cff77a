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
	case solver.Solvable:
		o.Verdict = scan.Solvable
	case solver.Unsolvable:
		o.Verdict = scan.Unsolvable
	case solver.Unknown:
		o.Verdict = scan.Unknown
	default:
		return scan.Outcome{}, fmt.Errorf("solver: unexpected status %v", res.Status)
	}
	return o, nil
}
