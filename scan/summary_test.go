package scan

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/golden"
	"github.com/mjsat/mjsat/interval"
)

// sampleRecords builds records with known counts: layout "default" with 100 deals of
// which seeds divisible by 25 are unsolvable (4 of 100) and seed 7 unknown; layout
// "hourglass" with 3 unsolvable deals; layout "mine" (not in the paper) with 2 deals.
func sampleRecords() []Record {
	var recs []Record
	for s := uint64(0); s < 100; s++ {
		v := board.Solvable
		switch {
		case s == 7:
			v = board.Unknown
		case s%25 == 0:
			v = board.Unsolvable
		}
		recs = append(recs, Record{Layout: "default", Seed: s + 1000*(s/50), Verdict: v, Ms: float64(s%10) + 0.5, Timed: true, Nodes: int64(s)})
	}
	for s := uint64(0); s < 3; s++ {
		recs = append(recs, Record{Layout: "hourglass", Seed: s, Verdict: board.Unsolvable, Ms: 2, Timed: true, Nodes: 1})
	}
	recs = append(recs, Record{Layout: "mine", Seed: 4, Verdict: board.Solvable}, Record{Layout: "mine", Seed: 5, Verdict: board.Unsolvable})
	return recs
}

func TestSummarize(t *testing.T) {
	sums := Summarize(sampleRecords())
	if len(sums) != 3 || sums[0].Layout != "default" || sums[1].Layout != "hourglass" || sums[2].Layout != "mine" {
		t.Fatalf("layouts: %+v", sums)
	}
	d := sums[0]
	if d.Deals != 100 || d.Unsolvable != 4 || d.Unknown != 1 || d.Solvable != 95 {
		t.Fatalf("counts %+v", d)
	}
	if want := 4.0 / 99; d.Fraction != want {
		t.Errorf("fraction %g, want %g", d.Fraction, want)
	}
	if lo, hi := interval.Wilson(4, 99, interval.Z95); d.Lo != lo || d.Hi != hi {
		t.Errorf("interval [%g, %g], want [%g, %g]", d.Lo, d.Hi, lo, hi)
	}
	if lo, hi := d.Bounds(); lo != 0.04 || hi != 0.05 {
		t.Errorf("bounds [%g, %g]", lo, hi)
	}
	// The interval over all deals: its ends are those of the same deals decided, the
	// unknown one solvable for the lower end and unsolvable for the upper.
	decided := func(v board.Verdict) Summary {
		recs := sampleRecords()
		recs[7].Verdict = v
		return Summarize(recs)[0]
	}
	lo, hi := d.BoundsInterval()
	if won, lost := decided(board.Solvable), decided(board.Unsolvable); lo != won.Lo || hi != lost.Hi || lo >= 0.04 || hi <= 0.05 {
		t.Errorf("interval over all deals [%g, %g], want [%g, %g] around [0.04, 0.05]", lo, hi, won.Lo, lost.Hi)
	}
	if lo, hi := sums[1].BoundsInterval(); lo != sums[1].Lo || hi != sums[1].Hi {
		t.Errorf("with no unknown deal, the interval over all deals [%g, %g] is not the decided deals' [%g, %g]", lo, hi, sums[1].Lo, sums[1].Hi)
	}
	// Times are s%10 + 0.5 for s = 0..99: ten of each of 0.5 .. 9.5.
	if d.MeanMs != 5 || d.MedianMs != 5 || d.MaxMs != 9.5 || d.TotalMs != 500 {
		t.Errorf("times mean %g median %g max %g total %g", d.MeanMs, d.MedianMs, d.MaxMs, d.TotalMs)
	}
	if d.Nodes != 99*100/2 {
		t.Errorf("nodes %d", d.Nodes)
	}
	// The slowest are the seeds with s%10 == 9, lowest seed first among equals.
	wantSlow := []uint64{9, 19, 29, 39, 49}
	for i, r := range d.Slowest {
		if r.Seed != wantSlow[i] {
			t.Fatalf("slowest %v, want seeds %v", d.Slowest, wantSlow)
		}
	}
	if got := d.SeedsString(); got != "0:50 1050:1100" {
		t.Errorf("seeds %q", got)
	}
	if m := sums[2]; m.Timed != 0 || m.MedianMs != 0 || len(m.Slowest) != 0 {
		t.Errorf("untimed layout: %+v", m)
	}
}

