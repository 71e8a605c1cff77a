// Package sat is a small CNF builder and a thin wrapper around the gophersat
// solver (github.com/crillab/gophersat/solver), shared by the puzzle encodings
// under puzzles/.
//
// It is for building a formula clause by clause with named variables,
// solving it in-process with a context deadline, and enumerating models
// projected onto a set of variables (one blocking clause per model).
// It is not a general SAT library: it has no DIMACS reader, no
// pseudo-Boolean constraints beyond at-most-one, and no preprocessing.
package sat

import (
	"context"
	"errors"
	"fmt"

	"github.com/crillab/gophersat/solver"
)

// Lit is a DIMACS literal: +v or -v for variable v ≥ 1.
type Lit int

// Not returns the negation of l.
func (l Lit) Not() Lit { return -l }

// Formula is a CNF formula under construction.
type Formula struct {
	nvars   int
	clauses [][]int
}

// NewVar allocates a fresh variable and returns its positive literal.
func (f *Formula) NewVar() Lit {
	f.nvars++
	return Lit(f.nvars)
}

// NumVars returns the number of variables allocated so far.
func (f *Formula) NumVars() int { return f.nvars }

// NumClauses returns the number of clauses added so far.
func (f *Formula) NumClauses() int { return len(f.clauses) }

// Add adds the clause l1 ∨ l2 ∨ …. An empty clause makes the formula
// unsatisfiable.
func (f *Formula) Add(lits ...Lit) {
	c := make([]int, len(lits))
	for i, l := range lits {
		if l == 0 || int(l) > f.nvars || int(-l) > f.nvars {
			panic(fmt.Sprintf("sat: literal %d out of range 1..%d", l, f.nvars))
		}
		c[i] = int(l)
	}
	f.clauses = append(f.clauses, c)
}

// AtMostOne adds the pairwise at-most-one constraint over lits.
func (f *Formula) AtMostOne(lits ...Lit) {
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			f.Add(lits[i].Not(), lits[j].Not())
		}
	}
}

// ExactlyOne adds lits[0] ∨ … plus the pairwise at-most-one constraint.
func (f *Formula) ExactlyOne(lits ...Lit) {
	f.Add(lits...)
	f.AtMostOne(lits...)
}

// Implies adds the clause ¬a ∨ b.
func (f *Formula) Implies(a, b Lit) { f.Add(a.Not(), b) }

// Clauses returns the clauses in DIMACS integer form. The slice is shared.
func (f *Formula) Clauses() [][]int { return f.clauses }

// Model is a satisfying assignment indexed by variable: Model[v] for v ≥ 1.
type Model []bool

// True reports whether literal l is true in m.
func (m Model) True(l Lit) bool {
	if l > 0 {
		return m[l]
	}
	return !m[-l]
}

// ErrUnknown is returned when the context ends before the solver decides.
var ErrUnknown = errors.New("sat: unknown (stopped before the solver decided)")

func (f *Formula) newSolver() (s *solver.Solver, err error) {
	gate <- struct{}{}
	defer func() { <-gate }()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("sat: gophersat: %v", r)
		}
	}()
	pb := solver.ParseSliceNb(f.clauses, f.nvars)
	return solver.New(pb), nil
}

// gate serialises every use of gophersat in the process. gophersat v1.4.0
// is not safe for concurrent solvers: learnClause writes a package-level
// buffer (bufLits in learn.go), so two solvers running at once corrupt each
// other's learned clauses (observed here as wrong models and index-out-of-
// range panics).
var gate = make(chan struct{}, 1)

// solve runs s.Solve in a goroutine so that ctx can cut the wait short.
// gophersat cannot be interrupted: on cancellation the goroutine runs on
// until the solver finishes (holding the gate), and its result is dropped.
func solve(ctx context.Context, s *solver.Solver) (st solver.Status, err error) {
	type res struct {
		st  solver.Status
		err error
	}
	select {
	case gate <- struct{}{}:
	case <-ctx.Done():
		return solver.Indet, ErrUnknown
	}
	ch := make(chan res, 1)
	go func() {
		defer func() { <-gate }()
		defer func() {
			if r := recover(); r != nil {
				ch <- res{solver.Indet, fmt.Errorf("sat: gophersat: %v", r)}
			}
		}()
		ch <- res{st: s.Solve()}
	}()
	select {
	case r := <-ch:
		return r.st, r.err
	case <-ctx.Done():
		return solver.Indet, ErrUnknown
	}
}

func model(s *solver.Solver) Model {
	raw := s.Model()
	m := make(Model, len(raw)+1)
	copy(m[1:], raw)
	return m
}

// Solve decides f. It returns (model, true, nil) when satisfiable,
// (nil, false, nil) when unsatisfiable and ErrUnknown when ctx ends first.
func (f *Formula) Solve(ctx context.Context) (Model, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, ErrUnknown
	}
	s, err := f.newSolver()
	if err != nil {
		return nil, false, err
	}
	st, err := solve(ctx, s)
	if err != nil {
		return nil, false, err
	}
	if st != solver.Sat {
		return nil, false, nil
	}
	return model(s), true, nil
}

// Enumerate calls visit for every model of f, where two models count as
// the same when they agree on the projection variables proj: after each
// model a clause is added that excludes its projection. (gophersat's own
// Solver.Enumerate and CountModels, which block decision literals, are not
// used: on the peg solitaire encoding for the triangle with hole 5 empty
// they report 1,958 models where there are 1,550, and run slower.) It stops early
// when visit returns false, and returns the number of models visited.
// If ctx ends first it returns the count so far and ErrUnknown.
func (f *Formula) Enumerate(ctx context.Context, proj []Lit, visit func(Model) bool) (int, error) {
	if len(proj) == 0 {
		return 0, errors.New("sat: Enumerate needs at least one projection variable")
	}
	s, err := f.newSolver()
	if err != nil {
		return 0, err
	}
	n := 0
	for {
		if err := ctx.Err(); err != nil {
			return n, ErrUnknown
		}
		st, err := solve(ctx, s)
		if err != nil {
			return n, err
		}
		if st != solver.Sat {
			return n, nil
		}
		m := model(s)
		n++
		if visit != nil && !visit(m) {
			return n, nil
		}
		block := make([]solver.Lit, len(proj))
		for i, p := range proj {
			l := int32(p)
			if m.True(p) {
				l = -l
			}
			block[i] = solver.IntToLit(l)
		}
		s.AppendClause(solver.NewClause(block))
	}
}
