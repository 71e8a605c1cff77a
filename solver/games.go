package solver

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
		//.
		pl.avoid = !s.searching || s.stats.Playouts%2 == 0
		// The games before the search play the most freeing match (see mostFreeing);
		// those at its nodes do not: there they won sooner, but their best games
		// led the hardest deals' searches to more nodes.
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
