package solver

import "math/bits"

// player plays real games quickly: it keeps the same counters as the scanner, plays
// pairs of groups whose pairing is fixed as soon as both tiles are free (always safe),
// and when none is left commits one unpaired group to a pairing by playing one of its
// free matches. With every pairing fixed it is an exact decision procedure; with
// random commitments it is de Bondt's random solving, guided by the pairings that
// propagation left.
type player struct {
	c       *compiled
	cnt     []uint32     // blocking counts, packed as geometry.cnt32
	gs      []groupState // per group: its free members and working pairings
	ready   [][2]int32
	cand    []int32 // unpaired groups that may have a free match
	allFree []int32 // unpaired groups with all tiles free
	moves   [][2]int32
	removed int
	// avoid is true when the game's random commitments avoid leaving linked pairs
	// (see commitOne)
	avoid bool
	// freeing is true when the game plays, of a group's free matches, the one that
	// frees the most tiles (see mostFreeing)
	freeing bool

	commits [][2]int32 // the game's commitments (group, pairing), in order
	// commitments to make first, from forced[nextForced] on, while they can be made
	forced     [][2]int32
	nextForced int
}

// groupState is what a game keeps of a group: its members free now and its working
// pairings, side by side, as the game reads them together.
type groupState struct {
	fm, q uint8
}

func newPlayer(c *compiled) *player {
	return &player{
		c:   c,
		cnt: make([]uint32, c.n),
		gs:  make([]groupState, c.ng),
	}
}

// reset readies pl, made by newPlayer for a board of c's size, for c, in the memory
// it has (start sets the rest).
func (pl *player) reset(c *compiled) {
	*pl = player{
		c: c, cnt: pl.cnt, gs: pl.gs, ready: pl.ready[:0], cand: pl.cand[:0],
		allFree: pl.allFree[:0], moves: pl.moves[:0], commits: pl.commits[:0],
		forced: pl.forced[:0],
	}
}

// remove takes tile t off the board (see release).
func (pl *player) remove(t int32) {
	pl.removed++
	pl.release(pl.c.geo.drops[t])
}

// release drops the counts of the blocking list drops (a removed tile's, or the
// geometry's opening) and marks the tiles that become free: a fixed pair whose other
// tile is free is ready to play, and an unpaired group gains a free match or gets
// every tile free. The marking is written out in the loop, not called, as it runs for
// nearly every tile of every game.
func (pl *player) release(drops []uint64) {
	c := pl.c
	cnt := pl.cnt
	for _, e := range drops {
		u := uint32(e >> 32)
		k := cnt[u] - uint32(e)
		if becomesFree(k) {
			k |= freeMark
			// The masks (slot < 4, mask < 8, one pairing < 4) are no-ops that spare the
			// bounds checks and shift guards.
			g, l := c.group[u], c.slot[u]&3
			gs := &pl.gs[g]
			fm := gs.fm | 1<<l
			gs.fm = fm
			switch mask := gs.q; {
			case mask&(mask-1) == 0:
				if o := partner[pairingIndex(mask)&3][l] & 3; fm&(1<<o) != 0 {
					pl.ready = append(pl.ready, [2]int32{c.members[g][o], int32(u)})
				}
			case fm == c.full[g]:
				pl.allFree = append(pl.allFree, g)
			case partnerMask[mask&7][l]&fm != 0:
				pl.cand = append(pl.cand, g)
			}
		}
		cnt[u] = k
	}
}

// becomesFree reports whether a tile whose packed counts (see geometry.cnt32) have
// just dropped to k becomes free now: nothing lies on it, a side is clear, and it was
// not free before (the mark). Counts only drop (the opening's entries drop nothing),
// so the test needs no branch on which count dropped. Each mask keeps all but one
// side's count: one of them is zero exactly when the tile is free now and unmarked.
func becomesFree(k uint32) bool {
	return min(k&0xff00ffff, k&0xffff00ff) == 0
}

