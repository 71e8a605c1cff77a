package explain

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

var (
	flagDeals = flag.Int("deals", 1000, "BenchmarkTurtleCores: number of turtle deals")
	flagFirst = flag.Uint64("first", 0, "BenchmarkTurtleCores: seed of the first deal")
)

// BenchmarkTurtleCores finds the group core of every lost deal among -deals turtle
// deals from seed -first, verifies each (lost, and minimal: without any one group the
// rest can be won) and reports the time per core and the core sizes:
//
//	go test ./explain -run '^$' -bench TurtleCores -benchtime 1x -deals 10000
func BenchmarkTurtleCores(b *testing.B) {
	var boards []*board.Board
	for s := *flagFirst; s < *flagFirst+uint64(*flagDeals); s++ {
		bd, err := board.Deal(instances.Turtle(), s)
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, bd)
	}
	var ms []float64
	var groups, tiles []int
	b.ResetTimer()
	for range b.N {
		ms, groups, tiles = ms[:0], groups[:0], tiles[:0]
		for _, bd := range boards {
			t0 := time.Now()
			c, err := GroupCore(context.Background(), bd, Options{})
			el := time.Since(t0)
			if errors.Is(err, ErrSolvable) {
				continue
			}
			if err != nil {
				b.Fatalf("%s: %v", bd.Name, err)
			}
			if err := c.Verify(context.Background(), Options{}); err != nil {
				b.Fatalf("%s: core %v: %v", bd.Name, c.GroupNames(), err)
			}
			ms = append(ms, float64(el.Nanoseconds())/1e6)
			groups = append(groups, len(c.Groups))
			tiles = append(tiles, len(c.Tiles))
		}
	}
	b.StopTimer()
	if len(ms) == 0 {
		b.Fatal("no lost deal")
	}
	slices.Sort(ms)
	sorted := slices.Clone(groups)
	slices.Sort(sorted)
	b.ReportMetric(float64(len(ms)), "cores")
	b.ReportMetric(ms[len(ms)/2], "p50-ms")
	b.ReportMetric(ms[len(ms)-1], "max-ms")
	b.ReportMetric(float64(sorted[len(sorted)/2]), "p50-groups")
	b.ReportMetric(float64(sorted[len(sorted)-1]), "max-groups")
	b.ReportMetric(0, "ns/op")
	hist := map[int]int{}
	for _, g := range groups {
		hist[g]++
	}
	var keys []int
	for g := range hist {
		keys = append(keys, g)
	}
	slices.Sort(keys)
	var sb strings.Builder
	for _, g := range keys {
		fmt.Fprintf(&sb, " %d:%d", g, hist[g])
	}
	b.Logf("%d lost deals, every core verified lost and minimal; cores by number of groups (groups:deals):%s", len(ms), sb.String())
}
