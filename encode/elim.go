package encode

// The vertex-elimination encoding of acyclicity (after Rankooh and Rintanen, 2022): the
// tiles are the vertices of a graph whose edges say "tile u goes strictly before tile w"
// (covers, and the neighbours on the freeing side) or "u goes no later than w"
// (partners, both ways). The graph of a winning play has no cycle through a strict
// edge. Eliminating the vertices one by one, every path u → v → w through the
// eliminated v gets a shortcut edge u → w, strict when either half is; a strict cycle
// then shows up as a strict self-loop at the elimination of its second-to-last vertex,
// which a clause forbids. Vertices are eliminated in order of least fill (in-degree ×
// out-degree), which keeps the shortcuts few on sparse boards.

import (
	"container/heap"
	"sort"

	"github.com/mjsat/mjsat/cnf"
)

// edgeLits are the literals of a directed edge: le "no later than", lt "strictly
// before" (lt implies le). litFalse: absent.
type edgeLits struct{ le, lt cnf.Lit }

// encodeElim adds the vertex-elimination encoding; it gives up, reporting false, once
// the encoding has more than budget clauses (0: no budget).
//
// When explicit is set (Explain), every base edge gets a variable of its own, implied by
// a clause that carries the rule's reason, instead of folding constant edges away.
func (e *Encoding) encodeElim(above [][]int, explicit bool, budget int) bool {
	g := newElimGraph(e, e.b.N(), explicit)
	g.baseEdges(above)
	g.partnerEdges()
	return g.eliminate(budget)
}

// elimGraph is the graph of "no later than" and "strictly before" edges between tiles
// that the elimination works on, with the literal of each edge.
type elimGraph struct {
	e        *Encoding
	explicit bool
	out, in  []map[int]*edgeLits // out[u][w] and in[w][u], the same pointers
	owned    map[*cnf.Lit]bool   // edge literals that are variables of their own
	gone     []bool              // eliminated tiles
}

func newElimGraph(e *Encoding, n int, explicit bool) *elimGraph {
	g := &elimGraph{e: e, explicit: explicit, out: make([]map[int]*edgeLits, n), in: make([]map[int]*edgeLits, n),
		owned: map[*cnf.Lit]bool{}, gone: make([]bool, n)}
	for t := range g.out {
		g.out[t] = map[int]*edgeLits{}
		g.in[t] = map[int]*edgeLits{}
	}
	return g
}

// get returns the literals of edge u → w, adding the edge (absent: litFalse) if new.
func (g *elimGraph) get(u, w int) *edgeLits {
	if el, ok := g.out[u][w]; ok {
		return el
	}
	el := &edgeLits{litFalse, litFalse}
	g.out[u][w], g.in[w][u] = el, el
	return el
}

// strict adds the base edge u → t, strict, with literal enable (le = lt = enable).
func (g *elimGraph) strict(u, t int, enable cnf.Lit) {
	el := g.get(u, t)
	if g.explicit {
		x := g.e.newVar(vLt, u, t, 0)
		g.e.add(-enable, x)
		enable = x
		g.owned[&el.le], g.owned[&el.lt] = true, true
	}
	el.le, el.lt = enable, enable
}

// baseEdges adds the covers (a tile before the tiles under it) and the sides.
func (g *elimGraph) baseEdges(above [][]int) {
	for t := range above {
		for _, u := range above[t] {
			g.e.because(KindCover, u, t)
			g.strict(u, t, litTrue)
		}
		g.e.sides(t, g.strict)
	}
}

// partnerEdges adds "no later than" both ways between the two tiles of every candidate
// pair, under the pair's literal.
func (g *elimGraph) partnerEdges() {
	e := g.e
	for grp := range e.cands {
		for _, c := range e.cands[grp] {
			p := litTrue
			if c.v != 0 {
				p = c.v
			}
			for _, d := range [2][2]int{{c.i, c.j}, {c.j, c.i}} {
				el := g.get(d[0], d[1])
				if g.explicit && el.le == litFalse {
					x := e.newVar(vLe, d[0], d[1], 0)
					e.because(KindSameMove, c.i, c.j)
					e.add(-p, x)
					el.le = x
					g.owned[&el.le] = true
				} else if el.le == litFalse {
					el.le = p
				} else if el.le != litTrue { // a strict edge already: no later if either holds
					v := e.newVar(vLe, d[0], d[1], 0)
					e.because(KindSameMove, c.i, c.j)
					e.add(-p, v)
					e.because(KindNeighbour, d[0], d[1])
					e.add(-el.le, v)
					el.le = v
				}
			}
		}
	}
}

