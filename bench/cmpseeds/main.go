// Command cmpseeds reads several per-deal tables of the benchmark against de Bondt's
// mjsolver (`compare -o FILE`, ../shared/bench/debondt), runs on the same deals with
// different seeds for mjsolver's random games (-rseed), and says on how many deals
// mjsat is slower in each run, in every run, and against mjsolver's median time over
// the runs; and the ratios of means and of medians, of each run and of each deal's time
// over the runs.
//
// One run's "slower on" counts the deals on which that run's random games were lucky
// for mjsolver: with another seed most of those deals change. Against the median over
// seeds, or in every run, the count is the deals on which mjsat is slower whatever
// mjsolver's luck.
//
//	compare -layout ox -deals 1:2001 -rseed 1 -o ox1.tsv
//	compare -layout ox -deals 1:2001 -rseed 2 -o ox2.tsv
//	cd bench && go run ./cmpseeds ox1.tsv ox2.tsv
package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"

	"github.com/mjsat/mjsat/bench/internal/tsv"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "cmpseeds:", err)
		os.Exit(1)
	}
}

// deal is one deal's row of a table: both solvers' times in milliseconds.
type deal struct {
	seed          uint64
	mjsat, ref    float64
	verdict, refV string
}

// run reads the tables named by args and writes the report to w.
func run(args []string, w io.Writer) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: cmpseeds A.tsv B.tsv ... (two or more compare -o tables of the same deals)")
	}
	tables := make([][]deal, len(args))
	for i, path := range args {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		tables[i], err = readTable(f, path)
		f.Close()
		if err != nil {
			return err
		}
	}
	return report(w, args, tables)
}

// readTable reads a compare table: a header naming the columns, then a row a deal.
func readTable(r io.Reader, name string) ([]deal, error) {
	var out []deal
	need := []string{"seed", "mjsat_verdict", "mjsat_ms", "ref_verdict", "ref_ms"}
	_, err := tsv.Read(r, name, "a compare -o table", need, func(f []string, col map[string]int) error {
		var d deal
		var err error
		if d.seed, err = strconv.ParseUint(f[col["seed"]], 10, 64); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		for _, x := range []struct {
			h string
			v *float64
		}{{"mjsat_ms", &d.mjsat}, {"ref_ms", &d.ref}} {
			if *x.v, err = strconv.ParseFloat(f[col[x.h]], 64); err != nil || !(*x.v >= 0) || math.IsInf(*x.v, 1) {
				return fmt.Errorf("%s %q: want a time in milliseconds", x.h, f[col[x.h]])
			}
		}
		d.verdict, d.refV = f[col["mjsat_verdict"]], f[col["ref_verdict"]]
		out = append(out, d)
		return nil
	})
	return out, err
}

// report checks that the tables hold the same deals with the same verdicts and writes
// the counts.
func report(w io.Writer, names []string, tables [][]deal) error {
	n := len(tables[0])
	for i, t := range tables {
		if len(t) != n {
			return fmt.Errorf("%s has %d deals, %s %d: want the same deals", names[i], len(t), names[0], n)
		}
		for k, d := range t {
			if d.seed != tables[0][k].seed {
				return fmt.Errorf("%s: row %d is seed %d, in %s seed %d: want the same deals in the same order",
					names[i], k+1, d.seed, names[0], tables[0][k].seed)
			}
			if d.verdict != d.refV || d.verdict != tables[0][k].verdict {
				return fmt.Errorf("%s: seed %d: verdicts differ (mjsat %s, ref %s, mjsat in %s %s)",
					names[i], d.seed, d.verdict, d.refV, names[0], tables[0][k].verdict)
			}
		}
	}
	pct := func(k int) string { return fmt.Sprintf("%d of %d deals (%.1f%%)", k, n, 100*float64(k)/float64(n)) }
	every := 0
	vsMedian := 0
	mj := make([]float64, len(tables))
	ref := make([]float64, len(tables))
	for i, t := range tables {
		slower := 0
		mjs, refs := make([]float64, n), make([]float64, n)
		for k, d := range t {
			if d.mjsat > d.ref {
				slower++
			}
			mjs[k], refs[k] = d.mjsat, d.ref
		}
		fmt.Fprintf(w, "%s: %s, mjsat slower on %s\n", names[i], ratios(mjs, refs), pct(slower))
	}
	// Each deal's time over the runs: its mean for the ratio of means (mjsolver's
	// expected time, whatever one seed's luck), its median for the rest.
	mjMean, refMean := make([]float64, n), make([]float64, n)
	mjMed, refMed := make([]float64, n), make([]float64, n)
	for k := range n {
		all := true
		for i, t := range tables {
			mj[i], ref[i] = t[k].mjsat, t[k].ref
			all = all && t[k].mjsat > t[k].ref
		}
		if all {
			every++
		}
		mjMean[k], refMean[k] = mean(mj), mean(ref)
		mjMed[k], refMed[k] = median(mj), median(ref)
		if mjMed[k] > refMed[k] {
			vsMedian++
		}
	}
	fmt.Fprintf(w, "slower in every run: %s\n", pct(every))
	fmt.Fprintf(w, "slower, mjsat's median time over the runs against mjsolver's: %s\n", pct(vsMedian))
	fmt.Fprintf(w, "over the runs: mean ratio %.2fx (each deal's mean time), median ratio %.2fx (each deal's median time)\n",
		mean(refMean)/mean(mjMean), median(refMed)/median(mjMed))
	return nil
}

// ratios says, as compare does, how mjsolver's times ref compare with mjsat's mj: the
// ratio of their means and that of their medians. It sorts both.
func ratios(mj, ref []float64) string {
	return fmt.Sprintf("mean ratio %.2fx, median ratio %.2fx", mean(ref)/mean(mj), median(ref)/median(mj))
}

// mean returns the mean of x.
func mean(x []float64) float64 {
	sum := 0.0
	for _, v := range x {
		sum += v
	}
	return sum / float64(len(x))
}

// median returns the median of x (the mean of the middle two for an even count); it
// sorts x.
func median(x []float64) float64 {
	slices.Sort(x)
	m := len(x) / 2
	if len(x)%2 == 1 {
		return x[m]
	}
	return (x[m-1] + x[m]) / 2
}
