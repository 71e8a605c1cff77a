package solver

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/testboards"
)

// refPairings lists the two pairs of each pairing of a group of four as member
// indices, written out from the table in compile.go rather than taken from
// pairBits, for the tests' own reference computations.
var refPairings = [3][2][2]int{{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}}

// randomGroups returns n group names (n even) in random order (see testboards.Groups).
func randomGroups(rng *rand.Rand, n int) []string { return testboards.Groups(rng, n) }

// randomStacks returns a board of isolated stacks of heights minH..maxH with about n
// tiles (n even).
func randomStacks(t testing.TB, rng *rand.Rand, n, minH, maxH int) *board.Board {
	var heights []int
	total := 0
	for total < n {
		h := minH + rng.IntN(maxH-minH+1)
		if total+h > n {
			h = n - total
		}
		heights = append(heights, h)
		total += h
	}
	names := randomGroups(rng, n)
	var sb strings.Builder
	k := 0
	for _, h := range heights {
		sb.WriteString(strings.Join(names[k:k+h], " "))
		sb.WriteByte('\n')
		k += h
	}
	b, err := board.ParseStacks([]byte(sb.String()), "random")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fragment takes the n positions nearest a random tile of pos and deals random groups.
func fragment(t testing.TB, rng *rand.Rand, pos []board.Pos, n int) *board.Board {
	c := pos[rng.IntN(len(pos))]
	idx := make([]int, len(pos))
	for i := range idx {
		idx[i] = i
	}
	dist := func(p board.Pos) int {
		dx, dy := p.X-c.X, p.Y-c.Y
		return dx*dx + dy*dy + rng.IntN(3)
	}
	d := make([]int, len(pos))
	for i, p := range pos {
		d[i] = dist(p)
	}
	// selection by distance
	for i := 0; i < n; i++ {
		m := i
		for j := i + 1; j < len(idx); j++ {
			if d[idx[j]] < d[idx[m]] {
				m = j
			}
		}
		idx[i], idx[m] = idx[m], idx[i]
	}
	names := randomGroups(rng, n)
	tiles := make([]board.Tile, n)
	for i := 0; i < n; i++ {
		p := pos[idx[i]]
		tiles[i] = board.Tile{ID: i, X: p.X, Y: p.Y, Z: p.Z, Group: names[i]}
	}
	b, err := board.New("fragment", tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// randomRows returns a one-level board of rows of 2 to 7 touching tiles with n tiles in
// all (n even), some groups laid out together, so that rows often end in closed runs
// (see closeEnds), as de Bondt's one-level rows do.
func randomRows(t testing.TB, rng *rand.Rand, n int) *board.Board {
	var blocks [][]string
	for g, left := 0, n; left > 0; g++ {
		size := 4
		if left == 2 || rng.IntN(4) == 0 {
			size = 2
		}
		left -= size
		name := fmt.Sprintf("g%d", g)
		together := rng.IntN(2) == 0
		var block []string
		for range size {
			if together {
				block = append(block, name)
			} else {
				blocks = append(blocks, []string{name})
			}
		}
		if together {
			blocks = append(blocks, block)
		}
	}
	rng.Shuffle(len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
	var names []string
	for _, bl := range blocks {
		names = append(names, bl...)
	}
	var rows []string
	for i := 0; i < len(names); {
		w := min(2+rng.IntN(6), len(names)-i)
		rows = append(rows, strings.Join(names[i:i+w], " "))
		i += w
	}
	return rowBoard(t, rows...)
}

// rowBoard builds one row of touching tiles per string of rows, named by their groups
// ("p q r c c c c"), the rows apart; a name ending in "^" has a tile of group "top"
// on it.
func rowBoard(t testing.TB, rows ...string) *board.Board {
	t.Helper()
	var tiles []board.Tile
	for y, row := range rows {
		for x, g := range strings.Fields(row) {
			top := strings.HasSuffix(g, "^") // a tile of group "top" on it
			g = strings.TrimSuffix(g, "^")
			tiles = append(tiles, board.Tile{ID: len(tiles), X: 2 * x, Y: 4 * y, Group: g})
			if top {
				tiles = append(tiles, board.Tile{ID: len(tiles), X: 2 * x, Y: 4 * y, Z: 1, Group: "top"})
			}
		}
	}
	b, err := board.New("rows", tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// reachable reports whether to can be reached from from by steps from a tile x to a
// tile of next(x), one or more: the tests' own transitive closures.
func reachable(next func(int) []int, from, to int) bool {
	seen := map[int]bool{}
	todo := []int{from}
	for len(todo) > 0 {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, y := range next(x) {
			if y == to {
				return true
			}
			if !seen[y] {
				seen[y] = true
				todo = append(todo, y)
			}
		}
	}
	return false
}
