package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
)

func runCmd(t *testing.T, args ...string) (string, string, int) {
	r := clitest.Run(run, args...)
	return r.Stdout, r.Stderr, r.Code
}

// TestPipeline: encode → a DIMACS solver (gophersat on the written text) → -decode
// gives a play that replays; an UNSAT answer exits 1.
func TestPipeline(t *testing.T) {
	for _, c := range []struct {
		name, stacks string
		status       string
	}{
		{"solvable", "a b\nc b\na c\n", "solvable"},
		{"lost", "a b\nb a\n", "unsolvable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bp := clitest.WriteFile(t, "", "b.txt", c.stacks)
			dimacs, stderr, code := runCmd(t, bp)
			if code != cli.ExitOK {
				t.Fatalf("encode: exit %d: %s", code, stderr)
			}
			if !strings.Contains(dimacs, "c v 1: ") {
				t.Error("no variable comments in the DIMACS")
			}
			mp := clitest.WriteFile(t, "", "m.out", solverAnswer(t, dimacs))
			out, stderr, code := runCmd(t, "-decode", mp, bp)
			if code != cli.ExitOK {
				t.Fatalf("decode: exit %d, want 0 (decided): %s", code, stderr)
			}
			p, err := board.ParsePlay([]byte(out), "play")
			if err != nil {
				t.Fatal(err)
			}
			if p.Status != c.status {
				t.Errorf("decoded status %q, want %q", p.Status, c.status)
			}
			b, _ := board.ReadFile(bp)
			if err := b.Replay(p); err != nil {
				t.Errorf("decoded play does not replay: %v", err)
			}
		})
	}
}

func itoa(v int) string { return strconv.Itoa(v) }

func TestBadInput(t *testing.T) {
	bp := clitest.WriteFile(t, "", "b.txt", "a b\na b\n")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no board", nil, "run 'encode -h' for help"},
		{"missing board", []string{"/nonexistent/board.json"}, "nonexistent"},
		{"odd group", []string{clitest.WriteFile(t, "", "odd.txt", "a b\nb\n")}, "group \"a\""},
		{"bad method", []string{"-method", "magic", bp}, "unknown encoding"},
		{"bad model", []string{"-decode", clitest.WriteFile(t, "", "m", "v 1 2 99 0\n"), bp}, "m:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, c.args...)
			if code != cli.ExitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 mentioning %q", code, stderr, c.want)
			}
		})
	}
}

func TestExplainAndStats(t *testing.T) {
	bp := clitest.WriteFile(t, "", "b.txt", "a b\nb c\nc a\n")
	dot := filepath.Join(t.TempDir(), "core.dot")
	out, stderr, code := runCmd(t, "-explain", "-dot", dot, bp)
	if code != cli.ExitOK || !strings.Contains(out, "these 6 tiles") {
		t.Fatalf("explain: exit %d, out %q, err %q", code, out, stderr)
	}
	d, err := os.ReadFile(dot)
	if err != nil || !strings.HasPrefix(string(d), "digraph") {
		t.Errorf("DOT file: %v %q", err, d)
	}
	if out, _, code := runCmd(t, "-explain", clitest.WriteFile(t, "", "s.txt", "a b\na b\n")); code != cli.ExitOK || !strings.Contains(out, "solvable, nothing to explain") {
		t.Errorf("explain of a solvable board: exit %d, out %q; want 0 (decided) and why", code, out)
	}
	// -stats -cnf relates a reduced board to its formula, and refuses any other one.
	formula := clitest.WriteFile(t, "", "f.cnf", "p cnf 2 1\n1 -2 0\n")
	other := clitest.WriteFile(t, "", "g.cnf", "p cnf 2 1\n1 2 0\n")
	f, err := cnf.ReadFile(formula)
	if err != nil {
		t.Fatal(err)
	}
	rb, _, err := reduce.Reduce(f, reduce.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rb.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	reduced := clitest.WriteFile(t, "", "r.json", buf.String())
	out, stderr, code = runCmd(t, "-stats", "-cnf", formula, reduced)
	if code != cli.ExitOK || !strings.Contains(out, "formula") || !strings.Contains(out, "2 variables, 1 clauses") {
		t.Errorf("stats: exit %d, %q %s", code, out, stderr)
	}
	for _, c := range []struct{ formula, board, want string }{
		{other, reduced, "not the formula this board was reduced from"},
		{formula, bp, "not a board made by reduce"},
	} {
		out, stderr, code := runCmd(t, "-stats", "-cnf", c.formula, c.board)
		if code != cli.ExitUsage || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("-stats -cnf %s %s: exit %d, out %q, stderr %q; want 2 and %q", c.formula, c.board, code, out, stderr, c.want)
		}
	}
}

