package reduce

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/shisen"
)

// randomStacks returns n stacks of Height tiles over groups of two and four, none
// with two pairs of touching tiles of one group (Embed refuses those); n is even, so
// that the tiles can pair up.
func randomStacks(r *rand.Rand, n int) [][]string {
	for {
		var tiles []string
		for g := 0; len(tiles) < n*Height; g++ {
			size := 2
			if r.IntN(2) == 0 && n*Height-len(tiles) >= 4 {
				size = 4
			}
			if n*Height-len(tiles) < size {
				size = n*Height - len(tiles)
			}
			for range size {
				tiles = append(tiles, fmt.Sprintf("g%d", g))
			}
		}
		r.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		stacks := make([][]string, n)
		ok := true
		for k := range stacks {
			stacks[k] = tiles[k*Height : (k+1)*Height]
			if stacks[k][0] == stacks[k][1] && stacks[k][1] == stacks[k][2] {
				ok = false
			}
		}
		if ok {
			return stacks
		}
	}
}

// stacksWinnable decides isolated stacks by trying every pair of tops of one group in
// every position: the Mahjong game that the layout must reproduce, written here with
// no idea of Shisen-Sho. It returns a winning play when there is one.
func stacksWinnable(stacks [][]string) ([][2]Slot, bool) {
	top := make([]int, len(stacks))
	failed := map[string]bool{}
	var play [][2]Slot
	var win func(left int) bool
	win = func(left int) bool {
		if left == 0 {
			return true
		}
		key := fmt.Sprint(top)
		if failed[key] {
			return false
		}
		for a := range stacks {
			for b := a + 1; b < len(stacks); b++ {
				if top[a] == Height || top[b] == Height || stacks[a][top[a]] != stacks[b][top[b]] {
					continue
				}
				play = append(play, [2]Slot{{a, top[a]}, {b, top[b]}})
				top[a]++
				top[b]++
				if win(left - 2) {
					return true
				}
				top[a]--
				top[b]--
				play = play[:len(play)-1]
			}
		}
		failed[key] = true
		return false
	}
	ok := win(len(stacks) * Height)
	return play, ok
}

// TestEmbedAgreesWithStacks checks the proof's lemma on hundreds of random stack
// sets: the embedded board is winnable exactly when the stacks are, the native
// solver's winning play, read back, is a winning play of the stacks, and a winning
// play of the stacks, laid out, replays on the board.
func TestEmbedAgreesWithStacks(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 3))
	counts := map[bool]int{}
	for trial := range 400 {
		stacks := randomStacks(r, 2+2*r.IntN(4))
		l, err := Embed(stacks)
		if err != nil {
			t.Fatal(err)
		}
		want, wantOK := stacksWinnable(stacks)
		res, err := shisen.Solve(context.Background(), l.Board)
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Status == board.Solvable; got != wantOK || res.Status == board.Unknown {
			t.Fatalf("trial %d, stacks %v: the board is %v, the stacks winnable: %v", trial, stacks, res.Status, wantOK)
		}
		counts[wantOK]++
		if !wantOK {
			continue
		}
		if err := l.Board.Replay(l.Play(want), true); err != nil {
			t.Fatalf("trial %d, stacks %v: the stacks' play laid out: %v", trial, stacks, err)
		}
		got, err := l.Stacks(res.Moves)
		if err != nil {
			t.Fatal(err)
		}
		if err := replayStacks(stacks, got); err != nil {
			t.Fatalf("trial %d, stacks %v: the solver's play read back: %v", trial, stacks, err)
		}
	}
	if counts[true] < 40 || counts[false] < 40 {
		t.Fatalf("too few of one verdict: %v", counts)
	}
}

// replayStacks checks that moves clear the stacks, each a pair of tops of one group.
func replayStacks(stacks [][]string, moves [][2]Slot) error {
	top := make([]int, len(stacks))
	for n, mv := range moves {
		a, b := mv[0], mv[1]
		if a.K == b.K || top[a.K] != a.I || top[b.K] != b.I || stacks[a.K][a.I] != stacks[b.K][b.I] {
			return fmt.Errorf("move %d (%v) is not two tops of one group", n+1, mv)
		}
		top[a.K]++
		top[b.K]++
	}
	for k, t := range top {
		if t != Height {
			return fmt.Errorf("stack %d is not cleared", k)
		}
	}
	return nil
}

// TestEmbedRandomPlays plays random legal moves on embedded boards and checks the
// lemma itself at every move: a move that takes a stack tile takes two tops of one
// group. In half the games the player takes a layout tile whenever it can (walls and
// floors as early as they can go: the way to open a side path, if there were one).
func TestEmbedRandomPlays(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 4))
	for trial := range 1000 {
		eager := trial%2 == 1
		stacks := randomStacks(r, 2+2*r.IntN(4))
		l, err := Embed(stacks)
		if err != nil {
			t.Fatal(err)
		}
		b := l.Board.Clone()
		top := make([]int, len(stacks))
		for {
			moves := b.Moves()
			if len(moves) == 0 {
				break
			}
			if eager {
				var layout []shisen.Move
				for _, m := range moves {
					if _, ok := l.Slot(m[0]); !ok {
						layout = append(layout, m)
					}
				}
				if len(layout) > 0 {
					moves = layout
				}
			}
			m := moves[r.IntN(len(moves))]
			if s, ok := l.Slot(m[0]); ok {
				u, ok := l.Slot(m[1])
				if !ok || s.K == u.K || top[s.K] != s.I || top[u.K] != u.I {
					t.Fatalf("trial %d, stacks %v: move %v takes a stack tile that is not a top, or with a tile of another kind", trial, stacks, m)
				}
				top[s.K]++
				top[u.K]++
			} else if _, ok := l.Slot(m[1]); ok {
				t.Fatalf("trial %d: move %v pairs a layout tile with a stack tile", trial, m)
			}
			if err := b.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestEmbedRefuses(t *testing.T) {
	for _, stacks := range [][][]string{
		nil,
		{{"a", "a"}},
		{{"a", "a", "a"}, {"a", "b", "b"}},
		{{"wall:0:1", "b", "b"}, {"wall:0:1", "c", "c"}},
	} {
		if _, err := Embed(stacks); err == nil {
			t.Errorf("Embed(%v) = nil error, want a refusal", stacks)
		}
	}
}
