package nopeek

import (
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// BenchmarkPolicies plays each policy on turtle deals 0..49 (sample with 8 boards a
// move) and reports the time a deal takes and the share won.
func BenchmarkPolicies(b *testing.B) {
	d, err := board.NewDealer(instances.Turtle())
	if err != nil {
		b.Fatal(err)
	}
	const deals = 50
	for _, p := range []Policy{Random{}, Greedy{}, DeBondt{}, Sample{K: 8}} {
		b.Run(p.Name(), func(b *testing.B) {
			won := 0
			start := time.Now()
			for range b.N {
				won = 0
				for s := range uint64(deals) {
					w, _, err := Play(d.Deal(s), p, s)
					if err != nil {
						b.Fatal(err)
					}
					if w {
						won++
					}
				}
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N*deals), "ms/deal")
			b.ReportMetric(100*float64(won)/deals, "won-%")
		})
	}
}
