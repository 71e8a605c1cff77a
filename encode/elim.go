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
)

// edgeLits are the literals of a directed edge: le "no later than", lt "strictly
// before" (lt implies le). litFalse: absent.
type edgeLits struct{ le, lt int }

// encodeElim adds the vertex-elimination encoding.
//
// When explicit is set (Explain), every base edge gets a variable of its own, implied by
// a clause that carries the rule's reason, instead of folding constant edges away.
func (e *Encoding) encodeElim(above [][]int, explicit bool) {
	b := e.b
	n := b.N()
	out := make([]map[int]*edgeLits, n) // out[u][w]
	in := make([]map[int]*edgeLits, n)  // in[w][u], the same pointers
	for t := range out {
		out[t] = map[int]*edgeLits{}
		in[t] = map[int]*edgeLits{}
	}
	get := func(u, w int) *edgeLits {
		if el, ok := out[u][w]; ok {
			return el
		}
		el := &edgeLits{litFalse, litFalse}
		out[u][w], in[w][u] = el, el
		return el
	}
	owned := map[*int]bool{}
	// Base edges. A strict edge with literal λ has le = lt = λ.
	strict := func(u, t, enable int) {
		el := get(u, t)
		if explicit {
			x := e.newVar(vLt, u, t, 0)
			e.add(-enable, x)
			enable = x
			owned[&el.le], owned[&el.lt] = true, true
		}
		el.le, el.lt = enable, enable
	}
	for t := 0; t < n; t++ {
		for _, u := range above[t] {
			e.because(KindCover, u, t)
			strict(u, t, litTrue)
		}
		e.sides(t, strict)
	}
	for g := range e.cands {
		for _, c := range e.cands[g] {
			p := litTrue
			if c.v != 0 {
				p = c.v
			}
			for _, d := range [2][2]int{{c.i, c.j}, {c.j, c.i}} {
				el := get(d[0], d[1])
				if explicit && el.le == litFalse {
					x := e.newVar(vLe, d[0], d[1], 0)
					e.because(KindSameMove, c.i, c.j)
					e.add(-p, x)
					el.le = x
					owned[&el.le] = true
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
	// own gives an edge's literal a variable of its own (implied by the base literal
	// it had), so that shortcuts implying it never force a pairing or a side.
	own := func(slot *int, kind varKind, u, w int) {
		if owned[slot] || *slot == litTrue {
			return
		}
		v := e.newVar(kind, u, w, 0)
		if *slot != litFalse {
			e.add(-*slot, v)
		}
		*slot = v
		owned[slot] = true
	}
	// derive makes lit(u, w) true when both premises are.
	derive := func(u, w int, strict bool, p, q int) {
		if p == litFalse || q == litFalse {
			return
		}
		el := get(u, w)
		if strict {
			if el.lt == litTrue {
				return
			}
			if !owned[&el.lt] {
				own(&el.le, vLe, u, w)
				own(&el.lt, vLt, u, w)
				e.add(-el.lt, el.le)
			}
			e.add(-p, -q, el.lt)
			return
		}
		if el.le == litTrue {
			return
		}
		own(&el.le, vLe, u, w)
		e.add(-p, -q, el.le)
	}
	gone := make([]bool, n)
	fill := func(v int) int {
		a, c := 0, 0
		for u := range in[v] {
			if !gone[u] {
				a++
			}
		}
		for w := range out[v] {
			if !gone[w] {
				c++
			}
		}
		return a * c
	}
	// The next tile to eliminate has the least fill, the lowest index among equals: a
	// heap with stale entries skipped, so that a board of n tiles costs O(n log n)
	// steps here rather than a pass over all tiles per elimination.
	cost := make([]int, n)
	h := make(fillHeap, n)
	for v := range cost {
		cost[v] = fill(v)
		h[v] = [2]int{cost[v], v}
	}
	heap.Init(&h)
	for step := 0; step < n; step++ {
		v := -1
		for v < 0 {
			top := heap.Pop(&h).([2]int)
			if t := top[1]; !gone[t] && cost[t] == top[0] {
				v = t
			}
		}
		gone[v] = true
		us := liveKeys(in[v], gone)
		ws := liveKeys(out[v], gone)
		for _, u := range us {
			uv := in[v][u]
			for _, w := range ws {
				vw := out[v][w]
				e.because(KindOrder, u, v, w)
				if u == w { // no strict cycle u → v → u
					e.add(-uv.lt, -vw.le)
					e.add(-uv.le, -vw.lt)
					continue
				}
				derive(u, w, false, uv.le, vw.le)
				derive(u, w, true, uv.lt, vw.le)
				derive(u, w, true, uv.le, vw.lt)
			}
		}
		touched := map[int]bool{}
		for _, u := range us {
			touched[u] = true
		}
		for _, w := range ws {
			touched[w] = true
		}
		for t := range touched {
			if c := fill(t); c != cost[t] {
				cost[t] = c
				heap.Push(&h, [2]int{c, t})
			}
		}
	}
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
