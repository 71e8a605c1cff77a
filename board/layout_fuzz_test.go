package board_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// FuzzReadLayout feeds arbitrary bytes to ReadLayout (all four formats, chosen by the
// first byte). It must never panic; a layout it accepts must respect the limits, have no
// two positions overlapping on a level (checked here pairwise, independently of the
// reader's index), survive a round trip through the Xmahjongg text, and deal (when
// even) into the board New builds from the dealt tiles. The seed corpus
// is in testdata/fuzz/FuzzReadLayout.
func FuzzReadLayout(f *testing.F) {
	f.Add([]byte("0 2 0\n0 4 0\n"))
	f.Add([]byte(kyodai([3]int{0, 0, 0}, [3]int{1, 0, 1})))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := board.ReadLayout(strings.NewReader(string(data)), "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		if l.Len() == 0 || l.Len() > board.MaxTiles {
			t.Fatalf("accepted %d tiles", l.Len())
		}
		if l.Len() > 2000 {
			return // up to MaxTiles is legal, but the checks below are quadratic or slow
		}
		{
			for i, p := range l.Pos {
				if p.X < -board.MaxCoord || p.X > board.MaxCoord || p.Y < -board.MaxCoord || p.Y > board.MaxCoord || p.Z < 0 || p.Z > board.MaxLevel {
					t.Fatalf("position %v beyond the limits", p)
				}
				for _, q := range l.Pos[:i] {
					if p.Z == q.Z && p.X-q.X < 2 && q.X-p.X < 2 && p.Y-q.Y < 2 && q.Y-p.Y < 2 {
						t.Fatalf("accepted overlapping %v and %v", q, p)
					}
				}
			}
		}
		var sb strings.Builder
		if err := l.WriteXmahjongg(&sb); err != nil {
			t.Fatal(err)
		}
		back, err := board.ReadLayout(strings.NewReader(sb.String()), "again")
		if err != nil {
			t.Fatalf("re-reading the written layout: %v", err)
		}
		if !reflect.DeepEqual(back.Pos, l.Pos) {
			t.Fatalf("round trip changed the positions")
		}
		if l.Len()%2 == 0 {
			// The deal shares the relations its Dealer built once: they must be those
			// New builds for its tiles.
			b, err := board.Deal(l, 1)
			if err != nil {
				t.Fatalf("deal of an accepted layout: %v", err)
			}
			want, err := board.New(b.Name, b.Tiles, b.Meta)
			if err != nil {
				t.Fatalf("New on the deal's tiles: %v", err)
			}
			if diff := sameBoard(b, want); diff != "" {
				t.Fatalf("deal against New: %s", diff)
			}
		}
	})
}

// FuzzReadGnomeMaps feeds arbitrary bytes to the GNOME map reader (many maps a file):
// it must never panic, its errors are one line, and every map it accepts has positions
// within the limits.
func FuzzReadGnomeMaps(f *testing.F) {
	f.Add([]byte(`<mahjongg><map name="a"><tile x="0" y="0" z="0"/><tile x="2" y="0" z="0"/></map></mahjongg>`))
	f.Add([]byte(`<mahjongg><map name="b"><layer z="1"><row left="0" right="4" y="0"/></layer></map></mahjongg>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		maps, err := board.ReadGnomeMaps(strings.NewReader(string(data)), "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		for _, l := range maps {
			if l.Len() > board.MaxTiles {
				t.Fatalf("map %q: %d tiles", l.Name, l.Len())
			}
			for _, p := range l.Pos {
				if p.X < -board.MaxCoord || p.X > board.MaxCoord || p.Y < -board.MaxCoord || p.Y > board.MaxCoord || p.Z < 0 || p.Z > board.MaxLevel {
					t.Fatalf("position %v beyond the limits", p)
				}
			}
		}
	})
}
