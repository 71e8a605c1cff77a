package encode

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/mjsat/mjsat/internal/reference"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
	native "github.com/mjsat/mjsat/solver"
)

// randomBoard places n tiles (n even) at random free cells of a small 3-level grid where
// covers and left/right neighbours are frequent, in groups of 4 (and one of 2 when n is
// 2 mod 4).
func randomBoard(r *rand.Rand, n int) *board.Board {
	type cell struct{ x, y, z int }
	var cells []cell
	for z := 0; z < 3; z++ {
		for x := 0; x <= 8; x += 2 {
			for y := 0; y <= 2; y += 2 {
				cells = append(cells, cell{x + z%2, y + z%2, z})
			}
		}
	}
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	labels := make([]int, n)
	for i := range labels {
		labels[i] = i / 4
	}
	r.Shuffle(n, func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	tiles := make([]board.Tile, n)
	for i := range tiles {
		c := cells[i]
		tiles[i] = board.Tile{ID: i, X: c.x, Y: c.y, Z: c.z, Group: fmt.Sprintf("g%d", labels[i])}
	}
	b, err := board.New(fmt.Sprintf("random %d", n), tiles, nil)
	if err != nil {
		panic(err)
	}
	return b
}

// solveWith decides b with gophersat through the given encoding.
func solveWith(t *testing.T, b *board.Board, opts Options) (board.Verdict, *board.Play) {
	t.Helper()
	st, p, _, err := Solve(context.Background(), b, sat.Gophersat{}, opts)
	if err != nil {
		t.Fatalf("%s (%s): %v", b.Name, opts.Method, err)
	}
	if st == board.Solvable {
		if err := b.Replay(p); err != nil {
			t.Fatalf("%s (%s): play does not replay: %v", b.Name, opts.Method, err)
		}
	}
	return st, p
}

// TestSmallBoardsAgreeWithBruteForce checks every encoding against exhaustive search on
// random small boards with covers, neighbours, groups of 2 and 4, pruned and not.
func TestSmallBoardsAgreeWithBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	count := map[bool]int{}
	for k := 0; k < 120; k++ {
		n := 4 + 2*r.IntN(5) // 4..12 tiles
		b := randomBoard(r, n)
		want := reference.Solvable(b)
		count[want]++
		for _, m := range Methods {
			for _, noPrune := range []bool{false, true} {
				name := fmt.Sprintf("%d-%s-noprune=%v", k, m, noPrune)
				t.Run(name, func(t *testing.T) {
					st, _ := solveWith(t, b, Options{Method: m, NoPrune: noPrune})
					if got := st == board.Solvable; got != want {
						t.Errorf("board %d (%d tiles): SAT route says solvable=%v, brute force %v", k, n, got, want)
					}
				})
			}
		}
	}
	// The corpus must exercise both verdicts, or it proves little.
	if count[true] < 10 || count[false] < 10 {
		t.Fatalf("corpus too one-sided: %d solvable, %d not", count[true], count[false])
	}
}

// TestStacksByHand covers the partner-blocks-partner cases the encoding must get right.
func TestStacksByHand(t *testing.T) {
	cases := []struct {
		name, stacks string
		want         bool
		reason       string
	}{
		{"pair on pair", "a a\n", false, "the top a covers its only partner"},
		{"two stacks", "a b\na b\n", true, "a then b"},
		{"crossed", "a b\nb a\n", false, "each pair waits for the other"},
		{"four in two stacks", "a a\na a\n", true, "pair the two tops, then the bottoms"},
		{"four stacked", "a a a a\n", false, "no two a are free together"},
		{"three stacks", "a b\nb c\nc a\n", false, "a cycle of three"},
		{"x gadget", "x x y\ny x x\ny y\n", true, "top x pair, then y, then the rest"},
	}
	for _, c := range cases {
		b := mustStacks(t, c.stacks)
		for _, m := range Methods {
			t.Run(c.name+"/"+string(m), func(t *testing.T) {
				st, _ := solveWith(t, b, Options{Method: m})
				if got := st == board.Solvable; got != c.want {
					t.Errorf("solvable = %v, want %v (%s)", got, c.want, c.reason)
				}
			})
		}
	}
}

