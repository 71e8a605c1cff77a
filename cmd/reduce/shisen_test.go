package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/shisen"
)

// TestShisen checks -game shisen end to end: the board is a shisen-board/1 without
// gravity, the certificate of a model replays on it and clears it, -model reads the
// model back from that play, and a play one move short or a non-model is refused.
func TestShisen(t *testing.T) {
	ctx := context.Background()
	const f = "p cnf 3 3\n1 2 3 0\n-1 -2 0\n2 -3 0\n"
	cnfPath := clitest.WriteFile(t, "", "f.cnf", f)
	bo := clitest.Run(run, "-game", "shisen", cnfPath)
	if bo.Code != 0 || !strings.Contains(bo.Stderr, "Shisen-Sho board without gravity") {
		t.Fatalf("exit %d: %s", bo.Code, bo.Stderr)
	}
	b, err := shisen.Parse([]byte(bo.Stdout), "board")
	if err != nil || b.Gravity {
		t.Fatalf("the board: %v (gravity %v)", err, b != nil && b.Gravity)
	}
	po := clitest.Run(run, "-game", "shisen", "-certify", "-1 2 3", cnfPath)
	if po.Code != 0 {
		t.Fatalf("certify: exit %d: %s", po.Code, po.Stderr)
	}
	p, err := shisen.ParsePlay([]byte(po.Stdout), "play")
	if err != nil || p.Status != "solvable" {
		t.Fatalf("the play: %v (status %q)", err, p.Status)
	}
	if err := b.Replay(p.Moves, true); err != nil {
		t.Fatalf("the certificate does not clear the board: %v", err)
	}
	mo := clitest.RunWith(ctx, run, po.Stdout, "-game", "shisen", "-model", "-", cnfPath)
	if mo.Code != 0 || !strings.Contains(mo.Stdout, "s SATISFIABLE") {
		t.Fatalf("-model: exit %d: %s %s", mo.Code, mo.Stdout, mo.Stderr)
	}
	if r := clitest.Run(run, "-game", "shisen", "-certify", "1 2 3", cnfPath); r.Code != 1 || !strings.Contains(r.Stderr, "does not satisfy") {
		t.Fatalf("a non-model: exit %d: %s", r.Code, r.Stderr)
	}
	short := p.Moves[:len(p.Moves)-1]
	var sb strings.Builder
	(&shisen.Play{Format: shisen.PlayFormat, Moves: short}).WriteJSON(&sb)
	if r := clitest.RunWith(ctx, run, sb.String(), "-game", "shisen", "-model", "-", cnfPath); r.Code != 1 {
		t.Fatalf("a play one move short: exit %d: %s", r.Code, r.Stderr)
	}
	for _, args := range [][]string{
		{"-game", "shisen", "-flat", cnfPath},
		{"-game", "shisen", "-format", "stacks", cnfPath},
		{"-game", "go", cnfPath},
	} {
		if r := clitest.Run(run, args...); r.Code != 2 || r.Stdout != "" {
			t.Errorf("%v: exit %d, stdout %.80q", args, r.Code, r.Stdout)
		}
	}
}
