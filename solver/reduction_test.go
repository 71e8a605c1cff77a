package solver

import (
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/reduce"
)

// reduced returns de Bondt's Theorem 3 board of f, built by package reduce.
func reduced(t testing.TB, f *cnf.Formula, name string) *board.Board {
	t.Helper()
	b, _, err := reduce.Reduce(f, reduce.Options{Source: name})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// satlibBoard reads shared/cnf/satlib/<set>/<name>.cnf and returns its reduction.
func satlibBoard(t testing.TB, set, name string) *board.Board {
	t.Helper()
	f, err := cnf.ReadFile(shared.Path(t, "cnf", "satlib", set, name+".cnf"))
	if err != nil {
		t.Fatal(err)
	}
	return reduced(t, f, name)
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
