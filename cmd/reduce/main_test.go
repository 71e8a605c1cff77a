package main

import (
	"bytes"
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
		{"json", []string{"-"}, tiny, 0, `"format": "mahjong-board/1"`, "n=2 m=2 → 56 stacks, 168 tiles"},
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
			code := run(tc.args, strings.NewReader(tc.stdin), &out, &errb)
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
		if run(args, strings.NewReader(f), &bo, &e) != 0 {
			t.Fatal(e.String())
		}
		if run(append([]string{"-certify", "-1 2 3"}, args...), strings.NewReader(f), &po, &e) != 0 {
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
