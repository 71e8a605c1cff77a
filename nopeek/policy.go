package nopeek

import (
	"fmt"
	"slices"

	"github.com/mjsat/mjsat/board"
)

// Choice is a move a policy may play, with the probability that it does.
type Choice struct {
	Move [2]int // tile indices
	P    float64
}

// Policy chooses moves from what the player knows. Choose returns the moves it may
// play from v with their probabilities (summing to 1), none when v has no match; rng
// is the game's, for a policy that draws random numbers of its own (Sample), so that
// a game is the same for the same seed. A policy sees nothing but the [View]: it
// cannot peek.
type Policy interface {
	Name() string
	Choose(v *View, rng *board.Rand) ([]Choice, error)
}

// Policies returns the policies by name: random, greedy, debondt, and sample with k
// samples and the native solver (see [Sample]).
func Policies(k int) map[string]Policy {
	return map[string]Policy{"random": Random{}, "greedy": Greedy{}, "debondt": DeBondt{}, "sample": Sample{K: k}}
}

// uniform gives the moves equal probabilities.
func uniform(moves [][2]int) []Choice {
	out := make([]Choice, len(moves))
	for k, m := range moves {
		out[k] = Choice{m, 1 / float64(len(moves))}
	}
	return out
}

// Random plays each available match with equal probability.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose returns every match, equally likely.
func (Random) Choose(v *View, _ *board.Rand) ([]Choice, error) { return uniform(v.Matches()), nil }

// Greedy plays the match that frees the most tiles (tiles in play that are not free
// before the move and are after it), as a person who keeps as many choices open as
// possible; equals equally likely.
type Greedy struct{}

// Name returns "greedy".
func (Greedy) Name() string { return "greedy" }

// Choose returns the matches that free the most tiles.
func (Greedy) Choose(v *View, _ *board.Rand) ([]Choice, error) {
	return uniform(best(v.Matches(), func(m [2]int) int { return v.frees(m) })), nil
}

// frees counts the tiles that removing m makes free.
func (v *View) frees(m [2]int) int {
	var was []int
	for _, k := range m {
		for _, u := range slices.Concat(v.geo.Below(k), v.geo.Left(k), v.geo.Right(k)) {
			if !v.gone[u] && !slices.Contains(was, u) && !v.Free(u) {
				was = append(was, u)
			}
		}
	}
	v.gone[m[0]], v.gone[m[1]] = true, true
	n := 0
	for _, u := range was {
		if v.Free(u) {
			n++
		}
	}
	v.gone[m[0]], v.gone[m[1]] = false, false
	return n
}

// best returns the moves of the highest score.
func best(moves [][2]int, score func([2]int) int) [][2]int {
	var out [][2]int
	top := 0
	for _, m := range moves {
		switch s := score(m); {
		case len(out) == 0 || s > top:
			out, top = [][2]int{m}, s
		case s == top:
			out = append(out, m)
		}
	}
	return out
}

// DeBondt is the strategy of de Bondt's Theorem 5, optimal without peeking on
// layouts of isolated stacks of heights one and two: choose any group that has a
// match, then remove a match of that group with the most tiles not on the ground.
// Here the group is drawn uniformly among those with a match, and the match among the
// group's best; it is played on any layout.
type DeBondt struct{}

// Name returns "debondt".
func (DeBondt) Name() string { return "debondt" }

// Choose returns, for each group with a match, its matches of the most tiles above
// the ground.
func (DeBondt) Choose(v *View, _ *board.Rand) ([]Choice, error) {
	byGroup := map[int16][][2]int{}
	var order []int16
	for _, m := range v.Matches() {
		g := v.face[m[0]]
		if _, ok := byGroup[g]; !ok {
			order = append(order, g)
		}
		byGroup[g] = append(byGroup[g], m)
	}
	var out []Choice
	for _, g := range order {
		top := best(byGroup[g], func(m [2]int) int {
			n := 0
			for _, k := range m {
				if v.geo.Tiles[k].Z > 0 {
					n++
				}
			}
			return n
		})
		for _, m := range top {
			out = append(out, Choice{m, 1 / float64(len(order)) / float64(len(top))})
		}
	}
	return out, nil
}

// ByName returns the policy called name (k samples for sample).
func ByName(name string, k int) (Policy, error) {
	p, ok := Policies(k)[name]
	if !ok {
		return nil, fmt.Errorf("no policy %q: want random, greedy, debondt or sample", name)
	}
	return p, nil
}
