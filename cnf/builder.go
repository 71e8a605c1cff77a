package cnf

import "fmt"

// Builder builds a formula clause by clause, keeping every literal in one array
// (a clause costs its literals and one offset, not a slice header of its own), so
// that encodings of large boards stay compact. Package encode and the puzzles'
// encodings build their formulas with it.
type Builder struct {
	numVars int
	lits    []Lit // the clauses, back to back
	end     []int // clause c is lits[end[c-1]:end[c]] (end[-1] = 0)
}

// NewVar allocates a fresh variable and returns its positive literal.
func (b *Builder) NewVar() Lit {
	b.numVars++
	return Lit(b.numVars)
}

// NumVars returns the number of variables allocated so far.
func (b *Builder) NumVars() int { return b.numVars }

// NumClauses returns the number of clauses added so far.
func (b *Builder) NumClauses() int { return len(b.end) }

// NumLiterals returns the total length of the clauses.
func (b *Builder) NumLiterals() int { return len(b.lits) }

// Add adds the clause l1 ∨ l2 ∨ …; an empty clause makes the formula unsatisfiable.
// A literal that is 0 or of a variable not allocated is a bug of the caller, and
// panics.
func (b *Builder) Add(lits ...Lit) {
	for _, l := range lits {
		if l == 0 || l.Var() > b.numVars {
			panic(fmt.Sprintf("cnf: literal %d out of range 1..%d", l, b.numVars))
		}
	}
	b.lits = append(b.lits, lits...)
	b.end = append(b.end, len(b.lits))
}

// AtMostOne adds the pairwise at-most-one constraint over lits.
func (b *Builder) AtMostOne(lits ...Lit) {
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			b.Add(lits[i].Neg(), lits[j].Neg())
		}
	}
}

// ExactlyOne adds lits[0] ∨ … and the pairwise at-most-one constraint.
func (b *Builder) ExactlyOne(lits ...Lit) {
	b.Add(lits...)
	b.AtMostOne(lits...)
}

// Implies adds the clause ¬a ∨ c.
func (b *Builder) Implies(a, c Lit) { b.Add(a.Neg(), c) }

// Rename replaces every literal l of the clauses by f(l), as when an encoding
// renumbers its variables once it has made them all; f must keep them in range.
func (b *Builder) Rename(f func(Lit) Lit) {
	for i, l := range b.lits {
		b.lits[i] = f(l)
	}
}

// Clause returns clause c (0-based). The slice is shared: do not modify it.
func (b *Builder) Clause(c int) Clause {
	from := 0
	if c > 0 {
		from = b.end[c-1]
	}
	return b.lits[from:b.end[c]:b.end[c]]
}

// Formula returns the formula built so far. Its clauses share the builder's
// literals: neither is to be modified after.
func (b *Builder) Formula() *Formula {
	f := &Formula{NumVars: b.numVars, Clauses: make([]Clause, len(b.end))}
	for c := range f.Clauses {
		f.Clauses[c] = b.Clause(c)
	}
	return f
}
