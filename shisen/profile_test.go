package shisen

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// TestSearchModesAgainstExhaustive runs the pairing search on small boards without
// gravity (groups of two to eight, most of four) in the modes that the board's size
// chooses on larger boards, forced here: keeping its fixpoint from scan to scan, its
// scans keeping profiles and precedences, and both. It wants the exhaustive search's
// verdicts, every win replayed.
func TestSearchModesAgainstExhaustive(t *testing.T) {
	for _, mode := range []struct {
		name   string
		seed   uint64
		choose func(s *search)
	}{
		{"kept fixpoint", 9, func(s *search) { s.keptFrom = 1 }},
		{"profiles", 11, func(s *search) { s.profileFrom = 1 }},
		{"profiles, kept fixpoint", 13, func(s *search) { s.profileFrom, s.keptFrom = 1, 1 }},
	} {
		rng := rand.New(rand.NewPCG(mode.seed, mode.seed+1))
		count := map[board.Verdict]int{}
		for b := range smallBoards(t, rng, 5000, 2, 5, 20, gravityNever) {
			want, _, err := Exhaustive(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			s := newSearch(context.Background())
			mode.choose(s)
			got := board.Unsolvable
			if s.learn(b.Clone()) {
				got = board.Solvable
				if err := b.Replay(s.path, true); err != nil {
					t.Fatal(err)
				}
			}
			if got != want {
				t.Fatalf("%s: the search says %v, the exhaustive search %v:\n%v", mode.name, got, want, b.Rows())
			}
			count[want]++
		}
		if count[board.Solvable] < 1000 || count[board.Unsolvable] < 200 {
			t.Fatalf("%s: verdicts %v: too few of one to test", mode.name, count)
		}
	}
}

// TestPrecedences checks every precedence the scans use against all the positions
// that plays reach, on small boards laid out as the 3-SAT reduction lays out its
// stacks (see channels): no position has a tile of a tile's precedences gone while
// that tile is still there. It also wants precedences to be found there, where a
// channel's walls wait for its tiles.
func TestPrecedences(t *testing.T) {
	checked := 0
	for _, stacks := range [][][]string{
		{{"a", "a", "b"}, {"b", "b", "c"}, {"c", "c", "a"}, {"a", "b", "c"}},
	} {
		b := channels(t, stacks)
		l := newLearner(newSearch(context.Background()), b)
		l.precedences()
		for _, pos := range reachable(b) {
			for k, after := range l.prof.after {
				if b.cells[k] == empty || pos.cells[k] == empty {
					continue // no tile there, or gone already
				}
				for _, k2 := range after {
					if pos.cells[k2] == empty {
						t.Fatalf("cell %d is empty while cell %d still holds its tile, but is in its precedences:\n%v\nreached:\n%v", k2, k, b.Rows(), pos.Rows())
					}
					checked++
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("%d precedences checked in reached positions: too few to test", checked)
	}
}

// channels lays out stacks of three tiles as the 3-SAT reduction does
// (docs/shisen.md), each in the middle column of three, its top next to an empty row:
// walls beside it that pair crosswise two depths apart, a spacer between two tiles of
// one group (else at the bottom) with its spare under the empty row, and floors above
// and below.
func channels(t *testing.T, stacks [][]string) *Board {
	rows := make([][]string, 8)
	for y := range rows {
		rows[y] = make([]string, 3*len(stacks))
	}
	for k, st := range stacks {
		x := 3 * k
		name := func(s string) string { return s + "." + string(rune('0'+k)) }
		rows[0][x], rows[0][x+1], rows[0][x+2] = name("A"), name("C"), name("B")
		rows[7][x], rows[7][x+1], rows[7][x+2] = name("B"), name("C"), name("A")
		walls := [4][2]string{{"w1", "w2"}, {"w2", "w1"}, {"w3", "w4"}, {"w4", "w3"}} // depth 1 to 4: left, right
		for d, w := range walls {
			rows[4-d][x], rows[4-d][x+2] = name(w[0]), name(w[1])
		}
		spacer := 3
		for i := range 2 {
			if st[i] == st[i+1] {
				spacer = i + 1
				break
			}
		}
		channel := append(append(append([]string{}, st[:spacer]...), name("s")), st[spacer:]...)
		for d, g := range channel {
			rows[4-d][x+1] = g
		}
		rows[6][x+1] = name("s")
	}
	b, err := New(rows, false)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// reachable returns every position that plays reach from b, b among them.
func reachable(b *Board) []*Board {
	seen := map[string]bool{}
	var out []*Board
	var walk func(b *Board)
	walk = func(b *Board) {
		k := string(b.appendKey(nil))
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, b)
		for _, m := range b.Moves() {
			c := b.Clone()
			c.remove(m)
			walk(c)
		}
	}
	walk(b.Clone())
	return out
}

// precedencesWhole is precedences by a relaxed game over the whole board for each
// tile, as a reference.
func precedencesWhole(l *learner) [][]int {
	b := l.b
	out := make([][]int, len(b.cells))
	x := relaxed{groups: l.groups}
	r := b.Clone()
	for g, cs := range l.groups {
		if len(cs) != 4 {
			continue
		}
		for i, u := range cs {
			copy(r.cells, b.cells)
			x.closure(r, func(r *Board, h, k int) bool {
				if h == g && k == i {
					return false
				}
				ds := l.groups[h]
				for j, w := range ds {
					if j != k && !(h == g && j == i) && r.Connected(ds[k], w) {
						return true
					}
				}
				return false
			}, nil)
			var after []int
			for _, t := range x.rest {
				if c := l.groups[t.g][t.i]; c != u {
					after = append(after, c.Y*b.W+c.X)
				}
			}
			slices.Sort(after)
			out[u.Y*b.W+u.X] = after
		}
	}
	return out
}

// TestPrecedencesKept wants the precedences found from the kept relaxed game equal to
// those of a game over the whole board for each tile, on boards laid out as the
// reduction's and on deals.
func TestPrecedencesKept(t *testing.T) {
	boards := []*Board{
		channels(t, [][]string{{"a", "a", "b"}, {"b", "b", "c"}, {"c", "c", "a"}, {"a", "b", "c"}}),
		channels(t, [][]string{{"a", "b", "b"}, {"c", "a", "a"}, {"b", "c", "c"}, {"c", "b", "a"}}),
	}
	for seed := range uint64(6) {
		boards = append(boards, mustDeal(t, 16, 9, seed, 0), mustDeal(t, 24, 12, seed, 0))
	}
	found := 0
	for k, b := range boards {
		l := newLearner(newSearch(context.Background()), b)
		l.precedences()
		want := precedencesWhole(l)
		for c := range want {
			got := slices.Clone(l.prof.after[c])
			slices.Sort(got)
			if !slices.Equal(got, want[c]) {
				t.Fatalf("board %d, cell %d: kept %v, whole %v", k, c, got, want[c])
			}
			found += len(got)
		}
	}
	if found < 100 {
		t.Fatalf("%d precedences found: too few to test", found)
	}
}
