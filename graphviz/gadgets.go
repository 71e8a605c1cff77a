package graphviz

import (
	"fmt"
	"strings"

	"github.com/emicklei/dot"
	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/reduce"
)

// gadgetRole is a group's place in the construction.
type gadgetRole struct {
	kind          string
	v, clause, ix int
	fresh         bool
}

// Gadgets draws the gadgets view of s, whose board must come from the reduction (its
// meta holds {"reduction": …}): the group graph of the Groups view (an edge p → q for
// each stack in which a p tile lies directly on a q tile; on a one-level board, for each
// row in which a p tile is the left neighbour of a q tile, the row fillers c left out),
// with one cluster per variable gadget (V_i with its t, f, a and b groups), one per
// clause gadget (C_j, labelled with its literals), one for the x-chain and one for the
// y-chain; SAT stands alone. Edges at key tiles are labelled: SAT_x, SAT_y, V_x, V_t,
// V_f, V_y, C_x and lit1..lit3 (the clause's literal tiles).
func Gadgets(s *board.State) (*Drawing, error) {
	b := s.Board()
	red, err := reduce.ReadMeta(b)
	if err != nil {
		return nil, fmt.Errorf("the gadgets view needs a board made by reduce: %w", err)
	}
	roles, err := gadgetRoles(b, red)
	if err != nil {
		return nil, err
	}
	key, err := keyTiles(b, red)
	if err != nil {
		return nil, err
	}

	var cols [][]int
	if red.Flat {
		cols = rows(s, func(i int) bool { return roles[b.Group(i)].kind == "c" })
	} else {
		gg, err := newGroupGraph(s)
		if err != nil {
			return nil, fmt.Errorf("meta says stacks, but: %w", err)
		}
		cols = gg.stacks
	}

	d := header(s, ViewGadgets)
	g := d.Graph
	g.Attr("compound", "true")
	src := red.Source
	if src == "" {
		src = "a formula"
	}
	d.comment("reduction of %s: n=%d variables, m=%d clauses; the board encodes %d variables and %d 3-clauses", src, red.NumVars, red.NumClauses, red.Vars, len(red.Prep.Clauses))
	if red.Flat {
		d.comment("one-level board: each row p q r c c c c is drawn as p on q on r, its fillers c left out")
	}
	d.comment("edge p -> q: a p tile lies directly on a q tile; labels name the key tiles; filled nodes: a move of that group is available")

	count := make([]int, b.NumGroups())
	tops := make([]int, b.NumGroups())
	for _, col := range cols {
		for _, i := range col {
			count[b.Group(i)]++
		}
		tops[b.Group(col[0])]++
	}

	clusters := &gadgetClusters{g: g, clauses: red.Prep.Clauses, of: map[string]*dot.Graph{}}
	nodes := gadgetNodes(b, roles, count, tops, clusters)
	for _, col := range cols {
		for k := 0; k+1 < len(col); k++ {
			up, lo := col[k], col[k+1]
			e := g.Edge(nodes[b.Group(up)], nodes[b.Group(lo)]).
				Attr("tooltip", fmt.Sprintf("tile %d on tile %d", b.Tiles[up].ID, b.Tiles[lo].ID))
			// A key tile labels its edge downwards, or upwards from the bottom of a stack.
			label, ok := key[b.Tiles[up].ID]
			if !ok && k+2 == len(col) {
				label, ok = key[b.Tiles[lo].ID]
			}
			if ok {
				e.Attr("label", label).Attr("fontsize", "10")
			}
		}
	}
	return d, nil
}

// rows returns, for a one-level board, every maximal row of touching tiles still on the
// board, left to right (the order in which they can go), without the tiles skip selects.
// A row starts at a tile without left neighbour and follows first right neighbours.
func rows(s *board.State, skip func(int) bool) [][]int {
	b := s.Board()
	var out [][]int
	for i := range b.Tiles {
		if len(b.Left(i)) > 0 {
			continue
		}
		var row []int
		for j := i; ; {
			if !s.Gone(j) && !skip(j) {
				row = append(row, j)
			}
			r := b.Right(j)
			if len(r) == 0 {
				break
			}
			j = r[0]
		}
		if len(row) > 0 {
			out = append(out, row)
		}
	}
	return out
}

// gadgetRoles returns every group's role in the construction, from the meta.
func gadgetRoles(b *board.Board, red *reduce.Meta) ([]gadgetRole, error) {
	roles := make([]gadgetRole, b.NumGroups())
	for g := range roles {
		r, ok := red.Groups[b.GroupName(g)]
		if !ok {
			return nil, fmt.Errorf("meta.reduction.groups: no role for group %q", b.GroupName(g))
		}
		roles[g] = gadgetRole{r.Kind, r.Var, r.Clause, r.Index, r.Fresh}
	}
	return roles, nil
}

