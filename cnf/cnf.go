package cnf

import (
	"fmt"
	"slices"
)

// Lit is a DIMACS literal: +v for variable v, -v for its negation, v >= 1.
// The zero Lit is not a literal (DIMACS uses 0 to end a clause).
type Lit int

// Var returns the variable of l (always >= 1 for a valid literal).
func (l Lit) Var() int {
	if l < 0 {
		return int(-l)
	}
	return int(l)
}

// Neg returns the negation of l.
func (l Lit) Neg() Lit { return -l }

// Positive reports whether l is a positive (unnegated) literal.
func (l Lit) Positive() bool { return l > 0 }

// True reports whether l is true under assign, which is indexed by variable.
func (l Lit) True(assign []bool) bool {
	if l > 0 {
		return assign[l]
	}
	return !assign[-l]
}

// Clause is a disjunction of literals. The empty clause is false.
type Clause []Lit

// Satisfied reports whether some literal of c is true under assign.
func (c Clause) Satisfied(assign []bool) bool {
	for _, l := range c {
		if l.True(assign) {
			return true
		}
	}
	return false
}

// Formula is a CNF formula over variables 1..NumVars: the conjunction of
// its clauses.
type Formula struct {
	NumVars  int      // variables are 1..NumVars
	Clauses  []Clause // conjunction of these clauses
	Comments []string // comment lines without the leading "c " (kept for provenance)
	Warnings []string // non-fatal findings while reading, as "name:line: message"
}

// Validate reports the first literal that is 0 or whose variable lies
// outside 1..NumVars, or a negative NumVars. Formulas from [Read] and
// [Random] are always valid; Validate is for formulas built by hand.
func (f *Formula) Validate() error {
	if f.NumVars < 0 || f.NumVars > MaxVars {
		return fmt.Errorf("variable count %d outside 0..%d", f.NumVars, MaxVars)
	}
	for i, c := range f.Clauses {
		for _, l := range c {
			if l == 0 || l.Var() > f.NumVars {
				return fmt.Errorf("clause %d: literal %d outside ±1..%d", i, l, f.NumVars)
			}
		}
	}
	return nil
}

// NumLiterals returns the total number of literals in all clauses.
func (f *Formula) NumLiterals() int {
	n := 0
	for _, c := range f.Clauses {
		n += len(c)
	}
	return n
}

// Clone returns a deep copy of f.
func (f *Formula) Clone() *Formula {
	g := &Formula{
		NumVars:  f.NumVars,
		Clauses:  make([]Clause, len(f.Clauses)),
		Comments: slices.Clone(f.Comments),
		Warnings: slices.Clone(f.Warnings),
	}
	for i, c := range f.Clauses {
		g.Clauses[i] = slices.Clone(c)
	}
	return g
}

// Eval reports whether assign satisfies every clause of f. assign is
// indexed by variable: assign[v] is the value of variable v, assign[0] is
// unused, and len(assign) must be at least NumVars+1 (Eval panics
// otherwise, as that is a programming error).
func (f *Formula) Eval(assign []bool) bool {
	f.checkAssign(assign)
	for _, c := range f.Clauses {
		if !c.Satisfied(assign) {
			return false
		}
	}
	return true
}

// Unsatisfied returns the indices, in increasing order, of the clauses of
// f that assign does not satisfy; nil if it satisfies them all. assign is
// as for [Formula.Eval].
func (f *Formula) Unsatisfied(assign []bool) []int {
	f.checkAssign(assign)
	var bad []int
	for i, c := range f.Clauses {
		if !c.Satisfied(assign) {
			bad = append(bad, i)
		}
	}
	return bad
}

func (f *Formula) checkAssign(assign []bool) {
	if len(assign) < f.NumVars+1 {
		panic(fmt.Sprintf("cnf: assignment of length %d for %d variables (want length %d)",
			len(assign), f.NumVars, f.NumVars+1))
	}
}
