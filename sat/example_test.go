package sat_test

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

func ExampleSolve() {
	f, err := cnf.Read(strings.NewReader("p cnf 3 3\n1 -2 0\n2 3 0\n-1 -3 0\n%\n0\n"), "tiny.cnf")
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := sat.Solve(ctx, f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, "model satisfies:", f.Eval(res.Model))

	f.Clauses = append(f.Clauses, cnf.Clause{1, 2}, cnf.Clause{1, -2}, cnf.Clause{-1, 3})
	res, _ = sat.Solve(ctx, f)
	fmt.Println(res.Status)
	// Output:
	// sat model satisfies: true
	// unsat
}

func ExampleLookup() {
	s, err := sat.Lookup("gophersat") // or "minisat", "cadical -q", a path...
	if err != nil {
		fmt.Println(err)
		return
	}
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}, {-1}}}
	res, err := s.Solve(context.Background(), f)
	fmt.Println(res.Status, err)
	// Output:
	// unsat <nil>
}
