package reduce

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
)

// Group kinds, the Kind of a [Role].
const (
	KindX   = "x"   // x-chain groups x_i: SAT_x waits for every V_x and C_x tile
	KindY   = "y"   // y-chain groups y_i: hold the V_y tiles until after the first SAT pair
	KindSAT = "SAT" // the key group
	KindV   = "V"   // variable V_i: tiles V_x, V_t, V_f, V_y
	KindT   = "t"   // t_{i,k}: chain released when V_i is set true
	KindF   = "f"   // f_{i,k}: chain released when V_i is set false
	KindC   = "C"   // clause C_j: tiles C_x and one per literal
	KindA   = "a"   // filler a_i closing the t_{i,1} and f_{i,1} groups
	KindB   = "b"   // filler b_i under the a_i tiles
	KindRow = "c"   // one-level boards only: the four filler tiles of one row
)

// Test-only mutations of the construction ([Options.Mutate]). They exist so that tests
// of other packages (verify, solvers) can check that they notice a broken gadget. A
// mutated board no longer encodes the formula; never use one for anything else.
const (
	// MutateFreeVY puts each V_y tile on top of its stack instead of below two y-tiles,
	// so V_x can be paired with V_y before the first SAT pair without choosing a truth
	// value: every board becomes solvable, also for unsatisfiable formulas, and
	// [Map.AssignmentFromPlay] fails on plays that use the shortcut.
	MutateFreeVY = "free-vy"
	// MutateFlipFirst wires the first literal of every clause to the chain of the
	// opposite polarity: the board encodes a different formula, so a model of the input
	// may give no play, and a winning play may map back to a non-model.
	MutateFlipFirst = "flip-first-literal"
)

// Options control [Reduce].
type Options struct {
	// Flat builds the one-level board of Corollary 4: every stack p q r becomes a row of
	// seven touching tiles p q r c c c c with a fresh group c per row.
	Flat bool
	// Source names the formula (a file name) in the board's name and meta.
	Source string
	// Columns is the number of stacks (rows, when Flat) per line of the grid layout;
	// 0 means about the square root of their number, so that a drawing is readable.
	Columns int
	// Mutate breaks the construction on purpose: "" (the default) or one of
	// [MutateFreeVY], [MutateFlipFirst]. Test-only.
	Mutate string
}

// Role is what a group stands for in the construction.
type Role struct {
	// Name is the group name on the board ("x3", "V2", "t2,5", "C7", …).
	Name string `json:"-"`
	// Kind is one of the Kind constants.
	Kind string `json:"role"`
	// Var is the variable of V, t, f, a and b groups.
	Var int `json:"var,omitempty"`
	// Clause is the (1-based, 3-CNF) clause of a C group.
	Clause int `json:"clause,omitempty"`
	// Index is i of x_i and y_i, k of t_{i,k} and f_{i,k}, and the stack of a row's
	// filler group c (1-based).
	Index int `json:"index,omitempty"`
	// Fresh marks a variable introduced by splitting a long clause.
	Fresh bool `json:"fresh,omitempty"`
}

// VarTiles are the ids of the four V_i tiles.
type VarTiles struct {
	X int `json:"x"` // above two x-tiles: must go before the first SAT pair
	T int `json:"t"` // above the t_i chain: paired with X means V_i true
	F int `json:"f"` // above the f_i chain: paired with X means V_i false
	Y int `json:"y"` // below two y-tiles: released only after the first SAT pair
}

// ClauseTiles are the ids of the four C_j tiles.
type ClauseTiles struct {
	X    int    `json:"x"`    // above two x-tiles: must go before the first SAT pair
	Lits [3]int `json:"lits"` // the tile at the end of each literal's chain
}

// Map is the correspondence between a formula and its board: the normalisation done,
// the role of every group, the key tiles and the stacks. It turns satisfying
// assignments into winning plays and back.
type Map struct {
	Prep
	// Source and Flat are as in [Options].
	Source string
	Flat   bool
	// Board is the board that Reduce built.
	Board *board.Board
	// Groups lists every group's role in order of first appearance on the board.
	Groups []Role
	// Stacks lists the tile ids of every stack of the construction, top tile first. On a
	// one-level board these are a row's tiles p, q, r (left to right, the order in
	// which they can go) and Fillers holds the row's four c tiles.
	Stacks  [][3]int
	Fillers [][4]int
	// VarTiles is indexed by variable 1..Prep.Vars ([0] unused), ClauseTiles by 3-CNF
	// clause 1..len(Prep.Clauses).
	VarTiles    []VarTiles
	ClauseTiles []ClauseTiles
	// SATX is the SAT tile below the x-chain, SATY the one above the two y1 tiles: the
	// first SAT pair.
	SATX, SATY int

	b         *builder
	stacksIdx [][3]int // builder tile indices per stack
	tileGroup []int    // builder tile -> group
	names     []string
	idOf      []int // builder tile -> board id
}

