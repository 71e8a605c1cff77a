package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/mjsat/mjsat/internal/reference"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
)

func solveT(t testing.TB, b *board.Board, opt Options) Result {
	t.Helper()
	res, err := Solve(context.Background(), b, opt)
	if err != nil {
		t.Fatalf("%s: %v", b.Name, err)
	}
	return res
}

func wantStatus(ok bool) board.Verdict {
	if ok {
		return board.Solvable
	}
	return board.Unsolvable
}

// TestAgainstReference compares the pairing search with the exhaustive reference on
// small random boards.
func TestAgainstReference(t *testing.T) {
	pos := instances.Turtle().Pos
	cases := []struct {
		name  string
		count int
		make  func(rng *rand.Rand) *board.Board
	}{
		{"stacks h1-3", 400, func(rng *rand.Rand) *board.Board { return randomStacks(t, rng, 8+2*rng.IntN(9), 1, 3) }},
		{"stacks h3", 300, func(rng *rand.Rand) *board.Board { return randomStacks(t, rng, 12+2*rng.IntN(7), 2, 3) }},
		{"turtle fragments", 400, func(rng *rand.Rand) *board.Board { return fragment(t, rng, pos, 8+2*rng.IntN(9)) }},
		{"rows", 400, func(rng *rand.Rand) *board.Board { return randomRows(t, rng, 8+2*rng.IntN(9)) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(len(tc.name)), 1))
			counts := map[board.Verdict]int{}
			var jumps int64
			for i := 0; i < tc.count; i++ {
				b := tc.make(rng)
				want := wantStatus(reference.Solvable(b))
				got := solveT(t, b, Options{noStacks: true, Seed: uint64(i)})
				counts[got.Status]++
				if got.Status != want {
					t.Fatalf("board %d: got %v, reference says %v\n%s", i, got.Status, want, dump(b))
				}
				// The pairing search alone (no random games to find the play first),
				// with and without backjumping and nogoods.
				for _, noJump := range []bool{false, true} {
					r := solveT(t, b, Options{noStacks: true, Seed: uint64(i), exact: true, noJump: noJump})
					jumps += r.Stats.Jumps
					if r.Status != want {
						t.Fatalf("board %d, search alone (noJump %v): got %v, reference says %v\n%s", i, noJump, r.Status, want, dump(b))
					}
				}
			}
			t.Logf("%v, backjumps %d", counts, jumps)
			if counts[board.Solvable] == 0 || counts[board.Unsolvable] == 0 {
				t.Errorf("generator gives one verdict only: %v", counts)
			}
		})
	}
}

func dump(b *board.Board) string {
	s := ""
	for _, tl := range b.Tiles {
		s += fmt.Sprintf("{%d,%d,%d,%d,%q} ", tl.ID, tl.X, tl.Y, tl.Z, tl.Group)
	}
	return s
}

// TestReductionSmall checks random small formulas: the reduced board is solvable iff
// the formula is satisfiable (by enumeration).
func TestReductionSmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	counts := map[bool]int{}
	var learnt int64
	for i := 0; i < 60; i++ {
		nv := 3 + rng.IntN(3)
		f, cls, sat := randomFormula(t, rng, nv, 3+rng.IntN(4*nv), func() []int {
			var cl []int
			for range 1 + rng.IntN(3) {
				cl = append(cl, 1+rng.IntN(nv))
			}
			return cl
		})
		counts[sat]++
		b := reduced(t, f, fmt.Sprintf("small %d", i), false)
		got := solveT(t, b, Options{Seed: 1})
		if got.Status != wantStatus(sat) {
			t.Fatalf("formula %d %v: got %v, want sat=%v", i, cls, got.Status, sat)
		}
		// The pairing search alone, where backjumping and nogoods do the work.
		exact := solveT(t, b, Options{Seed: 1, exact: true})
		learnt += exact.Stats.Nogoods
		if exact.Status != wantStatus(sat) {
			t.Fatalf("formula %d %v: search alone %v, want sat=%v", i, cls, exact.Status, sat)
		}
	}
	t.Logf("sat/unsat: %v, nogoods learnt by the search alone: %d", counts, learnt)
	if learnt == 0 {
		t.Error("the search learnt nothing")
	}
}

