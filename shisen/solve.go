package shisen

import (
	"context"
	"errors"
	"slices"

	"github.com/mjsat/mjsat/board"
)

// Result is the solver's answer for a board.
type Result struct {
	Status board.Verdict
	Moves  []Move // a winning play when Status is Solvable, replayed before Solve returns
	Nodes  int64
}

// ErrBadPlay is the error of a winning play that does not replay: a bug in the
// solver.
var ErrBadPlay = errors.New("shisen: solver bug: the winning play does not replay")

// Solve decides whether b can be cleared with peeking and returns a winning play
// when it can; Unknown when ctx ends first.
//
// Without gravity the game is monotone: taking tiles away only opens paths. So a
// group with two tiles left can go as soon as its path opens, and the only choices
// are how the larger groups pair up. Solve first looks for a tile that no play can
// take away (stranded, in prune.go), which settles most lost large boards at once.
// It then searches how the groups pair up, with learning, as the Mahjong solver does
// (learn.go), and between its runs gives a share of its nodes to a search over the
// pairs that can go now, which plays between branchings every pair that can go, cuts
// positions stranded, and remembers the positions it refuted (not on the 3-SAT
// reduction's boards, where it only costs time). A board with a group of
// more than 64 tiles, which the pairing search does not take, gets that search alone.
//
// With gravity tiles move, and a move can close paths. Solve first looks for a tile
// that no play can take away however tiles fall (strandedFalling, in falling.go);
// then random games look for a win, in rounds with a search that branches on the
// moves themselves (gravity.go).
func Solve(ctx context.Context, b *Board) (Result, error) {
	return SolveWith(ctx, b, Options{})
}

// Options tune SolveWith.
type Options struct {
	// Progress, when set, is called now and then from the search (every 256 nodes,
	// when it also looks at ctx) with the nodes so far, for a command to show on a
	// terminal. It must return quickly.
	Progress func(nodes int64)
}

// SolveWith is Solve with options.
func SolveWith(ctx context.Context, b *Board, opt Options) (Result, error) {
	s := newSearch(ctx)
	s.progress = opt.Progress
	var ok bool
	start := b.Clone()
	switch {
	case b.Gravity && start.strandedFalling():
		// a tile that no play takes away, however tiles fall: lost without a search
	case b.Gravity:
		ok = s.withGravity(start)
	case start.stranded(members(start)):
		// a deadlock that no play undoes: lost without a search
	case learnable(members(start)):
		ok = s.learn(start)
	default:
		ok = s.pairings(start, nil)
	}
	res := Result{Nodes: s.nodes}
	switch {
	case s.stopped:
		res.Status = board.Unknown
	case ok:
		res.Status = board.Solvable
		res.Moves = slices.Clone(s.path)
		if err := b.Replay(res.Moves, true); err != nil {
			return Result{}, errors.Join(ErrBadPlay, err)
		}
	default:
		res.Status = board.Unsolvable
	}
	return res, nil
}

// search is one solve's state: its stop, the positions refuted, and the moves of the
// current branch.
type search struct {
	ctx         context.Context
	failed      *refuted // the positions the searches over moves refuted
	path        []Move
	nodes       int64
	stopped     bool
	maxNogoods  int               // tests: the pairing search's bound on its nogoods (0: maxNogoods)
	keptFrom    int               // tests: the fewest tiles on which the pairing search keeps its relaxed game (0: keptTiles)
	profileFrom int               // tests: the fewest tiles on which its scans keep profiles (0: profileTiles)
	forgotten   int               // nogoods the pairing search forgot
	limit       int64             // a node count at which the search over moves pauses (0: none)
	cells       groupCells        // the groups' cells of the position at hand (gravity, playWhole)
	boards      []*Board          // the search with gravity's child positions, one a depth
	depth       int               // the search with gravity's depth
	sleeps      [][]Move          // the search with gravity's sleep sets for the children of a depth's node
	settled     bool              // the board with gravity has no tile above an empty cell (sleep.go)
	front       frontier          // the search with gravity's lists of a settled position's moves
	moves       [][]Move          // the search with gravity's moves of a settled position, one array a depth
	inherited   []*inherited      // the search with gravity's records handed from node to child, one a depth
	touch       []Move            // the random games' touching pairs of a settled position
	left        []int             // the tiles left in each group (playSafe, on a board not settled)
	progress    func(nodes int64) // Options.Progress, or nil
}

