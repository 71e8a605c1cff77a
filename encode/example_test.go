package encode_test

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/sat"
)

// A board of two stacks: the b tiles wait for the a tiles.
func ExampleSolve() {
	b, _ := board.ParseStacks([]byte("a b\na b\n"), "two stacks")
	status, play, _, err := encode.Solve(context.Background(), b, sat.Gophersat{}, encode.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(status, play.Moves)
	// Output: solvable [[0 2] [1 3]]
}

// Encode gives the CNF; Describe says what each variable means.
func ExampleEncode() {
	b, _ := board.ParseStacks([]byte("a b\nb a\n"), "crossed")
	e, _ := encode.Encode(b, encode.Options{Method: encode.Rank})
	fmt.Println(e.NumVars(), "variables,", e.NumClauses(), "clauses")
	fmt.Println(e.Describe(1))
	// Output:
	// 4 variables, 8 clauses
	// rank of tile 0, bit 0
}

// Explain names the tiles that make a board unwinnable.
func ExampleExplain() {
	b, _ := board.ParseStacks([]byte("a b\nb c\nc a\n"), "cycle")
	core, err := encode.Explain(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(core.Tiles), "tiles in", len(core.Groups), "groups")
	// Output: 6 tiles in 3 groups
}
