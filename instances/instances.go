// Package instances holds mjsat's own built-in data: the classic turtle layout and a few
// small example boards for demonstrations and tests.
//
// The turtle is written here from the level-by-level drawing of the standard 144-tile
// configuration in the LLF Mahjongg notes (shared seed 000); it is mjsat's own data, not
// a copy of any program's layout file, and it equals Xmahjongg's "default", KMahjongg's
// default.layout and GNOME Mahjongg's "Turtle" up to translation (checked in the tests
// against those files). Layouts of other programs are read at run time with
// [board.ReadLayout]; this package does not ship them.
package instances

import (
	"bytes"
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
)

// span is a run of tiles on one level, in half-tile units: y, and x from x0 to x1 in
// steps of 2 (one tile width), inclusive.
type span struct{ z, y, x0, x1 int }

// turtle is the drawing of shared seed 000, level by level (its "Level 1" is z = 0). In
// tile units the bottom level has rows of 12, 8, 10, 12, 12, 10, 8, 12 tiles starting at
// columns 1, 3, 2, 1, 1, 2, 3, 1, one tile left of rows 3–4 and two right of them, half a
// tile lower (y = 3.5); each higher level is a centred square block, 6×6, 4×4, 2×2, and
// the top tile sits at the centre of the 2×2 block (6.5, 3.5). Doubled here.
var turtle = []span{
	{0, 0, 2, 24}, {0, 2, 6, 20}, {0, 4, 4, 22}, {0, 6, 2, 24},
	{0, 8, 2, 24}, {0, 10, 4, 22}, {0, 12, 6, 20}, {0, 14, 2, 24},
	{0, 7, 0, 0}, {0, 7, 26, 28}, // the half-offset tiles at both ends
	{1, 2, 8, 18}, {1, 4, 8, 18}, {1, 6, 8, 18}, {1, 8, 8, 18}, {1, 10, 8, 18}, {1, 12, 8, 18},
	{2, 4, 10, 16}, {2, 6, 10, 16}, {2, 8, 10, 16}, {2, 10, 10, 16},
	{3, 6, 12, 14}, {3, 8, 12, 14},
	{4, 7, 13, 13},
}

// Turtle returns the classic 144-tile turtle layout ("turtle"): 87, 36, 16, 4 and 1
// tiles on levels 0 to 4, positions in (z, y, x) order, min x = min y = 0.
func Turtle() board.Layout {
	l := board.Layout{Name: "turtle"}
	for _, s := range turtle {
		for x := s.x0; x <= s.x1; x += 2 {
			l.Pos = append(l.Pos, board.Pos{X: x, Y: s.y, Z: s.z})
		}
	}
	return l.Normalize()
}

// layouts maps every accepted layout name to its constructor.
var layouts = map[string]func() board.Layout{
	"turtle":  Turtle,
	"default": Turtle, // Xmahjongg's name for it
}

// Names returns the accepted layout names, sorted ("default" is an alias of "turtle").
func Names() []string {
	names := make([]string, 0, len(layouts))
	for n := range layouts {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Layout returns the built-in layout called name (see [Names]). The layout's Name is the
// canonical name, so "default" gives a layout named "turtle".
func Layout(name string) (board.Layout, error) {
	f, ok := layouts[name]
	if !ok {
		return board.Layout{}, fmt.Errorf("no built-in layout %q (have %s)", name, strings.Join(Names(), ", "))
	}
	return f(), nil
}

//go:embed examples/*.stacks examples/*.cnf
var examples embed.FS

// ExampleNames returns the names of the example boards, sorted.
func ExampleNames() []string { return exampleNames(".stacks") }

// FormulaNames returns the names of the example formulas, sorted.
func FormulaNames() []string { return exampleNames(".cnf") }

// exampleNames returns the names of the embedded examples whose files end in ext,
// without it, sorted (ReadDir sorts).
func exampleNames(ext string) []string {
	entries, _ := examples.ReadDir("examples") // embedded: cannot fail
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ext); ok {
			names = append(names, name)
		}
	}
	return names
}

// Formula returns the DIMACS text of the example formula called name:
//
//   - "small": a satisfiable formula of 3 variables and 4 clauses;
//   - "unsat": the four 2-clauses over 2 variables, unsatisfiable.
func Formula(name string) ([]byte, error) {
	data, err := examples.ReadFile("examples/" + name + ".cnf")
	if err != nil {
		return nil, fmt.Errorf("no example formula %q (have %s)", name, strings.Join(FormulaNames(), ", "))
	}
	return data, nil
}

// ExampleFormula returns the example formula called name (see Formula), parsed.
func ExampleFormula(name string) (*cnf.Formula, error) {
	data, err := Formula(name)
	if err != nil {
		return nil, err
	}
	return cnf.Read(bytes.NewReader(data), "example:"+name)
}

// Example returns the example board called name, parsed from its embedded stacks text:
//
//   - "blocked-cycle": two stacks of height 2, "a b" and "b a"; each group's free tile
//     waits for the other group's, so the board is unsolvable (a blocked cycle of length 2).
//   - "three-stacks": three stacks of height 2 that are solvable by playing the a's, then
//     the c's, then the b's.
func Example(name string) (*board.Board, error) {
	data, err := examples.ReadFile("examples/" + name + ".stacks")
	if err != nil {
		return nil, fmt.Errorf("no example board %q (have %s)", name, strings.Join(ExampleNames(), ", "))
	}
	return board.ParseStacks(data, name)
}
