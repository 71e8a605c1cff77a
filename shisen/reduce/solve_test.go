package reduce

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	mahjong "github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/shisen"
)

// TestNativeSolverDecides holds Shisen-Sho's own solver, on the boards of formulas of
// three variables (3,800 tiles and fewer), to the formulas' verdicts found by trying
// every assignment: two unsatisfiable formulas, the eight clauses of three variables
// and a random one of 13 clauses, and a satisfiable one, whose win must read back as
// a model. The scans' profiles and precedences (shisen/profile.go) decide these; the
// unsatisfiable ones stayed unknown for minutes without them.
func TestNativeSolverDecides(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a few seconds a board, many more under the race detector")
	}
	for _, src := range []string{
		"1 2 3 0 1 2 -3 0 1 -2 3 0 1 -2 -3 0 -1 2 3 0 -1 2 -3 0 -1 -2 3 0 -1 -2 -3 0",
		"-2 -1 -3 0 -2 1 -3 0 3 1 -2 0 1 3 2 0 -1 -2 3 0 1 2 3 0 -2 3 -1 0 2 1 3 0 -1 3 -2 0 -3 1 -2 0 -1 3 2 0 1 -3 2 0 -3 2 -1 0",
		benchFormulas[0],
	} {
		f, r, m := solveClauses(t, src, 2*time.Minute)
		want := board.Unsolvable
		if len(models(f)) > 0 {
			want = board.Solvable
		}
		if r.Status != want {
			t.Fatalf("%s: the solver says %v, the formula %v", src, r.Status, want)
		}
		if want == board.Solvable {
			if a, err := m.AssignmentFromPlay(r.Moves); err != nil || !f.Eval(a) {
				t.Fatalf("%s: the win reads back as %v, %v", src, a, err)
			}
		}
	}
}

// solveClauses reads src, the clauses of a formula of 3 variables in DIMACS, reduces
// it, and solves its board with Shisen-Sho's own solver within timeout.
func solveClauses(tb testing.TB, src string, timeout time.Duration) (*cnf.Formula, shisen.Result, *Map) {
	tb.Helper()
	f, err := cnf.Read(strings.NewReader("p cnf 3 "+strconv.Itoa(strings.Count(src, " 0"))+"\n"+src+"\n"), "test")
	if err != nil {
		tb.Fatal(err)
	}
	b, m, err := Reduce(f, mahjong.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	r, err := shisen.Solve(ctx, b)
	if err != nil {
		tb.Fatal(err)
	}
	return f, r, m
}
