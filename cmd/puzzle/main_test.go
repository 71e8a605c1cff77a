package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets the test binary act as the command when PUZZLE_AS_MAIN is
// set, so the tests below run the real flag parsing and exit codes.
func TestMain(m *testing.M) {
	if os.Getenv("PUZZLE_AS_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "PUZZLE_AS_MAIN=1")
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("# two columns\nA K\nK A\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n"), 0o644)
	lost := filepath.Join(dir, "lost.txt")
	os.WriteFile(lost, []byte("6 10\n4 8\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n"), 0o644)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("A K\nZ\n"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string // substrings of stdout (or stderr for code 2)
	}{
		{"peg count", []string{"peg", "-count"}, 0, []string{"sequences: 1550\n", "ending in hole 13: 1550\n"}},
		{"peg count sat", []string{"peg", "-board", "triangle4", "-empty", "2", "-count", "-method", "sat"}, 0, []string{"sequences: 14\n", "ending in hole 3: 14\n"}},
		{"peg solve", []string{"peg", "-empty", "1", "-finish", "1"}, 0, []string{"solution: 13 jumps"}},
		{"peg unsolvable native", []string{"peg", "-finish", "5"}, 0, []string{"no solution"}},
		{"peg unsolvable sat", []string{"peg", "-finish", "5", "-method", "sat"}, 0, []string{"no solution"}},
		{"peg english", []string{"peg", "-board", "english", "-finish", "17"}, 0, []string{"solution: 31 jumps", "31. "}},
		{"peg bad hole", []string{"peg", "-empty", "16"}, 2, []string{"hole 16 is not on board triangle5"}},
		{"peg bad method", []string{"peg", "-method", "magic"}, 2, []string{"-method"}},
		{"tomjerry", []string{"tomjerry", "-all"}, 0, []string{"3 2 6\n9 1 7\n5 8 4\n", "3 5 6\n9 1 7\n2 8 4\n", "placements: 2\n"}},
		{"tomjerry rotate sat", []string{"tomjerry", "-rotate", "-method", "sat"}, 0, []string{"placements: 16\n"}},
		{"fourteen file", []string{"fourteen", "-deal", good}, 0, []string{"won in 2 moves: 1+2 1+2\n"}},
		{"fourteen lost sat", []string{"fourteen", "-deal", lost, "-method", "sat"}, 0, []string{"no winning sequence"}},
		{"fourteen stdin", []string{"fourteen", "-deal", "-"}, 2, []string{"<stdin>"}},
		{"stray argument", []string{"peg", "extra"}, 2, []string{`unexpected argument "extra"`}},
		{"help", []string{"-h"}, 0, []string{"usage: puzzle peg"}},
		{"fourteen bad file", []string{"fourteen", "-deal", bad}, 2, []string{"bad.txt:2: \"Z\" is not a card"}},
		{"fourteen seed", []string{"fourteen", "-seed", "0"}, 0, []string{"Q 10 3 J 4\n", "won in 26 moves"}},
		{"fourteen scan", []string{"fourteen", "-scan", "0:200"}, 0, []string{"deals 200, won "}},
		{"fourteen timeout", []string{"fourteen", "-scan", "0:100000000", "-timeout", "50ms"}, 3, []string{"partial: deals"}},
		{"unknown puzzle", []string{"sudoku"}, 2, []string{"unknown puzzle"}},
		{"no args", nil, 2, []string{"usage"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runCmd(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
			text := out
			if tc.code == 2 {
				text = errs
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("output lacks %q:\n%s", w, text)
				}
			}
			if tc.code != 3 {
				out2, _, _ := runCmd(t, tc.args...)
				if out2 != out {
					t.Errorf("output differs between two runs")
				}
			}
		})
	}
}
