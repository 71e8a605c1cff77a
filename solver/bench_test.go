package solver

import (
	"context"
	"flag"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/shared"
)

var (
	flagDeals   = flag.Int("deals", 1000, "BenchmarkTurtle: number of uniform turtle deals")
	flagFirst   = flag.Uint64("first", 1, "BenchmarkTurtle: seed of the first deal")
	flagUUF     = flag.Int("uuf", 100, "BenchmarkUUF50: number of uuf50-218 formulas")
	flagUF      = flag.Int("uf", 1000, "BenchmarkUF20: number of uf20-91 formulas")
	flagFrom    = flag.Int("from", 1, "BenchmarkUF20, BenchmarkUUF50: number of the first formula")
	flagWorkers = flag.Int("j", 1, "benchmarks: solver workers")
	flagBudget  = flag.Duration("budget", 0, "benchmarks: per-board timeout (0: none)")
	flagSeeds   = flag.String("seeds", "", "BenchmarkTurtle: comma-separated seeds instead of -first/-deals")
	flagSlow    = flag.Duration("slow", 0, "benchmarks: print every board that takes longer (0: none)")
	flagNoJump  = flag.Bool("nojump", false, "benchmarks: turn conflict-directed backjumping off (to compare)")
)

// summary accumulates per-board figures and prints them.
type summary struct {
	name    string
	times   []time.Duration
	nodes   []int64
	probes  int64
	jumps   int64
	verdict map[Status]int
	byTime  map[Status]time.Duration
	worst   string
}

func (s *summary) add(name string, r Result) {
	if s.verdict == nil {
		s.verdict = map[Status]int{}
		s.byTime = map[Status]time.Duration{}
	}
	s.byTime[r.Status] += r.Stats.Elapsed
	if len(s.times) == 0 || r.Stats.Elapsed > slicesMax(s.times) {
		s.worst = name
	}
	s.times = append(s.times, r.Stats.Elapsed)
	s.nodes = append(s.nodes, r.Stats.Nodes)
	s.probes += r.Stats.Probes
	s.jumps += r.Stats.Jumps
	s.verdict[r.Status]++
}

func slicesMax(ts []time.Duration) time.Duration {
	m := ts[0]
	for _, t := range ts {
		m = max(m, t)
	}
	return m
}

func (s *summary) print() {
	n := len(s.times)
	ts := append([]time.Duration(nil), s.times...)
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	ns := append([]int64(nil), s.nodes...)
	sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
	var total time.Duration
	var totalNodes int64
	for i := range ts {
		total += ts[i]
		totalNodes += ns[i]
	}
	fmt.Printf("%s: %d boards, total %v\n", s.name, n, total.Round(time.Millisecond))
	fmt.Printf("  time  mean %v  median %v  p99 %v  max %v (%s)\n",
		(total / time.Duration(n)).Round(time.Microsecond), ts[n/2].Round(time.Microsecond),
		ts[min(n-1, n*99/100)].Round(time.Microsecond), ts[n-1].Round(time.Microsecond), s.worst)
	fmt.Printf("  nodes mean %.1f  median %d  max %d; probes %d; jumps %d\n", float64(totalNodes)/float64(n), ns[n/2], ns[n-1], s.probes, s.jumps)
	fmt.Printf("  time in solvable %v, unsolvable %v, unknown %v\n", s.byTime[Solvable].Round(time.Millisecond),
		s.byTime[Unsolvable].Round(time.Millisecond), s.byTime[Unknown].Round(time.Millisecond))
	u := s.verdict[Unsolvable]
	lo, hi := wilson(u, n)
	fmt.Printf("  solvable %d  unsolvable %d  unknown %d  unsolvable fraction %.2f%% (95%% Wilson %.2f%%-%.2f%%)\n",
		s.verdict[Solvable], u, s.verdict[Unknown], 100*float64(u)/float64(n), 100*lo, 100*hi)
}

// wilson returns the 95% Wilson score interval for k successes in n trials.
func wilson(k, n int) (float64, float64) {
	const z = 1.959964
	p := float64(k) / float64(n)
	d := 1 + z*z/float64(n)
	c := (p + z*z/(2*float64(n))) / d
	h := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / d
	return c - h, c + h
}

func benchBoards(b *testing.B, name string, boards func(i int) (string, *board.Board), count int) {
	for range b.N {
		s := &summary{name: name}
		for i := 0; i < count; i++ {
			bn, bd := boards(i)
			r, err := Solve(context.Background(), bd, Options{Seed: 1, Workers: *flagWorkers, Timeout: *flagBudget, noJump: *flagNoJump})
			if err != nil {
				b.Fatal(err)
			}
			s.add(bn, r)
			if *flagSlow > 0 && r.Stats.Elapsed > *flagSlow {
				fmt.Printf("  slow: %s %v %v nodes %d scans %d probes %d playouts %d\n", bn, r.Status,
					r.Stats.Elapsed.Round(time.Microsecond), r.Stats.Nodes, r.Stats.Scans, r.Stats.Probes, r.Stats.Playouts)
			}
		}
		s.print()
	}
}

// BenchmarkTurtle solves -deals uniform random turtle deals and prints time, nodes and
// the unsolvable fraction:
//
//	go test ./solver -run '^$' -bench Turtle -benchtime 1x -deals 10000
func BenchmarkTurtle(b *testing.B) {
	seeds := make([]uint64, *flagDeals)
	for i := range seeds {
		seeds[i] = *flagFirst + uint64(i)
	}
	if *flagSeeds != "" {
		seeds = seeds[:0]
		for _, f := range strings.Split(*flagSeeds, ",") {
			n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
			if err != nil {
				b.Fatalf("-seeds: %v", err)
			}
			seeds = append(seeds, n)
		}
	}
	benchBoards(b, "turtle", func(i int) (string, *board.Board) {
		return fmt.Sprintf("seed %d", seeds[i]), turtle(b, seeds[i])
	}, len(seeds))
}

// BenchmarkUF20 solves the reductions of -uf uf20-91 formulas from number -from (all
// 1000 by default).
func BenchmarkUF20(b *testing.B) {
	shared.Path(b, "cnf", "satlib", "uf20-91") // skip early when missing
	benchBoards(b, "uf20-91 reductions", func(i int) (string, *board.Board) {
		name := fmt.Sprintf("uf20-0%d", i+*flagFrom)
		return name, satlibBoard(b, "uf20-91", name)
	}, *flagUF)
}

// BenchmarkUUF50 solves the reductions of -uuf uuf50-218 formulas from number -from.
func BenchmarkUUF50(b *testing.B) {
	shared.Path(b, "cnf", "satlib", "uuf50-218") // skip early when missing
	benchBoards(b, "uuf50-218 reductions", func(i int) (string, *board.Board) {
		name := fmt.Sprintf("uuf50-0%d", i+*flagFrom)
		return name, satlibBoard(b, "uuf50-218", name)
	}, *flagUUF)
}
