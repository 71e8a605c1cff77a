package shisen

import "hash/maphash"

// refuted is the set of positions that a search over moves refuted, so that it does
// not refute them again when other orders of moves lead back to them. A position is
// kept as a 128-bit hash of its cells, not as the cells (two bytes a cell): the set
// holds about twenty times more positions of a 30 × 16 board in the same memory, and
// two positions of one search share a hash with a chance below 2^-80 even after 2^24
// of them. The set is bounded: once full it keeps what it holds and takes no more,
// and the search refutes the others again whenever it meets them.
type refuted struct {
	seen  map[[2]uint64]struct{}
	seeds [2]maphash.Seed
	max   int // the positions kept at most
	buf   []byte
}

// newRefuted returns an empty set that keeps at most max positions (0: maxRefuted).
func newRefuted(max int) *refuted {
	if max <= 0 {
		max = maxRefuted
	}
	return &refuted{seen: map[[2]uint64]struct{}{}, seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, max: max}
}

// key returns the hash of b's position, key(b).
func (r *refuted) key(b *Board) [2]uint64 {
	r.buf = b.appendKey(r.buf[:0])
	return [2]uint64{maphash.Bytes(r.seeds[0], r.buf), maphash.Bytes(r.seeds[1], r.buf)}
}

// has reports whether the position of key k was refuted.
func (r *refuted) has(k [2]uint64) bool {
	_, ok := r.seen[k]
	return ok
}

// add records the position of key k as refuted, unless the set is full.
func (r *refuted) add(k [2]uint64) {
	if len(r.seen) < r.max {
		r.seen[k] = struct{}{}
	}
}
