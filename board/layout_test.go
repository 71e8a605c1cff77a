package board_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/shared"
)

// xmahjonggLevels is the table of the layout README (shared/layouts/README.md): tiles per
// level of each of the 24 Xmahjongg 3.7 layouts, counted there by an independent script.
var xmahjonggLevels = map[string][]int{
	"arena":      {63, 41, 24, 12, 4},
	"arrow":      {69, 50, 25},
	"boar":       {65, 43, 28, 8},
	"bridge":     {49, 41, 32, 19, 2, 1},
	"ceremonial": {69, 62, 12, 1},
	"deepwell":   {56, 32, 32, 12, 12},
	"default":    {87, 36, 16, 4, 1},
	"dog":        {62, 47, 29, 6},
	"dragon":     {60, 54, 25, 5},
	"farandole":  {68, 62, 14},
	"hare":       {59, 44, 26, 11, 4},
	"horse":      {62, 49, 27, 6},
	"hourglass":  {74, 40, 12, 10, 8},
	"monkey":     {60, 44, 23, 15, 2},
	"ox":         {73, 44, 21, 6},
	"papillon":   {63, 63, 18},
	"ram":        {69, 52, 20, 3},
	"rat":        {64, 49, 24, 6, 1},
	"rooster":    {66, 44, 26, 7, 1},
	"schoon":     {63, 46, 19, 10, 3, 2, 1},
	"snake":      {60, 58, 21, 5},
	"theater":    {77, 47, 20},
	"tiger":      {62, 58, 18, 6},
	"wedges":     {60, 39, 26, 13, 5, 1},
}

// xmahjonggRanges is the README's row and column ranges (dragon shifted by -2 there).
var xmahjonggRanges = map[string][4]int{ // minRow, maxRow, minCol, maxCol
	"default": {0, 14, 0, 28}, "papillon": {0, 16, 0, 32}, "bridge": {0, 14, 1, 27},
	"wedges": {0, 14, 2, 26}, "schoon": {0, 12, 0, 20}, "dragon": {2, 16, 2, 30},
}

func TestReadXmahjonggFiles(t *testing.T) {
	dir := shared.Path(t, "layouts", "xmahjongg")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(xmahjonggLevels) {
		t.Errorf("%d files in %s, the README lists %d", len(entries), dir, len(xmahjonggLevels))
	}
	for _, e := range entries {
		t.Run(e.Name(), func(t *testing.T) {
			l, err := board.ReadLayoutFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if l.Name != e.Name() || l.Len() != 144 {
				t.Errorf("got %q with %d tiles, want %q with 144", l.Name, l.Len(), e.Name())
			}
			if want := xmahjonggLevels[e.Name()]; !reflect.DeepEqual(l.Levels(), want) {
				t.Errorf("tiles per level %v, want %v", l.Levels(), want)
			}
			if want, ok := xmahjonggRanges[e.Name()]; ok {
				if got := ranges(l); got != want {
					t.Errorf("rows %d–%d cols %d–%d, want %v", got[0], got[1], got[2], got[3], want)
				}
			}
			// board.New checks overlaps independently of the layout reader.
			if _, err := board.Deal(l, 1); err != nil {
				t.Errorf("deal: %v", err)
			}
		})
	}
}

func ranges(l board.Layout) [4]int {
	r := [4]int{l.Pos[0].Y, l.Pos[0].Y, l.Pos[0].X, l.Pos[0].X}
	for _, p := range l.Pos {
		r = [4]int{min(r[0], p.Y), max(r[1], p.Y), min(r[2], p.X), max(r[3], p.X)}
	}
	return r
}

