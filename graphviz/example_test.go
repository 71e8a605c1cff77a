package graphviz_test

import (
	"fmt"
	"os"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/graphviz"
)

// The groups view of two stacks that block each other: a blocked cycle of length 2.
func ExampleGroups() {
	b, err := board.ParseStacks([]byte("a b\nb a\n"), "two.stacks")
	if err != nil {
		panic(err)
	}
	d, err := graphviz.Groups(b.NewState())
	if err != nil {
		panic(err)
	}
	for _, c := range d.Comments {
		fmt.Println(c)
	}
	// Output:
	// mjsat blockgraph, groups view of two.stacks
	// 4 tiles in 2 groups on 2 stacks (2 of height 2)
	// edge p -> q: in some stack a p tile lies directly on a q tile; filled: a move of that group is available
	// Definition 6 applies (stacks of height 1 and 2, groups of 2 or 4 tiles): 1 blocked cycle
	// blocked cycle 1, k=2: a on b (tile 0 on 1 at (0,0)), b on a (tile 2 on 3 at (4,0))
	// Theorem 7: unsolvable (a blocked cycle can never be cleared)
}

// The tiles view of a stack of two after nothing has been played, written as DOT.
func ExampleTiles() {
	b, err := board.ParseStacks([]byte("a a\n"), "one.stacks")
	if err != nil {
		panic(err)
	}
	graphviz.Tiles(b.NewState()).WriteTo(os.Stdout)
	// Output:
	// // mjsat blockgraph, tiles view of one.stacks
	// // 2 tiles remain on 2 levels; playable (filled): 1
	// // solid u -> v: u covers v and must go before it (1 edge; omitted when u covers a tile w that covers v)
	// // dashed u -- v: u is v's left neighbour (0 edges); a tile with neighbours on both sides is blocked
	// // playable tile ids: 0
	// digraph  {
	// 	subgraph s3 {
	// 		rank="same";
	// 		n4[label="1 a",shape="box",tooltip="tile 1, group a, at (0,0,0)"];
	//
	// 	}
	// 	subgraph s1 {
	// 		rank="same";
	// 		n2[fillcolor="palegreen",label="0 a",shape="box",style="filled",tooltip="tile 0, group a, at (0,0,1)"];
	//
	// 	}
	// 	label="one.stacks (tiles view)";labelloc="t";nodesep="0.15";
	// 	n2->n4;
	//
	// }
}