// TestDecodeOtherEncoding checks that a model of one encoding, decoded as another,
// is named with the -encoding that decodes it.
func TestDecodeOtherEncoding(t *testing.T) {
	bp := clitest.WriteFile(t, "", "b.txt", "a b\nb a\na b\nb a\n")
	dimacs, stderr, code := runCmd(t, "-encoding", "rank", bp)
	if code != cli.ExitOK {
		t.Fatalf("encode: exit %d: %s", code, stderr)
	}
	mp := clitest.WriteFile(t, "", "m.txt", solverAnswer(t, dimacs))
	if _, stderr, code := runCmd(t, "-decode", mp, bp); code != cli.ExitUsage || !strings.Contains(stderr, "is a model of the rank encoding of this board, not of elim: add -encoding rank") {
		t.Errorf("decode as elim: exit %d: %s", code, stderr)
	}
	if out, stderr, code := runCmd(t, "-decode", mp, "-encoding", "rank", bp); code != cli.ExitOK || !strings.Contains(out, `"solvable": true`) {
		t.Errorf("decode as rank: exit %d: %s %s", code, out, stderr)
	}
}

// solverAnswer solves the DIMACS text with gophersat and writes its answer as a DIMACS
// solver prints it: an s line, and a v line for a model.
func solverAnswer(t *testing.T, dimacs string) string {
	t.Helper()
	f, err := cnf.Read(strings.NewReader(dimacs), "dimacs")
	if err != nil {
		t.Fatal(err)
	}
	res, err := sat.Gophersat{}.Solve(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != sat.Sat {
		return "s UNSATISFIABLE\n"
	}
	var sb strings.Builder
	sb.WriteString("s SATISFIABLE\nv")
	for v := 1; v <= f.NumVars; v++ {
		if res.Model[v] {
			sb.WriteString(" " + itoa(v))
		} else {
			sb.WriteString(" -" + itoa(v))
		}
	}
	sb.WriteString(" 0\n")
	return sb.String()
}

// TestShisen: a Shisen-Sho board's DIMACS, solved by gophersat from the text, decodes
// into a play that replays; an unsolvable board's formula is unsatisfiable; a board
// with gravity, and Mahjong-only flags, are refused in one line.
func TestShisen(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		cells string
		want  sat.Status
	}{
		{`[["a","b","b","a"],["c","c","d","d"]]`, sat.Sat},
		{`[["a","b"],["",""],["b","a"]]`, sat.Sat}, // the empty row opens two-turn paths
		{`[["a","b"],["b","a"]]`, sat.Unsat},
	} {
		path := clitest.WriteFile(t, dir, "b.json", `{"format":"shisen-board/1","gravity":false,"cells":`+c.cells+`}`)
		out, errOut, code := runCmd(t, path)
		if code != 0 || !strings.HasPrefix(out, "c shisen-sho board") {
			t.Fatalf("%s: exit %d %s", c.cells, code, errOut)
		}
		f, err := cnf.Read(strings.NewReader(out), "out")
		if err != nil {
			t.Fatal(err)
		}
		res, err := sat.Solve(context.Background(), f)
		if err != nil || res.Status != c.want {
			t.Fatalf("%s: %v %v, want %v", c.cells, res.Status, err, c.want)
		}
		if res.Status != sat.Sat {
			continue
		}
		var v strings.Builder
		v.WriteString("s SATISFIABLE\nv")
		for x := 1; x < len(res.Model); x++ {
			if !res.Model[x] {
				v.WriteString(" -")
			} else {
				v.WriteString(" ")
			}
			v.WriteString(strconv.Itoa(x))
		}
		v.WriteString(" 0\n")
		model := clitest.WriteFile(t, dir, "model", v.String())
		out, errOut, code = runCmd(t, "-decode", model, path)
		if code != 0 || !strings.Contains(out, `"status": "solvable"`) {
			t.Fatalf("%s: decode: exit %d %s %s", c.cells, code, out, errOut)
		}
	}
	grav := clitest.WriteFile(t, dir, "g.json", `{"format":"shisen-board/1","gravity":true,"cells":[["a","a"]]}`)
	if _, errOut, code := runCmd(t, grav); code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "without gravity") {
		t.Errorf("gravity: exit %d %q", code, errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-explain"}, "-explain: for Mahjong boards"},
		{[]string{"-explain", "-timeout", "1s"}, "-explain, -timeout: for Mahjong boards"},
		{[]string{"-method", "rank"}, "-method: for Mahjong boards"},
		{[]string{"-timeout", "1s"}, "-timeout goes with -explain"},
	} {
		if _, errOut, code := runCmd(t, append(c.args, grav)...); code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d %q, want %q", c.args, code, errOut, c.want)
		}
	}
}
