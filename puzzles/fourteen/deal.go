// Package fourteen plays the patience "Fourteen" (seed 001): 52 cards are
// dealt into 12 columns (4 of 5 cards, 8 of 4); a move removes the top cards
// of two columns whose values sum to 14 (ace 1, jack 11, queen 12, king 13,
// so two sevens pair too); the game is won when every card is gone.
//
// [Solve] decides a deal natively (depth-first search over column heights
// with a table of dead positions), [SolveSAT] through a CNF encoding for
// gophersat, and [Replay] checks a move list independently of both. [Deal]
// makes deterministic deals from a seed (SplitMix64, [board.Rand]),
// [Parse] reads a deal from text, and [Scan] estimates the winnable
// fraction over a range of seeds with a Wilson interval.
//
// It is not a general stacks-matching engine: the match rule (value v
// pairs with 14−v, any two columns) is fixed here.
package fourteen

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjsat/mjsat/board"
)

// Columns is the number of columns in a game.
const Columns = 12

// MaxHeight is the most cards a column may hold.
const MaxHeight = 7

// Game is a position: Game[c] lists column c's cards by value (1..13),
// top card first.
type Game [Columns][]int

// Cards returns the number of cards in g.
func (g Game) Cards() int {
	n := 0
	for _, c := range g {
		n += len(c)
	}
	return n
}

// Deal returns the deal for seed: the 52 values (four of each of 1..13, in
// order) shuffled by [board.Rand.Shuffle] seeded with seed, then dealt in
// order to columns 1..4 (5 cards each) and 5..12 (4 each), the first card
// of each column being its top.
func Deal(seed uint64) Game {
	deck := make([]int, 52)
	for i := range deck {
		deck[i] = i/4 + 1
	}
	board.NewRand(seed).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var g Game
	k := 0
	for c := 0; c < Columns; c++ {
		n := 4
		if c < 4 {
			n = 5
		}
		g[c] = append([]int(nil), deck[k:k+n]...)
		k += n
	}
	return g
}

var names = [...]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

// CardName returns the text form of a value: A, 2..10, J, Q or K.
func CardName(v int) string { return names[v] }

func parseCard(s string) (int, bool) {
	for v := 1; v <= 13; v++ {
		if strings.EqualFold(s, names[v]) {
			return v, true
		}
	}
	if v, err := strconv.Atoi(s); err == nil && v >= 1 && v <= 13 {
		return v, true
	}
	return 0, false
}

// Format writes g in the text form that [Parse] reads.
func (g Game) Format() string {
	var sb strings.Builder
	for _, col := range g {
		if len(col) == 0 {
			sb.WriteString("-")
		}
		for i, v := range col {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(names[v])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Parse reads a game: exactly 12 column lines, each listing its cards top
// first separated by spaces (A 2 … 10 J Q K, case-insensitive, or 1..13),
// "-" for an empty column; blank lines and lines starting with '#' are
// ignored. A column holds at most 7 cards and no value appears more than 4
// times. name is used in errors, which read "name:line: ...".
func Parse(r io.Reader, name string) (Game, error) {
	var g Game
	var count [14]int
	sc := bufio.NewScanner(r)
	line, col := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if col == Columns {
			return Game{}, fmt.Errorf("%s:%d: more than %d columns", name, line, Columns)
		}
		g[col] = []int{}
		if text != "-" {
			for _, f := range strings.Fields(text) {
				v, ok := parseCard(f)
				if !ok {
					return Game{}, fmt.Errorf("%s:%d: %q is not a card (want A 2..10 J Q K)", name, line, f)
				}
				count[v]++
				if count[v] > 4 {
					return Game{}, fmt.Errorf("%s:%d: a fifth %s", name, line, names[v])
				}
				g[col] = append(g[col], v)
			}
			if len(g[col]) > MaxHeight {
				return Game{}, fmt.Errorf("%s:%d: column %d has %d cards, at most %d", name, line, col+1, len(g[col]), MaxHeight)
			}
		}
		col++
	}
	if err := sc.Err(); err != nil {
		return Game{}, fmt.Errorf("%s: %w", name, err)
	}
	if col != Columns {
		return Game{}, fmt.Errorf("%s:%d: %d columns, want %d", name, line, col, Columns)
	}
	return g, nil
}
