package reduce_test

import (
	"fmt"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/reduce"
)

// Reduce a formula, turn a model into a winning play, check it and map it back.
func Example() {
	f := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, -2, 1}, {-1, 2}}}
	b, m, err := reduce.Reduce(f, reduce.Options{Source: "example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(m.Stacks), "stacks,", b.N(), "tiles")
	play, err := m.PlayFromAssignment([]bool{false, true, true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("replay:", b.Replay(play))
	back, _ := m.AssignmentFromPlay(play)
	fmt.Println("assignment:", back[1:], "satisfies:", f.Eval(back))
	// Output:
	// 56 stacks, 168 tiles
	// replay: <nil>
	// assignment: [true true] satisfies: true
}
