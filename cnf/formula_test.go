package cnf_test

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/golden"

	"github.com/mjsat/mjsat/cnf"
)

func TestLit(t *testing.T) {
	tests := []struct {
		l        cnf.Lit
		v        int
		neg      cnf.Lit
		positive bool
	}{
		{3, 3, -3, true},
		{-7, 7, 7, false},
		{1, 1, -1, true},
	}
	for _, tt := range tests {
		if tt.l.Var() != tt.v || tt.l.Neg() != tt.neg || tt.l.Positive() != tt.positive {
			t.Errorf("%d: Var %d Neg %d Positive %v; want %d %d %v",
				tt.l, tt.l.Var(), tt.l.Neg(), tt.l.Positive(), tt.v, tt.neg, tt.positive)
		}
	}
}

func TestEvalUnsatisfied(t *testing.T) {
	f := &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {2, 3}, {-1, -3}, {}}}
	tests := []struct {
		assign []bool
		bad    []int
	}{
		{[]bool{false, true, true, false}, []int{3}},
		{[]bool{false, false, false, false}, []int{1, 3}},
		{[]bool{false, true, false, true}, []int{2, 3}},
	}
	for _, tt := range tests {
		got := f.Unsatisfied(tt.assign)
		if len(got) != len(tt.bad) {
			t.Errorf("Unsatisfied(%v) = %v, want %v", tt.assign, got, tt.bad)
			continue
		}
		for i := range got {
			if got[i] != tt.bad[i] {
				t.Errorf("Unsatisfied(%v) = %v, want %v", tt.assign, got, tt.bad)
			}
		}
		if f.Eval(tt.assign) {
			t.Errorf("Eval(%v) = true with an empty clause", tt.assign)
		}
	}
	g := &cnf.Formula{NumVars: 3, Clauses: f.Clauses[:3]}
	if !g.Eval([]bool{false, true, true, false}) || g.Unsatisfied([]bool{false, true, true, false}) != nil {
		t.Error("satisfying assignment rejected")
	}
	defer func() {
		if recover() == nil {
			t.Error("Eval with a short assignment did not panic")
		}
	}()
	g.Eval([]bool{false, true})
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		f    cnf.Formula
		ok   bool
	}{
		{"ok", cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, -2}, {}}}, true},
		{"zero literal", cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 0}}}, false},
		{"beyond", cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{-3}}}, false},
		{"negative vars", cnf.Formula{NumVars: -1}, false},
	}
	for _, tt := range tests {
		err := tt.f.Validate()
		if (err == nil) != tt.ok {
			t.Errorf("%s: Validate = %v", tt.name, err)
		}
		var buf bytes.Buffer
		if werr := tt.f.Write(&buf); (werr == nil) != tt.ok || (!tt.ok && buf.Len() != 0) {
			t.Errorf("%s: Write = %v, wrote %q", tt.name, werr, buf.String())
		}
	}
}

// evalAll is a second, naive oracle: it enumerates assignments with Eval.
func evalAll(f *cnf.Formula) bool {
	assign := make([]bool, f.NumVars+1)
	for m := 0; m < 1<<f.NumVars; m++ {
		for v := 1; v <= f.NumVars; v++ {
			assign[v] = m&(1<<(v-1)) != 0
		}
		if f.Eval(assign) {
			return true
		}
	}
	return false
}

// TestBruteForceAgainstEval compares BruteForce's bit-mask search with
// naive enumeration through Eval on random formulas around the 3-SAT
// threshold (both answers occur), plus 2-CNF and 1-CNF.
func TestBruteForceAgainstEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	counts := map[bool]int{}
	for i := range 300 {
		n := 1 + i%12
		k := min(3, n)
		if i%5 == 0 {
			k = min(2, n)
		}
		m := rng.IntN(6*n + 1)
		f := cnf.Random(n, m, k, rng)
		sat, model, err := cnf.BruteForce(f)
		if err != nil {
			t.Fatal(err)
		}
		if want := evalAll(f); sat != want {
			t.Fatalf("formula %d: BruteForce %v, enumeration %v\n%s", i, sat, want, f)
		}
		if sat && !f.Eval(model) {
			t.Fatalf("formula %d: model does not satisfy", i)
		}
		if !sat && model != nil {
			t.Fatalf("formula %d: model for UNSAT", i)
		}
		counts[sat]++
	}
	if counts[true] < 30 || counts[false] < 30 {
		t.Errorf("unbalanced test: %v", counts)
	}
}

