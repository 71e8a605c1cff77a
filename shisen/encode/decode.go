package encode

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/shisen"
)

// Board returns the board encoded.
func (e *Encoding) Board() *shisen.Board { return e.b }

// NumVars returns the number of variables.
func (e *Encoding) NumVars() int { return e.cb.NumVars() }

// NumClauses returns the number of clauses.
func (e *Encoding) NumClauses() int { return e.cb.NumClauses() }

// Formula returns the CNF. It shares the encoding's clauses: do not modify it.
func (e *Encoding) Formula() *cnf.Formula { return e.cb.Formula() }

// Describe says what variable v (1-based) means.
func (e *Encoding) Describe(v int) string { return e.names[v] }

// Decode turns a model of the encoding (indexed by variable, [0] unused, as
// [sat.Result] gives it) into a winning play, which it replays on the board before
// returning it; an error says why the model is not one of a winning play (a model
// of another formula, or a bug).
func (e *Encoding) Decode(model []bool) ([]shisen.Move, error) {
	if len(model) < e.NumVars()+1 {
		return nil, fmt.Errorf("a model of %d variables, the encoding has %d", len(model)-1, e.NumVars())
	}
	f := e.Formula()
	if bad := f.Unsatisfied(model[:e.NumVars()+1]); len(bad) > 0 {
		return nil, fmt.Errorf("not a model of this encoding: clause %d is false", bad[0]+1)
	}
	rank := func(t int) int {
		r := 0
		for k := range e.bits {
			if model[e.rankVar(t, k)] {
				r |= 1 << k
			}
		}
		return r
	}
	type move struct {
		rank int
		m    shisen.Move
	}
	var ms []move
	for _, p := range e.pairs {
		if p.v == 0 || model[p.v] {
			ms = append(ms, move{rank(p.i), shisen.Move{e.tiles[p.i], e.tiles[p.j]}})
		}
	}
	slices.SortStableFunc(ms, func(x, y move) int { return cmp.Compare(x.rank, y.rank) })
	moves := make([]shisen.Move, len(ms))
	for k, m := range ms {
		moves[k] = m.m
	}
	if err := e.b.Replay(moves, true); err != nil {
		return nil, fmt.Errorf("the model's play does not replay: %w", err)
	}
	return moves, nil
}

// WriteDIMACS writes the encoding in DIMACS, after comment lines that name the board
// and say what every variable means.
func (e *Encoding) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "c shisen-sho board %d × %d, %d tiles, no gravity\n", e.b.W, e.b.H, len(e.tiles))
	fmt.Fprintf(bw, "c %d variables, %d clauses; models are the winning plays (mjsat encode -decode)\n", e.NumVars(), e.NumClauses())
	for v := 1; v <= e.NumVars(); v++ {
		bw.WriteString("c v " + strconv.Itoa(v) + ": " + e.names[v] + "\n")
	}
	if err := e.Formula().Write(bw); err != nil {
		return err
	}
	return bw.Flush()
}
