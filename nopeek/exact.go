package nopeek

import (
	"errors"
	"fmt"

	"github.com/mjsat/mjsat/board"
)

// MaxExactTiles and MaxExactStates bound [Exact]: the information states of a board
// grow exponentially with its tiles.
const (
	MaxExactTiles  = 40
	MaxExactStates = 4_000_000
)

// ErrTooBig is the error of a board too big for [Exact].
var ErrTooBig = errors.New("too big for exact values without peeking")

// Values are the exact win probabilities without peeking from a board's first view:
// the optimal player's, and each policy's.
type Values struct {
	Optimal  float64            `json:"optimal"`
	Policies map[string]float64 `json:"policies"`
}

// Exact computes the win probability without peeking of the optimal player and of
// the policies random, greedy and debondt, from the view of b's initial position:
// the faces b shows are known, those of its hidden tiles are any assignment of the
// groups left, all equally likely (b's own hidden faces play no part). It is an
// expectimax over the player's information states, for boards of at most
// MaxExactTiles tiles and MaxExactStates states.
func Exact(b *board.Board) (Values, error) {
	if b.N() > MaxExactTiles {
		return Values{}, fmt.Errorf("%d tiles: %w (at most %d)", b.N(), ErrTooBig, MaxExactTiles)
	}
	g, err := NewGame(b)
	if err != nil {
		return Values{}, err
	}
	out := Values{Policies: map[string]float64{}}
	e := &expectimax{memo: map[string]float64{}}
	if out.Optimal, err = e.value(g.v); err != nil {
		return Values{}, err
	}
	for _, p := range []Policy{Random{}, Greedy{}, DeBondt{}} {
		e := &expectimax{policy: p, memo: map[string]float64{}}
		if out.Policies[p.Name()], err = e.value(g.v); err != nil {
			return Values{}, err
		}
	}
	return out, nil
}

// expectimax is the value of information states under a policy (nil: the optimal
// player), memoized by state.
type expectimax struct {
	policy Policy
	memo   map[string]float64
}

// key identifies v's information state: the tiles gone and the faces seen.
func key(v *View) string {
	buf := make([]byte, 2*v.N())
	for i, f := range v.face {
		x := uint16(f + 2) // 1: hidden, 2 on: a face
		if v.gone[i] {
			x = 0
		}
		buf[2*i], buf[2*i+1] = byte(x), byte(x>>8)
	}
	return string(buf)
}

// value returns the win probability from v.
func (e *expectimax) value(v *View) (float64, error) {
	if v.Remaining() == 0 {
		return 1, nil
	}
	k := key(v)
	if x, ok := e.memo[k]; ok {
		return x, nil
	}
	if len(e.memo) >= MaxExactStates {
		return 0, fmt.Errorf("more than %d states: %w", MaxExactStates, ErrTooBig)
	}
	var choices []Choice
	if e.policy == nil {
		choices = uniform(v.Matches())
	} else {
		var err error
		if choices, err = e.policy.Choose(v, nil); err != nil {
			return 0, err
		}
	}
	x := 0.0
	for _, c := range choices {
		y, err := e.after(v, c.Move)
		if err != nil {
			return 0, err
		}
		if e.policy == nil {
			x = max(x, y)
		} else {
			x += c.P * y
		}
	}
	e.memo[k] = x
	return x, nil
}

// after returns the expected value of playing m from v, over the faces it reveals:
// drawn from the hidden tiles' faces without replacement, every assignment equally
// likely.
func (e *expectimax) after(v *View, m [2]int) (float64, error) {
	rev := v.unseen(m[0], m[1])
	pool := v.pool()
	unseen := 0
	for _, n := range pool {
		unseen += int(n)
	}
	faces := make([]int16, len(rev))
	var walk func(k int, p float64) (float64, error)
	walk = func(k int, p float64) (float64, error) {
		if k == len(rev) {
			w := v.clone()
			w.remove(m[0], m[1], rev, faces)
			y, err := e.value(w)
			return p * y, err
		}
		sum := 0.0
		for g := range pool {
			if pool[g] == 0 {
				continue
			}
			q := float64(pool[g]) / float64(unseen-k)
			pool[g]--
			faces[k] = int16(g)
			y, err := walk(k+1, p*q)
			pool[g]++
			if err != nil {
				return 0, err
			}
			sum += y
		}
		return sum, nil
	}
	return walk(0, 1)
}
