package shisen

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// pathBFS decides whether a and t are joined by at most three segments through open
// cells by a search over (cell, direction, turns): the rule as a reference, written
// apart from Connected.
func pathBFS(b *Board, a, t Cell) bool {
	type st struct {
		c        Cell
		d, turns int
	}
	dirs := []Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	seen := map[st]bool{}
	var queue []st
	for d := range dirs {
		queue = append(queue, st{a, d, 0})
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for nd := range dirs {
			turns := s.turns
			if nd != s.d && s.c != a {
				turns++
			}
			if turns > 2 {
				continue
			}
			n := Cell{s.c.X + dirs[nd].X, s.c.Y + dirs[nd].Y}
			if n == t {
				return true
			}
			if !b.open(n.X, n.Y) {
				continue
			}
			ns := st{n, nd, turns}
			if !seen[ns] {
				seen[ns] = true
				queue = append(queue, ns)
			}
		}
	}
	return false
}

func TestConnectedAgainstBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		b := randomBoard(t, rng, 2+rng.IntN(7), 2+rng.IntN(4)*2, false)
		for range 20 {
			a, c := Cell{rng.IntN(b.W), rng.IntN(b.H)}, Cell{rng.IntN(b.W), rng.IntN(b.H)}
			if a == c {
				continue
			}
			if got, want := b.Connected(a, c), pathBFS(b, a, c); got != want {
				var buf bytes.Buffer
				b.WriteJSON(&buf)
				t.Fatalf("Connected(%v, %v) = %v, the search says %v\n%s", a, c, got, want, buf.String())
			}
		}
		// Moves: every pair of one group that the search joins, in reading order.
		var want []Move
		for i, gi := range b.cells {
			for j := i + 1; j < len(b.cells); j++ {
				p, q := Cell{i % b.W, i / b.W}, Cell{j % b.W, j / b.W}
				if gi != empty && b.cells[j] == gi && pathBFS(b, p, q) {
					want = append(want, Move{p, q})
				}
			}
		}
		got := b.Moves()
		slices.SortFunc(got, func(x, y Move) int { return cmp.Or(order(b, x[0], y[0]), order(b, x[1], y[1])) })
		if !slices.Equal(got, want) {
			t.Fatalf("Moves() = %v, the search says %v", got, want)
		}
	}
}

// order compares cells p and q of b in reading order.
func order(b *Board, p, q Cell) int { return cmp.Compare(p.Y*b.W+p.X, q.Y*b.W+q.X) }

// TestSolveAgainstExhaustive checks the solver's verdicts against the exhaustive
// search on small boards of both rules, and replays every winning play.
func TestSolveAgainstExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	count := map[bool]map[board.Verdict]int{false: {}, true: {}}
	for b, gravity := range smallBoards(t, rng, 3000, 2, 5, 20, eitherRule(rng)) {
		want, _, err := Exhaustive(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != want {
			var buf bytes.Buffer
			b.WriteJSON(&buf)
			t.Fatalf("solver says %v, exhaustive search %v\n%s", got.Status, want, buf.String())
		}
		if want == board.Solvable {
			if err := b.Replay(got.Moves, true); err != nil {
				t.Fatal(err)
			}
		}
		count[gravity][want]++
	}
	for g, c := range count {
		if c[board.Solvable] == 0 || c[board.Unsolvable] == 0 {
			t.Errorf("gravity %v: %v: the boards do not test both verdicts", g, c)
		}
	}
}

// TestGravity works a column by hand: removing a tile lets those above fall one cell;
// two tiles of one column fall as the rule says.
func TestGravity(t *testing.T) {
	b, err := New([][]string{{"a", "b"}, {"c", "c"}, {"a", "b"}}, true)
	if err != nil {
		t.Fatal(err)
	}
	// c (0,1) and c (1,1) are neighbours: remove them; a and b above fall.
	if err := b.Play(Move{{0, 1}, {1, 1}}); err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"", ""}, {"a", "b"}, {"a", "b"}}; !reflect.DeepEqual(b.Rows(), want) {
		t.Fatalf("after the move: %v, want %v", b.Rows(), want)
	}
	// The two a of one column: both go, the column empties.
	if err := b.Play(Move{{0, 1}, {0, 2}}); err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"", ""}, {"", "b"}, {"", "b"}}; !reflect.DeepEqual(b.Rows(), want) {
		t.Fatalf("after the second move: %v, want %v", b.Rows(), want)
	}
}

