// Package encode turns a Shisen-Sho board without gravity into CNF whose models are
// exactly its winning plays, for gophersat or any DIMACS solver (the SAT route that
// cross-checks package shisen's solver).
//
// # Why ranks suffice
//
// Without gravity taking tiles away only opens paths, so a play is a pairing of
// every group's tiles and an order, and the order only has to respect one relation:
// a pair goes after every tile on one of its paths. The encoding chooses, for every
// tile, the pair it goes in (a candidate pair per two tiles of one group, exactly one
// a tile) and a rank, a number of ⌈log₂ P⌉ bits for a board of P pairs, equal for the
// two tiles of a chosen pair. A chosen pair takes one of its paths (every path of at
// most three segments between its cells, through the board and the ring around it),
// and a path taken needs every tile on it to have a lower rank. A winning play gives
// a model (a tile's rank is its move's number); a model gives a winning play (the
// chosen pairs by rank: two pairs of one rank take paths that hold neither, since
// those hold only lower ranks). With gravity tiles move and no such relation holds:
// those boards are refused.
//
// Paths whose tiles include all the tiles of another path of the same pair are left
// out: the other one is open whenever they are.
package encode

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/shisen"
)

// ErrGravity is the error of a board with gravity, which this encoding does not take.
var ErrGravity = errors.New("the encoding takes boards without gravity only (with gravity a move can close paths)")

// ErrTooLarge is the error of a board whose encoding would pass MaxLiterals.
var ErrTooLarge = errors.New("its encoding would be too large")

// MaxLiterals bounds the size of an encoding, so that a huge board fails with an error
// rather than exhausting memory.
const MaxLiterals = 1 << 28

// pair is a candidate pair: two tiles of one group, the variable saying they go
// together (0 when they must: a group of two), and their paths as tile lists.
type pair struct {
	i, j  int
	v     cnf.Lit
	paths [][]int
}

// Encoding is the CNF of a board, with what it needs to turn a model back into a play.
type Encoding struct {
	b     *shisen.Board
	tiles []shisen.Cell // the tiles, in reading order
	at    map[shisen.Cell]int
	pairs []pair
	bits  int
	rank0 cnf.Lit // the first rank bit: tile t's bit k is rank0 + t*bits + k
	lt    map[[2]int]cnf.Lit
	cb    cnf.Builder
	names []string // what each variable means, 1-based (names[0] unused)
}

// Encode returns the encoding of b, which must have no gravity.
func Encode(b *shisen.Board) (*Encoding, error) {
	if b.Gravity {
		return nil, ErrGravity
	}
	e := &Encoding{b: b, at: map[shisen.Cell]int{}, lt: map[[2]int]cnf.Lit{}, names: []string{""}}
	byGroup := map[string][]int{}
	var order []string
	for y := range b.H {
		for x := range b.W {
			g := b.At(x, y)
			if g == "" {
				continue
			}
			c := shisen.Cell{X: x, Y: y}
			e.at[c] = len(e.tiles)
			if _, ok := byGroup[g]; !ok {
				order = append(order, g)
			}
			byGroup[g] = append(byGroup[g], len(e.tiles))
			e.tiles = append(e.tiles, c)
		}
	}
	n := len(e.tiles)
	// Each pair's paths are looked for through every row and column, each walked
	// cell by cell: refuse at once a board on which that alone would pass the bound.
	var pairs, side int64 = 0, int64(b.W + b.H + 4)
	for _, ts := range byGroup {
		pairs += int64(len(ts) * (len(ts) - 1) / 2)
	}
	if pairs*side*side > MaxLiterals {
		return nil, fmt.Errorf("a board of %d tiles: %w (%d pairs, each with paths through %d rows and columns)", n, ErrTooLarge, pairs, side)
	}
	e.bits = max(1, bits.Len(uint(max(n/2-1, 0))))
	var lits int64
	for _, g := range order {
		ts := byGroup[g]
		for a, i := range ts {
			for _, j := range ts[a+1:] {
				p := pair{i: i, j: j, paths: e.paths(e.tiles[i], e.tiles[j])}
				for _, ps := range p.paths {
					lits += int64(len(ps)) * int64(3+4*e.bits)
				}
				e.pairs = append(e.pairs, p)
			}
		}
	}
	if lits > MaxLiterals {
		return nil, fmt.Errorf("a board of %d tiles: %w (more than %d literals)", n, ErrTooLarge, MaxLiterals)
	}
	e.rank0 = cnf.Lit(e.cb.NumVars() + 1)
	for t := range n {
		for k := range e.bits {
			e.newVar(fmt.Sprintf("rank of the tile at %s, bit %d", cellName(e.tiles[t]), k))
		}
	}
	// Exactly one pair a tile; a group of two is one pair and needs no variable.
	with := make([][]cnf.Lit, n)
	for k := range e.pairs {
		p := &e.pairs[k]
		if len(byGroup[b.At(e.tiles[p.i].X, e.tiles[p.i].Y)]) > 2 {
			p.v = e.newVar(fmt.Sprintf("the tiles at %s and %s go together", cellName(e.tiles[p.i]), cellName(e.tiles[p.j])))
			with[p.i] = append(with[p.i], p.v)
			with[p.j] = append(with[p.j], p.v)
		}
	}
	for _, vs := range with {
		if len(vs) > 0 {
			e.cb.ExactlyOne(vs...)
		}
	}
	for k := range e.pairs {
		e.encodePair(&e.pairs[k])
	}
	return e, nil
}

