// Package shisen is Shisen-Sho for mjsat: boards, deals, the rules, plays replayed
// move by move, and an exact solver with peeking.
//
// # The rules
//
// A board is a grid of W × H cells, each empty or holding a tile of a group; every
// group has an even number of tiles. Two tiles of one group can be removed together
// when a path joins them of at most three straight segments (at most two turns) that
// runs only through empty cells, horizontally and vertically; the path may leave the
// board through the ring of cells just outside it (KShisen's and the classic games'
// rule). With gravity (KShisen's option, on by default there), when a tile is removed
// the tiles above it in its column fall down one cell each; the bottom row is the
// last. A move that removes two tiles of one column removes the lower first.
//
// Coordinates count x from the left and y from the top, both from 0; the board's
// JSON lists its rows top first. A play names each move's two cells as they are just
// before that move.
package shisen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
)

// Format names of the interchange formats.
const (
	BoardFormat = board.ShisenBoardFormat
	PlayFormat  = board.ShisenPlayFormat
)

// Bounds on a board: its width and height, its cells, and its groups (a cell holds
// a group's index in 16 bits). A deal of KShisen's largest size has 480 cells; the
// board that the 3-SAT reduction builds for SATLIB's uuf50-218 is 9,672 × 8 cells
// with 28,210 groups.
const (
	MaxSide   = 1 << 14
	MaxCells  = 1 << 18
	MaxGroups = 1<<15 - 1
)

// Board is a Shisen-Sho position: the cells, row by row, and the rule.
type Board struct {
	W, H    int
	Gravity bool
	cells   []int16 // cells[y*W+x]: a group index, or empty
	groups  []string
}

// empty is the content of an empty cell.
const empty = -1

// New returns the board of the given rows (top first; "" for an empty cell).
func New(rows [][]string, gravity bool) (*Board, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, errors.New("no cells")
	}
	h, w := len(rows), len(rows[0])
	if w > MaxSide || h > MaxSide || w*h > MaxCells {
		return nil, fmt.Errorf("%d × %d cells: more than %d a side or %d in all", w, h, MaxSide, MaxCells)
	}
	b := &Board{W: w, H: h, Gravity: gravity, cells: make([]int16, w*h)}
	index := map[string]int16{}
	count := map[string]int{}
	for y, row := range rows {
		if len(row) != w {
			return nil, fmt.Errorf("row %d has %d cells, row 0 has %d", y, len(row), w)
		}
		for x, g := range row {
			if g == "" {
				b.cells[y*w+x] = empty
				continue
			}
			k, ok := index[g]
			if !ok {
				if len(b.groups) == MaxGroups {
					return nil, fmt.Errorf("more than %d groups", MaxGroups)
				}
				k = int16(len(b.groups))
				index[g] = k
				b.groups = append(b.groups, g)
			}
			b.cells[y*w+x] = k
			count[g]++
		}
	}
	for _, g := range b.groups {
		if count[g]%2 != 0 {
			return nil, fmt.Errorf("group %q has %d tiles, an odd number", g, count[g])
		}
	}
	return b, nil
}

// Clone returns a copy of b.
func (b *Board) Clone() *Board {
	c := *b
	c.cells = slices.Clone(b.cells)
	return &c
}

// At returns the group of the tile at (x, y), or "" for an empty cell.
func (b *Board) At(x, y int) string {
	if g := b.cells[y*b.W+x]; g != empty {
		return b.groups[g]
	}
	return ""
}

// Tiles returns the number of tiles on the board.
func (b *Board) Tiles() int {
	n := 0
	for _, c := range b.cells {
		if c != empty {
			n++
		}
	}
	return n
}

// Rows returns the cells, row by row, top first ("" for an empty cell).
func (b *Board) Rows() [][]string {
	rows := make([][]string, b.H)
	for y := range rows {
		rows[y] = make([]string, b.W)
		for x := range rows[y] {
			rows[y][x] = b.At(x, y)
		}
	}
	return rows
}

// jsonBoard is the board's JSON.
type jsonBoard struct {
	Format  string     `json:"format"`
	Gravity bool       `json:"gravity"`
	Cells   [][]string `json:"cells"`
}

// WriteJSON writes b as a shisen-board/1 document, a row a line.
func (b *Board) WriteJSON(w io.Writer) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "{\n  \"format\": %q,\n  \"gravity\": %v,\n  \"cells\": [\n", BoardFormat, b.Gravity)
	for y, row := range b.Rows() {
		data, err := json.Marshal(row)
		if err != nil {
			return err
		}
		sb.WriteString("    ")
		sb.Write(data)
		if y < b.H-1 {
			sb.WriteByte(',')
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  ]\n}\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// IsBoard reports whether data is a shisen-board/1 document (by its format key), so
// that a command that reads boards of both games can tell them apart.
func IsBoard(data []byte) bool {
	return formatOf(data) == BoardFormat
}