// keyTiles returns the label of every key tile of the construction (SAT_x, V_t, lit2,
// ...) by tile id, checking that each is on the board.
func keyTiles(b *board.Board, red *reduce.Meta) (map[int]string, error) {
	type keyTile struct {
		field string
		id    int
		label string
	}
	keys := []keyTile{{"SAT_x", red.SATX, "SAT_x"}, {"SAT_y", red.SATY, "SAT_y"}}
	for i, v := range red.VarTiles {
		f := fmt.Sprintf("V[%d]", i)
		keys = append(keys, keyTile{f + ".x", v.X, "V_x"}, keyTile{f + ".t", v.T, "V_t"},
			keyTile{f + ".f", v.F, "V_f"}, keyTile{f + ".y", v.Y, "V_y"})
	}
	for j, c := range red.ClauseTiles {
		f := fmt.Sprintf("C[%d]", j)
		keys = append(keys, keyTile{f + ".x", c.X, "C_x"})
		for l, id := range c.Lits {
			keys = append(keys, keyTile{fmt.Sprintf("%s.lits[%d]", f, l), id, fmt.Sprintf("lit%d", l+1)})
		}
	}
	key := map[int]string{}
	for _, k := range keys {
		if _, ok := b.Index(k.id); !ok {
			return nil, fmt.Errorf("meta.reduction.%s: no tile with id %d", k.field, k.id)
		}
		key[k.id] = k.label
	}
	return key, nil
}

// gadgetClusters makes the drawing's clusters on first use, so that they come in a
// fixed order: x-chain, y-chain, variables, clauses.
type gadgetClusters struct {
	g       *dot.Graph
	clauses []reduce.Clause3
	of      map[string]*dot.Graph
}

// key names the cluster of a role, sorted as the clusters are ("" for none).
func (gadgetClusters) key(r gadgetRole) string {
	switch r.kind {
	case "x":
		return "1 x-chain"
	case "y":
		return "2 y-chain"
	case "V", "t", "f", "a", "b":
		return fmt.Sprintf("3 variable %07d", r.v)
	case "C":
		return fmt.Sprintf("4 clause %07d", r.clause)
	}
	return ""
}

// cluster returns the graph that a group of role r is drawn in.
func (cs *gadgetClusters) cluster(r gadgetRole) *dot.Graph {
	k := cs.key(r)
	if k == "" {
		return cs.g
	}
	if c, ok := cs.of[k]; ok {
		return c
	}
	c := cs.g.Subgraph(k, dot.ClusterOption{})
	switch r.kind {
	case "x":
		c.Label("x-chain").Attr("color", "blue")
	case "y":
		c.Label("y-chain").Attr("color", "darkgreen")
	case "C":
		label := fmt.Sprintf("clause C%d", r.clause)
		if r.clause >= 1 && r.clause <= len(cs.clauses) {
			var lits []string
			for _, l := range cs.clauses[r.clause-1].Lits {
				if l < 0 {
					lits = append(lits, fmt.Sprintf("¬v%d", -l))
				} else {
					lits = append(lits, fmt.Sprintf("v%d", l))
				}
			}
			label += " = (" + strings.Join(lits, " ∨ ") + ")"
		}
		c.Label(label).Attr("color", "orangered")
	default:
		label := fmt.Sprintf("variable v%d", r.v)
		if r.fresh {
			label += " (fresh, from a split clause)"
		}
		c.Label(label).Attr("color", "purple")
	}
	cs.of[k] = c
	return c
}

// gadgetNodes draws a node for every group with tiles left, in its cluster, shaped by
// its role and filled when a move of it is available.
func gadgetNodes(b *board.Board, roles []gadgetRole, count, tops []int, cs *gadgetClusters) []dot.Node {
	nodes := make([]dot.Node, b.NumGroups())
	for p, c := range count {
		if c == 0 {
			continue
		}
		r := roles[p]
		n := cs.cluster(r).Node(fmt.Sprintf("g%07d", p)).
			Label(fmt.Sprintf("%s (%d)", b.GroupName(p), c)).
			Attr("tooltip", fmt.Sprintf("group %s, role %s: %d tiles left, %d on top", b.GroupName(p), r.kind, c, tops[p]))
		switch r.kind {
		case "SAT":
			n.Attr("shape", "doubleoctagon").Attr("penwidth", "2")
		case "V", "C":
			n.Attr("shape", "box").Attr("penwidth", "2")
		case "a", "b":
			n.Attr("shape", "ellipse").Attr("style", "dashed")
		}
		if tops[p] >= 2 {
			if r.kind == "a" || r.kind == "b" {
				n.Attr("style", "filled,dashed")
			} else {
				n.Attr("style", "filled")
			}
			n.Attr("fillcolor", playableFill)
		}
		nodes[p] = n
	}
	return nodes
}
