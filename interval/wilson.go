package interval

import "math"

// Z95 is the standard normal quantile for a two-sided 95% interval, Φ⁻¹(0.975).
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval for k successes in n trials at normal
// quantile z (use [Z95] for 95%):
//
//	centre = (p + z²/2n) / (1 + z²/n)
//	half   = z/(1 + z²/n) · √(p(1-p)/n + z²/4n²),  p = k/n
//
// The bounds are clamped to [0, 1]; they are exactly 0 when k = 0 and 1 when k = n.
// With n = 0 it returns [0, 1] (no information).
func Wilson(k, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = centre-half, centre+half
	if k <= 0 {
		lo = 0
	}
	if k >= n {
		hi = 1
	}
	return max(lo, 0), min(hi, 1)
}
