package difficulty

import (
	"context"
	"testing"

	"github.com/mjsat/mjsat/board"
)

func stacks(t *testing.T, s string) *board.Board {
	t.Helper()
	b, err := board.ParseStacks([]byte(s), "t")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestMeasure(t *testing.T) {
	for _, c := range []struct {
		name, stacks                  string
		minChance, maxChance          float64
		firstMoves, winningFirstMoves int
	}{
		// Every game wins: each group's two tiles are free at once.
		{"easy", "a\na\nb\nb\n", 1, 1, 2, 2},
		// A trap: of the three a pairs free at the start, the two free singles leave
		// a on b and b on a, a blocked cycle; the other two win. Random play wins 2/3.
		{"trap", "a b\nb a\na\na\n", 0.58, 0.75, 3, 2},
		// A lost board: no random game wins and no first move keeps it winnable.
		{"lost", "a b\nb a\n", 0, 0, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := stacks(t, c.stacks)
			f, err := Measure(context.Background(), b, 400, 1, 0)
			if err != nil {
				t.Fatal(err)
			}
			if f.Games != 400 || f.Chance < c.minChance || f.Chance > c.maxChance || f.Lo > f.Chance || f.Hi < f.Chance {
				t.Fatalf("%+v", f)
			}
			if c.firstMoves > 0 && (f.FirstMoves != c.firstMoves || f.WinningFirst != c.winningFirstMoves) {
				t.Fatalf("first moves %+v", f)
			}
			again, _ := Measure(context.Background(), b, 400, 1, 0)
			if again != f {
				t.Fatalf("not deterministic: %+v %+v", f, again)
			}
		})
	}
}

// TestMeasureCountsWinningFirst checks the count of winning first moves, which the
// native solver decides, against a brute-force search of each position.
func TestMeasureCountsWinningFirst(t *testing.T) {
	b := stacks(t, "a b\nb c\nc a\nd e\ne d\nf\nf\n")
	f, err := Measure(context.Background(), b, 100, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := b.NewState()
	want := 0
	for _, m := range s.Moves() {
		u := s.Clone()
		u.Remove(m[0], m[1])
		if brute(u) {
			want++
		}
	}
	if f.FirstMoves != len(s.Moves()) || f.WinningFirst != want {
		t.Fatalf("first moves %d of %d winning, want %d of %d", f.WinningFirst, f.FirstMoves, want, len(s.Moves()))
	}
}

// brute decides a small position by trying every move.
func brute(s *board.State) bool {
	if s.Done() {
		return true
	}
	for _, m := range s.Moves() {
		u := s.Clone()
		u.Remove(m[0], m[1])
		if brute(u) {
			return true
		}
	}
	return false
}
