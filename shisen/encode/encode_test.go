package encode

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/shisen"
)

// randomBoard deals a w × h board of groups of two, four, six or eight, with some
// cells left empty at times.
func randomBoard(t *testing.T, rng *rand.Rand, w, h int) *shisen.Board {
	labels := make([]int, w*h)
	size := 2 + 2*rng.IntN(2)
	if rng.IntN(4) == 0 {
		size = 6 + 2*rng.IntN(2) // groups of six or eight, as hand-made boards may have
	}
	for k := range labels {
		labels[k] = k / size
	}
	for k := len(labels) / size * size; k < len(labels); k++ {
		labels[k] = len(labels) / size // the rest: one smaller group (w*h is even)
	}
	rng.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	holes := map[int]bool{}
	if rng.IntN(2) == 0 {
		for g := range len(labels)/2 + 1 {
			holes[g] = rng.IntN(4) == 0
		}
	}
	rows := make([][]string, h)
	for y := range rows {
		rows[y] = make([]string, w)
		for x := range rows[y] {
			if l := labels[y*w+x]; !holes[l] {
				rows[y][x] = board.GroupName(l)
			}
		}
	}
	b, err := shisen.New(rows, false)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decide decides b through the encoding and gophersat; Solve replays a model's play.
func decide(t *testing.T, b *shisen.Board) board.Verdict {
	t.Helper()
	r, err := Solve(context.Background(), b, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, rowsOf(b))
	}
	return r.Status
}

func rowsOf(b *shisen.Board) [][]string { return b.Rows() }

// TestAgainstExhaustive checks the SAT route against a plain exhaustive search on
// hundreds of small boards, with and without holes, groups of two and four.
func TestAgainstExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	seen := map[board.Verdict]int{}
	for k := range 1000 {
		w, h := 2+rng.IntN(5), 2+rng.IntN(4)
		if w*h%2 != 0 || w*h > 24 {
			continue
		}
		b := randomBoard(t, rng, w, h)
		want, _, err := shisen.Exhaustive(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got := decide(t, b); got != want {
			t.Fatalf("board %d: SAT route %v, exhaustive %v\n%v", k, got, want, b.Rows())
		}
		seen[want]++
	}
	if seen[board.Solvable] < 50 || seen[board.Unsolvable] < 40 {
		t.Fatalf("too few of one verdict to mean much: %v", seen)
	}
}

// TestAgainstSolver checks the SAT route against the native solver on boards too big
// for the exhaustive search: random boards of up to 48 cells and deals.
func TestAgainstSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	seen := map[board.Verdict]int{}
	check := func(name string, b *shisen.Board) {
		r, err := shisen.Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got := decide(t, b); got != r.Status {
			t.Fatalf("%s: SAT route %v, native %v\n%v", name, got, r.Status, b.Rows())
		}
		seen[r.Status]++
	}
	for k := range 150 {
		w, h := 6+rng.IntN(3), 4+2*rng.IntN(2) // an even number of cells
		check(fmt.Sprintf("random board %d", k), randomBoard(t, rng, w, h))
	}
	for seed := range uint64(20) {
		b, err := shisen.Deal(8, 6, false, seed)
		if err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("8×6 deal %d", seed), b)
	}
	if seen[board.Solvable] < 20 || seen[board.Unsolvable] < 20 {
		t.Fatalf("too few of one verdict to mean much: %v", seen)
	}
}

func TestGravityRefused(t *testing.T) {
	b, err := shisen.Deal(4, 2, true, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Encode(b); !errors.Is(err, ErrGravity) {
		t.Fatalf("got %v, want ErrGravity", err)
	}
}

// TestDecodeRefusesOtherModels checks that a model that is not one of the encoding
// is refused rather than turned into a play.
func TestDecodeRefusesOtherModels(t *testing.T) {
	b, err := shisen.Deal(6, 4, false, 3)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Decode(make([]bool, e.NumVars()+1)); err == nil {
		t.Fatal("the all-false assignment decoded")
	}
	if _, err := e.Decode(nil); err == nil {
		t.Fatal("an empty model decoded")
	}
}
