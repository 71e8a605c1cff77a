package shisen

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// profiledReference plays the relaxed game with profiles (profile.go) the plain way,
// as a reference: over and over, every pair of every allowed pairing of a group kept
// in profiles that a path joins in its profile goes there, every member gone in some
// profile leaves the board, and every other tile that goes says can go leaves it,
// until a whole round changes nothing. It returns the cells left.
func profiledReference(l *learner) []int16 {
	l.startProfiles()
	clear(l.prof.gone)
	pf := &l.prof
	r := l.b.Clone()
	for changed := true; changed; {
		changed = false
		for g, cs := range l.groups {
			if !l.inProfiles(g) {
				for i, c := range cs {
					if k := c.Y*r.W + c.X; r.cells[k] != empty && l.goes(r, g, i) {
						r.cells[k] = empty
						changed = true
					}
				}
				continue
			}
			var union uint8
			for p, pairs := range pairings {
				if l.ruled[g][p+1] {
					continue
				}
				for _, pr := range pairs {
					x, y := pr[0], pr[1]
					if pf.gone[3*g+p]&(1<<x|1<<y) == 0 && connected(l.pathIn(r, g, p, cs[x], cs[y])) {
						pf.gone[3*g+p] |= 1<<x | 1<<y
						changed = true
					}
				}
				union |= pf.gone[3*g+p]
			}
			for i, c := range cs {
				if k := c.Y*r.W + c.X; union&(1<<i) != 0 && r.cells[k] != empty {
					r.cells[k] = empty
					changed = true
				}
			}
		}
	}
	return r.cells
}

// TestProfiledScanMatchesReference wants the scans with profiles to leave the cells
// that profiledReference leaves, on boards laid out as the reduction's and on small
// random boards, under pairs fixed and ruled out at random.
func TestProfiledScanMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	stacks := [][]string{{"a", "a", "b"}, {"b", "b", "c"}, {"c", "c", "a"}, {"a", "b", "c"}}
	checked, lost := 0, 0
	for trial := range 400 {
		var b *Board
		if trial%4 == 0 {
			rng.Shuffle(len(stacks), func(i, j int) { stacks[i], stacks[j] = stacks[j], stacks[i] })
			b = channels(t, stacks)
		} else {
			b = randomBoard(t, rng, 4+2*rng.IntN(3), 4+rng.IntN(4), false)
		}
		s := newSearch(context.Background())
		s.profileFrom = 1
		l := newLearner(s, b)
		ref := newLearner(s, b)
		for range 8 {
			left := l.scan()
			for g := range l.groups {
				copy(ref.partner[g], l.partner[g])
				copy(ref.ruled[g], l.ruled[g])
			}
			ref.prof.after = l.prof.after
			ref.prof.gone = make([]uint8, 3*len(l.groups))
			want := profiledReference(ref)
			if got := l.fixpoint().cells; !slices.Equal(got, want) {
				t.Fatalf("trial %d: the scan leaves\n%v\nthe reference\n%v", trial, got, want)
			}
			checked++
			lost += btoi(len(left) > 0)
			g := rng.IntN(len(l.groups))
			if pair := l.freePair(rng, g); pair != nil {
				if rng.IntN(2) == 0 {
					l.partner[g][pair[0]], l.partner[g][pair[1]] = int8(pair[1]), int8(pair[0])
				} else {
					n := len(l.groups[g])
					l.ruled[g][pair[0]*n+pair[1]], l.ruled[g][pair[1]*n+pair[0]] = true, true
				}
				l.touch(g)
			}
		}
	}
	if checked < 2000 || lost < 200 {
		t.Fatalf("%d scans, %d of them lost: too few to test", checked, lost)
	}
}

// connected drops pathIn's path.
func connected(_ [2]corner, ok bool) bool { return ok }
