package shisen

import (
	"context"
	"github.com/mjsat/mjsat/board"
	"testing"
	"time"
)

// BenchmarkHardDeals solves two lost 16 × 9 deals without gravity that the search
// over moves alone took seconds to refute (seeds 19 and 29), and reports the time and
// nodes a deal.
func BenchmarkHardDeals(b *testing.B) {
	benchDeals(b, 16, 9, false, []uint64{19, 29}, board.Unsolvable)
}

// benchDeals solves the deals of seeds of size w × h, each of which must get the
// verdict want, and reports the time and nodes a deal.
func benchDeals(b *testing.B, w, h int, gravity bool, seeds []uint64, want board.Verdict) {
	var nodes int64
	start := time.Now()
	for range b.N {
		nodes = 0
		for _, seed := range seeds {
			bd, err := Deal(w, h, gravity, seed)
			if err != nil {
				b.Fatal(err)
			}
			r, err := Solve(context.Background(), bd)
			if err != nil {
				b.Fatal(err)
			}
			if r.Status != want {
				b.Fatalf("%d×%d seed %d: %s, want %s", w, h, seed, r.Status, want)
			}
			nodes += r.Nodes
		}
	}
	n := float64(len(seeds) * b.N)
	b.ReportMetric(float64(time.Since(start).Milliseconds())/n, "ms/deal")
	b.ReportMetric(float64(nodes)/float64(len(seeds)), "nodes/deal")
}

// BenchmarkLargeDeals solves deals 0..19 of KShisen's three large sizes without
// gravity, 2 s a deal, and reports the time a deal and the share left unknown.
func BenchmarkLargeDeals(b *testing.B) {
	var unknown, deals int
	start := time.Now()
	for range b.N {
		for _, sz := range [][2]int{{24, 12}, {26, 14}, {30, 16}} {
			for seed := range uint64(20) {
				bd, err := Deal(sz[0], sz[1], false, seed)
				if err != nil {
					b.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				r, err := Solve(ctx, bd)
				cancel()
				if err != nil {
					b.Fatal(err)
				}
				deals++
				if r.Status == board.Unknown {
					unknown++
				}
			}
		}
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(deals), "ms/deal")
	b.ReportMetric(float64(unknown)/float64(deals), "unknown/deal")
}

// BenchmarkGravityDeals solves three 24 × 12 deals with gravity that the search over
// moves refutes in milliseconds to seconds (seeds 0, 1 and 2), and reports the time and
// nodes a deal.
func BenchmarkGravityDeals(b *testing.B) {
	benchDeals(b, 24, 12, true, []uint64{0, 1, 2}, board.Unsolvable)
}
