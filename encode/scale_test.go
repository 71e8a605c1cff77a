package encode

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
)

// randomStacks2 deals n tiles (a multiple of 4) into isolated stacks of height two,
// groups of four placed uniformly at random: a board whose blocking relation is local
// and whose groups tie its stacks together at random.
func randomStacks2(n int, seed uint64) *board.Board {
	rng := rand.New(rand.NewPCG(seed, 1))
	groups := make([]string, 0, n)
	for g := range n / 4 {
		for range 4 {
			groups = append(groups, fmt.Sprintf("g%d", g))
		}
	}
	rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	var sb strings.Builder
	for i := 0; i < n; i += 2 {
		sb.WriteString(groups[i] + " " + groups[i+1] + "\n")
	}
	b, err := board.ParseStacks([]byte(sb.String()), fmt.Sprintf("stacks2-%d", n))
	if err != nil {
		panic(err)
	}
	return b
}

// BenchmarkStacksScaling encodes random boards of isolated stacks of height two of
// 5,000, 20,000 and 50,000 tiles with the default encoding and writes the DIMACS
// (to nowhere), as encode does: the time and memory of each size, for the ratio of
// the largest to the smallest. It reports ms, the heap in use after the encoding
// (heap-MB, the encoding and the board alive), clauses a tile and the encoding used.
func BenchmarkStacksScaling(b *testing.B) {
	for _, n := range []int{5000, 20000, 50000} {
		bd := randomStacks2(n, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var heap float64
			var e *Encoding
			start := time.Now()
			for range b.N {
				var err error
				if e, err = Encode(bd, Options{}); err != nil {
					b.Fatal(err)
				}
				if err := e.WriteDIMACS(io.Discard); err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap = max(heap, float64(ms.HeapInuse)/(1<<20))
			}
			b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms")
			b.ReportMetric(heap, "heap-MB")
			b.ReportMetric(float64(e.NumClauses())/float64(n), "clauses/tile")
			b.ReportMetric(map[Method]float64{Elim: 0, Rank: 1, Time: 2}[e.Method()], "method(0=elim,1=rank)")
		})
	}
}

// TestDefaultEncodingChoice checks the default's choice: elim on a board where it
// stays within ElimBudget (a turtle-sized deal of stacks), rank where the elimination
// would grow as the square of the board, and that an explicit elim there is refused
// with the reason rather than built.
func TestDefaultEncodingChoice(t *testing.T) {
	small, big := randomStacks2(144, 1), randomStacks2(20000, 1)
	for _, c := range []struct {
		b    *board.Board
		m    Method
		want Method
		err  string
	}{
		{small, "", Elim, ""},
		{big, "", Rank, ""},
		{big, Rank, Rank, ""},
		{big, Elim, "", "passes 640000 clauses (20000 tiles)"},
	} {
		e, err := Encode(c.b, Options{Method: c.m})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s, %q: err %v, want %q", c.b.Name, c.m, err, c.err)
			}
			continue
		}
		if err != nil || e.Method() != c.want {
			t.Errorf("%s, %q: %v %v, want %s", c.b.Name, c.m, e.Method(), err, c.want)
		}
	}
}
