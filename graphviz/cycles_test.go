package graphviz

import (
	"fmt"
	"github.com/mjsat/mjsat/internal/reference"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// stacksBoard builds a board of isolated stacks from lines of group names, top first.
func stacksBoard(t *testing.T, text string) *board.Board {
	t.Helper()
	b, err := board.ParseStacks([]byte(strings.ReplaceAll(text, "/", "\n")), "test")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// cycleNames returns the blocked cycles of b's initial position as group names.
func cycleNames(t *testing.T, b *board.Board) []string {
	t.Helper()
	gg, err := newGroupGraph(b.NewState())
	if err != nil {
		t.Fatal(err)
	}
	cycles, _ := gg.blockedCycles()
	var out []string
	for _, c := range cycles {
		var names []string
		for _, g := range c {
			names = append(names, b.GroupName(g))
		}
		out = append(out, strings.Join(names, " "))
	}
	return out
}

func TestBlockedCycles(t *testing.T) {
	cases := []struct {
		name, stacks string
		want         []string
		reason       string
	}{
		{"k=1", "a a", []string{"a"}, "a stack of both tiles of a group"},
		{"k=2", "a b / b a", []string{"a b"}, ""},
		{"k=3 listed from its smallest group", "c a / b c / a b", []string{"c a b"}, "groups are numbered by first tile: c=0, a=1, b=2"},
		{"k=4", "a b / b c / c d / d a", []string{"a b c d"}, ""},
		{"two cycles", "a a / b c / c b", []string{"a", "b c"}, ""},
		{"four tiles break a cycle", "a b / b a / a / a", nil, "a has four tiles"},
		{"four tiles in a stack pair", "a a / a a", nil, "a k=1 cycle needs a group of two"},
		{"a chain is no cycle", "a b / b c / c / a", nil, "c's other tile is alone"},
		{"both tiles on top", "a b / a c / b / c", nil, "nothing lies on a"},
		{"single stacks", "a / a / b / b", nil, ""},
		{"cycle beside a broken one", "a b / b a / c d / d c / c / c", []string{"a b"}, "c has four tiles"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := cycleNames(t, stacksBoard(t, c.stacks))
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: got %q, want %q (%s)", c.stacks, got, c.want, c.reason)
			}
		})
	}
}

// randomStacks returns a random board of isolated stacks of heights 1 and 2 whose
// groups have 2 or 4 tiles, at most maxTiles in all.
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

// TestTheorem7 checks the blocked-cycle test against exhaustive search on random boards
// of isolated stacks of heights 1 and 2 with groups of 2 and 4 tiles: by de Bondt's
// Theorem 7 a board is solvable exactly when it has no blocked cycle. Every cycle found
// is also checked against Definition 6 directly.
func TestTheorem7(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 6))
	n := 3000
	if testing.Short() {
		n = 300
	}
	yes, no := 0, 0
	for range n {
		b := randomStacks(r, 4+2*r.IntN(6))
		s := b.NewState()
		gg, err := newGroupGraph(s)
		if err != nil {
			t.Fatal(err)
		}
		if why := gg.definition6(); why != "" {
			t.Fatalf("random board outside Definition 6: %s", why)
		}
		cycles, via := gg.blockedCycles()
		checkDefinition6(t, b, gg, cycles, via)
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
	t.Logf("%d solvable, %d unsolvable boards", yes, no)
	if yes < n/10 || no < n/10 {
		t.Errorf("random boards too one-sided to test anything: %d solvable, %d unsolvable", yes, no)
	}
}

// checkDefinition6 checks each cycle from the definition: distinct groups of two tiles,
// stack via[i] holding exactly a p_i tile on a p_{i+1} tile.
func checkDefinition6(t *testing.T, b *board.Board, gg *groupGraph, cycles, via [][]int) {
	t.Helper()
	for c, cyc := range cycles {
		seen := map[int]bool{}
		for i, p := range cyc {
			q := cyc[(i+1)%len(cyc)]
			st := gg.stacks[via[c][i]]
			if seen[p] || len(b.Members(p)) != 2 || len(st) != 2 || b.Group(st[0]) != p || b.Group(st[1]) != q {
				t.Fatalf("cycle %v is not a blocked cycle at step %d (stack %v)", cyc, i, st)
			}
			seen[p] = true
		}
	}
}
