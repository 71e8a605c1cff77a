package board_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/mjsat/mjsat/board"
)

func ExampleReadLayout() {
	// A pyramid of five tiles in the Xmahjongg text format: row col lev.
	text := "# pyramid\n0 0 0\n0 2 0\n2 0 0\n2 2 0\n1 1 1\n"
	l, err := board.ReadLayout(strings.NewReader(text), "pyramid")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Name, l.Len(), "tiles, per level", l.Levels())

	_, err = board.ReadLayout(strings.NewReader("0 0 0\n1 1\n"), "broken")
	fmt.Println(err)
	// Output:
	// pyramid 5 tiles, per level [4 1]
	// broken:2: want three integers "row col lev", got "1 1"
}

func ExampleDeal() {
	// Two stacks of height 2, 4 half-tiles apart so that they do not touch.
	l := board.Layout{Name: "two", Pos: []board.Pos{{0, 0, 0}, {0, 0, 1}, {4, 0, 0}, {4, 0, 1}}}
	b, err := board.Deal(l, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	b.WriteStacks(os.Stdout)
	fmt.Printf("%s\n", b.Meta)
	// Output:
	// # two seed 7
	// pl pl
	// pl pl
	// {"layout":"two","seed":7}
}

func ExampleDealer() {
	// A row of eight tiles, dealt three times: the dealer relates the positions once.
	l := board.Layout{Name: "row"}
	for x := 0; x < 16; x += 2 {
		l.Pos = append(l.Pos, board.Pos{X: x})
	}
	d, err := board.NewDealer(l)
	if err != nil {
		fmt.Println(err)
		return
	}
	for seed := range uint64(3) {
		b := d.Deal(seed)
		var groups []string
		for _, t := range b.Tiles {
			groups = append(groups, t.Group)
		}
		fmt.Println(b.Name+":", strings.Join(groups, " "))
	}
	_, err = board.NewDealer(board.Layout{Name: "odd", Pos: l.Pos[:3]})
	fmt.Println(err)
	// Output:
	// row seed 0: pl ss pl pl ss ss pl ss
	// row seed 1: ss pl pl ss ss ss pl pl
	// row seed 2: ss pl ss ss pl pl pl ss
	// layout "odd" has 3 positions: a deal needs an even number
}

func ExampleRand_IntN() {
	r := board.NewRand(0)
	fmt.Printf("%#x\n", r.Uint64())              // SplitMix64's published first value for seed 0
	fmt.Println(r.IntN(6), r.IntN(6), r.IntN(6)) // the next three values mod 6
	// Output:
	// 0xe220a8397b1dcdaf
	// 0 1 4
}
