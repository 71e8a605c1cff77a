package encode

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
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

// Formula returns the encoding as a formula, its comments naming the board and the
// encoding. It is built once and shared: do not modify it. [Encoding.WriteDIMACS]
// also says what each variable means.
func (e *Encoding) Formula() *cnf.Formula {
	if e.formula != nil {
		return e.formula
	}
	f := e.cb.Formula()
	f.Comments = e.header()
	e.formula = f
	return f
}

// WriteDIMACS writes the encoding in DIMACS with its comments: the board, the
// encoding, and one line per variable saying what it means ("c v 12: rank of tile 3,
// bit 0"), written as they go rather than kept.
func (e *Encoding) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, h := range e.header() {
		bw.WriteString("c " + h + "\n")
	}
	var buf []byte
	for v := 1; v <= len(e.vars); v++ {
		buf = append(buf[:0], "c v "...)
		buf = strconv.AppendInt(buf, int64(v), 10)
		buf = append(buf, ": "...)
		buf = e.appendDescription(buf, v)
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	f := *e.Formula()
	f.Comments = nil
	if err := f.Write(bw); err != nil {
		return err
	}
	return bw.Flush()
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
func (e *Encoding) Describe(v int) string { return string(e.appendDescription(nil, v)) }

// appendDescription appends what [Encoding.Describe] says of v to buf.
func (e *Encoding) appendDescription(buf []byte, v int) []byte {
	if v < 1 || v > len(e.vars) {
		return fmt.Appendf(buf, "no variable %d", v)
	}
	in := e.vars[v-1]
	tile := func(buf []byte, t int32) []byte {
		return strconv.AppendInt(append(buf, "tile "...), int64(e.b.Tiles[t].ID), 10)
	}
	switch in.kind {
	case vRankBit:
		buf = tile(append(buf, "rank of "...), in.a)
		return strconv.AppendInt(append(buf, ", bit "...), int64(in.k), 10)
	case vPair:
		buf = strconv.AppendInt(append(buf, "tiles "...), int64(e.b.Tiles[in.a].ID), 10)
		buf = strconv.AppendInt(append(buf, " and "...), int64(e.b.Tiles[in.b].ID), 10)
		return append(append(append(buf, " (group "...), e.b.Tiles[in.a].Group...), ") are removed together"...)
	case vCmp:
		buf = tile(append(buf, "rank of "...), in.a)
		buf = tile(append(buf, " < rank of "...), in.b)
		return append(strconv.AppendInt(append(buf, " on bits "...), int64(in.k), 10), "..0"...)
	case vSide:
		return append(tile(buf, in.a), " is freed on the left (else on the right)"...)
	case vLe:
		return tile(append(tile(buf, in.a), " goes no later than "...), in.b)
	case vLt:
		return tile(append(tile(buf, in.a), " goes strictly before "...), in.b)
	case vGone:
		return strconv.AppendInt(append(tile(buf, in.a), " is gone after step "...), int64(in.k), 10)
	}
	return fmt.Appendf(buf, "variable %d", v)
}
