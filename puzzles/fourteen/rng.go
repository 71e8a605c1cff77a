package fourteen

// SplitMix64 is Steele, Lea and Flood's SplitMix64 generator (the
// reference C code is Vigna's splitmix64.c). Its sequence is fixed by the
// algorithm, so deals made from a seed are the same on every machine and Go
// version, unlike math/rand's unspecified sequences.
type SplitMix64 struct{ state uint64 }

// NewSplitMix64 returns the generator with the given seed.
func NewSplitMix64(seed uint64) *SplitMix64 { return &SplitMix64{seed} }

// Uint64 returns the next 64 bits.
func (r *SplitMix64) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Uint64n returns a uniform value in [0, n), n > 0, by rejection: draws
// below 2^64 mod n are thrown away so that every residue is equally likely.
func (r *SplitMix64) Uint64n(n uint64) uint64 {
	threshold := -n % n // 2^64 mod n
	for {
		if x := r.Uint64(); x >= threshold {
			return x % n
		}
	}
}

// Shuffle permutes a uniformly (Fisher–Yates, from the last element down:
// a[i] is swapped with a[Uint64n(i+1)]).
func (r *SplitMix64) Shuffle(a []int) {
	for i := len(a) - 1; i > 0; i-- {
		j := int(r.Uint64n(uint64(i + 1)))
		a[i], a[j] = a[j], a[i]
	}
}
