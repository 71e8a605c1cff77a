package nopeek

import (
	"context"
	"slices"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/solver"
)

// Sample is a strong player that does not peek but imagines: perfect-information
// Monte Carlo. It draws K assignments of the unseen faces to the hidden tiles, each
// uniform among those that agree with what it knows, decides with the exact native
// solver which of its moves keep each imagined board winnable, and plays the move
// that does in the most of them. Among equals it plays the one that uncovers the most
// hidden tiles, as what the player sees settles later choices that the samples can
// only guess at; then the one that frees the most tiles, as [Greedy] does; then the
// first in the order of [View.Matches]. Its draws come from the game's random numbers,
// so a game is the same for the same seed; it has no time limit inside.
type Sample struct {
	K int // samples a move (at least 1)
	// Refine is how many more rounds of K samples may break a tie at the top score,
	// each among the moves still tied (0: none). At small K nearly every choice is a
	// tie that the tie-break, not the samples, settles; more rounds spend samples only
	// where they decide something.
	Refine int
	// Ctx, when set, stops the solves: Choose then fails with its error. (A game
	// stops only where the one who plays it says; the page stops its odds this way.)
	Ctx context.Context
}

// Name returns "sample".
func (Sample) Name() string { return "sample" }

// Choose returns the move that keeps the most sampled boards winnable.
func (s Sample) Choose(v *View, rng *board.Rand) ([]Choice, error) {
	moves := v.Matches()
	if len(moves) <= 1 {
		return uniform(moves), nil
	}
	hidden := v.Hidden()
	var pool []int16
	for g, n := range v.pool() {
		for range n {
			pool = append(pool, int16(g))
		}
	}
	ctx := s.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	score := make([]int, len(moves))
	faces := slices.Clone(v.face)
	cand := make([]bool, len(moves))
	for k := range cand {
		cand[k] = true
	}
	round := func() error {
		for range max(s.K, 1) {
			rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
			for k, t := range hidden {
				faces[t] = pool[k]
			}
			now, err := v.imagine(faces, -1, -1)
			if err != nil {
				return err
			}
			res, err := solver.Solve(ctx, now, solver.Options{Seed: 1})
			if err == nil {
				err = ctx.Err()
			}
			if err != nil {
				return err
			}
			if res.Status != board.Solvable {
				continue // no move wins this board
			}
			// Taking tiles away only frees others, so a move that a winning play of this
			// board makes later can be made first and the rest of that play still wins:
			// each of the moves open now that a known winning play makes is a winning
			// move, with no solve (TestAnyPairOfAWinFirst).
			wins := map[[2]int]bool{}
			known := func(play [][2]int) {
				for _, p := range play {
					wins[p], wins[[2]int{p[1], p[0]}] = true, true
				}
			}
			known(res.Moves)
			for k, m := range moves {
				if !cand[k] {
					continue
				}
				id := [2]int{v.geo.Tiles[m[0]].ID, v.geo.Tiles[m[1]].ID}
				if wins[id] {
					score[k]++
					continue
				}
				after, err := v.imagine(faces, m[0], m[1])
				if err != nil {
					return err
				}
				if after.N() == 0 {
					score[k]++
					continue
				}
				r, err := solver.Solve(ctx, after, solver.Options{Seed: 1})
				if err == nil {
					err = ctx.Err()
				}
				if err != nil {
					return err
				}
				if r.Status == board.Solvable {
					score[k]++
					known(r.Moves) // m, then this play: a winning play of the board
				}
			}
		}
		return nil
	}
	if err := round(); err != nil {
		return nil, err
	}
	// Rounds among the moves tied at the top score, their scores added up.
	for range s.Refine {
		best, n := -1, 0
		for k := range moves {
			if cand[k] && score[k] > best {
				best, n = score[k], 0
			}
			if cand[k] && score[k] == best {
				n++
			}
		}
		if n <= 1 {
			break
		}
		for k := range moves {
			cand[k] = cand[k] && score[k] == best
		}
		if err := round(); err != nil {
			return nil, err
		}
	}
	// The most winnable; among equals, the one that uncovers the most, then the one that
	// frees the most (many moves keep every imagined board winnable, as the solver of
	// each sees all its faces).
	top := slices.Index(cand, true)
	key := func(k int) [3]int {
		return [3]int{score[k], len(v.unseen(moves[k][0], moves[k][1])), v.frees(moves[k])}
	}
	best := key(top)
	for k := top + 1; k < len(moves); k++ {
		if !cand[k] || score[k] < score[top] {
			continue
		}
		if c := key(k); slices.Compare(c[:], best[:]) > 0 {
			top, best = k, c
		}
	}
	return []Choice{{moves[top], 1}}, nil
}

// imagine returns the board of the tiles in play, less i and j (-1: none), with
// faces as given: a board the player imagines, not the game's.
func (v *View) imagine(faces []int16, i, j int) (*board.Board, error) {
	tiles := make([]board.Tile, 0, v.Remaining())
	for k, t := range v.geo.Tiles {
		if !v.gone[k] && k != i && k != j {
			t.Group = v.groups[faces[k]]
			tiles = append(tiles, t)
		}
	}
	return board.New("imagined", tiles, nil)
}
