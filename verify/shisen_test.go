package verify

import (
	"context"
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
