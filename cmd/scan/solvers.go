package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/reference"
	"github.com/mjsat/mjsat/scan"
)

// solvers maps -solver names to solvers. The scan bounds each deal by -timeout
// through the context it hands them.
var solvers = map[string]scan.SolveFunc{
	"exhaustive": exhaustive,
}

// exhaustive adapts the exhaustive reference solver (boards of at most 64 tiles).
func exhaustive(ctx context.Context, b *board.Board) (scan.Outcome, error) {
	v, moves, nodes, err := reference.Exhaustive(ctx, b)
	return scan.Outcome{Verdict: v, Moves: moves, Nodes: nodes}, err
}

func solverNames() string {
	var names []string
	for n := range solvers {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// solverByName returns the solver of -solver name.
func solverByName(name string) (scan.SolveFunc, error) {
	solve, ok := solvers[name]
	if !ok {
		return nil, fmt.Errorf("-solver %q: have %s", name, solverNames())
	}
	return solve, nil
}