// Role returns the role of the named group.
func (m *Map) Role(group string) (Role, bool) {
	for _, r := range m.Groups {
		if r.Name == group {
			return r, true
		}
	}
	return Role{}, false
}

// Reduce builds de Bondt's Theorem 3 board for f (or the one-level board of
// Corollary 4 when opts.Flat), with its [Map]. It fails on an invalid formula, on an
// empty clause ([ErrEmptyClause]) and on an unknown mutation.
func Reduce(f *cnf.Formula, opts Options) (*board.Board, *Map, error) {
	switch opts.Mutate {
	case "", MutateFreeVY, MutateFlipFirst:
	default:
		return nil, nil, fmt.Errorf("unknown mutation %q (want %q or %q)", opts.Mutate, MutateFreeVY, MutateFlipFirst)
	}
	if opts.Columns < 0 {
		return nil, nil, fmt.Errorf("columns %d: must be positive (or 0 for automatic)", opts.Columns)
	}
	p, err := prepare(f)
	if err != nil {
		return nil, nil, err
	}
	// The size is known before anything is built: a header cannot make the
	// construction allocate what the limit forbids.
	if tiles := TileCount(p.Vars, len(p.Clauses), opts.Flat); tiles > board.MaxTiles {
		return nil, nil, fmt.Errorf("%d variables and %d clauses (after normalising) need %d tiles: more than the limit of %d",
			p.Vars, len(p.Clauses), tiles, board.MaxTiles)
	}
	bl := build(p, opts.Mutate)
	m := &Map{
		Prep:      *p,
		Source:    opts.Source,
		Flat:      opts.Flat,
		Groups:    bl.roles,
		stacksIdx: bl.stacks,
		tileGroup: bl.tileGroup,
		names:     bl.names,
		b:         bl,
	}
	tiles := m.layout(opts.Columns)
	m.idOf = make([]int, len(bl.tileGroup))
	per := 3
	if opts.Flat {
		per = 7
	}
	m.Stacks = make([][3]int, len(bl.stacks))
	for s, st := range bl.stacks {
		for q, t := range st {
			m.idOf[t] = per*s + q
			m.Stacks[s][q] = per*s + q
		}
		if opts.Flat {
			m.Fillers = append(m.Fillers, [4]int{7*s + 3, 7*s + 4, 7*s + 5, 7*s + 6})
		}
	}
	id := func(t int) int { return m.idOf[t] }
	m.VarTiles = make([]VarTiles, p.Vars+1)
	for i := 1; i <= p.Vars; i++ {
		m.VarTiles[i] = VarTiles{X: id(bl.vx[i]), T: id(bl.vt[i]), F: id(bl.vf[i]), Y: id(bl.vy[i])}
	}
	m.ClauseTiles = make([]ClauseTiles, len(p.Clauses)+1)
	for j := 1; j <= len(p.Clauses); j++ {
		m.ClauseTiles[j] = ClauseTiles{X: id(bl.cx[j]), Lits: [3]int{id(bl.cl[j][0]), id(bl.cl[j][1]), id(bl.cl[j][2])}}
	}
	m.SATX, m.SATY = id(bl.satX), id(bl.satY)
	meta, err := m.meta()
	if err != nil {
		return nil, nil, fmt.Errorf("meta: %w", err)
	}
	name := "reduced"
	if opts.Source != "" {
		name = opts.Source + " reduced"
	}
	if opts.Flat {
		name += " (one level)"
	}
	bd, err := board.New(name, tiles, meta)
	if err != nil {
		return nil, nil, fmt.Errorf("internal error: %w", err)
	}
	m.Board = bd
	return bd, m, nil
}

// TileCount returns the number of tiles of the board of a 3-CNF of vars variables
// and clauses clauses: 12 stacks of 3 per variable and per clause, and 8 more (one-level
// boards: 7 tiles per stack instead of 3).
func TileCount(vars, clauses int, flat bool) int {
	stacks := 8 + 12*(vars+clauses)
	if flat {
		return 7 * stacks
	}
	return 3 * stacks
}

