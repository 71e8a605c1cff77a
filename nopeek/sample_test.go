package nopeek

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/reference"
	"github.com/mjsat/mjsat/solver"
)

// TestSampleScoresLazily checks the sample player's choice against the choice made
// with every count: each move scored on every imagined board, drawn with the same
// random numbers, and the best taken by the rule of Sample's doc comment (the most
// boards kept winnable, then the most hidden tiles uncovered, then the most tiles
// freed, then the first). The player stops scoring a move once it cannot win, and
// must choose the same move. Positions are part-way through random games: on random
// stacks, decided by an exhaustive search, where moves differ in what they keep; on
// turtle deals, decided by the native solver, where they differ in what they free.
func TestSampleScoresLazily(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	d, err := board.NewDealer(instances.Turtle())
	if err != nil {
		t.Fatal(err)
	}
	exhaustiveWin := func(b *board.Board) bool { // shares no code with the solver
		v, _, _, err := reference.Exhaustive(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		return v == board.Solvable
	}
	solved := func(b *board.Board) bool {
		res, err := solver.Solve(context.Background(), b, solver.Options{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		return res.Status == board.Solvable
	}
	var differ, tiedFrees int // positions whose moves scored differently; tied at the top but freed differently
	for trial := range 80 {
		b, decide, steps := randomStacks(t, rng, 7, 4), exhaustiveWin, rng.IntN(4)
		if trial%2 == 1 {
			b, decide, steps = d.Deal(uint64(trial)), solved, 10+rng.IntN(30)
		}
		g, err := NewGame(b)
		if err != nil {
			t.Fatal(err)
		}
		for range steps {
			if ms := g.View().Matches(); len(ms) > 0 {
				m := ms[rng.IntN(len(ms))]
				if err := g.Play(m[0], m[1]); err != nil {
					t.Fatal(err)
				}
			}
		}
		v := g.View()
		if len(v.Matches()) < 2 {
			continue
		}
		const k = 6
		seed := uint64(trial)
		got, err := Sample{K: k}.Choose(v, board.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		want, scores := chooseCountingAll(t, v, board.NewRand(seed), k, decide)
		if len(got) != 1 || got[0].Move != want {
			t.Fatalf("trial %d: sample chose %v, every count gives %v (scores %v)\n%s", trial, got, want, scores, stacksText(b))
		}
		if slices.Min(scores) != slices.Max(scores) {
			differ++
		}
		top, frees := slices.Max(scores), map[int]bool{}
		for i, m := range v.Matches() {
			if scores[i] == top {
				frees[v.frees(m)] = true
			}
		}
		if len(frees) > 1 {
			tiedFrees++
		}
	}
	if differ < 10 || tiedFrees < 10 {
		t.Fatalf("%d positions whose moves scored differently, %d whose best freed differently: the test says little", differ, tiedFrees)
	}
}

// chooseCountingAll is the sample player's choice with every move scored on every
// board: the reference for TestSampleScoresLazily. It returns the move and the scores.
func chooseCountingAll(t *testing.T, v *View, rng *board.Rand, k int, decide func(*board.Board) bool) ([2]int, []int) {
	moves := v.Matches()
	tl := newTally(v, rng, moves)
	scores := make([]int, len(moves))
	for range k {
		tl.draw()
		for i, m := range moves {
			after, err := v.imagineFrom(nil, tl.faces, m[0], m[1])
			if err != nil {
				t.Fatal(err)
			}
			if after.N() == 0 || decide(after) {
				scores[i]++
			}
		}
	}
	key := func(i int) []int {
		m := moves[i]
		return []int{scores[i], len(v.unseen(m[0], m[1])), v.frees(m), -i}
	}
	best := 0
	for i := range moves {
		if slices.Compare(key(i), key(best)) > 0 {
			best = i
		}
	}
	return moves[best], scores
}
