package peg

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
)

// ErrUnknown is returned when the context ends before a search decides.
var ErrUnknown = errors.New("peg: unknown (search stopped before it finished)")

// symmetry maps positions through a subgroup of the board's symmetries
// with one 256-entry table per byte of the position.
type symmetry struct {
	tabs [][][256]Position // [sym][byte]
}

// group returns the symmetries of b that fix every hole in fixed (0-based)
// and map the position keep to itself.
func (b *Board) group(keep Position, fixed ...int) *symmetry {
	nbytes := (b.Holes() + 7) / 8
	g := &symmetry{}
	for _, s := range b.syms[1:] {
		ok := apply(s, keep) == keep
		for _, f := range fixed {
			if s[f] != f {
				ok = false
			}
		}
		if !ok {
			continue
		}
		tab := make([][256]Position, nbytes)
		for k := 0; k < nbytes; k++ {
			for v := 0; v < 256; v++ {
				tab[k][v] = apply(s, Position(v)<<(8*k))
			}
		}
		g.tabs = append(g.tabs, tab)
	}
	return g
}

func apply(s []int, p Position) Position {
	var q Position
	for h, t := range s {
		if p>>h&1 == 1 {
			q |= 1 << t
		}
	}
	return q
}

func (g *symmetry) image(t [][256]Position, p Position) Position {
	var q Position
	for k := range t {
		q |= t[k][byte(p>>(8*k))]
	}
	return q
}

// canon returns the least image of p under the group.
func (g *symmetry) canon(p Position) Position {
	best := p
	for _, t := range g.tabs {
		if q := g.image(t, p); q < best {
			best = q
		}
	}
	return best
}

// orbit returns the number of distinct images of p.
func (g *symmetry) orbit(p Position) int {
	seen := []Position{p}
	for _, t := range g.tabs {
		q := g.image(t, p)
		dup := false
		for _, s := range seen {
			if s == q {
				dup = true
			}
		}
		if !dup {
			seen = append(seen, q)
		}
	}
	return len(seen)
}

func (b *Board) validate(start Position, finish int) error {
	if start&^b.Full() != 0 {
		return fmt.Errorf("peg: position %b has pegs off board %s", start, b.name)
	}
	if start == 0 {
		return fmt.Errorf("peg: position has no pegs")
	}
	if finish < 0 || finish > b.Holes() {
		return fmt.Errorf("peg: finish hole %d is not on board %s (holes 1..%d)", finish, b.name, b.Holes())
	}
	return nil
}

// Solve searches natively for jumps from start that leave one peg, in hole
// finish when finish > 0 (anywhere when finish is 0). It returns the jumps
// and true, or nil and false when no such sequence exists, or ErrUnknown
// when ctx ends first. The search is deterministic: it tries jumps in the
// order of [Board.Jumps].
func Solve(ctx context.Context, b *Board, start Position, finish int) ([]Jump, bool, error) {
	if err := b.validate(start, finish); err != nil {
		return nil, false, err
	}
	var g *symmetry
	target := Position(0)
	if finish > 0 {
		g = b.group(0, finish-1)
		target = 1 << (finish - 1)
	} else {
		g = b.group(0)
	}
	s := &solver{b: b, g: g, target: target, dead: map[Position]struct{}{}, ctx: ctx}
	ok := s.dfs(start, start.Pegs())
	if s.stopped {
		return nil, false, ErrUnknown
	}
	if !ok {
		return nil, false, nil
	}
	out := make([]Jump, len(s.path))
	for i, j := range s.path {
		out[len(out)-1-i] = Jump{j.from + 1, j.over + 1, j.to + 1}
	}
	return out, true, nil
}

type solver struct {
	b       *Board
	g       *symmetry
	target  Position
	dead    map[Position]struct{}
	path    []jump // in reverse order, filled on success
	ctx     context.Context
	visits  int
	stopped bool
}

