package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/layouts"
	"github.com/mjsat/mjsat/nopeek"
)

// height3 is nopeek's counterexample to Theorem 5 on stacks of height three (see its
// tests): the optimal player always wins, de Bondt's strategy half the time.
const height3 = "a\na\na\na b b\nb\nb\n"

func TestExactJSON(t *testing.T) {
	p := clitest.WriteFile(t, t.TempDir(), "h3.txt", height3)
	r := clitest.Run(run, "-exact", "-json", p)
	if r.Code != cli.ExitOK {
		t.Fatalf("exit %d: %s", r.Code, r.Stderr)
	}
	var v struct {
		Optimal  *float64           `json:"optimal"`
		Policies map[string]float64 `json:"policies"`
	}
	if err := json.Unmarshal([]byte(r.Stdout), &v); err != nil || v.Optimal == nil {
		t.Fatalf("%v: %s", err, r.Stdout)
	}
	if *v.Optimal != 1 || v.Policies["debondt"] != 0.5 || len(v.Policies) != 3 {
		t.Errorf("values %s", r.Stdout)
	}
	// A board too big: one line, exit 2.
	var sb strings.Builder
	for g := range 12 {
		sb.WriteString(strings.Repeat(string(rune('a'+g))+"\n", 4))
	}
	big := clitest.WriteFile(t, t.TempDir(), "big.txt", sb.String())
	if r := clitest.Run(run, "-exact", "-json", big); r.Code != cli.ExitUsage || strings.Count(r.Stderr, "\n") != 1 || !strings.Contains(r.Stderr, "too big") {
		t.Errorf("big board: exit %d: %q", r.Code, r.Stderr)
	}
}

// TestTrace checks that a traced game is a play that replays on its board, the same
// for the same seed.
func TestTrace(t *testing.T) {
	dir := t.TempDir()
	bp := filepath.Join(dir, "t.json")
	b, err := board.Deal(mustTurtle(t), 5)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	b.WriteJSON(&sb)
	clitest.WriteFile(t, dir, "t.json", sb.String())
	for _, policy := range []string{"random", "greedy", "debondt", "sample"} {
		r := clitest.Run(run, "-trace", "-policy", policy, "-seed", "7", "-samples", "2", bp)
		again := clitest.Run(run, "-trace", "-policy", policy, "-seed", "7", "-samples", "2", bp)
		if r.Code != cli.ExitOK || r.Stdout != again.Stdout {
			t.Fatalf("%s: exit %d, or two runs differ: %s", policy, r.Code, r.Stderr)
		}
		if !strings.HasPrefix(r.Stdout, "{\n  \"format\": \"mahjong-play/1\",\n  \"moves\": [") {
			t.Errorf("%s: %.80q", policy, r.Stdout)
		}
		p, err := board.ParsePlay([]byte(r.Stdout), "trace")
		if err != nil || len(p.Moves) == 0 {
			t.Fatalf("%s: %v", policy, err)
		}
		if err := b.Replay(p); err != nil {
			t.Errorf("%s: the traced play does not replay: %v", policy, err)
		}
	}
	// -refine: the same for one seed, a play that replays; out of range, refused.
	r := clitest.Run(run, "-trace", "-policy", "sample", "-seed", "7", "-samples", "2", "-refine", "2", bp)
	again := clitest.Run(run, "-trace", "-policy", "sample", "-seed", "7", "-samples", "2", "-refine", "2", bp)
	if r.Code != cli.ExitOK || r.Stdout != again.Stdout {
		t.Fatalf("-refine 2: exit %d, or two runs differ: %s", r.Code, r.Stderr)
	}
	if p, err := board.ParsePlay([]byte(r.Stdout), "trace"); err != nil || b.Replay(p) != nil {
		t.Fatalf("-refine 2: the traced play: %v", err)
	}
	if r := clitest.Run(run, "-trace", "-policy", "sample", "-refine", "-1", bp); r.Code != cli.ExitUsage {
		t.Fatalf("-refine -1: exit %d", r.Code)
	}
}

// TestDealsResume plays deals into a file in two runs and checks it against one run
// into another: the same records, each seed once.
func TestDealsResume(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one.jsonl"), filepath.Join(dir, "two.jsonl")
	if r := clitest.Run(run, "-policy", "greedy", "-layout", "turtle", "-deals", "0:60", "-o", one); r.Code != 0 || !strings.Contains(r.Stdout, "policy greedy: won") {
		t.Fatalf("exit %d: %s %s", r.Code, r.Stdout, r.Stderr)
	}
	for _, d := range []string{"0:25", "0:60"} {
		if r := clitest.Run(run, "-policy", "greedy", "-layout", "turtle", "-deals", d, "-o", two, "-j", "2"); r.Code != 0 {
			t.Fatalf("exit %d: %s", r.Code, r.Stderr)
		}
	}
	a, b := clitest.ReadFile(t, one), clitest.ReadFile(t, two)
	if a != b || strings.Count(a, "\n") != 60 {
		t.Fatalf("resumed file differs (%d and %d lines)", strings.Count(a, "\n"), strings.Count(b, "\n"))
	}
	// Another policy into the same file is refused, the file untouched.
	if r := clitest.Run(run, "-policy", "random", "-layout", "turtle", "-deals", "0:70", "-o", two); r.Code != cli.ExitUsage || !strings.Contains(r.Stderr, "holds games of policy greedy") {
		t.Errorf("another policy: exit %d %s", r.Code, r.Stderr)
	}
	if clitest.ReadFile(t, two) != b {
		t.Error("the file changed")
	}
	recs, err := nopeek.ReadRecords(strings.NewReader(a), "one")
	if err != nil || recs[0].Policy != "greedy" || recs[59].Seed != 59 {
		t.Fatalf("%v %+v", err, recs[:1])
	}
}

func TestOdds(t *testing.T) {
	p := clitest.WriteFile(t, t.TempDir(), "h3.txt", height3)
	r := clitest.Run(run, "-odds", "-games", "20", "-samples", "4", p)
	// A strong player wins this board every time: sample plays the a on top first.
	if r.Code != cli.ExitOK || !strings.Contains(r.Stdout, "wins 20 of 20 games") {
		t.Fatalf("exit %d: %s %s", r.Code, r.Stdout, r.Stderr)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-exact", "-trace", "x"}, {"-trace", "-policy", "nope", "x"}, {"-layout", "turtle", "-policy", "random"}} {
		if r := clitest.Run(run, args...); r.Code != cli.ExitUsage {
			t.Errorf("%v: exit %d", args, r.Code)
		}
	}
	// A flag of another mode is refused by name, not ignored.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-odds", "-deals", "3", "x"}, "-deals: not for -odds"},
		{[]string{"-exact", "-samples", "3", "-seed", "2", "x"}, "-samples, -seed: not for -exact"},
		{[]string{"-trace", "-policy", "greedy", "-games", "5", "x"}, "-games: not for -trace"},
		{[]string{"-layout", "turtle", "-policy", "random", "-deals", "2", "-play", "p"}, "-play: not for -layout"},
	} {
		if r := clitest.Run(run, c.args...); r.Code != cli.ExitUsage || !strings.Contains(r.Stderr, c.want) {
			t.Errorf("%v: exit %d %q, want %q", c.args, r.Code, r.Stderr, c.want)
		}
	}
}

func mustTurtle(t *testing.T) board.Layout {
	t.Helper()
	e, ok, err := layouts.Lookup("turtle")
	if err != nil || !ok {
		t.Fatal(err)
	}
	l, err := e.Load()
	if err != nil {
		t.Fatal(err)
	}
	return l
}
