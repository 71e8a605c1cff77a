package cnf_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/mjsat/mjsat/cnf"
)

func ExampleRead() {
	// A SATLIB-style file: odd header spacing, a clause spanning two
	// lines, and the "%" trailer, after which reading stops.
	const in = `c tiny example
p cnf 3  3 
 1 -2 0
2
3 0
-1 -3 0
%
0
`
	f, err := cnf.Read(strings.NewReader(in), "tiny.cnf")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.NumVars, "variables,", len(f.Clauses), "clauses:", f.Clauses)
	fmt.Println("comments:", f.Comments)
	fmt.Println("x1=1 x2=1 x3=0 satisfies:", f.Eval([]bool{false, true, true, false}))

	_, err = cnf.Read(strings.NewReader("p cnf 2 1\n1 3 0\n"), "bad.cnf")
	fmt.Println(err)
	// Output:
	// 3 variables, 3 clauses: [[1 -2] [2 3] [-1 -3]]
	// comments: [tiny example]
	// x1=1 x2=1 x3=0 satisfies: true
	// bad.cnf:2: literal 3 out of range: header declares 2 variables
}

func ExampleFormula_Write() {
	f := &cnf.Formula{
		NumVars:  3,
		Clauses:  []cnf.Clause{{1, -2}, {2, 3}, {-1, -3}},
		Comments: []string{"written by mjsat"},
	}
	if err := f.Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c written by mjsat
	// p cnf 3 3
	// 1 -2 0
	// 2 3 0
	// -1 -3 0
}

func ExampleReadModel() {
	f := &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {2, 3}, {-1, -3}}}
	out := "c solver chatter\ns SATISFIABLE\nv 1 2\nv -3 0\n"
	status, assign, err := cnf.ReadModel(strings.NewReader(out), "solver.out", f.NumVars)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(status, assign[1:], "certified:", f.Eval(assign))
	// Output:
	// SAT [true true false] certified: true
}

func ExampleBruteForce() {
	f := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {-1, 2}, {1, -2}}}
	sat, model, err := cnf.BruteForce(f)
	fmt.Println(sat, model[1:], err)
	f.Clauses = append(f.Clauses, cnf.Clause{-1, -2})
	sat, model, err = cnf.BruteForce(f)
	fmt.Println(sat, model, err)
	// Output:
	// true [true true] <nil>
	// false [] <nil>
}
