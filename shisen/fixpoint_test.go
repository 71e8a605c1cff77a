package shisen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/mjsat/mjsat/board"
)

// TestKeptFixpointMatchesScan walks the pairs of a board at random, as the search
// and the probes do: it fixes pairs and sets them free again in the order fixed,
// fixes more pairs at a level (so that one restore undoes several scans), rules
// pairs out at the root and asks probes. After each step the fixpoint kept from
// scan to scan (fixpoint.go) must be the fixpoint of a scan of the whole board under
// the same partners, cell for cell: the relaxed game has one. It does so with the
// scans keeping profiles too, and then also on boards laid out as the reduction's.
func TestKeptFixpointMatchesScan(t *testing.T) {
	for _, profiled := range []bool{false, true} {
		keptMatchesScan(t, profiled)
	}
}

// keptMatchesScan is TestKeptFixpointMatchesScan, with profiles or without.
func keptMatchesScan(t *testing.T, profiled bool) {
	rng := rand.New(rand.NewPCG(5, 6))
	stacks := [][]string{{"a", "a", "b"}, {"b", "b", "c"}, {"c", "c", "a"}, {"a", "b", "c"}}
	steps, lost, back := 0, 0, 0
	for trial := range uint64(80) {
		var b *Board
		switch trial % 4 {
		case 0:
			b = mustDeal(t, 16, 9, trial, 0)
		case 1:
			b = mustDeal(t, 16, 9, trial, 12)
		case 2:
			if profiled {
				rng.Shuffle(len(stacks), func(i, j int) { stacks[i], stacks[j] = stacks[j], stacks[i] })
				b = channels(t, stacks)
				break
			}
			fallthrough
		default:
			b = randomBoard(t, rng, 6+2*rng.IntN(3), 4+rng.IntN(4), false)
		}
		s, w := newSearch(context.Background()), newSearch(context.Background())
		s.keptFrom, w.keptFrom = 1, MaxCells+1
		if profiled {
			s.profileFrom, w.profileFrom = 1, 1
		}
		kept, whole := newLearner(s, b), newLearner(w, b)
		check := func(what string) {
			t.Helper()
			left := kept.scan()
			for g := range kept.groups {
				copy(whole.partner[g], kept.partner[g])
				copy(whole.ruled[g], kept.ruled[g])
			}
			want := whole.scan()
			if !slices.Equal(left, want) || !slices.Equal(kept.fixpoint().cells, whole.fixpoint().cells) {
				t.Fatalf("profiles %v, trial %d, step %d (%s): the kept fixpoint leaves groups %v, a whole scan %v", profiled, trial, steps, what, left, want)
			}
			if err := kept.fp.consistent(kept); err != "" {
				t.Fatalf("profiles %v, trial %d, step %d (%s): %s", profiled, trial, steps, what, err)
			}
			steps++
			lost += btoi(len(left) > 0)
		}
		check("first scan")
		var fixed []lit
		var more [][]lit // per level: the pairs fixed there after its own
		for range 60 {
			g := rng.IntN(len(kept.groups))
			pair := kept.freePair(rng, g)
			switch op := rng.IntN(12); {
			case op < 5 && pair != nil:
				fixed = append(fixed, kept.fix(g, pair[0], pair[1]))
				more = append(more, nil)
				check("fix")
			case op < 7 && len(fixed) > 0 && pair != nil:
				kept.partner[g][pair[0]], kept.partner[g][pair[1]] = int8(pair[1]), int8(pair[0])
				kept.touch(g)
				more[len(more)-1] = append(more[len(more)-1], lit{int32(g), int8(pair[0]), int8(pair[1])})
				check("fix at the same level")
			case op < 10 && len(fixed) > 0:
				for _, x := range more[len(more)-1] {
					kept.partner[x.g][x.i], kept.partner[x.g][x.j] = free, free
				}
				kept.unfix(fixed[len(fixed)-1])
				fixed, more = fixed[:len(fixed)-1], more[:len(more)-1]
				back++
				check("unfix")
			case op < 11 && len(fixed) == 0 && pair != nil:
				n := len(kept.groups[g])
				kept.ruled[g][pair[0]*n+pair[1]], kept.ruled[g][pair[1]*n+pair[0]] = true, true
				kept.touch(g)
				check("rule")
			case pair != nil:
				got := kept.refutes(g, pair[0], pair[1])
				whole.partner[g][pair[0]], whole.partner[g][pair[1]] = int8(pair[1]), int8(pair[0])
				if want := len(whole.scan()) > 0; got != want {
					t.Fatalf("profiles %v, trial %d: refutes says %v, a whole scan %v", profiled, trial, got, want)
				}
				whole.partner[g][pair[0]], whole.partner[g][pair[1]] = free, free
				check("probe")
			}
		}
	}
	if steps < 2000 || lost < 200 || back < 300 {
		t.Fatalf("profiles %v: %d steps, %d of them lost, %d pairs set free: too few to test", profiled, steps, lost, back)
	}
}

