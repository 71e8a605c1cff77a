package shisen

import (
	"context"
	"reflect"
	"slices"
	"testing"
)

// TestListingOwnColumn is the case of listing.go that random games seldom meet: a
// safe group played after the move opens the column of a tile that did not move.
// The move takes D from columns 5 and 6; T then lies on top and goes, and Q's lower
// tile, now on top, joins the other through column 1's newly open cells and row 1,
// which no other column opened.
func TestListingOwnColumn(t *testing.T) {
	b, err := New([][]string{
		{"", "", "", "c", "", "", ""},
		{"a", "", "", "Q", "", "", ""},
		{"d", "", "", "e", "T", "D", "D"},
		{"b", "T", "b", "f", "d", "e", "f"},
		{"c", "Q", "g", "a", "g", "h", "h"},
	}, true)
	if err != nil {
		t.Fatal(err)
	}
	q := Move{{3, 1}, {1, 4}}
	var f frontier
	f.heights(b)
	if slices.Contains(b.Moves(), q) {
		t.Fatal("Q can go before the move")
	}
	l := listing{move: Move{{5, 2}, {6, 2}}}
	l.record(b, &f, b.Moves())
	b.remove(l.move)
	s := newSearch(context.Background())
	s.front.playTops(s, b, nil)
	if !reflect.DeepEqual(s.path, []Move{{{4, 2}, {1, 3}}}) {
		t.Fatalf("the safe groups played: %v, want T's", s.path)
	}
	f.heights(b)
	want := b.Moves()
	if !slices.Contains(want, q) {
		t.Fatalf("Q cannot go after T: %v", want)
	}
	if got := f.moves(b, touching(b, nil), nil, &l); !reflect.DeepEqual(got, want) {
		t.Fatalf("listed from the parent's listing %v, want %v", got, want)
	}
}

// checkChildListings plays each of the moves of b, a settled board with gravity
// whose heights f holds, and the groups then on top, as the search does, and holds
// the moves listed from b's listing to Moves.
func checkChildListings(t *testing.T, b *Board, f *frontier, moves []Move) {
	t.Helper()
	var l listing
	l.record(b, f, moves)
	for _, m := range moves {
		l.move = m
		c := b.Clone()
		c.remove(m)
		s := newSearch(context.Background())
		s.front.playTops(s, c, nil)
		var g frontier
		g.heights(c)
		if got, want := g.moves(c, touching(c, nil), nil, &l), c.Moves(); len(got)+len(want) > 0 && !reflect.DeepEqual(got, want) {
			t.Fatalf("after %v, listed from the parent's %v, Moves %v", m, got, want)
		}
	}
}
