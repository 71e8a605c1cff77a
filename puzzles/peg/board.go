// Package peg solves peg solitaire on triangular boards and on the 33-hole
// English board, natively and through a SAT encoding.
//
// A [Board] is a set of holes with the straight lines of three holes along
// which a peg may jump over a neighbour into an empty hole. A [Position] is
// the set of holes holding a peg, as a bit mask (bit i is hole i+1). Holes
// are numbered from 1, row by row: on the triangle of side 5, hole 1 is the
// apex and 11..15 the bottom row; on the English board 1..3 is the top arm
// and 17 the centre.
//
// Native routes: [Solve] finds one jump sequence that leaves a single peg
// (depth-first search with a table of dead positions, reduced by the
// board's symmetries) and [Count] counts every such sequence (a forward
// dynamic programme over positions, one layer per jump, again reduced by
// symmetry). SAT routes: [Encode] builds a time-indexed CNF (one jump per
// step), [SolveSAT] solves it with gophersat and [CountSAT] enumerates its
// models. [Check] replays a sequence independently of both.
//
// The package is not a general board-game engine: boards are fixed shapes
// with at most 64 holes, and moves are single jumps (no multi-jump "moves").
package peg

import (
	"fmt"
	"strconv"
	"strings"
)

// Jump moves the peg in hole From over the peg in hole Over into the empty
// hole To, removing the peg in Over. Holes are numbered from 1.
type Jump struct {
	From, Over, To int
}

// String writes the jump as "From-To" with the jumped hole in brackets,
// e.g. "13-4 (over 8)".
func (j Jump) String() string {
	return fmt.Sprintf("%d-%d (over %d)", j.From, j.To, j.Over)
}

// Position is the set of occupied holes: bit i is set when hole i+1 holds
// a peg.
type Position uint64

// Has reports whether hole (numbered from 1) holds a peg.
func (p Position) Has(hole int) bool { return p>>(hole-1)&1 == 1 }

// Pegs returns the number of pegs.
func (p Position) Pegs() int {
	n := 0
	for q := p; q != 0; q &= q - 1 {
		n++
	}
	return n
}

type jump struct{ from, over, to int } // 0-based holes

// Board is a peg solitaire board: its holes, their grid coordinates, the
// legal jumps and the symmetries of the shape.
type Board struct {
	name     string
	row, col []int
	jumps    []jump
	syms     [][]int // permutations of 0-based holes, syms[0] = identity
	index    map[[2]int]int
	triangle bool
}

// Name returns the board's name as accepted by [ParseBoard].
func (b *Board) Name() string { return b.name }

// Holes returns the number of holes.
func (b *Board) Holes() int { return len(b.row) }

// Full returns the position with a peg in every hole.
func (b *Board) Full() Position { return Position(1)<<len(b.row) - 1 }

// Centre returns the hole that every symmetry of the board fixes, or 0 if
// there is none (triangles of side n ≢ 1 mod 3 have no centre hole).
func (b *Board) Centre() int {
	for h := range b.row {
		fixed := true
		for _, s := range b.syms {
			if s[h] != h {
				fixed = false
				break
			}
		}
		if fixed {
			return h + 1
		}
	}
	return 0
}

// Jumps returns every legal jump on the board, in a fixed order.
func (b *Board) Jumps() []Jump {
	out := make([]Jump, len(b.jumps))
	for i, j := range b.jumps {
		out[i] = Jump{j.from + 1, j.over + 1, j.to + 1}
	}
	return out
}

// Start returns the full board less the given holes (numbered from 1).
func (b *Board) Start(empty ...int) (Position, error) {
	p := b.Full()
	for _, h := range empty {
		if h < 1 || h > b.Holes() {
			return 0, fmt.Errorf("peg: hole %d is not on board %s (holes 1..%d)", h, b.name, b.Holes())
		}
		p &^= 1 << (h - 1)
	}
	return p, nil
}

func newBoard(name string, cells [][2]int, dirs [][2]int, triangle bool) *Board {
	b := &Board{name: name, index: map[[2]int]int{}, triangle: triangle}
	for i, c := range cells {
		b.row = append(b.row, c[0])
		b.col = append(b.col, c[1])
		b.index[c] = i
	}
	for i, c := range cells {
		for _, d := range dirs {
			o, ok1 := b.index[[2]int{c[0] + d[0], c[1] + d[1]}]
			t, ok2 := b.index[[2]int{c[0] + 2*d[0], c[1] + 2*d[1]}]
			if ok1 && ok2 {
				b.jumps = append(b.jumps, jump{i, o, t})
			}
		}
	}
	return b
}

