package nopeek

import (
	"cmp"
	"context"
	"slices"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/solver"
)

// Sample is a strong player that does not peek but imagines: perfect-information
// Monte Carlo. It draws K assignments of the unseen faces to the hidden tiles, each
// uniform among those that agree with what it knows, decides with the exact native
// solver which of its moves keep each imagined board winnable, and plays the move
// that does in the most of them. Among equals it plays the one whose games without
// peeking win most often on more imagined boards (with Rollouts); then the one that
// uncovers the most hidden tiles, as what the player sees settles later choices that
// the samples can only guess at; then the one that frees the most tiles, as [Greedy]
// does; then the first in the order of [View.Matches]. Its draws come from the
// game's random numbers, so a game is the same for the same seed; it has no time
// limit inside.
type Sample struct {
	K int // samples a move (at least 1)
	// Refine is how many more rounds of K samples may break a tie at the top score,
	// each among the moves still tied (0: none). At small K nearly every choice is a
	// tie that the tie-break, not the samples, settles; more rounds spend samples only
	// where they decide something.
	Refine int
	// Rollouts is how many imagined boards break a tie at the top score by games
	// played on them without peeking (0: none): after each tied move, [Greedy] plays
	// each board to the end, seeing of it only what the player would, and the move
	// whose games win most often goes first. The solver of an imagined board sees
	// every face, so it finds most moves winning; games that do not peek tell those
	// moves apart by what a player who cannot see makes of them.
	Rollouts int
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
	t := newTally(v, rng, moves)
	if t.ctx = s.Ctx; t.ctx == nil {
		t.ctx = context.Background()
	}
	// With neither rounds nor games to break ties, a tie at the top score goes by
	// the order of the moves alone.
	strict := s.Refine == 0 && s.Rollouts == 0
	if err := t.round(s.K, strict); err != nil {
		return nil, err
	}
	// Rounds among the moves tied at the top score, their scores added up.
	for range s.Refine {
		if !t.keepTied() {
			break
		}
		if err := t.round(s.K, false); err != nil {
			return nil, err
		}
	}
	games := make([]int, len(moves))
	if s.Rollouts > 0 && t.keepTied() {
		var err error
		if games, err = t.rollouts(s.Rollouts); err != nil {
			return nil, err
		}
	}
	// The most winnable, then the one whose games won most; among equals, the first in
	// the order of ties (many moves keep every imagined board winnable, as the solver
	// of each sees all its faces).
	top := -1
	for _, k := range t.rank {
		if t.cand[k] && (top < 0 || cmp.Or(cmp.Compare(t.score[k], t.score[top]), cmp.Compare(games[k], games[top])) > 0) {
			top = k
		}
	}
	return []Choice{{moves[top], 1}}, nil
}

// newTally returns the state of one choice among moves, every move a candidate,
// ranked for ties (see order).
func newTally(v *View, rng *board.Rand, moves [][2]int) *tally {
	t := &tally{v: v, rng: rng, moves: moves, hidden: v.Hidden(), faces: slices.Clone(v.face),
		score: make([]int, len(moves)), cand: make([]bool, len(moves))}
	for g, n := range v.pool() {
		for range n {
			t.pool = append(t.pool, int16(g))
		}
	}
	for k := range t.cand {
		t.cand[k] = true
	}
	t.rank = t.order()
	return t
}

// tally is one choice of the sample player: the moves, the ones still candidates,
// how many imagined boards each kept winnable, and what it draws the boards from.
type tally struct {
	v      *View
	rng    *board.Rand
	ctx    context.Context
	moves  [][2]int
	cand   []bool // the moves still in the running
	rank   []int  // the moves in the order that breaks ties at the top score (order)
	score  []int  // per move: the imagined boards it kept winnable
	hidden []int  // the hidden tiles
	pool   []int16
	faces  []int16 // the faces of an imagined board
	// The first board imagined of each position (keyed by the tiles left out, as
	// imagine's i and j): the others of that position are made from it by Regroup.
	shapes map[[2]int]*board.Board
}

