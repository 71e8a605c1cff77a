package solver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// TestCloseEnds checks which sides closed row ends mark: a side is marked exactly
// when the tiles beyond it can be cleared only after the tile goes.
func TestCloseEnds(t *testing.T) {
	cases := []struct {
		rows   []string
		marked string // "id:L" or "id:R" for each marked side, by id, in order
	}{
		// Corollary 4's row: c's four tiles go only after r (tile 2).
		{[]string{"p q r c c c c", "t p q r t"}, "2:R"},
		// The same row mirrored.
		{[]string{"c c c c r q p", "t p q r t"}, "4:L"},
		// A pair at the end: the inner tile needs the other gone first.
		{[]string{"a b x x", "t a b t"}, "1:R"},
		// Pairs nested at the end, b b inside a … a: only the end tile is free.
		{[]string{"p a b b a", "t p t"}, "0:R"},
		// Two closed runs end at the same end: "x x", and "y y x x".
		{[]string{"a y y x x", "t a t"}, "0:R 2:R"},
		// A group with a tile outside the run: no closed end.
		{[]string{"p q c c c", "t c p q t"}, ""},
		// A closed run longer than maxRun is not looked for.
		{[]string{"p a b c d e e d c b a", "t p t"}, ""},
		{[]string{"p a b c d d c b a", "t p t"}, "0:R"},
		// A tile on the run changes nothing: the run still cannot start.
		{[]string{"p q r c c^ c c", "t p q r t top"}, "2:R"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.rows, "/"), func(t *testing.T) {
			b := rowBoard(t, tc.rows...)
			c, err := compile(b)
			if err != nil {
				t.Fatal(err)
			}
			var marked []string
			for u := 0; u < b.N(); u++ {
				var x [3]uint8
				for _, v := range b.Left(u) {
					if c.group[v] != c.group[u] {
						x[1]++
					}
				}
				for _, v := range b.Right(u) {
					if c.group[v] != c.group[u] {
						x[2]++
					}
				}
				if c.xCnt0[u][1] > x[1] {
					marked = append(marked, fmt.Sprintf("%d:L", b.Tiles[u].ID))
				}
				if c.xCnt0[u][2] > x[2] {
					marked = append(marked, fmt.Sprintf("%d:R", b.Tiles[u].ID))
				}
			}
			if got := strings.Join(marked, " "); got != tc.marked {
				t.Errorf("marked %q, want %q", got, tc.marked)
			}
			if c.directed != (tc.marked != "") {
				t.Errorf("directed %v with marks %q", c.directed, tc.marked)
			}
		})
	}
}

// TestFlatAsStacks checks that the solver sees Corollary 4's one-level rows as the
// stacks they replace: on the reductions of SATLIB formulas the search takes the same
// nodes and scans on both boards, and the random games find their plays at the same
// places. (Without closed ends and the scan's directed sides, the rows took three
// times the nodes.)
func TestFlatAsStacks(t *testing.T) {
	for i := 1; i <= 5; i++ {
		name := fmt.Sprintf("uf20-0%d", i)
		var st [2]Stats
		for j, flat := range []bool{false, true} {
			r := solveT(t, satlibBoard(t, "uf20-91", name, flat), Options{Seed: 1})
			if r.Status != board.Solvable {
				t.Fatalf("%s (flat %v): %v, SATLIB says satisfiable", name, flat, r.Status)
			}
			st[j] = r.Stats
		}
		if st[0].Nodes != st[1].Nodes || st[0].Scans != st[1].Scans || st[0].Playouts != st[1].Playouts {
			t.Errorf("%s: stacks took %d nodes, %d scans, %d games; rows %d, %d, %d", name,
				st[0].Nodes, st[0].Scans, st[0].Playouts, st[1].Nodes, st[1].Scans, st[1].Playouts)
		}
	}
}
