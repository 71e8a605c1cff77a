package solver

import (
	"math"
	"math/bits"
)

// What a finished scan tells the search about each group's pairings: which held
// out longest, which got stuck, and when a group's last tile went.

// witnessed reports whether, in the last scan, pairing p of group g removed every tile
// of g as early as any allowed pairing did. Then the scan with g fixed to p removes the
// same tiles at the same steps, so probing p would teach nothing.
func (s *scanner) witnessed(g int, p int, mask uint8) bool {
	c := s.c
	for k := 0; k < 4; k++ {
		if c.members[g][k] < 0 {
			break
		}
		t := s.tauP[12*g+4*p+k]
		for q := 0; q < 3; q++ {
			if mask&(1<<q) != 0 && s.tauP[12*g+4*q+k] < t {
				return false
			}
		}
	}
	return true
}

// stuck returns the pairings in mask whose profile of group g got stuck in the last
// scan. After a scan that cleared the board they are impossible (see profileEnd).
//
// A profile is stuck when it has not removed every member: the test reads the
// profiles' masks, not their evaluation numbers, as it runs for every group at every
// node.
func (s *scanner) stuck(g int, mask uint8) uint8 {
	var st uint8
	full := s.c.full[g]
	rmP := s.rmP[3*g : 3*g+3 : 3*g+3]
	for p := 0; p < 3; p++ {
		if mask&(1<<p) != 0 && rmP[p] != full {
			st |= 1 << p
		}
	}
	return st
}

// profileEnd returns the evaluation at which pairing p of group g removed its last
// tile in the last scan, or MaxInt32 when that profile got stuck. After a scan that
// cleared the board, a stuck profile proves the pairing impossible: fixing g to p
// only removes tiles later. It is lastEval(g, 1<<p) without the loop over pairings:
// the stuck-profile rule calls it for every group after every deal's first scan.
func (s *scanner) profileEnd(g int, p int) int32 {
	var last int32
	for k := 0; k < 4; k++ {
		if s.c.members[g][k] < 0 {
			break
		}
		last = max(last, s.tauP[12*g+4*p+k])
	}
	return last
}

// lastEval returns the evaluation at which the last tile of group g went under the
// pairings mask (the earliest of them for each tile; MaxInt32 when a tile never went).
func (s *scanner) lastEval(g int, mask uint8) int32 {
	var last int32
	for k := 0; k < 4; k++ {
		if s.c.members[g][k] < 0 {
			break
		}
		t := int32(math.MaxInt32)
		for q := 0; q < 3; q++ {
			if mask&(1<<q) != 0 && s.tauP[12*g+4*q+k] < t {
				t = s.tauP[12*g+4*q+k]
			}
		}
		if t > last {
			last = t
		}
	}
	return last
}

// pairingIndex returns the index of the single pairing in a one-bit mask (its
// callers check that it has one bit). It has no branch: the games call it for
// nearly every tile they free.
func pairingIndex(mask uint8) int {
	return bits.TrailingZeros8(mask)
}

func popcount3(mask uint8) int {
	return int(mask&1 + mask>>1&1 + mask>>2&1)
}
