package shisen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestFrontierMoves checks the moves of settled boards listed from their columns'
// heights, with the touching pairs kept from move to move, against movesOf, which
// asks every pair of every group, also when listed from the parent position's listing
// (listing.go), and the groups on top played from the heights against playWhole:
// deals with gravity of every KShisen size and random small boards let fall, at every
// position of random games on them, which after half of their moves play the groups
// on top, as the search does.
func TestFrontierMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var boards []*Board
	for _, sz := range [][2]int{{14, 6}, {16, 9}, {18, 8}, {24, 12}, {26, 14}, {30, 16}} {
		for seed := range uint64(3) {
			b, err := Deal(sz[0], sz[1], true, seed)
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, b)
		}
	}
	for range 300 {
		if b := settledBoard(t, rng, 2); b != nil {
			boards = append(boards, b)
		}
	}
	var f frontier
	positions, openedCols := 0, 0
	for _, b := range boards {
		b = b.Clone()
		touch := touching(b, nil) // kept up to date from move to move, as the search does
		var parent *listing       // the listing of the position before the last move
		for {
			if !settled(b) {
				t.Fatal("a position of a settled board is not settled")
			}
			checkPlayTops(t, b)
			if want := touching(b, nil); !sameMoves(touch, want) {
				t.Fatalf("position %d: touchingAfter keeps %v, touching finds %v", positions, touch, want)
			}
			f.heights(b)
			want, got := b.Moves(), f.moves(b, touch, nil, nil)
			positions++
			if !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
				t.Fatalf("position %d: frontier lists %v, movesOf %v", positions, got, want)
			}
			if parent != nil {
				if got := f.moves(b, touch, nil, parent); !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
					t.Fatalf("position %d, after %v: listed from the parent's listing %v, movesOf %v", positions, parent.move, got, want)
				}
				openedCols += len(f.opened)
			}
			if len(want) == 0 {
				break
			}
			m := want[rng.IntN(len(want))]
			parent = &listing{move: m}
			parent.record(b, &f, want)
			b.remove(m)
			touch = touchingAfter(touch, b, m, nil)
			if rng.IntN(2) == 0 {
				s := newSearch(context.Background())
				s.front.playTops(s, b, nil)
				touch = touching(b, nil)
			}
		}
	}
	t.Logf("%d positions, %d columns opened", positions, openedCols)
}

// sameMoves reports whether a and b hold the same moves, in any order, each once.
func sameMoves(a, b []Move) bool {
	key := func(m Move) string { return fmt.Sprint(m) }
	x, y := make([]string, len(a)), make([]string, len(b))
	for i, m := range a {
		x[i] = key(m)
	}
	for i, m := range b {
		y[i] = key(m)
	}
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// checkPlayTops plays the groups on top of a copy of b by playTops and of another by
// playWhole(b, onTop): the moves, the boards and the tiles left must be the same.
func checkPlayTops(t *testing.T, b *Board) {
	t.Helper()
	s1, s2 := newSearch(context.Background()), newSearch(context.Background())
	b1, b2 := b.Clone(), b.Clone()
	groups := s1.playWhole(b1, onTop)
	left := s2.front.playTops(s2, b2, nil)
	// Given the counts, playTops updates them in place, as the search hands them down.
	s3, b3 := newSearch(context.Background()), b.Clone()
	counts := make([]int, len(b.groups))
	for g, cs := range members(b) {
		counts[g] = len(cs)
	}
	if given := s3.front.playTops(s3, b3, counts); !slices.Equal(given, left) || !slices.Equal(s3.path, s2.path) {
		t.Fatalf("given the counts, playTops leaves %v by %v; counting, %v by %v", given, s3.path, left, s2.path)
	}
	if !reflect.DeepEqual(s1.path, s2.path) && len(s1.path)+len(s2.path) > 0 {
		t.Fatalf("playTops plays %v, playWhole %v", s2.path, s1.path)
	}
	if !reflect.DeepEqual(b1.cells, b2.cells) {
		t.Fatalf("playTops leaves %v, playWhole %v", b2.Rows(), b1.Rows())
	}
	top := slices.Clone(s2.front.top)
	if s2.front.heights(b2); !slices.Equal(top, s2.front.top) {
		t.Fatalf("playTops leaves the heights %v, the board has %v", top, s2.front.top)
	}
	for g, cs := range groups {
		if left[g] != len(cs) {
			t.Fatalf("playTops leaves %d tiles of group %d, playWhole %d", left[g], g, len(cs))
		}
	}
}
