package testboards

import (
	"math/rand/v2"
	"slices"
	"testing"
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
