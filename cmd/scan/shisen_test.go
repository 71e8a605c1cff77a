package main

import (
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
)

// TestShisenKinds scans deals with KShisen's tile kinds: the records carry the
// kinds in their name, and "scan greedy" reads them back.
func TestShisenKinds(t *testing.T) {
	out := t.TempDir() + "/k.jsonl"
	r := clitest.Run(run, "-game", "shisen", "-size", "24x12", "-kinds", "42", "-deals", "0:3", "-j", "1", "-q", "-o", out)
	if r.Code != 0 {
		t.Fatalf("exit %d: %s", r.Code, r.Stderr)
	}
	text := clitest.ReadFile(t, out)
	if strings.Count(text, `"layout":"shisen-24x12-k42"`) != 3 {
		t.Fatalf("records:\n%s", text)
	}
	if g := clitest.Run(run, "greedy", out); g.Code != 0 || !strings.Contains(g.Stdout, "shisen-24x12-k42") {
		t.Fatalf("greedy: exit %d %q %s", g.Code, g.Stdout, g.Stderr)
	}
}

// TestGreedyNoShisen checks that "scan greedy" on records of no decided Shisen-Sho
// deal says so and fails, instead of printing nothing.
func TestGreedyNoShisen(t *testing.T) {
	dir := t.TempDir()
	for _, text := range []string{
		`{"layout":"default","seed":0,"verdict":"solvable"}` + "\n",
		`{"layout":"shisen-18x8","seed":0,"verdict":"unknown"}` + "\n",
	} {
		p := clitest.WriteFile(t, dir, "r.jsonl", text)
		if g := clitest.Run(run, "greedy", p); g.Code != 2 || g.Stdout != "" || !strings.Contains(g.Stderr, "r.jsonl: no decided Shisen-Sho deal") {
			t.Errorf("%s: exit %d %q %q", text, g.Code, g.Stdout, g.Stderr)
		}
	}
}