// TestNeighbourPartner: a partner that is the only left neighbour still blocks on the
// left (both tiles must be playable before the move), so a row "a a b" with b's group
// elsewhere covered must be freed on the right.
func TestNeighbourPartner(t *testing.T) {
	row := func(groups ...string) []board.Tile {
		var ts []board.Tile
		for i, g := range groups {
			ts = append(ts, board.Tile{ID: i, X: 2 * i, Y: 0, Z: 0, Group: g})
		}
		return ts
	}
	cases := []struct {
		name  string
		tiles []board.Tile
	}{
		{"a b a b", row("a", "b", "a", "b")},
		{"a a b b", row("a", "a", "b", "b")},
		{"a b b a", row("a", "b", "b", "a")},
		{"a a a a", row("a", "a", "a", "a")},
		{"a b c a b c", row("a", "b", "c", "a", "b", "c")},
		{"a b a c b c covered", append(row("a", "b", "a", "c", "b", "c"), board.Tile{ID: 9, X: 2, Y: 0, Z: 1, Group: "a"}, board.Tile{ID: 10, X: 8, Y: 0, Z: 1, Group: "a"})},
	}
	for _, c := range cases {
		b, err := board.New(c.name, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := reference.Solvable(b)
		for _, m := range Methods {
			t.Run(c.name+"/"+string(m), func(t *testing.T) {
				st, _ := solveWith(t, b, Options{Method: m})
				if got := st == board.Solvable; got != want {
					t.Errorf("solvable = %v, brute force %v", got, want)
				}
			})
		}
	}
}

func mustStacks(t *testing.T, s string) *board.Board {
	t.Helper()
	b, err := board.ParseStacks([]byte(s), "stacks")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func turtle(t testing.TB) board.Layout {
	l, err := board.ReadLayoutFile(shared.Path(t, "layouts", "xmahjongg", "default"))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestTurtleAgreesWithNative compares the SAT route (default encoding) with the native
// solver on turtle deals: 200 deals, 20 in -short mode.
func TestTurtleAgreesWithNative(t *testing.T) {
	l := turtle(t)
	n := 200
	if testing.Short() {
		n = 20
	}
	verdicts := map[board.Verdict]int{}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		b, err := board.Deal(l, seed)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		st, _, _, err := Solve(ctx, b, nil, Options{})
		cancel()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		ctx, cancel = context.WithTimeout(context.Background(), 60*time.Second)
		res, err := native.Solve(ctx, b, native.Options{})
		cancel()
		if err != nil {
			t.Fatalf("seed %d: native: %v", seed, err)
		}
		verdicts[st]++
		if st == board.Unknown || res.Status == board.Unknown {
			t.Logf("seed %d: undecided (SAT %v, native %v)", seed, st, res.Status)
			continue
		}
		if (st == board.Solvable) != (res.Status == board.Solvable) {
			t.Errorf("seed %d: SAT route %v, native solver %v", seed, st, res.Status)
		}
	}
	t.Logf("%d turtle deals: %v", n, verdicts)
}

// reduced returns the reduction of a SATLIB file.
func reduced(t testing.TB, rel string) (*cnf.Formula, *board.Board) {
	f, err := cnf.ReadFile(shared.Path(t, "cnf", "satlib", rel))
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := reduce.Reduce(f, reduce.Options{Source: filepath.Base(rel)})
	if err != nil {
		t.Fatal(err)
	}
	return f, b
}

// TestReductionsUF20 decides a sample of uf20-91 reductions (all satisfiable) and a
// sample of small random formulas (checked by brute force on the formula) through the
// SAT route; the full set is BenchmarkReductionsUF20.
func TestReductionsUF20(t *testing.T) {
	files := []string{"uf20-01.cnf", "uf20-0500.cnf"}
	if testing.Short() {
		files = files[:1]
	}
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			_, b := reduced(t, filepath.Join("uf20-91", name))
			st, _ := solveWith(t, b, Options{})
			if st != board.Solvable {
				t.Errorf("%s: SAT route says %v, SATLIB says satisfiable", name, st)
			}
		})
	}
}