// formatOf returns the format key of data when it is a JSON document that has one,
// else "".
func formatOf(data []byte) string {
	var probe struct {
		Format string `json:"format"`
	}
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(t) == 0 || t[0] != '{' || json.Unmarshal(data, &probe) != nil {
		return ""
	}
	return probe.Format
}

// named returns err, the error of reading data (the document name) as a document of
// format want, or, when data is another interchange document (the other game's, or a
// play for a board), the error that says what it is: a reader asks it only once it
// has failed, so that a document read as it should be is decoded no more times.
func named(data []byte, name, want string, err error) error {
	if w := board.WrongFormat(name, formatOf(data), want); w != nil {
		return w
	}
	return err
}

// Parse reads a shisen-board/1 document; name is used in errors.
func Parse(data []byte, name string) (*Board, error) {
	data = board.TrimBOM(data)
	if len(data) > board.MaxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, board.MaxFileSize)
	}
	if err := board.CheckJSON(data, name, jsonBoard{}); err != nil {
		return nil, named(data, name, BoardFormat, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var j jsonBoard
	if err := dec.Decode(&j); err != nil {
		return nil, named(data, name, BoardFormat, fmt.Errorf("%s: %v", name, err))
	}
	if err := board.WrongFormat(name, j.Format, BoardFormat); err != nil {
		return nil, err
	}
	if j.Format != BoardFormat {
		return nil, fmt.Errorf("%s: format %q is not %q", name, j.Format, BoardFormat)
	}
	b, err := New(j.Cells, j.Gravity)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

// Deal fills a board of w × h cells (a multiple of 4) with groups of four tiles,
// uniformly at random: the labels 0,0,0,0,1,1,1,1,... shuffled by Fisher–Yates with
// board's SplitMix64 generator seeded with seed, cell k (row by row) taking label k,
// named as Mahjong deals name their groups ([board.GroupName]). The same arguments
// give the same board.
func Deal(w, h int, gravity bool, seed uint64) (*Board, error) {
	return DealKinds(w, h, gravity, seed, 0)
}

// KShisenKinds is the number of tile kinds of KShisen's set, which it lays four at a
// time in reading order, starting again at the first kind after the last: on its
// three large sizes some kinds have eight or twelve tiles.
const KShisenKinds = 42

// DealKinds is [Deal] with at most kinds tile kinds (0: as many as the board needs):
// label k is (k/4) mod kinds, as KShisen fills its boards before it shuffles them,
// then the same shuffle. With kinds of at least w*h/4 it is Deal's board.
func DealKinds(w, h int, gravity bool, seed uint64, kinds int) (*Board, error) {
	if err := CheckDeal(w, h, kinds); err != nil {
		return nil, err
	}
	labels := make([]int, w*h)
	for k := range labels {
		labels[k] = k / 4
		if kinds > 0 {
			labels[k] %= kinds
		}
	}
	r := board.NewRand(seed)
	r.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	rows := make([][]string, h)
	for y := range rows {
		rows[y] = make([]string, w)
		for x := range rows[y] {
			rows[y][x] = board.GroupName(labels[y*w+x])
		}
	}
	return New(rows, gravity)
}

// CheckDeal returns why [DealKinds] deals no board of w × h cells with kinds, or nil:
// the size and kinds checked once, before any deal, by the commands that deal many.
func CheckDeal(w, h, kinds int) error {
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide || w*h > MaxCells || w*h%4 != 0 {
		return fmt.Errorf("a deal of %d × %d cells: want sides of 1 to %d, at most %d cells and a multiple of 4", w, h, MaxSide, MaxCells)
	}
	if kinds < 0 {
		return fmt.Errorf("%d tile kinds: want 0 (groups of four) or more", kinds)
	}
	groups := w * h / 4
	if kinds > 0 {
		groups = min(groups, kinds)
	}
	if groups > MaxGroups {
		return fmt.Errorf("a deal of %d × %d cells: %d groups, more than %d", w, h, groups, MaxGroups)
	}
	return nil
}

// ParseSize reads "WxH".
func ParseSize(s string) (w, h int, err error) {
	if _, err := fmt.Sscanf(s, "%dx%d", &w, &h); err != nil || fmt.Sprintf("%dx%d", w, h) != s {
		return 0, 0, fmt.Errorf("size %q: want WxH, such as 18x8", s)
	}
	return w, h, nil
}
