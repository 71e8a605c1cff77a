package peg

import (
	"context"
	"runtime"
	"testing"
)

// BenchmarkEnglishCount counts every jump sequence on the English board
// from the centre vacancy to one peg in the centre; the published figure
// is 40,861,647,040,079,968. It reports the heap in use after the count.
func BenchmarkEnglishCount(b *testing.B) {
	e := English()
	s, _ := e.Start(17)
	for i := 0; i < b.N; i++ {
		c, err := Count(context.Background(), e, s, 17, nil)
		if err != nil {
			b.Fatal(err)
		}
		if c.Total != 40861647040079968 {
			b.Fatalf("count = %d, want 40861647040079968", c.Total)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(c.Positions), "positions")
		b.ReportMetric(float64(ms.Sys)/(1<<20), "sys-MiB")
	}
}

// BenchmarkEnglishSAT solves the English board (centre to centre) once
// through the SAT encoding.
func BenchmarkEnglishSAT(b *testing.B) {
	e := English()
	s, _ := e.Start(17)
	for i := 0; i < b.N; i++ {
		js, ok, err := SolveSAT(context.Background(), e, s, 17)
		if err != nil || !ok {
			b.Fatalf("SolveSAT = %v, %v", ok, err)
		}
		if err := e.Check(s, js, 17); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTriangleCountSAT enumerates the 1,550 models for hole 5.
func BenchmarkTriangleCountSAT(b *testing.B) {
	t5, _ := Triangle(5)
	s, _ := t5.Start(5)
	for i := 0; i < b.N; i++ {
		c, err := CountSAT(context.Background(), t5, s, 0)
		if err != nil || c.Total != 1550 {
			b.Fatalf("CountSAT = %d, %v", c.Total, err)
		}
	}
}
