package reduce

import (
	"fmt"
	"strings"

	"github.com/mjsat/mjsat/shisen"
)

// Layout constants: the rows of the board, top first.
const (
	rowFloor  = 0 // floors: the tile above each column
	rowTop    = 4 // a channel's cell next to the bus (depth 1); depth 4 is row 1
	rowSpare  = 6 // the spacers' partners, under each channel (row 5 is the bus)
	rowBottom = 7 // floors: the tile below each column
	height    = 8
	// Height is the height of the stacks that Embed takes: de Bondt's.
	Height = 3
	depth  = Height + 1 // a channel's cells: the stack and its spacer
)

// Slot names a tile of a stack: stack K, position I from the top (0).
type Slot struct{ K, I int }

// Layout is isolated stacks embedded in a Shisen-Sho board without gravity, as the
// package comment draws it.
type Layout struct {
	// Board is the Shisen-Sho board.
	Board *shisen.Board

	column  [][]shisen.Cell // column[k]: stack k's cells top first, spacer included
	slotAt  map[shisen.Cell]Slot
	cellOf  map[Slot]shisen.Cell
	spacer  []shisen.Cell // spacer[k]: stack k's spacer
	spare   []shisen.Cell // spare[k]: its partner, on the bus
	cleanup []shisen.Move // walls and floors, in an order that plays once the stacks are gone
}

// Embed lays out stacks, each a list of Height group names top first, on a Shisen-Sho
// board in which a stack tile can go exactly when it is the top of its stack (see
// docs/shisen.md, "The 3-SAT reduction"). A stack may hold at most one pair of
// touching tiles of one group: its spacer separates them. Names of the layout's own
// groups (spacer:…, wall:…, floor:…) are refused.
func Embed(stacks [][]string) (*Layout, error) {
	if len(stacks) == 0 {
		return nil, fmt.Errorf("no stacks")
	}
	w := 3 * len(stacks)
	rows := make([][]string, height)
	for y := range rows {
		rows[y] = make([]string, w)
	}
	l := &Layout{slotAt: map[shisen.Cell]Slot{}, cellOf: map[Slot]shisen.Cell{}}
	put := func(c shisen.Cell, g string) { rows[c.Y][c.X] = g }
	for k, st := range stacks {
		if len(st) != Height {
			return nil, fmt.Errorf("stack %d has %d tiles: want %d", k, len(st), Height)
		}
		// The spacer goes between the two touching tiles of one group, else below.
		at := Height
		for i := 0; i+1 < Height; i++ {
			if st[i] == st[i+1] {
				if at != Height {
					return nil, fmt.Errorf("stack %d (%v) has two pairs of touching tiles of one group", k, st)
				}
				at = i + 1
			}
		}
		x := 3*k + 1
		var col []shisen.Cell
		for i := range depth {
			c := shisen.Cell{X: x, Y: rowTop - i}
			col = append(col, c)
			switch {
			case i == at:
				put(c, fmt.Sprintf("spacer:%d", k))
				l.spacer = append(l.spacer, c)
				continue
			case i > at:
				i--
			}
			if ours(st[i]) {
				return nil, fmt.Errorf("stack %d: group %q is a name of the layout's own", k, st[i])
			}
			put(c, st[i])
			l.slotAt[c], l.cellOf[Slot{k, i}] = Slot{k, i}, c
		}
		l.column = append(l.column, col)
		spare := shisen.Cell{X: x, Y: rowSpare}
		put(spare, fmt.Sprintf("spacer:%d", k))
		l.spare = append(l.spare, spare)
		// Walls at depth d (row rowTop+1-d), left x-1 and right x+1, pair crosswise:
		// (left d, right d+1) and (right d, left d+1), for d = 1 and 3.
		for d := 1; d < depth; d += 2 {
			l1, r1 := shisen.Cell{X: x - 1, Y: rowTop + 1 - d}, shisen.Cell{X: x + 1, Y: rowTop + 1 - d}
			l2, r2 := shisen.Cell{X: x - 1, Y: rowTop - d}, shisen.Cell{X: x + 1, Y: rowTop - d}
			put(l1, fmt.Sprintf("wall:%d:%d", k, d))
			put(r2, fmt.Sprintf("wall:%d:%d", k, d))
			put(r1, fmt.Sprintf("wall:%d:%d", k, d+1))
			put(l2, fmt.Sprintf("wall:%d:%d", k, d+1))
			l.cleanup = append(l.cleanup, shisen.Move{l1, r2}, shisen.Move{r1, l2})
		}
	}
	// Row 0 and row 7 close each channel's three columns: the floor above the
	// channel pairs with the tile below it, straight down the emptied column; the
	// walls above the wall columns pair crosswise with the tiles below the opposite
	// wall columns, down an emptied wall column and along the bus. Pairs on one edge
	// would join through the ring around the board at once, so none is.
	for k := range stacks {
		x := 3*k + 1
		top := func(dx int) shisen.Cell { return shisen.Cell{X: x + dx, Y: rowFloor} }
		bottom := func(dx int) shisen.Cell { return shisen.Cell{X: x + dx, Y: rowBottom} }
		for i, p := range [][2]shisen.Cell{{top(-1), bottom(1)}, {top(1), bottom(-1)}, {top(0), bottom(0)}} {
			g := fmt.Sprintf("floor:%d:%d", k, i)
			put(p[0], g)
			put(p[1], g)
			l.cleanup = append(l.cleanup, shisen.Move(p))
		}
	}
	b, err := shisen.New(rows, false)
	if err != nil {
		return nil, fmt.Errorf("embedding %d stacks: %w", len(stacks), err)
	}
	l.Board = b
	return l, nil
}

