package verify_test

import (
	"context"
	"fmt"
	"time"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/verify"
)

// Check runs every route on a formula; here (x1 ∨ x2) ∧ (¬x1 ∨ x2) ∧ (¬x2 ∨ x1).
func ExampleCheck() {
	f := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {-1, 2}, {-2, 1}}}
	o := verify.Check(context.Background(), "example", f, verify.Options{})
	fmt.Println(o.Agreement, o.Formula, o.Native, o.SATRoute, o.Cert, o.Back)
	// Output: pass sat solvable solvable ok ok
}

// A deliberately broken construction is caught: with every V_y tile freed, the board of
// an unsatisfiable formula becomes winnable.
func ExampleCheck_broken() {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}, {-1}}}
	o := verify.Check(context.Background(), "broken", f, verify.Options{Mutate: "free-vy"})
	fmt.Println(o.Agreement, o.Formula, o.Native)
	// Output: FAIL unsat solvable
}

// The Shisen-Sho reduction: the stacks it embeds are decided by the Mahjong solver
// and their play, laid out, clears the board; the board's own routes do not decide
// even this one-clause formula's 608 tiles in a second, and say so.
func ExampleCheck_shisen() {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}
	o := verify.Check(context.Background(), "one", f, verify.Options{Game: "shisen", Timeout: time.Second, NoSATRoute: true})
	fmt.Println(o.Agreement, o.Tiles, o.Formula, o.Stacks, o.Cert, o.Back, o.Native)
	// Output: pass 608 sat solvable ok ok solvable
}
