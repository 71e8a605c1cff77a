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

// freeMatchPairings returns the pairings of unpaired group g (within its allowed
// ones) that pair two of its currently free tiles.
func (pl *player) freeMatchPairings(g int32) uint8 {
	fm := &freeMatches[pl.gs[g].q&7][pl.gs[g].fm&15]
	var out uint8
	for _, p := range fm.p[:fm.n] {
		out |= 1 << p
	}
	return out
}

// freeMatches[mask][free] lists, for a group with allowed pairings mask and free
// members free, each pairing of mask once per pair of it whose two members are free,
// in order.
var freeMatches [8][16]struct {
	n uint8
	p [6]uint8
}

func init() {
	for mask := range 8 {
		for free := range 16 {
			m := &freeMatches[mask][free]
			for p := range 3 {
				if mask&(1<<p) == 0 {
					continue
				}
				for _, pair := range pairBits[p] {
					if uint8(free)&pair == pair {
						m.p[m.n] = uint8(p)
						m.n++
					}
				}
			}
		}
	}
}

// commitOne commits one unpaired group that has a free match: the next forced
// commitment while there is one and it can be made, else a group with every tile free
// (any pairing clears it at once), else one at random. It reports false when no group
// can move: the game is lost.
//
// In a game that avoids linked pairs (pl.avoid), a random commitment does not leave
// one (see compiled.linked) to be played later: among the group's free matches it
// takes one that leaves none, and when every one does, it puts the group back once and
// draws another. Such a pair can only go when the chain between its tiles breaks, and
// a game that leaves one loses more often: the rule cuts the games a turtle deal needs
// to its first win (docs/perf.md). In a game with pl.freeing, of the drawn group's
// free matches it plays the one that frees the most tiles (see mostFreeing).
func (pl *player) commitOne(rng *wyrand) bool {
	if pl.nextForced < len(pl.forced) {
		f := pl.forced[pl.nextForced]
		pl.nextForced++
		if g := f[0]; pl.gs[g].q&(pl.gs[g].q-1) != 0 && pl.freeMatchPairings(g)&(1<<f[1]) != 0 {
			pl.commit(g, int(f[1]))
			return true
		}
		pl.nextForced = len(pl.forced) // it cannot: play on at random
	}
	for len(pl.allFree) > 0 {
		g := pl.allFree[len(pl.allFree)-1]
		pl.allFree = pl.allFree[:len(pl.allFree)-1]
		mask := pl.gs[g].q
		if mask&(mask-1) == 0 {
			continue
		}
		p := 0
		for mask&(1<<p) == 0 {
			p++
		}
		pl.commit(g, p)
		return true
	}
	putBack := rng != nil
	for len(pl.cand) > 0 {
		i := len(pl.cand) - 1
		if rng != nil {
			i = rng.IntN(len(pl.cand))
		}
		g := pl.cand[i]
		pl.cand[i] = pl.cand[len(pl.cand)-1]
		pl.cand = pl.cand[:len(pl.cand)-1]
		gs := pl.gs[g]
		mask := gs.q
		if mask&(mask-1) == 0 {
			continue
		}
		// The free matches the allowed pairings admit: a pairing once per free pair.
		fm := &freeMatches[mask&7][gs.fm&15]
		n := int(fm.n)
		if n == 0 {
			continue
		}
		j := 0
		if rng != nil {
			j = rng.IntN(n)
		}
		safe := uint8(7) // the pairings the game may take
		if l := pl.c.linked[g]; l != 0 && pl.avoid {
			safe = safePairings[l&63][gs.fm&15]
			k, ok := unlinked(safe, fm.p[:n], j)
			if !ok && putBack && len(pl.cand) > 0 {
				putBack = false
				pl.cand = append(pl.cand, g)
				continue
			}
			if !ok {
				safe = 7 // every match leaves one: any will do
			}
			j = k
		}
		if n > 1 && pl.freeing {
			j = pl.mostFreeing(g, fm.p[:n], j, safe)
		}
		pl.commit(g, int(fm.p[j]))
		return true
	}
	return false
}

// mostFreeing returns, of the free matches ps of group g, the one whose pairs played
// now free the most tiles, the first such from the j-th on and round (j is drawn at
// random, but in a game's first choices), among those whose pairing is in safe (the
// j-th is one): in a game that avoids linked pairs, those that leave none to be played
// later when there are any.
//
// The choice matters when three members are free: each pairing then plays one pair,
// and the best leaves out the free member that frees the fewest tiles. A free tile
// opens more choices for the rest of the game; late in a game, where most lost games
// go wrong, the tiles a move frees are what tells a winning move (docs/perf.md has
// the games won and their cost with and without the rule).
func (pl *player) mostFreeing(g int32, ps []uint8, j int, safe uint8) int {
	c := pl.c
	fm := pl.gs[g].fm & 15
	m := &c.members[g]
	var fr [4]int
	for f := fm; f != 0; f &= f - 1 {
		k := bits.TrailingZeros8(f) & 3
		fr[k] = pl.frees(m[k])
	}
	best, bj := -1, j
	for d := range ps {
		k := j + d
		if k >= len(ps) {
			k -= len(ps)
		}
		p := ps[k] & 3
		if safe&(1<<p) == 0 {
			continue
		}
		sc := 0
		for x := pairsIn[p][fm]; x != 0; x &= x - 1 {
			sc += fr[bits.TrailingZeros8(x)&3]
		}
		if sc > best {
			best, bj = sc, k
		}
	}
	return bj
}

