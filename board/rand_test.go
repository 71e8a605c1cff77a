package board_test

import (
	"math"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// TestSplitMix64Golden pins the generator to published SplitMix64 outputs: seed 0 is the
// reference vector of Vigna's splitmix64.c (0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4,
// 0x06c45d188009454f, ... as quoted by many independent test suites), seed 42 likewise;
// seed 7, the seed of the golden deal, was computed with a separate Python
// implementation that reproduces both published vectors.
func TestSplitMix64Golden(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		want []uint64
	}{
		{0, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec}},
		{42, []uint64{0xbdd732262feb6e95, 0x28efe333b266f103, 0x47526757130f9f52, 0x581ce1ff0e4ae394}},
		{7, []uint64{0x63cbe1e459320dd7, 0x044c3cd7f43c661c, 0xe6984080bab12a02, 0x953aeb70673e29cb}},
	} {
		r := board.NewRand(tc.seed)
		for i, want := range tc.want {
			if got := r.Uint64(); got != want {
				t.Errorf("seed %d: value %d = %#016x, want %#016x", tc.seed, i, got, want)
			}
		}
	}
	var zero board.Rand
	if got := zero.Uint64(); got != 0xe220a8397b1dcdaf {
		t.Errorf("zero Rand: first value %#x, want seed 0's", got)
	}
}

// TestIntNAlgorithm checks IntN against its documented algorithm on the raw sequence.
func TestIntNAlgorithm(t *testing.T) {
	t.Run("power of two takes the low bits, never rejects", func(t *testing.T) {
		a, b := board.NewRand(5), board.NewRand(5)
		for range 1000 {
			if got, want := a.IntN(64), int(b.Uint64()%64); got != want {
				t.Fatalf("IntN(64) = %d, want %d", got, want)
			}
		}
	})
	t.Run("rejects values below 2^64 mod n", func(t *testing.T) {
		const n = 3 << 61 // 2^64 mod n = 2^62: a quarter of all values are rejected
		rejected := 0
		for seed := uint64(0); seed < 200; seed++ {
			raw := board.NewRand(seed)
			want := -1
			for want < 0 {
				if v := raw.Uint64(); v >= 1<<62 {
					want = int(v % n)
				} else {
					rejected++
				}
			}
			if got := board.NewRand(seed).IntN(n); got != want {
				t.Fatalf("seed %d: IntN = %d, want %d", seed, got, want)
			}
		}
		if rejected < 20 { // ~50 expected; proves the rejection path was exercised
			t.Errorf("only %d rejections in 200 seeds", rejected)
		}
	})
}

// chiSquareCritical approximates the chi-square quantile for df degrees of freedom at the
// standard normal quantile z (Wilson–Hilferty).
func chiSquareCritical(df int, z float64) float64 {
	d := float64(df)
	c := 2 / (9 * d)
	x := 1 - c + z*math.Sqrt(c)
	return d * x * x * x
}

// chiSquare returns the statistic of counts against equal expected frequencies.
func chiSquare(counts []int, total int) float64 {
	e := float64(total) / float64(len(counts))
	s := 0.0
	for _, c := range counts {
		d := float64(c) - e
		s += d * d / e
	}
	return s
}

func TestIntNUniform(t *testing.T) {
	r := board.NewRand(2024)
	for _, n := range []int{2, 3, 6, 7, 10} {
		counts := make([]int, n)
		const draws = 50000
		for range draws {
			v := r.IntN(n)
			if v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d", n, v)
			}
			counts[v]++
		}
		// z = 3.72: a false alarm once in 10^4 seeds; the seed is fixed, so the test is
		// deterministic, and a biased IntN (e.g. v % n on 3 bits) fails it.
		if x, crit := chiSquare(counts, draws), chiSquareCritical(n-1, 3.72); x > crit {
			t.Errorf("IntN(%d): chi-square %.1f > %.1f, counts %v", n, x, crit, counts)
		}
	}
}

func TestIntNPanicsOnNonPositive(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("IntN(0) did not panic")
		}
	}()
	board.NewRand(1).IntN(0)
}

// TestRandReferenceVector checks the generator against the first outputs of the
// reference splitmix64.c seeded with 1234567.
func TestRandReferenceVector(t *testing.T) {
	want := []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}
	r := board.NewRand(1234567)
	for i, w := range want {
		if got := r.Uint64(); got != w {
			t.Errorf("output %d = %d, want %d", i, got, w)
		}
	}
}

// TestShuffleOrder pins the order of Shuffle's draws: element i (from the last down)
// is swapped with IntN(i+1) of the same generator.
func TestShuffleOrder(t *testing.T) {
	a := []int{0, 1, 2, 3, 4, 5, 6, 7}
	board.NewRand(9).Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
	b := []int{0, 1, 2, 3, 4, 5, 6, 7}
	r := board.NewRand(9)
	for i := len(b) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		b[i], b[j] = b[j], b[i]
	}
	if !slices.Equal(a, b) {
		t.Fatalf("Shuffle %v, by hand %v", a, b)
	}
}
