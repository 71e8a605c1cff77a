package solver

import (
	"path/filepath"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/reduce"
)

// reduced returns de Bondt's Theorem 3 board of f, built by package reduce, or with
// flat Corollary 4's one-level board.
func reduced(t testing.TB, f *cnf.Formula, name string, flat bool) *board.Board {
	t.Helper()
	b, _, err := reduce.Reduce(f, reduce.Options{Source: name, Flat: flat})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// randomSet returns the files of the random set name of testdata/random, in order
// (made by solver/internal/benchsets, run by go generate: name is n75-sat, n75-unsat, n100-sat or n100-unsat).
func randomSet(t testing.TB, name string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "random", name+"-*.cnf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("random set %q: no files", name)
	}
	return files
}

// satlibBoard reads shared/cnf/satlib/<set>/<name>.cnf and returns its reduction
// (see reduced).
func satlibBoard(t testing.TB, set, name string, flat bool) *board.Board {
	t.Helper()
	f, err := cnf.ReadFile(shared.Path(t, "cnf", "satlib", set, name+".cnf"))
	if err != nil {
		t.Fatal(err)
	}
	return reduced(t, f, name, flat)
}

// formula builds a cnf.Formula from DIMACS-style integer clauses.
func formula(nvars int, clauses [][]int) *cnf.Formula {
	f := &cnf.Formula{NumVars: nvars}
	for _, cl := range clauses {
		var c cnf.Clause
		for _, l := range cl {
			c = append(c, cnf.Lit(l))
		}
		f.Clauses = append(f.Clauses, c)
	}
	return f
}

// turtle deals the classic turtle uniformly at random with board.Deal.
func turtle(t testing.TB, seed uint64) *board.Board {
	t.Helper()
	b, err := board.Deal(instances.Turtle(), seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// compiledTurtle is turtle's deal compiled for the solver.
func compiledTurtle(t testing.TB, seed uint64) *compiled {
	t.Helper()
	c, err := compile(turtle(t, seed))
	if err != nil {
		t.Fatal(err)
	}
	return c
}
