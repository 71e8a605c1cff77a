package sat_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

// TestMain lets the test binary act as a fake external solver when
// MJSAT_FAKE_SOLVER names a behaviour; the input file is the last argument.
func TestMain(m *testing.M) {
	if mode := os.Getenv("MJSAT_FAKE_SOLVER"); mode != "" {
		os.Exit(fakeSolver(mode, os.Args[len(os.Args)-1]))
	}
	os.Exit(m.Run())
}

func fakeSolver(mode, input string) int {
	f, err := cnf.ReadFile(input)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 1
	}
	isSat, model, err := cnf.BruteForce(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 1
	}
	vline := func(m []bool) string {
		var sb strings.Builder
		sb.WriteString("v")
		for v := 1; v < len(m); v++ {
			if m[v] {
				fmt.Fprintf(&sb, " %d", v)
			} else {
				fmt.Fprintf(&sb, " -%d", v)
			}
			if v%5 == 0 {
				sb.WriteString("\nv") // several v lines
			}
		}
		return sb.String() + " 0"
	}
	switch mode {
	case "good":
		fmt.Println("c fake solver")
		if isSat {
			fmt.Println("s SATISFIABLE")
			fmt.Println(vline(model))
			return 10
		}
		fmt.Println("s UNSATISFIABLE")
		return 20
	case "wrong-model":
		fmt.Println("s SATISFIABLE")
		for v := range model {
			model[v] = !model[v]
		}
		fmt.Println(vline(model))
		return 10
	case "exit-mismatch":
		fmt.Println("s UNSATISFIABLE")
		return 10
	case "crash":
		fmt.Fprintln(os.Stderr, "fake: out of memory")
		return 1
	case "garbage":
		fmt.Println("s SATISFIABLE")
		fmt.Println("v 1 banana 0")
		return 10
	case "unknown":
		fmt.Println("s UNKNOWN")
		return 0
	case "silent":
		return 0
	case "sleep":
		time.Sleep(time.Minute)
		return 0
	}
	return 3
}

// fake returns an External running this test binary as a fake solver.
func fake(t *testing.T, mode string) sat.External {
	t.Setenv("MJSAT_FAKE_SOLVER", mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return sat.External{Command: exe}
}

var (
	// satF is satisfiable; flipping every variable of its first
	// brute-force model violates clause {-2}.
	satF = &cnf.Formula{NumVars: 6, Clauses: []cnf.Clause{{1, 2}, {-2}, {-1, -3}, {-4, -5}, {-5, -6}, {1, 6}}}
	// unsatF is UNSAT.
	unsatF = &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}}
)

// TestExternalFake drives the generic s/v protocol with a fake solver,
// including every way a solver can misbehave.
func TestExternalFake(t *testing.T) {
	tests := []struct {
		mode    string
		f       *cnf.Formula
		want    sat.Status
		wantErr string
	}{
		{"good", satF, sat.Sat, ""},
		{"good", unsatF, sat.Unsat, ""},
		{"wrong-model", satF, 0, "WRONG model"},
		{"exit-mismatch", satF, 0, "exit status 10 contradicts answer UNSAT"},
		{"crash", satF, 0, "exit status 1 (stderr: fake: out of memory)"},
		{"garbage", satF, 0, `output:2: "banana" is not a literal`},
		{"unknown", satF, sat.Unknown, ""},
		{"silent", satF, sat.Unknown, ""},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.mode, tt.f.NumVars), func(t *testing.T) {
			res, err := fake(t, tt.mode).Solve(context.Background(), tt.f)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got %v, %v; want error containing %q", res.Status, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.want {
				t.Errorf("status %v, want %v", res.Status, tt.want)
			}
			if res.Status == sat.Sat && !tt.f.Eval(res.Model) {
				t.Error("model does not satisfy")
			}
		})
	}
}

func TestExternalFakeTimeout(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := fake(t, "sleep").Solve(ctx, satF)
	if err != nil || res.Status != sat.Unknown {
		t.Fatalf("got %v %v, want unknown", res.Status, err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v", took)
	}
}

func TestExternalMissingCommand(t *testing.T) {
	_, err := sat.External{Command: filepath.Join(t.TempDir(), "nope")}.Solve(context.Background(), satF)
	if err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("got %v", err)
	}
}

// TestMinisat runs the real minisat, if installed, on labelled shared
// files (its result-file protocol), including the files with the % trailer
// and with clauses spanning lines, which the raw files break in solvers.
func TestMinisat(t *testing.T) {
	if _, err := exec.LookPath("minisat"); err != nil {
		t.Skip("minisat not in PATH")
	}
	s, err := sat.Lookup("minisat -verb=0")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, c := range labelled(t) {
		// All structured files, every 50th uf20 and every 10th uf50/uuf50.
		switch {
		case strings.Contains(c.path, "uf20-91") && i%50 != 0:
			continue
		case strings.Contains(c.path, "uf50-218") && i%10 != 0:
			continue
		}
		f, err := cnf.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve(context.Background(), f)
		if err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if res.Status != wantStatus(c.sat) {
			t.Errorf("%s: minisat %v, label %v", c.path, res.Status, wantStatus(c.sat))
		}
		n++
	}
	t.Logf("minisat decided %d files", n)
}

func TestMinisatTimeout(t *testing.T) {
	if _, err := exec.LookPath("minisat"); err != nil {
		t.Skip("minisat not in PATH")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := sat.External{Command: "minisat"}.Solve(ctx, hard400())
	if err != nil || res.Status != sat.Unknown {
		t.Fatalf("got %v %v, want unknown", res.Status, err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("took %v", took)
	}
}
