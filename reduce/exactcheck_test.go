package reduce

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
)

var long = flag.Bool("long", false, "run the long exact-search checks")

// solvableExact runs the exact search on b from the start.
func solvableExact(t *testing.T, b *board.Board, budget int) bool {
	t.Helper()
	x := newExact(b, budget)
	ok, err := x.solvable(make([]bool, b.N()))
	if err != nil {
		t.Fatalf("%s: %v after %d positions", b.Name, err, x.nodes)
	}
	return ok
}

// TestConstructionExact checks the construction itself: for random small formulas
// (1–4 variables, 1–10 clauses of 1–3 literals, duplicates and tautologies allowed,
// fixed seed) the board of isolated stacks can be cleared exactly when brute force
// says the formula is satisfiable.
func TestConstructionExact(t *testing.T) {
	count := 300
	if *long {
		count = 2000
	}
	if testing.Short() {
		count = 40
	}
	r := rand.New(rand.NewPCG(2024, 4))
	nsat, nunsat := 0, 0
	for k := range count {
		n := 1 + r.IntN(4)
		m := 1 + r.IntN(10)
		f := randomMixed(r, n, m, 3, k%3 == 0)
		want, _, err := cnf.BruteForce(f)
		if err != nil {
			t.Fatal(err)
		}
		if want {
			nsat++
		} else {
			nunsat++
		}
		b, _, err := Reduce(f, Options{Source: fmt.Sprintf("formula %d", k)})
		if err != nil {
			t.Fatal(err)
		}
		if got := solvableExact(t, b, 200000); got != want {
			t.Errorf("formula %d %v: board solvable %v, formula satisfiable %v", k, f.Clauses, got, want)
		}
	}
	t.Logf("%d satisfiable, %d unsatisfiable formulas", nsat, nunsat)
	if nsat < count/5 || nunsat < count/5 {
		t.Errorf("unbalanced sample: %d SAT, %d UNSAT", nsat, nunsat)
	}
}

// TestConstructionExactFlat checks Corollary 4's one-level boards the same way, on
// every formula over one variable with up to two clauses, and agrees with the stack
// boards. Without -long, only one of the slow two-clause unsatisfiable formulas runs. (The exact search has no stack-specific shortcuts on one level, so larger
// one-level boards are out of its reach; TestRowLikeStack covers the rows in general.)
func TestConstructionExactFlat(t *testing.T) {
	clauses := []cnf.Clause{{1}, {-1}, {1, -1}, {1, 1}}
	var formulas []*cnf.Formula
	formulas = append(formulas, &cnf.Formula{NumVars: 1})
	for _, c := range clauses {
		formulas = append(formulas, &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{c}})
		for _, d := range clauses {
			formulas = append(formulas, &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{c, d}})
		}
	}
	nunsat := 0
	for _, f := range formulas {
		want, _, _ := cnf.BruteForce(f)
		if !want {
			nunsat++
		}
		bs, _, err := Reduce(f, Options{})
		if err != nil {
			t.Fatal(err)
		}
		bf, _, err := Reduce(f, Options{Flat: true})
		if err != nil {
			t.Fatal(err)
		}
		if !want && !*long && fmt.Sprint(f.Clauses) != "[[1] [-1]]" {
			continue // 10–20 s each on one level: run with -long
		}
		st := time.Now()
		gs, gf := solvableExact(t, bs, 100000), solvableExact(t, bf, 100000)
		t.Logf("%v: %v", f.Clauses, time.Since(st))
		if gs != want || gf != want {
			t.Errorf("%v: satisfiable %v, stack board %v, one-level board %v", f.Clauses, want, gs, gf)
		}
	}
	if nunsat == 0 {
		t.Fatal("no unsatisfiable formula in the sample")
	}
}

// TestRowLikeStack checks, by enumerating every position of one row, that a one-level
// row p q r c c c c lets p, q, r go exactly in the order a stack p q r does, whatever
// the rest of the board does: rows touch nothing else, so the row's tiles' playability
// depends on the row alone. p, q, r are given partners outside the row (so they may go
// whenever playable); the c tiles only have each other.
func TestRowLikeStack(t *testing.T) {
	tiles := []board.Tile{
		{ID: 0, X: 0, Group: "p"}, {ID: 1, X: 2, Group: "q"}, {ID: 2, X: 4, Group: "r"},
		{ID: 3, X: 6, Group: "c"}, {ID: 4, X: 8, Group: "c"}, {ID: 5, X: 10, Group: "c"}, {ID: 6, X: 12, Group: "c"},
		// partners, each free and alone
		{ID: 7, X: 100, Group: "p"}, {ID: 8, X: 104, Group: "q"}, {ID: 9, X: 108, Group: "r"},
	}
	b, err := board.New("row", tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[7]bool]bool{}
	var walk func(gone []bool)
	walk = func(gone []bool) {
		var key [7]bool
		copy(key[:], gone[:7])
		if seen[key] {
			return
		}
		seen[key] = true
		removed := 0
		for removed < 3 && gone[removed] {
			removed++
		}
		// The stack: exactly the first `removed` tiles are gone and the next is free.
		for i := 0; i < 3; i++ {
			if gone[i] != (i < removed) {
				t.Fatalf("position %v: row tiles went out of stack order", key)
			}
			if want := i == removed; b.Playable(i, gone) != want {
				t.Fatalf("position %v: tile %d playable %v, stack says %v", key, i, !want, want)
			}
		}
		cs := 0
		for i := 3; i < 7; i++ {
			if gone[i] {
				cs++
			}
		}
		if cs > 0 && removed < 3 {
			t.Fatalf("position %v: c tiles went before r", key)
		}
		for _, mv := range movesOf(b, gone) {
			next := append([]bool(nil), gone...)
			next[mv[0]], next[mv[1]] = true, true
			walk(next)
		}
	}
	walk(make([]bool, b.N()))
	if !seen[[7]bool{true, true, true, true, true, true, true}] {
		t.Fatal("the row cannot be cleared")
	}
	t.Logf("%d positions of the row", len(seen))
}

// movesOf lists the legal moves of b when the tiles in gone are removed.
func movesOf(b *board.Board, gone []bool) [][2]int {
	var out [][2]int
	for i := 0; i < b.N(); i++ {
		for j := i + 1; j < b.N(); j++ {
			if b.Group(i) == b.Group(j) && b.Playable(i, gone) && b.Playable(j, gone) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// TestMutations checks that the test-only mutations really break the construction,
// so that checkers relying on them have something to find.
func TestMutations(t *testing.T) {
	unsat := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}, {-1}}}
	b, _, err := Reduce(unsat, Options{Mutate: MutateFreeVY})
	if err != nil {
		t.Fatal(err)
	}
	if !solvableExact(t, b, 100000) {
		t.Errorf("%s: the board of an unsatisfiable formula should become solvable", MutateFreeVY)
	}
	// (x1 ∨ x2)(¬x2) has the only model x1, ¬x2; flipped it reads (¬x1 ∨ x2)(x2 ∨ ¬x2).
	sat := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {-2}}}
	_, m, err := Reduce(sat, Options{Mutate: MutateFlipFirst})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.PlayFromAssignment([]bool{false, true, false}); err == nil {
		t.Errorf("%s: the only model should give no play", MutateFlipFirst)
	}
}
