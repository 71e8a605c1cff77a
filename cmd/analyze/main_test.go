package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/explain"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/clitest"
)

// A board (stacks top first; tiles 0..5 in that order) that is won by pairing the top
// a with a loose one first, and lost by pairing the two loose a's: then the top a's
// only partner lies under the b it covers.
const stacks = "a b a\nb\na\na\n"

func TestRun(t *testing.T) {
	dir := t.TempDir()
	b := clitest.WriteFile(t, dir, "b.stacks", stacks)
	lost := clitest.WriteFile(t, dir, "lost.json", `{"format":"mahjong-play/1","solvable":false,"moves":[],"partial":[[4,5]]}`)
	good := clitest.WriteFile(t, dir, "good.json", `{"format":"mahjong-play/1","solvable":false,"moves":[],"partial":[[0,4]]}`)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name   string
		ctx    context.Context
		args   []string
		code   int
		stdout string
	}{
		{"losing move", context.Background(), []string{b, lost}, cli.ExitOK, "1 moves; the board at the start: solvable\n" +
			"move 1 (4 5) lost the game: the position before it could be won, the one after it cannot\n" +
			"instead, 0 4 keeps the game winnable\nafter the whole play: unsolvable\n"},
		{"no losing move", context.Background(), []string{b, good}, cli.ExitOK, "1 moves; the board at the start: solvable\n" +
			"no move of the play lost the game\nafter the whole play: solvable\n"},
		{"stopped", cancelled, []string{b, lost}, cli.ExitUnknown, "unknown\n1 moves; the board at the start: unknown\n" +
			"after the whole play: unknown\n"},
		{"stopped json", cancelled, []string{"-json", b, lost}, cli.ExitUnknown,
			`{"moves":1,"initial":"unknown","first_losing":null,"alternative":null,"final":"unknown"}` + "\n"},
		{"both stdin", context.Background(), []string{"-", "-"}, cli.ExitUsage, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := clitest.RunWith(c.ctx, run, "", c.args...)
			if r.Code != c.code || r.Stdout != c.stdout {
				t.Errorf("exit %d, stdout\n%s\nstderr %q\nwant exit %d, stdout\n%s", r.Code, r.Stdout, r.Stderr, c.code, c.stdout)
			}
		})
	}
	// The JSON of a whole analysis reads back as one.
	r := clitest.Run(run, "-json", b, lost)
	var a explain.Analysis
	if err := json.Unmarshal([]byte(r.Stdout), &a); err != nil || a.FirstLosing == nil || *a.FirstLosing != 0 || a.Final != board.Unsolvable {
		t.Errorf("-json: %v, %+v", err, a)
	}
}

// TestWriteText checks the lines of analyses that stopped part way.
func TestWriteText(t *testing.T) {
	moves := [][2]int{{1, 2}, {3, 4}, {5, 6}, {7, 8}}
	k := 2
	for _, c := range []struct {
		a    explain.Analysis
		want string
	}{
		{explain.Analysis{Moves: 4, Initial: board.Solvable}, "4 moves; the board at the start: solvable\nafter the whole play: unknown\n"},
		{explain.Analysis{Moves: 4, Initial: board.Solvable, Final: board.Unsolvable, Within: []int{1, 3}},
			"4 moves; the board at the start: solvable\nthe game was lost by one of moves 2 to 4: the analysis stopped before it found which\nafter the whole play: unsolvable\n"},
		{explain.Analysis{Moves: 4, Initial: board.Solvable, Final: board.Unsolvable, FirstLosing: &k},
			"4 moves; the board at the start: solvable\nmove 3 (5 6) lost the game: the position before it could be won, the one after it cannot\n" +
				"no move to play instead was found before the analysis stopped\nafter the whole play: unsolvable\n"},
		{explain.Analysis{Moves: 4, Initial: board.Unsolvable, Final: board.Unsolvable},
			"4 moves; the board at the start: unsolvable\nthe deal was lost before the first move: no move of the play lost it\nafter the whole play: unsolvable\n"},
	} {
		var buf bytes.Buffer
		writeText(&buf, &c.a, moves)
		if buf.String() != c.want {
			t.Errorf("%+v:\n%s\nwant\n%s", c.a, buf.String(), c.want)
		}
	}
}
