package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
)

// blockgraph runs the command with args and returns stdout, stderr and the exit code.
func blockgraph(args ...string) (string, string, int) {
	r := clitest.Run(run, args...)
	return r.Stdout, r.Stderr, r.Code
}

const td = "../../graphviz/testdata/"

func TestCommand(t *testing.T) {
	tmp := t.TempDir()
	badPlay := clitest.WriteFile(t, tmp, "bad.json", `{"format": "mahjong-play/1", "solvable": true, "moves": [[0, 1]]}`)
	row := clitest.WriteFile(t, tmp, "row.json", `{"format": "mahjong-board/1", "tiles": [
		{"id": 0, "x": 0, "y": 0, "z": 0, "group": "a"}, {"id": 1, "x": 2, "y": 0, "z": 0, "group": "a"}]}`)
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // substring of standard output
		stderr string // substring of standard error
	}{
		{"groups", []string{"-view", "groups", td + "cycle2.stacks"}, 0, "// blocked cycle 1, k=2: a on b", ""},
		{"default view is tiles", []string{td + "cycle1.stacks"}, 0, "tiles view of", ""},
		{"upto", []string{"-view", "groups", "-play", td + "height3.play.json", "-upto", "2", td + "height3.stacks"}, 0,
			"// position after 2 moves: 6 of 10 tiles remain\n", ""},
		{"all moves of the play", []string{"-play", td + "height3.play.json", td + "height3.stacks"}, 0, "0 tiles remain", ""},
		{"stdin", []string{"-view", "groups", "-"}, 0, "groups view of <stdin>", ""},
		{"no board", nil, 2, "", "run 'blockgraph -h' for help"},
		{"two boards", []string{td + "cycle1.stacks", td + "cycle2.stacks"}, 2, "", "run 'blockgraph -h' for help"},
		{"unknown flag", []string{"-colour", td + "cycle1.stacks"}, 2, "", "flag provided but not defined"},
		{"unknown view", []string{"-view", "layers", td + "cycle1.stacks"}, 2, "", `unknown view "layers"`},
		{"upto without play", []string{"-upto", "1", td + "cycle1.stacks"}, 2, "", "-upto needs -play"},
		{"upto beyond the play", []string{"-play", td + "height3.play.json", "-upto", "9", td + "height3.stacks"}, 2, "", "the play has 5 moves, fewer than 9"},
		{"illegal move", []string{"-play", badPlay, td + "height3.stacks"}, 2, "", "move 1 [0, 1]: tile 1 is not playable"},
		{"missing board", []string{filepath.Join(tmp, "none.json")}, 2, "", "none.json"},
		{"groups on a row", []string{"-view", "groups", row}, 2, "", "needs a board of isolated stacks"},
		{"gadgets on a plain board", []string{"-view", "gadgets", td + "cycle1.stacks"}, 2, "", `its meta has no "reduction"`},
		{"bad render format", []string{"-render", "pdf", td + "cycle1.stacks"}, 2, "", `-render "pdf": want svg or png`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := clitest.RunWith(context.Background(), run, "a b\nb a\n", c.args...)
			if r.Code != c.code || !strings.Contains(r.Stdout, c.stdout) || !strings.Contains(r.Stderr, c.stderr) {
				t.Errorf("exit %d (want %d)\nstdout: %.300s\nstderr: %s\nwant stdout containing %q, stderr containing %q",
					r.Code, c.code, r.Stdout, r.Stderr, c.stdout, c.stderr)
			}
		})
	}
}

func TestOutputFileAndRender(t *testing.T) {
	tmp := t.TempDir()
	dotFile := filepath.Join(tmp, "c.dot")
	if _, errs, code := blockgraph("-view", "groups", "-o", dotFile, td+"cycle4.stacks"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got, err := os.ReadFile(dotFile)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(td + "cycle4.dot")
	if err != nil {
		t.Fatal(err)
	}
	// The golden names the board "cycle4"; the command names it after its path.
	if g := strings.ReplaceAll(string(got), td+"cycle4.stacks", "cycle4"); g != string(want) {
		t.Errorf("-o wrote\n%s\nwant (as the golden)\n%s", g, want)
	}

	t.Run("dot missing", func(t *testing.T) {
		t.Setenv("PATH", tmp) // a folder without dot
		_, errs, code := blockgraph("-render", "svg", td+"cycle1.stacks")
		if code != 1 || !strings.Contains(errs, "dot program is not installed") {
			t.Errorf("exit %d, stderr %q: want 1 and a clear message", code, errs)
		}
	})
	t.Run("svg", func(t *testing.T) {
		if _, err := exec.LookPath("dot"); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("dot is not installed, and CI=true")
			}
			t.Skip("dot is not installed")
		}
		out, errs, code := blockgraph("-view", "groups", "-render", "svg", td+"cycle2.stacks")
		if code != 0 || !strings.Contains(out, "<svg") || !strings.Contains(out, "a (2)") {
			t.Errorf("exit %d, stderr %q, stdout %.200q", code, errs, out)
		}
		png := filepath.Join(tmp, "c.png")
		if _, errs, code := blockgraph("-render", "png", "-o", png, td+"cycle2.stacks"); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if data, _ := os.ReadFile(png); !bytes.HasPrefix(data, []byte("\x89PNG")) {
			t.Errorf("-render png -o wrote no PNG")
		}
	})
}