// ours reports whether g has the form of one of the layout's own group names.
func ours(g string) bool {
	for _, p := range []string{"spacer:", "wall:", "floor:"} {
		if strings.HasPrefix(g, p) {
			return true
		}
	}
	return false
}

// Cell returns the cell of stack tile s.
func (l *Layout) Cell(s Slot) shisen.Cell { return l.cellOf[s] }

// Slot returns the stack tile at c, if c holds one.
func (l *Layout) Slot(c shisen.Cell) (Slot, bool) {
	s, ok := l.slotAt[c]
	return s, ok
}

// Play turns a play of the stacks (each move two stack tiles, each a top when it
// goes) into a winning play of the board: its moves, each spacer as soon as it is a
// top, then the walls and floors. It does not check the result: Board.Replay does.
func (l *Layout) Play(moves [][2]Slot) []shisen.Move {
	top := make([]int, len(l.column)) // index in column[k] of stack k's top
	var out []shisen.Move
	for _, mv := range moves {
		out = append(out, shisen.Move{l.Cell(mv[0]), l.Cell(mv[1])})
		for _, s := range mv {
			k := s.K
			top[k]++
			if top[k] < depth && l.column[k][top[k]] == l.spacer[k] {
				out = append(out, shisen.Move{l.spacer[k], l.spare[k]})
				top[k]++
			}
		}
	}
	return append(out, l.cleanup...)
}

// Stacks returns the moves of a play of the board that pair two stack tiles, in
// order: by the proof's lemma, a play of the stacks. A move that pairs a stack tile
// with one of the layout's is an error (no legal play makes one: they are of
// different groups).
func (l *Layout) Stacks(moves []shisen.Move) ([][2]Slot, error) {
	var out [][2]Slot
	for k, mv := range moves {
		a, okA := l.slotAt[mv[0]]
		b, okB := l.slotAt[mv[1]]
		switch {
		case okA && okB:
			out = append(out, [2]Slot{a, b})
		case okA || okB:
			return nil, fmt.Errorf("move %d pairs a stack tile with a tile of the layout", k+1)
		}
	}
	return out, nil
}
