package shisen

import (
	"context"
	"testing"
	"time"
)

// BenchmarkHardDeals solves two 16 × 9 deals without gravity that the solver takes
// seconds to refute (seeds 19 and 29), and reports the time and nodes a deal.
func BenchmarkHardDeals(b *testing.B) {
	var nodes int64
	start := time.Now()
	for range b.N {
		nodes = 0
		for _, seed := range []uint64{19, 29} {
			bd, err := Deal(16, 9, false, seed)
			if err != nil {
				b.Fatal(err)
			}
			r, err := Solve(context.Background(), bd)
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(2*b.N), "ms/deal")
	b.ReportMetric(float64(nodes)/2, "nodes/deal")
}
