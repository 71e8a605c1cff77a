// Command abscan times two builds of `scan` side by side on the same deals, as
// docs/perf.md compares two commits of the solver: the deals are cut into chunks,
// each chunk is scanned -repeat times by each binary with one worker, who goes first
// alternating from run to run, and a deal's time is the fastest of its runs. It
// prints each side's quantiles, mean and slowest deal, and the difference of the
// means over deciles of the deals by their time on both sides; it fails when the two
// sides, or two runs of one side, give a deal different verdicts. -o FILE also writes
// each deal's verdict and both times.
//
//	git worktree add /tmp/old OLDREV && (cd /tmp/old && go build -o /tmp/a/ ./cmd/scan)
//	go build -o /tmp/b/ ./cmd/scan
//	cd bench && go run ./abscan -layout turtle -deals 1:3001 /tmp/a/scan /tmp/b/scan
//
// The machine's speed drifts by more than most changes of the solver: runs of the two
// sides interleaved within a minute of each other see the same drift.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/scan"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, runScan); err != nil {
		fmt.Fprintln(os.Stderr, "abscan:", err)
		os.Exit(1)
	}
}

// scanFunc scans the deals lo..hi-1 of layout with the scan binary bin and returns
// its records.
type scanFunc func(bin, layout string, lo, hi uint64) ([]scan.Record, error)

// runScan runs bin as `scan -layout L -deals LO:HI -j 1 -q -o FILE` and reads FILE.
func runScan(bin, layout string, lo, hi uint64) ([]scan.Record, error) {
	dir, err := os.MkdirTemp("", "abscan")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "deals.jsonl")
	cmd := exec.Command(bin, "-layout", layout, "-deals", fmt.Sprintf("%d:%d", lo, hi), "-j", "1", "-q", "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", bin, err, strings.TrimSpace(string(msg)))
	}
	f, err := os.Open(out)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return scan.ReadRecords(f, out)
}

// side is what one binary gave: per seed, the fastest time and the verdict.
type side struct {
	ms      map[uint64]float64
	verdict map[uint64]board.Verdict
}

func run(args []string, w io.Writer, scanDeals scanFunc) error {
	fs := flag.NewFlagSet("abscan", flag.ContinueOnError)
	layout := fs.String("layout", "turtle", "the layout to deal")
	deals := fs.String("deals", "1:2001", "the seeds A:B (A..B-1)")
	repeat := fs.Int("repeat", 3, "runs of each deal on each side; the fastest counts")
	chunk := fs.Uint64("chunk", 300, "deals a run scans")
	perDeal := fs.String("o", "", "also write each deal's verdict and both sides' times to `FILE` (tab-separated)")
	fs.SetOutput(w)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return fmt.Errorf("usage: abscan [-layout NAME] [-deals A:B] [-repeat K] [-chunk N] SCAN_A SCAN_B")
	}
	r, err := scan.ParseRange(*deals)
	if err != nil {
		return err
	}
	if r.Len() == 0 {
		return fmt.Errorf("-deals %s: no deals", r)
	}
	lo, hi := r.From, r.To
	if *repeat < 1 || *chunk < 1 {
		return fmt.Errorf("-repeat and -chunk must be at least 1")
	}
	bins := [2]string{fs.Arg(0), fs.Arg(1)}
	sides := [2]side{}
	for i := range sides {
		sides[i] = side{ms: map[uint64]float64{}, verdict: map[uint64]board.Verdict{}}
	}
	turn := 0
	for a := lo; a < hi; a += *chunk {
		b := min(hi, a+*chunk)
		for range *repeat {
			for k := range 2 {
				i := (turn + k) % 2
				recs, err := scanDeals(bins[i], *layout, a, b)
				if err != nil {
					return err
				}
				if err := sides[i].add(recs, bins[i]); err != nil {
					return err
				}
			}
			turn++
		}
	}
	for s, v := range sides[0].verdict {
		if sides[1].verdict[s] != v {
			return fmt.Errorf("deal %d: %s says %s, %s says %s", s, bins[0], v, bins[1], sides[1].verdict[s])
		}
	}
	report(w, bins, sides)
	if *perDeal != "" {
		if err := writeDeals(*perDeal, sides); err != nil {
			return err
		}
	}
	return nil
}

