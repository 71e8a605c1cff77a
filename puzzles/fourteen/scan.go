package fourteen

import (
	"context"
	"math"
)

// ScanResult is the outcome of [Scan].
type ScanResult struct {
	Deals, Won int
	// Lo and Hi bound the 95% Wilson score interval for the winnable fraction.
	Lo, Hi float64
}

// Fraction returns Won/Deals.
func (r ScanResult) Fraction() float64 { return float64(r.Won) / float64(r.Deals) }

// Wilson returns the Wilson score interval for won successes in n trials
// at normal quantile z (1.959964 for 95%).
func Wilson(won, n int, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	p := float64(won) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(0, mid-half), min(1, mid+half)
}

// Scan solves the deals for seeds from ≤ seed < to natively and returns
// how many are winnable with a 95% Wilson interval. If ctx ends first it
// returns the deals finished so far and ErrUnknown. progress, if not nil,
// is called after each deal.
func Scan(ctx context.Context, from, to uint64, progress func(done, won int)) (ScanResult, error) {
	var r ScanResult
	var err error
	for s := from; s < to; s++ {
		_, ok, _, e := Solve(ctx, Deal(s))
		if e != nil {
			err = e
			break
		}
		r.Deals++
		if ok {
			r.Won++
		}
		if progress != nil {
			progress(r.Deals, r.Won)
		}
	}
	r.Lo, r.Hi = Wilson(r.Won, r.Deals, 1.959964)
	return r, err
}
