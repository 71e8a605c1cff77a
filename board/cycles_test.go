package board_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/reference"
)

// describe returns the blocked cycles of s as "a b c (0/1 2/3 4/5)": the group names,
// then the ids of each step's stack, top/bottom.
func describe(s *board.State) ([]string, error) {
	cycles, err := s.BlockedCycles()
	if err != nil {
		return nil, err
	}
	b := s.Board()
	var out []string
	for _, c := range cycles {
		var names, steps []string
		for i, g := range c.Groups {
			names = append(names, b.GroupName(g))
			steps = append(steps, fmt.Sprintf("%d/%d", b.Tiles[c.Stacks[i][0]].ID, b.Tiles[c.Stacks[i][1]].ID))
		}
		out = append(out, strings.Join(names, " ")+" ("+strings.Join(steps, " ")+")")
	}
	return out, nil
}

func TestBlockedCycles(t *testing.T) {
	cases := []struct {
		name, stacks string // stacks: lines of group names, top first, "/" between lines
		moves        [][2]int
		want         []string
		err          string // error substring when Definition 6 does not apply
		reason       string
	}{
		{name: "k=1", stacks: "a a / b / b", want: []string{"a (0/1)"}, reason: "a stack of both tiles of a group"},
		{name: "k=2", stacks: "a b / b a", want: []string{"a b (0/1 2/3)"}},
		{name: "k=3 listed from its smallest group", stacks: "c a / b c / a b", want: []string{"c a b (0/1 4/5 2/3)"},
			reason: "groups are numbered by first tile: c=0, a=1, b=2; c on a on b on c"},
		{name: "k=4", stacks: "a b / b c / c d / d a", want: []string{"a b c d (0/1 2/3 4/5 6/7)"}},
		{name: "k=4 in another stack order", stacks: "d a / b c / a b / c d", want: []string{"d a b c (0/1 4/5 2/3 6/7)"}},
		{name: "two cycles", stacks: "a a / b c / c b", want: []string{"a (0/1)", "b c (2/3 4/5)"}},
		{name: "four tiles break a cycle", stacks: "a b / b a / a / a", reason: "a has four tiles"},
		{name: "four tiles in a stack pair", stacks: "a a / a a", reason: "a k=1 cycle needs a group of two"},
		{name: "a chain is no cycle", stacks: "a b / b c / c / a", reason: "c's other tile is alone"},
		{name: "both tiles on top", stacks: "a b / a c / b / c", reason: "nothing lies on a"},
		{name: "single stacks", stacks: "a / a / b / b"},
		{name: "cycle beside a broken one", stacks: "a b / b a / c d / d c / c / c", want: []string{"a b (0/1 2/3)"}, reason: "c has four tiles"},
		{name: "cleared", stacks: "a b / a b", moves: [][2]int{{0, 2}, {1, 3}}},

		{name: "a move leaves a group of two", stacks: "a b / b a / a / a", moves: [][2]int{{4, 5}}, want: []string{"a b (0/1 2/3)"},
			reason: "after the lone a tiles go, a has two tiles"},
		{name: "a move lowers a stack to two", stacks: "x a b / b a / x", moves: [][2]int{{0, 5}}, want: []string{"a b (1/2 3/4)"},
			reason: "the stack of height 3 loses its top"},
		{name: "a move closes a cycle", stacks: "a b / b c / c a / b / b / c / c", moves: [][2]int{{6, 7}, {8, 9}}, want: []string{"a b c (0/1 2/3 4/5)"}},

		{name: "height 3", stacks: "a a b / b", err: "the stack at (0,0) has height 3"},
		{name: "height 3 found after a move", stacks: "a / a / b c c / b", moves: [][2]int{{0, 1}}, err: "the stack at (8,0) has height 3"},
		{name: "group of six", stacks: "a / a / a / a / a / a", err: "group a has 6 tiles"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := board.ParseStacks([]byte(strings.ReplaceAll(c.stacks, "/", "\n")), c.name)
			if err != nil {
				t.Fatal(err)
			}
			s := b.NewState()
			if err := s.Apply(c.moves); err != nil {
				t.Fatal(err)
			}
			got, err := describe(s)
			switch {
			case c.err != "":
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("%s: got %q, error %v; want error %q", c.stacks, got, err, c.err)
				}
			case err != nil:
				t.Fatalf("%s: %v", c.stacks, err)
			case !reflect.DeepEqual(got, c.want):
				t.Errorf("%s after %v: got %q, want %q (%s)", c.stacks, c.moves, got, c.want, c.reason)
			}
		})
	}
}