func TestDealAndFormat(t *testing.T) {
	a, _ := Deal(18, 8, true, 7)
	b, _ := Deal(18, 8, true, 7)
	var x, y bytes.Buffer
	a.WriteJSON(&x)
	b.WriteJSON(&y)
	if !bytes.Equal(x.Bytes(), y.Bytes()) || a.Tiles() != 144 || len(a.groups) != 36 {
		t.Fatal("two deals of one seed differ, or the deal is not 36 groups of four")
	}
	c, err := Parse(x.Bytes(), "deal")
	if err != nil || !reflect.DeepEqual(c.Rows(), a.Rows()) || !c.Gravity {
		t.Fatalf("round trip: %v", err)
	}
	for _, bad := range []string{`{"format":"shisen-board/1","cells":[["a"]]}`, `{"format":"x","cells":[]}`,
		`{"format":"shisen-board/1","cells":[["a","a"],["b"]]}`, `{"format":"shisen-board/1","cells":[["a","a"]],"x":1}`} {
		if _, err := Parse([]byte(bad), "bad"); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := Deal(3, 3, false, 1); err == nil {
		t.Error("a deal of 9 cells accepted")
	}
	// A byte-order mark, which some editors write first, is read past.
	if b, err := Parse([]byte("\ufeff"+`{"format":"shisen-board/1","cells":[["a","a"]]}`), "b.json"); err != nil || b.Tiles() != 2 {
		t.Errorf("a board after a byte-order mark: %v", err)
	}
	// What encoding/json would take silently: a key twice, a key in capitals.
	for _, c := range []struct{ doc, want string }{
		{`{"format":"shisen-board/1","cells":[["b","b"]],"cells":[["a","a"]]}`, `b.json:1:48: key "cells" given twice`},
		{`{"format":"shisen-board/1","Cells":[["a","a"]]}`, `b.json:1:28: key "Cells": keys are lowercase, "cells"`},
		{"\ufeff" + `{"format":"shisen-board/1","Cells":[["a","a"]]}`, `b.json:1:28: key "Cells"`}, // a byte-order mark
		{`{"format":"mahjong-board/1","tiles":[]}`, "b.json: is a Mahjong board (mahjong-board/1), not a Shisen-Sho one (shisen-board/1)"},
		{`{"format":"shisen-play/1","moves":[]}`, "b.json: is a Shisen-Sho play (shisen-play/1), not a board"},
	} {
		if _, err := Parse([]byte(c.doc), "b.json"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.doc, err, c.want)
		}
	}
	for _, c := range []struct{ doc, want string }{
		{`{"format":"shisen-play/1","MOVES":[]}`, `p.json:1:27: key "MOVES": keys are lowercase, "moves"`},
		{"\n\n{\"format\":\"shisen-play/1\",\"MOVES\":[]}", `p.json:3:27: key "MOVES"`}, // after blank lines
		{"\ufeff{\"format\":\"shisen-play/1\",\"moves\":[],\"moves\":[]}", `p.json:1:38: key "moves" given twice`},
		{`{"format":"mahjong-play/1","moves":[[0,1]]}`, `p.json: is a Mahjong play (mahjong-play/1), not a Shisen-Sho one`},
		{`{"format":"mahjong-board/1","tiles":[]}`, "p.json: is a Mahjong board (mahjong-board/1), not a play: `solve p.json`"},
	} {
		if _, err := ParsePlay([]byte(c.doc), "p.json"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.doc, err, c.want)
		}
	}
}

// TestGreedy checks KShisen's check against the exact solver without gravity: a deal
// the check passes can be won (its play is one), and on small boards the check fails
// some deals that can be won.
func TestGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	fooled := 0
	for range 300 {
		b := randomBoard(t, rng, 2+rng.IntN(5), 2+2*rng.IntN(3), false)
		v, _, err := Exhaustive(context.Background(), b)
		if err != nil {
			continue
		}
		g := Greedy(b)
		if g && v != board.Solvable {
			t.Fatalf("the check passed a board that cannot be won")
		}
		if !g && v == board.Solvable {
			fooled++
		}
	}
	if fooled == 0 {
		t.Error("the check failed no winnable board: the boards test nothing")
	}
}

// TestPath checks every path Path returns: at most three segments, each straight and
// through open cells only, from one tile to the other.
func TestPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		b := randomBoard(t, rng, 2+rng.IntN(7), 2+rng.IntN(4)*2, false)
		for range 20 {
			a, c := Cell{rng.IntN(b.W), rng.IntN(b.H)}, Cell{rng.IntN(b.W), rng.IntN(b.H)}
			if a == c {
				continue
			}
			p := b.Path(a, c)
			if (p != nil) != pathBFS(b, a, c) {
				t.Fatalf("Path(%v, %v) = %v, the search says %v", a, c, p, pathBFS(b, a, c))
			}
			if p == nil {
				continue
			}
			if len(p) < 2 || len(p) > 4 || p[0] != a || p[len(p)-1] != c {
				t.Fatalf("Path(%v, %v) = %v", a, c, p)
			}
			for k := 0; k+1 < len(p); k++ {
				u, v := p[k], p[k+1]
				if u.X != v.X && u.Y != v.Y || !b.clear(u, v) {
					t.Fatalf("Path(%v, %v) = %v: segment %v-%v", a, c, p, u, v)
				}
				if k > 0 && !b.open(u.X, u.Y) {
					t.Fatalf("Path(%v, %v) = %v: corner %v is not open", a, c, p, u)
				}
			}
		}
	}
}