func (s *solver) dfs(p Position, pegs int) bool {
	if pegs == 1 {
		return s.target == 0 || p == s.target
	}
	key := s.g.canon(p)
	if _, ok := s.dead[key]; ok {
		return false
	}
	s.visits++
	if s.visits&0xffff == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	if s.stopped {
		return false
	}
	for _, j := range s.b.jumps {
		if p>>j.from&1 == 1 && p>>j.over&1 == 1 && p>>j.to&1 == 0 {
			q := p&^(1<<j.from|1<<j.over) | 1<<j.to
			if s.dfs(q, pegs-1) {
				s.path = append(s.path, j)
				return true
			}
			if s.stopped {
				return false
			}
		}
	}
	s.dead[key] = struct{}{}
	return false
}

// u128 is an unsigned 128-bit counter: the counts of sequences into dead
// positions on the English board overflow 64 bits before the last layer.
type u128 struct{ hi, lo uint64 }

func (a u128) add(b u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, c2 := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}, c2 == 0
}

// Counts is the result of counting jump sequences that leave one peg.
type Counts struct {
	// Total is the number of jump sequences that end with one peg.
	Total uint64
	// ByHole[h-1] is the number of those sequences whose last peg is in hole h.
	ByHole []uint64
	// Positions is the number of distinct positions (up to the symmetries
	// that fix the start) the count went through; 0 for CountSAT.
	Positions int
}

// Count counts natively every jump sequence from start that leaves one
// peg, by final hole. With finish > 0 only sequences ending in finish are
// counted (ByHole still has one entry per hole, the others zero).
//
// It runs a forward dynamic programme, one layer per jump: each layer maps
// a position, reduced to its least image under the symmetries that fix
// start, to the number of sequences reaching any position of its orbit.
// Counts are exact (128-bit inside, uint64 in the result); an overflow is
// reported as an error. progress,
// if not nil, is called after each layer with the layer's number and size.
func Count(ctx context.Context, b *Board, start Position, finish int, progress func(layer, size int)) (Counts, error) {
	if err := b.validate(start, finish); err != nil {
		return Counts{}, err
	}
	g := b.group(start)
	cur := map[Position]u128{g.canon(start): {0, 1}}
	total := 1
	steps := start.Pegs() - 1
	for layer := 1; layer <= steps; layer++ {
		next := make(map[Position]u128, len(cur))
		n := 0
		for p, c := range cur {
			n++
			if n&0x3fff == 0 && ctx.Err() != nil {
				return Counts{}, ErrUnknown
			}
			for _, j := range b.jumps {
				if p>>j.from&1 == 1 && p>>j.over&1 == 1 && p>>j.to&1 == 0 {
					q := g.canon(p&^(1<<j.from|1<<j.over) | 1<<j.to)
					sum, ok := next[q].add(c)
					if !ok {
						return Counts{}, fmt.Errorf("peg: count overflows 128 bits at layer %d", layer)
					}
					next[q] = sum
				}
			}
		}
		cur = next
		total += len(cur)
		if progress != nil {
			progress(layer, len(cur))
		}
	}
	res := Counts{ByHole: make([]uint64, b.Holes()), Positions: total}
	for p, c := range cur {
		// c counts sequences into the whole orbit of p; every member of the
		// orbit is reached equally often, since the group fixes start.
		o := uint64(g.orbit(p))
		if c.hi >= o {
			return Counts{}, fmt.Errorf("peg: count overflows uint64")
		}
		per, _ := bits.Div64(c.hi, c.lo, o)
		res.ByHole[bits.TrailingZeros64(uint64(p))] = per
		for _, t := range g.tabs {
			res.ByHole[bits.TrailingZeros64(uint64(g.image(t, p)))] = per
		}
	}
	for h := range res.ByHole {
		if finish > 0 && h != finish-1 {
			res.ByHole[h] = 0
		}
		sum, carry := bits.Add64(res.Total, res.ByHole[h], 0)
		if carry != 0 {
			return Counts{}, fmt.Errorf("peg: total count overflows uint64")
		}
		res.Total = sum
	}
	return res, nil
}