// newSearch returns the state of a solve that stops when ctx ends.
func newSearch(ctx context.Context) *search {
	return &search{ctx: ctx, failed: newRefuted(0)}
}

// stop reports whether the search must stop (checked every 256 nodes).
func (s *search) stop() bool {
	if s.stopped {
		return true
	}
	s.nodes++
	if s.nodes%256 == 0 {
		if s.progress != nil {
			s.progress(s.nodes)
		}
		if s.ctx.Err() != nil {
			s.stopped = true
		}
	}
	if s.limit > 0 && s.nodes > s.limit {
		s.stopped = true
	}
	return s.stopped
}

// upTo runs a search over moves for at most nodes more nodes. It reports whether the
// search won, and whether it paused at that bound: a search stopped by the context
// leaves s.stopped set, and one that neither won nor paused refuted its board. A
// paused search may leave moves on the path.
func (s *search) upTo(nodes int64, search func() bool) (won, paused bool) {
	s.limit = s.nodes + nodes
	won = search()
	paused = s.stopped && s.ctx.Err() == nil
	s.limit, s.stopped = 0, s.stopped && !paused
	return won, paused
}

// key identifies a position: its cells, groups as they are split so far (for the
// exhaustive search; the solver keeps a hash of it, in refuted).
func key(b *Board) string {
	return string(b.appendKey(nil))
}

// appendKey appends to buf the bytes of key(b), two a cell.
func (b *Board) appendKey(buf []byte) []byte {
	for _, c := range b.cells {
		buf = append(buf, byte(c), byte(uint16(c)>>8))
	}
	return buf
}

// members returns the cells of each group, in reading order.
func members(b *Board) [][]Cell {
	var m groupCells
	return m.of(b)
}

// groupCells holds the arrays of members, to be used again: the searches over moves
// ask for a position's groups at every node.
type groupCells struct {
	count   []int
	backing []Cell
	out     [][]Cell
}

// of returns the cells of each group of b, in reading order, in m's arrays: valid
// until the next call.
func (m *groupCells) of(b *Board) [][]Cell {
	m.count = slices.Grow(m.count[:0], len(b.groups))[:len(b.groups)]
	clear(m.count)
	n := 0
	for _, g := range b.cells {
		if g != empty {
			m.count[g]++
			n++
		}
	}
	// One backing array, each group's slice cut to its count: no slice grows.
	m.backing = slices.Grow(m.backing[:0], n)[:n]
	m.out = slices.Grow(m.out[:0], len(b.groups))[:len(b.groups)]
	at := 0
	for g, k := range m.count {
		m.out[g] = m.backing[at : at : at+k]
		at += k
	}
	for y := range b.H {
		for x := range b.W {
			if g := b.cells[y*b.W+x]; g != empty {
				m.out[g] = append(m.out[g], Cell{x, y})
			}
		}
	}
	return m.out
}

// wholeGroup returns two moves that take the four tiles cs of a group away now, one
// pair after the other, or nil. The board has no gravity: the first pair's cells are
// emptied for the look at the second and filled again.
func wholeGroup(b *Board, cs []Cell) []Move {
	for _, p := range [3][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}} {
		for _, order := range [2][4]int{p, {p[2], p[3], p[0], p[1]}} {
			m1, m2 := Move{cs[order[0]], cs[order[1]]}, Move{cs[order[2]], cs[order[3]]}
			if !b.Connected(m1[0], m1[1]) {
				continue
			}
			i, j := m1[0].Y*b.W+m1[0].X, m1[1].Y*b.W+m1[1].X
			gi, gj := b.cells[i], b.cells[j]
			b.cells[i], b.cells[j] = empty, empty
			ok := b.Connected(m2[0], m2[1])
			b.cells[i], b.cells[j] = gi, gj
			if ok {
				return []Move{m1, m2}
			}
		}
	}
	return nil
}

