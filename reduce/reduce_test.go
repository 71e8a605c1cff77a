package reduce

import (
	"context"
	"errors"
	"fmt"
	"github.com/mjsat/mjsat/internal/shared"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

// checkShape checks the structural promises of a reduced board: 8 + 12n + 12m stacks
// for the 3-CNF, every group of four, and isolated stacks of the forms a a b / a b b
// (or, one level, rows of seven that touch no other row, ending in four c tiles).
func checkShape(t *testing.T, b *board.Board, m *Map) {
	t.Helper()
	n, mm := m.Prep.Vars, len(m.Prep.Clauses)
	wantStacks := 8 + 12*n + 12*mm
	if len(m.Stacks) != wantStacks {
		t.Fatalf("%d stacks, want 8+12·%d+12·%d = %d", len(m.Stacks), n, mm, wantStacks)
	}
	per := 3
	if m.Flat {
		per = 7
	}
	if b.N() != per*wantStacks {
		t.Fatalf("%d tiles, want %d", b.N(), per*wantStacks)
	}
	wantGroups := 6 + 9*n + 9*mm
	if m.Flat {
		wantGroups += wantStacks
	}
	if b.NumGroups() != wantGroups || len(m.Groups) != wantGroups {
		t.Fatalf("%d groups on the board, %d roles, want %d", b.NumGroups(), len(m.Groups), wantGroups)
	}
	for g := 0; g < b.NumGroups(); g++ {
		if len(b.Members(g)) != 4 {
			t.Fatalf("group %s has %d tiles", b.GroupName(g), len(b.Members(g)))
		}
		if _, ok := m.Role(b.GroupName(g)); !ok {
			t.Fatalf("group %s has no role", b.GroupName(g))
		}
	}
	if !m.Flat {
		stacks, ok := b.Stacks()
		if !ok {
			t.Fatal("board is not made of isolated stacks")
		}
		if len(stacks) != wantStacks {
			t.Fatalf("board.Stacks found %d stacks, want %d", len(stacks), wantStacks)
		}
		for _, st := range stacks {
			g := func(k int) string { return b.Tiles[st[k]].Group }
			if len(st) != 3 || !(g(0) == g(1) && g(1) != g(2) || g(0) != g(1) && g(1) == g(2)) {
				t.Fatalf("stack %v is not of the form a a b or a b b", st)
			}
		}
		return
	}
	for s, row := range m.Stacks {
		ids := append(row[:], m.Fillers[s][:]...)
		for q, id := range ids {
			i, _ := b.Index(id)
			tl := b.Tiles[i]
			if tl.Z != 0 || len(b.Above(i)) != 0 || len(b.Below(i)) != 0 {
				t.Fatalf("row %d tile %d is not alone on level 0", s, id)
			}
			wantL, wantR := 1, 1
			if q == 0 {
				wantL = 0
			}
			if q == 6 {
				wantR = 0
			}
			if len(b.Left(i)) != wantL || len(b.Right(i)) != wantR {
				t.Fatalf("row %d tile %d: %d left and %d right neighbours, want %d and %d", s, id, len(b.Left(i)), len(b.Right(i)), wantL, wantR)
			}
			if q > 0 {
				if l, _ := b.Index(ids[q-1]); b.Left(i)[0] != l {
					t.Fatalf("row %d tile %d: left neighbour is not the row's previous tile", s, id)
				}
			}
		}
	}
}

// splitmix is a fixed-seed source for cnf.Random.
type splitmix struct{ s uint64 }

func (r *splitmix) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *splitmix) IntN(n int) int { return int(r.next() % uint64(n)) }

// randomMixed returns a random formula whose clauses have 1 to maxLen distinct-variable
// literals (so padding, splitting, duplicates and tautologies all occur when allowed).
func randomMixed(r *rand.Rand, n, m, maxLen int, dupes bool) *cnf.Formula {
	f := &cnf.Formula{NumVars: n}
	for range m {
		k := 1 + r.IntN(maxLen)
		var c cnf.Clause
		for range k {
			l := cnf.Lit(1 + r.IntN(n))
			if r.IntN(2) == 0 {
				l = -l
			}
			if !dupes && (containsLit(c, l) || containsLit(c, -l)) {
				continue
			}
			c = append(c, l)
		}
		f.Clauses = append(f.Clauses, c)
	}
	return f
}

func containsLit(c cnf.Clause, l cnf.Lit) bool {
	for _, x := range c {
		if x == l {
			return true
		}
	}
	return false
}

func TestSizeAndShape(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	cases := []struct {
		name string
		f    *cnf.Formula
	}{
		{"empty formula", &cnf.Formula{}},
		{"variables only", &cnf.Formula{NumVars: 3}},
		{"one unit clause", &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{-1}}}},
		{"random 3-CNF 5x21", cnf.Random(5, 21, 3, &splitmix{1})},
		{"random 3-CNF 20x91", cnf.Random(20, 91, 3, &splitmix{2})},
		{"random mixed lengths 1-6", randomMixed(r, 8, 30, 6, true)},
		{"long clause", &cnf.Formula{NumVars: 7, Clauses: []cnf.Clause{{1, -2, 3, -4, 5, -6, 7}}}},
	}
	for _, tc := range cases {
		for _, flat := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/flat=%v", tc.name, flat), func(t *testing.T) {
				b, m, err := Reduce(tc.f, Options{Flat: flat})
				if err != nil {
					t.Fatal(err)
				}
				checkShape(t, b, m)
			})
		}
	}
}

