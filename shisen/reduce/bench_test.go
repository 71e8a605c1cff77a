package reduce

import (
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
)

// benchFormulas are three random satisfiable 3-CNF formulas of 3 variables and 13
// clauses (boards of 200 stacks, 600 × 8 cells, 3,800 tiles), which Shisen-Sho's own
// solver wins in seconds.
var benchFormulas = []string{
	"-3 1 -2 0 3 -1 -2 0 3 2 1 0 2 -1 -3 0 -1 3 -2 0 -2 -1 3 0 -1 2 -3 0 3 1 -2 0 -2 -1 3 0 2 1 3 0 -3 2 1 0 3 -1 -2 0 -1 2 -3 0",
	"2 -1 3 0 2 -1 -3 0 3 -1 -2 0 -2 1 3 0 1 2 -3 0 -3 2 -1 0 2 3 -1 0 -1 2 3 0 -1 2 -3 0 2 -3 -1 0 3 -1 2 0 -3 -2 1 0 2 -1 -3 0",
	"1 -3 -2 0 -2 -3 1 0 1 2 -3 0 3 2 1 0 1 -3 2 0 -2 3 1 0 -3 -2 1 0 2 1 -3 0 -2 1 -3 0 -1 2 -3 0 2 -3 -1 0 2 3 1 0 2 -1 -3 0",
}

// BenchmarkReductionBoards solves the boards of benchFormulas with Shisen-Sho's native
// solver, 60 s a board, and reports the time and nodes a board and the share left
// unknown; every win is replayed and read back as a model of its formula.
func BenchmarkReductionBoards(b *testing.B) {
	var nodes int64
	var unknown, boards int
	start := time.Now()
	for range b.N {
		for k, src := range benchFormulas {
			f, r, m := solveClauses(b, src, time.Minute)
			boards++
			nodes += r.Nodes
			switch r.Status {
			case board.Unknown:
				unknown++
			case board.Unsolvable:
				b.Fatalf("formula %d: unsolvable, but it is satisfiable", k)
			default:
				if a, err := m.AssignmentFromPlay(r.Moves); err != nil || !f.Eval(a) {
					b.Fatalf("formula %d: the win reads back as %v, %v", k, a, err)
				}
			}
		}
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(boards), "ms/board")
	b.ReportMetric(float64(nodes)/float64(boards), "nodes/board")
	b.ReportMetric(float64(unknown)/float64(boards), "unknown/board")
}
