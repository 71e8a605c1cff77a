package board_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// kyodai builds a Kyodai file with tiles at the given (level, row, col) cells.
func kyodai(cells ...[3]int) string {
	grid := []byte(strings.Repeat("0", 5*20*34))
	for _, c := range cells {
		grid[c[0]*20*34+c[1]*34+c[2]] = '1'
	}
	return "Kyodai 3.0\r\nTest\r\n" + string(grid) + "\r\n"
}

func TestReadLayoutFormats(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []board.Pos
	}{
		{"xmahjongg", "# c\n0 2 0\n\t 2  4\t1  \n", []board.Pos{{2, 0, 0}, {4, 2, 1}}},
		{"xmahjongg CRLF, comment after data, text lines", "row col lev\r\n1 3 0 # a tile\r\nfoo 1 2 3\r\n# \xc5\x91\r\n", []board.Pos{{3, 1, 0}}},
		{"xmahjongg negative", "-2 -4 0\n", []board.Pos{{-4, -2, 0}}},
		{"kyodai", kyodai([3]int{0, 2, 3}, [3]int{1, 2, 4}), []board.Pos{{3, 2, 0}, {4, 2, 1}}},
		{"kmahjongg v1.1", "kmahjongg-layout-v1.1\n# c\nw4\nh2\nd2\n.12.\n.43.\n12..\n43..\n", []board.Pos{{1, 0, 0}, {0, 0, 1}}},
		{"kmahjongg v1.0 (32x16x5)", "kmahjongg-layout-v1.0\n" + "1" + strings.Repeat(".", 32*16*5-1) + "\n", []board.Pos{{0, 0, 0}}},
		{"gnome single map", `<mahjongg><map name="m"><row y="0.5" left="0" right="1" z="2"/></map></mahjongg>`, []board.Pos{{0, 1, 2}, {2, 1, 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := board.ReadLayout(strings.NewReader(tc.in), "t")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(l.Pos, tc.want) {
				t.Errorf("got %v, want %v", l.Pos, tc.want)
			}
		})
	}
}

func TestGnomeElements(t *testing.T) {
	in := `<?xml version="1.0"?>
<mahjongg>
 <!-- comment -->
 <map name="A" scorename="a">
  <LAYER z="1"><Tile X="0.5" y="0"/></LAYER>
  <tile x="0" y="3"/>
  <column x="4" top="0" bottom="1"/>
  <block left="6" right="7" top="0" bottom="1" z="3"/>
 </map>
 <map name="B"><tile x="0" y="0"/></map>
</mahjongg>`
	maps, err := board.ParseGnomeMaps([]byte(in), "t.map")
	if err != nil {
		t.Fatal(err)
	}
	want := []board.Layout{
		{Name: "A", Pos: []board.Pos{{1, 0, 1}, {0, 6, 0}, {8, 0, 0}, {8, 2, 0},
			{12, 0, 3}, {12, 2, 3}, {14, 0, 3}, {14, 2, 3}}},
		{Name: "B", Pos: []board.Pos{{0, 0, 0}}}, // odd counts are the deal's business
	}
	if !reflect.DeepEqual(maps, want) {
		t.Errorf("got %v\nwant %v", maps, want)
	}
}

func TestReadLayoutErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string // the whole error, or a prefix ending in "..."
		reason   string
	}{
		{"two integers", "# x\n0 2 0\n4 5\n", `t:3: want three integers "row col lev", got "4 5"`,
			"a line that starts like data must be data"},
		{"non-integer third field", "0 2 x\n", `t:1: want three integers "row col lev", got "0 2 x"`, ""},
		{"fourth field", "0 2 0 7\n", `t:1: unexpected "7" after "row col lev"`, "extra numbers are a typo, not a comment"},
		{"overflow", "0 99999999999999999999 0\n", "t:1: field 2: value out of range", ""},
		{"overlap", "0 0 0\n# c\n1 1 0\n", "t:3: tile at (x 1, y 1, z 0) overlaps the tile of line 1 at (x 0, y 0, z 0)",
			"name both lines"},
		{"same spot", "0 0 1\n0 0 1\n", "t:2: tile at (x 0, y 0, z 1) overlaps the tile of line 1 at (x 0, y 0, z 1)", ""},
		{"huge coordinate", "0 2000000 0\n", "t:1: position (x 2000000, y 0) beyond ±1048576", ""},
		{"negative level", "0 0 -1\n", "t:1: level -1 outside 0..1024", ""},
		{"huge level", "0 0 5000\n", "t:1: level 5000 outside 0..1024", ""},
		{"no tiles", "# only comments\n", "t: no tiles", ""},
		{"empty", "", "t: no tiles", ""},
		{"a board", "{\"format\": \"mahjong-board/1\", \"tiles\": []}", "t: a JSON document (a board?), not a layout (Xmahjongg, Kyodai, KMahjongg or a GNOME map)", ""},
		{"kyodai short", "Kyodai 3.0\nx\n0101\n", "t: Kyodai grid has 4 cells, want 3400 (5 levels × 20 rows × 34 columns)", ""},
		{"kyodai long", kyodai() + "0", "t:4:1: Kyodai grid longer than 3400 cells", ""},
		{"kyodai bad char", "Kyodai 3.0\nx\n0102\n", "t:3:4: unexpected '2' in the Kyodai grid (want '0' or '1')", ""},
		{"kyodai overlap", kyodai([3]int{0, 0, 0}, [3]int{0, 0, 1}), "t:3:2: tile at (x 1, y 0, z 0) overlaps the tile of line 3:1 at (x 0, y 0, z 0)", ""},
		{"kyodai no title", "Kyodai", "t: Kyodai layout without a title line", ""},
		{"K but not Kyodai", "Kmahjongg\n", `t:1: not a Kyodai layout (first line must start with "Kyodai")`, ""},
		{"kmahjongg magic", "kmahjongg-layout-v2\n", `t:1: not a KMahjongg layout (first line "kmahjongg-layout-v2", want "kmahjongg-layout-v1.0" or "kmahjongg-layout-v1.1")`, ""},
		{"kmahjongg size", "kmahjongg-layout-v1.1\nw2\nh2\nd1\n1.\n", "t: grid has 2 cells, want w·h·d = 2×2×1 = 4", ""},
		{"kmahjongg long", "kmahjongg-layout-v1.1\nw2\nh1\nd1\n1..\n", "t:5:3: grid longer than w·h·d = 2×1×1 cells", ""},
		{"kmahjongg zero width", "kmahjongg-layout-v1.1\nw0\n", `t:2: header "w0": want 1..1048576`, ""},
		{"kmahjongg absurd", "kmahjongg-layout-v1.1\nw1000000\nh1000000\nd1000\n", "t: grid of 1000000 × 1000000 × 1000 cells is larger than the file limit", "no allocation of w·h·d"},
		{"kmahjongg repeated header", "kmahjongg-layout-v1.1\nw2\nw2\n", `t:3: header 'w' given twice`, ""},
		{"kmahjongg overlap", "kmahjongg-layout-v1.1\nw4\nh1\nd1\n11..\n", "t:5:2: tile at (x 1, y 0, z 0) overlaps the tile of line 5:1 at (x 0, y 0, z 0)", ""},
		{"gnome two maps", `<mahjongg><map name="a"><tile/></map><map name="b"><tile/></map></mahjongg>`, `t: GNOME map file with 2 maps ("a", "b"): choose one`, ""},
		{"gnome quarter", `<mahjongg><map name="a"><tile x="0.25"/></map></mahjongg>`, `t:1: <tile x="0.25">: want a multiple of 0.5 within ±524288`, ""},
		{"gnome bad number", `<mahjongg><map name="a"><tile x="one"/></map></mahjongg>`, `t:1: <tile x="one">: not a number`, ""},
		{"gnome NaN", `<mahjongg><map name="a"><tile x="NaN"/></map></mahjongg>`, `t:1: <tile x="NaN">: not a number`, ""},
		{"gnome fractional z", "<mahjongg>\n<map name=\"a\">\n<tile z=\"1.5\"/></map></mahjongg>", `t:3: <tile z="1.5">: want an integer level 0..1024`, ""},
		{"gnome huge block", `<mahjongg><map name="a"><block left="0" right="100000" top="0" bottom="100000"/></map></mahjongg>`, `t:1: map "a": more than 1048576 tiles`, "checked before expanding"},
		{"gnome overlap", "<mahjongg><map name=\"a\">\n<tile x=\"0\"/>\n<tile x=\"0.5\"/></map></mahjongg>", `map "a": t:3: tile at (x 1, y 0, z 0) overlaps the tile of line 2 at (x 0, y 0, z 0)`, ""},
		{"gnome unknown element", `<mahjongg><map name="a"><tiles/></map></mahjongg>`, `t:1: unknown element <tiles> in map "a"`, ""},
		{"gnome no name", `<mahjongg><map><tile/></map></mahjongg>`, `t:1: <map> without a name`, ""},
		{"gnome empty map", `<mahjongg><map name="a"></map></mahjongg>`, `t:1: map "a" has no tiles`, ""},
		{"gnome tile outside map", `<mahjongg><tile/></mahjongg>`, `t:1: <tile> outside a <map>`, ""},
		{"gnome unclosed", `<mahjongg><map name="a"><tile/>`, `t:1: unexpected EOF`, ""},
		{"gnome no maps", `<mahjongg></mahjongg>`, `t: no <map> elements`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := board.ReadLayout(strings.NewReader(tc.in), "t")
			if err == nil {
				t.Fatalf("no error; read %d tiles (%s)", l.Len(), tc.reason)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n  %s\nwant\n  %s", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines")
			}
		})
	}
}
