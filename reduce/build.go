package reduce

import (
	"fmt"
	"strconv"
)

// builder assembles the stacks of Theorem 3 step by step, exactly as
// shared/design/reduction.md writes them: "remove one stack, add four" replaces the
// removed stack in place by the first added one and appends the others, so stack
// indices stay stable and every gadget's stacks stay close together.
type builder struct {
	mutate string

	tileGroup []int    // tile -> group
	stacks    [][3]int // tiles, top first
	names     []string
	roles     []Role
	gidx      map[string]int

	xm       int // largest x index
	satStack int // the stack "x_m x_m SAT"
	yn       int // largest y index
	tStack   int // the stack "T y_a y_a" added last by the y-leaf rule
	ya       int

	vx, vy, vt, vf []int // key tiles per variable
	vtStack        []int // the stack "V_i t_{i,k} t_{i,k}"
	vfStack        []int
	tk, fk         []int // largest t / f index per variable
	cx             []int
	cl             [][3]int
	satX, satY     int
}

func (b *builder) group(name string, r Role) int {
	if g, ok := b.gidx[name]; ok {
		return g
	}
	g := len(b.names)
	b.gidx[name] = g
	b.names = append(b.names, name)
	r.Name = name
	b.roles = append(b.roles, r)
	return g
}

func (b *builder) tile(g int) int {
	b.tileGroup = append(b.tileGroup, g)
	return len(b.tileGroup) - 1
}

func (b *builder) push(t0, t1, t2 int) int {
	b.stacks = append(b.stacks, [3]int{t0, t1, t2})
	return len(b.stacks) - 1
}

func (b *builder) x(i int) int {
	return b.group("x"+strconv.Itoa(i), Role{Kind: KindX, Index: i})
}

func (b *builder) y(i int) int {
	return b.group("y"+strconv.Itoa(i), Role{Kind: KindY, Index: i})
}

func (b *builder) tf(kind string, v, k int) int {
	return b.group(fmt.Sprintf("%s%d,%d", kind, v, k), Role{Kind: kind, Var: v, Index: k})
}

// pair returns two new tiles of group g.
func (b *builder) pair(g int) (int, int) { return b.tile(g), b.tile(g) }

// step1 sets up the eight stacks A–H.
func (b *builder) step1() {
	x1, x2 := b.x(1), b.x(2)
	sat := b.group("SAT", Role{Kind: KindSAT})
	y1, y2, y3 := b.y(1), b.y(2), b.y(3)
	t := b.tile
	b.push(t(x1), t(x1), t(x2))               // A
	b.push(t(x2), t(x1), t(x1))               // B
	b.satX = t(sat)                           //
	b.satStack = b.push(t(x2), t(x2), b.satX) // C
	b.satY = t(sat)                           //
	b.push(b.satY, t(y1), t(y1))              // D
	b.push(t(y1), t(y2), t(y2))               // E
	b.tStack = b.push(t(y1), t(y3), t(y3))    // F
	b.push(t(y2), t(y2), t(sat))              // G
	b.push(t(y3), t(y3), t(sat))              // H
	b.xm, b.yn, b.ya = 2, 3, 3
}

// gate makes SAT_x wait for tile g as well (the x-chain gate).
func (b *builder) gate(g int) {
	m := b.xm
	old := b.stacks[b.satStack] // x_m x_m SAT
	xm1, xm2 := b.x(m+1), b.x(m+2)
	b.stacks[b.satStack] = [3]int{old[0], old[1], b.tile(xm2)}
	p, q := b.pair(xm2)
	b.satStack = b.push(p, q, old[2])
	p, q = b.pair(xm1)
	b.push(p, q, b.tile(xm2))
	p, q = b.pair(xm1)
	b.push(g, p, q)
	b.xm = m + 2
}

