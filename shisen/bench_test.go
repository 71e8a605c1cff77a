package shisen

import (
	"context"
	"github.com/mjsat/mjsat/board"
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
	var nodes int64
	start := time.Now()
	for range b.N {
		nodes = 0
		for _, seed := range []uint64{0, 1, 2} {
			bd, err := Deal(24, 12, true, seed)
			if err != nil {
				b.Fatal(err)
			}
			r, err := Solve(context.Background(), bd)
			if err != nil {
				b.Fatal(err)
			}
			if r.Status != board.Unsolvable {
				b.Fatalf("seed %d: %s, want unsolvable", seed, r.Status)
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(3*b.N), "ms/deal")
	b.ReportMetric(float64(nodes)/3, "nodes/deal")
}