// encodePair adds, under the pair's variable, that its tiles share a rank and that
// it takes one of its paths.
func (e *Encoding) encodePair(p *pair) {
	var en []cnf.Lit // the negated condition, prefixed to every clause
	if p.v != 0 {
		en = []cnf.Lit{p.v.Neg()}
	}
	for k := range e.bits {
		a, c := e.rankVar(p.i, k), e.rankVar(p.j, k)
		e.cb.Add(append(slices.Clone(en), a.Neg(), c)...)
		e.cb.Add(append(slices.Clone(en), a, c.Neg())...)
	}
	some := slices.Clone(en)
	for k, ts := range p.paths {
		if len(ts) == 0 {
			return // a path with no tile on it: the pair can go at any time
		}
		y := e.newVar(fmt.Sprintf("the tiles at %s and %s take their path %d", cellName(e.tiles[p.i]), cellName(e.tiles[p.j]), k))
		some = append(some, y)
		for _, t := range ts {
			e.cb.Implies(y, e.before(t, p.i))
		}
	}
	e.cb.Add(some...)
}

// before returns a literal that implies rank(u) < rank(t), made once per ordered
// pair: a comparison from the most significant bit with a chain of "equal above"
// variables.
func (e *Encoding) before(u, t int) cnf.Lit {
	if l, ok := e.lt[[2]int{u, t}]; ok {
		return l
	}
	l := e.newVar(fmt.Sprintf("the tile at %s goes before the tile at %s", cellName(e.tiles[u]), cellName(e.tiles[t])))
	e.lt[[2]int{u, t}] = l
	c := l
	for k := e.bits - 1; k >= 0; k-- {
		a, b := e.rankVar(u, k), e.rankVar(t, k)
		if k == 0 {
			e.cb.Add(c.Neg(), a.Neg())
			e.cb.Add(c.Neg(), b)
			break
		}
		e.cb.Add(c.Neg(), a.Neg(), b)
		next := e.newVar(fmt.Sprintf("the ranks of %s and %s agree above bit %d", cellName(e.tiles[u]), cellName(e.tiles[t]), k-1))
		e.cb.Add(c.Neg(), a, b, next)
		e.cb.Add(c.Neg(), a.Neg(), b.Neg(), next)
		c = next
	}
	return l
}

func (e *Encoding) rankVar(t, k int) cnf.Lit { return e.rank0 + cnf.Lit(t*e.bits+k) }

func (e *Encoding) newVar(name string) cnf.Lit {
	e.names = append(e.names, name)
	return e.cb.NewVar()
}

// cellName names a cell as the play formats do.
func cellName(c shisen.Cell) string { return fmt.Sprintf("(%d, %d)", c.X, c.Y) }