func TestMedianOdd(t *testing.T) {
	recs := []Record{
		{Layout: "x", Seed: 1, Verdict: board.Solvable, Ms: 3, Timed: true},
		{Layout: "x", Seed: 2, Verdict: board.Solvable, Ms: 1, Timed: true},
		{Layout: "x", Seed: 3, Verdict: board.Solvable, Ms: 100, Timed: true},
	}
	if s := Summarize(recs)[0]; s.MedianMs != 3 || s.MeanMs != 104.0/3 {
		t.Fatalf("median %g mean %g", s.MedianMs, s.MeanMs)
	}
}

func TestPaperConsistent(t *testing.T) {
	sum := func(layout string, uns, solv int64) Summary {
		s := Summary{Layout: layout, Solvable: solv, Unsolvable: uns}
		s.Lo, s.Hi = interval.Wilson(uns, uns+solv, interval.Z95)
		return s
	}
	tests := []struct {
		s    Summary
		want bool
	}{
		{sum("default", 2950, 97050), true},  // exactly the figure
		{sum("default", 2800, 97200), false}, // 2.80% [2.70, 2.90] misses [2.945, 2.955]
		{sum("default", 300, 9700), true},    // 3.0% [2.68, 3.35] covers it
		{sum("hare", 1740, 8260), true},      // 17.4% [16.7, 18.2] meets [17.5, 18.5]
		{sum("hare", 1600, 8400), false},
		{sum("hourglass", 1000, 0), true},
		{sum("hourglass", 999, 1), false}, // one solvable deal contradicts "all"
		{sum("theater", 62, 9938), true},
	}
	for _, tc := range tests {
		p, ok := PaperFor(tc.s.Layout)
		if !ok {
			t.Fatalf("no paper figure for %s", tc.s.Layout)
		}
		if got := p.Consistent(tc.s); got != tc.want {
			lo, hi := p.Rounding()
			t.Errorf("%s %d/%d: [%g, %g] vs paper [%g, %g]: consistent %v, want %v",
				tc.s.Layout, tc.s.Unsolvable, tc.s.Solvable+tc.s.Unsolvable, tc.s.Lo, tc.s.Hi, lo, hi, got, tc.want)
		}
	}
	if _, ok := PaperFor("bridge"); ok {
		t.Error("the paper gives no figure for bridge")
	}
	for i := 1; i < len(Paper); i++ {
		if Paper[i-1].Layout >= Paper[i].Layout {
			t.Fatalf("Paper is not sorted at %s", Paper[i].Layout)
		}
	}
}

func TestGoldenOutputs(t *testing.T) {
	sums := Summarize(sampleRecords())
	outputs := []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"summary.txt", func(b *bytes.Buffer) error { return WriteText(b, sums) }},
		{"summary.md", func(b *bytes.Buffer) error { return WriteMarkdown(b, sums) }},
		{"chart.svg", func(b *bytes.Buffer) error { return Chart(b, sums, "sample <scan>") }},
	}
	for _, o := range outputs {
		t.Run(o.name, func(t *testing.T) {
			var a, b bytes.Buffer
			if err := o.write(&a); err != nil {
				t.Fatal(err)
			}
			if err := o.write(&b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatal("two calls give different bytes")
			}
			golden.Check(t, filepath.Join("testdata", o.name), a.Bytes())
		})
	}
}

// TestSummarizeOrderFree checks that the summaries do not depend on the records'
// order, and in particular that a file whose layouts' records lie apart is summarized
// as its canonical form is: the slowest against a full sort, the seeds and the median.
func TestSummarizeOrderFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var recs []Record
	for s := range uint64(400) {
		layout := []string{"a", "b", "c"}[rng.IntN(3)]
		// Times of few values, so that ties between seeds decide the slowest.
		recs = append(recs, Record{Layout: layout, Seed: s, Verdict: board.Solvable, Ms: float64(rng.IntN(8)), Timed: rng.IntN(5) > 0})
	}
	canon, err := Canonical(recs)
	if err != nil {
		t.Fatal(err)
	}
	want := Summarize(canon)
	rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	got := Summarize(recs)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("shuffled records summarized as\n%+v\nwant\n%+v", got, want)
	}
	for _, s := range want {
		var timed []Record
		for _, r := range canon {
			if r.Layout == s.Layout && r.Timed {
				timed = append(timed, r)
			}
		}
		slices.SortStableFunc(timed, func(a, b Record) int { return cmp.Compare(b.Ms, a.Ms) })
		if !reflect.DeepEqual(s.Slowest, timed[:SlowestN]) {
			t.Errorf("%s: slowest %v, want %v", s.Layout, s.Slowest, timed[:SlowestN])
		}
	}
}
