package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/golden"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/shisen"
)

func deal(t *testing.T, args ...string) (stdout, stderr string, code int) {
	r := clitest.Run(run, args...)
	return r.Stdout, r.Stderr, r.Code
}

// TestGoldenTurtleSeed7 pins the bytes of `deal -seed 7` across runs and machines.
func TestGoldenTurtleSeed7(t *testing.T) {
	goldenPath := filepath.Join("testdata", "deal-turtle-seed7.json")
	out, errs, code := deal(t, "-seed", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	again, _, _ := deal(t, "-layout", "default", "-seed", "7", "-format", "json")
	if again != out {
		t.Fatal("two runs of deal -seed 7 differ")
	}
	golden.Check(t, goldenPath, []byte(out))
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	// The golden board is the turtle, dealt as documented.
	b, err := board.ParseJSON(want, goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := board.Deal(instances.Turtle(), 7)
	if !reflect.DeepEqual(b.Tiles, ref.Tiles) || b.Name != "turtle seed 7" || string(b.Meta) != `{
    "layout": "turtle",
    "seed": 7
  }` {
		t.Errorf("golden board is not the turtle's seed-7 deal: name %q meta %s", b.Name, b.Meta)
	}
}

func TestLayoutFile(t *testing.T) {
	builtIn, _, _ := deal(t, "-seed", "3")
	out, errs, code := deal(t, "-seed", "3", "-layout-file", shared.Path(t, "layouts", "xmahjongg", "default"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	a, _ := board.ParseJSON([]byte(builtIn), "a")
	b, _ := board.ParseJSON([]byte(out), "b")
	if !reflect.DeepEqual(a.Tiles, b.Tiles) || b.Name != "default seed 3" {
		t.Errorf("xmahjongg default deals differently from the built-in turtle (name %q)", b.Name)
	}
	gnome := shared.Path(t, "layouts", "gnome-mahjongg", "mahjongg.map")
	out, errs, code = deal(t, "-seed", "3", "-layout-file", gnome, "-map", "Turtle")
	c, _ := board.ParseJSON([]byte(out), "c")
	if code != 0 || c == nil || !reflect.DeepEqual(a.Tiles, c.Tiles) {
		t.Errorf("GNOME Turtle: exit %d %s", code, errs)
	}
}

func TestTransposeAndStacks(t *testing.T) {
	// Three separate stacks of height 2 as an Xmahjongg layout, along y.
	path := clitest.WriteFile(t, "", "col.txt", "0 0 0\n0 0 1\n4 0 0\n4 0 1\n8 0 0\n8 0 1\n")
	out, errs, code := deal(t, "-layout-file", path, "-transpose", "-format", "stacks", "-seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || lines[0] != "# col transposed seed 1" {
		t.Errorf("stacks output:\n%s", out)
	}
	for _, ln := range lines[1:] {
		if len(strings.Fields(ln)) != 2 {
			t.Errorf("stack %q is not of height 2", ln)
		}
	}
	json, _, _ := deal(t, "-layout-file", path, "-transpose", "-seed", "1")
	b, err := board.ParseJSON([]byte(json), "t")
	// Tiles in (z, y, x) order: the three bottom tiles first, now along x.
	if err != nil || b.Tiles[1].X != 4 || b.Tiles[1].Y != 0 || b.Tiles[1].Z != 0 {
		t.Errorf("transposed tile 1 = %+v (%v), want x 4 y 0 z 0", b.Tiles[1], err)
	}
}

func TestErrors(t *testing.T) {
	bad := clitest.WriteFile(t, "", "bad", "0 0 0\n0 1\n")
	odd := clitest.WriteFile(t, "", "odd", "0 0 0\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-format", "stacks"}, "deal: -format stacks: board is not made of isolated stacks: use JSON"},
		{[]string{"-format", "xml"}, `deal: -format "xml": want json or stacks`},
		{[]string{"-layout", "nosuch"}, `deal: no layout "nosuch": not built in (default, turtle), not in`},
		{[]string{"-layout", "kmahjongg/nosuch"}, `deal: no layout "kmahjongg/nosuch"`},
		{[]string{"-layout", "turtle", "-layout-file", bad}, "deal: use -layout or -layout-file, not both"},
		{[]string{"-layout-file", bad}, "deal: " + bad + `:2: want three integers "row col lev", got "0 1"`},
		{[]string{"-layout-file", odd}, `deal: layout "odd" has 1 positions: a deal needs an even number`},
		{[]string{"-map", "Turtle"}, "deal: -map needs -layout-file"},
		{[]string{"-layout-file", bad, "-map", "x"}, "deal: " + bad + ": no <map> elements"},
		{[]string{"extra"}, `deal: unexpected argument "extra"`},
		{[]string{"-seed", "-1"}, `invalid value "-1" for flag -seed`},
		{[]string{"-layout", "turtle", "-gravity"}, "deal: -gravity: for -game shisen"},
		{[]string{"-size", "14x6", "-kinds", "42"}, "deal: -size, -kinds: for -game shisen"},
		{[]string{"-game", "shisen", "-layout", "turtle", "-transpose"}, "deal: -layout, -transpose: for Mahjong deals"},
		{[]string{"-game", "shisen", "-solvable"}, "deal: -solvable: for Mahjong deals"},
		{[]string{"-timeout", "5s"}, "deal: -timeout goes with -solvable"},
		{[]string{"-difficulty", "5", "-timeout", "5s"}, "deal: -difficulty and -timeout go with -solvable"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errs, code := deal(t, tc.args...)
			if code != 2 || out != "" {
				t.Errorf("exit %d with output %q, want 2 and none", code, out)
			}
			if !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q, want %q", errs, tc.want)
			}
		})
	}
}

