package sat_test

import (
	"context"
	"fmt"
	"github.com/mjsat/mjsat/internal/shared"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

// sharedCNF is one shared file with its known answer from the README.
type sharedCNF struct {
	path string
	sat  bool
}

// labelled lists every .cnf under shared/cnf with its SATLIB label:
// uf*=SAT, uuf*=UNSAT, aim yes=SAT and no=UNSAT, dubois and pigeon-hole
// UNSAT, parity SAT, quinn/simple/zebra SAT, no_simple UNSAT.
func labelled(t testing.TB) []sharedCNF {
	t.Helper()
	root := filepath.Join(shared.Dir(t), "cnf")
	var out []sharedCNF
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".cnf") {
			return err
		}
		base := filepath.Base(path)
		var want bool
		switch {
		case strings.HasPrefix(base, "uuf"), strings.Contains(base, "-no-"),
			strings.HasPrefix(base, "dubois"), strings.HasPrefix(base, "hole"), base == "no_simple.cnf":
			want = false
		case strings.HasPrefix(base, "uf"), strings.Contains(base, "yes"), strings.HasPrefix(base, "par"),
			base == "quinn.cnf", base == "simple_v3_c2.cnf", base == "zebra.cnf":
			want = true
		default:
			t.Fatalf("%s: no known label", path)
		}
		out = append(out, sharedCNF{path, want})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1341 {
		t.Fatalf("found %d labelled files, want 1341", len(out))
	}
	return out
}

func wantStatus(isSat bool) sat.Status {
	if isSat {
		return sat.Sat
	}
	return sat.Unsat
}

// TestGophersatSharedLabels decides all 1341 shared files (all uf20, uf75,
// uf50, uuf50 and the structured ones) and compares with the labels.
func TestGophersatSharedLabels(t *testing.T) {
	for _, c := range labelled(t) {
		if testing.Short() && strings.HasSuffix(c.path, "hole8.cnf") {
			continue // about 2 s
		}
		f, err := cnf.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sat.Solve(context.Background(), f)
		if err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if res.Status != wantStatus(c.sat) {
			t.Errorf("%s: %v, label says %v", c.path, res.Status, wantStatus(c.sat))
		}
		if (res.Model != nil) != (res.Status == sat.Sat) {
			t.Errorf("%s: status %v with model %v", c.path, res.Status, res.Model != nil)
		}
	}
}

// TestGophersatConcurrent solves uf50 and uuf50 files from several
// goroutines at once (gophersat is serialized inside Solve; run with
// -race to check that no two gophersat solvers run together).
func TestGophersatConcurrent(t *testing.T) {
	var cases []sharedCNF
	for _, c := range labelled(t) {
		if strings.Contains(c.path, "uf50-218") {
			cases = append(cases, c)
		}
	}
	errs := make(chan string, len(cases))
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(cases); i += 4 {
				f, err := cnf.ReadFile(cases[i].path)
				if err != nil {
					errs <- err.Error()
					continue
				}
				res, err := sat.Solve(context.Background(), f)
				if err != nil || res.Status != wantStatus(cases[i].sat) {
					errs <- fmt.Sprintf("%s: %v %v", cases[i].path, res.Status, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestGophersatAgainstBruteForce compares gophersat with cnf.BruteForce,
// which shares no code with it, on random 3-CNF near the threshold and
// on 2-CNF and wide clauses.
func TestGophersatAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 4))
	counts := map[sat.Status]int{}
	for i := range 400 {
		n := 3 + i%16
		k := 3
		switch i % 7 {
		case 0:
			k = 2
		case 1:
			k = min(5, n)
		}
		m := int(float64(n) * (2 + 4*rng.Float64()))
		if k == 5 {
			m *= 4
		}
		f := cnf.Random(n, m, k, rng)
		bf, _, err := cnf.BruteForce(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sat.Solve(context.Background(), f)
		if err != nil {
			t.Fatalf("formula %d: %v", i, err)
		}
		if res.Status != wantStatus(bf) {
			t.Fatalf("formula %d: gophersat %v, brute force sat=%v\n%s", i, res.Status, bf, f)
		}
		counts[res.Status]++
	}
	if counts[sat.Sat] < 50 || counts[sat.Unsat] < 50 {
		t.Errorf("unbalanced: %v", counts)
	}
}

// TestGophersatEdgeCases covers the formulas gophersat's own simplifier
// treats specially (empty, units, duplicates, tautologies, unused
// variables), each checked against brute force.
func TestGophersatEdgeCases(t *testing.T) {
	tests := []struct {
		name string
		f    cnf.Formula
	}{
		{"no variables", cnf.Formula{}},
		{"no clauses", cnf.Formula{NumVars: 3}},
		{"empty clause", cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {}}}},
		{"only empty clause", cnf.Formula{Clauses: []cnf.Clause{{}}}},
		{"units", cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1}, {-2}, {3}}}},
		{"contradicting units", cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1}, {2}, {-1}}}},
		{"units propagate to conflict", cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1}, {-1, 2}, {-2, 3}, {-3, -1}}}},
		{"units solve everything", cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1}, {-1, 2}, {-2, 3}}}},
		{"duplicates", cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, 1, 2}, {-1, -1}, {-2, -2, 3, 3}}}},
		{"tautologies", cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, -1}, {2, -2, 1}}}},
		{"unused high variables", cnf.Formula{NumVars: 9, Clauses: []cnf.Clause{{-2, 3}, {2}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, _, err := cnf.BruteForce(&tt.f)
			if err != nil {
				t.Fatal(err)
			}
			res, err := sat.Gophersat{}.Solve(context.Background(), &tt.f)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != wantStatus(want) {
				t.Errorf("%v, brute force sat=%v", res.Status, want)
			}
			if res.Status == sat.Sat && len(res.Model) != tt.f.NumVars+1 {
				t.Errorf("model length %d", len(res.Model))
			}
		})
	}
}

