package shisen

import (
	"math/rand/v2"
	"slices"
)

// withGravity decides b, a board with gravity, and appends a winning play to s.path
// when there is one. Tiles fall, so a move can close paths and the game is not
// monotone: neither the relaxation of stranded nor the pairing search holds. What
// is left is to look for a win by random games, and to prove a loss by the search
// over moves, which remembers the positions it refuted. The two take turns in rounds
// of doubling effort, games first: many won deals fall to a few random games where
// the search, led by a fixed order of moves, wanders long in lost corners. A round's
// search goes on where the last one paused, as the positions it refuted are kept.
// The games stop doubling at maxRoundGames a round, so that on a long solve, most
// often of a lost deal, nearly all the time goes to the search.
func (s *search) withGravity(b *Board) bool {
	mark := len(s.path)
	rng := rand.New(rand.NewPCG(1, 2))
	s.settled = settled(b)
	for budget := int64(firstBudget); ; budget *= 2 {
		for range min(budget/gravityGameCost, maxRoundGames) {
			if s.ctx.Err() != nil {
				s.stopped = true
				return false
			}
			if s.randomGame(b, rng) {
				return true
			}
		}
		won, paused := s.upTo(budget, func() bool { return s.gravity(b.Clone(), nil, false) })
		switch {
		case won:
			return true
		case !paused:
			s.path = s.path[:mark]
			return false // refuted, or stopped by ctx
		}
		s.path = s.path[:mark] // a paused search leaves moves behind
	}
}

// randomGame plays one game from b at random, appending its moves to s.path if it
// clears the board: between choices it takes the groups that lie on top and can go
// whole, as the search does; a choice goes to a group's last two tiles when any can
// go (they wait for no other tile), else to any move, each equally likely.
func (s *search) randomGame(b *Board, rng *rand.Rand) bool {
	mark := len(s.path)
	c := b.Clone()
	for {
		left, groups := s.playSafe(c, nil)
		moves := s.movesOf(c, groups, nil, false)
		if len(moves) == 0 {
			break
		}
		last := slices.DeleteFunc(slices.Clone(moves), func(m Move) bool { return left[c.cells[m[0].Y*c.W+m[0].X]] != 2 })
		if len(last) > 0 {
			moves = last
		}
		m := moves[rng.IntN(len(moves))]
		c.remove(m)
		s.path = append(s.path, m)
	}
	if c.Tiles() == 0 {
		return true
	}
	s.path = s.path[:mark]
	return false
}

// gravity searches a board with gravity, move by move. Between branchings it plays
// what is safe: a group whose tiles all lie on top of their columns and can go now,
// whole (its last two tiles, or all four, one pair after the other). Nothing lies
// above such tiles, so taking them moves no tile: any winning play, with their moves
// left out, still wins after them, every other tile where it would have been and
// more cells open.
//
// sleep holds moves that can be played here and are known to lose (sleep sets, as
// model checkers prune orders that commute; sleep.go): they are not tried. On a
// settled board, handed says whether the parent node left b's counts and touching
// pairs in s.inherited at this depth; else (the first node) they are read off b.
func (s *search) gravity(b *Board, sleep []Move, handed bool) bool {
	if s.stop() {
		return false
	}
	mark := len(s.path)
	// The position is looked up before the safe groups are played too, as it was
	// stored so when refuted: a repeated position then costs no look at its groups.
	k0 := s.failed.key(b)
	if s.failed.has(k0) {
		return false
	}
	var h *inherited
	var left []int
	if s.settled {
		h = s.inheritedAt(s.depth)
		if handed {
			left = h.left
		}
	}
	left, groups := s.playSafe(b, left) // groups: valid until the next position's, enough to order the moves
	if noTiles(left) {
		return true
	}
	k := k0
	if len(s.path) > mark {
		k = s.failed.key(b)
		sleep = commuting(sleep, s.path[mark:]...)
	}
	if s.failed.has(k) {
		s.failed.add(k0)
		s.path = s.path[:mark]
		return false
	}
	moves := s.movesOf(b, groups, h, handed)
	// Moves that take the last two tiles of a group first: nothing later needs them.
	slices.SortStableFunc(moves, func(x, y Move) int {
		return left[b.cells[x[0].Y*b.W+x[0].X]] - left[b.cells[y[0].Y*b.W+y[0].X]]
	})
	c := s.boardAt(s.depth)
	s.depth++
	defer func() { s.depth-- }()
	for i, m := range moves {
		if slices.Contains(sleep, m) {
			continue
		}
		c.W, c.H, c.Gravity, c.groups = b.W, b.H, b.Gravity, b.groups
		c.cells = append(c.cells[:0], b.cells...)
		c.remove(m)
		if s.settled {
			ch := s.inheritedAt(s.depth)
			ch.left = append(ch.left[:0], left...)
			ch.left[b.cells[m[0].Y*b.W+m[0].X]] -= 2
			ch.touch = touchingAfter(h.touch, c, m, ch.touch[:0])
		}
		s.path = append(s.path, m)
		if h != nil {
			h.listing.move = m
		}
		if s.gravity(c, s.asleepBelow(sleep, moves[:i], m), s.settled) {
			return true
		}
		s.path = s.path[:len(s.path)-1]
		if s.stopped {
			return false
		}
	}
	s.failed.add(k)
	s.failed.add(k0)
	s.path = s.path[:mark]
	return false
}

