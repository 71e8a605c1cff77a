package encode

import "github.com/mjsat/mjsat/cnf"

// encodeTime adds the time-indexed encoding: K = pairs steps, "gone by step s"
// variables, monotone in s; a tile removed at step s needs its blockers gone by s-1.
// Several independent moves may share a step (removing tiles never blocks others).
func (e *Encoding) encodeTime(above [][]int) {
	b := e.b
	n := b.N()
	e.steps = max(1, n/2)
	K := e.steps
	e.gone0 = len(e.vars) + 1
	for t := 0; t < n; t++ {
		for s := 1; s < K; s++ {
			e.newVar(vGone, t, 0, s)
		}
	}
	for t := 0; t < n; t++ {
		e.because(KindOrder, t)
		for s := 1; s+1 < K; s++ {
			e.add(-e.goneVar(t, s), e.goneVar(t, s+1))
		}
	}
	e.sameMove(K-1, func(t, k int) cnf.Lit { return e.goneVar(t, k+1) })
	before := func(u, t int, enable cnf.Lit) {
		for s := 1; s <= K; s++ {
			e.add(-enable, -e.goneVar(t, s), e.goneVar(t, s-1), e.goneVar(u, s-1))
		}
	}
	for t := 0; t < n; t++ {
		for _, u := range above[t] {
			e.because(KindCover, u, t)
			before(u, t, litTrue)
		}
		e.sides(t, before)
	}
}

// goneVar is the literal "tile t is gone after step s"; constant before step 1 and from
// step K on.
func (e *Encoding) goneVar(t, s int) cnf.Lit {
	switch {
	case s <= 0:
		return litFalse
	case s >= e.steps:
		return litTrue
	}
	return cnf.Lit(e.gone0 + t*(e.steps-1) + s - 1)
}