func TestGophersatInvalidFormula(t *testing.T) {
	_, err := sat.Solve(context.Background(), &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1, 2}}})
	if err == nil || !strings.Contains(err.Error(), "literal 2") {
		t.Errorf("got %v, want an error about literal 2", err)
	}
}

func TestStatusWords(t *testing.T) {
	for s, want := range map[sat.Status]string{sat.Unknown: "unknown", sat.Sat: "sat", sat.Unsat: "unsat"} {
		if s.String() != want {
			t.Errorf("%d: %q, want %q", int(s), s.String(), want)
		}
	}
}

// hard400 is random 3-SAT at the threshold (400 variables, ratio 4.26):
// minisat does not decide it within a minute.
func hard400() *cnf.Formula {
	return cnf.Random(400, 1704, 3, rand.New(rand.NewPCG(400, 426)))
}

// TestGophersatTimeout checks that a tiny deadline on a hard formula
// (hole8, about 2 s for gophersat) gives Unknown promptly; that while the
// abandoned solve runs, another gophersat solve waits and gives Unknown
// when its own deadline passes; and that a patient solve gets its turn
// once the abandoned one has finished.
func TestGophersatTimeout(t *testing.T) {
	hole8, err := cnf.ReadFile(filepath.Join(shared.Dir(t), "cnf", "satlib", "pigeon-hole", "hole8.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	small := &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {-1}}}
	solve := func(f *cnf.Formula, timeout time.Duration) (sat.Result, time.Duration, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		start := time.Now()
		res, err := sat.Solve(ctx, f)
		return res, time.Since(start), err
	}
	res, took, err := solve(hole8, 30*time.Millisecond)
	if err != nil || res.Status != sat.Unknown || res.Model != nil {
		t.Fatalf("hole8: got %v %v, want unknown", res.Status, err)
	}
	if took > time.Second {
		t.Errorf("hole8: took %v after a 30 ms deadline", took)
	}
	res, took, err = solve(small, 50*time.Millisecond)
	if err != nil || res.Status != sat.Unknown || took > time.Second {
		t.Errorf("while hole8 runs: got %v %v after %v, want unknown promptly", res.Status, err, took)
	}
	res, _, err = solve(small, 5*time.Minute)
	if err != nil || res.Status != sat.Sat || !small.Eval(res.Model) {
		t.Errorf("after hole8: got %v %v, want sat", res.Status, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = sat.Solve(ctx, small)
	if err != nil || res.Status != sat.Unknown {
		t.Errorf("cancelled context: %v %v, want unknown", res.Status, err)
	}
}

func TestLookup(t *testing.T) {
	for _, name := range []string{"", "gophersat", " gophersat "} {
		s, err := sat.Lookup(name)
		if _, ok := s.(sat.Gophersat); err != nil || !ok {
			t.Errorf("Lookup(%q) = %#v, %v", name, s, err)
		}
	}
	if _, err := sat.Lookup("no-such-solver-mjsat"); err == nil || !strings.Contains(err.Error(), "no-such-solver-mjsat") {
		t.Errorf("missing solver: %v", err)
	}
	s, err := sat.Lookup("sh -c true")
	if err != nil {
		t.Skip("no sh in PATH")
	}
	ext, ok := s.(sat.External)
	if !ok || filepath.Base(ext.Command) != "sh" || len(ext.Args) != 2 || ext.Args[1] != "true" {
		t.Errorf("Lookup(\"sh -c true\") = %#v", s)
	}
}
