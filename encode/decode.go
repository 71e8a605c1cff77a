package encode

import (
	"fmt"
	"sort"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
)

// Decode turns a model into a winning play and checks it with [board.Board.Replay].
// The model is indexed by variable as in [cnf.ReadModel]: model[v] is the value of
// variable v, model[0] is unused; a longer model is accepted. An error means the model
// does not satisfy the encoding.
func (e *Encoding) Decode(model []bool) (*board.Play, error) {
	if len(model) < len(e.vars)+1 {
		return nil, fmt.Errorf("decode: model has %d variables, the encoding %d", len(model)-1, len(e.vars))
	}
	val := func(l cnf.Lit) bool {
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
func (e *Encoding) when(t int, val func(cnf.Lit) bool) int {
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
