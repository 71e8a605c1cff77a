package shisen

import "slices"

// Sleep sets for the search with gravity. A move z is asleep at a position when it
// can be played there and the position it leads to is known to be lost. Two moves
// commute at a position when each can still be played after the other and both
// orders lead to the same position. If z is asleep at p and commutes there with the
// move m, then z is asleep at p·m too: p·m·z is p·z·m, a position reached from a lost
// one, so lost. A move refuted at p, tried before m, is asleep at p·m on the same
// grounds. So a search that never plays a sleeping move loses no win, and a position
// whose other moves were all refuted is lost, whatever slept there.
//
// When does one move commute with another under gravity? Taking a tile away lets the
// tiles above it in its column fall one cell. On a board where no tile lies above an
// empty cell (a deal, and every position a deal leads to: a fall fills the cell it
// leaves from above), that empties the top cell of the column and moves only tiles of
// that column. So two moves that have no column in common commute: neither moves a
// tile of the other, every cell empty before stays empty, and each column ends the
// same in both orders. On a board with
// a tile above a gap, a fall can fill a cell that a path ran through; there nothing
// sleeps.

// settled reports whether no tile of b lies above an empty cell.
func settled(b *Board) bool {
	for x := range b.W {
		gap := false
		for y := b.H - 1; y >= 0; y-- {
			switch {
			case b.cells[y*b.W+x] == empty:
				gap = true
			case gap:
				return false
			}
		}
	}
	return true
}

// commute reports whether the moves m and n of a settled board commute: they share no
// column.
func commute(m, n Move) bool {
	for _, p := range m {
		for _, q := range n {
			if p.X == q.X {
				return false
			}
		}
	}
	return true
}

// commuting keeps, in place, the moves of sleep that commute with every move of ms,
// played one after the other.
func commuting(sleep []Move, ms ...Move) []Move {
	return slices.DeleteFunc(sleep, func(z Move) bool {
		for _, m := range ms {
			if !commute(z, m) {
				return true
			}
		}
		return false
	})
}

// asleepBelow returns the sleep set of the position that the move m leads to, from a
// position where sleep slept and the moves tried were refuted: those of both that
// commute with m. It lives in the search's buffer for the depth below, valid until
// the next call at that depth.
func (s *search) asleepBelow(sleep, tried []Move, m Move) []Move {
	if !s.settled {
		return nil
	}
	for len(s.sleeps) <= s.depth {
		s.sleeps = append(s.sleeps, nil)
	}
	below := append(s.sleeps[s.depth][:0], sleep...)
	for _, z := range tried {
		if !slices.Contains(sleep, z) {
			below = append(below, z)
		}
	}
	s.sleeps[s.depth] = commuting(below, m)
	return s.sleeps[s.depth]
}
