package shisen

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Cell is a cell of the board: x from the left, y from the top.
type Cell struct{ X, Y int }

// Move removes the tiles of two cells, named as they are just before the move.
type Move [2]Cell

// open reports whether (x, y) holds no tile: an empty cell of the board, or a cell of
// the ring just outside it. Cells further out are not open.
func (b *Board) open(x, y int) bool {
	if x < -1 || y < -1 || x > b.W || y > b.H {
		return false
	}
	if x == -1 || y == -1 || x == b.W || y == b.H {
		return true
	}
	return b.cells[y*b.W+x] == empty
}

// clear reports whether every cell strictly between p and q, on one row or column,
// is open.
func (b *Board) clear(p, q Cell) bool {
	d := Cell{cmp.Compare(q.X, p.X), cmp.Compare(q.Y, p.Y)}
	n := abs(q.X-p.X) + abs(q.Y-p.Y) - 1
	return n <= 0 || b.run(p, d, n) == n
}

// run returns how many open cells follow p along d in a row, up to lim. It reads the
// board's cells in a plain loop, not cell by cell through open: the reduction's
// boards have channels thousands of cells long, and the paths' search walks them.
func (b *Board) run(p, d Cell, lim int) int {
	switch {
	case d.Y == 0 && (p.Y == -1 || p.Y == b.H): // along the ring's row: open to its end
		return min(lim, ringLeft(p.X, d.X, b.W))
	case d.X == 0 && (p.X == -1 || p.X == b.W):
		return min(lim, ringLeft(p.Y, d.Y, b.H))
	}
	x, y := p.X+d.X, p.Y+d.Y
	switch {
	case lim <= 0 || x < -1 || y < -1 || x > b.W || y > b.H:
		return 0
	case x == -1 || y == -1 || x == b.W || y == b.H: // across the ring: one cell
		return 1
	}
	var rest int // the board's cells from (x, y) on along d
	switch {
	case d.X > 0:
		rest = b.W - x
	case d.X < 0:
		rest = x + 1
	case d.Y > 0:
		rest = b.H - y
	default:
		rest = y + 1
	}
	n, i, step := 0, y*b.W+x, d.X+d.Y*b.W
	for n < rest && n < lim && b.cells[i] == empty {
		n++
		i += step
	}
	if n == rest && n < lim { // the ring past the edge
		n++
	}
	return n
}

// ringLeft returns how many cells follow v along a line of the ring in direction
// step (+1 or -1), the line's cells running from -1 to n.
func ringLeft(v, step, n int) int {
	if step > 0 {
		return max(0, n-v)
	}
	return max(0, v+1)
}

// Connected reports whether the tiles at a and t are joined by a path of at most
// three segments through open cells. It says nothing of their groups. It is Path's
// search without building the path: the solvers ask it at every node.
func (b *Board) Connected(a, t Cell) bool {
	_, _, ok := b.find(a, t)
	return ok
}

// Path returns a path of at most three segments through open cells that joins a and
// t, as its corners from a to t (two to four cells; the ring outside the board has
// x = -1 or W, y = -1 or H), or nil when there is none.
func (b *Board) Path(a, t Cell) []Cell {
	c, k, ok := b.find(a, t)
	switch {
	case !ok:
		return nil
	case c == a:
		return corners(a, k, t)
	}
	return append([]Cell{a}, corners(c, k, t)...)
}

// dirs are the four directions, in the order find tries them.
var dirs = [4]Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// runs are the open cells that follow a cell t in a row, each direction counted as
// far as it is first asked.
type runs struct {
	b   *Board
	t   Cell
	n   [4]int  // open cells counted so far along dirs[i]
	end [4]bool // the run along dirs[i] ends after n[i]
}

// reach returns how many open cells follow t along dirs[i], up to lim.
func (r *runs) reach(i, lim int) int {
	if n := r.n[i]; !r.end[i] && n < lim {
		d := dirs[i]
		m := r.b.run(Cell{r.t.X + n*d.X, r.t.Y + n*d.Y}, d, lim-n)
		r.n[i], r.end[i] = n+m, m < lim-n
	}
	return min(r.n[i], lim)
}

// has reports whether c, on t's row or column and not t, is one of the open cells
// that follow t in a row: then every cell from t to c but t is open.
func (r *runs) has(c Cell) bool {
	t := r.t
	for i, d := range dirs {
		n := (c.X-t.X)*d.X + (c.Y-t.Y)*d.Y
		if n > 0 && c == (Cell{t.X + n*d.X, t.Y + n*d.Y}) {
			return r.reach(i, n) == n
		}
	}
	return false
}

