package graphviz

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/golden"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/reduce"
)

func readStacks(t testing.TB, name string) *board.Board {
	t.Helper()
	b, err := board.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	b.Name = strings.TrimSuffix(name, ".stacks")
	return b
}

func reduced(t testing.TB, dimacs string, flat bool) *board.Board {
	t.Helper()
	f, err := cnf.Read(strings.NewReader(dimacs), "one.cnf")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := reduce.Reduce(f, reduce.Options{Source: "one.cnf", Flat: flat})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// oneVar is the one-variable formula (v1) of the gadget goldens.
const oneVar = "p cnf 1 1\n1 0\n"

func turtle(t *testing.T) *board.Board {
	t.Helper()
	l, err := board.ReadLayoutFile(shared.Path(t, "layouts", "xmahjongg", "default"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := board.Deal(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readPlay(t *testing.T, name string) *board.Play {
	t.Helper()
	p, err := board.ReadPlayFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGolden draws every case and compares it with testdata/NAME.dot (-update rewrites).
func TestGolden(t *testing.T) {
	cases := []struct {
		name  string
		board func(*testing.T) *board.Board
		play  string // file in testdata, or ""
		upto  int
		view  View
		want  []string // lines the drawing must contain, checked besides the golden bytes
	}{
		{"cycle1", func(t *testing.T) *board.Board { return readStacks(t, "cycle1.stacks") }, "", -1, ViewGroups,
			[]string{"// blocked cycle 1, k=1: p on p (tile 0 on 1 at (0,0))", "// Theorem 7: unsolvable"}},
		{"cycle2", func(t *testing.T) *board.Board { return readStacks(t, "cycle2.stacks") }, "", -1, ViewGroups,
			[]string{"// blocked cycle 1, k=2: a on b (tile 0 on 1 at (0,0)), b on a (tile 2 on 3 at (4,0))", "// Theorem 7: unsolvable"}},
		{"cycle4", func(t *testing.T) *board.Board { return readStacks(t, "cycle4.stacks") }, "", -1, ViewGroups,
			[]string{"// blocked cycle 1, k=4: a on b", "d on a (tile 6 on 7 at (12,0))", ": 1 blocked cycle\n"}},
		{"height3-groups", func(t *testing.T) *board.Board { return readStacks(t, "height3.stacks") }, "", -1, ViewGroups,
			[]string{"// Definition 6 does not apply (the stack at (0,0) has height 3)"}},
		{"height3-groups-upto2", func(t *testing.T) *board.Board { return readStacks(t, "height3.stacks") }, "height3.play.json", 2, ViewGroups,
			[]string{"// position after 2 moves: 6 of 10 tiles remain", ": 0 blocked cycles\n", "// Theorem 7: solvable (no blocked cycle)"}},
		{"height3-tiles-upto1", func(t *testing.T) *board.Board { return readStacks(t, "height3.stacks") }, "height3.play.json", 1, ViewTiles,
			[]string{"// removed tile ids (not drawn): 3 6", "// playable tile ids: 0 4 7 9"}},
		{"turtle-tiles", turtle, "", -1, ViewTiles,
			[]string{"// 144 tiles remain on 5 levels; playable (filled): "}},
		{"onevar-gadgets", func(t *testing.T) *board.Board { return reduced(t, oneVar, false) }, "", -1, ViewGadgets,
			[]string{"label=\"clause C1 = (v1 ∨ v1 ∨ v1)\"", "label=\"variable v1\"", "label=\"V_t\"", "label=\"SAT_x\"", "label=\"lit3\""}},
		{"onevar-flat-gadgets", func(t *testing.T) *board.Board { return reduced(t, oneVar, true) }, "", -1, ViewGadgets,
			[]string{"// one-level board", "label=\"V_y\""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := c.board(t)
			var p *board.Play
			if c.play != "" {
				p = readPlay(t, c.play)
			}
			s, err := Position(b, p, c.upto)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Draw(s, c.view)
			if err != nil {
				t.Fatal(err)
			}
			got := d.Bytes()
			// Drawing again must give the same bytes (no map order may leak).
			if d2, _ := Draw(s, c.view); !bytes.Equal(got, d2.Bytes()) {
				t.Fatal("two drawings of one position differ")
			}
			for _, w := range c.want {
				if !bytes.Contains(got, []byte(w)) {
					t.Errorf("drawing lacks %q", w)
				}
			}
			golden.Check(t, filepath.Join("testdata", c.name+".dot"), got)
		})
	}
}

// needDot returns the path of Graphviz's dot, skipping the test when it is missing,
// except on CI (CI=true), where it must be installed.
func needDot(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("dot"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("Graphviz's dot is not installed, and CI=true: .ci/run must install graphviz")
		}
		t.Skip("Graphviz's dot is not installed: rendering not tested")
	}
}

// TestRenderGolden renders every golden DOT file with dot, so that invalid DOT fails.
func TestRenderGolden(t *testing.T) {
	needDot(t)
	files, err := filepath.Glob(filepath.Join("testdata", "*.dot"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden DOT files (%v)", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			svg, err := Render(context.Background(), src, "svg")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("</svg>")) {
				t.Errorf("dot's output is not an SVG document: %.200s", svg)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	if _, err := Render(context.Background(), []byte("digraph {}"), "pdf"); err == nil || !strings.Contains(err.Error(), "want svg or png") {
		t.Errorf("format pdf: got %v", err)
	}
	t.Run("no dot", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		if _, err := Render(context.Background(), []byte("digraph {}"), "svg"); !errors.Is(err, ErrNoDot) {
			t.Errorf("without dot on the PATH: got %v, want ErrNoDot", err)
		}
	})
	t.Run("invalid DOT", func(t *testing.T) {
		needDot(t)
		_, err := Render(context.Background(), []byte("digraph { a -> }"), "svg")
		if err == nil || !strings.Contains(err.Error(), "dot -Tsvg") {
			t.Errorf("invalid DOT: got %v", err)
		}
	})
	t.Run("png", func(t *testing.T) {
		needDot(t)
		png, err := Render(context.Background(), []byte("digraph { a -> b }"), "png")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("not a PNG: % x", png[:min(8, len(png))])
		}
	})
}

func TestViewErrors(t *testing.T) {
	stacks := readStacks(t, "cycle2.stacks")
	flat, err := board.New("row", []board.Tile{{ID: 0, X: 0, Group: "a"}, {ID: 1, X: 2, Group: "a"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	noRole, err := board.New("r", []board.Tile{{ID: 0, Group: "a", Z: 1}, {ID: 1, Group: "a"}},
		[]byte(`{"reduction": {"groups": {"b": {"role": "x"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	badKey, err := board.New("r", []board.Tile{{ID: 0, Group: "a", Z: 1}, {ID: 1, Group: "a"}},
		[]byte(`{"reduction": {"groups": {"a": {"role": "x"}}, "SAT_x": 0, "SAT_y": 7}}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		b    *board.Board
		view View
		want string
	}{
		{"groups needs stacks", flat, ViewGroups, "needs a board of isolated stacks"},
		{"gadgets needs meta", stacks, ViewGadgets, `its meta has no "reduction"`},
		{"gadgets needs every role", noRole, ViewGadgets, `no role for group "a"`},
		{"gadgets checks key tiles", badKey, ViewGadgets, "meta.reduction.SAT_y: no tile with id 7"},
		{"unknown view", stacks, "layers", `unknown view "layers"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Draw(c.b.NewState(), c.view)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
	if _, err := ParseView("gadget"); err == nil {
		t.Error("ParseView accepted gadget")
	}
}

func TestPosition(t *testing.T) {
	b := readStacks(t, "height3.stacks")
	p := readPlay(t, "height3.play.json")
	cases := []struct {
		name   string
		play   *board.Play
		upto   int
		remain int
		err    string
	}{
		{"no play", nil, -1, 10, ""},
		{"all moves", p, -1, 0, ""},
		{"upto 0", p, 0, 10, ""},
		{"upto 3", p, 3, 4, ""},
		{"upto beyond", p, 6, 0, "the play has 5 moves, fewer than 6"},
		{"upto without play", nil, 2, 0, "no play given"},
		{"partial of an unsolvable verdict", &board.Play{Status: "unsolvable", Moves: [][2]int{{3, 6}}}, -1, 8, ""},
		{"illegal move", &board.Play{Solvable: true, Moves: [][2]int{{3, 6}, {1, 5}}}, -1, 0, "move 2 [1, 5]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Position(b, c.play, c.upto)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %v, want an error containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Remaining() != c.remain {
				t.Errorf("%d tiles remain, want %d", s.Remaining(), c.remain)
			}
		})
	}
}
