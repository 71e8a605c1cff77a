package board

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// mk builds a board from compact "x,y,z,group" specs; ids are the spec indices.
func mk(t *testing.T, specs ...string) *Board {
	t.Helper()
	var tiles []Tile
	for i, s := range specs {
		var x, y, z int
		var g string
		if _, err := fmt.Sscanf(strings.ReplaceAll(s, ",", " "), "%d %d %d %s", &x, &y, &z, &g); err != nil {
			t.Fatalf("spec %q: %v", s, err)
		}
		tiles = append(tiles, Tile{ID: i, X: x, Y: y, Z: z, Group: g})
	}
	b, err := New("test", tiles, nil)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return b
}

func TestPlayableRules(t *testing.T) {
	tests := []struct {
		name     string
		reason   string
		tiles    []string
		playable []int // ids playable initially; all others are not
	}{
		{"lone tile", "no cover, no neighbours",
			[]string{"0,0,0,a", "10,0,0,a"}, []int{0, 1}},
		{"full cover", "a tile exactly on top covers",
			[]string{"0,0,0,a", "0,0,1,a"}, []int{1}},
		{"half cover in x", "a tile shifted by one half in x still covers",
			[]string{"0,0,0,a", "1,0,1,a"}, []int{1}},
		{"half cover in y", "shifted by a half in y covers too",
			[]string{"0,0,0,a", "0,1,1,a"}, []int{1}},
		{"quarter cover", "a half in both x and y still overlaps one cell",
			[]string{"0,0,0,a", "1,1,1,a"}, []int{1}},
		{"no cover at distance two", "dx = 2 on a higher level does not overlap",
			[]string{"0,0,0,a", "2,0,1,a"}, []int{0, 1}},
		{"cover from two levels up", "any higher level counts, not only z+1",
			[]string{"0,0,0,a", "0,0,2,a"}, []int{1}},
		{"right neighbour only", "one side free is enough",
			[]string{"0,0,0,a", "2,0,0,a"}, []int{0, 1}},
		{"neighbours both sides", "the middle of a row of three is blocked",
			[]string{"0,0,0,a", "2,0,0,b", "4,0,0,a", "20,0,0,b"}, []int{0, 2, 3}},
		{"half offset neighbour in y", "|dy| = 1 still touches",
			[]string{"0,1,0,a", "2,0,0,b", "4,1,0,a", "20,0,0,b"}, []int{0, 2, 3}},
		{"offset of two in y", "dy = 2 does not touch",
			[]string{"0,2,0,a", "2,0,0,b", "4,2,0,a", "20,0,0,b"}, []int{0, 1, 2, 3}},
		{"neighbour on another level", "only the same level blocks sideways",
			[]string{"0,0,1,a", "2,0,0,b", "4,0,1,a", "20,0,0,b"}, []int{0, 1, 2, 3}},
		{"two left neighbours", "a tile with half-offset neighbours above and below on one side",
			[]string{"0,0,0,a", "0,2,0,b", "2,1,0,a", "4,1,0,b"}, []int{0, 1, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mk(t, tc.tiles...)
			want := map[int]bool{}
			for _, id := range tc.playable {
				want[id] = true
			}
			for i := range b.Tiles {
				if got := b.Playable(i, nil); got != want[b.Tiles[i].ID] {
					t.Errorf("tile %d playable = %v, want %v (%s)", b.Tiles[i].ID, got, !got, tc.reason)
				}
			}
		})
	}
}

