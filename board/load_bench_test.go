package board_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// BenchmarkLoadTurtle measures getting a turtle board: dealing the built-in layout
// (Normalize, shuffle, New), dealing it with a Dealer made once (shuffle; the
// relations are shared), and parsing the dealt board's JSON (ParseJSON + New).
func BenchmarkLoadTurtle(b *testing.B) {
	l := instances.Turtle()
	b.Run("deal", func(b *testing.B) {
		for i := range b.N {
			if _, err := board.Deal(l, uint64(i)); err != nil {
				b.Fatal(err)
			}
		}
	})
	dealer, err := board.NewDealer(l)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("dealer", func(b *testing.B) {
		for i := range b.N {
			dealer.Deal(uint64(i))
		}
	})
	d, _ := board.Deal(l, 7)
	var buf bytes.Buffer
	d.WriteJSON(&buf)
	b.Run("json", func(b *testing.B) {
		b.SetBytes(int64(buf.Len()))
		for range b.N {
			if _, err := board.ParseJSON(buf.Bytes(), "turtle.json"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// stacksText returns a stacks text of n tiles (n divisible by 4) in stacks of height 4,
// each group's four tiles at one level of four neighbouring stacks.
func stacksText(n int) []byte {
	var sb strings.Builder
	stacks := n / 4
	for s := range stacks {
		for h := range 4 {
			if h > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "g%d", (h*stacks+s)/4) // level h of stacks 4j..4j+3

		}
		sb.WriteByte('\n')
	}
	return []byte(sb.String())
}

// BenchmarkLoad10000Stacks parses a 10,000-tile stacks text and builds the board.
func BenchmarkLoad10000Stacks(b *testing.B) {
	text := stacksText(10000)
	if _, err := board.ParseStacks(text, "bench"); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for range b.N {
		if _, err := board.ParseStacks(text, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTurtleMoves lists the legal moves of a fresh turtle deal.
func BenchmarkTurtleMoves(b *testing.B) {
	d, _ := board.Deal(instances.Turtle(), 7)
	s := d.NewState()
	for range b.N {
		if len(s.Moves()) == 0 {
			b.Fatal("no moves")
		}
	}
}