// playSafe plays, without branching, the groups of b that lie on top and can go
// whole, and returns the tiles left in each group; on a board that is not settled,
// also the groups' cells (nil when it is). Both are valid until the next call. On a
// settled board, left, when not nil, holds b's tiles in each group, and is updated
// and returned.
func (s *search) playSafe(b *Board, left []int) ([]int, [][]Cell) {
	if s.settled {
		return s.front.playTops(s, b, left), nil
	}
	groups := s.playWhole(b, onTop)
	s.left = slices.Grow(s.left[:0], len(groups))[:len(groups)]
	for g, cs := range groups {
		s.left[g] = len(cs)
	}
	return s.left, groups
}

// movesOf returns the moves of b in the order of b.Moves(): from the columns' heights
// when the board is settled, else from groups, the cells of b's groups. A settled
// board's moves live in the search's array for the depth at hand, valid until the
// next call at that depth (a node's moves live while its children list theirs).
// h, when not nil, keeps the node's touching pairs, which its parent left there when
// handed: they are brought up to date, or else found on b.
func (s *search) movesOf(b *Board, groups [][]Cell, h *inherited, handed bool) []Move {
	if !s.settled {
		return b.movesOf(groups)
	}
	for len(s.moves) <= s.depth {
		s.moves = append(s.moves, nil)
	}
	var touch []Move
	switch {
	case h == nil:
		s.touch = touching(b, s.touch[:0])
		touch = s.touch
	case handed:
		// The safe groups played since the parent's look took away tiles on top,
		// which moves no tile: their pairs go, and no pair comes.
		h.touch = slices.DeleteFunc(h.touch, func(m Move) bool {
			return b.cells[m[0].Y*b.W+m[0].X] == empty || b.cells[m[1].Y*b.W+m[1].X] == empty
		})
		touch = h.touch
	default:
		h.touch = touching(b, h.touch[:0])
		touch = h.touch
	}
	var from *listing
	if handed && s.depth > 0 {
		from = &s.inheritedAt(s.depth - 1).listing
	}
	s.moves[s.depth] = s.front.moves(b, touch, s.moves[s.depth], from)
	if h != nil {
		h.listing.record(b, &s.front, s.moves[s.depth])
	}
	return s.moves[s.depth]
}

// inherited is what a node of the search with gravity on a settled board hands each
// child, so that the child need not read it off the board: the tiles in each group,
// the moves of two touching tiles (touching), which change only in the columns of the
// child's move, and the node's own listing of moves, with the move to the child.
type inherited struct {
	left    []int
	touch   []Move
	listing listing
}

// inheritedAt returns the search's record for the node at depth d.
func (s *search) inheritedAt(d int) *inherited {
	for len(s.inherited) <= d {
		s.inherited = append(s.inherited, &inherited{})
	}
	return s.inherited[d]
}

// boardAt returns the board the search with gravity keeps for the children of its
// nodes at depth d: a child lives only while the search is below it, so one board
// a depth serves them all, and no position is allocated.
func (s *search) boardAt(d int) *Board {
	for len(s.boards) <= d {
		s.boards = append(s.boards, &Board{})
	}
	return s.boards[d]
}

// onTop reports whether every cell of cs has only empty cells above it.
func onTop(b *Board, cs []Cell) bool {
	for _, c := range cs {
		for y := c.Y - 1; y >= 0; y-- {
			if b.cells[y*b.W+c.X] != empty {
				return false
			}
		}
	}
	return true
}

// noTiles reports whether left, a position's tiles in each group, counts none: the
// board is clear.
func noTiles(left []int) bool {
	for _, n := range left {
		if n > 0 {
			return false
		}
	}
	return true
}
