package board

// Rand is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014; Vigna's reference splitmix64.c): a 64-bit state advanced by
// the golden-ratio increment 0x9e3779b97f4a7c15 and output through a fixed mixing
// function. Its sequence is fixed by this definition, so a seed gives the same numbers on
// every machine and Go release — which math/rand does not promise. It is for
// reproducible deals and generated instances, not for cryptography.
//
// The zero value is the generator seeded with 0.
type Rand struct {
	state uint64
}

// NewRand returns a SplitMix64 generator whose state starts at seed.
func NewRand(seed uint64) *Rand { return &Rand{state: seed} }

// Uint64 returns the next value:
//
//	state += 0x9e3779b97f4a7c15
//	z := state
//	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
//	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
//	return z ^ (z >> 31)
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a uniformly distributed integer in [0, n) by rejection sampling: with
// m = 2^64 mod n, it draws v = Uint64() until v >= m, and returns v mod n. The accepted
// range [m, 2^64) holds a multiple of n values, so every result is equally likely; at most
// one draw in two is rejected, and none when n is a power of two. IntN panics when n <= 0
// (a programming error, as in math/rand).
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("board: Rand.IntN: n <= 0")
	}
	un := uint64(n)
	m := -un % un // (2^64 - n) mod n = 2^64 mod n
	for {
		if v := r.Uint64(); v >= m {
			return int(v % un)
		}
	}
}

// Shuffle permutes n elements uniformly by Fisher–Yates from the last element down:
// element i is swapped (by swap) with element IntN(i+1). The order of the draws is part
// of the definition: deals and the Fourteen puzzle's deals depend on it.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
