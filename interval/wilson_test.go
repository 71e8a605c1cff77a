package interval

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int64
		lo, hi float64
		tol    float64
		reason string
	}{
		{0, 10, 0, 0.2775, 5e-5, "k = 0: lower bound 0, upper z²/(n+z²)"},
		{5, 10, 0.2366, 0.7634, 5e-5, "symmetric about 1/2"},
		{10, 10, 0.7225, 1, 5e-5, "k = n mirrors k = 0"},
		// Newcombe, "Two-sided confidence intervals for the single proportion: comparison
		// of seven methods", Statistics in Medicine 17 (1998) 857–872, Table II, method 3
		// (score interval without continuity correction).
		{81, 263, 0.2553, 0.3662, 5e-5, "Newcombe 81/263"},
		{15, 148, 0.0624, 0.1605, 5e-5, "Newcombe 15/148"},
		{0, 20, 0, 0.1611, 5e-5, "Newcombe 0/20"},
		{1, 29, 0.0061, 0.1718, 5e-5, "Newcombe 1/29"},
		// de Bondt's default figure at n = 10,000; hand-computed: p = 0.0295,
		// centre = (p + z²/2n)/(1 + z²/n) = 0.0296807, half = 0.0033206.
		{295, 10000, 0.0263601, 0.0330013, 1e-7, "295/10000"},
		{0, 0, 0, 1, 0, "no trials: no information"},
	}
	for _, tc := range tests {
		t.Run(tc.reason, func(t *testing.T) {
			lo, hi := Wilson(tc.k, tc.n, Z95)
			if math.Abs(lo-tc.lo) > tc.tol || math.Abs(hi-tc.hi) > tc.tol {
				t.Errorf("Wilson(%d, %d) = [%.7f, %.7f], want [%.7f, %.7f] ± %g", tc.k, tc.n, lo, hi, tc.lo, tc.hi, tc.tol)
			}
		})
	}
}

func TestWilsonProperties(t *testing.T) {
	for n := int64(1); n <= 60; n++ {
		for k := int64(0); k <= n; k++ {
			lo, hi := Wilson(k, n, Z95)
			p := float64(k) / float64(n)
			if !(0 <= lo && lo <= p && p <= hi && hi <= 1) {
				t.Fatalf("Wilson(%d, %d) = [%g, %g] does not hold %g", k, n, lo, hi, p)
			}
			mlo, mhi := Wilson(n-k, n, Z95)
			if math.Abs(lo-(1-mhi)) > 1e-12 || math.Abs(hi-(1-mlo)) > 1e-12 {
				t.Fatalf("Wilson(%d, %d) is not the mirror of Wilson(%d, %d)", k, n, n-k, n)
			}
			// The interval narrows as n grows with the same proportion.
			lo2, hi2 := Wilson(4*k, 4*n, Z95)
			if hi2-lo2 >= hi-lo {
				t.Fatalf("Wilson(%d, %d) is not narrower than Wilson(%d, %d)", 4*k, 4*n, k, n)
			}
		}
	}
}
