package reduce

import (
	"fmt"

	"github.com/mjsat/mjsat/board"
)

// engine plays on the construction's stacks (builder tile indices): a tile is free when
// it is on top of its stack.
type engine struct {
	stacks  [][3]int
	group   []int
	members [][]int
	stackOf []int
	pos     []int
	top     []int // tiles removed from each stack
	gone    []bool
	left    int
	moves   [][2]int
}

func newEngine(stacks [][3]int, group []int, numGroups int) *engine {
	e := &engine{
		stacks:  stacks,
		group:   group,
		members: make([][]int, numGroups),
		stackOf: make([]int, len(group)),
		pos:     make([]int, len(group)),
		top:     make([]int, len(stacks)),
		gone:    make([]bool, len(group)),
		left:    len(group),
	}
	for s, st := range stacks {
		for q, t := range st {
			e.stackOf[t], e.pos[t] = s, q
		}
	}
	for t, g := range group {
		e.members[g] = append(e.members[g], t)
	}
	return e
}

func (e *engine) free(t int) bool { return !e.gone[t] && e.top[e.stackOf[t]] == e.pos[t] }

// play removes tiles a and b, which must be free and of one group.
func (e *engine) play(a, b int) error {
	if a == b || e.group[a] != e.group[b] || !e.free(a) || !e.free(b) {
		return fmt.Errorf("move of tiles %d and %d is not legal", a, b)
	}
	for _, t := range [2]int{a, b} {
		e.gone[t] = true
		e.top[e.stackOf[t]]++
	}
	e.left -= 2
	e.moves = append(e.moves, [2]int{a, b})
	return nil
}

// safeMove returns a move of group g that never strands a pair: a move is refused when
// the group's two other remaining tiles lie in one stack, since two tiles of one stack
// can never be removed together.
func (e *engine) safeMove(g int) (int, int, bool) {
	var rem, fr [4]int
	nr, nf := 0, 0
	for _, t := range e.members[g] {
		if e.gone[t] {
			continue
		}
		if nr == len(rem) {
			return 0, 0, false // not a group of four: leave it to the caller
		}
		rem[nr] = t
		nr++
		if e.free(t) {
			fr[nf] = t
			nf++
		}
	}
	for i := 0; i < nf; i++ {
		for j := i + 1; j < nf; j++ {
			a, b := fr[i], fr[j]
			var others []int
			for _, t := range rem[:nr] {
				if t != a && t != b {
					others = append(others, t)
				}
			}
			if len(others) == 2 && e.stackOf[others[0]] == e.stackOf[others[1]] {
				continue
			}
			return a, b, true
		}
	}
	return 0, 0, false
}

// greedy plays safe moves of the allowed groups until there are none.
func (e *engine) greedy(allowed func(g int) bool) {
	inQ := make([]bool, len(e.members))
	var queue []int
	push := func(g int) {
		if !inQ[g] && allowed(g) {
			inQ[g] = true
			queue = append(queue, g)
		}
	}
	for g := range e.members {
		push(g)
	}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		inQ[g] = false
		for {
			a, b, ok := e.safeMove(g)
			if !ok {
				break
			}
			_ = e.play(a, b) // both free, same group
			for _, t := range [2]int{a, b} {
				s := e.stackOf[t]
				if e.top[s] < 3 {
					push(e.group[e.stacks[s][e.top[s]]])
				}
			}
		}
	}
}

