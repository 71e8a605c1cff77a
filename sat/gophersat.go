package sat

import (
	"context"
	"fmt"
	"time"

	"github.com/crillab/gophersat/solver"
	"github.com/mjsat/mjsat/cnf"
)

// Gophersat solves in-process with github.com/crillab/gophersat (v1.4.0),
// a CDCL solver. The problem is built from the [cnf.Formula] with
// solver.ParseSliceNb, never from a file.
//
// gophersat's Solve has no stop hook, so Solve runs it in a goroutine and,
// when ctx ends first, returns Unknown at once and abandons that
// goroutine. What the abandoned goroutine costs depends on StopOnCancel.
type Gophersat struct {
	// StopOnCancel, if set, makes an abandoned solve stop using CPU: the
	// solver runs in certified mode, sending each learned clause on a
	// channel that Solve drains, and once ctx ends Solve stops draining,
	// so the solver goroutine blocks at its next learned clause and stays
	// parked, holding its memory, until the process exits. The price is
	// formatting every learned clause: about 20-40% slower solves
	// (hole8: 1.5 s → 2.2 s).
	//
	// If unset (the default), an abandoned solve runs to completion in
	// the background, using a CPU core and its memory until it finishes,
	// which for a hard formula may be never. Set StopOnCancel when many
	// solves may time out within one process.
	StopOnCancel bool
}

// Solve implements [Solver].
func (g Gophersat) Solve(ctx context.Context, f *cnf.Formula) (Result, error) {
	start := time.Now()
	if err := f.Validate(); err != nil {
		return Result{}, fmt.Errorf("sat: gophersat: %w", err)
	}
	if ctx.Err() != nil {
		return Result{Status: Unknown, Elapsed: time.Since(start)}, nil
	}
	clauses := make([][]int, len(f.Clauses))
	lits := make([]int, f.NumLiterals())
	for i, c := range f.Clauses {
		cl := lits[:len(c):len(c)]
		lits = lits[len(c):]
		for j, l := range c {
			cl[j] = int(l)
		}
		clauses[i] = cl
	}

	type answer struct {
		status solver.Status
		model  []bool
		err    error
	}
	done := make(chan answer, 1) // buffered: an abandoned solve never blocks here
	var certs chan string
	if g.StopOnCancel {
		certs = make(chan string, 256)
	}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- answer{err: fmt.Errorf("sat: gophersat panicked: %v", r)}
			}
		}()
		s := solver.New(solver.ParseSliceNb(clauses, f.NumVars))
		if certs != nil {
			s.Certified = true
			s.CertChan = certs
		}
		st := s.Solve()
		var model []bool
		if st == solver.Sat {
			model = s.Model()
		}
		done <- answer{status: st, model: model}
	}()

	var a answer
	if certs == nil {
		select {
		case a = <-done:
		case <-ctx.Done():
			return Result{Status: Unknown, Elapsed: time.Since(start)}, nil
		}
	} else {
	drain:
		for {
			select {
			case <-certs:
			case a = <-done:
				break drain
			case <-ctx.Done():
				// Stop draining: the solver parks at its next learned clause.
				return Result{Status: Unknown, Elapsed: time.Since(start)}, nil
			}
		}
	}
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
