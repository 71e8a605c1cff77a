// Command benchsets regenerates the random 3-SAT benchmark sets of the native
// solver (solver/testdata/random): uniform random 3-CNF formulas at the threshold
// (m = round(4.26 n)) for n = 75, 100, 125 and 150, drawn from fixed seeds, labelled by a
// SAT solver, the first -count satisfiable and the first -count unsatisfiable of
// each size kept. The same seeds give the same files on every run; the labels are
// checked again by the solver package's tests through another route.
//
//	go generate ./solver     (runs: go run ./internal/benchsets -solver minisat -o testdata/random)
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

func main() {
	out := flag.String("o", "testdata/random", "output folder")
	solver := flag.String("solver", "minisat", "labelling SAT solver: gophersat or an external DIMACS solver")
	count := flag.Int("count", 20, "formulas of each size and answer at n = 75 and 100 (half as many at n = 125 and 150)")
	flag.Parse()
	s, err := sat.Lookup(*solver)
	if err != nil {
		fail(err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	for _, n := range []int{75, 100, 125, 150} {
		k := *count
		if n > 100 {
			k = max(1, k/2) // the larger formulas take the solvers minutes
		}
		if err := generate(s, *solver, *out, n, k); err != nil {
			fail(err)
		}
	}
}

// Formula returns the random formula of n variables drawn from seed, as the sets
// hold it.
func Formula(n int, seed uint64) *cnf.Formula {
	m := int(math.Round(4.26 * float64(n)))
	return cnf.Random(n, m, 3, rand.New(rand.NewPCG(seed, uint64(n))))
}

func generate(s sat.Solver, name, out string, n, count int) error {
	kept := map[sat.Status]int{}
	for seed := uint64(1); kept[sat.Sat] < count || kept[sat.Unsat] < count; seed++ {
		f := Formula(n, seed)
		r, err := s.Solve(context.Background(), f)
		if err != nil {
			return fmt.Errorf("n=%d seed %d: %w", n, seed, err)
		}
		if r.Status == sat.Unknown || kept[r.Status] >= count {
			continue
		}
		kept[r.Status]++
		word := r.Status.String()
		f.Comments = append(f.Comments, fmt.Sprintf("n=%d seed %d: %s by %s", n, seed, word, name))
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			return err
		}
		file := filepath.Join(out, fmt.Sprintf("n%d-%s-%03d.cnf", n, word, seed))
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchsets:", err)
	os.Exit(2)
}
