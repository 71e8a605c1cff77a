package main

import (
	"bytes"
	"context"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/cli"
	"os"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

func TestRun(t *testing.T) {
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
		{"certify non-model", []string{"-certify", "1 -2", "-"}, tiny, 1, "", "does not satisfy"},
		{"empty clause", []string{"-"}, "p cnf 1 2\n1 0\n0\n", 1, "", "empty clause"},
		{"bad cnf", []string{"-"}, "p cnf 1 1\n2 0\n", 2, "", "<stdin>:2"},
		{"bad format", []string{"-format", "svg", "-"}, tiny, 2, "", "json or stacks"},
		{"flat stacks", []string{"-flat", "-format", "stacks", "-"}, tiny, 2, "", "one-level"},
		{"no file", []string{"/nonexistent.cnf"}, "", 2, "", "nonexistent"},
		{"usage", nil, "", 2, "", "usage"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), cli.Env{Stdin: strings.NewReader(tc.stdin), Stdout: &out, Stderr: &errb}, tc.args)
			if code != tc.code || !strings.Contains(out.String(), tc.stdout) || !strings.Contains(errb.String(), tc.stderr) {
				t.Fatalf("exit %d (want %d)\nstdout: %.300s\nstderr: %s", code, tc.code, out.String(), errb.String())
			}
		})
	}
}

// TestCertifyReplays checks the printed play against the printed board.
func TestCertifyReplays(t *testing.T) {
	const f = "p cnf 3 3\n1 2 3 0\n-1 -2 0\n2 -3 0\n"
	for _, flat := range []string{"", "-flat"} {
		args := []string{"-"}
		if flat != "" {
			args = []string{flat, "-"}
		}
		var bo, po, e bytes.Buffer
		if run(context.Background(), cli.Env{Stdin: strings.NewReader(f), Stdout: &bo, Stderr: &e}, args) != 0 {
			t.Fatal(e.String())
		}
		if run(context.Background(), cli.Env{Stdin: strings.NewReader(f), Stdout: &po, Stderr: &e}, append([]string{"-certify", "-1 2 3"}, args...)) != 0 {
			t.Fatal(e.String())
		}
		b, err := board.Read(&bo, "board")
		if err != nil {
			t.Fatal(err)
		}
		p, err := board.ParsePlay(po.Bytes(), "play")
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
	const f = "p cnf 3 3\n1 2 3 0\n-1 -2 0\n2 -3 0\n"
	dir := t.TempDir()
	cnfPath := dir + "/f.cnf"
	if err := os.WriteFile(cnfPath, []byte(f), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flat := range []bool{false, true} {
		args := []string{cnfPath}
		if flat {
			args = []string{"-flat", cnfPath}
		}
		var po, mo, e bytes.Buffer
		if code := run(context.Background(), cli.Env{Stdout: &po, Stderr: &e}, append([]string{"-certify", "-1 2 3"}, args...)); code != 0 {
			t.Fatal(e.String())
		}
		// The play comes in on standard input.
		if code := run(context.Background(), cli.Env{Stdin: &po, Stdout: &mo, Stderr: &e}, append([]string{"-model", "-"}, args...)); code != 0 {
			t.Fatalf("-model: exit %d: %s", code, e.String())
		}
		formula, err := cnf.Read(strings.NewReader(f), "f")
		if err != nil {
			t.Fatal(err)
		}
		status, assign, err := cnf.ReadModel(&mo, "model", 3)
		if err != nil || status != cnf.StatusSat {
			t.Fatalf("model %q: %v %v", mo.String(), status, err)
		}
		if bad := formula.Unsatisfied(assign); bad != nil {
			t.Errorf("flat=%v: the play's model %q violates clauses %v", flat, mo.String(), bad)
		}
	}
	// A play that is not a winning play of the board is refused with status 1.
	var out, e bytes.Buffer
	code := run(context.Background(), cli.Env{Stdin: strings.NewReader(`{"format":"mahjong-play/1","solvable":true,"moves":[[0,1]]}`), Stdout: &out, Stderr: &e},
		[]string{"-model", "-", cnfPath})
	if code != 1 || out.Len() != 0 || strings.Count(e.String(), "\n") != 1 {
		t.Errorf("bad play: exit %d, stdout %q, stderr %q", code, out.String(), e.String())
	}
	// -certify "" is a usage error, not a request for the board.
	out.Reset()
	e.Reset()
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &e}, []string{"-certify", "", cnfPath}); code != 2 || out.Len() != 0 {
		t.Errorf(`-certify "": exit %d, stdout %.80q`, code, out.String())
	}
}
