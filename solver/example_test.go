package solver_test

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/solver"
)

func ExampleSolve() {
	// Four isolated stacks, top tile first. The two a-tiles on the first stack cannot
	// pair with each other, so each needs an a from elsewhere.
	b, _ := board.ParseStacks([]byte("a a b\nb c c\na b c\nc a b\n"), "example")
	res, err := solver.Solve(context.Background(), b, solver.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, len(res.Moves), "moves")
	// Output: solvable 6 moves
}
