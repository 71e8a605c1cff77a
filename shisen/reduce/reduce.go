// Package reduce builds Shisen-Sho boards from CNF formulas: a board without
// gravity that can be cleared exactly when the formula is satisfiable.
//
// It invents no gadget of its own. It takes the isolated stacks of height three of
// de Bondt's Mahjong reduction (package [github.com/mjsat/mjsat/reduce], Theorem 3)
// and lays each stack out as a channel of cells that opens onto one long empty row,
// the bus, so that in Shisen-Sho, as in Mahjong, a tile of a stack can go only when
// it is the top of its stack, and any two tops of one group can go together. The
// proof is written out in docs/shisen.md ("The 3-SAT reduction"). The layout, for
// stack k at columns 3k, 3k+1, 3k+2 and row 0 at the top:
//
//	row 0      A      C      B         floors: A, B and C pair with the tiles marked so
//	rows 1-4   wall   stack  wall      the stack's deepest tile at row 1, its top at row 4
//	row 5      ·      ·      ·         the bus: empty from edge to edge
//	row 6      ·      spare  ·         the spacer's partner
//	row 7      B      C      A
//
// In Shisen-Sho two touching tiles of one group can always go, so a spacer tile sits
// between the two tiles of one group that each of de Bondt's stacks (a a b, a b b)
// puts on each other, or below the stack when none do; its partner waits on the bus,
// so a spacer goes as soon as it is a top.
//
// The walls beside a channel hide its tiles from the side. The wall tiles at depths 1
// and 2 (rows 4 and 3) pair crosswise across the channel, left 1 with right 2 and
// right 1 with left 2, and those at depths 3 and 4 likewise; no such pair has a path
// until the two channel cells between them are empty. So no wall tile goes before
// the stack tile beside it, and a stack tile that is not a top touches no empty
// cell. The floors close each channel's columns above and below: C goes straight
// down the emptied channel, A and B crosswise down an emptied wall column and along
// the bus. None of them can go before the channel is empty, so the floor row never
// opens a corridor above a channel that still holds tiles; and no pair lies on one
// edge of the board, where the ring around it would join them at once.
package reduce

import (
	"errors"
	"fmt"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	mahjong "github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/shisen"
)

// Map is the correspondence between a formula, de Bondt's stacks for it and the
// Shisen-Sho board that embeds them. It turns satisfying assignments into winning
// plays and back.
type Map struct {
	// Mahjong is the Mahjong reduction whose stacks the board embeds.
	Mahjong *mahjong.Map
	// Layout is the embedding; Layout.Board is the Shisen-Sho board.
	Layout *Layout

	slotOf map[int]Slot // Mahjong tile id → its stack tile
	idOf   map[Slot]int
}

// ErrFlat is the error of a request for the one-level rows: the channels embed
// stacks.
var ErrFlat = errors.New("the Shisen-Sho reduction embeds de Bondt's stacks, not one-level rows")

// Reduce builds the board of f: the stacks of the Mahjong reduction with opts
// (opts.Flat is refused) embedded by [Embed].
func Reduce(f *cnf.Formula, opts mahjong.Options) (*shisen.Board, *Map, error) {
	if opts.Flat {
		return nil, nil, ErrFlat
	}
	_, mm, err := mahjong.Reduce(f, opts)
	if err != nil {
		return nil, nil, err
	}
	group := map[int]string{}
	for _, t := range mm.Board.Tiles {
		group[t.ID] = t.Group
	}
	m := &Map{Mahjong: mm, slotOf: map[int]Slot{}, idOf: map[Slot]int{}}
	stacks := make([][]string, len(mm.Stacks))
	for k, st := range mm.Stacks {
		for i, id := range st {
			stacks[k] = append(stacks[k], group[id])
			m.slotOf[id], m.idOf[Slot{k, i}] = Slot{k, i}, id
		}
	}
	l, err := Embed(stacks)
	if err != nil {
		return nil, nil, fmt.Errorf("shisen: %w", err)
	}
	m.Layout = l
	return l.Board, m, nil
}

// PlayFromAssignment turns a satisfying assignment (indexed by variable, [0] unused)
// into a winning play of the board, replayed before it is returned: the Mahjong
// certificate laid out by [Map.PlayFromStacks].
func (m *Map) PlayFromAssignment(assign []bool) ([]shisen.Move, error) {
	p, err := m.Mahjong.PlayFromAssignment(assign)
	if err != nil {
		return nil, err
	}
	out := m.PlayFromStacks(p)
	if err := m.Layout.Board.Replay(out, true); err != nil {
		return nil, fmt.Errorf("shisen: the play laid out from the Mahjong certificate does not replay: %w", err)
	}
	return out, nil
}

// AssignmentFromPlay reads the assignment (indexed by variable, [0] unused) that a
// winning play of the board chooses: its moves of two stack tiles are a winning play
// of de Bondt's stacks, from which the Mahjong reduction reads V_i true iff V_x went
// with V_t. The play must replay and clear the board.
func (m *Map) AssignmentFromPlay(moves []shisen.Move) ([]bool, error) {
	if err := m.Layout.Board.Replay(moves, true); err != nil {
		return nil, err
	}
	st, err := m.Layout.Stacks(moves)
	if err != nil {
		return nil, err
	}
	p := &board.Play{Format: board.PlayFormat, Moves: make([][2]int, len(st))}
	for k, mv := range st {
		p.Moves[k] = [2]int{m.idOf[mv[0]], m.idOf[mv[1]]}
	}
	a, err := m.Mahjong.AssignmentFromPlay(p)
	if err != nil {
		return nil, fmt.Errorf("the play's moves of stack tiles, as a play of the Mahjong board: %w", err)
	}
	return a, nil
}

// PlayFromStacks lays out a winning play of the Mahjong board (its tile ids) as a play
// of the Shisen-Sho board, by [Layout.Play]. It does not check the result.
func (m *Map) PlayFromStacks(p *board.Play) []shisen.Move {
	moves := make([][2]Slot, len(p.Moves))
	for k, mv := range p.Moves {
		moves[k] = [2]Slot{m.slotOf[mv[0]], m.slotOf[mv[1]]}
	}
	return m.Layout.Play(moves)
}