// find looks for a path from a to t: a straight first segment from a to c (c == a
// when there is none), then at most two segments from c through the corner k (k == c
// when they are one). ok is false when there is no path.
//
// The first segment's end c walks away from a along each of dirs in turn, nearest
// first. For each c it is enough to look at the corner off a's line, (c.X, t.Y) or
// (t.X, c.Y): had the corner on a's line joined, a's own look (oneTurnAt(a, t)) would
// have found it. That corner must be one of the open cells that follow t in a row
// (runs), so c need only go where a's run and t's meet along their axis, and t's runs
// are counted only as far as a's reaches: a board as wide as a reduction's costs the
// length of the runs a call, not its width times its height.
func (b *Board) find(a, t Cell) (c, k Cell, ok bool) {
	if a == t || !b.exits(a, t) || !b.exits(t, a) {
		return a, a, false
	}
	if k, ok := b.oneTurnAt(a, t); ok {
		return a, k, true
	}
	rt := runs{b: b, t: t}
	for _, d := range dirs {
		ra := b.run(a, d, b.W+b.H+2) // the open cells that follow a along d
		if ra == 0 {
			continue
		}
		// Coordinates along d's axis: a's and t's, and the runs of t on it (dirs'
		// indices towards lower and higher coordinates).
		at, tt, down, up, step := a.X, t.X, 1, 0, d.X
		if d.X == 0 {
			at, tt, down, up, step = a.Y, t.Y, 3, 2, d.Y
		}
		lo, hi := min(at+step, at+ra*step), max(at+step, at+ra*step)
		if lo < tt {
			lo = max(lo, tt-rt.reach(down, tt-lo))
		}
		if hi > tt {
			hi = min(hi, tt+rt.reach(up, hi-tt))
		}
		n, last := lo, hi // nearest a first
		if step < 0 {
			n, last = hi, lo
		}
		for ; (n-last)*step <= 0; n += step {
			c := Cell{n, a.Y}
			if d.X == 0 {
				c = Cell{a.X, n}
			}
			if c.X == t.X || c.Y == t.Y {
				if rt.has(c) {
					return c, c, true
				}
				continue
			}
			k := Cell{c.X, t.Y} // off a's row, in t's row's runs
			if d.X == 0 {
				k = Cell{t.X, c.Y} // off a's column, in t's column's runs
			}
			if b.clear(c, k) {
				return c, k, true
			}
		}
	}
	return a, a, false
}

// exits reports whether a path from p can leave it towards q: q is next to p, or a
// cell next to p is open. Most tiles of a full board are shut in, and this settles
// them in four looks.
func (b *Board) exits(p, q Cell) bool {
	return adjacent(p, q) || b.exposed(p)
}

// exposed reports whether some neighbour of c is open: always on the board's edge,
// which the ring borders, else when one of its four neighbours is empty.
func (b *Board) exposed(c Cell) bool {
	if c.X <= 0 || c.Y <= 0 || c.X >= b.W-1 || c.Y >= b.H-1 {
		return true
	}
	i := c.Y*b.W + c.X
	return b.cells[i-1] == empty || b.cells[i+1] == empty || b.cells[i-b.W] == empty || b.cells[i+b.W] == empty
}

