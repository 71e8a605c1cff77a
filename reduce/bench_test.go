package reduce

import (
	"github.com/mjsat/mjsat/internal/shared"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/mjsat/mjsat/cnf"
)

// benchReduce reports the time per Reduce and, as peak-MB, the heap in use right after
// a Reduce (board, map and meta alive) measured after a GC; allocated bytes come from
// b.ReportAllocs. Targets: under 1 s and under 200 MB for both formulas below.
func benchReduce(b *testing.B, f *cnf.Formula, flat bool) {
	b.ReportAllocs()
	var peak uint64
	for b.Loop() {
		bd, m, err := Reduce(f, Options{Flat: flat})
		if err != nil {
			b.Fatal(err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapInuse)
		runtime.KeepAlive(bd)
		runtime.KeepAlive(m)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}

func BenchmarkReduceUF50(b *testing.B) {
	f, err := cnf.ReadFile(filepath.Join(shared.Dir(b), "cnf", "satlib", "uf50-218", "uf50-01.cnf"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("stacks", func(b *testing.B) { benchReduce(b, f, false) })
	b.Run("flat", func(b *testing.B) { benchReduce(b, f, true) })
}

func BenchmarkReduceRandom1000x4260(b *testing.B) {
	f := cnf.Random(1000, 4260, 3, &splitmix{1000})
	b.Run("stacks", func(b *testing.B) { benchReduce(b, f, false) })
	b.Run("flat", func(b *testing.B) { benchReduce(b, f, true) })
}