// round imagines k boards (at least one) and adds to the score of each candidate
// move the boards it keeps winnable.
//
// Only the best move needs its exact score, so the moves are scored one after the
// other, over every board, in the order that breaks ties (order), and a move stops
// being scored as soon as it can no longer reach the best score so far: its count
// stays below that score, and the choice is the same as with every count made. When
// strict, a tie goes by the order alone, so a move stops as soon as it can no
// longer beat the best score: a move that keeps every winnable board so far winnable
// leaves the others nothing to score. The boards are drawn first, as many as k, so
// the game's random numbers go as they would in any order of scoring.
func (t *tally) round(k int, strict bool) error {
	var boards []*imagined
	for range max(k, 1) {
		t.draw()
		now, err := t.imagine(t.faces, -1, -1)
		if err != nil {
			return err
		}
		res, err := t.solve(now)
		if err != nil {
			return err
		}
		if res.Status != board.Solvable {
			continue // no move wins this board
		}
		im := &imagined{faces: slices.Clone(t.faces), now: now, wins: map[[2]int]bool{}}
		im.known(res.Moves)
		boards = append(boards, im)
	}
	best := -1
	for _, i := range t.rank {
		if !t.cand[i] {
			continue
		}
		for n, im := range boards {
			reach := t.score[i] + len(boards) - n
			if reach < best || strict && reach == best {
				break
			}
			ok, err := t.keeps(im, t.moves[i])
			if err != nil {
				return err
			}
			if ok {
				t.score[i]++
			}
		}
		best = max(best, t.score[i])
	}
	return nil
}

// imagined is one imagined board of a choice: its faces, the board, and the winning
// plays known of it.
type imagined struct {
	faces []int16
	now   *board.Board
	plays [][][2]int      // winning plays of now
	wins  map[[2]int]bool // the moves of those plays, both ways round
}

// known adds play to the winning plays of the board.
func (im *imagined) known(play [][2]int) {
	im.plays = append(im.plays, play)
	for _, p := range play {
		im.wins[p], im.wins[[2]int{p[1], p[0]}] = true, true
	}
}

// keeps reports whether the move m (two tiles of the view) keeps the imagined board
// winnable.
//
// Taking tiles away only frees others, so a move that a winning play of the board
// makes later can be made first and the rest of that play still wins: each of the
// moves open now that a known winning play makes is a winning move, with no solve
// (TestAnyPairOfAWinFirst). Failing that, a known play repaired to start with m
// shows it; only then is the board after m solved.
func (t *tally) keeps(im *imagined, m [2]int) (bool, error) {
	v := t.v
	ids := [2]int{v.geo.Tiles[m[0]].ID, v.geo.Tiles[m[1]].ID}
	if im.wins[ids] {
		return true, nil
	}
	if p := repair(im.now, im.plays, ids); p != nil {
		im.known(p)
		return true, nil
	}
	after, err := t.imagine(im.faces, m[0], m[1])
	if err != nil {
		return false, err
	}
	if after.N() == 0 {
		return true, nil
	}
	r, err := t.solve(after)
	if err != nil || r.Status != board.Solvable {
		return false, err
	}
	im.known(slices.Concat([][2]int{ids}, r.Moves)) // m, then this play: a winning play of the board
	return true, nil
}

// order returns the moves in the order that breaks ties at the top score after the
// games of Rollouts: the one that uncovers the most hidden tiles first (what the
// player sees settles later choices that the samples can only guess at), then the
// one that frees the most, then the first in the order of the moves.
func (t *tally) order() []int {
	type entry struct{ i, unseen, frees int }
	es := make([]entry, len(t.moves))
	for i, m := range t.moves {
		es[i] = entry{i, len(t.v.unseen(m[0], m[1])), t.v.frees(m)}
	}
	slices.SortStableFunc(es, func(a, b entry) int {
		return cmp.Or(cmp.Compare(b.unseen, a.unseen), cmp.Compare(b.frees, a.frees))
	})
	out := make([]int, len(es))
	for k, e := range es {
		out[k] = e.i
	}
	return out
}

// rollouts imagines n boards and returns, per candidate move, the games won after it on
// them by Greedy, which sees of each board only what the player would.
func (t *tally) rollouts(n int) ([]int, error) {
	won := make([]int, len(t.moves))
	for range n {
		t.draw()
		for i, m := range t.moves {
			if !t.cand[i] {
				continue
			}
			w, err := t.rollout(m)
			if err != nil {
				return nil, err
			}
			if w {
				won[i]++
			}
		}
	}
	return won, nil
}

// rollout plays m and then Greedy's moves on the imagined board t.faces, to the end,
// and reports whether the board was cleared. The game goes on a copy of the view, so
// Greedy sees of the board only what the player would.
func (t *tally) rollout(m [2]int) (bool, error) {
	w := t.v.clone()
	for {
		rev := w.unseen(m[0], m[1])
		faces := make([]int16, len(rev))
		for k, u := range rev {
			faces[k] = t.faces[u]
		}
		w.remove(m[0], m[1], rev, faces)
		choices, err := Greedy{}.Choose(w, t.rng)
		if err != nil || len(choices) == 0 {
			return w.Remaining() == 0, err
		}
		m = pick(choices, t.rng)
	}
}

