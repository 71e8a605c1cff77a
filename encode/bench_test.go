package encode

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/sat"
)

// envInt reads a size knob for the benchmarks (MJSAT_BENCH_N and friends).
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

type figures struct {
	times            []time.Duration
	vars, clauses    int
	sat, unsat, unkn int
}

func (f *figures) add(st board.Verdict, s Stats) {
	f.times = append(f.times, s.Encode+s.Solve)
	f.vars += s.Vars
	f.clauses += s.Clauses
	switch st {
	case board.Solvable:
		f.sat++
	case board.Unsolvable:
		f.unsat++
	default:
		f.unkn++
	}
}

func (f *figures) report(b *testing.B, what string, limit time.Duration) {
	n := len(f.times)
	if n == 0 {
		return
	}
	ts := append([]time.Duration(nil), f.times...)
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	within := 0
	for _, t := range ts {
		if t <= limit {
			within++
		}
	}
	b.Logf("%s: %d boards, %d vars and %d clauses on average; sat %d, unsat %d, unknown %d; median %v, p99 %v, max %v; %d (%.1f%%) within %v",
		what, n, f.vars/n, f.clauses/n, f.sat, f.unsat, f.unkn, ts[n/2], ts[(n*99)/100], ts[n-1], within, 100*float64(within)/float64(n), limit)
	b.ReportMetric(float64(ts[n/2].Milliseconds()), "median-ms")
	b.ReportMetric(float64(f.vars/n), "vars")
	b.ReportMetric(float64(f.clauses/n), "clauses")
}

// BenchmarkTurtle decides uniform turtle deals with gophersat through each encoding,
// 10 s per deal; MJSAT_BENCH_TURTLE sets the number of deals (default 50; the target is
// measured with 1000: ≥ 99% decided, median ≤ 1 s).
func BenchmarkTurtle(b *testing.B) {
	l := turtle(b)
	n := envInt("MJSAT_BENCH_TURTLE", 50)
	methods := Methods
	if m := os.Getenv("MJSAT_BENCH_METHOD"); m != "" {
		methods = []Method{Method(m)}
	}
	for _, m := range methods {
		b.Run(string(m), func(b *testing.B) {
			for range b.N {
				var f figures
				for seed := uint64(1); seed <= uint64(n); seed++ {
					bd, err := board.Deal(l, seed)
					if err != nil {
						b.Fatal(err)
					}
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					st, _, s, err := Solve(ctx, bd, sat.Gophersat{}, Options{Method: m})
					cancel()
					if err != nil {
						b.Fatal(err)
					}
					f.add(st, s)
				}
				f.report(b, "turtle "+string(m), 10*time.Second)
			}
		})
	}
}

// BenchmarkReductionsUF20 decides the reductions of uf20-91 (all satisfiable) with
// gophersat, target ≤ 5 s each; MJSAT_BENCH_UF20 sets how many files (default 20, all
// 1000 with 1000). MJSAT_BENCH_METHOD picks one encoding (default elim; time does not
// fit reduced boards).
func BenchmarkReductionsUF20(b *testing.B) {
	benchReductions(b, "uf20-91", "uf20-0", envInt("MJSAT_BENCH_UF20", 20), 5*time.Second, board.Solvable)
}

// BenchmarkReductionsUUF50 reports on the reductions of uuf50-218 (all unsatisfiable);
// MJSAT_BENCH_UUF50 sets how many (default 3).
func BenchmarkReductionsUUF50(b *testing.B) {
	benchReductions(b, "uuf50-218", "uuf50-0", envInt("MJSAT_BENCH_UUF50", 3), 60*time.Second, board.Unsolvable)
}

func benchReductions(b *testing.B, dir, prefix string, n int, limit time.Duration, want board.Verdict) {
	shared.Path(b, "cnf", "satlib", dir)
	m := Method(os.Getenv("MJSAT_BENCH_METHOD"))
	if m == "" {
		m = Elim
	}
	for range b.N {
		var f figures
		for k := 1; k <= n; k++ {
			name := prefix + strconv.Itoa(k) + ".cnf"
			_, bd := reduced(b, filepath.Join(dir, name))
			ctx, cancel := context.WithTimeout(context.Background(), 10*limit)
			st, _, s, err := Solve(ctx, bd, sat.Gophersat{}, Options{Method: m})
			cancel()
			if err != nil {
				b.Fatal(err)
			}
			if st != want && st != board.Unknown {
				b.Fatalf("%s: SAT route says %v, SATLIB %v", name, st, want)
			}
			f.add(st, s)
		}
		f.report(b, fmt.Sprintf("%s reductions (%s)", dir, m), limit)
	}
}
