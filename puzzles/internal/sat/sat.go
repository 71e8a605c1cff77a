// Package sat is a small CNF builder for the puzzle encodings under puzzles/: named
// variables, at-most-one and exactly-one constraints, and solving and projected model
// enumeration through package sat's gateway to gophersat (github.com/mjsat/mjsat/sat),
// the one place that runs gophersat.
//
// It is not a general SAT library: it has no DIMACS reader, no pseudo-Boolean
// constraints beyond at-most-one, and no preprocessing.
package sat

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/cnf"
	gateway "github.com/mjsat/mjsat/sat"
)

// Lit is a DIMACS literal: +v or -v for variable v ≥ 1.
type Lit = cnf.Lit

// Formula is a CNF formula under construction.
type Formula struct {
	f cnf.Formula
}

// NewVar allocates a fresh variable and returns its positive literal.
func (f *Formula) NewVar() Lit {
	f.f.NumVars++
	return Lit(f.f.NumVars)
}

// NumVars returns the number of variables allocated so far.
func (f *Formula) NumVars() int { return f.f.NumVars }

// NumClauses returns the number of clauses added so far.
func (f *Formula) NumClauses() int { return len(f.f.Clauses) }

// Add adds the clause l1 ∨ l2 ∨ …. An empty clause makes the formula
// unsatisfiable.
func (f *Formula) Add(lits ...Lit) {
	for _, l := range lits {
		if l == 0 || l.Var() > f.f.NumVars {
			panic(fmt.Sprintf("sat: literal %d out of range 1..%d", l, f.f.NumVars))
		}
	}
	f.f.Clauses = append(f.f.Clauses, append(cnf.Clause(nil), lits...))
}

// AtMostOne adds the pairwise at-most-one constraint over lits.
func (f *Formula) AtMostOne(lits ...Lit) {
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			f.Add(lits[i].Neg(), lits[j].Neg())
		}
	}
}

// ExactlyOne adds lits[0] ∨ … plus the pairwise at-most-one constraint.
func (f *Formula) ExactlyOne(lits ...Lit) {
	f.Add(lits...)
	f.AtMostOne(lits...)
}

// Implies adds the clause ¬a ∨ b.
func (f *Formula) Implies(a, b Lit) { f.Add(a.Neg(), b) }

// Clauses returns the clauses. The slice is shared.
func (f *Formula) Clauses() []cnf.Clause { return f.f.Clauses }

// CNF returns the formula. It is shared.
func (f *Formula) CNF() *cnf.Formula { return &f.f }

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
	r, err := gateway.Gophersat{}.Solve(ctx, &f.f)
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
	return gateway.Enumerate(ctx, &f.f, proj, func(m []bool) bool { return visit == nil || visit(Model(m)) })
}
