// Package edgematch solves edge-matching puzzles such as "Das verflixte
// Tom & Jerry Spiel" (Schmidt Spiele, 1989): square cards whose sides show
// the top or bottom half of a figure, laid in a grid so that every pair of
// touching sides forms one whole figure (same figure, one top half and one
// bottom half).
//
// [Solve] enumerates every placement natively by backtracking; [SolveSAT]
// enumerates the models of a CNF encoding with gophersat; [Check] verifies
// a placement independently of both. [TomJerry] is the seed's card set.
//
// It is not for puzzles with edge borders, jigsaw shapes or more than one
// copy of a card slot: every card is used exactly once, every cell holds one.
package edgematch

import (
	"fmt"
	"strings"
)

// Side is one side of a card: a figure and which half of it is printed.
type Side struct {
	Figure byte // e.g. 'p', 'r', 'w', 'l'
	Top    bool // true: the top half; false: the bottom half
}

// Matches reports whether s and t touching form one whole figure.
func (s Side) Matches(t Side) bool { return s.Figure == t.Figure && s.Top != t.Top }

// Direction indexes a card's sides clockwise from north.
const (
	North = iota
	East
	South
	West
)

// Card is a square card, its sides indexed by North, East, South, West.
type Card [4]Side

// Rotate returns c turned r quarter turns clockwise: the side that was
// north faces east after one turn.
func (c Card) Rotate(r int) Card {
	var out Card
	for d := 0; d < 4; d++ {
		out[(d+r)%4] = c[d]
	}
	return out
}

// Puzzle is a set of cards (numbered from 1) and a grid to fill with them.
type Puzzle struct {
	Cards      []Card
	Rows, Cols int
	// Rotate lets each card take any of 4 rotations; otherwise cards keep
	// the orientation given.
	Rotate bool
}

// Cell is the content of one grid cell: a card number (from 1) and its
// rotation in quarter turns clockwise.
type Cell struct{ Card, Rot int }

// Placement lists the cells row by row, the northern row first.
type Placement []Cell

func (p *Puzzle) validate() error {
	if p.Rows < 1 || p.Cols < 1 || p.Rows*p.Cols != len(p.Cards) {
		return fmt.Errorf("edgematch: %d cards do not fill a %dx%d grid", len(p.Cards), p.Rows, p.Cols)
	}
	return nil
}

func (p *Puzzle) rots() int {
	if p.Rotate {
		return 4
	}
	return 1
}

// Check reports why pl is not a solution of p, or nil if it is.
func (p *Puzzle) Check(pl Placement) error {
	if err := p.validate(); err != nil {
		return err
	}
	if len(pl) != len(p.Cards) {
		return fmt.Errorf("placement has %d cells, want %d", len(pl), len(p.Cards))
	}
	used := make([]bool, len(p.Cards)+1)
	for i, c := range pl {
		if c.Card < 1 || c.Card > len(p.Cards) || used[c.Card] {
			return fmt.Errorf("cell %d: card %d missing or used twice", i+1, c.Card)
		}
		if c.Rot < 0 || c.Rot >= p.rots() {
			return fmt.Errorf("cell %d: rotation %d not allowed", i+1, c.Rot)
		}
		used[c.Card] = true
	}
	at := func(r, c int) Card { x := pl[r*p.Cols+c]; return p.Cards[x.Card-1].Rotate(x.Rot) }
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; c++ {
			if c+1 < p.Cols && !at(r, c)[East].Matches(at(r, c+1)[West]) {
				return fmt.Errorf("row %d: columns %d and %d do not match", r+1, c+1, c+2)
			}
			if r+1 < p.Rows && !at(r, c)[South].Matches(at(r+1, c)[North]) {
				return fmt.Errorf("column %d: rows %d and %d do not match", c+1, r+1, r+2)
			}
		}
	}
	return nil
}

// Solve returns every placement of p, in lexicographic order of (card,
// rotation) cell by cell, found by backtracking row by row.
func (p *Puzzle) Solve() ([]Placement, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	var out []Placement
	cur := make(Placement, len(p.Cards))
	used := make([]bool, len(p.Cards))
	var rec func(i int)
	rec = func(i int) {
		if i == len(cur) {
			out = append(out, append(Placement(nil), cur...))
			return
		}
		r, c := i/p.Cols, i%p.Cols
		for k, card := range p.Cards {
			if used[k] {
				continue
			}
			for rot := 0; rot < p.rots(); rot++ {
				x := card.Rotate(rot)
				if c > 0 {
					w := cur[i-1]
					if !p.Cards[w.Card-1].Rotate(w.Rot)[East].Matches(x[West]) {
						continue
					}
				}
				if r > 0 {
					n := cur[i-p.Cols]
					if !p.Cards[n.Card-1].Rotate(n.Rot)[South].Matches(x[North]) {
						continue
					}
				}
				used[k] = true
				cur[i] = Cell{k + 1, rot}
				rec(i + 1)
				used[k] = false
			}
		}
	}
	rec(0)
	return out, nil
}

// Format writes pl as a grid of card numbers, one row per line; with
// rotations allowed each card is followed by "r" and its quarter turns.
func (p *Puzzle) Format(pl Placement) string {
	var sb strings.Builder
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			x := pl[r*p.Cols+c]
			if p.Rotate {
				fmt.Fprintf(&sb, "%dr%d", x.Card, x.Rot)
			} else {
				fmt.Fprintf(&sb, "%d", x.Card)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TomJerry returns the nine cards of "Das verflixte Tom & Jerry Spiel" as
// the seed lists them (card cK S W N E, figures p pajamas, r rags, w work
// clothes, l leisure clothes), oriented so that south and east show top
// halves and west and north bottom halves.
func TomJerry(rotate bool) *Puzzle {
	swne := []string{"rplw", "lwrp", "lwrw", "rwpl", "lwrp", "lpwr", "pwlr", "lprw", "rplp"}
	p := &Puzzle{Rows: 3, Cols: 3, Rotate: rotate}
	for _, s := range swne {
		p.Cards = append(p.Cards, Card{
			North: {s[2], false}, East: {s[3], true}, South: {s[0], true}, West: {s[1], false},
		})
	}
	return p
}
