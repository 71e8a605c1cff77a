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
	"github.com/mjsat/mjsat/sat"
)

func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPipeline: encode → a DIMACS solver (gophersat on the written text) → -decode
// gives a play that replays; an UNSAT answer exits 1.
func TestPipeline(t *testing.T) {
	for _, c := range []struct {
		name, stacks string
		code         int
	}{
		{"solvable", "a b\nc b\na c\n", exitOK},
		{"lost", "a b\nb a\n", exitNo},
	} {
		t.Run(c.name, func(t *testing.T) {
			bp := writeFile(t, "b.txt", c.stacks)
			dimacs, stderr, code := runCmd(t, bp)
			if code != exitOK {
				t.Fatalf("encode: exit %d: %s", code, stderr)
			}
			if !strings.Contains(dimacs, "c v 1: ") {
				t.Error("no variable comments in the DIMACS")
			}
			f, err := cnf.Read(strings.NewReader(dimacs), "dimacs")
			if err != nil {
				t.Fatal(err)
			}
			res, err := sat.Gophersat{}.Solve(context.Background(), f)
			if err != nil {
				t.Fatal(err)
			}
			answer := "s UNSATISFIABLE\n"
			if res.Status == sat.Sat {
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
				answer = sb.String()
			}
			mp := writeFile(t, "m.out", answer)
			out, stderr, code := runCmd(t, "-decode", mp, bp)
			if code != c.code {
				t.Fatalf("decode: exit %d, want %d: %s", code, c.code, stderr)
			}
			p, err := board.ParsePlay([]byte(out), "play")
			if err != nil {
				t.Fatal(err)
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
	bp := writeFile(t, "b.txt", "a b\na b\n")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no board", nil, "usage"},
		{"missing board", []string{"/nonexistent/board.json"}, "nonexistent"},
		{"odd group", []string{writeFile(t, "odd.txt", "a b\nb\n")}, "group \"a\""},
		{"bad method", []string{"-method", "magic", bp}, "unknown encoding"},
		{"bad model", []string{"-decode", writeFile(t, "m", "v 1 2 99 0\n"), bp}, "m:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, c.args...)
			if code != exitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 mentioning %q", code, stderr, c.want)
			}
		})
	}
}

func TestExplainAndStats(t *testing.T) {
	bp := writeFile(t, "b.txt", "a b\nb c\nc a\n")
	dot := filepath.Join(t.TempDir(), "core.dot")
	out, stderr, code := runCmd(t, "-explain", "-dot", dot, bp)
	if code != exitOK || !strings.Contains(out, "these 6 tiles") {
		t.Fatalf("explain: exit %d, out %q, err %q", code, out, stderr)
	}
	d, err := os.ReadFile(dot)
	if err != nil || !strings.HasPrefix(string(d), "digraph") {
		t.Errorf("DOT file: %v %q", err, d)
	}
	if _, _, code := runCmd(t, "-explain", writeFile(t, "s.txt", "a b\na b\n")); code != exitNo {
		t.Errorf("explain of a solvable board: exit %d, want 1", code)
	}
	formula := writeFile(t, "f.cnf", "p cnf 2 1\n1 -2 0\n")
	out, _, code = runCmd(t, "-stats", "-cnf", formula, bp)
	if code != exitOK || !strings.Contains(out, "formula") || !strings.Contains(out, "2 variables, 1 clauses") {
		t.Errorf("stats: exit %d, %q", code, out)
	}
}
