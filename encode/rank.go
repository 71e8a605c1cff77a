package encode

import (
	"math/bits"

	"github.com/mjsat/mjsat/cnf"
)

// encodeRank adds the rank encoding: ranks, same rank for partners, strict comparators
// for covers and neighbours.
func (e *Encoding) encodeRank(above [][]int, width int) {
	b := e.b
	n := b.N()
	p := n / 2
	e.bits = max(1, bits.Len(uint(max(p-1, 0))), min(width, 62))
	e.rank0 = len(e.vars) + 1
	for t := 0; t < n; t++ {
		for k := 0; k < e.bits; k++ {
			e.newVar(vRankBit, t, 0, k)
		}
	}
	e.sameMove(e.bits, e.rankVar)
	for t := 0; t < n; t++ {
		for _, u := range above[t] {
			e.because(KindCover, u, t)
			e.less(u, t, litTrue)
		}
		e.sides(t, e.less)
	}
}

// sameMove adds, for every candidate pair, that its tiles go in one move: under the
// pair's variable (or always, for a forced pair), var(i, k) and var(j, k) agree for
// k in 0..n-1, the n variables that say when a tile goes.
func (e *Encoding) sameMove(n int, when func(t, k int) cnf.Lit) {
	for g := range e.cands {
		for _, c := range e.cands[g] {
			e.because(KindSameMove, c.i, c.j)
			en := litTrue
			if c.v != 0 {
				en = c.v
			}
			for k := range n {
				vi, vj := when(c.i, k), when(c.j, k)
				e.add(-en, -vi, vj)
				e.add(-en, vi, -vj)
			}
		}
	}
}

// sides adds the left-or-right choice of tile t, calling before(l, t, enable) for every
// neighbour l that must go before t when enable holds.
func (e *Encoding) sides(t int, before func(l, t int, enable cnf.Lit)) {
	left, right := e.b.Left(t), e.b.Right(t)
	if len(left) == 0 || len(right) == 0 {
		return
	}
	v := e.newVar(vSide, t, 0, 0) // v: freed on the left; ¬v: freed on the right
	e.side[t] = v
	for _, l := range left {
		e.because(KindNeighbour, l, t)
		before(l, t, v)
	}
	for _, r := range right {
		e.because(KindNeighbour, r, t)
		before(r, t, -v)
	}
}

func (e *Encoding) rankVar(t, k int) cnf.Lit { return cnf.Lit(e.rank0 + t*e.bits + k) }

// less adds enable → rank(u) < rank(t), comparing from the most significant bit with a
// chain of "still equal above bit k" variables.
func (e *Encoding) less(u, t int, enable cnf.Lit) {
	c := enable
	for k := e.bits - 1; k >= 0; k-- {
		a, b := e.rankVar(u, k), e.rankVar(t, k)
		if k == 0 {
			e.add(-c, -a)
			e.add(-c, b)
			return
		}
		e.add(-c, -a, b)
		next := e.newVar(vCmp, u, t, k-1)
		e.add(-c, a, b, next)
		e.add(-c, -a, -b, next)
		c = next
	}
}
