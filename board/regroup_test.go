package board

import (
	"fmt"
	"slices"
	"testing"
)

// TestRegroup checks Regroup against New on the same tiles with the new groups: the
// same relations, groups and members, and the same moves in every position of random
// games; the relations shared (one key); and New's errors for bad groups.
func TestRegroup(t *testing.T) {
	var l Layout // a 6×4 grid of tiles, and on it a 4×2 grid half a tile off
	for z := range 2 {
		for x := range 6 - 2*z {
			for y := range 4 - 2*z {
				l.Pos = append(l.Pos, Pos{X: 2*x + 3*z, Y: 2*y + 3*z, Z: z})
			}
		}
	}
	l.Name = "two levels"
	b, err := Deal(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := NewRand(7)
	for seed := range uint64(20) {
		other, err := Deal(l, seed+2)
		if err != nil {
			t.Fatal(err)
		}
		groups := make([]string, b.N())
		tiles := slices.Clone(b.Tiles)
		for i := range tiles {
			groups[i] = other.Tiles[i].Group
			tiles[i].Group = groups[i]
		}
		got, err := b.Regroup("r", groups)
		if err != nil {
			t.Fatal(err)
		}
		want, err := New("r", tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.RelationsKey() != b.RelationsKey() {
			t.Fatal("Regroup does not share the relations' key")
		}
		for i := range b.N() {
			g, w := fmt.Sprint(got.Tiles[i], got.GroupName(got.Group(i)), got.Members(got.Group(i)), got.Above(i), got.Below(i), got.Left(i), got.Right(i)),
				fmt.Sprint(want.Tiles[i], want.GroupName(want.Group(i)), want.Members(want.Group(i)), want.Above(i), want.Below(i), want.Left(i), want.Right(i))
			if g != w {
				t.Fatalf("deal %d, tile %d: Regroup gives %s, New %s", seed, i, g, w)
			}
		}
		sg, sw := got.NewState(), want.NewState()
		for {
			mg, mw := sg.Moves(), sw.Moves()
			if !slices.Equal(mg, mw) {
				t.Fatalf("deal %d: moves %v by Regroup, %v by New", seed, mg, mw)
			}
			if len(mg) == 0 {
				break
			}
			m := mg[rng.IntN(len(mg))]
			if sg.Remove(m[0], m[1]) != nil || sw.Remove(m[0], m[1]) != nil {
				t.Fatalf("deal %d: move %v refused", seed, m)
			}
		}
	}
	odd := slices.Repeat([]string{"a"}, b.N())
	odd[0] = "b"
	empty := slices.Repeat([]string{"a"}, b.N())
	empty[3] = ""
	for _, tc := range []struct {
		name   string
		groups []string
		want   string
	}{
		{"a group of one tile", odd, `group "b" has 1 tiles: every group needs an even number`},
		{"an empty name", empty, "tiles[3] (id 3): empty group"},
		{"too few groups", odd[1:], "31 groups for 32 tiles"},
	} {
		if _, err := b.Regroup("r", tc.groups); err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
