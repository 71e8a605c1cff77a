package testboards

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// TestStairs checks that the boards are valid, of n tiles in groups of two and four,
// and that some tile lies over another without covering it (the point of them).
func TestStairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	stairs := 0
	for range 100 {
		n := 2 * (4 + rng.IntN(8))
		b := Stairs(rng, n)
		if b.N() != n {
			t.Fatalf("%d tiles, want %d", b.N(), n)
		}
		for g := range b.NumGroups() {
			if k := len(b.Members(g)); k != 2 && k != 4 {
				t.Fatalf("group %s has %d tiles", b.GroupName(g), k)
			}
		}
		for i := range b.N() {
			for _, j := range b.Above(i) {
				for _, k := range b.Above(j) {
					if !slices.Contains(b.Above(i), k) {
						stairs++
					}
				}
			}
		}
	}
	if stairs == 0 {
		t.Fatal("no tile lies over another without covering it")
	}
}

// TestPlace checks Place's tiles and its error for a bad spec, and that the stair's a
// lie one over the next.
func TestPlace(t *testing.T) {
	b := Stair()
	if b.N() != 6 || b.Tiles[3] != (board.Tile{ID: 3, X: 2, Y: 0, Z: 2, Group: "a"}) {
		t.Fatalf("stair: %v", b.Tiles)
	}
	for i := 1; i < 4; i++ {
		if !slices.Equal(b.Above(i), []int{i + 1}) {
			t.Errorf("tile %d: above %v, want [%d]", i, b.Above(i), i+1)
		}
	}
	if _, err := Place("bad", "a 0 0"); err == nil {
		t.Error("a tile without z: no error")
	}
}
