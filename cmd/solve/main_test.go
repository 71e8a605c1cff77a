package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/reduce"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	solvable := write("s.txt", "a a b\nb c c\na b c\nc a b\n")
	unsolvable := write("u.txt", "a b b\nc a a\nb c a\nb c c\n")
	odd := write("odd.txt", "a a a\n")
	bad := write("bad.json", `{"format":"mahjong-play/1","solvable":true,"moves":[[0,2]]}`)
	cases := []struct {
		name   string
		args   []string
		code   int
		prefix string
	}{
		{"solvable", []string{solvable}, 0, "solvable\n"},
		{"unsolvable", []string{unsolvable}, 0, "unsolvable\n"},
		{"json", []string{"-json", solvable}, 0, "{\n  \"format\": \"mahjong-play/1\",\n  \"solvable\": true"},
		{"two workers", []string{"-j", "2", unsolvable}, 0, "unsolvable\n"},
		{"sat route solvable", []string{"-method", "sat", solvable}, 0, "solvable\n"},
		{"sat route unsolvable", []string{"-method", "sat", unsolvable}, 0, "unsolvable\n"},
		{"sat route json", []string{"-method", "sat", "-json", solvable}, 0, "{\n  \"format\": \"mahjong-play/1\",\n  \"solvable\": true"},
		{"explain", []string{"-explain", unsolvable}, 0, "unsolvable\nlost: these 3 groups (12 tiles) alone"},
		{"explain clauses", []string{"-explain", "-explain-clauses", unsolvable}, 0, "unsolvable\nlost: these 3 groups"},
		{"explain json", []string{"-explain", "-json", unsolvable}, 0, "{\n  \"format\": \"mahjong-play/1\",\n  \"solvable\": false"},
		{"explain solvable", []string{"-explain", solvable}, 0, "solvable\n"},
		{"unknown method", []string{"-method", "magic", solvable}, 2, ""},
		{"solver without sat", []string{"-solver", "minisat", solvable}, 2, ""},
		{"missing external solver", []string{"-method", "sat", "-solver", "no-such-solver-mjsat", solvable}, 2, ""},
		{"odd group", []string{odd}, 2, ""},
		{"no board", nil, 2, ""},
		{"missing file", []string{filepath.Join(dir, "none")}, 2, ""},
		{"check invalid", []string{"-check", bad, solvable}, 1, "invalid: move 1"},
	}
	if _, err := exec.LookPath("minisat"); err == nil {
		cases = append(cases, struct {
			name   string
			args   []string
			code   int
			prefix string
		}{"minisat", []string{"-method", "sat", "-solver", "minisat", unsolvable}, 0, "unsolvable\n"})
	} else if os.Getenv("CI") == "true" {
		t.Error("minisat is not installed: .ci/run installs it")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, tc.args)
			if code != tc.code || !strings.HasPrefix(out.String(), tc.prefix) {
				t.Errorf("exit %d, output %q (stderr %q); want exit %d, prefix %q", code, out.String(), errb.String(), tc.code, tc.prefix)
			}
		})
	}
	// The JSON document carries the core's groups and tiles.
	var out, errb bytes.Buffer
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-explain", "-json", unsolvable}); code != 0 ||
		!strings.Contains(out.String(), `"core": {`) || !strings.Contains(out.String(), `"groups": [`) || !strings.Contains(out.String(), `"tiles": [`) {
		t.Errorf("-explain -json: exit %d, %s", code, out.String())
	}
	// On a reduced board, -explain also names the formula's core, whose gadgets are lost.
	f, err := instances.ExampleFormula("unsat")
	if err != nil {
		t.Fatal(err)
	}
	rb, _, err := reduce.Reduce(f, reduce.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rbuf bytes.Buffer
	if err := rb.WriteJSON(&rbuf); err != nil {
		t.Fatal(err)
	}
	reduced := write("reduced.json", rbuf.String())
	out.Reset()
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-explain", reduced}); code != 0 ||
		!strings.Contains(out.String(), "A minimal unsatisfiable core of the formula: 3-CNF clauses 1, 2, 3, 4") ||
		!strings.Contains(out.String(), "are lost, as the proof says") {
		t.Errorf("-explain on a reduced board: exit %d, %s", code, out.String())
	}
	out.Reset()
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-explain", "-json", reduced}); code != 0 ||
		!strings.Contains(out.String(), `"mus_clauses": [`) || !strings.Contains(out.String(), `"verdict": "unsolvable"`) {
		t.Errorf("-explain -json on a reduced board: exit %d, %s", code, out.String())
	}
	// -hint: after a play that keeps the game winnable, a move; after a losing one, why.
	hintPlay := write("hint.json", `{"format":"mahjong-play/1","solvable":false,"moves":[],"partial":[]}`)
	out.Reset()
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-hint", hintPlay, solvable}); code != 0 || len(strings.Fields(out.String())) != 2 {
		t.Errorf("-hint at the start: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-hint", hintPlay, unsolvable}); code != 0 || !strings.HasPrefix(out.String(), "lost: no move keeps this position winnable\nlost: these") {
		t.Errorf("-hint on a lost board: exit %d, %q", code, out.String())
	}
	// Plays printed with -json by either route pass -check.
	for _, method := range []string{"native", "sat"} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-json", "-method", method, solvable}); code != 0 {
			t.Fatalf("solve -method %s: exit %d: %s", method, code, errb.String())
		}
		play := write("play-"+method+".json", out.String())
		out.Reset()
		if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-check", play, solvable}); code != 0 || out.String() != "valid\n" {
			t.Errorf("check %s play: exit %d, %q", method, code, out.String())
		}
	}
	// A play printed with -json passes -check.
	out.Reset()
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-json", solvable}); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errb.String())
	}
	play := write("play.json", out.String())
	out.Reset()
	if code := run(context.Background(), cli.Env{Stdout: &out, Stderr: &errb}, []string{"-check", play, solvable}); code != 0 || out.String() != "valid\n" {
		t.Errorf("check: exit %d, %q", code, out.String())
	}
}
