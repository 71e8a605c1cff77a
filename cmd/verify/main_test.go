package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	clitest.WriteFile(t, dir, "sat.cnf", "p cnf 3 3\n1 2 3 0\n-1 -2 0\n2 -3 0\n")
	clitest.WriteFile(t, dir, "unsat.cnf", "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n")
	bad := clitest.WriteFile(t, t.TempDir(), "bad.cnf", "p cnf 2 1\n1 5 0\n")
	fails := filepath.Join(t.TempDir(), "fails")
	tests := []struct {
		name     string
		args     []string
		code     int
		last     string
		contains string
	}{
		{"agree", []string{"-j", "1", dir}, 0, "2 passed, 0 failed", "unsolvable"},
		{"flat", []string{"-flat", dir}, 0, "2 passed, 0 failed", "cert=ok"},
		{"broken gadget", []string{"-mutate", "free-vy", "-faildir", fails, dir}, 1, "0 passed, 2 failed", "formula kept as"},
		{"bad formula", []string{bad}, 2, "0 passed, 1 failed", ""},
		{"json", []string{"-json", dir}, 0, `{"failed":0,"passed":2,"skipped":0}`, `"verdict":"pass"`},
		{"stdin", []string{"-"}, 0, "1 passed, 0 failed", "pass"},
		{"stdin twice", []string{"-", "-"}, 2, "", ""},
		{"no args", nil, 2, "", ""},
		{"unknown solver", []string{"-solver", "no-such-sat-solver", dir}, 2, "", ""},
	}
	if _, err := exec.LookPath("minisat"); err == nil {
		tests = append(tests, struct {
			name     string
			args     []string
			code     int
			last     string
			contains string
		}{"minisat route", []string{"-solver", "minisat", dir}, 0, "2 passed, 0 failed", "sat-route=unsolvable"})
	} else if os.Getenv("CI") == "true" {
		t.Error("minisat is not installed: .ci/run installs it")
	} else {
		t.Log("minisat not installed: the external-solver case is not run")
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := clitest.RunWith(context.Background(), run, "p cnf 1 1\n1 0\n", tc.args...)
			if r.Code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.Code, tc.code, r.Stdout, r.Stderr)
			}
			lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
			if tc.last != "" && lines[len(lines)-1] != tc.last {
				t.Errorf("last line %q, want %q", lines[len(lines)-1], tc.last)
			}
			if !strings.Contains(r.Stdout, tc.contains) {
				t.Errorf("output lacks %q:\n%s", tc.contains, r.Stdout)
			}
		})
	}
	// In JSON lines every line is JSON: the summary ends it, the sentence goes to
	// standard error.
	r := clitest.RunWith(context.Background(), run, "", "-json", "-nosat", dir)
	for _, l := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
		if !json.Valid([]byte(l)) {
			t.Errorf("-json writes a line that is not JSON: %q", l)
		}
	}
	if !strings.Contains(r.Stderr, "2 passed, 0 failed") {
		t.Errorf("-json: standard error lacks the tally:\n%s", r.Stderr)
	}
	if _, err := os.Stat(filepath.Join(fails, "unsat.cnf")); err != nil {
		t.Errorf("the failing formula was not kept: %v", err)
	}
}