// freePair returns two free members of group g, not ruled out as a pair, at random;
// nil when there are none.
func (l *learner) freePair(rng *rand.Rand, g int) []int {
	var ones []int
	for i, p := range l.partner[g] {
		if p == free {
			ones = append(ones, i)
		}
	}
	rng.Shuffle(len(ones), func(a, b int) { ones[a], ones[b] = ones[b], ones[a] })
	n := len(l.groups[g])
	for a := range ones {
		for b := a + 1; b < len(ones); b++ {
			if !l.ruled[g][ones[a]*n+ones[b]] {
				return []int{ones[a], ones[b]}
			}
		}
	}
	return nil
}

// mustDeal deals a w × h board without gravity of the given kinds (0: groups of
// four).
func mustDeal(t *testing.T, w, h int, seed uint64, kinds int) *Board {
	t.Helper()
	b, err := DealKinds(w, h, false, seed, kinds)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestKeptFixpointDeals solves 24 × 12 deals that need the pairing search, which
// keeps its fixpoint there, and the same deals with whole scans, and wants the same
// verdicts, both won and lost among them, every win replayed.
func TestKeptFixpointDeals(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	count := map[board.Verdict]int{}
	for _, seed := range []uint64{6, 36, 50, 55, 60, 64, 72, 85, 90, 93, 335, 462, 495, 620, 1634} {
		b := mustDeal(t, 24, 12, seed, 0)
		if b.Tiles() < keptTiles || b.stranded(members(b)) {
			t.Fatalf("deal %d: the search would not keep its fixpoint on it", seed)
		}
		var got [2]board.Verdict
		for k, from := range []int{0, MaxCells + 1} {
			s := newSearch(context.Background())
			s.keptFrom = from
			got[k] = board.Unsolvable
			if s.learn(b.Clone()) {
				got[k] = board.Solvable
				if err := b.Replay(s.path, true); err != nil {
					t.Fatalf("deal %d: %v", seed, err)
				}
			}
		}
		if got[0] != got[1] {
			t.Fatalf("deal %d: %v keeping the fixpoint, %v with whole scans", seed, got[0], got[1])
		}
		count[got[0]]++
	}
	if count[board.Solvable] < 3 || count[board.Unsolvable] < 8 {
		t.Fatalf("verdicts %v: too few of one to test", count)
	}
}

// consistent returns what in fp disagrees with its trail, or "": each cell is empty
// exactly when the board's is or a live entry took its tile, at names the first such
// entry, of lists each group's entries, and the profiles' gone members are those of
// the live pairs in them.
func (fp *fixpoint) consistent(l *learner) string {
	at := slices.Repeat([]int32{-1}, len(fp.at))
	of := make([][]int32, len(fp.of))
	var gone []uint8
	if l.profiled {
		gone = make([]uint8, len(l.prof.gone))
	}
	for k, e := range fp.trail {
		of[e.g] = append(of[e.g], int32(k))
		if e.dead {
			continue
		}
		cs := l.groups[e.g]
		if e.ends != viaOf(cs[e.i], cs[e.mate]) {
			return fmt.Sprintf("entry %d keeps the cells %v of members %d and %d of group %d", k, e.ends, e.i, e.mate, e.g)
		}
		members := []uint8{e.i, e.mate}
		if e.p == -1 {
			members = members[:1]
		}
		for _, i := range members {
			if c := cs[i].Y*l.b.W + cs[i].X; at[c] < 0 {
				at[c] = int32(k)
			}
		}
		if e.p >= 0 {
			gone[3*int(e.g)+int(e.p)] |= 1<<e.i | 1<<e.mate
		}
	}
	for c, k := range at {
		if (k >= 0 || l.b.cells[c] == empty) != (fp.b.cells[c] == empty) {
			return fmt.Sprintf("cell %d is empty: %v; taken by entry %d", c, fp.b.cells[c] == empty, k)
		}
	}
	switch {
	case !slices.Equal(at, fp.at):
		return "at disagrees with the trail"
	case !slices.EqualFunc(of, fp.of, func(a, b []int32) bool { return slices.Equal(a, b) }):
		return "of disagrees with the trail"
	case l.profiled && !slices.Equal(gone, l.prof.gone):
		return "the profiles' gone members disagree with the trail"
	}
	return ""
}

// TestTakingSize keeps a trail entry as small as its doc says: on the reduction's
// boards the trail holds millions, and verify's memory follows it.
func TestTakingSize(t *testing.T) {
	if n := unsafe.Sizeof(taking{}); n != 24 {
		t.Errorf("a trail entry takes %d bytes, want 24", n)
	}
}
