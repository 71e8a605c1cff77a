package graphviz_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/graphviz"
	"github.com/mjsat/mjsat/reduce"
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

// The gadgets view of the reduction of the one-clause formula (v1), after the play
// has removed nothing: its comments, then one line per cluster.
func ExampleGadgets() {
	f, err := cnf.Read(strings.NewReader("p cnf 1 1\n1 0\n"), "v1.cnf")
	if err != nil {
		panic(err)
	}
	b, _, err := reduce.Reduce(f, reduce.Options{Source: "v1.cnf"})
	if err != nil {
		panic(err)
	}
	d, err := graphviz.Gadgets(b.NewState())
	if err != nil {
		panic(err)
	}
	for _, c := range d.Comments {
		fmt.Println(c)
	}
	for _, line := range strings.Split(string(d.Bytes()), "\n") {
		if strings.HasPrefix(line, "\t\tcolor=") { // a cluster's attributes
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// mjsat blockgraph, gadgets view of v1.cnf reduced
	// reduction of v1.cnf: n=1 variables, m=1 clauses; the board encodes 1 variables and 1 3-clauses
	// edge p -> q: a p tile lies directly on a q tile; labels name the key tiles; filled nodes: a move of that group is available
	// color="blue";label="x-chain";
	// color="darkgreen";label="y-chain";
	// color="purple";label="variable v1";
	// color="orangered";label="clause C1 = (v1 ∨ v1 ∨ v1)";
}

// Position and Draw: the groups view of a board of height-3 stacks after two moves of
// a play, when Definition 6 has come to apply.
func ExampleDraw() {
	b, err := board.ParseStacks([]byte("x1 x1 x2\nx2 x1 x1\nx2 x2 s\ns\n"), "h3")
	if err != nil {
		panic(err)
	}
	play := &board.Play{Solvable: true, Moves: [][2]int{{3, 6}, {0, 4}, {1, 5}, {2, 7}, {8, 9}}}
	s, err := graphviz.Position(b, play, 2)
	if err != nil {
		panic(err)
	}
	d, err := graphviz.Draw(s, graphviz.ViewGroups)
	if err != nil {
		panic(err)
	}
	for _, c := range d.Comments[3:] {
		fmt.Println(c)
	}
	// Output:
	// edge p -> q: in some stack a p tile lies directly on a q tile; filled: a move of that group is available
	// Definition 6 applies (stacks of height 1 and 2, groups of 2 or 4 tiles): 0 blocked cycles
	// Theorem 7: solvable (no blocked cycle)
}