// TestReductionsRandom: reductions of random small 3-CNF formulas, half of them
// unsatisfiable, decided through the SAT route and compared with the formula's truth.
func TestReductionsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	count := map[bool]int{}
	for k := 0; k < 12; k++ {
		f := cnf.Random(4, 14+r.IntN(16), 3, r)
		want, _, err := cnf.BruteForce(f)
		if err != nil {
			t.Fatal(err)
		}
		count[want]++
		b, _, err := reduce.Reduce(f, reduce.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			st, _ := solveWith(t, b, Options{})
			if (st == board.Solvable) != want {
				t.Errorf("formula %d (%d clauses, satisfiable=%v): board of %d tiles is %v", k, len(f.Clauses), want, b.N(), st)
			}
		})
	}
	if count[true] == 0 || count[false] == 0 {
		t.Fatalf("corpus one-sided: %v", count)
	}
}

// TestDecodeRejectsNonModels: a model that breaks the encoding never decodes into a
// play that Replay would refuse silently.
func TestDecodeRejectsNonModels(t *testing.T) {
	b := mustStacks(t, "a b\nb a\n") // lost: no model decodes
	e, err := Encode(b, Options{Method: Rank})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Decode(make([]bool, 1)); err == nil {
		t.Error("short model decoded")
	}
	// All ranks zero: both pairs at once, but each covers the other: replay must fail.
	if _, err := e.Decode(make([]bool, e.NumVars()+1)); err == nil {
		t.Error("all-false model decoded into a play")
	}
}

// TestExplainMinimal checks cores on small lost boards: the core's clauses are
// unsatisfiable, dropping any one makes the rest satisfiable, and the core's tiles
// include every tile its reasons name.
func TestExplainMinimal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var boards []*board.Board
	for _, s := range []string{"a a\n", "a b\nb a\n", "a b\nb c\nc a\n", "a a a a\n"} {
		boards = append(boards, mustStacks(t, s))
	}
	for len(boards) < 12 {
		b := randomBoard(r, 6+2*r.IntN(3))
		if !reference.Solvable(b) {
			boards = append(boards, b)
		}
	}
	for k, b := range boards {
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			c, err := Explain(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			e := c.Encoding()
			clauses := make([]cnf.Clause, len(c.Clauses))
			for x, ci := range c.Clauses {
				for _, l := range e.Clause(ci) {
					clauses[x] = append(clauses[x], cnf.Lit(l))
				}
			}
			status := func(cs []cnf.Clause) sat.Status {
				r, err := sat.Solve(context.Background(), &cnf.Formula{NumVars: e.NumVars(), Clauses: cs})
				if err != nil {
					t.Fatal(err)
				}
				return r.Status
			}
			if status(clauses) != sat.Unsat {
				t.Fatal("core is satisfiable")
			}
			for x := range clauses {
				rest := append(append([]cnf.Clause(nil), clauses[:x]...), clauses[x+1:]...)
				if status(rest) != sat.Sat {
					t.Errorf("core without clause %d (%v, %s) is still unsatisfiable: not minimal", x, clauses[x], e.Reason(c.Clauses[x]).Kind)
				}
			}
			if len(c.Tiles) == 0 || len(c.Tiles) > b.N() {
				t.Errorf("core has %d tiles of %d", len(c.Tiles), b.N())
			}
		})
	}
	if _, err := Explain(context.Background(), mustStacks(t, "a b\na b\n")); err != ErrSolvable {
		t.Errorf("solvable board: err = %v, want ErrSolvable", err)
	}
}

// TestExternalMinisat runs the DIMACS route through minisat when it is installed.
func TestExternalMinisat(t *testing.T) {
	path, err := exec.LookPath("minisat")
	if err != nil {
		t.Skip("minisat not installed")
	}
	l := turtle(t)
	b, err := board.Deal(l, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		b    *board.Board
		want board.Verdict
	}{{b, board.Solvable}, {mustStacks(t, "a b\nb c\nc a\n"), board.Unsolvable}} {
		st, p, _, err := Solve(context.Background(), c.b, sat.External{Command: path}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st != c.want {
			t.Errorf("%s: minisat route %v, want %v", c.b.Name, st, c.want)
		}
		if st == board.Solvable {
			if err := c.b.Replay(p); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestDeterministic: the same board gives the same bytes.
func TestDeterministic(t *testing.T) {
	b, err := board.Deal(turtle(t), 11)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Methods {
		e1, _ := Encode(b, Options{Method: m})
		e2, _ := Encode(b, Options{Method: m})
		if e1.Formula().String() != e2.Formula().String() {
			t.Errorf("%s: two encodings of one board differ", m)
		}
	}
}