func TestPlayableAfterRemoval(t *testing.T) {
	// a b a in a row, with a b on top of the left a.
	b := mk(t, "0,0,0,a", "2,0,0,b", "4,0,0,a", "0,0,1,b")
	s := b.NewState()
	if s.Playable(0) {
		t.Fatal("tile 0 is covered")
	}
	if err := s.Remove(1, 3); err == nil {
		t.Fatal("removing the blocked middle tile must fail")
	}
	if err := s.Remove(0, 2); err == nil {
		t.Fatal("tile 0 is covered: the move must fail")
	}
	// b on top (3) and b in the middle (1): the middle is blocked on both sides.
	err := s.Check(3, 1)
	if err == nil || !strings.Contains(err.Error(), "blocked on the left by tile 0 and on the right by tile 2") {
		t.Fatalf("Check(3,1) = %v", err)
	}
	b2 := mk(t, "0,0,0,a", "2,0,0,b", "4,0,0,a", "0,0,1,b", "10,0,0,b", "12,0,0,b")
	s = b2.NewState()
	for _, m := range [][2]int{{3, 4}, {0, 2}, {1, 5}} {
		if err := s.Remove(m[0], m[1]); err != nil {
			t.Fatalf("move %v: %v", m, err)
		}
	}
	if !s.Done() {
		t.Fatalf("%d tiles remain", s.Remaining())
	}
}

