package encode

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
)

// Method names an encoding of the rules into CNF.
type Method string

// The encodings. [Elim] is the default: see the package documentation for the
// comparison that chose it.
const (
	// Rank: a pairing variable per candidate pair, a binary removal rank per tile, and
	// strict "removed before" comparators for covers and for the freed side of a tile.
	Rank Method = "rank"
	// Elim: a pairing variable per candidate pair and the vertex-elimination encoding
	// of "the precedence graph has no strict cycle".
	Elim Method = "elim"
	// Time: time-indexed, one "removed by step s" variable per tile and step, for as many
	// steps as the board has pairs.
	Time Method = "time"
)

// Methods lists the encodings in the order they are documented.
var Methods = []Method{Elim, Rank, Time}

// MaxLiterals bounds the size of an encoding; [Encode] fails beyond it rather than
// exhausting memory (the time-indexed encoding of a reduced board would need hundreds
// of millions).
const MaxLiterals = 200_000_000

// Options choose the encoding.
type Options struct {
	// Method is the encoding; "" means [Elim].
	Method Method
	// NoPrune keeps candidate pairs that can never be played together (one tile lies
	// above the other, directly or through other tiles), and in [Elim] gives every
	// rule a clause of its own instead of folding constants away: then every reason
	// for a lost board is a clause, which is what [Explain] needs.
	NoPrune bool
	// RankBits widens the ranks of the [Rank] encoding to this many bits; 0 (or fewer
	// than needed) means just enough to number the board's pairs. [Explain] numbers the
	// tiles instead, so that no core can rest on the width of the ranks.
	RankBits int
}

// Kind is the rule a clause comes from; see [Reason].
type Kind uint8

// The rules the clauses encode.
const (
	// KindPartner: a tile is removed with exactly one partner of its group.
	KindPartner Kind = iota
	// KindSameMove: two partners are removed by the same move.
	KindSameMove
	// KindCover: a tile above another is removed strictly before it.
	KindCover
	// KindNeighbour: a tile with neighbours on both sides is freed on one side (a
	// variable per tile chooses it): the neighbours there are removed strictly before.
	KindNeighbour
	// KindOrder: the order itself: time steps are monotone ([Time]), "before" is
	// transitive along tiles u, v, w and never goes both ways ([Elim]).
	KindOrder
)

