package solver

import "math/bits"

// useNogoods narrows P by the nogoods, as unit propagation does with clauses: when
// every group of a nogood but one is within the nogood's pairings, that group loses
// them (the scan that follows sees it), the nogood its reason on the trail. A
// narrowing may make another nogood unit. It reports false, with the refutation in
// s.conflict, when a nogood holds entirely or a group loses every pairing.
//
// It does what passes over every nogood in order would do, until a pass narrows
// nothing (plainUseNogoods in the tests), and gives the same pairings and conflicts, but it looks only at the nogoods whose watched literals went true (see
// nogoodWatches), as SAT solvers look at the clauses watching a literal that went
// false: the hardest deals learn thousands of nogoods, and passing over all of them
// at every node was a large part of their time.
func (s *search) useNogoods(P []uint8) bool {
	w := &s.watches
	w.grow(len(s.nogoods))
	// The first pass: the nogoods not looked at yet, those that always hold, those
	// a call that found one holding left, and those whose watches a change of their
	// groups' pairings, since the watches were last set, may have spoilt.
	for k := w.nWatched; k < len(s.nogoods); k++ {
		w.add(int32(k), s.nogoods[k])
	}
	w.nWatched = len(s.nogoods)
	for _, k := range w.empty {
		setBit(w.cur, k)
	}
	for _, k := range w.retry {
		setBit(w.cur, k)
	}
	w.retry = w.retry[:0]
	for g := range P {
		if P[g] != w.seen[g] {
			w.touch(int32(g), w.seen[g], P, -1)
		}
	}
	for {
		for wi := 0; wi < len(w.cur); wi++ {
			for w.cur[wi] != 0 {
				b := bits.TrailingZeros64(w.cur[wi])
				w.cur[wi] &^= 1 << b
				k := int32(64*wi + b)
				ng := s.nogoods[k]
				open := -1
			literals:
				for i, x := range ng {
					switch state(P[x.g], x.m) {
					case litFalse: // the nogood cannot hold
						w.setWatches(k, ng, i, -1)
						open = -2
						break literals
					case litTrue:
					default:
						if open >= 0 {
							// Two undecided: nothing to do; they are the ones to watch.
							w.setWatches(k, ng, open, i)
							open = -2
							break literals
						}
						open = i
					}
				}
				switch {
				case open == -1:
					s.used[k] = s.stats.Nodes
					// It holds, with no literal to watch that is false or undecided:
					// the next call looks at it again, as its pairings may differ.
					w.retry = append(w.retry, k)
					w.forget(P)
					s.conflict = ng
					return false
				case open >= 0:
					s.used[k] = s.stats.Nodes
					x := ng[open]
					w.setWatches(k, ng, open, -1) // false from now on
					before := P[x.g]
					P[x.g] &^= x.m
					s.narrowed(x.g, before&x.m, ng, 0)
					if P[x.g] == 0 {
						w.forget(P)
						s.conflict = []lit{{x.g, 0}}
						return false
					}
					w.touch(x.g, before, P, k)
				}
			}
		}
		if !w.pending {
			break
		}
		// The next pass: the nogoods before a narrowing that it may have made unit.
		w.cur, w.next = w.next, w.cur
		w.pending = false
	}
	copy(w.seen, P)
	w.touched = w.touched[:0]
	return true
}

// nogoodWatches is what useNogoods needs to look at few nogoods. Each nogood watches
// two of its literals (its first two; one if it has one), chosen, when it is looked
// at, to be false or undecided where they can: then both are undecided, or one is
// false. Such a nogood stays idle, neither unit nor holding, until a watched literal
// becomes true, or the false one undecided while the other is true; seen is the
// pairings the watches were last made good for. An empty nogood holds always.
type nogoodWatches struct {
	// per literal (see slot): the nogoods that watch it, and some that did
	lists [][]int32
	// per nogood, its watched literals, {-1, 0} for those it lacks (a nogood of one
	// literal or none): touch reads them here, packed, rather than through the
	// nogood's own slice, which costs a cache miss for every entry of a list it walks
	pair     [][2]lit
	seen     []uint8
	nWatched int     // the nogoods that have their watches
	empty    []int32 // the empty nogoods
	// The nogoods to look at in this pass and in the next (bit sets; a pass looks at
	// them in order, as passes over every nogood would), and whether the next has any.
	cur, next []uint64
	pending   bool
	// touched: the groups whose watch lists the call looked at; retry: the nogoods a
	// call that found one holding did not look at (see forget)
	touched, retry []int32
}

// reset empties w for a search of a board of ng groups.
func (w *nogoodWatches) reset(ng int) {
	// Before the lists take the new board's length: renumber empties them over the
	// length they were filled at, so that every list up to their capacity is empty.
	w.renumber()
	if cap(w.lists) < 8*ng {
		w.lists = make([][]int32, 8*ng)
	}
	w.lists = w.lists[:8*ng]
	w.seen = resize(w.seen, ng)
	w.touched = w.touched[:0]
}

// grow makes the pass sets hold n nogoods.
func (w *nogoodWatches) grow(n int) {
	for words := (n + 63) / 64; len(w.cur) < words; {
		w.cur = append(w.cur, 0)
		w.next = append(w.next, 0)
	}
}

func setBit(set []uint64, k int32) { set[k/64] |= 1 << (k % 64) }

