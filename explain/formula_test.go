package explain

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
)

// TestFormula maps the loss of reduced boards back to their formulas and checks the
// answer independently: the core clauses are unsatisfiable by themselves (SAT), their
// gadgets' board is lost by the SAT route as well as the native solver, and every
// group of the group core lies in the gadgets it names or in the construction.
func TestFormula(t *testing.T) {
	ctx := context.Background()
	boards := map[string]*board.Board{}
	f, err := instances.ExampleFormula("unsat")
	if err != nil {
		t.Fatal(err)
	}
	if boards["example unsat"], _, err = reduce.Reduce(f, reduce.Options{}); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(23, 5))
	for len(boards) < 2 {
		if b := randomReduction(t, rng, 4, 24, sat.Unsat); b != nil {
			boards["random "+string(rune('a'+len(boards)))] = b
		}
	}
	for name, b := range boards {
		core, err := GroupCore(ctx, b, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := Formula(ctx, b, core, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Verdict != board.Unsolvable {
			t.Errorf("%s: the gadgets of the formula core are %v", name, r.Verdict)
		}
		m, err := reduce.ReadMeta(b)
		if err != nil {
			t.Fatal(err)
		}
		sub := &cnf.Formula{NumVars: m.Vars}
		for _, j := range r.Clauses {
			sub.Clauses = append(sub.Clauses, cnf.Clause(m.Clauses[j-1].Lits[:]))
		}
		if res, err := sat.Solve(ctx, sub); err != nil || res.Status != sat.Unsat {
			t.Errorf("%s: the core clauses %v are %v, %v", name, r.Clauses, res.Status, err)
		}
		clauses, vars := map[int]bool{}, map[int]bool{}
		for _, j := range r.CoreClauses {
			clauses[j] = true
		}
		for _, v := range r.CoreVars {
			vars[v] = true
		}
		for _, g := range core.Groups {
			ro := m.Groups[b.GroupName(g)]
			if ro.Clause > 0 && !clauses[ro.Clause] || ro.Var > 0 && !vars[ro.Var] {
				t.Errorf("%s: core group %s (%+v) not named", name, b.GroupName(g), ro)
			}
		}
		keep := map[string]bool{}
		for g := range b.NumGroups() {
			ro := m.Groups[b.GroupName(g)]
			keep[b.GroupName(g)] = ro.Clause == 0 && ro.Var == 0 ||
				ro.Clause > 0 && slices.Contains(r.Clauses, ro.Clause) || ro.Var > 0 && slices.Contains(r.Vars, ro.Var)
		}
		gad, err := b.Restrict("gadgets", func(i int) bool { return keep[b.GroupName(b.Group(i))] })
		if err != nil {
			t.Fatal(err)
		}
		if gad.N() != r.Tiles {
			t.Errorf("%s: %d tiles, the reason says %d", name, gad.N(), r.Tiles)
		}
		if v := satVerdict(t, gad); v != board.Unsolvable {
			t.Errorf("%s: SAT route on the gadgets' board: %v", name, v)
		}
	}
	// A deal is no reduction.
	if _, err := Formula(ctx, turtle(t, 1), nil, Options{}); !errors.Is(err, reduce.ErrNotReduced) {
		t.Errorf("turtle: %v, want ErrNotReduced", err)
	}
}

// randomReduction draws a random 3-CNF formula of n variables and m clauses and
// returns its reduction when gophersat gives the formula the answer want (nil when not).
func randomReduction(t *testing.T, rng *rand.Rand, n, m int, want sat.Status) *board.Board {
	t.Helper()
	f := cnf.Random(n, m, 3, rng)
	if r, err := sat.Solve(context.Background(), f); err != nil || r.Status != want {
		return nil
	}
	b, _, err := reduce.Reduce(f, reduce.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
