package shisen

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
)

// TestLearnAgainstMoveSearch decides deals too large for the exhaustive search by the
// two searches of boards without gravity, the pairing search with learning (learn.go)
// and the search over moves (pairings, given a second), and wants the same verdict
// wherever both decide, both verdicts among them, and every win replayed by Solve.
// The deals are 16 × 9 with groups of four, then with 12 kinds (groups of twelve).
func TestLearnAgainstMoveSearch(t *testing.T) {
	count, both := map[board.Verdict]int{}, 0
	for trial := range uint64(40) {
		seed, kinds := trial%30, 0
		if trial >= 30 {
			kinds = 12
		}
		b, err := DealKinds(16, 9, false, seed, kinds)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		learnt, err := Solve(ctx, b)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel = context.WithTimeout(context.Background(), time.Second)
		s := newSearch(ctx)
		moves := board.Unsolvable
		if s.pairings(b.Clone(), nil) {
			moves = board.Solvable
		} else if s.stopped {
			moves = board.Unknown
		}
		cancel()
		if learnt.Status != board.Unknown && moves != board.Unknown && learnt.Status != moves {
			t.Fatalf("deal %d of %d kinds: the pairing search says %v, the move search %v", seed, kinds, learnt.Status, moves)
		}
		count[learnt.Status]++
		both += btoi(moves != board.Unknown)
	}
	if count[board.Solvable] < 5 || count[board.Unsolvable] < 3 || count[board.Unknown] > 0 {
		t.Fatalf("verdicts %v: want at least 5 wins, 3 losses and no unknown", count)
	}
	if both < 30 {
		t.Fatalf("the move search decided only %d deals of 40", both)
	}
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestProbeSound checks the pairs probe rules out on small boards, groups of two to
// eight tiles, against the exhaustive search: a board probe finds lost is lost, and on
// a board that can be cleared, no pair of a winning play is ruled out, nor a tile of
// it fixed to another partner.
func TestProbeSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ruled, checked := 0, 0
	for b := range smallBoards(t, rng, 3000, 2, 5, 20, gravityNever) {
		want, play, err := Exhaustive(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		l := newLearner(newSearch(context.Background()), b)
		if !l.probe() {
			if want != board.Unsolvable {
				t.Fatalf("probe finds lost a board the exhaustive search wins:\n%v", b.Rows())
			}
			continue
		}
		n := 0
		for g := range l.groups {
			n += len(slices.DeleteFunc(slices.Clone(l.ruled[g]), func(r bool) bool { return !r }))
		}
		ruled += n
		if want != board.Solvable || n == 0 {
			continue
		}
		checked++
		for _, m := range play {
			g := b.cells[m[0].Y*b.W+m[0].X]
			cs := l.groups[g]
			i, j := slices.Index(cs, m[0]), slices.Index(cs, m[1])
			if l.ruled[g][i*len(cs)+j] || l.partner[g][i] != free && int(l.partner[g][i]) != j {
				t.Fatalf("probe rules out the pair %d, %d of group %d, which a winning play has:\n%v", i, j, g, b.Rows())
			}
		}
	}
	if ruled < 100 || checked < 20 {
		t.Fatalf("probe ruled out %d pairs, on %d boards that can be cleared: too few to test", ruled, checked)
	}
}

// TestHugeGroup solves a board of one group of more tiles than the pairing search
// takes, which Solve leaves to the search over moves.
func TestHugeGroup(t *testing.T) {
	rows := make([][]string, 7)
	for y := range rows {
		rows[y] = slices.Repeat([]string{"a"}, 10)
	}
	b, err := New(rows, false)
	if err != nil {
		t.Fatal(err)
	}
	if learnable(members(b)) {
		t.Fatal("the pairing search takes a group of 70 tiles")
	}
	r, err := Solve(context.Background(), b)
	if err != nil || r.Status != board.Solvable {
		t.Fatalf("Solve: %v, %v", r.Status, err)
	}
}

// TestForgetting solves hard 16×9 deals with the pairing search forgetting its older
// nogoods after every eight, and wants Solve's verdicts.
func TestForgetting(t *testing.T) {
	forgotten := 0
	for _, seed := range []uint64{19, 29, 923} {
		b, err := Deal(16, 9, false, seed)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearch(context.Background())
		s.maxNogoods = 8
		got := board.Unsolvable
		if s.learn(b.Clone()) {
			got = board.Solvable
			if err := b.Replay(s.path, true); err != nil {
				t.Fatalf("deal %d: %v", seed, err)
			}
		}
		if got != want.Status {
			t.Fatalf("deal %d: %v forgetting, %v not", seed, got, want.Status)
		}
		forgotten += s.forgotten
	}
	if forgotten == 0 {
		t.Fatal("nothing was forgotten")
	}
}

// TestGrowMatchesScan checks grow against the scan of the whole board: from the
// fixpoint of the scan under some fixed pairs, with some of them set free again,
// grow must reach the scan's fixpoint under the pairs left fixed, cell for cell.
func TestGrowMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked, lost := 0, 0
	for trial := range uint64(60) {
		b, err := DealKinds(16, 9, false, trial, []int{0, 12}[trial%2])
		if err != nil {
			t.Fatal(err)
		}
		l := newLearner(newSearch(context.Background()), b)
		var fixed []lit
		for range 1 + rng.IntN(40) {
			g := rng.IntN(len(l.groups))
			var freeOnes []int
			for i, p := range l.partner[g] {
				if p == free {
					freeOnes = append(freeOnes, i)
				}
			}
			if len(freeOnes) < 2 {
				continue
			}
			rng.Shuffle(len(freeOnes), func(a, b int) { freeOnes[a], freeOnes[b] = freeOnes[b], freeOnes[a] })
			i, j := freeOnes[0], freeOnes[1]
			fixed = append(fixed, l.fix(g, i, j))
		}
		if len(l.scan()) > 0 {
			lost++
		}
		from := slices.Clone(l.scratch.cells)
		for _, x := range fixed {
			if rng.IntN(2) == 0 {
				l.partner[x.g][x.i], l.partner[x.g][x.j] = free, free
			}
		}
		left := l.grow(from)
		grown := slices.Clone(l.scratch.cells)
		scanLeft := len(l.scan()) > 0
		if left != scanLeft || !slices.Equal(grown, l.scratch.cells) {
			t.Fatalf("trial %d: grow left tiles %v, the scan %v; cells equal %v", trial, left, scanLeft, slices.Equal(grown, l.scratch.cells))
		}
		checked++
	}
	if lost < 10 || lost > 50 {
		t.Errorf("%d of %d first scans lost: want a mix", lost, checked)
	}
}
