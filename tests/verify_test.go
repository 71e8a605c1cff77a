package tests

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/verify"
)

var long = flag.Bool("long", false, "run whole SATLIB folders (slow)")

// check runs verify on one formula and fails the test unless it passes.
func check(t *testing.T, name string, f *cnf.Formula, opt verify.Options) *verify.Outcome {
	t.Helper()
	o := verify.Check(context.Background(), name, f, opt)
	t.Log(o.Line())
	if o.Agreement != verify.Pass {
		t.Errorf("%s: %s", name, o.Line())
	}
	return o
}

// TestSATLIBSample: uf20-91 formulas (all satisfiable) through every route, stacks and
// one level. The whole folder runs with -long.
func TestSATLIBSample(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	if *long {
		n = 1000
	}
	for i := 1; i <= n; i++ {
		path := shared.Path(t, "cnf", "satlib", "uf20-91", fmt.Sprintf("uf20-0%d.cnf", i))
		f, err := cnf.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		o := check(t, filepath.Base(path), f, verify.Options{Timeout: 5 * time.Minute})
		if o.Formula != "sat" {
			t.Errorf("%s: SATLIB says satisfiable, formula route says %s", path, o.Formula)
		}
	}
}

// TestClassic: the small structured formulas of ../shared/cnf/classic with their known
// answers (zebra, 50,064 tiles once reduced, only with -long).
func TestClassic(t *testing.T) {
	want := map[string]string{"quinn.cnf": "sat", "simple_v3_c2.cnf": "sat", "no_simple.cnf": "unsat", "zebra.cnf": "sat"}
	for name, answer := range want {
		if name == "zebra.cnf" && !*long {
			continue
		}
		t.Run(name, func(t *testing.T) {
			f, err := cnf.ReadFile(shared.Path(t, "cnf", "classic", name))
			if err != nil {
				t.Fatal(err)
			}
			o := check(t, name, f, verify.Options{Timeout: 5 * time.Minute})
			if o.Formula != answer {
				t.Errorf("%s: known answer %s, formula route says %s", name, answer, o.Formula)
			}
		})
	}
}

// TestGenerated: random 3-CNF with a fixed seed across clause/variable ratios 3 to 6, so
// that satisfiable and unsatisfiable formulas both occur; every route must agree, on
// stacks and on one-level rows.
func TestGenerated(t *testing.T) {
	rng := board.NewRand(2026)
	count := map[string]int{}
	for _, ratio := range []int{3, 4, 5, 6} {
		for k := 0; k < 5; k++ {
			n := 4 + k
			f := cnf.Random(n, ratio*n, 3, rng)
			name := fmt.Sprintf("random-n%d-r%d", n, ratio)
			for _, flat := range []bool{false, true} {
				if flat && k > 0 {
					continue // one-level boards are larger: one per ratio
				}
				o := check(t, name, f, verify.Options{Flat: flat, Timeout: 2 * time.Minute})
				count[o.Formula]++
			}
		}
	}
	if count["sat"] == 0 || count["unsat"] == 0 {
		t.Fatalf("generated formulas are not mixed: %v", count)
	}
	t.Logf("formula verdicts: %v", count)
}

// TestBrokenGadgetIsCaught: verify must fail when the construction is deliberately
// broken (reduce's test-only mutations), on unsatisfiable formulas that the broken
// board lets through.
func TestBrokenGadgetIsCaught(t *testing.T) {
	unsat := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}}
	for _, m := range []string{reduce.MutateFreeVY} {
		o := verify.Check(context.Background(), "unsat-"+m, unsat, verify.Options{Mutate: m, Timeout: time.Minute})
		t.Log(o.Line())
		if o.Agreement != verify.Fail {
			t.Errorf("mutation %q: verify says %s, want a failure", m, o.Agreement)
		}
	}
	// The same formula without mutation passes.
	check(t, "unsat", unsat, verify.Options{Timeout: time.Minute})
}

// TestSATLIBFamilies: the structured SATLIB families (aim, dubois, pigeon-hole, parity)
// and a sample of uuf50-218 (all of it with -long), against their known answers. Their
// boards have 4 700 to 16 500 tiles; the SAT route runs minisat on them (gophersat
// takes minutes on the largest) and the test is skipped without it. The native solver
// must decide the parity reductions (satisfiable) and prove the uuf50-218 sample
// unsolvable (about 8 s each); on aim, dubois and pigeon-hole both routes get a short
// limit and may say unknown, which verify reports as skipped. Every route that
// decides must give the known answer.
func TestSATLIBFamilies(t *testing.T) {
	ms, err := sat.Lookup("minisat")
	if err != nil {
		t.Skip("minisat is not installed (.ci/run installs it)")
	}
	type family struct {
		dir, glob string
		max       int           // files checked (0: all)
		limit     time.Duration // per route
		native    bool          // the native solver must decide
	}
	families := []family{
		{"aim", "*.cnf", 0, 3 * time.Second, false},
		{"dubois", "*.cnf", 1, 3 * time.Second, false},
		{"pigeon-hole", "*.cnf", 2, 3 * time.Second, false},
		{"parity", "*.cnf", 2, 60 * time.Second, true},
		{"uuf50-218", "uuf50-0[12].cnf", 0, 90 * time.Second, true},
	}
	if *long {
		for i := range families {
			families[i].max = 0
		}
		families[4].glob = "*.cnf"
	}
	for _, fam := range families {
		t.Run(fam.dir, func(t *testing.T) {
			dir := shared.Path(t, "cnf", "satlib", fam.dir)
			files, err := filepath.Glob(filepath.Join(dir, fam.glob))
			if err != nil || len(files) == 0 {
				t.Fatalf("no %s in %s: %v", fam.glob, dir, err)
			}
			if fam.max > 0 && len(files) > fam.max {
				files = files[:fam.max]
			}
			decided := 0
			for _, path := range files {
				name := filepath.Base(path)
				want := "unsat"
				if fam.dir == "parity" || strings.Contains(name, "yes") {
					want = "sat"
				}
				f, err := cnf.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				o := verify.Check(context.Background(), name, f, verify.Options{Timeout: fam.limit, SATRoute: ms})
				t.Log(o.Line())
				wantBoard := map[string]string{"sat": "solvable", "unsat": "unsolvable"}[want]
				switch {
				case o.Agreement == verify.Fail:
					t.Errorf("%s: %s", name, o.Line())
				case o.Formula != want:
					t.Errorf("%s: SATLIB says %s, the formula route %s", name, want, o.Formula)
				case o.SATRoute != wantBoard && (fam.native || o.SATRoute != "unknown"):
					// Under a short limit (a loaded machine) either route may say
					// unknown; a decided answer must be right.
					t.Errorf("%s: the board is %s, the SAT route says %s", name, wantBoard, o.SATRoute)
				case fam.native && o.Native != wantBoard:
					t.Errorf("%s: the board is %s, the native solver says %s", name, wantBoard, o.Native)
				}
				if o.Native != "unknown" {
					decided++
				}
			}
			t.Logf("%s: native solver decided %d of %d within %v", fam.dir, decided, len(files), fam.limit)
		})
	}
}
