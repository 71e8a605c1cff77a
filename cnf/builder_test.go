package cnf

import (
	"reflect"
	"testing"
)

// TestBuilder checks the clauses a builder makes against those written out by hand,
// and that the formula it returns is valid and means what the constraints say (by
// brute force over every assignment).
func TestBuilder(t *testing.T) {
	var b Builder
	x, y, z := b.NewVar(), b.NewVar(), b.NewVar()
	b.ExactlyOne(x, y, z)
	b.Implies(x, z.Neg())
	b.Add()
	want := []Clause{{1, 2, 3}, {-1, -2}, {-1, -3}, {-2, -3}, {-1, -3}, {}}
	f := b.Formula()
	if got := f.Clauses; !reflect.DeepEqual(got, want) || f.NumVars != 3 || b.NumLiterals() != 11 {
		t.Fatalf("clauses %v (%d vars), want %v", got, f.NumVars, want)
	}
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	// Without the empty clause: exactly one of x, y, z, and x implies not z.
	f.Clauses = f.Clauses[:5]
	models := 0
	for m := 0; m < 8; m++ {
		a := []bool{false, m&1 != 0, m&2 != 0, m&4 != 0}
		sat := true
		for _, c := range f.Clauses {
			sat = sat && c.Satisfied(a)
		}
		ones := 0
		for _, v := range a[1:] {
			if v {
				ones++
			}
		}
		if sat != (ones == 1) {
			t.Errorf("assignment %03b: satisfied %v with %d true", m, sat, ones)
		}
		if sat {
			models++
		}
	}
	if models != 3 {
		t.Errorf("%d models, want 3", models)
	}
	defer func() {
		if recover() == nil {
			t.Error("a literal of no variable was accepted")
		}
	}()
	b.Add(4)
}

// TestBuilderBlocks checks clauses across many blocks, and one longer than a block,
// against the same clauses kept as slices.
func TestBuilderBlocks(t *testing.T) {
	var b Builder
	for range 100 {
		b.NewVar()
	}
	var want []Clause
	for i := range 3 * blockLits / 2 {
		c := Clause{Lit(1 + i%100), Lit(-(1 + (i*7)%100)), Lit(1 + (i*13)%100)}[:1+i%3]
		if i == blockLits/3 {
			c = make(Clause, blockLits+5)
			for k := range c {
				c[k] = Lit(1 + k%100)
			}
		}
		b.Add(c...)
		want = append(want, c)
	}
	b.Rename(func(l Lit) Lit { return -l })
	lits := 0
	for i, c := range want {
		lits += len(c)
		got := b.Clause(i)
		if len(got) != len(c) {
			t.Fatalf("clause %d: %d literals, want %d", i, len(got), len(c))
		}
		for k := range c {
			if got[k] != -c[k] {
				t.Fatalf("clause %d literal %d: %d, want %d", i, k, got[k], -c[k])
			}
		}
	}
	if b.NumLiterals() != lits || b.NumClauses() != len(want) || len(b.Formula().Clauses) != len(want) {
		t.Fatalf("%d literals, %d clauses", b.NumLiterals(), b.NumClauses())
	}
}
