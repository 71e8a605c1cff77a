package reduce

import (
	"errors"
	"fmt"

	"github.com/mjsat/mjsat/cnf"
)

// ErrEmptyClause is returned (wrapped) by [Reduce] when the formula contains an empty
// clause. Such a formula is unsatisfiable by definition, and the construction has no
// gadget for a clause without literals, so no board is produced.
var ErrEmptyClause = errors.New("formula contains an empty clause: unsatisfiable by definition; no board is produced")

// Clause3 is one clause of the 3-CNF that the board encodes: exactly three literals
// (repeated when padded), and where it came from.
type Clause3 struct {
	Lits [3]cnf.Lit `json:"lits"`
	// From is the 1-based index of the input clause this clause was made from.
	From int `json:"from"`
}

// Split records an input clause of more than three literals cut into 3-clauses with
// fresh variables: (l1 l2 z1) (¬z1 l3 z2) … (¬z_{k-3} l_{k-1} l_k).
type Split struct {
	Clause int       `json:"clause"` // 1-based input clause index
	Lits   []cnf.Lit `json:"lits"`   // the input clause after removing duplicate literals
	Fresh  []int     `json:"fresh"`  // the fresh variables z1, z2, …
	Into   []int     `json:"into"`   // 1-based indices of the 3-clauses made from it
}

// Prep is the normalisation of an arbitrary CNF into the 3-CNF that the construction
// encodes. It is recorded in [Map] and in the board's meta.
type Prep struct {
	// NumVars and NumClauses describe the input formula.
	NumVars    int `json:"n"`
	NumClauses int `json:"m"`
	// Vars is the number of variables of the 3-CNF: NumVars plus the fresh ones.
	Vars int `json:"vars"`
	// Clauses is the 3-CNF. Every variable 1..Vars gets a variable gadget.
	Clauses []Clause3 `json:"clauses"`
	// Deduplicated lists (1-based) input clauses that had a repeated literal; the
	// repetition is dropped before padding.
	Deduplicated []int `json:"deduplicated,omitempty"`
	// Tautologies lists input clauses containing a literal and its negation. They are
	// true under every assignment and are left out of the board.
	Tautologies []int `json:"tautologies,omitempty"`
	// Padded lists input clauses of one or two literals; the paper's padding repeats
	// the last literal until there are three.
	Padded []int `json:"padded,omitempty"`
	// Split lists input clauses of more than three literals.
	Split []Split `json:"split,omitempty"`
}

// prepare normalises f. It fails on an invalid formula or an empty clause.
func prepare(f *cnf.Formula) (*Prep, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	p := &Prep{NumVars: f.NumVars, NumClauses: len(f.Clauses), Vars: f.NumVars}
	seen := map[cnf.Lit]bool{}
	for ci, c := range f.Clauses {
		j := ci + 1
		if len(c) == 0 {
			return nil, fmt.Errorf("clause %d: %w", j, ErrEmptyClause)
		}
		clear(seen)
		lits := make([]cnf.Lit, 0, len(c))
		taut, dup := false, false
		for _, l := range c {
			switch {
			case seen[l]:
				dup = true
				continue
			case seen[-l]:
				taut = true
			}
			seen[l] = true
			lits = append(lits, l)
		}
		if dup {
			p.Deduplicated = append(p.Deduplicated, j)
		}
		if taut {
			p.Tautologies = append(p.Tautologies, j)
			continue
		}
		switch {
		case len(lits) < 3:
			p.Padded = append(p.Padded, j)
			var c3 [3]cnf.Lit
			for q := range c3 {
				c3[q] = lits[min(q, len(lits)-1)]
			}
			p.Clauses = append(p.Clauses, Clause3{Lits: c3, From: j})
		case len(lits) == 3:
			p.Clauses = append(p.Clauses, Clause3{Lits: [3]cnf.Lit{lits[0], lits[1], lits[2]}, From: j})
		default:
			s := Split{Clause: j, Lits: lits}
			k := len(lits)
			prev := cnf.Lit(0)
			for q := 0; q < k-3; q++ {
				p.Vars++
				z := cnf.Lit(p.Vars)
				s.Fresh = append(s.Fresh, p.Vars)
				var c3 [3]cnf.Lit
				if q == 0 {
					c3 = [3]cnf.Lit{lits[0], lits[1], z}
				} else {
					c3 = [3]cnf.Lit{-prev, lits[q+1], z}
				}
				p.Clauses = append(p.Clauses, Clause3{Lits: c3, From: j})
				s.Into = append(s.Into, len(p.Clauses))
				prev = z
			}
			p.Clauses = append(p.Clauses, Clause3{Lits: [3]cnf.Lit{-prev, lits[k-2], lits[k-1]}, From: j})
			s.Into = append(s.Into, len(p.Clauses))
			p.Split = append(p.Split, s)
		}
	}
	if p.Vars > cnf.MaxVars {
		return nil, fmt.Errorf("%d variables after splitting long clauses: more than %d", p.Vars, cnf.MaxVars)
	}
	return p, nil
}

// extend extends an assignment of the input variables (indexed by variable, [0]
// unused) to the fresh variables of split clauses: z_q is true exactly when none of
// l_1 … l_{q+1} is true, which satisfies every 3-clause made from a satisfied input
// clause.
func (p *Prep) extend(assign []bool) []bool {
	full := make([]bool, p.Vars+1)
	copy(full, assign[:p.NumVars+1])
	for _, s := range p.Split {
		none := !s.Lits[0].True(full)
		for q, z := range s.Fresh {
			none = none && !s.Lits[q+1].True(full)
			full[z] = none
		}
	}
	return full
}

// formula returns the 3-CNF as a cnf.Formula over Vars variables.
func (p *Prep) formula() *cnf.Formula {
	f := &cnf.Formula{NumVars: p.Vars, Clauses: make([]cnf.Clause, len(p.Clauses))}
	for j, c := range p.Clauses {
		f.Clauses[j] = cnf.Clause{c.Lits[0], c.Lits[1], c.Lits[2]}
	}
	return f
}
