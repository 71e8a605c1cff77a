package solver

import "math/bits"

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
// to its first win. In a game with pl.freeing, of the drawn group's
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
// go wrong, the tiles a move frees are what tells a winning move.
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
