package peg_test

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/puzzles/peg"
)

// The seed's puzzle: the triangle of side 5 with hole 5 empty.
func ExampleCount() {
	b, _ := peg.Triangle(5)
	start, _ := b.Start(5)
	c, _ := peg.Count(context.Background(), b, start, 0, nil)
	fmt.Println(c.Total, c.ByHole[13-1])
	// Output: 1550 1550
}

func ExampleSolve() {
	b, _ := peg.Triangle(5)
	start, _ := b.Start(5)
	jumps, ok, _ := peg.Solve(context.Background(), b, start, 0)
	fmt.Println(ok, len(jumps), jumps[0])
	// Output: true 13 12-5 (over 8)
}

func ExampleSolveSAT() {
	b, _ := peg.Triangle(5)
	start, _ := b.Start(5)
	_, ok, _ := peg.SolveSAT(context.Background(), b, start, 5)
	fmt.Println(ok)
	// Output: false
}
