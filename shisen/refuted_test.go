package shisen

import (
	"math/rand/v2"
	"testing"
)

// TestRefutedAgainstMap holds the set to a Go map on random keys, many alike in
// their first word (the slot's): until it is full it holds exactly the keys added;
// once full it holds no more than its bound, only keys added, and, when it took it,
// the key added last.
func TestRefutedAgainstMap(t *testing.T) {
	for _, tc := range []struct {
		name     string
		max      int
		adds     int
		slotBits uint // keys' first words differ in these low bits only: long probes
	}{
		{"grows", 100_000, 60_000, 64},
		{"full", 5_000, 20_000, 64},
		{"crowded", 3_000, 6_000, 4},
		{"one", 1, 50, 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tc.max), 3))
			r := newRefuted(tc.max)
			added := map[[2]uint64]bool{}
			random := func() [2]uint64 {
				k := [2]uint64{rng.Uint64(), rng.Uint64() | 1}
				if tc.slotBits < 64 {
					k[0] &= 1<<tc.slotBits - 1
				}
				return k
			}
			var keys [][2]uint64
			replaced := 0
			for range tc.adds {
				k := random()
				if len(keys) > 0 && rng.IntN(4) == 0 {
					k = keys[rng.IntN(len(keys))] // added again
				}
				keys = append(keys, k)
				full := len(added) >= tc.max
				if !full && r.has(k) != added[k] {
					t.Fatalf("has(%x) = %v before adding, want %v", k, !added[k], added[k])
				}
				before := r.has(k)
				r.add(k)
				added[k] = true
				switch {
				case !full && r.n != len(added):
					t.Fatalf("%d keys held, want %d", r.n, len(added))
				case full && r.n != tc.max:
					t.Fatalf("%d keys held by a full set, want %d", r.n, tc.max)
				case !full && !r.has(k):
					t.Fatalf("the key added last is not held")
				case full && !before && r.has(k):
					replaced++
				}
			}
			held := 0
			for _, k := range r.slots {
				if k == [2]uint64{} {
					continue
				}
				held++
				if !added[k] || !r.has(k) {
					t.Fatalf("slot holds %x: added %v, found %v", k, added[k], r.has(k))
				}
			}
			if held != r.n {
				t.Fatalf("%d slots taken, %d keys counted", held, r.n)
			}
			for range 10_000 {
				if k := random(); r.has(k) && !added[k] {
					t.Fatalf("has(%x) for a key never added", k)
				}
			}
			if tc.max >= 1000 && tc.adds > 2*tc.max && replaced == 0 {
				t.Fatalf("a full set took no new key")
			}
		})
	}
}

// TestKeyNamesPositions checks the positions' hash: the same for the same cells, and
// changed by a change of any one cell, whatever group it takes, on the positions of
// random games on deals with gravity.
func TestKeyNamesPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	r := newRefuted(0)
	seen := map[[2]uint64]string{}
	for seed := range uint64(4) {
		b, err := Deal(16, 9, true, seed)
		if err != nil {
			t.Fatal(err)
		}
		for ms := b.Moves(); len(ms) > 0; ms = b.Moves() {
			k := r.key(b)
			if k != r.key(b.Clone()) {
				t.Fatal("a copy of the board hashes otherwise")
			}
			if cells := key(b); seen[k] != "" && seen[k] != cells {
				t.Fatalf("two positions share the hash %x", k)
			} else {
				seen[k] = cells
			}
			i := rng.IntN(len(b.cells))
			was := b.cells[i]
			for _, g := range []int16{empty, int16(rng.IntN(len(b.groups))), int16(len(b.groups) - 1)} {
				if b.cells[i] = g; g != was && r.key(b) == k {
					t.Fatalf("cell %d from %d to %d keeps the hash", i, was, g)
				}
			}
			b.cells[i] = was
			b.remove(ms[rng.IntN(len(ms))])
		}
	}
	if len(seen) < 100 {
		t.Fatalf("only %d positions", len(seen))
	}
}
