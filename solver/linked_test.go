package solver

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// wantLinked computes compiled.linked from the board's own relations: x blocks y when
// x lies on y or is its side neighbour, and a pair is linked when one of its tiles
// reaches the other through such blocks.
func wantLinked(b *board.Board) []uint8 {
	n := b.N()
	blocks := make([][]int, n) // x → the tiles x blocks
	for y := 0; y < n; y++ {
		for _, list := range [][]int{b.Above(y), b.Left(y), b.Right(y)} {
			for _, x := range list {
				blocks[x] = append(blocks[x], y)
			}
		}
	}
	reaches := func(x, y int) bool { return reachable(func(u int) []int { return blocks[u] }, x, y) }
	out := make([]uint8, b.NumGroups())
	for g := range out {
		m := b.Members(g)
		if len(m) != 4 {
			continue
		}
		for p, pairs := range refPairings {
			for i, pr := range pairs {
				x, y := m[pr[0]], m[pr[1]]
				if reaches(x, y) || reaches(y, x) {
					out[g] |= 1 << (2*p + i)
				}
			}
		}
	}
	return out
}

// TestLinked checks compiled.linked against the board's relations on deals, one-level
// rows and fragments of the turtle, built one after the other in one compiled view
// (so that reach kept between boards of the same positions is checked too), and that
// long boards have none.
func TestLinked(t *testing.T) {
	// By hand: group a has two tiles in each of two rows, each pair through a tile of
	// b, so only pairing 0 pairs tiles of one row, and both its pairs are linked; b
	// has one tile a row.
	hand := rowBoard(t, "a b a", "a b a", "b", "b")
	c, err := compile(hand)
	if err != nil {
		t.Fatal(err)
	}
	if g := groupOf(t, hand, "a"); c.linked[g] != 0b000011 {
		t.Errorf("hand board: group a linked %06b, want 000011", c.linked[g])
	}
	if g := groupOf(t, hand, "b"); c.linked[g] != 0 {
		t.Errorf("hand board: group b, one tile a row, linked %06b, want none", c.linked[g])
	}

	rng := rand.New(rand.NewPCG(7, 8))
	pos := instances.Turtle().Pos
	var boards []*board.Board
	for seed := uint64(1); seed <= 4; seed++ {
		boards = append(boards, turtle(t, seed))
	}
	for range 20 {
		boards = append(boards, randomRows(t, rng, 2*(2+rng.IntN(20))))
		boards = append(boards, fragment(t, rng, pos, 2*(4+rng.IntN(30))))
	}
	boards = append(boards, turtle(t, 5), turtle(t, 6))
	cv := &compiled{}
	for i, b := range boards {
		if err := cv.build(b); err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		want := wantLinked(b)
		for g := range want {
			if cv.long {
				want[g] = 0
			}
			if cv.linked[g] != want[g] {
				t.Fatalf("board %d (%s), group %s: linked %06b, want %06b", i, b.Name, b.GroupName(g), cv.linked[g], want[g])
			}
		}
	}

	stacks := randomStacks(t, rng, 40, 1, 4)
	if err := cv.build(stacks); err != nil {
		t.Fatal(err)
	}
	if !cv.long {
		t.Fatal("isolated stacks: not a long board")
	}
	for g, l := range cv.linked {
		if l != 0 {
			t.Fatalf("isolated stacks: group %d linked %06b", g, l)
		}
	}
}

func groupOf(t *testing.T, b *board.Board, name string) int {
	t.Helper()
	for g := 0; g < b.NumGroups(); g++ {
		if b.GroupName(g) == name {
			return g
		}
	}
	t.Fatalf("no group %q", name)
	return -1
}

// TestUnlinked checks, by hand, which free match commitOne takes in a game that
// avoids linked pairs: the first from the drawn one on and round whose pairing leaves
// no linked pair to be played later (safePairings), or the drawn one, reported unsafe,
// when every one leaves such a pair.
func TestUnlinked(t *testing.T) {
	for _, tc := range []struct {
		name   string
		l, fm  uint8
		ps     []uint8
		j      int
		want   int
		wantOK bool
	}{
		// Members 0, 1 and 2 free: pairing 0 plays {0,1} and leaves {2,3}; pairing 1
		// plays {0,2} and leaves {1,3}; pairing 2 plays {1,2} and leaves {0,3}.
		{"none linked", 0b000000, 0b0111, []uint8{0, 1, 2}, 1, 1, true},
		{"the drawn one leaves a linked pair", 0b001000, 0b0111, []uint8{0, 1, 2}, 1, 2, true},
		{"round to the first", 0b110000, 0b0111, []uint8{0, 1, 2}, 2, 0, true},
		{"a linked pair played now is no harm", 0b000001, 0b0111, []uint8{0, 1, 2}, 0, 0, true},
		{"every one leaves a linked pair", 0b011010, 0b0111, []uint8{0, 1, 2}, 1, 1, false},
		{"two free: the only match", 0b000010, 0b0011, []uint8{0}, 0, 0, false},
	} {
		got, ok := unlinked(safePairings[tc.l][tc.fm], tc.ps, tc.j)
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("%s: unlinked = %d, %v; want %d, %v", tc.name, got, ok, tc.want, tc.wantOK)
		}
	}
}