// yleaf hangs tile v below two y-tiles that are released only after the first SAT pair.
func (b *builder) yleaf(v int) {
	n := b.yn
	old := b.stacks[b.tStack] // T y_a y_a
	yn1, yn2 := b.y(n+1), b.y(n+2)
	p, q := b.pair(yn2)
	b.stacks[b.tStack] = [3]int{old[0], p, q}
	b.push(b.tile(yn2), old[1], old[2])
	p, q = b.pair(yn1)
	b.push(b.tile(yn2), p, q)
	p, q = b.pair(yn1)
	if b.mutate == MutateFreeVY {
		b.push(v, p, q) // broken on purpose: V_y is free from the start
	} else {
		b.push(p, q, v)
	}
	b.yn, b.ya = n+2, n+2
}

// variable adds the gadget of variable i (step 2).
func (b *builder) variable(i int, fresh bool) {
	vg := b.group("V"+strconv.Itoa(i), Role{Kind: KindV, Var: i, Fresh: fresh})
	b.vx[i], b.vy[i], b.vt[i], b.vf[i] = b.tile(vg), b.tile(vg), b.tile(vg), b.tile(vg)
	b.gate(b.vx[i])
	b.yleaf(b.vy[i])
	t1, f1 := b.tf(KindT, i, 1), b.tf(KindF, i, 1)
	p, q := b.pair(t1)
	b.vtStack[i] = b.push(b.vt[i], p, q)
	p, q = b.pair(f1)
	b.vfStack[i] = b.push(b.vf[i], p, q)
	b.tk[i], b.fk[i] = 1, 1
	a := b.group("a"+strconv.Itoa(i), Role{Kind: KindA, Var: i})
	bb := b.group("b"+strconv.Itoa(i), Role{Kind: KindB, Var: i})
	p, q = b.pair(t1)
	b.push(p, q, b.tile(a))
	p, q = b.pair(f1)
	b.push(p, q, b.tile(a))
	p, q = b.pair(bb)
	b.push(b.tile(a), p, q)
	p, q = b.pair(bb)
	b.push(b.tile(a), p, q)
}

// clause adds the gadget of clause j (step 3).
func (b *builder) clause(j int, c Clause3) {
	cg := b.group("C"+strconv.Itoa(j), Role{Kind: KindC, Clause: j})
	b.cx[j] = b.tile(cg)
	b.gate(b.cx[j])
	for q, l := range c.Lits {
		ct := b.tile(cg)
		b.cl[j][q] = ct
		i := l.Var()
		positive := l.Positive()
		if q == 0 && b.mutate == MutateFlipFirst {
			positive = !positive // broken on purpose: wired to the wrong chain
		}
		kind, st, k := KindT, &b.vtStack[i], &b.tk[i]
		if !positive {
			kind, st, k = KindF, &b.vfStack[i], &b.fk[i]
		}
		old := b.stacks[*st] // V_i t_k t_k
		g1, g2 := b.tf(kind, i, *k+1), b.tf(kind, i, *k+2)
		p, r := b.pair(g2)
		b.stacks[*st] = [3]int{old[0], p, r}
		b.push(b.tile(g2), old[1], old[2])
		p, r = b.pair(g1)
		b.push(b.tile(g2), p, r)
		p, r = b.pair(g1)
		b.push(p, r, ct)
		*k += 2
	}
}

// build runs the three steps for the normalised formula p.
func build(p *Prep, mutate string) *builder {
	n, m := p.Vars, len(p.Clauses)
	b := &builder{
		mutate:  mutate,
		gidx:    map[string]int{},
		vx:      make([]int, n+1),
		vy:      make([]int, n+1),
		vt:      make([]int, n+1),
		vf:      make([]int, n+1),
		vtStack: make([]int, n+1),
		vfStack: make([]int, n+1),
		tk:      make([]int, n+1),
		fk:      make([]int, n+1),
		cx:      make([]int, m+1),
		cl:      make([][3]int, m+1),
	}
	b.tileGroup = make([]int, 0, 24+36*(n+m))
	b.stacks = make([][3]int, 0, 8+12*(n+m))
	b.step1()
	for i := 1; i <= n; i++ {
		b.variable(i, i > p.NumVars)
	}
	for j, c := range p.Clauses {
		b.clause(j+1, c)
	}
	return b
}