// TestUF20 solves reductions of uf20-91 formulas (all satisfiable) and replays the
// plays (Solve replays before returning). The full 1000 run in BenchmarkUF20.
func TestUF20(t *testing.T) {
	n := 8
	if testing.Short() {
		n = 2
	}
	for i := 1; i <= n; i++ {
		b := satlibBoard(t, "uf20-91", fmt.Sprintf("uf20-0%d", i), false)
		got := solveT(t, b, Options{Seed: 1})
		if got.Status != board.Solvable {
			t.Fatalf("uf20-0%d: %v", i, got.Status)
		}
	}
}

// TestWorkers checks that the portfolio gives the same verdicts.
func TestWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 100; i++ {
		b := randomStacks(t, rng, 12+2*rng.IntN(5), 2, 3)
		one := solveT(t, b, Options{noStacks: true})
		two := solveT(t, b, Options{noStacks: true, Workers: 2})
		if one.Status != two.Status {
			t.Fatalf("board %d: 1 worker %v, 2 workers %v", i, one.Status, two.Status)
		}
	}
}

// TestTimeout checks that a stopped search says unknown promptly, on the reduction of
// an unsatisfiable formula at n = 100, which takes seconds (uuf50's took a little
// under the 300 ms limit here, and so decided it on a fast machine).
func TestTimeout(t *testing.T) {
	f, err := cnf.ReadFile(randomSet(t, "n100-unsat")[0])
	if err != nil {
		t.Fatal(err)
	}
	b := reduced(t, f, "n100-unsat", false)
	start := time.Now()
	got := solveT(t, b, Options{Timeout: 300 * time.Millisecond})
	if got.Status != board.Unknown {
		t.Fatalf("status %v, want unknown", got.Status)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopping took %v", d)
	}
}

func TestBadGroupSize(t *testing.T) {
	b, err := board.ParseStacks([]byte("a a a\na a a\n"), "six")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Solve(context.Background(), b, Options{}); err == nil {
		t.Error("a group of 6 tiles was accepted")
	}
}

// TestBackjumpAgainstReference checks backjumping and nogoods where they act: on
// larger turtle fragments and stacks (big enough for a conflict to skip a level) the
// pairing search alone, with them, must agree with the exhaustive reference.
func TestBackjumpAgainstReference(t *testing.T) {
	pos := instances.Turtle().Pos
	cases := []struct {
		name  string
		count int
		make  func(rng *rand.Rand) *board.Board
	}{
		{"turtle fragments 36-44", 300, func(rng *rand.Rand) *board.Board { return fragment(t, rng, pos, 36+4*rng.IntN(3)) }},
		{"stacks h2-4 32-40", 300, func(rng *rand.Rand) *board.Board { return randomStacks(t, rng, 32+4*rng.IntN(3), 2, 4) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(len(tc.name)), 2))
			counts := map[board.Verdict]int{}
			var jumps, learnt int64
			for i := 0; i < tc.count; i++ {
				b := tc.make(rng)
				want := wantStatus(reference.Solvable(b))
				r := solveT(t, b, Options{noStacks: true, Seed: uint64(i), exact: true})
				counts[r.Status]++
				jumps += r.Stats.Jumps
				learnt += r.Stats.Nogoods
				if r.Status != want {
					t.Fatalf("board %d: got %v, reference says %v\n%s", i, r.Status, want, dump(b))
				}
			}
			t.Logf("%v, backjumps %d, nogoods %d", counts, jumps, learnt)
			if counts[board.Solvable] == 0 || counts[board.Unsolvable] == 0 || learnt == 0 {
				t.Errorf("boards too easy to test learning: %v, %d nogoods", counts, learnt)
			}
		})
	}
}

