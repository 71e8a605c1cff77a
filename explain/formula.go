package explain

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/plural"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
)

// FormulaReason maps the loss of a board made by package reduce back to its formula:
// the clauses and variables whose gadgets a group core holds, and a minimal
// unsatisfiable core of the formula whose gadgets alone, on the board, are checked
// to be lost.
type FormulaReason struct {
	// CoreClauses and CoreVars are the clauses (1-based, of the 3-CNF the board was
	// built from) and variables whose gadgets hold a group of the group core.
	CoreClauses []int `json:"core_clauses"`
	CoreVars    []int `json:"core_vars"`
	// Clauses is a minimal unsatisfiable core of the 3-CNF (1-based clause numbers),
	// found by the SAT gateway; Input the input clauses they were made from; Vars
	// their variables.
	Clauses []int `json:"mus_clauses"`
	Input   []int `json:"mus_input_clauses"`
	Vars    []int `json:"mus_vars"`
	// Groups and Tiles count the board of the gadgets of Clauses and Vars and of the
	// construction's own groups (x, y, SAT, row fillers), every other tile taken away;
	// Verdict is the native solver's verdict on it: Unsolvable when those gadgets
	// alone are lost, as they must be.
	Groups  int           `json:"groups"`
	Tiles   int           `json:"tiles"`
	Verdict board.Verdict `json:"verdict"`
}

// Formula explains the loss of a reduced board b by its formula. core, when not nil,
// is a group core of b. It returns reduce.ErrNotReduced for a board without a
// reduction meta, sat.ErrSatisfiable when the formula is satisfiable (then b can be
// won), and ErrUnknown when a solve ran out of time.
func Formula(ctx context.Context, b *board.Board, core *Core, opt Options) (*FormulaReason, error) {
	m, err := reduce.ReadMeta(b)
	if err != nil {
		return nil, err
	}
	role := func(g int) reduce.Role { return m.Groups[b.GroupName(g)] }
	r := &FormulaReason{}
	if core != nil {
		for _, g := range core.Groups {
			ro := role(g)
			if ro.Clause > 0 {
				r.CoreClauses = append(r.CoreClauses, ro.Clause)
			}
			if ro.Var > 0 {
				r.CoreVars = append(r.CoreVars, ro.Var)
			}
		}
		r.CoreClauses, r.CoreVars = sortedSet(r.CoreClauses), sortedSet(r.CoreVars)
	}
	f := &cnf.Formula{NumVars: m.Vars}
	for _, c := range m.Clauses {
		f.Clauses = append(f.Clauses, cnf.Clause(c.Lits[:]))
	}
	mus, err := sat.MUS(ctx, f)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ErrUnknown
		}
		return nil, fmt.Errorf("formula core: %w", err)
	}
	clause := map[int]bool{}
	vars := map[int]bool{}
	for _, i := range mus {
		r.Clauses = append(r.Clauses, i+1)
		r.Input = append(r.Input, m.Clauses[i].From)
		clause[i+1] = true
		for _, l := range m.Clauses[i].Lits {
			vars[int(l.Var())] = true
		}
	}
	r.Input = sortedSet(r.Input)
	for v := range vars {
		r.Vars = append(r.Vars, v)
	}
	slices.Sort(r.Vars)
	keep := make([]bool, b.NumGroups())
	for g := range keep {
		ro := role(g)
		switch {
		case ro.Clause > 0:
			keep[g] = clause[ro.Clause]
		case ro.Var > 0:
			keep[g] = vars[ro.Var]
		default:
			keep[g] = true // the construction's own groups
		}
		if keep[g] {
			r.Groups++
		}
	}
	sub, err := restrict(b, keep, "gadgets of a formula core")
	if err != nil {
		return nil, err
	}
	r.Tiles = sub.N()
	res, err := solve(ctx, sub, opt)
	if err != nil {
		return nil, err
	}
	r.Verdict = res.Status
	return r, nil
}

// String says the reason in words.
func (r *FormulaReason) String() string {
	var s strings.Builder
	if len(r.CoreClauses)+len(r.CoreVars) > 0 {
		fmt.Fprintf(&s, "The group core lies in the gadgets of clauses %s and variables %s of the 3-CNF.\n",
			list(r.CoreClauses), list(r.CoreVars))
	}
	fmt.Fprintf(&s, "A minimal unsatisfiable core of the formula: 3-CNF clauses %s (input clauses %s), variables %s.\n",
		list(r.Clauses), list(r.Input), list(r.Vars))
	what := "lost, as the proof says"
	if r.Verdict != board.Unsolvable {
		what = "not lost (" + r.Verdict.String() + "): the construction is at fault"
	}
	fmt.Fprintf(&s, "Their gadgets alone (%s, %s, the construction's own groups kept) are %s.\n",
		plural.N(r.Groups, "group"), plural.N(r.Tiles, "tile"), what)
	return s.String()
}

func sortedSet(xs []int) []int {
	slices.Sort(xs)
	return slices.Compact(xs)
}

func list(xs []int) string {
	if len(xs) == 0 {
		return "(none)"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}
