package edgematch

import (
	"context"
	"errors"

	"github.com/mjsat/mjsat/puzzles/internal/sat"
)

// ErrUnknown is returned when the context ends before the SAT route decides.
var ErrUnknown = errors.New("edgematch: unknown (stopped before the solver decided)")

// Encode builds the CNF of p: a variable X[cell][card][rot] per choice,
// exactly one choice per cell, each card in exactly one cell, and for every
// two touching cells a binary clause per pair of choices whose sides do not
// match. Models correspond one to one to placements.
func (p *Puzzle) Encode() (*sat.Formula, [][][]sat.Lit, error) {
	if err := p.validate(); err != nil {
		return nil, nil, err
	}
	n, nr := len(p.Cards), p.rots()
	f := &sat.Formula{}
	x := make([][][]sat.Lit, n)
	for i := range x {
		x[i] = make([][]sat.Lit, n)
		for k := range x[i] {
			x[i][k] = make([]sat.Lit, nr)
			for r := range x[i][k] {
				x[i][k][r] = f.NewVar()
			}
		}
	}
	for i := 0; i < n; i++ {
		var cell []sat.Lit
		for k := 0; k < n; k++ {
			cell = append(cell, x[i][k]...)
		}
		f.ExactlyOne(cell...)
	}
	for k := 0; k < n; k++ {
		var card []sat.Lit
		for i := 0; i < n; i++ {
			card = append(card, x[i][k]...)
		}
		f.ExactlyOne(card...)
	}
	forbid := func(a, b, da, db int) {
		for ka := 0; ka < n; ka++ {
			for ra := 0; ra < nr; ra++ {
				sa := p.Cards[ka].Rotate(ra)[da]
				for kb := 0; kb < n; kb++ {
					if kb == ka {
						continue
					}
					for rb := 0; rb < nr; rb++ {
						if !sa.Matches(p.Cards[kb].Rotate(rb)[db]) {
							f.Add(x[a][ka][ra].Neg(), x[b][kb][rb].Neg())
						}
					}
				}
			}
		}
	}
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; c++ {
			i := r*p.Cols + c
			if c+1 < p.Cols {
				forbid(i, i+1, East, West)
			}
			if r+1 < p.Rows {
				forbid(i, i+p.Cols, South, North)
			}
		}
	}
	return f, x, nil
}

// SolveSAT returns every placement of p by enumerating the models of
// [Puzzle.Encode] (one blocking clause per model), sorted like [Puzzle.Solve].
func (p *Puzzle) SolveSAT(ctx context.Context) ([]Placement, error) {
	f, x, err := p.Encode()
	if err != nil {
		return nil, err
	}
	var all []sat.Lit
	for i := range x {
		for k := range x[i] {
			all = append(all, x[i][k]...)
		}
	}
	var out []Placement
	_, err = f.Enumerate(ctx, all, func(m sat.Model) bool {
		pl := make(Placement, len(x))
		for i := range x {
			for k := range x[i] {
				for r, l := range x[i][k] {
					if m.True(l) {
						pl[i] = Cell{k + 1, r}
					}
				}
			}
		}
		out = append(out, pl)
		return true
	})
	if errors.Is(err, sat.ErrUnknown) {
		return nil, ErrUnknown
	}
	if err != nil {
		return nil, err
	}
	sortPlacements(out)
	return out, nil
}

func sortPlacements(ps []Placement) {
	less := func(a, b Placement) bool {
		for i := range a {
			if a[i] != b[i] {
				if a[i].Card != b[i].Card {
					return a[i].Card < b[i].Card
				}
				return a[i].Rot < b[i].Rot
			}
		}
		return false
	}
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && less(ps[j], ps[j-1]); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}
