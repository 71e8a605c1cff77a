package encode

import (
	"errors"
	"fmt"
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

// ElimBudget returns how many clauses the [Elim] encoding of a board of n tiles may
// take: 32 a tile, and at least 2^18. Vertex elimination is small where the stacks
// that groups tie together form chains or trees (de Bondt's reductions take 13 to 20
// clauses a tile, a turtle deal about 90 in all), and grows as the square of the board
// where groups tie stacks together at random (random deals of isolated stacks of
// height two: 54 a tile at 5,000 tiles, 390 at 20,000), where [Rank] stays at
// n log n.
func ElimBudget(n int) int { return max(1<<18, 32*n) }

// Options choose the encoding.
type Options struct {
	// Method is the encoding; "" means [Elim] where its size stays within
	// [ElimBudget], else [Rank] (see [Encode]).
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
type pairCand struct {
	i, j int
	v    cnf.Lit // the pair's variable; 0 for a forced pair
}

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

	vars    []varInfo   // vars[v-1]
	cb      cnf.Builder // the clauses
	clause  []cnf.Lit   // add's scratch
	prov    []int32     // clause c comes from reasons[prov[c]]
	reasons []Reason

	cands   [][]pairCand // per group
	partner [][]int      // per tile: indices into cands[group] that contain the tile

	bits  int       // Rank: bits per rank
	rank0 int       // Rank: rank bit k of tile t is rank0 + t*bits + k
	steps int       // Time: steps K (removal steps 1..K)
	gone0 int       // Time: "tile t gone by step s" (1 ≤ s < K) is gone0 + t*(K-1) + s-1
	side  []cnf.Lit // per tile: variable "freed on the left" (0 when no choice)

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
		// Elim while it stays small, else Rank: the elimination stops at its budget,
		// after work proportional to the budget, not to the square of the board.
		if e, err := encodeWith(b, Elim, opts); err == nil || !errors.Is(err, errOverBudget) {
			return e, err
		}
		m = Rank
	}
	e, err := encodeWith(b, m, opts)
	if errors.Is(err, errOverBudget) {
		return nil, fmt.Errorf("the elim encoding of %s passes %d clauses (%d tiles): its groups tie the stacks together too widely for vertex elimination; -encoding rank stays near-linear",
			boardName(b), ElimBudget(b.N()), b.N())
	}
	return e, err
}

// errOverBudget is the error of an [Elim] encoding that passed [ElimBudget].
var errOverBudget = errors.New("over budget")

// boardName names b in errors.
func boardName(b *board.Board) string {
	if b.Name == "" {
		return "the board"
	}
	return b.Name
}

// encodeWith encodes b with method m.
func encodeWith(b *board.Board, m Method, opts Options) (*Encoding, error) {
	e := &Encoding{b: b, method: m}
	n := b.N()
	e.side = make([]cnf.Lit, n)
	above := reducedAbove(b)
	e.pairing(!opts.NoPrune)
	switch m {
	case Rank:
		if err := e.checkSize(int64(n) * 64 * 40); err != nil {
			return nil, err
		}
		e.encodeRank(above, opts.RankBits)
	case Elim:
		budget := ElimBudget(n)
		if opts.NoPrune {
			budget = 0 // Explain's small boards
		}
		if !e.encodeElim(above, opts.NoPrune, budget) {
			return nil, errOverBudget
		}
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
	n1 := cnf.Lit(n + 1)
	re := func(l cnf.Lit) cnf.Lit {
		switch {
		case l == litTrue || l == litFalse || l == 0:
			return l
		case l > 0:
			return n1 - l
		default:
			return -(n1 + l)
		}
	}
	e.cb.Rename(re)
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
func (e *Encoding) newVar(kind varKind, a, b, k int) cnf.Lit {
	e.vars = append(e.vars, varInfo{kind, int32(a), int32(b), int32(k)})
	return e.cb.NewVar()
}

// because starts a new reason for the clauses that follow.
func (e *Encoding) because(k Kind, tiles ...int) {
	e.reasons = append(e.reasons, Reason{Kind: k, Tiles: tiles})
	e.cur = len(e.reasons) - 1
}

// litTrue and litFalse are constant literals that add simplifies away.
const (
	litTrue  = cnf.Lit(int(^uint(0) >> 1))
	litFalse = -litTrue
)

// add appends a clause, dropping false literals and skipping satisfied clauses.
func (e *Encoding) add(lits ...cnf.Lit) {
	e.clause = e.clause[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		e.clause = append(e.clause, l)
	}
	e.cb.Add(e.clause...)
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
			lits := make([]cnf.Lit, len(pc))
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
