package shisen

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mjsat/mjsat/board"
)

func TestSettled(t *testing.T) {
	for _, tc := range []struct {
		rows [][]string
		want bool
	}{
		{[][]string{{"a", "b"}, {"b", "a"}}, true},
		{[][]string{{"", "b"}, {"a", "b"}, {"a", ""}}, false},
		{[][]string{{"", ""}, {"a", ""}, {"a", "b"}}, false}, // b alone: still no gap
		{[][]string{{"a", ""}, {"", ""}, {"a", ""}}, false},
		{[][]string{{"", ""}, {"", "a"}, {"", "a"}}, true},
	} {
		b, err := New(tc.rows, true)
		if err != nil {
			if tc.want {
				t.Fatal(err)
			}
			continue // a board the format refuses (a group of one) settles nothing
		}
		if got := settled(b); got != tc.want {
			t.Errorf("settled(%v) = %v, want %v", tc.rows, got, tc.want)
		}
	}
}

// fall lets every tile of b fall as far as it can, as gravity would have: the board
// that results is settled.
func fall(b *Board) {
	for x := range b.W {
		y := b.H - 1
		for from := b.H - 1; from >= 0; from-- {
			if c := b.cells[from*b.W+x]; c != empty {
				b.cells[from*b.W+x] = empty
				b.cells[y*b.W+x] = c
				y--
			}
		}
	}
}

// TestSleepSetsAgainstExhaustive checks the search with gravity, with and without
// sleep sets, against the exhaustive search on small boards with gravity, settled
// (where moves sleep) and with gaps (where nothing may sleep), and checks that sleep
// sets spared nodes on some of them: else the test would not test them.
func TestSleepSetsAgainstExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	spared, boards := 0, 0
	for b := range smallBoards(t, rng, 3000, 3, 5, 24, gravityAlways) {
		if rng.IntN(3) > 0 {
			fall(b)
		}
		want, _, err := Exhaustive(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		var nodes [2]int64
		for i, sleep := range []bool{false, true} {
			s := newSearch(context.Background())
			s.settled = sleep && settled(b)
			got := board.Unsolvable
			if s.gravity(b.Clone(), nil, false) {
				got = board.Solvable
				if err := b.Replay(s.path, true); err != nil {
					t.Fatal(err)
				}
			}
			if got != want {
				var buf bytes.Buffer
				b.WriteJSON(&buf)
				t.Fatalf("sleep sets %v: the search says %v, the exhaustive search %v\n%s", sleep, got, want, buf.String())
			}
			nodes[i] = s.nodes
		}
		boards++
		if nodes[1] < nodes[0] {
			spared++
		}
	}
	t.Logf("sleep sets spared nodes on %d of %d boards", spared, boards)
	if spared < 20 {
		t.Fatalf("sleep sets spared nodes on only %d of %d boards", spared, boards)
	}
}

// after returns where the tile of cell c lies once the move n is played on a settled
// board: one cell lower for each of n's tiles below it in its column.
func after(c Cell, n Move) Cell {
	for _, p := range n {
		if p.X == c.X && p.Y > c.Y {
			c.Y++
		}
	}
	return c
}

// TestCommuteByPlay holds what sleep sets assume of two moves to play itself, on
// positions of random settled boards: two moves of different tiles that commute says
// commute can each be played after the other, to the same board.
func TestCommuteByPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	pairs := 0
	for range 400 {
		b := settledBoard(t, rng, 3)
		for b != nil && b.Tiles() > 0 {
			moves := b.Moves()
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				for _, n := range moves {
					if m[0] == n[0] || m[0] == n[1] || m[1] == n[0] || m[1] == n[1] || !commute(m, n) {
						continue
					}
					pairs++
					mn, nm := b.Clone(), b.Clone()
					mn.remove(m)
					nm.remove(n)
					if err := mn.Play(Move{after(n[0], m), after(n[1], m)}); err != nil {
						t.Fatalf("%v and %v commute, yet after the first: %v", m, n, err)
					}
					if err := nm.Play(Move{after(m[0], n), after(m[1], n)}); err != nil {
						t.Fatalf("%v and %v commute, yet after the second: %v", m, n, err)
					}
					if key(mn) != key(nm) {
						t.Fatalf("%v and %v commute, yet the two orders differ", m, n)
					}
				}
			}
			b.remove(moves[rng.IntN(len(moves))])
		}
	}
	if pairs < 1000 {
		t.Fatalf("only %d pairs of moves commute", pairs)
	}
}
