package shisen

import (
	"unsafe"

	"github.com/zeebo/xxh3"
)

// refuted is the set of positions that a search over moves refuted, so that it does
// not refute them again when other orders of moves lead back to them. A position is
// kept as a 127-bit hash of its cells, not as the cells (two bytes a cell): two
// positions of one search share a hash with a chance below 2^-75 even after 2^25 of
// them. The hashes lie in one open-addressed array, 16 bytes a slot and nothing
// else, at most three quarters of it taken, so that most look-ups end at the first
// slot they try. The set is bounded: once full, a new position takes the slot where
// its look-up starts, and the position held there is forgotten (to be refuted again
// if the search meets it). A set that kept its first positions and took no more
// would hold the corners a long search refuted first and none of where it is now,
// which it would then refute again each time it came back to them (docs/perf.md).
type refuted struct {
	slots [][2]uint64 // the hashes, at the slot of their first word or after it; {0, 0} is a free slot
	n     int         // the hashes held
	max   int         // the positions kept at most
}

// firstSlots is the slots of a new set: it doubles as it fills.
const firstSlots = 1 << 10

// newRefuted returns an empty set that keeps at most max positions (0: maxRefuted).
func newRefuted(max int) *refuted {
	if max <= 0 {
		max = maxRefuted
	}
	return &refuted{
		slots: make([][2]uint64, firstSlots),
		max:   max,
	}
}

// key returns the hash of b's position: XXH3's 128 bits of its cells, one pass over
// their memory as it lies, as the search hashes a position or two a node and a copy
// of the cells would cost more than the hash (docs/perf.md). It is never {0, 0},
// which marks a free slot.
func (r *refuted) key(b *Board) [2]uint64 {
	h := xxh3.Hash128(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(b.cells))), 2*len(b.cells)))
	return [2]uint64{h.Lo, h.Hi | 1}
}

// has reports whether the position of key k was refuted.
func (r *refuted) has(k [2]uint64) bool {
	_, ok := r.slot(k)
	return ok
}

// slot returns the slot that holds k, and true, or the free slot where its look-up
// ends, and false.
func (r *refuted) slot(k [2]uint64) (uint64, bool) {
	mask := uint64(len(r.slots) - 1)
	for i := k[0] & mask; ; i = (i + 1) & mask {
		switch r.slots[i] {
		case k:
			return i, true
		case [2]uint64{}:
			return i, false
		}
	}
}

// add records the position of key k as refuted; on a full set, in place of the one
// held where its look-up starts; not at all if that slot is free, as taking it would
// fill the slots past their bound (a full set has 3/8 to 3/4 of its slots taken).
func (r *refuted) add(k [2]uint64) {
	if r.n >= r.max {
		// The slot stays taken, so the look-ups that went on past it still do.
		if i := k[0] & uint64(len(r.slots)-1); r.slots[i] != [2]uint64{} && !r.has(k) {
			r.slots[i] = k
		}
		return
	}
	if 4*(r.n+1) > 3*len(r.slots) {
		r.grow()
	}
	if r.put(k) {
		r.n++
	}
}

// put stores k in its slot, or after it, and reports whether it was new.
func (r *refuted) put(k [2]uint64) bool {
	i, held := r.slot(k)
	r.slots[i] = k
	return !held
}

// grow doubles the slots, so that at most three quarters are taken: probes stay
// short.
func (r *refuted) grow() {
	old := r.slots
	r.slots = make([][2]uint64, 2*len(old))
	for _, k := range old {
		if k != [2]uint64{} {
			r.put(k)
		}
	}
}