// Triangle returns the triangular board of side n (n(n+1)/2 holes, 3 ≤ n ≤ 10)
// with jumps along its three directions.
func Triangle(n int) (*Board, error) {
	if n < 3 || n > 10 {
		return nil, fmt.Errorf("peg: triangle side %d out of range 3..10", n)
	}
	var cells [][2]int
	for r := 0; r < n; r++ {
		for c := 0; c <= r; c++ {
			cells = append(cells, [2]int{r, c})
		}
	}
	dirs := [][2]int{{0, 1}, {1, 0}, {1, 1}, {0, -1}, {-1, 0}, {-1, -1}}
	b := newBoard(fmt.Sprintf("triangle%d", n), cells, dirs, true)
	// Symmetries permute the barycentric coordinates (c, r-c, n-1-r).
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for _, pm := range perms {
		s := make([]int, len(cells))
		for i, c := range cells {
			bc := [3]int{c[1], c[0] - c[1], n - 1 - c[0]}
			nb := [3]int{bc[pm[0]], bc[pm[1]], bc[pm[2]]}
			s[i] = b.index[[2]int{n - 1 - nb[2], nb[0]}]
		}
		b.syms = append(b.syms, s)
	}
	return b, nil
}

// English returns the 33-hole English (cross-shaped) board with jumps
// along rows and columns.
func English() *Board {
	var cells [][2]int
	for r := 0; r < 7; r++ {
		for c := 0; c < 7; c++ {
			if (r >= 2 && r <= 4) || (c >= 2 && c <= 4) {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	dirs := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	b := newBoard("english", cells, dirs, false)
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return c, 6 - r },
		func(r, c int) (int, int) { return 6 - r, 6 - c },
		func(r, c int) (int, int) { return 6 - c, r },
		func(r, c int) (int, int) { return r, 6 - c },
		func(r, c int) (int, int) { return 6 - r, c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return 6 - c, 6 - r },
	}
	for _, f := range maps {
		s := make([]int, len(cells))
		for i, c := range cells {
			r2, c2 := f(c[0], c[1])
			s[i] = b.index[[2]int{r2, c2}]
		}
		b.syms = append(b.syms, s)
	}
	return b
}

// ParseBoard returns the board named "english" or "triangleN" (3 ≤ N ≤ 10).
func ParseBoard(name string) (*Board, error) {
	if name == "english" {
		return English(), nil
	}
	if rest, ok := strings.CutPrefix(name, "triangle"); ok {
		n, err := strconv.Atoi(rest)
		if err == nil {
			return Triangle(n)
		}
	}
	return nil, fmt.Errorf("peg: unknown board %q (want triangleN or english)", name)
}

// Format draws p with 'x' for a peg and 'o' for an empty hole, one line per
// row, in the seed's style (triangles centred, the English board as a cross).
func (b *Board) Format(p Position) string {
	rows, cols := 0, 0
	for i := range b.row {
		rows = max(rows, b.row[i]+1)
		cols = max(cols, b.col[i]+1)
	}
	var sb strings.Builder
	for r := 0; r < rows; r++ {
		var line []byte
		if b.triangle {
			line = append(line, strings.Repeat(" ", rows-1-r)...)
		}
		for c := 0; c < cols; c++ {
			h, ok := b.index[[2]int{r, c}]
			ch := byte(' ')
			if ok {
				ch = 'o'
				if p.Has(h + 1) {
					ch = 'x'
				}
			} else if b.triangle {
				continue
			}
			if c > 0 {
				line = append(line, ' ')
			}
			line = append(line, ch)
		}
		sb.WriteString(strings.TrimRight(string(line), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Check replays jumps from start, independently of the solvers, and
// returns an error naming the first illegal jump, or a final position that
// is not a single peg (in hole finish, when finish > 0).
func (b *Board) Check(start Position, jumps []Jump, finish int) error {
	legal := map[Jump]bool{}
	for _, j := range b.Jumps() {
		legal[j] = true
	}
	p := start
	for i, j := range jumps {
		if !legal[j] {
			return fmt.Errorf("jump %d (%v) is not a jump on board %s", i+1, j, b.name)
		}
		if !p.Has(j.From) || !p.Has(j.Over) || p.Has(j.To) {
			return fmt.Errorf("jump %d (%v) is illegal in position %b", i+1, j, p)
		}
		p &^= 1<<(j.From-1) | 1<<(j.Over-1)
		p |= 1 << (j.To - 1)
	}
	if p.Pegs() != 1 {
		return fmt.Errorf("%d pegs left after %d jumps, want 1", p.Pegs(), len(jumps))
	}
	if finish > 0 && !p.Has(finish) {
		return fmt.Errorf("last peg is not in hole %d", finish)
	}
	return nil
}
