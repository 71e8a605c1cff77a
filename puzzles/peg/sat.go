package peg

import (
	"context"
	"errors"

	"github.com/mjsat/mjsat/puzzles/internal/sat"
)

// Encoding is the time-indexed CNF of a peg solitaire problem: State[t][h]
// says hole h+1 holds a peg after t jumps, Move[t][j] says the t+1-th jump
// is [Board.Jumps]()[j]. Every step makes exactly one jump, so after
// Steps = pegs-1 steps exactly one peg is left, and the models correspond
// one to one to the jump sequences (the states follow from the moves).
type Encoding struct {
	Formula *sat.Formula
	Steps   int
	State   [][]sat.Lit
	Move    [][]sat.Lit
	board   *Board
}

// Encode builds the CNF for "from start, leave one peg (in hole finish
// when finish > 0)". Clauses: the start position as units; exactly one
// jump per step; each jump's preconditions (from and over full, to empty)
// and effects; frame axioms (a hole changes only through a jump that
// touches it in the matching way); and the finish hole as a unit.
//
// With canonical set, it also forbids two consecutive jumps on disjoint
// holes in decreasing [Board.Jumps] order. Such jumps commute, so every
// sequence can be reordered to obey this and solvability is unchanged, but
// the models no longer correspond to all sequences: use it to decide, not
// to count. It makes the proofs of unsolvability much shorter.
func Encode(b *Board, start Position, finish int, canonical bool) (*Encoding, error) {
	if err := b.validate(start, finish); err != nil {
		return nil, err
	}
	f := &sat.Formula{}
	e := &Encoding{Formula: f, Steps: start.Pegs() - 1, board: b}
	n := b.Holes()
	for t := 0; t <= e.Steps; t++ {
		row := make([]sat.Lit, n)
		for h := range row {
			row[h] = f.NewVar()
		}
		e.State = append(e.State, row)
	}
	for t := 0; t < e.Steps; t++ {
		row := make([]sat.Lit, len(b.jumps))
		for j := range row {
			row[j] = f.NewVar()
		}
		e.Move = append(e.Move, row)
	}
	for h := 0; h < n; h++ {
		if start>>h&1 == 1 {
			f.Add(e.State[0][h])
		} else {
			f.Add(e.State[0][h].Neg())
		}
	}
	// For each hole, the jumps that empty it and the jumps that fill it.
	empties := make([][]int, n)
	fills := make([][]int, n)
	for j, jp := range b.jumps {
		empties[jp.from] = append(empties[jp.from], j)
		empties[jp.over] = append(empties[jp.over], j)
		fills[jp.to] = append(fills[jp.to], j)
	}
	for t := 0; t < e.Steps; t++ {
		x, y, m := e.State[t], e.State[t+1], e.Move[t]
		f.ExactlyOne(m...)
		for j, jp := range b.jumps {
			f.Implies(m[j], x[jp.from])
			f.Implies(m[j], x[jp.over])
			f.Implies(m[j], x[jp.to].Neg())
			f.Implies(m[j], y[jp.from].Neg())
			f.Implies(m[j], y[jp.over].Neg())
			f.Implies(m[j], y[jp.to])
		}
		for h := 0; h < n; h++ {
			// x ∧ ¬y → some jump empties h.
			c := []sat.Lit{x[h].Neg(), y[h]}
			for _, j := range empties[h] {
				c = append(c, m[j])
			}
			f.Add(c...)
			// ¬x ∧ y → some jump fills h.
			c = []sat.Lit{x[h], y[h].Neg()}
			for _, j := range fills[h] {
				c = append(c, m[j])
			}
			f.Add(c...)
		}
	}
	if canonical {
		for j, a := range b.jumps {
			for k := 0; k < j; k++ {
				c := b.jumps[k]
				if disjoint(a, c) {
					for t := 0; t+1 < e.Steps; t++ {
						f.Add(e.Move[t][j].Neg(), e.Move[t+1][k].Neg())
					}
				}
			}
		}
	}
	if finish > 0 {
		f.Add(e.State[e.Steps][finish-1])
	}
	return e, nil
}

func disjoint(a, b jump) bool {
	for _, x := range [3]int{a.from, a.over, a.to} {
		for _, y := range [3]int{b.from, b.over, b.to} {
			if x == y {
				return false
			}
		}
	}
	return true
}

// Decode reads the jump sequence out of a model of e.Formula.
func (e *Encoding) Decode(m sat.Model) []Jump {
	out := make([]Jump, 0, e.Steps)
	for t := 0; t < e.Steps; t++ {
		for j, l := range e.Move[t] {
			if m.True(l) {
				jp := e.board.jumps[j]
				out = append(out, Jump{jp.from + 1, jp.over + 1, jp.to + 1})
				break
			}
		}
	}
	return out
}

func (e *Encoding) moves() []sat.Lit {
	var all []sat.Lit
	for _, row := range e.Move {
		all = append(all, row...)
	}
	return all
}

func satErr(err error) error {
	if errors.Is(err, sat.ErrUnknown) {
		return ErrUnknown
	}
	return err
}

// SolveSAT is [Solve] through [Encode] and gophersat.
func SolveSAT(ctx context.Context, b *Board, start Position, finish int) ([]Jump, bool, error) {
	e, err := Encode(b, start, finish, true)
	if err != nil {
		return nil, false, err
	}
	if e.Steps == 0 {
		return nil, finish == 0 || start.Has(finish), nil
	}
	m, ok, err := e.Formula.Solve(ctx)
	if err != nil || !ok {
		return nil, false, satErr(err)
	}
	return e.Decode(m), true, nil
}

// CountSAT is [Count] through [Encode] and model enumeration: one blocking
// clause over the move variables per model. It is practical only when the
// count is small (thousands, not billions).
func CountSAT(ctx context.Context, b *Board, start Position, finish int) (Counts, error) {
	e, err := Encode(b, start, finish, false)
	if err != nil {
		return Counts{}, err
	}
	res := Counts{ByHole: make([]uint64, b.Holes())}
	if e.Steps == 0 {
		h := startHole(start)
		if finish == 0 || finish == h {
			res.Total, res.ByHole[h-1] = 1, 1
		}
		return res, nil
	}
	last := e.State[e.Steps]
	_, err = e.Formula.Enumerate(ctx, e.moves(), func(m sat.Model) bool {
		for h, l := range last {
			if m.True(l) {
				res.ByHole[h]++
			}
		}
		res.Total++
		return true
	})
	if err != nil {
		return Counts{}, satErr(err)
	}
	return res, nil
}

func startHole(p Position) int {
	for h := 1; ; h++ {
		if p.Has(h) {
			return h
		}
	}
}