// TestSolvable: deal -solvable gives the same bytes for the same seed, a board that is
// the deal of the seed it names, and a winning play that replays.
func TestSolvable(t *testing.T) {
	out, errs, code := deal(t, "-solvable", "-difficulty", "50", "-seed", "11")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	again, _, _ := deal(t, "-solvable", "-difficulty", "50", "-seed", "11")
	if again != out {
		t.Fatal("two runs of deal -solvable -seed 11 differ")
	}
	b, err := board.ParseJSON([]byte(out), "solvable")
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Seed     uint64
		Solvable struct {
			Tries       int
			DealSeed    uint64   `json:"deal_seed"`
			WinningPlay [][2]int `json:"winning_play"`
		}
		Difficulty struct {
			Games        int `json:"games"`
			Won          int `json:"won"`
			FirstMoves   int `json:"first_moves"`
			WinningFirst int `json:"winning_first"`
		}
	}
	if err := json.Unmarshal(b.Meta, &meta); err != nil {
		t.Fatal(err)
	}
	ref, _ := board.Deal(instances.Turtle(), meta.Solvable.DealSeed)
	if !reflect.DeepEqual(ref.Tiles, b.Tiles) || meta.Seed != 11 || meta.Solvable.Tries < 1 {
		t.Fatalf("not the deal of seed %d: %+v", meta.Solvable.DealSeed, meta)
	}
	if err := b.Replay(&board.Play{Format: board.PlayFormat, Solvable: true, Moves: meta.Solvable.WinningPlay}); err != nil {
		t.Fatalf("the winning play does not replay: %v", err)
	}
	if d := meta.Difficulty; d.Games != 50 || d.Won < 0 || d.Won > 50 || d.WinningFirst < 1 || d.WinningFirst > d.FirstMoves {
		t.Fatalf("difficulty %+v", d)
	}
	if _, errs, code := deal(t, "-difficulty", "5"); code != 2 || !strings.Contains(errs, "-difficulty goes with -solvable") {
		t.Errorf("-difficulty alone: exit %d, %q", code, errs)
	}
}

// TestShisenDeal: the same bytes for the same arguments, 36 groups of four on 18 × 8.
func TestShisenDeal(t *testing.T) {
	a := clitest.Run(run, "-game", "shisen", "-size", "18x8", "-gravity", "-seed", "5")
	b := clitest.Run(run, "-game", "shisen", "-size", "18x8", "-gravity", "-seed", "5")
	if a.Code != 0 || a.Stdout != b.Stdout || !strings.Contains(a.Stdout, `"gravity": true`) {
		t.Fatalf("exit %d: %.200s %s", a.Code, a.Stdout, a.Stderr)
	}
	sb, err := shisen.Parse([]byte(a.Stdout), "deal")
	if err != nil || sb.W != 18 || sb.H != 8 || sb.Tiles() != 144 {
		t.Fatalf("%v", err)
	}
	if r := clitest.Run(run, "-game", "shisen", "-size", "3x3"); r.Code != 2 {
		t.Errorf("a 3x3 deal: exit %d", r.Code)
	}
}
