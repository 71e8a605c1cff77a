package encode_test

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/shisen"
	"github.com/mjsat/mjsat/shisen/encode"
)

// A board's formula, solved in-process, gives back a winning play.
func Example() {
	b, err := shisen.New([][]string{
		{"a", "b", "b", "a"},
		{"c", "d", "d", "c"},
	}, false)
	if err != nil {
		panic(err)
	}
	e, err := encode.Encode(b)
	if err != nil {
		panic(err)
	}
	res, err := sat.Solve(context.Background(), e.Formula())
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status)
	moves, err := e.Decode(res.Model)
	fmt.Println(len(moves), "moves, replayed:", err == nil)
	// Output:
	// sat
	// 4 moves, replayed: true
}