// PlayFromAssignment returns a winning play of the board for an assignment of the
// input formula's variables (indexed by variable, [0] unused) that satisfies it. Fresh
// variables of split clauses are set by the Map itself.
//
// The play follows the proof of Theorem 3: for each V_i, V_x goes with V_t (true) or
// V_f (false); the released chains, fillers and x-chain are cleared with safe moves
// only; each C_x goes with the C_j tile of a true literal; then SAT_x with SAT_y. The
// tail after the first SAT pair is planned too: only moves that leave the two
// remaining tiles of their group in different stacks are played (pairing the two free
// y1 tiles would strand the two y1 tiles of SAT_y's stack). On a one-level board each
// row's four c tiles are played as soon as its third tile is gone.
func (m *Map) PlayFromAssignment(assign []bool) (*board.Play, error) {
	if len(assign) < m.NumVars+1 {
		return nil, fmt.Errorf("assignment of length %d for %d variables (want length %d, [0] unused)", len(assign), m.NumVars, m.NumVars+1)
	}
	full := m.extend(assign)
	for j, c := range m.Prep.Clauses {
		if !c.Lits[0].True(full) && !c.Lits[1].True(full) && !c.Lits[2].True(full) {
			return nil, fmt.Errorf("input clause %d (3-clause %d): %w", c.From, j+1, errNotSatisfying)
		}
	}
	b := m.b
	e := newEngine(b.stacks, b.tileGroup, len(b.names))
	for i := 1; i <= m.Prep.Vars; i++ {
		partner := b.vf[i]
		if full[i] {
			partner = b.vt[i]
		}
		if err := e.play(b.vx[i], partner); err != nil {
			return nil, fmt.Errorf("variable %d: %w", i, err)
		}
	}
	preSAT := func(g int) bool {
		switch b.roles[g].Kind {
		case KindV, KindC, KindSAT:
			return false
		}
		return true
	}
	e.greedy(preSAT)
	for j := 1; j <= len(m.Prep.Clauses); j++ {
		played := false
		for _, t := range b.cl[j] {
			if e.free(t) && e.free(b.cx[j]) {
				if err := e.play(b.cx[j], t); err != nil {
					return nil, fmt.Errorf("clause %d: %w", j, err)
				}
				played = true
				break
			}
		}
		if !played {
			return nil, fmt.Errorf("clause %d: no C_j tile released for C_x (is the board mutated?)", j)
		}
	}
	e.greedy(preSAT)
	if err := e.play(b.satX, b.satY); err != nil {
		return nil, fmt.Errorf("first SAT pair: %w (is the board mutated?)", err)
	}
	e.greedy(func(int) bool { return true })
	if e.left != 0 {
		return nil, fmt.Errorf("internal error: the planned tail is stuck with %d tiles left", e.left)
	}
	return &board.Play{Format: board.PlayFormat, Solvable: true, Status: "solvable", Moves: m.boardMoves(e)}, nil
}

// boardMoves turns engine moves into board tile-id pairs, adding each row's filler
// moves on a one-level board.
func (m *Map) boardMoves(e *engine) [][2]int {
	out := make([][2]int, 0, len(m.idOf)/2*7/3+1)
	for _, mv := range e.moves {
		out = append(out, [2]int{m.idOf[mv[0]], m.idOf[mv[1]]})
		if !m.Flat {
			continue
		}
		for _, t := range mv {
			if e.pos[t] == 2 { // the row's r tile: its c tiles are now playable
				f := m.Fillers[e.stackOf[t]]
				out = append(out, [2]int{f[0], f[3]}, [2]int{f[1], f[2]})
			}
		}
	}
	return out
}

// AssignmentFromPlay reads the assignment that a play of the board chooses: V_i is
// true iff V_x was paired with V_t, false iff with V_f. The play must be legal and
// contain a SAT pair, and every V_x must be played before the first SAT pair (which a
// winning play of an unmutated board always does). It returns the values of the input
// variables, indexed by variable ([0] unused). For a winning play the result satisfies
// the formula (Theorem 3).
func (m *Map) AssignmentFromPlay(p *board.Play) ([]bool, error) {
	if p == nil {
		return nil, fmt.Errorf("no play")
	}
	byX := make(map[int]int, m.Prep.Vars)
	for i := 1; i <= m.Prep.Vars; i++ {
		byX[m.VarTiles[i].X] = i
	}
	partner := make([]int, m.Prep.Vars+1)
	when := make([]int, m.Prep.Vars+1)
	played := make([]bool, m.Prep.Vars+1)
	s := m.Board.NewState()
	firstSAT := -1
	for k, mv := range p.Moves {
		if err := s.Apply(p.Moves[k : k+1]); err != nil {
			if me, ok := err.(*board.MoveError); ok {
				me.Move = k
				return nil, me
			}
			return nil, err
		}
		for q := range 2 {
			if i, ok := byX[mv[q]]; ok {
				partner[i], when[i], played[i] = mv[1-q], k, true
			}
		}
		if i, _ := m.Board.Index(mv[0]); firstSAT < 0 && m.Board.Tiles[i].Group == "SAT" {
			firstSAT = k
		}
	}
	if firstSAT < 0 {
		return nil, fmt.Errorf("the play removes no SAT pair, so it fixes no assignment")
	}
	full := make([]bool, m.Prep.Vars+1)
	for i := 1; i <= m.Prep.Vars; i++ {
		vt := m.VarTiles[i]
		switch {
		case !played[i]:
			return nil, fmt.Errorf("variable %d: V_x (tile %d) is never played", i, vt.X)
		case when[i] > firstSAT:
			return nil, fmt.Errorf("variable %d: V_x (tile %d) is played after the first SAT pair (move %d)", i, vt.X, when[i]+1)
		case partner[i] == vt.T:
			full[i] = true
		case partner[i] == vt.F:
			full[i] = false
		default:
			return nil, fmt.Errorf("variable %d: V_x (tile %d) is paired with tile %d, neither V_t (%d) nor V_f (%d)", i, vt.X, partner[i], vt.T, vt.F)
		}
	}
	return full[:m.NumVars+1], nil
}
