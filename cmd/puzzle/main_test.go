package main

import (
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
)

func TestCommand(t *testing.T) {
	dir := t.TempDir()
	good := clitest.WriteFile(t, dir, "good.txt", "# two columns\nA K\nK A\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n")
	lost := clitest.WriteFile(t, dir, "lost.txt", "6 10\n4 8\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n")
	bad := clitest.WriteFile(t, dir, "bad.txt", "A K\nZ\n")
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
		{"no args", nil, 2, []string{"run 'puzzle -h' for help"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := clitest.Run(run, tc.args...)
			if r.Code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.Code, tc.code, r.Stdout, r.Stderr)
			}
			text := r.Stdout
			if tc.code == 2 {
				text = r.Stderr
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("output lacks %q:\n%s", w, text)
				}
			}
			if tc.code != 3 {
				if again := clitest.Run(run, tc.args...); again.Stdout != r.Stdout {
					t.Errorf("output differs between two runs")
				}
			}
		})
	}
}