// frees returns how many tiles the removal of tile t alone would make free now.
func (pl *player) frees(t int32) int {
	c := pl.c
	n := 0
	for _, e := range c.geo.drops[t] {
		if becomesFree(pl.cnt[uint32(e>>32)] - uint32(e)) {
			n++
		}
	}
	return n
}

// unlinked returns the first of the free matches ps, from the j-th on and round, whose
// pairing is in safe (safePairings of the group's linked pairs and free members: it
// leaves no linked pair to be played later), and true; or j and false when none is.
func unlinked(safe uint8, ps []uint8, j int) (int, bool) {
	for d := range ps {
		k := j + d
		if k >= len(ps) {
			k -= len(ps)
		}
		if safe&(1<<ps[k]) != 0 {
			return k, true
		}
	}
	return j, false
}

// safePairings[l][fm] is the set of pairings that leave no linked pair to be played
// later, for a group whose linked pairs are l (see compiled.linked) and whose free
// members are fm: a pairing is unsafe when one of its pairs is linked and not free.
var safePairings [64][16]uint8

func init() {
	for l := range 64 {
		for fm := range 16 {
			for p := range 3 {
				safe := true
				for i, pair := range pairBits[p] {
					if l&(1<<(2*p+i)) != 0 && uint8(fm)&pair != pair {
						safe = false
					}
				}
				if safe {
					safePairings[l][fm] |= 1 << p
				}
			}
		}
	}
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

// gameCut is a checkpoint of a batch of random games: past its first at games, the
// batch goes on only when the best game of the run so far came within near tiles of
// clearing the board (see run).
type gameCut struct{ at, near int }

// tryPlayouts plays n random games under P and keeps the first that clears the board,
// stopping early at the first of cuts whose test fails. The games share their opening,
// the pairs of fixed groups free before any choice is made, which is played once.
//
// Half the games after the first replay a random prefix of the commitments of the
// run's best game so far, then go on at random, as nested Monte Carlo search does:
// the best game is close to a winning play more often than a random one is.
func (s *search) tryPlayouts(P []uint8, n int, cuts ...gameCut) bool {
	if n <= 0 {
		return false
	}
	pl := s.pl
	pl.start(P)
	cleared := pl.settle()
	pl.save(&s.opening)
	s.bestHere, s.nsnap = false, 0
	for i := 0; i < n; i++ {
		if i%16 == 15 && s.stop.stopped() {
			panic(stopped{})
		}
		for _, k := range cuts {
			if i == k.at && s.phaseRemoved < s.c.n-k.near {
				return false
			}
		}
		s.stats.Playouts++
		// Every game before the search avoids linked pairs, and every other one at
		// the search's nodes, whose best game is the phase the branching follows:
		// on the hardest deals the search took more nodes when every game there
		// avoided them than when none did, and the fewest when every other one did
		// (docs/perf.md).
		pl.avoid = !s.searching || s.stats.Playouts%2 == 0
		// The games before the search play the most freeing match (see mostFreeing);
		// those at its nodes do not: there they won sooner, but their best games
		// led the hardest deals' searches to more nodes (docs/perf.md).
		pl.freeing = !s.searching
		var r *wyrand
		if i > 0 {
			r = &s.rng
			if len(s.bestGame) > 0 && r.IntN(2) == 0 {
				cleared = s.replayPrefix(r.IntN(len(s.bestGame) + 1))
			} else {
				pl.restore(&s.opening)
			}
		}
		if cleared || pl.finish(r) {
			s.solution = append(s.solution[:0], pl.moves...)
			return true
		}
		if pl.removed >= s.phaseRemoved {
			s.phaseRemoved = pl.removed
			for g, st := range pl.gs {
				s.phase[g] = st.q
			}
			// The saved positions of the commitments the game shares with the last
			// best stay (a game that replayed a prefix shares at least that).
			same := 0
			if s.bestHere {
				for same < min(len(s.bestGame), len(pl.commits)) && s.bestGame[same] == pl.commits[same] {
					same++
				}
			}
			s.nsnap = min(s.nsnap, same/snapEvery)
			s.bestGame = append(s.bestGame[:0], pl.commits...)
			s.bestHere = true
		}
	}
	return false
}

// snapEvery is how many commitments of the best game lie between its saved positions.
const snapEvery = 8

// replayPrefix sets up the player to replay the first k commitments of the best game
// and reports whether the board is already cleared.
//
// A best game of an earlier batch, under other pairings, is replayed from the opening
// while its commitments can be made. One of this batch is replayed from the last of its
// saved positions at or before k, saving those passed that are not saved yet: the
// position after a commitment depends only on the commitments before it, so the games
// are the same as if replayed from the opening, only cheaper.
func (s *search) replayPrefix(k int) bool {
	pl := s.pl
	if !s.bestHere {
		pl.restore(&s.opening)
		pl.forced = append(pl.forced, s.bestGame[:k]...)
		return false
	}
	j := min(k/snapEvery, s.nsnap)
	if j == 0 {
		pl.restore(&s.opening)
	} else {
		pl.restore(&s.snaps[j-1])
		pl.commits = append(pl.commits, s.bestGame[:j*snapEvery]...)
	}
	for _, f := range s.bestGame[j*snapEvery : k] {
		pl.commit(f[0], int(f[1]))
		if pl.settle() {
			return true
		}
		if len(pl.commits) == (s.nsnap+1)*snapEvery {
			if s.nsnap == len(s.snaps) {
				s.snaps = append(s.snaps, position{})
			}
			pl.save(&s.snaps[s.nsnap])
			s.nsnap++
		}
	}
	return false
}
