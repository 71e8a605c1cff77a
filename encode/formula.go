package encode

import (
	"fmt"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
)

// Board returns the encoded board.
func (e *Encoding) Board() *board.Board { return e.b }

// Method returns the encoding used.
func (e *Encoding) Method() Method { return e.method }

// NumVars returns the number of variables.
func (e *Encoding) NumVars() int { return len(e.vars) }

// NumClauses returns the number of clauses.
func (e *Encoding) NumClauses() int { return len(e.prov) }

// NumLiterals returns the total length of the clauses.
func (e *Encoding) NumLiterals() int { return e.cb.NumLiterals() }

// Clause returns clause c (0-based). The slice is shared: do not modify it.
func (e *Encoding) Clause(c int) cnf.Clause { return e.cb.Clause(c) }

// Reason returns the rule and tiles clause c encodes.
func (e *Encoding) Reason(c int) Reason { return e.reasons[e.prov[c]] }

// Clauses returns a copy of all clauses.
func (e *Encoding) Clauses() []cnf.Clause {
	out := make([]cnf.Clause, e.NumClauses())
	for c := range out {
		out[c] = append(cnf.Clause(nil), e.Clause(c)...)
	}
	return out
}

// Formula returns the encoding as a formula whose comments name the board and, one line
// per variable, what each variable means ("v 12: rank of tile 3, bit 0"). The formula is
// built once and shared: do not modify it.
func (e *Encoding) Formula() *cnf.Formula {
	if e.formula != nil {
		return e.formula
	}
	f := e.cb.Formula()
	f.Comments = append(f.Comments, e.header()...)
	for v := 1; v <= len(e.vars); v++ {
		f.Comments = append(f.Comments, fmt.Sprintf("v %d: %s", v, e.Describe(v)))
	}
	e.formula = f
	return f
}

// header returns the comment lines that introduce the encoding.
func (e *Encoding) header() []string {
	name := e.b.Name
	if name == "" {
		name = "(unnamed)"
	}
	return []string{
		fmt.Sprintf("mahjong board %s: %d tiles, %d groups", strings.ReplaceAll(name, "\n", " "), e.b.N(), e.b.NumGroups()),
		fmt.Sprintf("encoding %s: %d variables, %d clauses; models are the winning plays (mjsat encode -decode)", e.method, len(e.vars), e.NumClauses()),
	}
}

// Describe says what variable v (1-based) means, naming tiles by id.
func (e *Encoding) Describe(v int) string {
	if v < 1 || v > len(e.vars) {
		return fmt.Sprintf("no variable %d", v)
	}
	in := e.vars[v-1]
	id := func(t int32) int { return e.b.Tiles[t].ID }
	switch in.kind {
	case vRankBit:
		return fmt.Sprintf("rank of tile %d, bit %d", id(in.a), in.k)
	case vPair:
		return fmt.Sprintf("tiles %d and %d (group %s) are removed together", id(in.a), id(in.b), e.b.Tiles[in.a].Group)
	case vCmp:
		return fmt.Sprintf("rank of tile %d < rank of tile %d on bits %d..0", id(in.a), id(in.b), in.k)
	case vSide:
		return fmt.Sprintf("tile %d is freed on the left (else on the right)", id(in.a))
	case vLe:
		return fmt.Sprintf("tile %d goes no later than tile %d", id(in.a), id(in.b))
	case vLt:
		return fmt.Sprintf("tile %d goes strictly before tile %d", id(in.a), id(in.b))
	case vGone:
		return fmt.Sprintf("tile %d is gone after step %d", id(in.a), in.k)
	}
	return fmt.Sprintf("variable %d", v)
}
