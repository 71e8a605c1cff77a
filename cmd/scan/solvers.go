package main

import (
	"context"

	"fmt"
	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/reference"
	"sort"
	"strings"
	"time"

	"github.com/mjsat/mjsat/scan"
)

// solvers maps -solver names to constructors taking the per-deal timeout.
var solvers = map[string]func(timeout time.Duration) scan.SolveFunc{
	"exhaustive": func(time.Duration) scan.SolveFunc { return exhaustive },
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

func solverByName(name string, timeout time.Duration) (scan.SolveFunc, error) {
	mk, ok := solvers[name]
	if !ok {
		return nil, fmt.Errorf("-solver %q: have %s", name, solverNames())
	}
	return mk(timeout), nil
}