var kindNames = [...]string{"partner", "same-move", "cover", "neighbour", "order"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Reason records which rule, and which tiles (board indices), a clause encodes: the
// provenance that maps an unsatisfiable core back to the board.
type Reason struct {
	Kind  Kind
	Tiles []int // tile indices; for KindCover and KindNeighbour [blocker, blocked]
}

// pairCand is a candidate pair of a group: tiles i < j (indices) and the variable that
// says they are removed together (0: the pair is forced, a group of two).
type pairCand struct{ i, j, v int }

// varKind tells what a variable means, for Describe.
type varKind uint8

const (
	vRankBit varKind = iota // a: tile, k: bit
	vPair                   // a, b: tiles
	vCmp                    // a, b: tiles, k: bit
	vSide                   // a: tile, k: 0 left, 1 right
	vGone                   // a: tile, k: step
	vLe                     // a, b: tiles
	vLt                     // a, b: tiles
)

type varInfo struct {
	kind varKind
	a, b int32
	k    int32
}

// Encoding is a board encoded as CNF: the models of [Encoding.Clauses] are exactly the
// winning plays of the board (up to the order of moves that could be swapped).
type Encoding struct {
	b      *board.Board
	method Method

	vars    []varInfo // vars[v-1]
	lits    []int     // all clauses, back to back
	start   []int     // clause c is lits[start[c]:start[c+1]]
	prov    []int32   // clause c comes from reasons[prov[c]]
	reasons []Reason

	cands   [][]pairCand // per group
	partner [][]int      // per tile: indices into cands[group] that contain the tile

	bits  int   // Rank: bits per rank
	rank0 int   // Rank: rank bit k of tile t is rank0 + t*bits + k
	steps int   // Time: steps K (removal steps 1..K)
	gone0 int   // Time: "tile t gone by step s" (1 ≤ s < K) is gone0 + t*(K-1) + s-1
	side  []int // per tile: variable "freed on the left" (0 when no choice)

	cur     int          // reason of the clauses being added
	formula *cnf.Formula // built by Formula
}

// Encode encodes b. Boards with groups of any even size are accepted; groups of two and
// four are the usual ones.
func Encode(b *board.Board, opts Options) (*Encoding, error) {
	if b == nil {
		return nil, errors.New("encode: nil board")
	}
	m := opts.Method
	if m == "" {
		m = Elim
	}
	e := &Encoding{b: b, method: m, start: []int{0}}
	n := b.N()
	e.side = make([]int, n)
	above := reducedAbove(b)
	e.pairing(!opts.NoPrune)
	switch m {
	case Rank:
		if err := e.checkSize(int64(n) * 64 * 40); err != nil {
			return nil, err
		}
		e.encodeRank(above, opts.RankBits)
	case Elim:
		e.encodeElim(above, opts.NoPrune)
		e.reverseVars()
	case Time:
		k := n / 2
		if err := e.checkSize(int64(n) * int64(k) * 12); err != nil {
			return nil, err
		}
		e.encodeTime(above)
	default:
		return nil, fmt.Errorf("encode: unknown method %q (want %s)", m, methodList())
	}
	return e, nil
}

func methodList() string {
	s := make([]string, len(Methods))
	for i, m := range Methods {
		s[i] = string(m)
	}
	return strings.Join(s, " or ")
}

// ParseMethod returns the method named s.
func ParseMethod(s string) (Method, error) {
	for _, m := range Methods {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown encoding %q (want %s)", s, methodList())
}

func (e *Encoding) checkSize(estimate int64) error {
	if estimate > MaxLiterals {
		return fmt.Errorf("encode: the %s encoding of %d tiles would need about %d literals, more than the limit of %d",
			e.method, e.b.N(), estimate, MaxLiterals)
	}
	return nil
}

// reducedAbove returns, per tile, the tiles above it that are not above another tile
// above it: the transitive reduction of the cover relation, which implies the rest.
func reducedAbove(b *board.Board) [][]int {
	out := make([][]int, b.N())
	for t := range out {
		ab := b.Above(t)
		in := make(map[int]bool, len(ab))
		for _, u := range ab {
			in[u] = true
		}
		for _, u := range ab {
			redundant := false
			for _, w := range ab {
				if w != u && contains(b.Above(w), u) {
					redundant = true
					break
				}
			}
			if !redundant {
				out[t] = append(out[t], u)
			}
		}
	}
	return out
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// reverseVars renumbers the variables last-created-first. Solvers that break ties in
// their branching heuristic by variable number (gophersat does, and every variable
// starts with the same activity) then branch on the elimination's last shortcut edges,
// which order the most connected tiles, before the first ones and the pairings; on the
// reductions that makes gophersat several times faster (docs/perf.md). Models mean the
// same; only the numbers change.
func (e *Encoding) reverseVars() {
	n := len(e.vars)
	re := func(l int) int {
		switch {
		case l == litTrue || l == litFalse || l == 0:
			return l
		case l > 0:
			return n + 1 - l
		default:
			return -(n + 1 + l)
		}
	}
	for i := range e.lits {
		e.lits[i] = re(e.lits[i])
	}
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		e.vars[i], e.vars[j] = e.vars[j], e.vars[i]
	}
	for g := range e.cands {
		for c := range e.cands[g] {
			e.cands[g][c].v = re(e.cands[g][c].v)
		}
	}
	for t := range e.side {
		e.side[t] = re(e.side[t])
	}
}

// newVar allocates a variable.
func (e *Encoding) newVar(kind varKind, a, b, k int) int {
	e.vars = append(e.vars, varInfo{kind, int32(a), int32(b), int32(k)})
	return len(e.vars)
}

// because starts a new reason for the clauses that follow.
func (e *Encoding) because(k Kind, tiles ...int) {
	e.reasons = append(e.reasons, Reason{Kind: k, Tiles: tiles})
	e.cur = len(e.reasons) - 1
}

// litTrue and litFalse are constant literals that add simplifies away.
const (
	litTrue  = int(^uint(0) >> 1)
	litFalse = -litTrue
)

// add appends a clause, dropping false literals and skipping satisfied clauses.
func (e *Encoding) add(lits ...int) {
	at := len(e.lits)
	for _, l := range lits {
		switch l {
		case litTrue:
			e.lits = e.lits[:at]
			return
		case litFalse:
			continue
		}
		e.lits = append(e.lits, l)
	}
	e.start = append(e.start, len(e.lits))
	e.prov = append(e.prov, int32(e.cur))
}

// pairing creates the candidate pairs of every group and the clauses that give each
// tile exactly one partner.
func (e *Encoding) pairing(prune bool) {
	b := e.b
	e.cands = make([][]pairCand, b.NumGroups())
	e.partner = make([][]int, b.N())
	for g := 0; g < b.NumGroups(); g++ {
		m := b.Members(g)
		var cs []pairCand
		for x, i := range m {
			for _, j := range m[x+1:] {
				if prune && (b.Over(i, j) != nil || b.Over(j, i) != nil) {
					continue
				}
				cs = append(cs, pairCand{i: i, j: j})
			}
		}
		covered := map[int]bool{}
		for _, c := range cs {
			covered[c.i], covered[c.j] = true, true
		}
		if len(covered) < len(m) { // pruning left a tile without partner: keep all
			cs = cs[:0]
			for x, i := range m {
				for _, j := range m[x+1:] {
					cs = append(cs, pairCand{i: i, j: j})
				}
			}
		}
		if len(m) > 2 {
			for c := range cs {
				cs[c].v = e.newVar(vPair, cs[c].i, cs[c].j, 0)
			}
		}
		e.cands[g] = cs
		for c, pc := range cs {
			e.partner[pc.i] = append(e.partner[pc.i], c)
			e.partner[pc.j] = append(e.partner[pc.j], c)
		}
		if len(m) == 2 {
			continue
		}
		for _, t := range m {
			pc := e.partner[t]
			tiles := []int{t}
			lits := make([]int, len(pc))
			for x, c := range pc {
				tiles = append(tiles, other(cs[c], t))
				lits[x] = cs[c].v
			}
			e.because(KindPartner, tiles...)
			e.add(lits...)
			for x := range pc {
				for y := x + 1; y < len(pc); y++ {
					e.because(KindPartner, t, other(cs[pc[x]], t), other(cs[pc[y]], t))
					e.add(-lits[x], -lits[y])
				}
			}
		}
	}
}

func other(c pairCand, t int) int {
	if c.i == t {
		return c.j
	}
	return c.i
}

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
	for g := range e.cands {
		for _, c := range e.cands[g] {
			e.because(KindSameMove, c.i, c.j)
			en := litTrue
			if c.v != 0 {
				en = c.v
			}
			for k := 0; k < e.bits; k++ {
				ri, rj := e.rankVar(c.i, k), e.rankVar(c.j, k)
				e.add(-en, -ri, rj)
				e.add(-en, ri, -rj)
			}
		}
	}
	for t := 0; t < n; t++ {
		for _, u := range above[t] {
			e.because(KindCover, u, t)
			e.less(u, t, litTrue)
		}
		e.sides(t, func(l, t, enable int) { e.less(l, t, enable) })
	}
}

// sides adds the left-or-right choice of tile t, calling before(l, t, enable) for every
// neighbour l that must go before t when enable holds.
func (e *Encoding) sides(t int, before func(l, t, enable int)) {
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

func (e *Encoding) rankVar(t, k int) int { return e.rank0 + t*e.bits + k }

// less adds enable → rank(u) < rank(t), comparing from the most significant bit with a
// chain of "still equal above bit k" variables.
func (e *Encoding) less(u, t, enable int) {
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
	for g := range e.cands {
		for _, c := range e.cands[g] {
			e.because(KindSameMove, c.i, c.j)
			en := litTrue
			if c.v != 0 {
				en = c.v
			}
			for s := 1; s < K; s++ {
				gi, gj := e.goneVar(c.i, s), e.goneVar(c.j, s)
				e.add(-en, -gi, gj)
				e.add(-en, gi, -gj)
			}
		}
	}
	before := func(u, t, enable int) {
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
func (e *Encoding) goneVar(t, s int) int {
	switch {
	case s <= 0:
		return litFalse
	case s >= e.steps:
		return litTrue
	}
	return e.gone0 + t*(e.steps-1) + s - 1
}

// Board returns the encoded board.
func (e *Encoding) Board() *board.Board { return e.b }

// Method returns the encoding used.
func (e *Encoding) Method() Method { return e.method }

// NumVars returns the number of variables.
func (e *Encoding) NumVars() int { return len(e.vars) }

// NumClauses returns the number of clauses.
func (e *Encoding) NumClauses() int { return len(e.prov) }

// NumLiterals returns the total length of the clauses.
func (e *Encoding) NumLiterals() int { return len(e.lits) }

// Clause returns clause c (0-based) as DIMACS literals. The slice is shared.
func (e *Encoding) Clause(c int) []int { return e.lits[e.start[c]:e.start[c+1]] }

// Reason returns the rule and tiles clause c encodes.
func (e *Encoding) Reason(c int) Reason { return e.reasons[e.prov[c]] }

// Clauses returns a copy of all clauses as DIMACS literals.
func (e *Encoding) Clauses() [][]int {
	out := make([][]int, e.NumClauses())
	for c := range out {
		out[c] = append([]int(nil), e.Clause(c)...)
	}
	return out
}

// Formula returns the encoding as a formula whose comments name the board and, one line
// per variable, what each variable means ("v 12: rank of tile 3, bit 0"). The formula is
// built once and shared: do not modify it.
func (e *Encoding) Formula() *cnf.Formula {
	f := &cnf.Formula{NumVars: len(e.vars), Clauses: make([]cnf.Clause, e.NumClauses())}
	if e.formula != nil {
		return e.formula
	}
	lits := make([]cnf.Lit, len(e.lits))
	for x, l := range e.lits {
		lits[x] = cnf.Lit(l)
	}
	for c := range f.Clauses {
		f.Clauses[c] = lits[e.start[c]:e.start[c+1]:e.start[c+1]]
	}
	f.Comments = append(f.Comments, e.header()...)
	for v := 1; v <= len(e.vars); v++ {
		f.Comments = append(f.Comments, fmt.Sprintf("v %d: %s", v, e.Describe(v)))
	}
	e.formula = f
	return f
}

// header returns the comment lines that introduce the encoding.
func (e *Encoding) header() []string {
	name := e.b.Name
	if name == "" {
		name = "(unnamed)"
	}
	return []string{
		fmt.Sprintf("mahjong board %s: %d tiles, %d groups", strings.ReplaceAll(name, "\n", " "), e.b.N(), e.b.NumGroups()),
		fmt.Sprintf("encoding %s: %d variables, %d clauses; models are the winning plays (mjsat encode -decode)", e.method, len(e.vars), e.NumClauses()),
	}
}

// Describe says what variable v (1-based) means, naming tiles by id.
func (e *Encoding) Describe(v int) string {
	if v < 1 || v > len(e.vars) {
		return fmt.Sprintf("no variable %d", v)
	}
	in := e.vars[v-1]
	id := func(t int32) int { return e.b.Tiles[t].ID }
	switch in.kind {
	case vRankBit:
		return fmt.Sprintf("rank of tile %d, bit %d", id(in.a), in.k)
	case vPair:
		return fmt.Sprintf("tiles %d and %d (group %s) are removed together", id(in.a), id(in.b), e.b.Tiles[in.a].Group)
	case vCmp:
		return fmt.Sprintf("rank of tile %d < rank of tile %d on bits %d..0", id(in.a), id(in.b), in.k)
	case vSide:
		return fmt.Sprintf("tile %d is freed on the left (else on the right)", id(in.a))
	case vLe:
		return fmt.Sprintf("tile %d goes no later than tile %d", id(in.a), id(in.b))
	case vLt:
		return fmt.Sprintf("tile %d goes strictly before tile %d", id(in.a), id(in.b))
	case vGone:
		return fmt.Sprintf("tile %d is gone after step %d", id(in.a), in.k)
	}
	return fmt.Sprintf("variable %d", v)
}

// Decode turns a model into a winning play and checks it with [board.Board.Replay].
// The model is indexed by variable as in [cnf.ReadModel]: model[v] is the value of
// variable v, model[0] is unused; a longer model is accepted. An error means the model
// does not satisfy the encoding.
func (e *Encoding) Decode(model []bool) (*board.Play, error) {
	if len(model) < len(e.vars)+1 {
		return nil, fmt.Errorf("decode: model has %d variables, the encoding %d", len(model)-1, len(e.vars))
	}
	val := func(l int) bool {
		switch l {
		case litTrue:
			return true
		case litFalse:
			return false
		}
		if l < 0 {
			return !model[-l]
		}
		return model[l]
	}
	b := e.b
	type move struct{ i, j, when int }
	var moves []move
	for g := range e.cands {
		used := map[int]bool{}
		for _, c := range e.cands[g] {
			if c.v != 0 && !val(c.v) {
				continue
			}
			if used[c.i] || used[c.j] {
				return nil, fmt.Errorf("decode: group %s: tile %d has two partners", b.GroupName(g), b.Tiles[c.i].ID)
			}
			used[c.i], used[c.j] = true, true
			moves = append(moves, move{c.i, c.j, e.when(c.i, val)})
		}
		if len(used) != len(b.Members(g)) {
			return nil, fmt.Errorf("decode: group %s: some tiles have no partner", b.GroupName(g))
		}
	}
	sort.Slice(moves, func(p, q int) bool {
		if moves[p].when != moves[q].when {
			return moves[p].when < moves[q].when
		}
		return moves[p].i < moves[q].i
	})
	play := &board.Play{Format: board.PlayFormat, Solvable: true, Status: "solvable", Moves: make([][2]int, 0, len(moves))}
	if e.method == Elim {
		// The model fixes the pairing and an acyclic precedence graph; any order that
		// plays a playable move first follows it (removing tiles frees others).
		s := b.NewState()
		for left := len(moves); left > 0; {
			progress := false
			for k, m := range moves {
				if m.when < 0 || !s.Playable(m.i) || !s.Playable(m.j) {
					continue
				}
				s.Remove(m.i, m.j)
				moves[k].when = -1
				play.Moves = append(play.Moves, [2]int{b.Tiles[m.i].ID, b.Tiles[m.j].ID})
				left--
				progress = true
			}
			if !progress {
				return nil, fmt.Errorf("decode: the model's pairing leaves %d moves blocked", left)
			}
		}
	} else {
		for _, m := range moves {
			play.Moves = append(play.Moves, [2]int{b.Tiles[m.i].ID, b.Tiles[m.j].ID})
		}
	}
	if err := b.Replay(play); err != nil {
		return nil, fmt.Errorf("decode: the model's play does not replay: %w", err)
	}
	return play, nil
}

// when returns the removal time of tile t in a model: its rank, or its step.
func (e *Encoding) when(t int, val func(int) bool) int {
	switch e.method {
	case Elim:
		return 0
	case Rank:
		r := 0
		for k := e.bits - 1; k >= 0; k-- {
			r <<= 1
			if val(e.rankVar(t, k)) {
				r |= 1
			}
		}
		return r
	default:
		for s := 1; s < e.steps; s++ {
			if val(e.goneVar(t, s)) {
				return s
			}
		}
		return e.steps
	}
}
