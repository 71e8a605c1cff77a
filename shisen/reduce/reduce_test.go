package reduce

import (
	"bytes"
	"errors"
	"testing"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/shared"
	mahjong "github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/shisen"
)

// models returns every satisfying assignment of f (indexed by variable, [0] unused),
// by trying them all (2^20 for uf20: a second or two).
func models(f *cnf.Formula) [][]bool {
	var out [][]bool
	for mask := 0; mask < 1<<f.NumVars; mask++ {
		a := make([]bool, f.NumVars+1)
		for i := 1; i <= f.NumVars; i++ {
			a[i] = mask>>(i-1)&1 == 1
		}
		if f.Eval(a) {
			out = append(out, a)
		}
	}
	return out
}

// TestCertificates checks both certificates on the embedded examples and on a
// SATLIB formula (uf20-01: the test is skipped without the shared benchmarks): every model of a
// satisfiable formula gives a winning play that replays on the Shisen-Sho board, and
// the assignment read back from that play satisfies the formula; an unsatisfiable
// formula's board gets no play from any assignment.
func TestCertificates(t *testing.T) {
	formulas := map[string]*cnf.Formula{}
	for _, name := range []string{"small", "unsat"} {
		data, err := instances.Formula(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := cnf.Read(bytes.NewReader(data), name)
		if err != nil {
			t.Fatal(err)
		}
		formulas[name] = f
	}
	f, err := cnf.ReadFile(shared.Path(t, "cnf", "satlib", "uf20-91", "uf20-01.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	formulas["uf20-01"] = f
	for name, f := range formulas {
		b, m, err := Reduce(f, mahjong.Options{Source: name})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b.Gravity || b.H != height || b.W != 3*len(m.Mahjong.Stacks) {
			t.Fatalf("%s: a %d × %d board (gravity %v) for %d stacks", name, b.W, b.H, b.Gravity, len(m.Mahjong.Stacks))
		}
		all := models(f)
		if len(all) > 3 {
			all = all[:3] // each is a play of thousands of moves on a board of a few thousand columns
		}
		if name == "unsat" {
			if len(all) != 0 {
				t.Fatalf("unsat has %d models", len(all))
			}
			a := make([]bool, f.NumVars+1)
			if _, err := m.PlayFromAssignment(a); err == nil {
				t.Fatal("unsat: a play from an assignment that satisfies nothing")
			}
			continue
		}
		if len(all) == 0 {
			t.Fatalf("%s: no model", name)
		}
		for _, a := range all {
			moves, err := m.PlayFromAssignment(a)
			if err != nil {
				t.Fatalf("%s, model %v: %v", name, a, err)
			}
			if err := b.Replay(moves, true); err != nil {
				t.Fatalf("%s: the certificate does not replay: %v", name, err)
			}
			back, err := m.AssignmentFromPlay(moves)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !f.Eval(back) {
				t.Fatalf("%s: the play's assignment %v satisfies not the formula", name, back)
			}
		}
		// A play one move short is refused.
		moves, _ := m.PlayFromAssignment(all[0])
		if _, err := m.AssignmentFromPlay(moves[:len(moves)-1]); err == nil {
			t.Fatalf("%s: a play one move short was read", name)
		}
	}
}

// TestReduceRandomPlays checks the embedding's lemma on a reduction's board: random
// legal plays never take a stack tile that is not a top.
func TestReduceRandomPlays(t *testing.T) {
	data, _ := instances.Formula("small")
	f, _ := cnf.Read(bytes.NewReader(data), "small")
	b, m, err := Reduce(f, mahjong.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := range 3 {
		c := b.Clone()
		top := make([]int, len(m.Mahjong.Stacks))
		for n := 0; ; n++ {
			moves := c.Moves()
			if len(moves) == 0 {
				break
			}
			mv := moves[(n*7919+seed*104729)%len(moves)]
			if s, ok := m.Layout.Slot(mv[0]); ok {
				u, _ := m.Layout.Slot(mv[1])
				if top[s.K] != s.I || top[u.K] != u.I {
					t.Fatalf("seed %d: move %v takes a stack tile that is not a top", seed, mv)
				}
				top[s.K]++
				top[u.K]++
			}
			if err := c.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestReduceRefusesFlat(t *testing.T) {
	data, _ := instances.Formula("small")
	f, _ := cnf.Read(bytes.NewReader(data), "small")
	if _, _, err := Reduce(f, mahjong.Options{Flat: true}); !errors.Is(err, ErrFlat) {
		t.Fatalf("Flat: %v, want ErrFlat", err)
	}
	_ = shisen.BoardFormat
}
