package sat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crillab/gophersat/explain"
	"github.com/crillab/gophersat/solver"

	"github.com/mjsat/mjsat/cnf"
)

// This file and gophersat.go are mjsat's only gateway to gophersat: every in-process
// solve, enumeration and MUS extraction in the module goes through them, and so
// through the one lock gophersat's shared state needs (see [Gophersat]).

// ErrUnknown is returned by [Enumerate] and [MUS] when ctx ends before gophersat is
// done.
var ErrUnknown = errors.New("sat: unknown (stopped before the solver decided)")

// ErrSatisfiable is returned by [MUS] for a satisfiable formula.
var ErrSatisfiable = errors.New("sat: the formula is satisfiable: no unsatisfiable core")

// withTurn runs work in a goroutine that holds gophersat's lock, and waits for it or
// for ctx. gophersat cannot be interrupted: when ctx ends first, the work runs on in
// the background (holding the lock) and its result is dropped; the caller gets
// ErrUnknown.
func withTurn(ctx context.Context, work func() error) error {
	select {
	case gophersatTurn <- struct{}{}:
	case <-ctx.Done():
		return ErrUnknown
	}
	if ctx.Err() != nil { // select picks at random when both are ready
		<-gophersatTurn
		return ErrUnknown
	}
	done := make(chan error, 1)
	go func() {
		defer func() { <-gophersatTurn }()
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("sat: gophersat panicked: %v", r)
			}
		}()
		done <- work()
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ErrUnknown
	}
}

// ints returns f's clauses as gophersat's integer slices.
func ints(f *cnf.Formula) [][]int {
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
	return clauses
}

// Enumerate calls visit with every model of f (indexed by variable, [0] unused),
// where two models count as the same when they agree on the variables of proj: after
// each model a clause that excludes its projection is added to the same gophersat
// solver, which keeps what it learnt. It stops early when visit returns false, and
// returns the number of models visited; when ctx ends first, the count so far and
// ErrUnknown. (gophersat's own Enumerate and CountModels block decision literals and
// count some models twice.)
func Enumerate(ctx context.Context, f *cnf.Formula, proj []cnf.Lit, visit func(model []bool) bool) (int, error) {
	if len(proj) == 0 {
		return 0, errors.New("sat: Enumerate needs at least one projection variable")
	}
	if err := f.Validate(); err != nil {
		return 0, fmt.Errorf("sat: %w", err)
	}
	var s *solver.Solver
	if err := withTurn(ctx, func() error {
		s = solver.New(solver.ParseSliceNb(ints(f), f.NumVars))
		return nil
	}); err != nil {
		return 0, err
	}
	n := 0
	for {
		var st solver.Status
		var raw []bool
		err := withTurn(ctx, func() error {
			if st = s.Solve(); st == solver.Sat {
				raw = s.Model()
			}
			return nil
		})
		if err != nil {
			return n, err
		}
		if st != solver.Sat {
			return n, nil
		}
		m := make([]bool, f.NumVars+1)
		copy(m[1:], raw)
		if err := checkModel("gophersat", f, m); err != nil {
			return n, err
		}
		n++
		if visit != nil && !visit(m) {
			return n, nil
		}
		block := make([]solver.Lit, len(proj))
		for i, p := range proj {
			l := int32(p)
			if p.True(m) {
				l = -l
			}
			block[i] = solver.IntToLit(l)
		}
		if err := withTurn(ctx, func() error { s.AppendClause(solver.NewClause(block)); return nil }); err != nil {
			return n, err
		}
	}
}

// MUS returns the indices (increasing) of a minimal unsatisfiable subset of f's
// clauses, found by gophersat's deletion-based extraction, or [ErrSatisfiable]. It
// calls the solver about once per clause of a first core: it is meant for formulas
// whose unsatisfiability has a small reason.
func MUS(ctx context.Context, f *cnf.Formula) ([]int, error) {
	if err := f.Validate(); err != nil {
		return nil, fmt.Errorf("sat: %w", err)
	}
	// gophersat's extraction takes a clause that repeats a literal for a different
	// clause and calls such formulas satisfiable: each literal goes once (the clause
	// numbers stay).
	f = withoutRepeats(f)
	var idx []int
	err := withTurn(ctx, func() error {
		if st := solver.New(solver.ParseSliceNb(ints(f), f.NumVars)).Solve(); st == solver.Sat {
			return ErrSatisfiable
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			return fmt.Errorf("sat: MUS: %w", err)
		}
		pb, err := explain.ParseCNF(&buf)
		if err != nil {
			return fmt.Errorf("sat: MUS: %w", err)
		}
		mus, err := pb.MUS()
		if errors.Is(err, explain.ErrNotUnsat) {
			return ErrSatisfiable
		}
		if err != nil {
			return fmt.Errorf("sat: MUS: %w", err)
		}
		// The MUS gives clauses, not indices: find them again by content.
		where := map[string][]int{}
		for c, cl := range f.Clauses {
			k := clauseKey(cl)
			where[k] = append(where[k], c)
		}
		for _, cl := range mus.Clauses {
			lits := make(cnf.Clause, len(cl))
			for i, l := range cl {
				lits[i] = cnf.Lit(l)
			}
			k := clauseKey(lits)
			cs := where[k]
			if len(cs) == 0 {
				return fmt.Errorf("sat: MUS: core clause %v is not in the formula", cl)
			}
			idx = append(idx, cs[0])
			where[k] = cs[1:]
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(idx)
	return idx, nil
}

// clauseKey identifies a clause by its literals, in any order.
func clauseKey(c cnf.Clause) string {
	s := make([]int, len(c))
	for i, l := range c {
		s[i] = int(l)
	}
	slices.Sort(s)
	var sb strings.Builder
	for _, l := range s {
		sb.WriteString(strconv.Itoa(l))
		sb.WriteByte(' ')
	}
	return sb.String()
}

// withoutRepeats returns f with every literal once per clause (f itself when no clause
// repeats one).
func withoutRepeats(f *cnf.Formula) *cnf.Formula {
	var g *cnf.Formula
	for i, c := range f.Clauses {
		var d cnf.Clause // clauses are short: a look back is cheaper than a set
		for _, l := range c {
			if !slices.Contains(d, l) {
				d = append(d, l)
			}
		}
		if len(d) == len(c) {
			continue
		}
		if g == nil {
			g = &cnf.Formula{NumVars: f.NumVars, Clauses: slices.Clone(f.Clauses)}
		}
		g.Clauses[i] = d
	}
	if g == nil {
		return f
	}
	return g
}