// writeDeals writes one line a deal, in seed order: seed, verdict and the fastest
// time of each side (ms), under a header line, so that other figures (such as which
// deals a third solver finished sooner) can be read off both sides of one run.
func writeDeals(name string, sides [2]side) error {
	seeds := slices.Sorted(maps.Keys(sides[0].ms))
	var b strings.Builder
	b.WriteString("seed\tverdict\ta_ms\tb_ms\n")
	for _, s := range seeds {
		fmt.Fprintf(&b, "%d\t%s\t%.4f\t%.4f\n", s, sides[0].verdict[s], sides[0].ms[s], sides[1].ms[s])
	}
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("-o: %w", err)
	}
	return nil
}

// add takes a run's records into the side.
func (sd *side) add(recs []scan.Record, bin string) error {
	for _, r := range recs {
		if v, ok := sd.verdict[r.Seed]; ok && v != r.Verdict {
			return fmt.Errorf("deal %d: %s says %s in one run and %s in another", r.Seed, bin, v, r.Verdict)
		}
		sd.verdict[r.Seed] = r.Verdict
		if t, ok := sd.ms[r.Seed]; !ok || r.Ms < t {
			sd.ms[r.Seed] = r.Ms
		}
	}
	return nil
}

// report prints each side's figures and the deciles of the deals by their time on
// both sides.
func report(w io.Writer, bins [2]string, sides [2]side) {
	seeds := slices.Sorted(maps.Keys(sides[0].ms))
	fmt.Fprintf(w, "%d deals, the fastest of each side's runs (ms)\n", len(seeds))
	fmt.Fprintf(w, "%-8s %9s %9s %9s %9s %9s %9s\n", "side", "p25", "median", "p75", "p90", "mean", "max")
	for i, sd := range sides {
		t := make([]float64, 0, len(seeds))
		for _, s := range seeds {
			t = append(t, sd.ms[s])
		}
		slices.Sort(t)
		fmt.Fprintf(w, "%-8s %9.4f %9.4f %9.4f %9.4f %9.4f %9.2f  %s\n", string(rune('A'+i)), quantile(t, 0.25),
			quantile(t, 0.5), quantile(t, 0.75), quantile(t, 0.9), mean(t), t[len(t)-1], bins[i])
	}
	// Deciles of the deals by the mean of their two times: where B gains or loses.
	// Not by A's time alone: the deals A happened to run fastest would fill its first
	// decile, and B, with its own luck on them, would seem to lose there (two runs of
	// one binary read +2 µs on the fastest tenth of turtle deals that way).
	bySize := slices.Clone(seeds)
	size := func(s uint64) float64 { return sides[0].ms[s] + sides[1].ms[s] }
	slices.SortStableFunc(bySize, func(x, y uint64) int { return cmp.Compare(size(x), size(y)) })
	fmt.Fprintln(w, "deciles of the deals by A+B: mean of A, mean of B, B-A (ms)")
	n := len(bySize)
	for d := range 10 {
		part := bySize[d*n/10 : (d+1)*n/10]
		if len(part) == 0 {
			continue
		}
		var a, b float64
		for _, s := range part {
			a += sides[0].ms[s]
			b += sides[1].ms[s]
		}
		a, b = a/float64(len(part)), b/float64(len(part))
		fmt.Fprintf(w, "  %3d-%3d%%  %9.4f %9.4f %+9.4f\n", 10*d, 10*(d+1), a, b, b-a)
	}
}

// quantile returns the q-quantile of sorted values (nearest rank).
func quantile(sorted []float64, q float64) float64 {
	return sorted[min(len(sorted)-1, max(0, int(math.Ceil(q*float64(len(sorted))))-1))]
}

func mean(t []float64) float64 {
	s := 0.0
	for _, x := range t {
		s += x
	}
	return s / float64(len(t))
}
