package explain

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/reduce"
)

// satVerdict decides b through the SAT route: an independent check of the native
// solver's answers.
func satVerdict(t *testing.T, b *board.Board) board.Verdict {
	t.Helper()
	st, _, _, err := encode.Solve(context.Background(), b, nil, encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func turtle(t *testing.T, seed uint64) *board.Board {
	t.Helper()
	b, err := board.Deal(instances.Turtle(), seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var opt = Options{Timeout: time.Minute}

// TestGroupCoreTurtle finds a core for the lost turtle deals among seeds 1..400 and
// checks each: its board is lost by the SAT route too, every group of it is needed
// (SAT route again), and it is no larger than the board.
func TestGroupCoreTurtle(t *testing.T) {
	lost := 0
	for seed := uint64(1); seed <= 400 && lost < 6; seed++ {
		b := turtle(t, seed)
		c, err := GroupCore(context.Background(), b, opt)
		if errors.Is(err, ErrSolvable) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		lost++
		if got := satVerdict(t, c.Sub); got != board.Unsolvable {
			t.Fatalf("seed %d: core %v: SAT route says %v", seed, c.GroupNames(), got)
		}
		keep := map[int]bool{}
		for _, g := range c.Groups {
			keep[g] = true
		}
		for _, g := range c.Groups {
			if len(c.Groups) == 1 {
				break
			}
			sub, err := b.Restrict("less", func(i int) bool { return keep[b.Group(i)] && b.Group(i) != g })
			if err != nil {
				t.Fatal(err)
			}
			if got := satVerdict(t, sub); got != board.Solvable {
				t.Fatalf("seed %d: core without %s: SAT route says %v: not minimal", seed, b.GroupName(g), got)
			}
		}
		if err := c.Verify(context.Background(), opt); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(c.Tiles) != len(c.TileIDs()) || len(c.Tiles) == 0 || !strings.Contains(c.String(), "cannot be cleared") {
			t.Fatalf("seed %d: core %+v", seed, c)
		}
		t.Logf("seed %d: core of %d groups, %d tiles", seed, len(c.Groups), len(c.Tiles))
	}
	if lost < 3 {
		t.Fatalf("only %d lost deals found", lost)
	}
}

// TestGroupCoreCycle: on stacks of height 2 the core is a blocked cycle.
func TestGroupCoreCycle(t *testing.T) {
	b, err := board.ParseStacks([]byte("a b\nb c\nc a\nd d\n"), "cycle")
	if err == nil {
		// d d alone is lost too (one group stacked on itself): the smallest cycle wins.
		c, err := GroupCore(context.Background(), b, opt)
		if err != nil {
			t.Fatal(err)
		}
		if c.Cycle == nil || len(c.Groups) != 1 || c.GroupNames()[0] != "d" || !strings.Contains(c.String(), "blocked cycle") {
			t.Fatalf("core %v cycle %v:\n%s", c.GroupNames(), c.Cycle, c)
		}
	}
	b, err = board.ParseStacks([]byte("a b\nb c\nc a\n"), "cycle3")
	if err != nil {
		t.Fatal(err)
	}
	c, err := GroupCore(context.Background(), b, opt)
	if err != nil || c.Cycle == nil || len(c.Groups) != 3 {
		t.Fatalf("core %v, %v", c, err)
	}
	if got := satVerdict(t, c.Sub); got != board.Unsolvable {
		t.Fatalf("SAT route: %v", got)
	}
	if _, err := GroupCore(context.Background(), mustStacks(t, "a b\na b\n"), opt); !errors.Is(err, ErrSolvable) {
		t.Fatalf("a winnable board: %v", err)
	}
}

func mustStacks(t *testing.T, s string) *board.Board {
	t.Helper()
	b, err := board.ParseStacks([]byte(s), "t")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// randomPlay plays random legal moves on b until none is left.
func randomPlay(b *board.Board, rng *rand.Rand) [][2]int {
	s := b.NewState()
	var out [][2]int
	for {
		ms := s.Moves()
		if len(ms) == 0 {
			return out
		}
		m := ms[rng.IntN(len(ms))]
		s.Remove(m[0], m[1])
		out = append(out, [2]int{b.Tiles[m[0]].ID, b.Tiles[m[1]].ID})
	}
}

// TestAnalyze plays random games on winnable turtle deals, finds the first losing
// move, and checks it through the SAT route: the position before it is winnable, the
// one after is not, and the alternative move is legal and keeps the game winnable.
func TestAnalyze(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for seed := uint64(1); checked < 4 && seed < 100; seed++ {
		b := turtle(t, seed)
		play := randomPlay(b, rng)
		a, err := Analyze(context.Background(), b, play, opt)
		if err != nil {
			t.Fatal(err)
		}
		if a.Moves != len(play) {
			t.Fatalf("moves %d, want %d", a.Moves, len(play))
		}
		if a.Initial != board.Solvable || a.FirstLosing == nil {
			continue // a lost deal, or a lucky random play
		}
		k := *a.FirstLosing
		before, after := position(t, b, play[:k]), position(t, b, play[:k+1])
		if satVerdict(t, before) != board.Solvable || satVerdict(t, after) != board.Unsolvable {
			t.Fatalf("seed %d: move %d is not the first losing one", seed, k)
		}
		s := b.NewState()
		applyIDs(t, b, s, play[:k])
		i, _ := b.Index(a.Alternative[0])
		j, _ := b.Index(a.Alternative[1])
		if err := s.Remove(i, j); err != nil {
			t.Fatalf("seed %d: alternative %v: %v", seed, a.Alternative, err)
		}
		pos, err := s.Position()
		if err != nil {
			t.Fatal(err)
		}
		if satVerdict(t, pos) != board.Solvable {
			t.Fatalf("seed %d: the alternative %v loses too", seed, a.Alternative)
		}
		if a.Final != board.Unsolvable {
			t.Fatalf("seed %d: final %v after a losing move", seed, a.Final)
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("only %d plays checked", checked)
	}
}

func applyIDs(t *testing.T, b *board.Board, s *board.State, moves [][2]int) {
	t.Helper()
	for _, m := range moves {
		i, _ := b.Index(m[0])
		j, _ := b.Index(m[1])
		if err := s.Remove(i, j); err != nil {
			t.Fatal(err)
		}
	}
}

func position(t *testing.T, b *board.Board, moves [][2]int) *board.Board {
	t.Helper()
	s := b.NewState()
	applyIDs(t, b, s, moves)
	pos, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestAnalyzeErrors(t *testing.T) {
	b := turtle(t, 1)
	if _, err := Analyze(context.Background(), b, [][2]int{{0, 999}}, opt); err == nil {
		t.Error("a move with no such tile was accepted")
	}
	if _, err := Analyze(context.Background(), b, [][2]int{{0, 1}}, opt); err == nil {
		t.Error("an illegal move was accepted")
	}
	// A board far beyond a few milliseconds: the reduction of a random 3-SAT formula
	// at the threshold, n = 60.
	f := cnf.Random(60, 256, 3, rand.New(rand.NewPCG(5, 60)))
	hard, _, err := reduce.Reduce(f, reduce.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := GroupCore(context.Background(), hard, Options{Timeout: 5 * time.Millisecond}); !errors.Is(err, ErrUnknown) {
		t.Errorf("out of time: %v, want ErrUnknown", err)
	}
}

// TestAnalyzeByID: moves are tile ids, not positions in the board's list; a board
// whose ids are not 0..n-1 gives the same analysis as the same board numbered 0..n-1.
func TestAnalyzeByID(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for seed := uint64(1); seed < 40; seed++ {
		b := turtle(t, seed)
		play := randomPlay(b, rng)
		a, err := Analyze(context.Background(), b, play, opt)
		if err != nil || a.FirstLosing == nil {
			continue
		}
		tiles := slices.Clone(b.Tiles)
		for i := range tiles {
			tiles[i].ID = 3*tiles[i].ID + 7
		}
		slices.Reverse(tiles)
		renum, err := board.New("renumbered", tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		moved := make([][2]int, len(play))
		for k, m := range play {
			moved[k] = [2]int{3*m[0] + 7, 3*m[1] + 7}
		}
		a2, err := Analyze(context.Background(), renum, moved, opt)
		if err != nil {
			t.Fatal(err)
		}
		if a2.FirstLosing == nil || *a2.FirstLosing != *a.FirstLosing || a2.Final != a.Final {
			t.Fatalf("seed %d: renumbered board gives %+v, the original %+v", seed, a2, a)
		}
		return
	}
	t.Fatal("no play with a losing move")
}

// TestAnalyzeStopped stops an analysis after each number of solves in turn (its
// context ends once Decided has been told of that many positions) and checks that
// what it returns with ErrUnknown is part of the whole analysis: the verdicts it
// decided, the range Within that holds the first losing move, or that move.
func TestAnalyzeStopped(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked, sawWithin := 0, false
	for seed := uint64(1); checked < 8 && seed < 200; seed++ {
		b := turtle(t, seed)
		play := randomPlay(b, rng)
		whole, err := Analyze(context.Background(), b, play, opt)
		if err != nil {
			t.Fatal(err)
		}
		if whole.FirstLosing == nil || len(play) < 8 {
			continue
		}
		checked++
		for n := 1; ; n++ {
			ctx, cancel := context.WithCancel(context.Background())
			o, decided := opt, 0
			o.Decided = func(position, moves int, v board.Verdict) {
				if moves != len(play) || position < 0 || position > moves {
					t.Errorf("Decided(%d, %d): not a position of a play of %d moves", position, moves, len(play))
				}
				if decided++; decided == n {
					cancel()
				}
			}
			a, err := Analyze(ctx, b, play, o)
			cancel()
			if err == nil {
				if n <= decided {
					t.Fatalf("seed %d: stopped after %d of %d solves, yet no ErrUnknown", seed, n, decided)
				}
				if !reflect.DeepEqual(a, whole) {
					t.Fatalf("seed %d: %+v, want %+v", seed, a, whole)
				}
				break
			}
			if !errors.Is(err, ErrUnknown) || a == nil {
				t.Fatalf("seed %d, %d solves: %v, analysis %v; want ErrUnknown and what was found", seed, n, err, a)
			}
			for _, v := range [][2]board.Verdict{{a.Initial, whole.Initial}, {a.Final, whole.Final}} {
				if v[0] != board.Unknown && v[0] != v[1] {
					t.Fatalf("seed %d, %d solves: verdict %v, the whole analysis says %v", seed, n, v[0], v[1])
				}
			}
			switch k := *whole.FirstLosing; {
			case a.Within != nil:
				sawWithin = true
				if a.FirstLosing != nil || k < a.Within[0] || k > a.Within[1] || a.Within[0] >= a.Within[1] {
					t.Fatalf("seed %d, %d solves: within %v, first losing %v; the move is %d", seed, n, a.Within, a.FirstLosing, k)
				}
			case a.FirstLosing != nil:
				if *a.FirstLosing != k || a.Alternative != nil {
					t.Fatalf("seed %d, %d solves: first losing %d, alternative %v; want %d and none", seed, n, *a.FirstLosing, a.Alternative, k)
				}
			}
		}
	}
	if checked < 8 || !sawWithin {
		t.Fatalf("only %d plays checked, stopped in a bisection: %v", checked, sawWithin)
	}
}
