// Command cgcount compares builds of a program by the work they do rather than by the
// time they take. It runs each build under valgrind's cachegrind and sums, over the
// functions whose names start with -prefix (the project's own code by default), the
// instructions executed, the misses of a simulated cache (first-level data misses and
// last-level misses, reads and writes) and the mispredictions of a simulated branch
// predictor (conditional and indirect). It prints them with a rough cost,
// instructions + 10 × D1 misses + 100 × LL misses + 15 × mispredictions, and that
// cost's change against the first build.
//
// This machine's speed drifts by up to 15% within minutes, so wall-clock runs hide
// changes of a few percent, which these counts show: two runs of one solver build
// on the same deals agree to within about 0.05% (the garbage collector's timing moves
// a few write barriers and cache lines). Only the
// project's functions count: under valgrind the Go runtime's scheduler spins in
// idle threads, and its share moves by tens of percent between runs. The simulated
// cache and predictor are simple, and the weights a rough guess, so a change that
// matters must still show in the benchmarks (docs/perf.md).
//
//	(cd /tmp/old && go test -c -o /tmp/old.test ./solver)   # the old commit's worktree
//	go test -c -o /tmp/new.test ./solver
//	cd solver && go run ../bench/cgcount /tmp/old.test /tmp/new.test -- \
//	    -test.run '^$' -test.bench 'Turtle$' -test.benchtime 1x -seeds @testdata/seeds/heaviest.txt
//
// With -parse, the arguments are cachegrind output files to read instead. A solver
// benchmark runs about fifty times slower under valgrind than alone.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, runCachegrind); err != nil {
		fmt.Fprintln(os.Stderr, "cgcount:", err)
		os.Exit(1)
	}
}

// runFunc runs binary bin with args under cachegrind, writing its counts to file out.
type runFunc func(bin string, args []string, out string) error

// runCachegrind runs bin with args under valgrind's cachegrind, with the cache
// simulation on, and writes its output file to out.
func runCachegrind(bin string, args []string, out string) error {
	vargs := append([]string{"--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", "--cachegrind-out-file=" + out, bin}, args...)
	cmd := exec.Command("valgrind", vargs...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("valgrind %s: %v: %s", bin, err, lastLines(string(msg), 5))
	}
	return nil
}

// lastLines returns the last n lines of s, trimmed.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func run(args []string, w io.Writer, runBuild runFunc) error {
	fs := flag.NewFlagSet("cgcount", flag.ContinueOnError)
	prefix := fs.String("prefix", "github.com/mjsat/mjsat/", "count the functions whose names start with `P`")
	parseOnly := fs.Bool("parse", false, "the arguments are cachegrind output files to read, not builds to run")
	fs.SetOutput(w)
	if err := fs.Parse(args); err != nil {
		return err
	}
	rest := fs.Args()
	var names []string
	var files []string
	if *parseOnly {
		if len(rest) == 0 {
			return errors.New("usage: cgcount -parse FILE...")
		}
		names, files = rest, rest
	} else {
		cut := slices.Index(rest, "--")
		if cut < 1 {
			return errors.New("usage: cgcount [-prefix P] BUILD... -- ARGS...")
		}
		dir, err := os.MkdirTemp("", "cgcount")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		names = rest[:cut]
		for i, bin := range names {
			out := filepath.Join(dir, fmt.Sprintf("cachegrind.%d.out", i))
			if err := runBuild(bin, rest[cut+1:], out); err != nil {
				return err
			}
			files = append(files, out)
		}
	}
	all := make([]counts, len(files))
	for i, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		all[i], err = parse(f, name, *prefix)
		f.Close()
		if err != nil {
			return err
		}
		if all[i].Ir == 0 {
			return fmt.Errorf("%s: no function starts with %q", names[i], *prefix) // the build, not its temporary file
		}
	}
	report(w, names, all)
	return nil
}

// counts is what cachegrind counted in some functions: instructions executed, the
// misses of its simulated first-level data cache and last-level cache (reads and
// writes), and the mispredicted branches (conditional and indirect; 0 when the output
// has no branch simulation).
type counts struct {
	Ir, D1, LL, Bm int64
}

// cost weighs the misses and mispredictions against instructions, roughly as their
// latencies do.
func (c counts) cost() float64 {
	return float64(c.Ir) + 10*float64(c.D1) + 100*float64(c.LL) + 15*float64(c.Bm)
}

// parse sums the counts of cachegrind output r (named name in errors) over the
// functions whose names start with prefix.
func parse(r io.Reader, name, prefix string) (counts, error) {
	var c counts
	var events []string
	positions := 1 // leading fields of a count line that are positions, not counts
	keep := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		key, val, isKey := strings.Cut(line, "=")
		switch {
		case strings.HasPrefix(line, "events:"):
			events = strings.Fields(strings.TrimPrefix(line, "events:"))
		case strings.HasPrefix(line, "positions:"):
			positions = len(strings.Fields(strings.TrimPrefix(line, "positions:")))
		case isKey && key == "fn":
			keep = strings.HasPrefix(val, prefix)
		case line == "" || line[0] < '0' || line[0] > '9':
			// desc:, cmd:, summary:, fl=, fi=, fe= and the like
		case !keep:
		default:
			if events == nil {
				return c, fmt.Errorf("%s:%d: counts before the events: line", name, n)
			}
			fields := strings.Fields(line)
			if len(fields) < positions || len(fields) > positions+len(events) {
				return c, fmt.Errorf("%s:%d: %d fields, want %d positions and at most %d counts", name, n, len(fields), positions, len(events))
			}
			for i, f := range fields[positions:] {
				v, err := strconv.ParseUint(f, 10, 63)
				if err != nil {
					return c, fmt.Errorf("%s:%d: count %q: %v", name, n, f, err)
				}
				var sum *int64
				switch events[i] {
				case "Ir":
					sum = &c.Ir
				case "D1mr", "D1mw":
					sum = &c.D1
				case "DLmr", "DLmw":
					sum = &c.LL
				case "Bcm", "Bim":
					sum = &c.Bm
				default:
					continue
				}
				if *sum > math.MaxInt64-int64(v) {
					return c, fmt.Errorf("%s:%d: the %s counts overflow", name, n, events[i])
				}
				*sum += int64(v)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return c, fmt.Errorf("%s: %w", name, err)
	}
	if events == nil {
		return c, fmt.Errorf("%s: no events: line (not a cachegrind output file?)", name)
	}
	return c, nil
}

// report prints one line a build, and each build's change in cost and instructions
// against the first.
func report(w io.Writer, names []string, all []counts) {
	fmt.Fprintf(w, "%-24s %15s %13s %11s %13s %15s %9s %9s\n", "build", "instructions", "D1 misses", "LL misses", "mispredicts", "cost", "cost", "instr")
	for i, c := range all {
		fmt.Fprintf(w, "%-24s %15d %13d %11d %13d %15.0f", names[i], c.Ir, c.D1, c.LL, c.Bm, c.cost())
		if i > 0 {
			fmt.Fprintf(w, " %+8.2f%% %+8.2f%%", 100*(c.cost()/all[0].cost()-1), 100*(float64(c.Ir)/float64(all[0].Ir)-1))
		}
		fmt.Fprintln(w)
	}
}