// TestLinkedRuleWins checks that the rule of commitOne pays: on turtle deals, random
// games under the first scan's pairings win more often when they avoid linked pairs
// than when they do not.
func TestLinkedRuleWins(t *testing.T) {
	without, with := gamesWon(t, false, false), gamesWon(t, true, false)
	t.Logf("games won of 64 a deal: %d without the rule, %d with it", without, with)
	if with*4 < without*5 {
		t.Errorf("the rule does not pay: %d games won without it, %d with it", without, with)
	}
}

// TestFreeingRuleWins checks that the most freeing match pays (see mostFreeing): games
// that avoid linked pairs win more often when they play it than when they draw one.
func TestFreeingRuleWins(t *testing.T) {
	without, with := gamesWon(t, true, false), gamesWon(t, true, true)
	t.Logf("games won of 64 a deal: %d drawing the match, %d with the most freeing", without, with)
	if with*5 < without*6 {
		t.Errorf("the rule does not pay: %d games won without it, %d with it", without, with)
	}
}

// gamesWon plays 64 random games on each of turtle deals 1..60 under the first scan's
// pairings, with the player's avoid and freeing rules as given, and counts the wins.
func gamesWon(t *testing.T, avoid, freeing bool) int {
	t.Helper()
	stop := &halt{ctx: context.Background()}
	wins := 0
	for seed := uint64(1); seed <= 60; seed++ {
		c := compiledTurtle(t, seed)
		P := append([]uint8(nil), c.initP...)
		s := newSearch(c, seed, stop)
		if !s.base.scanOnce(P) {
			continue
		}
		for g, m := range P {
			if st := s.base.stuck(g, m); st != m {
				P[g] = m &^ st
			}
		}
		s.pl.avoid, s.pl.freeing = avoid, freeing
		rng := wyrand{seed}
		for range 64 {
			s.pl.start(P)
			if s.pl.settle() || s.pl.finish(&rng) {
				wins++
			}
		}
	}
	return wins
}

// TestMostFreeing checks the choice of the most freeing match against the board's own
// rule of which tiles are playable: in random games on turtle deals, at every group
// with three free members and two or more matches, the match chosen frees, by
// board.Board.Playable, as many tiles as the best of those that leave no linked pair
// (or of all, when every one does), and leaves none when one can.
func TestMostFreeing(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 20; seed++ {
		b := turtle(t, seed)
		c, err := compile(b)
		if err != nil {
			t.Fatal(err)
		}
		P := append([]uint8(nil), c.initP...)
		if !c.uncover(P) {
			continue
		}
		pl := newPlayer(c)
		pl.avoid, pl.freeing = true, true
		rng := wyrand{seed}
		gone := make([]bool, b.N())
		// frees counts the tiles not playable now that are once tile x goes.
		frees := func(x int) int {
			n := 0
			for u := range gone {
				if !gone[u] && u != x && !b.Playable(u, gone) {
					gone[x] = true
					if b.Playable(u, gone) {
						n++
					}
					gone[x] = false
				}
			}
			return n
		}
		for range 4 {
			pl.start(P)
			for !pl.settle() {
				clear(gone)
				for _, m := range pl.moves {
					gone[m[0]], gone[m[1]] = true, true
				}
				seen := map[int32]bool{}
				for _, g := range pl.cand {
					fmask, mask := pl.gs[g].fm, pl.gs[g].q
					fm := &freeMatches[mask][fmask]
					if seen[g] || mask&(mask-1) == 0 || bits.OnesCount8(fmask) != 3 || fm.n < 2 {
						continue
					}
					seen[g] = true
					ps := fm.p[:fm.n]
					l := c.linked[g]
					if _, ok := unlinked(safePairings[l][fmask], ps, 0); !ok {
						l = 0
					}
					score := func(p uint8) int {
						sc := 0
						for x := pairsIn[p][fmask]; x != 0; x &= x - 1 {
							sc += frees(int(c.members[g][bits.TrailingZeros8(x)]))
						}
						return sc
					}
					best := -1
					for _, p := range ps {
						if l == 0 || safePairings[l][fmask]&(1<<p) != 0 {
							best = max(best, score(p))
						}
					}
					got := ps[pl.mostFreeing(g, ps, int(rng.IntN(len(ps))), safePairings[l][fmask])]
					if l != 0 && safePairings[l][fmask]&(1<<got) == 0 {
						t.Fatalf("seed %d group %d: pairing %d leaves a linked pair when another does not", seed, g, got)
					}
					if sc := score(got); sc != best {
						t.Fatalf("seed %d group %d: pairing %d frees %d tiles, the best %d", seed, g, got, sc, best)
					}
					checked++
				}
				if !pl.commitOne(&rng) {
					break
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d choices checked", checked)
	}
	t.Logf("%d choices checked", checked)
}