// layout places the stacks on a grid, in construction order, line by line.
func (m *Map) layout(columns int) []board.Tile {
	ns := len(m.stacksIdx)
	if columns == 0 {
		units := float64(ns)
		if m.Flat {
			units /= 4 // a row is four times as wide as a stack's 4×4 cell
		}
		columns = max(1, int(math.Ceil(math.Sqrt(units))))
	}
	per := 3
	if m.Flat {
		per = 7
	}
	tiles := make([]board.Tile, 0, per*ns)
	for s, st := range m.stacksIdx {
		col, row := s%columns, s/columns
		y := 4 * row
		if !m.Flat {
			for q, t := range st {
				tiles = append(tiles, board.Tile{ID: 3*s + q, X: 4 * col, Y: y, Z: 2 - q, Group: m.names[m.tileGroup[t]]})
			}
			continue
		}
		x0 := 16 * col // 14 cells of row and a gap of 2: rows never touch
		for q, t := range st {
			tiles = append(tiles, board.Tile{ID: 7*s + q, X: x0 + 2*q, Y: y, Group: m.names[m.tileGroup[t]]})
		}
		c := "c" + strconv.Itoa(s+1)
		for q := 3; q < 7; q++ {
			tiles = append(tiles, board.Tile{ID: 7*s + q, X: x0 + 2*q, Y: y, Group: c})
		}
	}
	if m.Flat {
		for s := range m.stacksIdx {
			m.Groups = append(m.Groups, Role{Name: "c" + strconv.Itoa(s+1), Kind: KindRow, Index: s + 1})
		}
	}
	return tiles
}

// MetaVersion is the version of the [Meta] schema that Reduce writes. It grows when
// a field changes meaning; readers refuse versions they do not know.
const MetaVersion = 1

// Meta is the "reduction" object of a reduced board's meta ({"reduction": …}): what
// the board was built from and the role of its groups and key tiles. Reduce writes it;
// every reader of a reduced board (the gadgets drawing, encode -stats, the certificate
// routes) reads it with [ReadMeta].
type Meta struct {
	Version int    `json:"version"`
	Source  string `json:"source,omitempty"`
	Flat    bool   `json:"flat"`
	Prep
	Stacks      int             `json:"stacks"`
	Groups      map[string]Role `json:"groups"` // by group name
	SATX        int             `json:"SAT_x"`
	SATY        int             `json:"SAT_y"`
	VarTiles    []VarTiles      `json:"V"` // variable i at [i-1]
	ClauseTiles []ClauseTiles   `json:"C"` // 3-CNF clause j at [j-1]
}

// metaDoc is the board's meta: {"reduction": …}.
type metaDoc struct {
	Reduction *Meta `json:"reduction"`
}

// ErrNotReduced is returned by [ReadMeta] for a board without a reduction meta.
var ErrNotReduced = errors.New("not a board made by reduce (its meta has no \"reduction\")")

// ReadMeta returns the reduction meta of b, with every Role's Name set from its key.
func ReadMeta(b *board.Board) (*Meta, error) {
	var d metaDoc
	if len(b.Meta) > 0 {
		if err := json.Unmarshal(b.Meta, &d); err != nil {
			return nil, fmt.Errorf("meta: %w", err)
		}
	}
	if d.Reduction == nil {
		return nil, ErrNotReduced
	}
	m := d.Reduction
	// Boards written before the schema had a version carry none: theirs is version 1.
	if m.Version != MetaVersion && m.Version != 0 {
		return nil, fmt.Errorf("meta.reduction.version %d: this program reads version %d", m.Version, MetaVersion)
	}
	for name, r := range m.Groups {
		r.Name = name
		m.Groups[name] = r
	}
	return m, nil
}

func (m *Map) meta() (json.RawMessage, error) {
	d := metaDoc{Reduction: &Meta{
		Version:  MetaVersion,
		Source:   m.Source,
		Flat:     m.Flat,
		Prep:     m.Prep,
		Stacks:   len(m.Stacks),
		Groups:   make(map[string]Role, len(m.Groups)),
		SATX:     m.SATX,
		SATY:     m.SATY,
		VarTiles: m.VarTiles[1:],
	}}
	d.Reduction.ClauseTiles = m.ClauseTiles[1:]
	for _, r := range m.Groups {
		d.Reduction.Groups[r.Name] = r
	}
	if d.Reduction.Prep.Clauses == nil {
		d.Reduction.Prep.Clauses = []Clause3{}
	}
	return json.Marshal(d) // map keys are sorted: deterministic
}

// errNotSatisfying is wrapped by PlayFromAssignment when the assignment is no model.
var errNotSatisfying = errors.New("assignment does not satisfy the formula")
