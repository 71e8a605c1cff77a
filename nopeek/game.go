package nopeek

import (
	"fmt"

	"github.com/mjsat/mjsat/board"
)

// Game is a game played without peeking: the board, whose faces only the game knows,
// and the player's [View] of it, which the game shows a face in only when its tile is
// seen.
type Game struct {
	b      *board.Board
	v      *View
	record *[][2]int // the moves played, as tile ids, when set
}

// NewGame starts a game of b: every group must have an even number of tiles.
func NewGame(b *board.Board) (*Game, error) {
	v, err := newView(b)
	if err != nil {
		return nil, err
	}
	for i := range v.face {
		if !v.covered(i, v.gone) {
			v.face[i] = v.group(b.Tiles[i].Group)
		}
	}
	return &Game{b: b, v: v}, nil
}

// View returns what the player knows now. It changes as the game goes on.
func (g *Game) View() *View { return g.v }

// Won reports whether every tile has been removed.
func (g *Game) Won() bool { return g.v.Remaining() == 0 }

// Play removes tiles i and j (indices): two free tiles of one group.
func (g *Game) Play(i, j int) error {
	v := g.v
	switch {
	case i == j || i < 0 || j < 0 || i >= v.N() || j >= v.N():
		return fmt.Errorf("nopeek: no move (%d, %d)", i, j)
	case !v.Free(i) || !v.Free(j):
		return fmt.Errorf("nopeek: tiles %d and %d are not both free", g.b.Tiles[i].ID, g.b.Tiles[j].ID)
	case v.face[i] != v.face[j]:
		return fmt.Errorf("nopeek: tiles %d and %d are of different groups", g.b.Tiles[i].ID, g.b.Tiles[j].ID)
	}
	rev := v.unseen(i, j)
	faces := make([]int16, len(rev))
	for k, u := range rev {
		faces[k] = v.group(g.b.Tiles[u].Group)
	}
	v.remove(i, j, rev, faces)
	if g.record != nil {
		*g.record = append(*g.record, [2]int{g.b.Tiles[i].ID, g.b.Tiles[j].ID})
	}
	return nil
}

// Play plays a game of b by policy p, its random choices drawn from seed, until the
// board is clear or no move is left. It returns whether the game was won and the
// moves played, as tile-id pairs.
func Play(b *board.Board, p Policy, seed uint64) (won bool, moves [][2]int, err error) {
	g, err := NewGame(b)
	if err != nil {
		return false, nil, err
	}
	g.record = &moves
	won, err = g.finish(p, board.NewRand(seed))
	return won, moves, err
}

// finish plays the game on by p until the board is clear or no move is left.
func (g *Game) finish(p Policy, rng *board.Rand) (bool, error) {
	for !g.Won() {
		choices, err := p.Choose(g.v, rng)
		if err != nil {
			return false, err
		}
		if len(choices) == 0 {
			return false, nil
		}
		m := pick(choices, rng)
		if err := g.Play(m[0], m[1]); err != nil {
			return false, fmt.Errorf("policy %s: %w", p.Name(), err)
		}
	}
	return true, nil
}

// pick draws one of the choices by their weights.
func pick(choices []Choice, rng *board.Rand) [2]int {
	if len(choices) == 1 {
		return choices[0].Move
	}
	x := float64(rng.Uint64()>>11) / (1 << 53) // uniform in [0, 1)
	for _, c := range choices {
		if x -= c.P; x < 0 {
			return c.Move
		}
	}
	return choices[len(choices)-1].Move
}
