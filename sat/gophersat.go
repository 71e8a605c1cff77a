package sat

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/crillab/gophersat/solver"
	"github.com/mjsat/mjsat/cnf"
)

// Gophersat solves in-process with github.com/crillab/gophersat (v1.4.0),
// a CDCL solver. The problem is built from the [cnf.Formula] with
// solver.ParseSliceNb, never from a file.
//
// Solves are serialized process-wide: gophersat v1.4.0 is not safe for
// concurrent use, because every solver shares one package-level scratch
// buffer for clause learning (bufLits in solver/learn.go; the race
// detector catches two solvers writing it at once, and a corrupted learned
// clause could make a satisfiable formula look UNSAT). Concurrent calls
// to Solve therefore wait their turn, and a call whose ctx ends while it
// waits returns Unknown.
//
// gophersat's Solve has no stop hook either (checked in v1.4.0: only
// Optimal and Enumerate take a stop channel, and they consult it between
// models), so Solve runs it in a goroutine and, when ctx ends first,
// returns Unknown at once and abandons that goroutine. The abandoned solve
// runs to completion in the background: it keeps a CPU core and its memory
// and, through the serialization above, delays every later gophersat solve
// in the process until it finishes, which for a hard formula may be
// never. Commands that time out on hard formulas should exit soon after,
// or use an [External] solver, whose process is killed on cancellation.
type Gophersat struct{}

// gophersatTurn serializes gophersat solves (see [Gophersat]).
var gophersatTurn = make(chan struct{}, 1)

// Solve implements [Solver].
func (g Gophersat) Solve(ctx context.Context, f *cnf.Formula) (Result, error) {
	start := time.Now()
	if err := f.Validate(); err != nil {
		return Result{}, fmt.Errorf("sat: gophersat: %w", err)
	}
	clauses := ints(f)
	var status solver.Status
	var raw []bool
	err := withTurn(ctx, func() error {
		s := solver.New(solver.ParseSliceNb(clauses, f.NumVars))
		if status = s.Solve(); status == solver.Sat {
			raw = s.Model()
		}
		return nil
	})
	if errors.Is(err, ErrUnknown) {
		return Result{Status: Unknown, Elapsed: time.Since(start)}, nil
	}
	a := struct {
		status solver.Status
		model  []bool
		err    error
	}{status, raw, err}
	elapsed := time.Since(start)
	if a.err != nil {
		return Result{}, a.err
	}
	switch a.status {
	case solver.Unsat:
		return Result{Status: Unsat, Elapsed: elapsed}, nil
	case solver.Sat:
		model := make([]bool, f.NumVars+1)
		if len(a.model) > f.NumVars {
			return Result{}, fmt.Errorf("sat: gophersat returned %d values for %d variables", len(a.model), f.NumVars)
		}
		copy(model[1:], a.model)
		if err := checkModel("gophersat", f, model); err != nil {
			return Result{}, err
		}
		return Result{Status: Sat, Model: model, Elapsed: elapsed}, nil
	}
	return Result{}, fmt.Errorf("sat: gophersat ended with status %v", a.status)
}