// add gives nogood k, ng, its watches and puts it in the first pass.
// Nogoods are added in order, from the first after renumber.
func (w *nogoodWatches) add(k int32, ng []lit) {
	pair := [2]lit{{g: -1}, {g: -1}}
	copy(pair[:], ng)
	w.pair = append(w.pair[:k], pair)
	switch len(ng) {
	case 0:
		w.empty = append(w.empty, k)
		return
	case 1:
		w.lists[slot(ng[0])] = append(w.lists[slot(ng[0])], k)
	default:
		w.lists[slot(ng[0])] = append(w.lists[slot(ng[0])], k)
		w.lists[slot(ng[1])] = append(w.lists[slot(ng[1])], k)
	}
	setBit(w.cur, k)
}

// setWatches makes literals a and b (b < 0: a alone) of nogood k, ng, its watched
// ones, the first two, and adds k to the lists of the literals it newly watches.
func (w *nogoodWatches) setWatches(k int32, ng []lit, a, b int) {
	if len(ng) < 2 {
		return // one literal, always watched
	}
	x0, x1 := ng[0], ng[1]
	if b < 0 {
		if a < 2 {
			return
		}
		ng[0], ng[a] = ng[a], ng[0]
	} else {
		if b == 0 {
			a, b = b, a
		}
		ng[0], ng[a] = ng[a], ng[0]
		ng[1], ng[b] = ng[b], ng[1]
	}
	w.pair[k] = [2]lit{ng[0], ng[1]}
	for _, x := range ng[:2] {
		if x != x0 && x != x1 {
			w.lists[slot(x)] = append(w.lists[slot(x)], k)
		}
	}
}

// slot is the watch list of literal x.
func slot(x lit) int { return 8*int(x.g) + int(x.m&7) }

// state is how a literal of pairings m stands when its group has pairings p: false
// (none of them), true (only them) or undecided.
func state(p, m uint8) int {
	switch {
	case p&m == 0:
		return litFalse
	case p&^m == 0:
		return litTrue
	}
	return litOpen
}

// The states of a literal (see state).
const (
	litFalse = iota
	litOpen
	litTrue
)

// touch puts in the passes the nogoods that watch a literal of group g whose state
// its change of pairings, from old (0: unknown) to P[g], may have spoilt: a literal
// that went true while the other watched one is not false, or that went from false
// to undecided while the other is true (or, either way, there is none). A nogood
// with a false watched literal can neither hold nor be unit: looking at it would
// only load it to learn so. Those after the nogood at which g narrowed (after: -1
// at the start) go in this pass, the others in the next. It drops the entries of
// nogoods that no longer watch the literal.
func (w *nogoodWatches) touch(g int32, old uint8, P []uint8, after int32) {
	w.touched = append(w.touched, g)
	now := P[g]
	for m := uint8(1); m < 8; m++ {
		was, is := state(old, m), state(now, m)
		if !(is == litTrue && was != litTrue || is == litOpen && was == litFalse) {
			continue
		}
		x := lit{g, m}
		list := w.lists[slot(x)]
		for i := 0; i < len(list); {
			k := list[i]
			pair := &w.pair[k]
			other := 1 // where the other watched literal is
			switch {
			case pair[0] == x:
			case pair[1] == x:
				other = 0
			default:
				list[i] = list[len(list)-1]
				list = list[:len(list)-1]
				continue
			}
			i++
			if o := pair[other]; o.g >= 0 {
				// true: idle if the other is false; undecided: unless the other is true
				if st := state(P[o.g], o.m); is == litTrue && st == litFalse || is == litOpen && st != litTrue {
					continue
				}
			}
			if k > after {
				setBit(w.cur, k)
			} else {
				setBit(w.next, k)
				w.pending = true
			}
		}
		w.lists[slot(x)] = list
	}
}

// forget ends a call that found a nogood holding, at pairings P. The nogoods it put in
// a pass and did not look at (new ones among them, whose watches no call has chosen
// yet) are looked at next time. Every other nogood's watches are good for P, the
// pairings the call had narrowed to: those it looked at chose them for P or for
// wider pairings whose narrowing since put them in a pass. So seen takes P, and the
// next call's changes are counted from it, rather than from nothing, which would walk
// the watch lists of every touched group whole for the same result.
func (w *nogoodWatches) forget(P []uint8) {
	for _, g := range w.touched {
		w.seen[g] = P[g]
	}
	w.touched = w.touched[:0]
	for _, set := range [2][]uint64{w.cur, w.next} {
		for wi, word := range set {
			for ; word != 0; word &= word - 1 {
				w.retry = append(w.retry, int32(64*wi+bits.TrailingZeros64(word)))
			}
			set[wi] = 0
		}
	}
	w.pending = false
}

// renumber drops the watch lists after nogoods were forgotten, which renumbers those
// kept: the next call looks at every nogood, as at its first (forgetting is rare).
//
// Only nogoods given their watches fill the lists: with none (as in most deals, won
// before any search) they are empty already.
func (w *nogoodWatches) renumber() {
	if w.nWatched > 0 {
		for x := range w.lists {
			w.lists[x] = w.lists[x][:0]
		}
	}
	w.empty = w.empty[:0]
	w.pair = w.pair[:0]
	clear(w.cur)
	clear(w.next)
	w.pending = false
	w.retry = w.retry[:0]
	w.nWatched = 0
}
