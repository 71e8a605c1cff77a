package board

import (
	"slices"
	"testing"
)

// TestOver checks Over on a stair of tiles, each half a tile on from the one under
// it, where a tile lies over those below it without covering all of them.
func TestOver(t *testing.T) {
	var tiles []Tile
	for i := range 4 {
		tiles = append(tiles, Tile{ID: i, X: i, Y: 0, Z: i, Group: "a"})
	}
	b, err := New("stair", tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		t, u int
		want []int
	}{
		{0, 1, []int{0, 1}},       // 1 covers 0
		{0, 3, []int{0, 1, 2, 3}}, // through 1 and 2: 3 does not cover 0
		{1, 3, []int{1, 2, 3}},
		{3, 0, nil}, // 0 lies under 3, not over it
		{2, 2, nil},
	} {
		if got := b.Over(tc.t, tc.u); !slices.Equal(got, tc.want) {
			t.Errorf("Over(%d, %d) = %v, want %v", tc.t, tc.u, got, tc.want)
		}
	}
	if slices.Contains(b.Above(0), 2) {
		t.Fatal("the stair's tile 2 covers tile 0: the test checks no chain")
	}
}