// TestHardTurtleDeals solves turtle deals that need the exact search (few random games
// win them) with and without backjumping and nogoods, and with two workers sharing
// nogoods: the verdicts must agree, and learning must have acted.
func TestHardTurtleDeals(t *testing.T) {
	var learnt, forgotten int64
	for _, seed := range []uint64{1332, 1509, 1520, 1858, 1899} {
		b := turtle(t, seed)
		with := solveT(t, b, Options{Seed: 1})
		without := solveT(t, b, Options{Seed: 1, noJump: true})
		learnt += with.Stats.Nogoods
		if with.Status != without.Status || with.Status == board.Unknown {
			t.Errorf("seed %d: %v with backjumping, %v without", seed, with.Status, without.Status)
		}
		// Forgetting nogoods all the time keeps the verdict.
		few := solveT(t, b, Options{Seed: 1, maxNogoods: 20})
		forgotten += few.Stats.Forgotten
		if few.Status != with.Status {
			t.Errorf("seed %d: %v keeping at most 20 nogoods, %v as set", seed, few.Status, with.Status)
		}
		// Two workers sharing nogoods (the helper joins after helpAfter: these deals
		// take longer).
		if two := solveT(t, b, Options{Seed: 1, Workers: 2}); two.Status != with.Status {
			t.Errorf("seed %d: %v with two workers, %v with one", seed, two.Status, with.Status)
		}
		if without.Stats.Nogoods != 0 || without.Stats.Jumps != 0 {
			t.Errorf("seed %d: noJump learnt %d nogoods, jumped %d times", seed, without.Stats.Nogoods, without.Stats.Jumps)
		}
	}
	if learnt == 0 {
		t.Error("no nogood learnt on the hard deals")
	}
	if forgotten == 0 {
		t.Error("no nogood forgotten on the hard deals with a bound of 20")
	}
}

// TestReductionLearning checks backjumping and nogoods where they matter most: random
// 3-SAT formulas near the threshold (6-9 variables, 4.3 clauses per variable), reduced
// and solved by the pairing search alone, against enumeration.
func TestReductionLearning(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	counts := map[bool]int{}
	var learnt, jumps int64
	n := 80
	if testing.Short() {
		n = 20
	}
	for i := 0; i < n; i++ {
		nv := 6 + rng.IntN(4)
		f, cls, sat := randomFormula(t, rng, nv, (43*nv+5)/10, func() []int {
			p := rng.Perm(nv)[:3]
			return []int{p[0] + 1, p[1] + 1, p[2] + 1}
		})
		counts[sat]++
		r := solveT(t, reduced(t, f, fmt.Sprintf("3sat %d", i), false), Options{Seed: 1, exact: true})
		learnt += r.Stats.Nogoods
		jumps += r.Stats.Jumps
		if r.Status != wantStatus(sat) {
			t.Fatalf("formula %d %v: %v, want sat=%v", i, cls, r.Status, sat)
		}
	}
	t.Logf("sat/unsat %v, nogoods %d, backjumps %d", counts, learnt, jumps)
	if counts[true] == 0 || counts[false] == 0 || learnt == 0 || jumps == 0 {
		t.Errorf("too easy to test learning: %v, %d nogoods, %d backjumps", counts, learnt, jumps)
	}
}

// randomFormula builds a formula of nc clauses over nv variables, each clause the
// variables vars returns with random signs, and decides it by enumeration.
func randomFormula(t *testing.T, rng *rand.Rand, nv, nc int, vars func() []int) (*cnf.Formula, [][]int, bool) {
	t.Helper()
	var cls [][]int
	for range nc {
		cl := vars()
		for i := range cl {
			if rng.IntN(2) == 0 {
				cl[i] = -cl[i]
			}
		}
		cls = append(cls, cl)
	}
	f := formula(nv, cls)
	sat, _, err := cnf.BruteForce(f)
	if err != nil {
		t.Fatal(err)
	}
	return f, cls, sat
}

// TestReusedSearch checks that a search reset for another board (as acquireSearch
// reuses one from the pool) decides, plays and counts exactly as a new one, after
// searches that went deep (restarts, nogoods, checkpoints) and after easy ones.
func TestReusedSearch(t *testing.T) {
	stop := &halt{ctx: context.Background()}
	var reused *search
	for _, seed := range []uint64{292, 1, 129, 28, 2, 6, 61, 3} {
		c := compiledTurtle(t, seed)
		fresh := newSearch(c, 7, stop)
		want := fresh.run()
		if reused == nil {
			reused = newSearch(c, 7, stop)
		} else {
			reused.reset(c, 7, stop)
		}
		got := reused.run()
		if got != want || !slices.Equal(reused.solution, fresh.solution) || reused.stats != fresh.stats {
			t.Fatalf("seed %d: reused search %v, %d moves, %+v; new search %v, %d moves, %+v",
				seed, got, len(reused.solution), reused.stats, want, len(fresh.solution), fresh.stats)
		}
		if seed == 292 && fresh.stats.Nodes < 300 {
			t.Fatalf("seed 292 took %d nodes: pick a deal that searches deep", fresh.stats.Nodes)
		}
	}
}