func TestBlockedCyclesNotStacks(t *testing.T) {
	b, err := board.New("row", []board.Tile{{ID: 0, Group: "a"}, {ID: 1, X: 2, Group: "a"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cycles, err := b.NewState().BlockedCycles(); err == nil || !strings.Contains(err.Error(), "isolated stacks") {
		t.Fatalf("touching tiles: got %v, %v; want an error about isolated stacks", cycles, err)
	}
}

// randomStacks returns a random board of isolated stacks of heights 1 and 2 whose groups
// have 2 or 4 tiles, at most maxTiles in all.
func randomStacks(r *rand.Rand, maxTiles int) *board.Board {
	var labels []string
	for g := 0; ; g++ {
		size := 2 + 2*r.IntN(2)
		if len(labels)+size > maxTiles {
			break
		}
		for range size {
			labels = append(labels, fmt.Sprint("g", g))
		}
	}
	r.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	var tiles []board.Tile
	for k := 0; len(tiles) < len(labels); k++ {
		h := 1 + min(1, r.IntN(4)) // height 2 three times in four
		h = min(h, len(labels)-len(tiles))
		for z := h - 1; z >= 0; z-- {
			tiles = append(tiles, board.Tile{ID: len(tiles), X: 4 * k, Z: z, Group: labels[len(tiles)]})
		}
	}
	b, err := board.New("random", tiles, nil)
	if err != nil {
		panic(err)
	}
	return b
}

// TestTheorem7 checks BlockedCycles against exhaustive search on random positions of
// boards of isolated stacks of heights 1 and 2 with groups of 2 and 4 tiles (the initial
// position and one after a few random moves): by de Bondt's Theorem 7 a position can be
// cleared exactly when it has no blocked cycle. Every cycle found is also checked against
// Definition 6 directly.
func TestTheorem7(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 6))
	n := 3000
	if testing.Short() {
		n = 300
	}
	yes, no := 0, 0
	for i := range n {
		b := randomStacks(r, 4+2*r.IntN(6))
		s := b.NewState()
		if i%2 == 1 {
			for range r.IntN(3) {
				moves := s.Moves()
				if len(moves) == 0 {
					break
				}
				m := moves[r.IntN(len(moves))]
				if err := s.Remove(m[0], m[1]); err != nil {
					t.Fatal(err)
				}
			}
		}
		cycles, err := s.BlockedCycles()
		if err != nil {
			t.Fatalf("random position outside Definition 6: %v", err)
		}
		checkDefinition6(t, s, cycles)
		want := reference.SolvableFrom(s)
		if want == (len(cycles) > 0) {
			var text strings.Builder
			b.WriteStacks(&text)
			t.Fatalf("exhaustive search says solvable=%v, blocked cycles %v:\n%s", want, cycles, text.String())
		}
		if want {
			yes++
		} else {
			no++
		}
	}
	t.Logf("%d solvable, %d unsolvable positions", yes, no)
	if yes < n/10 || no < n/10 {
		t.Errorf("random positions too one-sided to test anything: %d solvable, %d unsolvable", yes, no)
	}
}

// checkDefinition6 checks each cycle from the definition: distinct groups with two tiles
// left, listed from the smallest, cycles in increasing order of it, and step i a stack
// with exactly two tiles left, a p_i tile directly on a p_{i+1} tile.
func checkDefinition6(t *testing.T, s *board.State, cycles []board.BlockedCycle) {
	t.Helper()
	b := s.Board()
	left := func(g int) int {
		n := 0
		for _, i := range b.Members(g) {
			if !s.Gone(i) {
				n++
			}
		}
		return n
	}
	present := func(tiles []int) bool {
		for _, i := range tiles {
			if !s.Gone(i) {
				return true
			}
		}
		return false
	}
	for c, cyc := range cycles {
		if c > 0 && cycles[c-1].Groups[0] >= cyc.Groups[0] {
			t.Fatalf("cycles out of order: %v", cycles)
		}
		if len(cyc.Stacks) != len(cyc.Groups) {
			t.Fatalf("cycle %v: %d stacks for %d groups", cyc.Groups, len(cyc.Stacks), len(cyc.Groups))
		}
		seen := map[int]bool{}
		for i, p := range cyc.Groups {
			q := cyc.Groups[(i+1)%len(cyc.Groups)]
			top, bot := cyc.Stacks[i][0], cyc.Stacks[i][1]
			tt, tb := b.Tiles[top], b.Tiles[bot]
			ok := !seen[p] && p >= cyc.Groups[0] && left(p) == 2 &&
				!s.Gone(top) && !s.Gone(bot) && b.Group(top) == p && b.Group(bot) == q &&
				tt.X == tb.X && tt.Y == tb.Y && tt.Z == tb.Z+1 &&
				!present(b.Above(top)) && !present(b.Below(bot))
			if !ok {
				t.Fatalf("cycle %v is not a blocked cycle at step %d (tiles %d on %d)", cyc.Groups, i, tt.ID, tb.ID)
			}
			seen[p] = true
		}
	}
}
