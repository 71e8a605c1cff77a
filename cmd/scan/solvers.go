package main

import (
	"context"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/reference"
	"github.com/mjsat/mjsat/scan"
	"github.com/mjsat/mjsat/solver"
)

// native adapts the project's solver: one worker per deal (the scan runs deals in
// parallel), a fixed seed so that node counts repeat. The scan's timeout comes in
// ctx; a second one in the solver's options would only add a timer to every deal.
// The scan replays every winning play, so the solver need not.
func native(ctx context.Context, b *board.Board) (scan.Outcome, error) {
	res, err := solver.Solve(ctx, b, solver.Options{Workers: 1, Seed: 1, CallerReplays: true})
	if err != nil {
		return scan.Outcome{}, err
	}
	return scan.Outcome{Verdict: res.Status, Moves: res.Moves, Nodes: res.Stats.Nodes}, nil
}

// exhaustiveSearch adapts the exhaustive reference search (boards of at most 64
// tiles), the independent check of the native solver in the tests.
func exhaustiveSearch(ctx context.Context, b *board.Board) (scan.Outcome, error) {
	v, moves, nodes, err := reference.Exhaustive(ctx, b)
	return scan.Outcome{Verdict: v, Moves: moves, Nodes: nodes}, err
}
