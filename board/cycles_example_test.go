package board_test

import (
	"fmt"

	"github.com/mjsat/mjsat/board"
)

func ExampleState_BlockedCycles() {
	// Three stacks where a lies on b, b on c and c on a, and four loose c tiles: with
	// four tiles left, c can still be played from the loose ones, so there is no cycle.
	b, _ := board.ParseStacks([]byte("a b\nb c\nc a\nc\nc\n"), "example")
	s := b.NewState()
	cycles, err := s.BlockedCycles()
	fmt.Println(len(cycles), "blocked cycles", err)

	// After the loose c tiles go, a, b and c have two tiles each, stacked in a cycle.
	s.Remove(6, 7)
	cycles, _ = s.BlockedCycles()
	for _, c := range cycles {
		for i, g := range c.Groups {
			top, bottom := b.Tiles[c.Stacks[i][0]], b.Tiles[c.Stacks[i][1]]
			fmt.Printf("%s on %s (tile %d on tile %d)\n", b.GroupName(g), bottom.Group, top.ID, bottom.ID)
		}
	}

	// Definition 6 is about stacks of height 1 and 2 only.
	high, _ := board.ParseStacks([]byte("a b b\na\n"), "high")
	_, err = high.NewState().BlockedCycles()
	fmt.Println(err)
	// Output:
	// 0 blocked cycles <nil>
	// a on b (tile 0 on tile 1)
	// b on c (tile 2 on tile 3)
	// c on a (tile 4 on tile 5)
	// the stack at (0,0) has height 3
}
