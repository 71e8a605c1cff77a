package solver

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

// TestRandomSets checks the benchmark sets of testdata/random: each file is the
// formula its seed draws (so the sets can be made again, see solver/internal/benchsets, run by go generate),
// and a SAT solver gives the label of its name: gophersat, a route other than the
// solver that labelled them, up to n = 100; minisat beyond, where gophersat takes long.
func TestRandomSets(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "random", "*.cnf"))
	if err != nil || len(files) != 120 {
		t.Fatalf("testdata/random: %d files (want 120), %v", len(files), err)
	}
	minisat, _ := sat.Lookup("minisat")
	for _, file := range files {
		var n int
		var word string
		var seed uint64
		base := strings.TrimSuffix(filepath.Base(file), ".cnf")
		if _, err := fmt.Sscanf(strings.ReplaceAll(base, "-", " "), "n%d %s %d", &n, &word, &seed); err != nil {
			t.Fatalf("%s: name: %v", file, err)
		}
		f, err := cnf.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := cnf.Random(n, int(math.Round(4.26*float64(n))), 3, rand.New(rand.NewPCG(seed, uint64(n))))
		if f.NumVars != want.NumVars || !slices.EqualFunc(f.Clauses, want.Clauses, slices.Equal) {
			t.Errorf("%s: not the formula of seed %d", file, seed)
		}
		// Gophersat checks the labels up to n = 100; beyond, minisat (the labeller, so a
		// check of the files rather than of the labels) where it is installed.
		var check sat.Solver = sat.Gophersat{}
		if n > 100 {
			if minisat == nil {
				continue
			}
			check = minisat
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		r, err := check.Solve(ctx, f)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if r.Status.String() != word {
			t.Errorf("%s: gophersat says %s", file, r.Status.String())
		}
	}
}

// TestRandomReductions decides the reductions of the first formula of each n = 75 set
// natively, against the label.
func TestRandomReductions(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds per board")
	}
	for _, set := range []string{"n75-sat", "n75-unsat"} {
		file := randomSet(t, set)[0]
		f, err := cnf.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Solve(context.Background(), reduced(t, f, file, false), Options{Seed: 1, Timeout: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		want := board.Unsolvable
		if set == "n75-sat" {
			want = board.Solvable
		}
		if r.Status != want {
			t.Errorf("%s: %v, want %v", file, r.Status, want)
		}
	}
}
