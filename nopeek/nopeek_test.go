package nopeek

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/solver"
)

// randomStacks returns a board of isolated stacks of heights 1..maxH holding
// groups groups of four tiles, placed at random.
func randomStacks(t testing.TB, rng *rand.Rand, groups, maxH int) *board.Board {
	t.Helper()
	var faces []string
	for g := range groups {
		for range 4 {
			faces = append(faces, string(rune('a'+g)))
		}
	}
	rng.Shuffle(len(faces), func(i, j int) { faces[i], faces[j] = faces[j], faces[i] })
	var sb strings.Builder
	for len(faces) > 0 {
		h := min(1+rng.IntN(maxH), len(faces))
		sb.WriteString(strings.Join(faces[:h], " ") + "\n")
		faces = faces[h:]
	}
	b, err := board.ParseStacks([]byte(sb.String()), "random")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTheorem5 checks de Bondt's Theorem 5 by exact values: on isolated stacks of
// heights one and two, his strategy wins as often as the optimal player, on every
// board tried; no policy beats the optimal player.
func TestTheorem5(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	below := 0
	for i := range 300 {
		b := randomStacks(t, rng, 2+rng.IntN(3), 2)
		v, err := Exact(b)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(v.Policies["debondt"]-v.Optimal) > 1e-9 {
			t.Fatalf("board %d: debondt %.12f, optimal %.12f\n%s", i, v.Policies["debondt"], v.Optimal, stacksText(b))
		}
		for name, p := range v.Policies {
			if p > v.Optimal+1e-9 {
				t.Fatalf("board %d: %s %.12f beats the optimal %.12f", i, name, p, v.Optimal)
			}
		}
		if v.Policies["random"] < v.Optimal-1e-9 {
			below++
		}
	}
	if below == 0 {
		t.Error("random play was optimal on every board: the boards do not test anything")
	}
}

// stacksText writes b as stacks text, for messages.
func stacksText(b *board.Board) string {
	var sb strings.Builder
	b.WriteStacks(&sb)
	return sb.String()
}

// TestHeight3Counterexample keeps a board of stacks up to height three on which
// Theorem 5's strategy is not optimal, with the two values.
func TestHeight3Counterexample(t *testing.T) {
	b, err := board.ParseStacks([]byte(height3), "height3")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Exact(b)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(v.Optimal-1) > 1e-9 || math.Abs(v.Policies["debondt"]-0.5) > 1e-9 {
		t.Fatalf("optimal %.12f, debondt %.12f; want 1 and 1/2", v.Optimal, v.Policies["debondt"])
	}
}

// TestExactAgainstPlay checks the exact values of the policies against games played:
// the hidden faces drawn uniformly (the truth the exact values average over), each
// game a policy's own random choices; the share won must lie within five standard
// errors of the exact value.
func TestExactAgainstPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 6 {
		b := randomStacks(t, rng, 3, 3)
		v, err := Exact(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []Policy{Random{}, Greedy{}, DeBondt{}} {
			const games = 3000
			won := 0
			for s := range games {
				truth := completion(t, b, rng)
				w, _, err := Play(truth, p, uint64(s))
				if err != nil {
					t.Fatal(err)
				}
				if w {
					won++
				}
			}
			want := v.Policies[p.Name()]
			se := math.Sqrt(want*(1-want)/games) + 1e-9
			if got := float64(won) / games; math.Abs(got-want) > 5*se {
				t.Errorf("board %d, %s: won %.4f of games, exact %.4f", i, p.Name(), got, want)
			}
		}
	}
}

// completion returns b with the faces of the tiles hidden at the start dealt again at
// random among themselves: a board the player cannot tell from b.
func completion(t testing.TB, b *board.Board, rng *rand.Rand) *board.Board {
	t.Helper()
	g, err := NewGame(b)
	if err != nil {
		t.Fatal(err)
	}
	hidden := g.View().Hidden()
	tiles := append([]board.Tile(nil), b.Tiles...)
	rng.Shuffle(len(hidden), func(i, j int) {
		tiles[hidden[i]].Group, tiles[hidden[j]].Group = tiles[hidden[j]].Group, tiles[hidden[i]].Group
	})
	out, err := board.New(b.Name, tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOptimalBelowPeeking checks the optimal value without peeking against the share
// of completions that can be won with peeking (the native solver on each): a player
// who cannot see can do no better than one who can.
func TestOptimalBelowPeeking(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 5 {
		b := randomStacks(t, rng, 3, 3)
		v, err := Exact(b)
		if err != nil {
			t.Fatal(err)
		}
		const n = 2000
		win := 0
		for range n {
			r, err := solver.Solve(context.Background(), completion(t, b, rng), solver.Options{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status == board.Solvable {
				win++
			}
		}
		peek := float64(win) / n
		if v.Optimal > peek+5*math.Sqrt(peek*(1-peek)/n)+1e-9 {
			t.Errorf("board %d: optimal without peeking %.4f above the share winnable with peeking %.4f", i, v.Optimal, peek)
		}
	}
}

// TestNoPeeking plays each policy with one seed on two boards that differ only in
// the faces of two tiles hidden at the start, and checks that the moves agree up to
// the move that uncovers one of them.
func TestNoPeeking(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tried := 0
	for tried < 40 {
		a := randomStacks(t, rng, 5, 3)
		g, _ := NewGame(a)
		hidden := g.View().Hidden()
		if len(hidden) < 2 {
			continue
		}
		x, y := hidden[0], hidden[len(hidden)-1]
		if a.Tiles[x].Group == a.Tiles[y].Group {
			continue
		}
		tiles := append([]board.Tile(nil), a.Tiles...)
		tiles[x].Group, tiles[y].Group = tiles[y].Group, tiles[x].Group
		b, err := board.New("b", tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		tried++
		for _, p := range []Policy{Random{}, Greedy{}, DeBondt{}, Sample{K: 4}, Sample{K: 2, Refine: 3}, Sample{K: 2, Rollouts: 3}} {
			seed := uint64(tried)
			_, ma, errA := Play(a, p, seed)
			_, mb, errB := Play(b, p, seed)
			if errA != nil || errB != nil {
				t.Fatal(errA, errB)
			}
			// The moves agree until one uncovers x or y (a tile under a removed one
			// that nothing else covers any more): compare up to that move, included.
			upto := uncovering(t, a, ma, x, y)
			for k := 0; k <= upto && k < len(ma); k++ {
				if k >= len(mb) || ma[k] != mb[k] {
					t.Fatalf("%s, seed %d: move %d differs (%v against %v) before %d or %d was seen\n%s",
						p.Name(), seed, k+1, ma, mb, a.Tiles[x].ID, a.Tiles[y].ID, stacksText(a))
				}
			}
		}
	}
}

// uncovering returns the index of the move of moves (ids) after which tile x or y
// of b is seen, or len(moves).
func uncovering(t *testing.T, b *board.Board, moves [][2]int, x, y int) int {
	g, err := NewGame(b)
	if err != nil {
		t.Fatal(err)
	}
	for k, m := range moves {
		i, _ := b.Index(m[0])
		j, _ := b.Index(m[1])
		if err := g.Play(i, j); err != nil {
			t.Fatal(err)
		}
		if _, ok := g.View().Face(x); ok {
			return k
		}
		if _, ok := g.View().Face(y); ok {
			return k
		}
	}
	return len(moves)
}

// TestTooBig checks that a board beyond the exact computation's reach is refused.
func TestTooBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	if _, err := Exact(randomStacks(t, rng, 11, 2)); err == nil || !strings.Contains(err.Error(), "too big") {
		t.Fatalf("err %v", err)
	}
	_ = fmt.Sprint()
}

// height3 is a board of stacks of heights up to three on which Theorem 5's strategy
// is not optimal (found among random boards by the exact values). Six stacks, top
// first: four a alone or on top, the fourth on b over b, and two b alone. Hidden: the
// two b under the a. Playing a first (the a on top with another, the most tiles off
// the ground) shows the b under it, which then goes with a b alone (off the ground),
// freeing the last b: a win. Playing the two b alone first leaves, once the a are
// gone, a b on a b: a loss. De Bondt's strategy picks either group (each with
// probability 1/2): it wins half the time; the optimal player always.
const height3 = "a\na\na\na b b\nb\nb\n"

// wonBoards yields the winnable boards among 60 random boards of stacks up to height
// three (drawn from seed) and turtle deals 0..2, each with the solver's winning play.
func wonBoards(t *testing.T, seed uint64) iter.Seq2[*board.Board, solver.Result] {
	rng := rand.New(rand.NewPCG(seed, seed))
	var boards []*board.Board
	for range 60 {
		boards = append(boards, randomStacks(t, rng, 2+rng.IntN(5), 3))
	}
	for deal := range uint64(3) {
		b, err := board.Deal(instances.Turtle(), deal)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	return func(yield func(*board.Board, solver.Result) bool) {
		for _, b := range boards {
			res, err := solver.Solve(context.Background(), b, solver.Options{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status == board.Solvable && !yield(b, res) {
				return
			}
		}
	}
}

// TestAnyPairOfAWinFirst checks the fact Sample's shortcut rests on: taking tiles
// away only frees others, so a pair of a winning play that can be played now can be
// played first, and the rest of the play still wins. On random boards of stacks up to
// height three and on turtle deals, every such pair of the solver's play is moved to
// the front and the play replayed.
func TestAnyPairOfAWinFirst(t *testing.T) {
	won, moved := 0, 0
	for b, res := range wonBoards(t, 4) {
		won++
		for k, m := range res.Moves {
			if b.NewState().Apply([][2]int{m}) != nil {
				continue // not playable now
			}
			moved++
			moves := append([][2]int{m}, res.Moves[:k]...)
			moves = append(moves, res.Moves[k+1:]...)
			p := &board.Play{Format: board.PlayFormat, Status: "solvable", Moves: moves}
			if err := b.Replay(p); err != nil {
				t.Fatalf("pair %d of the play moved first: %v", k, err)
			}
		}
	}
	if won < 20 || moved < 100 {
		t.Fatalf("only %d boards won, %d pairs moved: the check checks little", won, moved)
	}
}

// TestRepair checks the sample player's second shortcut against the solver: on
// random boards of stacks and turtle deals, for every move open at the start that the
// solver's winning play does not make, repair either gives nothing or a play that
// starts with that move and wins, replayed. Both outcomes must occur.
func TestRepair(t *testing.T) {
	repaired, not := 0, 0
	for b, res := range wonBoards(t, 5) {
		in := map[[2]int]bool{}
		for _, m := range res.Moves {
			in[m], in[[2]int{m[1], m[0]}] = true, true
		}
		for _, ij := range b.NewState().Moves() {
			m := [2]int{b.ID(ij[0]), b.ID(ij[1])}
			if in[m] {
				continue
			}
			p := repair(b, [][][2]int{res.Moves}, m)
			if p == nil {
				not++
				continue
			}
			repaired++
			if p[0] != m {
				t.Fatalf("the repaired play starts with %v, not %v", p[0], m)
			}
			if err := b.Replay(&board.Play{Format: board.PlayFormat, Status: "solvable", Moves: p}); err != nil {
				t.Fatalf("the repaired play for %v does not win: %v", m, err)
			}
		}
	}
	t.Logf("%d moves repaired, %d not", repaired, not)
	if repaired < 20 || not < 5 {
		t.Fatalf("%d moves repaired, %d not: the check checks little", repaired, not)
	}
}

// TestSampleLooksFirst checks the sample player's tie-break on a board where every
// move wins whatever the hidden face: it must take the move that uncovers a hidden
// tile (b over c, at x = 2, y = 4) over those that only free a tile already seen
// (the e's beside the c at y = 0, which frees more).
func TestSampleLooksFirst(t *testing.T) {
	type at struct {
		x, y, z int
		g       string
	}
	var tiles []board.Tile
	for i, p := range []at{
		{0, 0, 0, "e"}, {2, 0, 0, "c"}, {4, 0, 0, "e"}, // the c blocked on both sides, seen
		{0, 4, 0, "d"}, {2, 4, 0, "c"}, {4, 4, 0, "d"}, {2, 4, 1, "b"}, // the c hidden under a b
		{0, 8, 0, "b"}, {4, 8, 0, "b"}, {8, 8, 0, "b"}, {12, 8, 0, "c"}, {16, 8, 0, "c"},
		{20, 8, 0, "d"}, {24, 8, 0, "d"}, {28, 8, 0, "e"}, {32, 8, 0, "e"},
	} {
		tiles = append(tiles, board.Tile{ID: i, X: p.x, Y: p.y, Z: p.z, Group: p.g})
	}
	b, err := board.New("looks", tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(b)
	if err != nil {
		t.Fatal(err)
	}
	choices, err := Sample{K: 4}.Choose(g.View(), board.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(choices) != 1 || choices[0].Move[0] != 6 && choices[0].Move[1] != 6 {
		t.Fatalf("sample chose %v; want a move of tile 6, the b that hides a c", choices)
	}
}

// TestRollout checks the sample player's games on an imagined board against real
// games: imagining the board's own faces, a rollout after a move must win exactly
// when Greedy, playing the game on from that move with the same random numbers, wins.
func TestRollout(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	won, games := 0, 0
	for range 30 {
		b := randomStacks(t, rng, 6, 3)
		g, err := NewGame(b)
		if err != nil {
			t.Fatal(err)
		}
		v := g.View()
		faces := make([]int16, v.N())
		for i := range faces {
			faces[i] = v.group(b.Tiles[i].Group)
		}
		for k, m := range v.Matches() {
			tl := &tally{v: v, rng: board.NewRand(uint64(k)), moves: [][2]int{m}, faces: faces}
			got, err := tl.rollout(m)
			if err != nil {
				t.Fatal(err)
			}
			real, _ := NewGame(b)
			if err := real.Play(m[0], m[1]); err != nil {
				t.Fatal(err)
			}
			want, err := real.finish(Greedy{}, board.NewRand(uint64(k)))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("move %v: rollout won %v, the game %v\n%s", m, got, want, stacksText(b))
			}
			games++
			if want {
				won++
			}
		}
	}
	// Both outcomes must occur, or the test shows nothing.
	if won == 0 || won == games {
		t.Fatalf("%d of %d games won: the boards miss a case", won, games)
	}
	t.Logf("%d of %d games won", won, games)
}
