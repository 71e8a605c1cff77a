package fourteen

import (
	"context"

	"github.com/mjsat/mjsat/interval"
)

// ScanResult is the outcome of [Scan].
type ScanResult struct {
	Deals, Won int
	// Lo and Hi bound the 95% Wilson score interval for the winnable fraction.
	Lo, Hi float64
}

// Fraction returns Won/Deals.
func (r ScanResult) Fraction() float64 { return float64(r.Won) / float64(r.Deals) }

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
	r.Lo, r.Hi = interval.Wilson(int64(r.Won), int64(r.Deals), interval.Z95)
	return r, err
}