func TestReplayErrors(t *testing.T) {
	// Four stacks of height 2: a/b, b/a, a/b, b/a (top first); ids 0..7 top first.
	b, err := ParseStacks([]byte("a b\nb a\na b\nb a\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		play Play
		move int    // 0-based index of the illegal move, -1 for a non-move error, -2 for valid
		want string // substring of the error
	}{
		{"valid", Play{Solvable: true, Moves: [][2]int{{0, 4}, {1, 5}, {2, 6}, {3, 7}}}, -2, ""},
		{"unknown id", Play{Solvable: true, Moves: [][2]int{{0, 60}}}, 0, "no tile with id 60"},
		{"self pair", Play{Solvable: true, Moves: [][2]int{{0, 0}}}, 0, "paired with itself"},
		{"different groups", Play{Solvable: true, Moves: [][2]int{{0, 2}}}, 0, "different groups"},
		{"covered", Play{Solvable: true, Moves: [][2]int{{0, 4}, {3, 7}}}, 1, "tile 3 is not playable: covered by tile 2"},
		{"already removed", Play{Solvable: true, Moves: [][2]int{{0, 4}, {0, 4}}}, 1, "tile 0 is not playable: already removed"},
		{"not cleared", Play{Solvable: true, Moves: [][2]int{{0, 4}}}, -1, "6 tiles remain"},
		{"status claims a win", Play{Status: "solvable", Moves: [][2]int{{0, 4}}}, -1, "claims a win"},
		{"no claim, not cleared", Play{Moves: [][2]int{{0, 4}}}, -2, ""},
		{"unsolvable with legal moves", Play{Status: "unsolvable", Moves: [][2]int{{0, 4}}}, -2, ""},
		{"unknown with an illegal move", Play{Status: "unknown", Moves: [][2]int{{0, 4}, {4, 0}}}, 1, "already removed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := b.Replay(&tc.play)
			if tc.move == -2 {
				if err != nil {
					t.Fatalf("Replay = %v, want valid", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Replay = %v, want error containing %q", err, tc.want)
			}
			var me *MoveError
			if errors.As(err, &me) != (tc.move >= 0) {
				t.Fatalf("error %v: MoveError = %v, want %v", err, !(tc.move >= 0), tc.move >= 0)
			}
			if tc.move >= 0 && me.Move != tc.move {
				t.Fatalf("MoveError.Move = %d, want %d", me.Move, tc.move)
			}
		})
	}
}

func TestNewRejects(t *testing.T) {
	tests := []struct {
		name  string
		tiles []Tile
		want  string
	}{
		{"duplicate id", []Tile{{0, 0, 0, 0, "a"}, {0, 4, 0, 0, "a"}}, "tiles[1]: duplicate id 0"},
		{"negative id", []Tile{{-1, 0, 0, 0, "a"}, {1, 4, 0, 0, "a"}}, "negative id"},
		{"empty group", []Tile{{0, 0, 0, 0, ""}, {1, 4, 0, 0, ""}}, "empty group"},
		{"odd group", []Tile{{0, 0, 0, 0, "a"}, {1, 4, 0, 0, "a"}, {2, 8, 0, 0, "a"}}, "group \"a\" has 3 tiles"},
		{"same cell", []Tile{{0, 0, 0, 0, "a"}, {1, 0, 0, 0, "a"}}, "overlaps"},
		{"half overlap", []Tile{{0, 0, 0, 0, "a"}, {1, 1, 1, 0, "a"}}, "tiles[1] (id 1) at (1,1,0) overlaps tiles[0] (id 0) at (0,0,0)"},
		{"negative level", []Tile{{0, 0, 0, -1, "a"}, {1, 4, 0, 0, "a"}}, "level -1"},
		{"absurd x", []Tile{{0, MaxCoord + 1, 0, 0, "a"}, {1, 4, 0, 0, "a"}}, "beyond"},
		{"absurd level", []Tile{{0, 0, 0, MaxLevel + 1, "a"}, {1, 4, 0, 0, "a"}}, "level"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New("t", tc.tiles, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New = %v, want error containing %q", err, tc.want)
			}
		})
	}
}

func TestRelationsMatchDefinition(t *testing.T) {
	for _, far := range []bool{false, true} {
		t.Run(fmt.Sprint("far=", far), func(t *testing.T) { relationsMatchDefinition(t, far) })
	}
}

func relationsMatchDefinition(t *testing.T, far bool) {
	// A dense, irregular board: check the indexed relations against the all-pairs
	// definition of board-format.md.
	tiles := denseTiles(12345, 400, 40, 40, 4)
	// A second copy far away makes the bounding box huge: that takes the map index
	// instead of the dense grid. Both must give the definition's relations.
	if far {
		for _, u := range tiles[:len(tiles):len(tiles)] {
			u.ID, u.X, u.Y, u.Group = u.ID+1, u.X+500000, u.Y-300000, u.Group+"'"
			tiles = append(tiles, u)
		}
	}
	b, err := New("dense", tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	abs := func(a int) int {
		if a < 0 {
			return -a
		}
		return a
	}
	for i, a := range tiles {
		var above, left, right []int
		for j, c := range tiles {
			if j == i {
				continue
			}
			if c.Z > a.Z && abs(c.X-a.X) < 2 && abs(c.Y-a.Y) < 2 {
				above = append(above, j)
			}
			if c.Z == a.Z && abs(c.Y-a.Y) < 2 && c.X == a.X-2 {
				left = append(left, j)
			}
			if c.Z == a.Z && abs(c.Y-a.Y) < 2 && c.X == a.X+2 {
				right = append(right, j)
			}
		}
		if fmt.Sprint(above) != fmt.Sprint(b.Above(i)) || fmt.Sprint(left) != fmt.Sprint(b.Left(i)) || fmt.Sprint(right) != fmt.Sprint(b.Right(i)) {
			t.Fatalf("tile %d: above %v left %v right %v, want %v %v %v", i, b.Above(i), b.Left(i), b.Right(i), above, left, right)
		}
	}
}

func TestStacks(t *testing.T) {
	b, err := ParseStacks([]byte("a a b\n\n# comment\nb b a # trailing\nb a\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	st, ok := b.Stacks()
	if !ok || fmt.Sprint(st) != "[[0 1 2] [3 4 5] [6 7]]" {
		t.Fatalf("Stacks = %v, %v", st, ok)
	}
	row := mk(t, "0,0,0,a", "2,0,0,a")
	if _, ok := row.Stacks(); ok {
		t.Fatal("touching tiles are not isolated stacks")
	}
	gap := mk(t, "0,0,0,a", "0,0,2,a")
	if _, ok := gap.Stacks(); ok {
		t.Fatal("a column with a missing level is not a stack")
	}
}

// TestIndex checks Index and ID on boards whose ids are their indices (no map) and on
// boards numbered otherwise (a map), against a search through Tiles.
func TestIndex(t *testing.T) {
	tiles := func(ids ...int) []Tile {
		var out []Tile
		for i, id := range ids {
			out = append(out, Tile{ID: id, X: 2 * i, Group: "g"})
		}
		return out
	}
	tests := []struct {
		name string
		ids  []int
	}{
		{"ids are indices", []int{0, 1, 2, 3}},
		{"permuted", []int{2, 0, 3, 1}},
		{"gaps", []int{0, 1, 5, 9}},
		{"indices but one", []int{0, 1, 2, 4}},
		{"none", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := New(tc.name, tiles(tc.ids...), nil)
			if err != nil {
				t.Fatal(err)
			}
			for id := -2; id < 12; id++ {
				want, wantOK := 0, false
				for i, tl := range b.Tiles {
					if tl.ID == id {
						want, wantOK = i, true
					}
				}
				if got, ok := b.Index(id); got != want || ok != wantOK {
					t.Errorf("Index(%d) = %d, %v; want %d, %v", id, got, ok, want, wantOK)
				}
			}
			for i, tl := range b.Tiles {
				if got := b.ID(i); got != tl.ID {
					t.Errorf("ID(%d) = %d, want %d", i, got, tl.ID)
				}
			}
		})
	}
}

// TestRelationsKey: the deals of one Dealer share their relations' key; boards built
// apart, even at the same positions, do not.
func TestRelationsKey(t *testing.T) {
	l := Layout{Name: "row", Pos: []Pos{{X: 0, Y: 0, Z: 0}, {X: 2, Y: 0, Z: 0}, {X: 4, Y: 0, Z: 0}, {X: 6, Y: 0, Z: 0}}}
	d, err := NewDealer(l)
	if err != nil {
		t.Fatal(err)
	}
	a, b := d.Deal(1), d.Deal(2)
	if a.RelationsKey() == nil || a.RelationsKey() != b.RelationsKey() {
		t.Errorf("two deals of one Dealer: keys %v and %v, want one non-nil key", a.RelationsKey(), b.RelationsKey())
	}
	c, err := Deal(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.RelationsKey() == a.RelationsKey() {
		t.Error("a deal of another Dealer shares the key")
	}
	e, err := New("empty", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.RelationsKey() != nil {
		t.Errorf("a board without tiles: key %v, want nil", e.RelationsKey())
	}
}

// TestPlayableSaysWhyBlocked: Playable, which the checks of a play call first, and
// whyBlocked, which words the reason, agree on every tile of random positions of a
// dense board (tiles removed at random, playable or not).
func TestPlayableSaysWhyBlocked(t *testing.T) {
	tiles := denseTiles(777, 300, 24, 16, 5)
	r := uint64(778)
	next := func(n int) int { r = r*6364136223846793005 + 1442695040888963407; return int((r >> 33) % uint64(n)) }
	b, err := New("dense", tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	playable := 0
	for round := 0; round < 50; round++ {
		var gone []bool
		if round > 0 {
			gone = make([]bool, b.N())
			for i := range gone {
				gone[i] = next(100) < 2*round
			}
		}
		for i := range b.N() {
			p, why := b.Playable(i, gone), b.whyBlocked(i, gone)
			if p != (why == "") {
				t.Fatalf("round %d, tile %d: Playable %v, whyBlocked %q", round, i, p, why)
			}
			if p {
				playable++
			}
		}
	}
	if playable == 0 || playable == 50*b.N() {
		t.Fatalf("%d playable of %d: the positions test nothing", playable, 50*b.N())
	}
}

// denseTiles returns n tiles at random positions in a w×h×levels box, none
// overlapping another on its level, in groups of four, tile i with id 3i: a dense,
// irregular board, the same for the same seed.
func denseTiles(seed uint64, n, w, h, levels int) []Tile {
	var tiles []Tile
	r := seed
	next := func(n int) int { r = r*6364136223846793005 + 1442695040888963407; return int((r >> 33) % uint64(n)) }
	occupied := map[[3]int]bool{}
	for len(tiles) < n {
		x, y, z := next(w), next(h), next(levels)
		ok := true
		for dx := -1; dx <= 1 && ok; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if occupied[[3]int{x + dx, y + dy, z}] {
					ok = false
					break
				}
			}
		}
		if !ok {
			continue
		}
		occupied[[3]int{x, y, z}] = true
		tiles = append(tiles, Tile{ID: len(tiles) * 3, X: x, Y: y, Z: z, Group: fmt.Sprint(len(tiles) / 4)})
	}
	return tiles
}