// commit fixes group g to pairing p, records the commitment and queues its pairs that
// are already free.
func (pl *player) commit(g int32, p int) {
	c := pl.c
	gs := &pl.gs[g]
	gs.q = 1 << (p & 3)
	pl.commits = append(pl.commits, [2]int32{g, int32(p)})
	m := &c.members[g]
	r := &freePairs[p&3][gs.fm&15]
	for _, kl := range r.kl[:r.n&3] {
		pl.ready = append(pl.ready, [2]int32{m[kl[0]&3], m[kl[1]&3]})
	}
}

// freePairs[p][free] lists the pairs of pairing p whose two members are both in the
// member mask free, each as its two members (p = 3, as in pairsIn, has none).
var freePairs [4][16]struct {
	n  uint8
	kl [2][2]uint8
}

func init() {
	for p := range 3 {
		for free := range 16 {
			r := &freePairs[p][free]
			for _, pair := range pairBits[p] {
				if uint8(free)&pair == pair {
					k, l := pairSlots(pair)
					r.kl[r.n] = [2]uint8{uint8(k), uint8(l)}
					r.n++
				}
			}
		}
	}
}

// start resets the game to the initial position under pairings P.
func (pl *player) start(P []uint8) {
	c := pl.c
	copy(pl.cnt, c.geo.cnt32)
	for g, m := range P {
		pl.gs[g] = groupState{q: m}
	}
	pl.ready = pl.ready[:0]
	pl.cand = pl.cand[:0]
	pl.allFree = pl.allFree[:0]
	pl.moves = pl.moves[:0]
	pl.commits = pl.commits[:0]
	pl.forced, pl.nextForced = pl.forced[:0], 0
	pl.removed = 0
	pl.release(c.geo.opening)
}

// settle plays ready pairs of fixed groups until none is left and reports whether the
// board is clear.
func (pl *player) settle() bool {
	for len(pl.ready) > 0 {
		m := pl.ready[len(pl.ready)-1]
		pl.ready = pl.ready[:len(pl.ready)-1]
		pl.moves = append(pl.moves, m)
		pl.remove(m[0])
		pl.remove(m[1])
	}
	return pl.removed == pl.c.n
}

// finish plays the game on from the current position (after start, or restore),
// committing unpaired groups at random with rng (nil: always the first choice). It
// reports whether the board was cleared; the moves are in pl.moves.
func (pl *player) finish(rng *wyrand) bool {
	for {
		if pl.settle() {
			return true
		}
		if !pl.commitOne(rng) {
			return false
		}
	}
}

// position is a player's position between moves, with no ready pair pending.
type position struct {
	cnt           []uint32
	gs            []groupState
	cand, allFree []int32
	moves         [][2]int32
	removed       int
}

// save records the position in p (whose slices it reuses).
func (pl *player) save(p *position) {
	p.cnt = append(p.cnt[:0], pl.cnt...)
	p.gs = append(p.gs[:0], pl.gs...)
	p.cand = append(p.cand[:0], pl.cand...)
	p.allFree = append(p.allFree[:0], pl.allFree...)
	p.moves = append(p.moves[:0], pl.moves...)
	p.removed = pl.removed
}

// restore goes back to a position saved with save.
func (pl *player) restore(p *position) {
	copy(pl.cnt, p.cnt)
	copy(pl.gs, p.gs)
	pl.cand = append(pl.cand[:0], p.cand...)
	pl.allFree = append(pl.allFree[:0], p.allFree...)
	pl.moves = append(pl.moves[:0], p.moves...)
	pl.removed = p.removed
	pl.commits = pl.commits[:0]
	pl.forced, pl.nextForced = pl.forced[:0], 0
	pl.ready = pl.ready[:0]
}

// wyrand is a small, fast pseudo-random generator (Wang Yi's wyrand) for the random
// games: math/rand/v2's PCG, called through its Source interface, cost a call
// through an interface per draw. The same seed gives the same numbers on every
// machine.
type wyrand struct{ s uint64 }

// IntN returns a number in [0, n) for n > 0, by a multiply-shift (its bias, below
// n/2^64, does not matter here).
func (r *wyrand) IntN(n int) int {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	hi, _ = bits.Mul64(hi^lo, uint64(n))
	return int(hi)
}
