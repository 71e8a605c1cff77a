// Package sat solves the puzzle encodings under puzzles/: formulas built with
// [cnf.Builder], solved and their models enumerated (projected) through package sat's
// gateway to gophersat (github.com/mjsat/mjsat/sat), the one place that runs
// gophersat.
//
// It is not a general SAT library: it has no DIMACS reader, no pseudo-Boolean
// constraints beyond at-most-one, and no preprocessing.
package sat

import (
	"context"

	"github.com/mjsat/mjsat/cnf"
	gateway "github.com/mjsat/mjsat/sat"
)

// Lit is a DIMACS literal: +v or -v for variable v ≥ 1.
type Lit = cnf.Lit

// Formula is a CNF formula under construction: a [cnf.Builder] (variables, clauses,
// at-most-one and exactly-one constraints) that the puzzles solve and enumerate.
type Formula struct {
	cnf.Builder
}

// Clauses returns the clauses. They share the builder's literals.
func (f *Formula) Clauses() []cnf.Clause { return f.Formula().Clauses }

// CNF returns the formula. It shares the builder's literals.
func (f *Formula) CNF() *cnf.Formula { return f.Formula() }

// Model is a satisfying assignment indexed by variable: Model[v] for v ≥ 1.
type Model []bool

// True reports whether literal l is true in m.
func (m Model) True(l Lit) bool { return l.True(m) }

// ErrUnknown is returned when the context ends before the solver decides.
var ErrUnknown = gateway.ErrUnknown

// Solve decides f. It returns (model, true, nil) when satisfiable,
// (nil, false, nil) when unsatisfiable and ErrUnknown when ctx ends first.
func (f *Formula) Solve(ctx context.Context) (Model, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, ErrUnknown
	}
	r, err := gateway.Gophersat{}.Solve(ctx, f.Formula())
	switch {
	case err != nil:
		return nil, false, err
	case r.Status == gateway.Unknown:
		return nil, false, ErrUnknown
	case r.Status == gateway.Sat:
		return Model(r.Model), true, nil
	}
	return nil, false, nil
}

// Enumerate calls visit for every model of f, where two models count as the same when
// they agree on the projection variables proj (see the gateway's Enumerate). It stops
// early when visit returns false, and returns the number of models visited. If ctx
// ends first it returns the count so far and ErrUnknown.
func (f *Formula) Enumerate(ctx context.Context, proj []Lit, visit func(Model) bool) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, ErrUnknown
	}
	return gateway.Enumerate(ctx, f.Formula(), proj, func(m []bool) bool { return visit == nil || visit(Model(m)) })
}
