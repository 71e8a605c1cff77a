package board

import (
	"fmt"
	"sort"
)

// State is a position reached during play: which tiles have been removed.
type State struct {
	b    *Board
	gone []bool
	left int
}

// NewState returns the initial position of b.
func (b *Board) NewState() *State {
	return &State{b: b, gone: make([]bool, b.N()), left: b.N()}
}

// Board returns the board the state belongs to.
func (s *State) Board() *Board { return s.b }

// Gone reports whether tile i has been removed.
func (s *State) Gone(i int) bool { return s.gone[i] }

// Remaining returns the number of tiles still on the board.
func (s *State) Remaining() int { return s.left }

// Done reports whether the board is empty.
func (s *State) Done() bool { return s.left == 0 }

// Playable reports whether tile i is playable now.
func (s *State) Playable(i int) bool { return s.b.Playable(i, s.gone) }

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.gone = append([]bool(nil), s.gone...)
	return &c
}

// Check returns nil when tiles i and j (indices) form a legal move now, or an error that
// says exactly why not.
func (s *State) Check(i, j int) error {
	b := s.b
	if i == j {
		return fmt.Errorf("tile %d paired with itself", b.Tiles[i].ID)
	}
	if b.group[i] != b.group[j] {
		return fmt.Errorf("tiles %d and %d are of different groups (%s, %s)",
			b.Tiles[i].ID, b.Tiles[j].ID, b.Tiles[i].Group, b.Tiles[j].Group)
	}
	for _, k := range [2]int{i, j} {
		if !b.Playable(k, s.gone) {
			return fmt.Errorf("tile %d is not playable: %s", b.Tiles[k].ID, b.whyBlocked(k, s.gone))
		}
	}
	return nil
}

// Remove plays the move (i, j) given as tile indices, after checking it.
func (s *State) Remove(i, j int) error {
	if err := s.Check(i, j); err != nil {
		return err
	}
	s.gone[i], s.gone[j] = true, true
	s.left -= 2
	return nil
}

// PlayableTiles returns the indices of the playable tiles, in increasing order.
func (s *State) PlayableTiles() []int {
	var out []int
	for i := range s.b.Tiles {
		if s.Playable(i) {
			out = append(out, i)
		}
	}
	return out
}

// Moves returns every legal move as a pair of tile indices (i < j), sorted.
func (s *State) Moves() [][2]int {
	free := s.PlayableTiles()
	var out [][2]int
	for a, i := range free {
		for _, j := range free[a+1:] {
			if s.b.group[i] == s.b.group[j] {
				out = append(out, [2]int{i, j})
			}
		}
	}
	sort.Slice(out, func(p, q int) bool {
		if out[p][0] != out[q][0] {
			return out[p][0] < out[q][0]
		}
		return out[p][1] < out[q][1]
	})
	return out
}

// MoveError says which move of a play is illegal and why.
type MoveError struct {
	Move   int    // 0-based index of the move in the play
	A, B   int    // tile ids of the move
	Reason string // why it is illegal
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d [%d, %d]: %s", e.Move+1, e.A, e.B, e.Reason)
}

// Apply plays moves given as tile-id pairs from s, in order. It stops at the first illegal
// move and returns a *MoveError naming it (1-based in the message, 0-based in the field).
func (s *State) Apply(moves [][2]int) error {
	for k, m := range moves {
		i, ok := s.b.Index(m[0])
		if !ok {
			return &MoveError{k, m[0], m[1], fmt.Sprintf("no tile with id %d", m[0])}
		}
		j, ok := s.b.Index(m[1])
		if !ok {
			return &MoveError{k, m[0], m[1], fmt.Sprintf("no tile with id %d", m[1])}
		}
		if err := s.Remove(i, j); err != nil {
			return &MoveError{k, m[0], m[1], err.Error()}
		}
	}
	return nil
}

// Replay checks a play against the board from the initial position: every move must be
// legal at its turn and, when the play claims a win ([Play.ClaimsWin]), the board must
// end empty. The error is a *MoveError for an illegal move.
func (b *Board) Replay(p *Play) error {
	s := b.NewState()
	if err := s.Apply(p.Moves); err != nil {
		return err
	}
	if p.ClaimsWin() && !s.Done() {
		return fmt.Errorf("the play claims a win, but after all %d moves %d tiles remain", len(p.Moves), s.Remaining())
	}
	return nil
}

// Restrict returns the board of b's tiles for which keep is true, with their ids,
// positions and groups; the name says what was kept. Taking tiles away only frees
// others, so a winning play of b restricted to the kept tiles wins the smaller board
// whenever keep takes whole groups, or the tiles still in place in a position.
func (b *Board) Restrict(name string, keep func(i int) bool) (*Board, error) {
	var tiles []Tile
	for i, t := range b.Tiles {
		if keep(i) {
			tiles = append(tiles, t)
		}
	}
	return New(name, tiles, nil)
}

// Position returns the board of the tiles still in place in s: the position as a board
// of its own, whose winning plays are exactly the winning continuations of s.
func (s *State) Position() (*Board, error) {
	return s.b.Restrict(fmt.Sprintf("%s after %d moves", s.b.Name, (s.b.N()-s.left)/2), func(i int) bool { return !s.gone[i] })
}
