package main

import (
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/shisen"
)

// TestShisenPlay checks that -play applies to a Shisen-Sho board: the picture after
// the first k moves of a winning play has two tiles fewer a move, and a play that
// does not replay, or a play of the other game, is refused by name.
func TestShisenPlay(t *testing.T) {
	dir := t.TempDir()
	b, err := shisen.Deal(14, 6, true, 1)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := b.WriteJSON(&sb); err != nil {
		t.Fatal(err)
	}
	boardPath := clitest.WriteFile(t, dir, "b.json", sb.String())
	solved := clitest.Run(run, "-svg", boardPath)
	if solved.Code != 0 {
		t.Fatalf("exit %d: %s", solved.Code, solved.Stderr)
	}
	tiles := func(svg string) int { return strings.Count(svg, "<g") }
	if tiles(solved.Stdout) != b.Tiles() {
		t.Fatalf("%d tiles drawn, the board has %d", tiles(solved.Stdout), b.Tiles())
	}
	res, err := shisen.Solve(t.Context(), b)
	if err != nil || len(res.Moves) < 4 {
		t.Fatalf("%v %v", res.Status, err)
	}
	for _, k := range []int{1, 3, len(res.Moves)} {
		sb.Reset()
		(&shisen.Play{Moves: res.Moves[:k]}).WriteJSON(&sb)
		playPath := clitest.WriteFile(t, dir, "p.json", sb.String())
		r := clitest.Run(run, "-svg", "-play", playPath, boardPath)
		if r.Code != 0 || tiles(r.Stdout) != b.Tiles()-2*k {
			t.Fatalf("after %d moves: exit %d, %d tiles drawn, want %d: %s", k, r.Code, tiles(r.Stdout), b.Tiles()-2*k, r.Stderr)
		}
	}
	for _, bad := range []struct{ play, want string }{
		{`{"format":"shisen-play/1","moves":[[[0,0],[0,0]]]}`, "p.json: move 1: cell (0, 0) paired with itself"},
		{`{"format":"mahjong-play/1","moves":[[0,1]]}`, "is a Mahjong play"},
	} {
		playPath := clitest.WriteFile(t, dir, "p.json", bad.play)
		if r := clitest.Run(run, "-svg", "-play", playPath, boardPath); r.Code != 2 || !strings.Contains(r.Stderr, bad.want) {
			t.Errorf("%s: exit %d, stderr %q", bad.play, r.Code, r.Stderr)
		}
	}
}

// TestSeedWithBoard checks that -seed, which deals -layout, is refused beside a BOARD
// rather than ignored.
func TestSeedWithBoard(t *testing.T) {
	p := clitest.WriteFile(t, t.TempDir(), "s.txt", "a a\n")
	if r := clitest.Run(run, "-svg", "-seed", "5", p); r.Code != 2 || !strings.Contains(r.Stderr, "-seed goes with -layout") {
		t.Errorf("exit %d %q", r.Code, r.Stderr)
	}
	if r := clitest.Run(run, "-svg", p); r.Code != 0 {
		t.Errorf("without -seed: exit %d %q", r.Code, r.Stderr)
	}
}
