package nopeek

import (
	"fmt"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// BenchmarkPolicies plays each policy on turtle deals 0..49 (sample with 8, 16, 64 and
// 128 boards a move, as in docs/results.md, and with 16 and ties broken by games on 32
// more) and reports the time a deal takes and the share won.
func BenchmarkPolicies(b *testing.B) {
	d, err := board.NewDealer(instances.Turtle())
	if err != nil {
		b.Fatal(err)
	}
	const deals = 50
	for _, p := range []Policy{Random{}, Greedy{}, DeBondt{}, Sample{K: 8}, Sample{K: 16}, Sample{K: 16, Rollouts: 32}, Sample{K: 64}, Sample{K: 128}} {
		name := p.Name()
		if s, ok := p.(Sample); ok {
			name = fmt.Sprintf("%s-%d", name, s.K)
			if s.Rollouts > 0 {
				name += fmt.Sprintf("-rollouts-%d", s.Rollouts)
			}
		}
		b.Run(name, func(b *testing.B) {
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