// pairings searches a board without gravity. sleep holds pairs that need not be
// played: pairs whose subtrees a sibling of an ancestor refuted. In this game a pair
// that can go stays able to go, and pairs of different groups commute, so a win that
// played a sleeping pair later would have been found when that pair was tried first
// (sleep sets, as model checkers prune orders that commute). A position refuted with
// nothing asleep is remembered.
func (s *search) pairings(b *Board, sleep []Move) bool {
	if s.stop() {
		return false
	}
	mark := len(s.path)
	// Play what is safe, until nothing is: a group of two whose path is open, and a
	// group of four that can go whole now, one pair after the other (taking a whole
	// group away leaves nothing to wait for, and only opens paths).
	s.playWhole(b, nil)
	if b.Tiles() == 0 {
		return true
	}
	k := s.failed.key(b)
	if s.failed.has(k) || b.stranded(members(b)) {
		s.path = s.path[:mark]
		return false
	}
	// The pairs of groups of four or more that can go now and are awake: playing one
	// pairs two of its group's tiles for good (of a group of four, the other two must
	// then go together).
	var moves []Move
	for _, cs := range members(b) {
		if len(cs) < 4 {
			continue
		}
		for i := range cs {
			for j := i + 1; j < len(cs); j++ {
				m := Move{cs[i], cs[j]}
				if b.Connected(cs[i], cs[j]) && !slices.Contains(sleep, m) {
					moves = append(moves, m)
				}
			}
		}
	}
	for i, m := range moves {
		c := b.Clone()
		c.remove(m)
		// Asleep below: the pairs tried before this one and those asleep here,
		// but for pairs of m's group, which m may settle (waking a pair is always
		// sound: it only prunes less).
		var below []Move
		for _, z := range slices.Concat(sleep, moves[:i]) {
			if b.cells[z[0].Y*b.W+z[0].X] != b.cells[m[0].Y*b.W+m[0].X] {
				below = append(below, z)
			}
		}
		s.path = append(s.path, m)
		if s.pairings(c, below) {
			return true
		}
		s.path = s.path[:len(s.path)-1]
		if s.stopped {
			return false
		}
	}
	if len(sleep) == 0 {
		s.failed.add(k)
	}
	s.path = s.path[:mark]
	return false
}

// playWhole plays, until none is left, every group that can go whole now (its last
// two tiles, or all four, one pair after the other) and that safe allows (nil: all),
// appending the moves to the path. It returns the cells of b's groups when it is done
// (in s.cells: valid until their next use).
func (s *search) playWhole(b *Board, safe func(*Board, []Cell) bool) [][]Cell {
	for {
		groups, progress := s.cells.of(b), false
		for _, cs := range groups {
			if safe != nil && !safe(b, cs) {
				continue
			}
			var ms []Move
			switch {
			case len(cs) == 2 && b.Connected(cs[0], cs[1]):
				ms = []Move{{cs[0], cs[1]}}
			case len(cs) == 4:
				ms = wholeGroup(b, cs)
			}
			for _, m := range ms {
				b.remove(m)
			}
			s.path = append(s.path, ms...)
			progress = progress || len(ms) > 0
		}
		if !progress {
			return groups // nothing went: they are b's
		}
	}
}

// Exhaustive decides b by trying every move in every position (a reference for
// small boards, with no idea of the solver's); it returns the verdict and a winning
// play.
func Exhaustive(ctx context.Context, b *Board) (board.Verdict, []Move, error) {
	seen := map[string]bool{}
	var path []Move
	var try func(b *Board) bool
	try = func(b *Board) bool {
		if b.Tiles() == 0 {
			return true
		}
		k := key(b)
		if seen[k] {
			return false
		}
		seen[k] = true
		for _, m := range b.Moves() {
			c := b.Clone()
			c.remove(m)
			path = append(path, m)
			if try(c) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	if b.Tiles() > 24 {
		return board.Unknown, nil, errors.New("shisen: the exhaustive search takes boards of at most 24 tiles")
	}
	if try(b.Clone()) {
		return board.Solvable, path, ctx.Err()
	}
	return board.Unsolvable, nil, ctx.Err()
}

// Greedy is KShisen's check of a deal when it offers only "solvable" games, as its
// documentation describes it, written for mjsat: take away the first pair that can
// go (in reading order of its first tile, then its second), again and again, without
// backtracking and with gravity ignored; the deal passes when the board ends empty.
func Greedy(b *Board) bool {
	c := b.Clone()
	c.Gravity = false
	for c.Tiles() > 0 {
		moves := c.Moves()
		if len(moves) == 0 {
			return false
		}
		first := moves[0]
		for _, m := range moves[1:] {
			if less(m, first) {
				first = m
			}
		}
		c.remove(first)
	}
	return true
}

// less orders moves by their first cell in reading order, then their second.
func less(a, b Move) bool {
	ka := [4]int{a[0].Y, a[0].X, a[1].Y, a[1].X}
	kb := [4]int{b[0].Y, b[0].X, b[1].Y, b[1].X}
	return slices.Compare(ka[:], kb[:]) < 0
}
