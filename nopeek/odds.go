package nopeek

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/board"
)

// Odds plays games games of policy p from the position of b after the moves prefix
// (tile ids), each on b with the faces the player has not seen at that position dealt
// again at random among the hidden tiles (a board the player cannot tell from b), and
// returns how many it won: an estimate of the policy's chance without peeking from
// there. Game k draws from seed+k. When ctx ends it returns the games so far.
func Odds(ctx context.Context, b *board.Board, prefix [][2]int, p Policy, games int, seed uint64) (won, played int, err error) {
	g, err := NewGame(b)
	if err != nil {
		return 0, 0, err
	}
	idx := make([][2]int, len(prefix))
	for k, m := range prefix {
		i, ok1 := b.Index(m[0])
		j, ok2 := b.Index(m[1])
		if !ok1 || !ok2 {
			return 0, 0, fmt.Errorf("move %d %v: no such tile", k+1, m)
		}
		if err := g.Play(i, j); err != nil {
			return 0, 0, fmt.Errorf("move %d %v: %w", k+1, m, err)
		}
		idx[k] = [2]int{i, j}
	}
	hidden := g.v.Hidden()
	for k := range games {
		if ctx.Err() != nil {
			return won, played, ctx.Err()
		}
		rng := board.NewRand(seed + uint64(k))
		tiles := append([]board.Tile(nil), b.Tiles...)
		rng.Shuffle(len(hidden), func(x, y int) {
			tiles[hidden[x]].Group, tiles[hidden[y]].Group = tiles[hidden[y]].Group, tiles[hidden[x]].Group
		})
		truth, err := board.New(b.Name, tiles, b.Meta)
		if err != nil {
			return won, played, err
		}
		w, err := playFrom(truth, idx, p, rng)
		if err != nil {
			return won, played, err
		}
		played++
		if w {
			won++
		}
	}
	return won, played, nil
}

// playFrom plays b from the position after prefix (indices) by p.
func playFrom(b *board.Board, prefix [][2]int, p Policy, rng *board.Rand) (bool, error) {
	g, err := NewGame(b)
	if err != nil {
		return false, err
	}
	for _, m := range prefix {
		if err := g.Play(m[0], m[1]); err != nil {
			return false, err
		}
	}
	return g.finish(p, rng)
}
