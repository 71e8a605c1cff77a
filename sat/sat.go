// Package sat is mjsat's seam to SAT solvers: one [Solver] interface with
// an in-process implementation ([Gophersat], the default) and one that
// runs any DIMACS solver binary ([External]: minisat, cadical, kissat,
// picosat, ...). It is also mjsat's only gateway to gophersat: in-process solving,
// projected model enumeration ([Enumerate]) and unsatisfiable cores ([MUS]) all go
// through it and its one lock.
//
// Every solver takes a [cnf.Formula] (never a raw file, so the SATLIB "%"
// trailer and other quirks are handled once, by package cnf) and honours a
// context: when the context ends first, Solve returns [Unknown] with a nil
// error. Every satisfying model is checked against the formula with
// [cnf.Formula.Eval] before it is returned; a solver that returns a wrong
// model makes Solve fail loudly with an error. UNSAT answers cannot be
// checked this way (no proofs are requested) and are trusted.
//
// The package is not a solver itself and does not encode problems to CNF;
// it only runs solvers and checks their answers.
package sat

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mjsat/mjsat/cnf"
)

// Status is a solver's answer about a formula. A board's verdict ([board.Verdict]
// in package board) is another idea: package encode maps one onto the other, a board
// being solvable exactly when its formula is satisfiable.
type Status int8

// The answers. Unknown is the zero value: the solver gave up or the context ended first.
const (
	Unknown Status = iota
	Sat
	Unsat
)

// String returns "sat", "unsat" or "unknown", as SAT solvers print them.
func (s Status) String() string {
	switch s {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Result is the answer of a [Solver].
type Result struct {
	Status  Status
	Model   []bool        // for Sat: the value of each variable, [0] unused, len NumVars+1; nil otherwise
	Elapsed time.Duration // wall-clock time of the solve
}

// Solver decides CNF formulas.
//
// Solve returns Sat with a model that satisfies f (checked), Unsat, or
// Unknown when ctx ended first (with a nil error; look at ctx.Err() for
// the reason). An error means the formula is invalid or the solver
// failed or misbehaved.
type Solver interface {
	Solve(ctx context.Context, f *cnf.Formula) (Result, error)
}

// Solve decides f with the in-process [Gophersat] solver.
func Solve(ctx context.Context, f *cnf.Formula) (Result, error) {
	return Gophersat{}.Solve(ctx, f)
}

// Lookup returns the solver called name: [Gophersat] for "gophersat" or
// "", else an [External] solver whose command is the first word of name,
// found with exec.LookPath, and whose extra arguments are the remaining
// words (so "cadical -q" works). It fails if the command is not found.
func Lookup(name string) (Solver, error) {
	fields := strings.Fields(name)
	if len(fields) == 0 || (len(fields) == 1 && fields[0] == "gophersat") {
		return Gophersat{}, nil
	}
	path, err := lookPath(fields[0])
	if err != nil {
		return nil, fmt.Errorf("sat: solver %q: %w", fields[0], err)
	}
	return External{Command: path, Args: fields[1:]}, nil
}

// checkModel returns an error unless model satisfies f.
func checkModel(solver string, f *cnf.Formula, model []bool) error {
	if len(model) != f.NumVars+1 {
		return fmt.Errorf("sat: %s returned a model of length %d for %d variables", solver, len(model), f.NumVars)
	}
	if bad := f.Unsatisfied(model); bad != nil {
		return fmt.Errorf("sat: %s returned a WRONG model: it violates %d clauses, first clause %d %v",
			solver, len(bad), bad[0], f.Clauses[bad[0]])
	}
	return nil
}
