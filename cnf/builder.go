package cnf

import "fmt"

// Builder builds a formula clause by clause. Its literals live in blocks of a fixed
// size that are never copied as the formula grows (a clause costs its literals and
// one reference), so that encodings of large boards stay compact and build in time
// linear in their size. Package encode and the puzzles' encodings build their
// formulas with it. The zero Builder is empty and ready to use.
type Builder struct {
	numVars int
	blocks  [][]Lit  // the literals; a clause lies within one block
	refs    []uint64 // clause c is blocks[ref>>40][ref>>20&mask : ref&mask], see ref
	lits    int
}

// Block sizes: a block holds blockLits literals (a longer clause has a block of its
// own), and a clause's place in its block is packed in 20 bits.
const (
	blockLits = 1 << 16
	maxClause = 1<<20 - 1
	refMask   = 1<<20 - 1
)

// NewVar allocates a fresh variable and returns its positive literal.
func (b *Builder) NewVar() Lit {
	b.numVars++
	return Lit(b.numVars)
}

// NumVars returns the number of variables allocated so far.
func (b *Builder) NumVars() int { return b.numVars }

// NumClauses returns the number of clauses added so far.
func (b *Builder) NumClauses() int { return len(b.refs) }

// NumLiterals returns the total length of the clauses.
func (b *Builder) NumLiterals() int { return b.lits }

// Add adds the clause l1 ∨ l2 ∨ …; an empty clause makes the formula unsatisfiable.
// A literal that is 0 or of a variable not allocated, or a clause of more than 2^20-1
// literals, is a bug of the caller, and panics.
func (b *Builder) Add(lits ...Lit) {
	for _, l := range lits {
		if l == 0 || l.Var() > b.numVars {
			panic(fmt.Sprintf("cnf: literal %d out of range 1..%d", l, b.numVars))
		}
	}
	if len(lits) > maxClause {
		panic(fmt.Sprintf("cnf: a clause of %d literals, more than %d", len(lits), maxClause))
	}
	k := len(b.blocks) - 1
	if k < 0 || len(b.blocks[k])+len(lits) > cap(b.blocks[k]) {
		b.blocks = append(b.blocks, make([]Lit, 0, max(blockLits, len(lits))))
		k++
	}
	from := len(b.blocks[k])
	b.blocks[k] = append(b.blocks[k], lits...)
	b.refs = append(b.refs, uint64(k)<<40|uint64(from)<<20|uint64(from+len(lits)))
	b.lits += len(lits)
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
	for _, blk := range b.blocks {
		for i, l := range blk {
			blk[i] = f(l)
		}
	}
}

// Clause returns clause c (0-based). The slice is shared: do not modify it.
func (b *Builder) Clause(c int) Clause {
	r := b.refs[c]
	from, to := int(r>>20&refMask), int(r&refMask)
	return b.blocks[r>>40][from:to:to]
}

// Formula returns the formula built so far. Its clauses share the builder's
// literals: neither is to be modified after.
func (b *Builder) Formula() *Formula {
	f := &Formula{NumVars: b.numVars, Clauses: make([]Clause, len(b.refs))}
	for c := range f.Clauses {
		f.Clauses[c] = b.Clause(c)
	}
	return f
}
