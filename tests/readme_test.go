package tests

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// readmeCommands returns the commands the README's "Two commands" section shows: its
// lines indented by four spaces, in order.
func readmeCommands(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Two commands\n")
	if !ok {
		t.Fatal(`README.md has no section "## Two commands"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var cmds []string
	for _, line := range strings.Split(section, "\n") {
		if cmd, ok := strings.CutPrefix(line, "    "); ok {
			cmds = append(cmds, strings.TrimSpace(cmd))
		}
	}
	return cmds
}

// runPipeline runs a pipeline of "go run ./cmd/NAME ARGS" stages with the installed
// commands, each stage's output the next one's input, and returns every stage's
// result; a stage that fails ends it.
func runPipeline(t *testing.T, dir, pipeline string) []result {
	t.Helper()
	var results []result
	in := ""
	for _, stage := range strings.Split(pipeline, " | ") {
		f := strings.Fields(stage)
		if len(f) < 3 || f[0] != "go" || f[1] != "run" || !strings.HasPrefix(f[2], "./cmd/") {
			t.Fatalf("%q: a stage that is not go run ./cmd/NAME", stage)
		}
		r := runIn(t, dir, in, strings.TrimPrefix(f[2], "./cmd/"), f[3:]...)
		results = append(results, r)
		if r.code != 0 {
			break
		}
		in = r.stdout
	}
	return results
}

// TestReadmeCommands runs the README's first command as it is written, with the
// installed commands (as go run would build them), and checks what the README says
// of it: the verdict on the first line, then a winning play as tile-id pairs, which
// replays on the board the first stage printed; and with -example unsat, unsolvable.
// The second command must be the one .ci/run runs.
func TestReadmeCommands(t *testing.T) {
	cmds := readmeCommands(t)
	if len(cmds) != 2 {
		t.Fatalf("the README's Two commands section shows %d commands, want 2: %q", len(cmds), cmds)
	}
	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ci), "\n"+cmds[1]+"\n") {
		t.Errorf("the README's test command %q is not a line of .ci/run", cmds[1])
	}
	dir := t.TempDir()
	for _, c := range []struct {
		pipeline, verdict string
	}{
		{cmds[0], "solvable"},
		{strings.Replace(cmds[0], "-example small", "-example unsat", 1), "unsolvable"},
	} {
		if c.verdict == "unsolvable" && c.pipeline == cmds[0] {
			t.Fatalf("%q does not name -example small", cmds[0])
		}
		rs := runPipeline(t, dir, c.pipeline)
		last := rs[len(rs)-1]
		if len(rs) != strings.Count(c.pipeline, " | ")+1 || last.code != 0 {
			t.Fatalf("%s: stage %d exit %d: %s", c.pipeline, len(rs), last.code, last.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(last.stdout, "\n"), "\n")
		if lines[0] != c.verdict {
			t.Fatalf("%s: first line %q, want %q", c.pipeline, lines[0], c.verdict)
		}
		if c.verdict != "solvable" {
			continue
		}
		b, err := board.ParseJSON([]byte(rs[0].stdout), "reduce's board")
		if err != nil {
			t.Fatal(err)
		}
		play := &board.Play{Format: board.PlayFormat, Solvable: true}
		for i, line := range lines[1:] {
			f := strings.Fields(line)
			var m [2]int
			if len(f) == 2 {
				m[0], err = strconv.Atoi(f[0])
				if err == nil {
					m[1], err = strconv.Atoi(f[1])
				}
			} else {
				err = fmt.Errorf("%d fields", len(f))
			}
			if err != nil {
				t.Fatalf("%s: line %d %q is not a pair of tile ids: %v", c.pipeline, i+2, line, err)
			}
			play.Moves = append(play.Moves, m)
		}
		if err := b.Replay(play); err != nil || 2*len(play.Moves) != b.N() {
			t.Errorf("%s: the play of %d moves does not clear the board of %d tiles: %v", c.pipeline, len(play.Moves), b.N(), err)
		}
	}
}
