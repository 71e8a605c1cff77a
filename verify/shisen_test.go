package verify

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/cnf"
)

// TestShisenRoutes checks the Shisen-Sho cross-check on a satisfiable and an
// unsatisfiable formula: the stacks' verdict is the formula's, a satisfiable one's
// certificates check both ways, and nothing is called a disagreement.
func TestShisenRoutes(t *testing.T) {
	for _, tc := range []struct {
		f      *cnf.Formula
		stacks string
		cert   string
	}{
		{&cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {-1, 2}}}, "solvable", "ok"},
		{&cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}, {-1}}}, "unsolvable", "n/a"},
	} {
		opt := Options{Game: "shisen", Timeout: 200 * time.Millisecond, NoSATRoute: true}
		if err := Supports(tc.f, opt); err != nil {
			t.Fatal(err)
		}
		o := Check(context.Background(), "f", tc.f, opt)
		if o.Agreement == Fail || o.Stacks != tc.stacks || o.Cert != tc.cert || (tc.stacks == "solvable" && o.Back != "ok") {
			t.Fatalf("%s", o.Line())
		}
	}
	if err := Supports(&cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}, Options{Game: "shisen", Flat: true}); err == nil {
		t.Fatal("Supports took -flat for Shisen-Sho")
	}
}

// TestShisenNativeDecides checks the board's own route on small random formulas of
// one or two variables: Shisen-Sho's native solver must decide each reduction board,
// and verify must find that its verdict, the formula's and the stacks' agree (a win
// is replayed and read back as a model). Every other formula also has a variable's
// two unit clauses, so both verdicts come up.
func TestShisenNativeDecides(t *testing.T) {
	if testing.Short() {
		// CI's pass under the race detector runs -short: there the solver, which runs
		// no goroutines of its own, goes some ten times slower, and a board can reach
		// the minute. The plain pass covers it.
		t.Skip("-short")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	seen := map[string]int{}
	for trial := range 8 {
		n := 1 + trial%2
		f := &cnf.Formula{NumVars: n}
		for range 1 + rng.IntN(2) {
			var c cnf.Clause
			for range 1 + rng.IntN(2) {
				v := 1 + rng.IntN(n)
				if rng.IntN(2) == 0 {
					v = -v
				}
				c = append(c, cnf.Lit(v))
			}
			f.Clauses = append(f.Clauses, c)
		}
		if trial%2 == 1 {
			v := cnf.Lit(1 + rng.IntN(n))
			f.Clauses = append(f.Clauses, cnf.Clause{v}, cnf.Clause{-v})
		}
		o := Check(context.Background(), "f", f, Options{Game: "shisen", Timeout: time.Minute, NoSATRoute: true})
		want := map[string]string{"sat": "solvable", "unsat": "unsolvable"}[o.Formula]
		if o.Agreement != Pass || o.Native != want {
			t.Fatalf("trial %d, %v: %s", trial, f.Clauses, o.Line())
		}
		seen[o.Native]++
	}
	if seen["solvable"] < 3 || seen["unsolvable"] < 3 {
		t.Fatalf("verdicts %v: want at least 3 of each", seen)
	}
}

// TestShisenNoteInLine checks that what a route could not do is on the line: the SAT
// route refuses a board too large to encode (a formula of 5 variables and 21 clauses),
// which is a note, not a disagreement.
func TestShisenNoteInLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	f := &cnf.Formula{NumVars: 5}
	for range 21 {
		var c cnf.Clause
		for range 3 {
			v := cnf.Lit(1 + rng.IntN(5))
			if rng.IntN(2) == 0 {
				v = -v
			}
			c = append(c, v)
		}
		f.Clauses = append(f.Clauses, c)
	}
	o := Check(context.Background(), "f", f, Options{Game: "shisen", Timeout: time.Second})
	if o.Agreement == Fail || o.SATRoute != "unknown" || len(o.Notes) == 0 || !strings.Contains(o.Line(), "  (sat route: ") {
		t.Fatalf("%s", o.Line())
	}
}