func TestPrep(t *testing.T) {
	f := &cnf.Formula{NumVars: 6, Clauses: []cnf.Clause{
		{1, 1, 2},          // duplicate: padded to 1 2 2
		{3, -3, 4},         // tautology: dropped
		{-5},               // padded to -5 -5 -5
		{1, 2, 3, 4, 5, 6}, // split with 3 fresh variables
		{2, -4, 6},         // kept
	}}
	_, m, err := Reduce(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := m.Prep
	want := []Clause3{
		{[3]cnf.Lit{1, 2, 2}, 1},
		{[3]cnf.Lit{-5, -5, -5}, 3},
		{[3]cnf.Lit{1, 2, 7}, 4},
		{[3]cnf.Lit{-7, 3, 8}, 4},
		{[3]cnf.Lit{-8, 4, 9}, 4},
		{[3]cnf.Lit{-9, 5, 6}, 4},
		{[3]cnf.Lit{2, -4, 6}, 5},
	}
	if fmt.Sprint(p.Clauses) != fmt.Sprint(want) {
		t.Errorf("3-CNF\n got %v\nwant %v", p.Clauses, want)
	}
	if fmt.Sprint(p.Deduplicated, p.Tautologies, p.Padded) != "[1] [2] [1 3]" {
		t.Errorf("deduplicated, tautologies, padded = %v %v %v", p.Deduplicated, p.Tautologies, p.Padded)
	}
	if p.Vars != 9 || len(p.Split) != 1 || fmt.Sprint(p.Split[0].Fresh) != "[7 8 9]" {
		t.Errorf("vars %d, split %+v", p.Vars, p.Split)
	}
	// Splitting preserves satisfiability exactly, and extend turns every model of the
	// input into a model of the 3-CNF.
	for bits := range 1 << 6 {
		a := make([]bool, 7)
		for v := 1; v <= 6; v++ {
			a[v] = bits>>(v-1)&1 == 1
		}
		if got := p.formula().Eval(p.extend(a)); got != f.Eval(a) {
			t.Fatalf("assignment %v: input %v, extended 3-CNF %v", a, f.Eval(a), got)
		}
	}
}

func TestEmptyClause(t *testing.T) {
	f := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {}}}
	b, m, err := Reduce(f, Options{})
	if !errors.Is(err, ErrEmptyClause) || b != nil || m != nil {
		t.Fatalf("Reduce = %v, %v, %v; want ErrEmptyClause and no board", b, m, err)
	}
	if !strings.Contains(err.Error(), "clause 2") {
		t.Errorf("error %q does not name the clause", err)
	}
}

func TestBadOptions(t *testing.T) {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}
	for _, o := range []Options{{Mutate: "nonsense"}, {Columns: -1}} {
		if _, _, err := Reduce(f, o); err == nil {
			t.Errorf("Reduce with %+v: no error", o)
		}
	}
	if _, _, err := Reduce(&cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{2}}}, Options{}); err == nil {
		t.Error("literal out of range: no error")
	}
}

// roundTrip turns a model into a play, replays it, and maps it back.
func roundTrip(t *testing.T, f *cnf.Formula, model []bool, flat bool) {
	t.Helper()
	b, m, err := Reduce(f, Options{Flat: flat})
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.PlayFromAssignment(model)
	if err != nil {
		t.Fatalf("PlayFromAssignment: %v", err)
	}
	if err := b.Replay(p); err != nil {
		t.Fatalf("replay: %v", err)
	}
	back, err := m.AssignmentFromPlay(p)
	if err != nil {
		t.Fatalf("AssignmentFromPlay: %v", err)
	}
	if !f.Eval(back) {
		t.Fatalf("assignment from the play does not satisfy the formula")
	}
	for v := 1; v <= f.NumVars; v++ {
		if back[v] != model[v] {
			t.Fatalf("variable %d: model %v, play says %v", v, model[v], back[v])
		}
	}
}

func TestEmptyFormulaSolvable(t *testing.T) {
	for _, n := range []int{0, 1, 3} {
		f := &cnf.Formula{NumVars: n}
		for _, flat := range []bool{false, true} {
			roundTrip(t, f, make([]bool, n+1), flat)
		}
	}
}

func TestUF20Certificates(t *testing.T) {
	dir := filepath.Join(shared.Dir(t), "cnf", "satlib", "uf20-91")
	count := 1000
	if testing.Short() {
		count = 50
	}
	for k := 1; k <= count; k++ {
		name := fmt.Sprintf("uf20-0%d.cnf", k)
		f, err := cnf.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		res, err := sat.Solve(context.Background(), f)
		if err != nil || res.Status != sat.Sat {
			t.Fatalf("%s: gophersat says %v, %v", name, res.Status, err)
		}
		for _, flat := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/flat=%v", name, flat), func(t *testing.T) {
				roundTrip(t, f, res.Model, flat)
			})
		}
	}
}

func TestNonModelRefused(t *testing.T) {
	f := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {-1}}}
	_, m, err := Reduce(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.PlayFromAssignment([]bool{false, true, false}); !errors.Is(err, errNotSatisfying) {
		t.Errorf("model x1=1 x2=0 violates clause 2; got %v", err)
	}
	if _, err := m.PlayFromAssignment([]bool{false}); err == nil {
		t.Error("short assignment accepted")
	}
}

func TestAssignmentFromBadPlay(t *testing.T) {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}
	b, m, err := Reduce(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	good, err := m.PlayFromAssignment([]bool{false, true})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Replay(good); err != nil {
		t.Fatal(err)
	}
	vt := m.VarTiles[1]
	cases := []struct {
		name  string
		moves [][2]int
		want  string
	}{
		{"illegal move", [][2]int{{vt.X, vt.Y}}, "not playable"},
		{"no SAT pair", [][2]int{{vt.X, vt.T}}, "no SAT pair"},
		{"V_x never played", good.Moves[1:], "not playable"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := m.AssignmentFromPlay(&board.Play{Solvable: true, Moves: tc.moves})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