// draw imagines a board: it deals the unseen faces to the hidden tiles at random.
func (t *tally) draw() {
	t.rng.Shuffle(len(t.pool), func(i, j int) { t.pool[i], t.pool[j] = t.pool[j], t.pool[i] })
	for i, h := range t.hidden {
		t.faces[h] = t.pool[i]
	}
}

// repair returns a winning play of b that starts with m, made from one of the known
// winning plays, or nil. A play that pairs m's tiles a and b with others, a with c
// and b with d, becomes: m first, then the play without those two moves, with c and
// d taken together as soon as both are free. Taking tiles away only frees others, so
// the play's other moves stay legal while c and d wait, unless one of them holds up a
// tile the play took while it was gone; the new play is replayed and kept only if it
// wins.
func repair(b *board.Board, plays [][][2]int, m [2]int) [][2]int {
	for _, p := range plays {
		i, j := -1, -1
		for k, q := range p {
			switch m[0] {
			case q[0], q[1]:
				i = k
			}
			switch m[1] {
			case q[0], q[1]:
				j = k
			}
		}
		if i < 0 || j < 0 || i == j {
			continue
		}
		cd := [2]int{other(p[i], m[0]), other(p[j], m[1])}
		ci, _ := b.Index(cd[0])
		di, _ := b.Index(cd[1])
		s := b.NewState()
		if s.Apply([][2]int{m}) != nil {
			return nil
		}
		out := append(make([][2]int, 0, len(p)), m)
		waits := true
		ok := true
		for k, q := range p {
			if waits && s.Playable(ci) && s.Playable(di) && s.Remove(ci, di) == nil {
				out, waits = append(out, cd), false
			}
			if k == i || k == j {
				continue
			}
			if ok = s.Apply([][2]int{q}) == nil; !ok {
				break
			}
			out = append(out, q)
		}
		if ok && waits && s.Remove(ci, di) == nil {
			out, waits = append(out, cd), false
		}
		if ok && !waits && s.Done() {
			return out
		}
	}
	return nil
}

// other returns the tile of move q that is not t.
func other(q [2]int, t int) int {
	if q[0] == t {
		return q[1]
	}
	return q[0]
}

// solve decides an imagined board with the exact solver; it fails when the solve or
// the player's context does.
func (t *tally) solve(b *board.Board) (solver.Result, error) {
	res, err := solver.Solve(t.ctx, b, solver.Options{Seed: 1})
	if err == nil {
		err = t.ctx.Err()
	}
	return res, err
}

// keepTied leaves as candidates only the moves tied at the top score, and reports
// whether more than one is left.
func (t *tally) keepTied() bool {
	best, n := -1, 0
	for k := range t.moves {
		if t.cand[k] && t.score[k] > best {
			best, n = t.score[k], 0
		}
		if t.cand[k] && t.score[k] == best {
			n++
		}
	}
	if n <= 1 {
		return false
	}
	for k := range t.moves {
		t.cand[k] = t.cand[k] && t.score[k] == best
	}
	return true
}

// imagine returns v.imagineFrom(nil, faces, i, j), or a board made from the first
// board imagined of the same tiles: the K boards of a choice differ only in faces.
func (t *tally) imagine(faces []int16, i, j int) (*board.Board, error) {
	v := t.v
	shape := t.shapes[[2]int{i, j}]
	if shape == nil {
		b, err := v.imagineFrom(nil, faces, i, j)
		if err == nil {
			if t.shapes == nil {
				t.shapes = map[[2]int]*board.Board{}
			}
			t.shapes[[2]int{i, j}] = b
		}
		return b, err
	}
	return v.imagineFrom(shape, faces, i, j)
}

// imagineFrom returns the board of the tiles in play, less i and j (-1: none), with
// faces as given: a board the player imagines, not the game's. shape, when not nil,
// is a board of the same tiles (imagined before with other faces), whose relations
// the new one shares (board.Regroup).
func (v *View) imagineFrom(shape *board.Board, faces []int16, i, j int) (*board.Board, error) {
	var tiles []board.Tile
	var groups []string
	if shape != nil {
		groups = make([]string, 0, shape.N())
	} else {
		tiles = make([]board.Tile, 0, v.Remaining())
	}
	for k, t := range v.geo.Tiles {
		if v.gone[k] || k == i || k == j {
			continue
		}
		if t.Group = v.groups[faces[k]]; shape != nil {
			groups = append(groups, t.Group)
		} else {
			tiles = append(tiles, t)
		}
	}
	if shape != nil {
		return shape.Regroup("imagined", groups)
	}
	return board.New("imagined", tiles, nil)
}