// TestSolveConcurrent checks that Solve calls running at once, which share the pools
// of searches and compiled boards, answer as calls one at a time do (run it with
// -race too).
func TestSolveConcurrent(t *testing.T) {
	seeds := []uint64{1, 2, 3, 28, 61, 129, 4, 5}
	solve := func(seed uint64) Result {
		r, err := Solve(context.Background(), turtle(t, seed), Options{Seed: 1})
		if err != nil {
			t.Error(err)
		}
		return r
	}
	want := make([]Result, len(seeds))
	for i, seed := range seeds {
		want[i] = solve(seed)
	}
	got := make([]Result, len(seeds))
	done := make(chan struct{})
	for w := 0; w < 2; w++ {
		go func(w int) {
			defer func() { done <- struct{}{} }()
			for i := w; i < len(seeds); i += 2 {
				got[i] = solve(seeds[i])
			}
		}(w)
	}
	<-done
	<-done
	for i := range seeds {
		if got[i].Status != want[i].Status || !slices.Equal(got[i].Moves, want[i].Moves) || got[i].Stats.Nodes != want[i].Stats.Nodes {
			t.Errorf("seed %d: concurrent %v (%d moves, %d nodes), alone %v (%d moves, %d nodes)", seeds[i],
				got[i].Status, len(got[i].Moves), got[i].Stats.Nodes, want[i].Status, len(want[i].Moves), want[i].Stats.Nodes)
		}
	}
}

// TestDirectBlocking checks the compiled blocking counts, which leave out the tiles
// under a tile that lie under another tile under it (see compiled.direct), against the
// board's own playability rule, move by move through random games on the turtle, on
// fragments of it and on random stacks.
func TestDirectBlocking(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	boards := []*board.Board{turtle(t, 1), turtle(t, 2), randomStacks(t, rng, 60, 1, 5)}
	for range 20 {
		boards = append(boards, fragment(t, rng, instances.Turtle().Pos, 20+2*rng.IntN(20)))
	}
	for bi, b := range boards {
		c, err := compile(b)
		if err != nil {
			t.Fatal(err)
		}
		pl := newPlayer(c)
		pl.start(c.initP)
		st := b.NewState()
		for {
			for u := 0; u < c.n; u++ {
				k := pl.cnt[u]
				byCounts := k&0xff == 0 && (k>>8&0xff == 0 || k>>16&0xff == 0)
				if !st.Gone(u) && (byCounts != st.Playable(u) || (k&freeMark != 0) != byCounts) {
					t.Fatalf("board %d, %d tiles left: tile %d free by the counts %v (marked %v), playable by the board %v",
						bi, st.Remaining(), u, byCounts, k&freeMark != 0, st.Playable(u))
				}
			}
			moves := st.Moves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			if err := st.Remove(m[0], m[1]); err != nil {
				t.Fatal(err)
			}
			pl.remove(int32(m[0]))
			pl.remove(int32(m[1]))
		}
	}
}

// TestCallerReplays: leaving the replay to the caller changes nothing of the answer,
// and the play it gives replays on the board.
func TestCallerReplays(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 28, 61, 129} {
		b := turtle(t, seed)
		want, err := Solve(context.Background(), b, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Solve(context.Background(), b, Options{Seed: 1, CallerReplays: true})
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != want.Status || !slices.Equal(got.Moves, want.Moves) || got.Stats.Nodes != want.Stats.Nodes {
			t.Fatalf("seed %d: with CallerReplays %v (%d moves, %d nodes), without %v (%d moves, %d nodes)", seed,
				got.Status, len(got.Moves), got.Stats.Nodes, want.Status, len(want.Moves), want.Stats.Nodes)
		}
		if got.Status == board.Solvable {
			if err := b.Replay(got.Play()); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
}