// TestStranded checks the relaxation behind Solve's first look: a board it calls
// stranded is lost for the exhaustive search, on hundreds of small boards, and it
// finds some lost boards (else it would test nothing); on deals of KShisen's large
// sizes it finds most of them lost at once.
func TestStranded(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	found := checkLost(t, smallBoards(t, rng, 800, 2, 5, 20, gravityNever), func(b *Board) bool { return b.stranded(members(b)) })
	if found < 20 {
		t.Fatalf("stranded found only %d lost boards", found)
	}
	lost := 0
	for seed := range uint64(10) {
		b, err := Deal(30, 16, false, seed)
		if err != nil {
			t.Fatal(err)
		}
		if b.stranded(members(b)) {
			lost++
		}
	}
	if lost < 5 {
		t.Errorf("only %d of 10 deals of 30 × 16 found stranded", lost)
	}
}

// checkLost asks lost of each board, a check that claims a board lost: the exhaustive
// search must agree with every claim. It returns the claims.
func checkLost(t *testing.T, boards iter.Seq2[*Board, bool], lost func(*Board) bool) int {
	t.Helper()
	found := 0
	for b := range boards {
		if !lost(b) {
			continue
		}
		found++
		if v, _, err := Exhaustive(context.Background(), b); err != nil || v != board.Unsolvable {
			t.Fatalf("called lost, but the exhaustive search says %v (%v)\n%v", v, err, b.Rows())
		}
	}
	return found
}

// TestDealKinds checks KShisen's tile counts: on 24×12 thirty kinds have eight tiles
// and twelve have four; on 30×16 thirty-six have twelve and six have eight; with
// kinds enough, the deal is Deal's.
func TestDealKinds(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want map[int]int // tiles a kind → kinds
	}{
		{18, 8, map[int]int{4: 36}},
		{24, 12, map[int]int{8: 30, 4: 12}},
		{26, 14, map[int]int{12: 7, 8: 35}},
		{30, 16, map[int]int{12: 36, 8: 6}},
	} {
		b, err := DealKinds(c.w, c.h, false, 7, KShisenKinds)
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for y := range b.H {
			for x := range b.W {
				count[b.At(x, y)]++
			}
		}
		got := map[int]int{}
		for _, n := range count {
			got[n]++
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%d×%d: kinds by size %v, want %v", c.w, c.h, got, c.want)
		}
	}
	a, _ := Deal(14, 6, true, 3)
	b, _ := DealKinds(14, 6, true, 3, KShisenKinds)
	if fmt.Sprint(a.Rows()) != fmt.Sprint(b.Rows()) {
		t.Error("14×6 with KShisen's kinds differs from Deal's board")
	}
}

// TestBounds checks that boards past the bounds are refused by name, not built: too
// many cells, and more groups than a cell's 16 bits can index.
func TestBounds(t *testing.T) {
	wide := [][]string{make([]string, MaxSide+1)}
	if _, err := New(wide, false); err == nil {
		t.Error("a row wider than MaxSide was taken")
	}
	// 32,768 groups of two: 65,536 cells in 256 rows of 256.
	rows := make([][]string, 256)
	for y := range rows {
		rows[y] = make([]string, 256)
		for x := range rows[y] {
			rows[y][x] = fmt.Sprintf("g%d", (y*256+x)/2)
		}
	}
	if _, err := New(rows, false); err == nil || !strings.Contains(err.Error(), "groups") {
		t.Errorf("32,768 groups: %v, want a refusal", err)
	}
	rows[0][0], rows[0][1] = "", "" // one group fewer
	if _, err := New(rows, false); err != nil {
		t.Errorf("32,767 groups: %v", err)
	}
	if _, err := Deal(MaxSide, MaxSide, false, 1); err == nil {
		t.Error("a deal past MaxCells was made")
	}
}

// TestCheckDeal checks the sizes and kinds that deal a board against DealKinds: the
// check refuses exactly what fails to deal, and a board of 32,768 groups (one too many
// for a board) is refused before any deal, but dealt with KShisen's 42 kinds.
func TestCheckDeal(t *testing.T) {
	for _, c := range []struct {
		w, h, kinds int
		ok          bool
	}{
		{18, 8, 0, true},
		{14, 6, KShisenKinds, true},
		{3, 3, 0, false},
		{0, 8, 0, false},
		{MaxSide + 1, 4, 0, false},
		{18, 8, -1, false},
		{362, 362, 0, true},  // 32,761 groups
		{256, 512, 0, false}, // 32,768 groups
		{256, 512, KShisenKinds, true},
	} {
		err := CheckDeal(c.w, c.h, c.kinds)
		if (err == nil) != c.ok {
			t.Errorf("CheckDeal(%d, %d, %d) = %v, want ok %v", c.w, c.h, c.kinds, err, c.ok)
		}
		b, derr := DealKinds(c.w, c.h, false, 1, c.kinds)
		if (derr == nil) != c.ok {
			t.Errorf("DealKinds(%d, %d, %d) = %v, want ok %v", c.w, c.h, c.kinds, derr, c.ok)
		}
		if derr == nil && (b.W != c.w || b.H != c.h || b.Tiles() != c.w*c.h) {
			t.Errorf("DealKinds(%d, %d, %d) dealt %d × %d with %d tiles", c.w, c.h, c.kinds, b.W, b.H, b.Tiles())
		}
	}
}