// adjacent reports whether cells p and q share a side.
func adjacent(p, q Cell) bool {
	return abs(p.X-q.X)+abs(p.Y-q.Y) == 1
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// oneTurnAt reports whether c and t are joined by a path of at most two segments
// through open cells (c itself need not be open, nor t), with the corner it turns at
// (c itself when it does not turn).
func (b *Board) oneTurnAt(c, t Cell) (Cell, bool) {
	if c.X == t.X || c.Y == t.Y {
		return c, b.clear(c, t)
	}
	for _, k := range [2]Cell{{c.X, t.Y}, {t.X, c.Y}} {
		if b.open(k.X, k.Y) && b.clear(c, k) && b.clear(k, t) {
			return k, true
		}
	}
	return Cell{}, false
}

// corners returns c, k, t without k when it is c (no turn).
func corners(c, k, t Cell) []Cell {
	if k == c {
		return []Cell{c, t}
	}
	return []Cell{c, k, t}
}

// Check reports why m is not a legal move of b, or nil.
func (b *Board) Check(m Move) error {
	for _, c := range m {
		if c.X < 0 || c.Y < 0 || c.X >= b.W || c.Y >= b.H {
			return fmt.Errorf("cell (%d, %d) is off the board", c.X, c.Y)
		}
		if b.cells[c.Y*b.W+c.X] == empty {
			return fmt.Errorf("cell (%d, %d) is empty", c.X, c.Y)
		}
	}
	p, q := m[0], m[1]
	switch {
	case p == q:
		return fmt.Errorf("cell (%d, %d) paired with itself", p.X, p.Y)
	case b.cells[p.Y*b.W+p.X] != b.cells[q.Y*b.W+q.X]:
		return fmt.Errorf("cells (%d, %d) and (%d, %d) hold different groups", p.X, p.Y, q.X, q.Y)
	case !b.Connected(p, q):
		return fmt.Errorf("no path of three segments joins (%d, %d) and (%d, %d)", p.X, p.Y, q.X, q.Y)
	}
	return nil
}

// Play makes the move m, checked, on b.
func (b *Board) Play(m Move) error {
	if err := b.Check(m); err != nil {
		return err
	}
	b.remove(m)
	return nil
}

// remove takes the tiles of m away, the lower first, and lets the tiles above fall
// with gravity.
func (b *Board) remove(m Move) {
	p, q := m[0], m[1]
	if q.Y > p.Y {
		p, q = q, p
	}
	b.take(p)
	if b.Gravity && q.X == p.X && q.Y < p.Y {
		q.Y++ // it fell with the tiles above p
	}
	b.take(q)
}

// take empties cell c; with gravity the cells above it in its column fall one cell.
func (b *Board) take(c Cell) {
	if !b.Gravity {
		b.cells[c.Y*b.W+c.X] = empty
		return
	}
	for y := c.Y; y > 0; y-- {
		b.cells[y*b.W+c.X] = b.cells[(y-1)*b.W+c.X]
	}
	b.cells[c.X] = empty
}

// Moves returns the legal moves of b, group by group, each group's in reading order of
// their first cell, then second.
func (b *Board) Moves() []Move {
	return b.movesOf(members(b))
}

// movesOf returns the legal moves of b whose groups' cells are groups (members(b)), in
// the order of Moves.
func (b *Board) movesOf(groups [][]Cell) []Move {
	var out []Move
	var shut []bool // per member of the group at hand: no neighbour is open
	for _, cs := range groups {
		// Most tiles are shut in: asking once a tile, not once a pair, settles them.
		// The test is find's first (exits), with each tile's answer kept.
		shut = shut[:0]
		for _, p := range cs {
			shut = append(shut, !b.exposed(p))
		}
		for i, p := range cs {
			for j, q := range cs[i+1:] {
				if (shut[i] || shut[i+1+j]) && !adjacent(p, q) {
					continue
				}
				if b.Connected(p, q) {
					out = append(out, Move{p, q})
				}
			}
		}
	}
	return out
}

// Play is a shisen-play/1 document: the moves played, each naming its two cells as
// they are just before it, and optionally the board's verdict.
type Play struct {
	Format string `json:"format"`
	Status string `json:"status,omitempty"` // solvable (the moves clear the board), unsolvable, unknown
	Moves  []Move `json:"moves"`
}

// MarshalJSON writes a move as [[x1, y1], [x2, y2]].
func (m Move) MarshalJSON() ([]byte, error) {
	return json.Marshal([2][2]int{{m[0].X, m[0].Y}, {m[1].X, m[1].Y}})
}

// UnmarshalJSON reads a move written as [[x1, y1], [x2, y2]].
func (m *Move) UnmarshalJSON(data []byte) error {
	var v [][]int
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	if len(v) != 2 || len(v[0]) != 2 || len(v[1]) != 2 {
		return fmt.Errorf("a move is two cells [x, y], not %s", data)
	}
	*m = Move{{v[0][0], v[0][1]}, {v[1][0], v[1][1]}}
	return nil
}

// WriteJSON writes the play, a move a line.
func (p *Play) WriteJSON(w io.Writer) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "{\n  \"format\": %q,\n", PlayFormat)
	if p.Status != "" {
		fmt.Fprintf(&sb, "  \"status\": %q,\n", p.Status)
	}
	sb.WriteString("  \"moves\": [")
	for k, m := range p.Moves {
		if k > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "\n    [[%d, %d], [%d, %d]]", m[0].X, m[0].Y, m[1].X, m[1].Y)
	}
	if len(p.Moves) > 0 {
		sb.WriteString("\n  ")
	}
	sb.WriteString("]\n}\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// Apply plays the moves on b, each checked, and stops at the first that is not legal;
// the error names it.
func (b *Board) Apply(moves []Move) error {
	for k, m := range moves {
		if err := b.Play(m); err != nil {
			return fmt.Errorf("move %d: %w", k+1, err)
		}
	}
	return nil
}

// Replay plays the moves on a copy of b, each checked; when win is set the board must
// end empty. The error names the move.
func (b *Board) Replay(moves []Move, win bool) error {
	c := b.Clone()
	if err := c.Apply(moves); err != nil {
		return err
	}
	if win && c.Tiles() > 0 {
		return fmt.Errorf("after all %d moves %d tiles remain", len(moves), c.Tiles())
	}
	return nil
}
