package fourteen

import (
	"context"
	"errors"
	"sort"

	"github.com/mjsat/mjsat/puzzles/internal/sat"
)

// Encoding is the CNF of a game. It does not index time by move: a model
// chooses a perfect matching of the cards into removable pairs, Pair, and
// a removal round for each card, in the order encoding Round[card][t] =
// "the card is gone by round t". Clauses: each card in exactly one pair;
// paired cards share their round; a card goes in a later round than the
// card above it. Pairs of the same round lie in four different columns
// and are all on top once the earlier rounds are done, so any order of
// them is a legal play, and rounds 0..cards/2-1 suffice.
type Encoding struct {
	Formula *sat.Formula
	Round   [][]sat.Lit // [card][t], cards numbered column by column, top first
	Pair    []sat.Lit
	pairs   [][2]int // the two cards of each Pair variable
	col     []int    // column of each card
}

// Encode builds the CNF of g.
func Encode(g Game) *Encoding {
	f := &sat.Formula{}
	e := &Encoding{Formula: f}
	var val []int
	var above []int // index of the card directly above, or -1
	for c := range g {
		for d, v := range g[c] {
			val = append(val, v)
			e.col = append(e.col, c)
			if d == 0 {
				above = append(above, -1)
			} else {
				above = append(above, len(val)-2)
			}
		}
	}
	n := len(val)
	rounds := max(n/2, 1)
	for range n {
		row := make([]sat.Lit, rounds)
		for t := range row {
			row[t] = f.NewVar()
		}
		e.Round = append(e.Round, row)
	}
	mine := make([][]sat.Lit, n)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if val[a]+val[b] == 14 && e.col[a] != e.col[b] {
				p := f.NewVar()
				e.Pair = append(e.Pair, p)
				e.pairs = append(e.pairs, [2]int{a, b})
				mine[a] = append(mine[a], p)
				mine[b] = append(mine[b], p)
				for t := 0; t < rounds; t++ {
					f.Add(p.Neg(), e.Round[a][t].Neg(), e.Round[b][t])
					f.Add(p.Neg(), e.Round[b][t].Neg(), e.Round[a][t])
				}
			}
		}
	}
	for a := 0; a < n; a++ {
		f.ExactlyOne(mine[a]...) // the empty clause if a has no partner
		r := e.Round[a]
		f.Add(r[rounds-1])
		for t := 0; t+1 < rounds; t++ {
			f.Implies(r[t], r[t+1])
		}
		if above[a] >= 0 {
			f.Add(r[0].Neg())
			for t := 1; t < rounds; t++ {
				f.Implies(r[t], e.Round[above[a]][t-1])
			}
		}
	}
	return e
}

// Decode turns a model into moves: pairs by round, then by columns.
func (e *Encoding) Decode(m sat.Model) []Move {
	round := func(a int) int {
		for t, l := range e.Round[a] {
			if m.True(l) {
				return t
			}
		}
		return len(e.Round[a])
	}
	type rp struct{ r, a, b int }
	var chosen []rp
	for i, p := range e.Pair {
		if m.True(p) {
			a, b := e.pairs[i][0], e.pairs[i][1]
			chosen = append(chosen, rp{round(a), e.col[a] + 1, e.col[b] + 1})
		}
	}
	sort.Slice(chosen, func(i, j int) bool {
		x, y := chosen[i], chosen[j]
		if x.r != y.r {
			return x.r < y.r
		}
		return x.a < y.a
	})
	out := make([]Move, len(chosen))
	for i, c := range chosen {
		out[i] = Move{min(c.a, c.b), max(c.a, c.b)}
	}
	return out
}

// SolveSAT decides g through [Encode] and gophersat.
func SolveSAT(ctx context.Context, g Game) ([]Move, bool, error) {
	if g.Cards() == 0 {
		return nil, true, nil
	}
	e := Encode(g)
	m, ok, err := e.Formula.Solve(ctx)
	if errors.Is(err, sat.ErrUnknown) {
		return nil, false, ErrUnknown
	}
	if err != nil || !ok {
		return nil, false, err
	}
	return e.Decode(m), true, nil
}