func readShared(t *testing.T, elem ...string) board.Layout {
	t.Helper()
	l, err := board.ReadLayoutFile(shared.Path(t, elem...))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func gnomeMaps(t *testing.T) []board.Layout {
	t.Helper()
	maps, err := board.ReadGnomeMapsFile(shared.Path(t, "layouts", "gnome-mahjongg", "mahjongg.map"))
	if err != nil {
		t.Fatal(err)
	}
	return maps
}

func gnomeMap(t *testing.T, name string) board.Layout {
	t.Helper()
	for _, m := range gnomeMaps(t) {
		if m.Name == name {
			return m
		}
	}
	t.Fatalf("no GNOME map %q", name)
	return board.Layout{}
}

func TestGnomeMaps(t *testing.T) {
	maps := gnomeMaps(t)
	want := []string{"Turtle", "The Ziggurat", "Four Bridges", "Cloud", "Tic-Tac-Toe", "Red Dragon",
		"Overpass", "Pyramid's Walls", "Confounding Cross", "Taipei"}
	var got []string
	for _, m := range maps {
		got = append(got, m.Name)
		if m.Len() != 144 || m.Len()%2 != 0 {
			t.Errorf("map %q: %d tiles, want 144", m.Name, m.Len())
		}
		if _, err := board.Deal(m, 3); err != nil {
			t.Errorf("map %q: deal: %v", m.Name, err)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("maps %q, want %q", got, want)
	}
	if lv := maps[0].Levels(); !reflect.DeepEqual(lv, []int{87, 36, 16, 4, 1}) {
		t.Errorf("Turtle levels %v", lv)
	}
}

// TestSameLayouts checks the equalities the layout README reports between programs.
func TestSameLayouts(t *testing.T) {
	xDefault := readShared(t, "layouts", "xmahjongg", "default")
	kDefault := readShared(t, "layouts", "kmahjongg", "default.layout")
	for _, tc := range []struct {
		name         string
		a, b         board.Layout
		shiftX       int // b = a shifted by shiftX columns, before normalizing
		rawDifferent bool
	}{
		{"kmahjongg default = xmahjongg default +1 column", xDefault, kDefault, 1, true},
		{"GNOME Turtle = xmahjongg default", xDefault, gnomeMap(t, "Turtle"), 0, false},
		{"GNOME Taipei = xmahjongg schoon", readShared(t, "layouts", "xmahjongg", "schoon"), gnomeMap(t, "Taipei"), 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := tc.a.Normalize().Pos, tc.b.Normalize().Pos
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("normalized layouts differ: %d vs %d positions", len(a), len(b))
			}
			// The raw coordinates agree too, after the README's shift.
			shifted := map[board.Pos]bool{}
			for _, p := range tc.a.Pos {
				shifted[board.Pos{X: p.X + tc.shiftX, Y: p.Y, Z: p.Z}] = true
			}
			for _, p := range tc.b.Pos {
				if !shifted[p] {
					t.Fatalf("%v not in the first layout shifted by %d", p, tc.shiftX)
				}
			}
		})
	}
}

func TestNormalizeTranspose(t *testing.T) {
	// Normalize is pure geometry: it does not check overlaps ({4,8,0} overlaps {3,7,0}).
	l := board.Layout{Name: "x", Pos: []board.Pos{{5, 9, 1}, {3, 7, 0}, {7, 7, 0}, {4, 8, 0}}}
	got := l.Normalize()
	want := []board.Pos{{0, 0, 0}, {4, 0, 0}, {1, 1, 0}, {2, 2, 1}}
	if !reflect.DeepEqual(got.Pos, want) {
		t.Errorf("Normalize = %v, want %v", got.Pos, want)
	}
	if l.Pos[0] != (board.Pos{5, 9, 1}) {
		t.Errorf("Normalize changed its receiver")
	}
	tr := l.Transpose()
	if tr.Pos[0] != (board.Pos{9, 5, 1}) || !reflect.DeepEqual(tr.Transpose().Pos, l.Pos) {
		t.Errorf("Transpose = %v", tr.Pos)
	}
}

func TestWriteXmahjonggRoundTrip(t *testing.T) {
	for _, m := range gnomeMaps(t) {
		var sb strings.Builder
		if err := m.WriteXmahjongg(&sb); err != nil {
			t.Fatal(err)
		}
		back, err := board.ReadLayout(strings.NewReader(sb.String()), m.Name)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if !reflect.DeepEqual(back.Pos, m.Pos) {
			t.Errorf("%s: round trip changed the positions", m.Name)
		}
	}
}