func TestBruteForceLimits(t *testing.T) {
	if _, _, err := cnf.BruteForce(&cnf.Formula{NumVars: cnf.MaxBruteForceVars + 1}); err == nil {
		t.Error("no error above the limit")
	}
	if _, _, err := cnf.BruteForce(&cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{2}}}); err == nil {
		t.Error("no error for an invalid formula")
	}
	sat, model, err := cnf.BruteForce(&cnf.Formula{})
	if err != nil || !sat || len(model) != 1 {
		t.Errorf("empty formula: %v %v %v", sat, model, err)
	}
	sat, _, err = cnf.BruteForce(&cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, -1}, {}}})
	if err != nil || sat {
		t.Errorf("empty clause: %v %v", sat, err)
	}
}

func TestRandom(t *testing.T) {
	f := cnf.Random(50, 400, 3, rand.New(rand.NewPCG(7, 7)))
	if f.NumVars != 50 || len(f.Clauses) != 400 {
		t.Fatalf("sizes %d %d", f.NumVars, len(f.Clauses))
	}
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	pos, varCount := 0, make([]int, 51)
	for i, c := range f.Clauses {
		if len(c) != 3 || c[0].Var() == c[1].Var() || c[0].Var() == c[2].Var() || c[1].Var() == c[2].Var() {
			t.Errorf("clause %d = %v, want 3 distinct variables", i, c)
		}
		for _, l := range c {
			varCount[l.Var()]++
			if l.Positive() {
				pos++
			}
		}
	}
	// 1200 literals: signs and variables should be roughly uniform.
	if pos < 500 || pos > 700 {
		t.Errorf("%d positive literals of 1200", pos)
	}
	for v := 1; v <= 50; v++ {
		if varCount[v] < 6 || varCount[v] > 50 {
			t.Errorf("variable %d used %d times of 1200 (expect about 24)", v, varCount[v])
		}
	}
	// k = n: every clause uses all variables.
	g := cnf.Random(4, 10, 4, rand.New(rand.NewPCG(1, 1)))
	for _, c := range g.Clauses {
		seen := map[int]bool{}
		for _, l := range c {
			seen[l.Var()] = true
		}
		if len(seen) != 4 {
			t.Errorf("clause %v does not use 4 distinct variables", c)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("k > n did not panic")
		}
	}()
	cnf.Random(2, 1, 3, rand.New(rand.NewPCG(1, 1)))
}

// TestRandomGolden pins the generator's output for a fixed seed, so that
// instances named by seed in tests and reports stay the same.
func TestRandomGolden(t *testing.T) {
	f := cnf.Random(10, 20, 3, rand.New(rand.NewPCG(2026, 1)))
	golden.Check(t, filepath.Join("testdata", "random-10-20-3-seed2026.cnf"), []byte(f.String()))
}

// TestWriteGolden writes four files of the shared collection, copied into
// testdata/input so that a bare clone tests them too, in canonical form and compares
// them with golden files (go test ./cnf -update rewrites them).
func TestWriteGolden(t *testing.T) {
	for _, rel := range []string{"classic/quinn.cnf", "classic/no_simple.cnf", "satlib/parity/par8-1-c.cnf", "satlib/uf20-91/uf20-01.cnf"} {
		f, err := cnf.ReadFile(filepath.Join("testdata", "input", filepath.Base(rel)))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "write", strings.ReplaceAll(rel, "/", "_")+".golden"), buf.Bytes())
		g, err := cnf.Read(&buf, rel)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Warnings) != 0 || g.NumVars != f.NumVars || diffClauses(f.Clauses, g.Clauses) != "" || diffStrings(f.Comments, g.Comments) != "" {
			t.Errorf("%s: round trip differs", rel)
		}
	}
}

func TestWriteComments(t *testing.T) {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{-1}, {}}, Comments: []string{"a\nb", "", " x"}}
	want := "c a\nc b\nc\nc  x\np cnf 1 2\n-1 0\n0\n"
	if got := f.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