// own gives an edge's literal a variable of its own (implied by the base literal it
// had), so that shortcuts implying it never force a pairing or a side.
func (g *elimGraph) own(slot *cnf.Lit, kind varKind, u, w int) {
	if g.owned[slot] || *slot == litTrue {
		return
	}
	v := g.e.newVar(kind, u, w, 0)
	if *slot != litFalse {
		g.e.add(-*slot, v)
	}
	*slot = v
	g.owned[slot] = true
}

// derive makes lit(u, w) true when both premises are.
func (g *elimGraph) derive(u, w int, strict bool, p, q cnf.Lit) {
	if p == litFalse || q == litFalse {
		return
	}
	e := g.e
	el := g.get(u, w)
	if strict {
		if el.lt == litTrue {
			return
		}
		if !g.owned[&el.lt] {
			g.own(&el.le, vLe, u, w)
			g.own(&el.lt, vLt, u, w)
			e.add(-el.lt, el.le)
		}
		e.add(-p, -q, el.lt)
		return
	}
	if el.le == litTrue {
		return
	}
	g.own(&el.le, vLe, u, w)
	e.add(-p, -q, el.le)
}

// fill is v's in-degree times its out-degree among the tiles not yet eliminated: the
// number of shortcuts its elimination adds at most.
func (g *elimGraph) fill(v int) int {
	a, c := 0, 0
	for u := range g.in[v] {
		if !g.gone[u] {
			a++
		}
	}
	for w := range g.out[v] {
		if !g.gone[w] {
			c++
		}
	}
	return a * c
}

// eliminate removes the tiles one by one, least fill first (the lowest index among
// equals), adding a shortcut u → w for every path u → v → w through the tile v it
// removes, and forbidding a strict cycle u → v → u. The next tile comes from a heap
// with stale entries skipped, so that a board of n tiles costs O(n log n) steps here
// rather than a pass over all tiles per elimination. It stops, reporting false, once
// the encoding has more than budget clauses (0: no budget).
func (g *elimGraph) eliminate(budget int) bool {
	e := g.e
	n := len(g.out)
	cost := make([]int, n)
	h := make(fillHeap, n)
	for v := range cost {
		cost[v] = g.fill(v)
		h[v] = [2]int{cost[v], v}
	}
	heap.Init(&h)
	for step := 0; step < n; step++ {
		if budget > 0 && e.cb.NumClauses() > budget {
			return false
		}
		v := -1
		for v < 0 {
			top := heap.Pop(&h).([2]int)
			if t := top[1]; !g.gone[t] && cost[t] == top[0] {
				v = t
			}
		}
		g.gone[v] = true
		us := liveKeys(g.in[v], g.gone)
		ws := liveKeys(g.out[v], g.gone)
		for _, u := range us {
			uv := g.in[v][u]
			for _, w := range ws {
				vw := g.out[v][w]
				e.because(KindOrder, u, v, w)
				if u == w { // no strict cycle u → v → u
					e.add(-uv.lt, -vw.le)
					e.add(-uv.le, -vw.lt)
					continue
				}
				g.derive(u, w, false, uv.le, vw.le)
				g.derive(u, w, true, uv.lt, vw.le)
				g.derive(u, w, true, uv.le, vw.lt)
			}
		}
		for _, t := range append(us, ws...) {
			if c := g.fill(t); c != cost[t] {
				cost[t] = c
				heap.Push(&h, [2]int{c, t})
			}
		}
	}
	return true
}

// fillHeap orders (fill, tile) pairs, least fill first, then lowest tile.
type fillHeap [][2]int

func (h fillHeap) Len() int { return len(h) }
func (h fillHeap) Less(i, j int) bool {
	return h[i][0] < h[j][0] || h[i][0] == h[j][0] && h[i][1] < h[j][1]
}
func (h fillHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *fillHeap) Push(x any)   { *h = append(*h, x.([2]int)) }
func (h *fillHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// liveKeys returns the keys of m not yet eliminated, increasing.
func liveKeys(m map[int]*edgeLits, gone []bool) []int {
	var out []int
	for k, el := range m {
		if !gone[k] && el.le != litFalse {
			out = append(out, k)
		}
	}
	sort.Ints(out)
	return out
}
