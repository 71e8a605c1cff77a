package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/clitest"

	"github.com/mjsat/mjsat/board"
)

func TestRun(t *testing.T) {
	ctx := context.Background()
	const tiny = "p cnf 2 2\n1 -2 0\n-1 2 0\n"
	cases := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{"json", []string{"-"}, tiny, 0, `"format": "mahjong-board/1"`, "n=2 m=2 → 3-CNF of 2 variables and 2 clauses → 56 stacks, 168 tiles"},
		{"stacks", []string{"-format", "stacks", "-"}, tiny, 0, "SAT y1 y1", "56 stacks"},
		{"flat", []string{"-flat", "-"}, tiny, 0, `"flat": true`, "392 tiles"},
		{"certify", []string{"-certify", "1 2", "-"}, tiny, 0, `"solvable": true`, ""},
		{"certify v line", []string{"-certify", "v -1 -2 0", "-"}, tiny, 0, `"moves"`, ""},
		{"certify non-model", []string{"-certify", "1 -2", "-"}, tiny, 1, "", "-certify 1 -2: input clause"},
		{"empty clause", []string{"-"}, "p cnf 1 2\n1 0\n0\n", 2, "", "empty clause"},
		{"bad cnf", []string{"-"}, "p cnf 1 1\n2 0\n", 2, "", "<stdin>:2"},
		{"bad format", []string{"-format", "svg", "-"}, tiny, 2, "", "json or stacks"},
		{"flat stacks", []string{"-flat", "-format", "stacks", "-"}, tiny, 2, "", "one-level"},
		{"no file", []string{"/nonexistent.cnf"}, "", 2, "", "nonexistent"},
		{"usage", nil, "", 2, "", "run 'reduce -h' for help"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := clitest.RunWith(ctx, run, tc.stdin, tc.args...)
			if r.Code != tc.code || !strings.Contains(r.Stdout, tc.stdout) || !strings.Contains(r.Stderr, tc.stderr) {
				t.Fatalf("exit %d (want %d)\nstdout: %.300s\nstderr: %s", r.Code, tc.code, r.Stdout, r.Stderr)
			}
		})
	}
}

// TestCertifyReplays checks the printed play against the printed board.
func TestCertifyReplays(t *testing.T) {
	ctx := context.Background()
	const f = "p cnf 3 3\n1 2 3 0\n-1 -2 0\n2 -3 0\n"
	for _, flat := range []string{"", "-flat"} {
		args := []string{"-"}
		if flat != "" {
			args = []string{flat, "-"}
		}
		bo := clitest.RunWith(ctx, run, f, args...)
		if bo.Code != 0 {
			t.Fatal(bo.Stderr)
		}
		po := clitest.RunWith(ctx, run, f, append([]string{"-certify", "-1 2 3"}, args...)...)
		if po.Code != 0 {
			t.Fatal(po.Stderr)
		}
		b, err := board.Read(strings.NewReader(bo.Stdout), "board")
		if err != nil {
			t.Fatal(err)
		}
		p, err := board.ParsePlay([]byte(po.Stdout), "play")
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Replay(p); err != nil {
			t.Fatalf("%s: %v", flat, err)
		}
	}
}

// TestModelFromPlay runs the certificate route both ways through the command: a model
// gives a play (-certify), the play gives back a model (-model), and that model
// satisfies the formula (checked here, independently of the reduction).
func TestModelFromPlay(t *testing.T) {
	ctx := context.Background()
	const f = "p cnf 3 3\n1 2 3 0\n-1 -2 0\n2 -3 0\n"
	cnfPath := clitest.WriteFile(t, "", "f.cnf", f)
	for _, flat := range []bool{false, true} {
		args := []string{cnfPath}
		if flat {
			args = []string{"-flat", cnfPath}
		}
		po := clitest.Run(run, append([]string{"-certify", "-1 2 3"}, args...)...)
		if po.Code != 0 {
			t.Fatal(po.Stderr)
		}
		// The play comes in on standard input.
		mo := clitest.RunWith(ctx, run, po.Stdout, append([]string{"-model", "-"}, args...)...)
		if mo.Code != 0 {
			t.Fatalf("-model: exit %d: %s", mo.Code, mo.Stderr)
		}
		formula, err := cnf.Read(strings.NewReader(f), "f")
		if err != nil {
			t.Fatal(err)
		}
		status, assign, err := cnf.ReadModel(strings.NewReader(mo.Stdout), "model", 3)
		if err != nil || status != cnf.StatusSat {
			t.Fatalf("model %q: %v %v", mo.Stdout, status, err)
		}
		if bad := formula.Unsatisfied(assign); bad != nil {
			t.Errorf("flat=%v: the play's model %q violates clauses %v", flat, mo.Stdout, bad)
		}
	}
	// A play that is not a winning play of the board is refused with status 1.
	r := clitest.RunWith(ctx, run, `{"format":"mahjong-play/1","solvable":true,"moves":[[0,1]]}`, "-model", "-", cnfPath)
	if r.Code != 1 || r.Stdout != "" || strings.Count(r.Stderr, "\n") != 1 {
		t.Errorf("bad play: exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	// -certify "" is a usage error, not a request for the board.
	if r := clitest.Run(run, "-certify", "", cnfPath); r.Code != 2 || r.Stdout != "" {
		t.Errorf(`-certify "": exit %d, stdout %.80q`, r.Code, r.Stdout)
	}
}
