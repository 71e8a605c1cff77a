package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/scan"
)

// fake is a scanFunc whose deals take seed+run ms on side "a" and half that on "b",
// run counting the side's scans of the chunk, so that the fastest of the runs is the
// first; bad names a side and a seed whose verdict it changes from its second run on.
type fake struct {
	runs map[string]int
	bad  map[string]uint64
	flip string // side that says every deal is unsolvable
	rev  bool   // side "b" takes 2*(11-seed) ms instead
}

func (f *fake) scan(bin, layout string, lo, hi uint64) ([]scan.Record, error) {
	key := fmt.Sprint(bin, lo)
	f.runs[key]++
	var out []scan.Record
	for s := lo; s < hi; s++ {
		ms := float64(s) + float64(f.runs[key]-1)
		if bin == "b" {
			ms /= 2
			if f.rev {
				ms = float64(2*(11-s)) + float64(f.runs[key]-1)
			}
		}
		v := board.Solvable
		if b, ok := f.bad[bin]; ok && b == s && f.runs[key] > 1 {
			v = board.Unsolvable
		}
		if bin == f.flip {
			v = board.Unsolvable
		}
		out = append(out, scan.Record{Layout: layout, Seed: s, Verdict: v, Ms: ms, Timed: true})
	}
	return out, nil
}

func TestRun(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		bad     map[string]uint64
		flip    string
		rev     bool
		want    []string // lines of the report, or of the error
		wantErr bool
	}{
		{name: "report", args: []string{"-deals", "1:11", "-chunk", "3", "a", "b"},
			want: []string{"10 deals, the fastest of each side's runs (ms)",
				"A           3.0000    5.0000    8.0000    9.0000    5.5000     10.00  a",
				"B           1.5000    2.5000    4.0000    4.5000    2.7500      5.00  b",
				"    0- 10%     1.0000    0.5000   -0.5000",
				"   90-100%    10.0000    5.0000   -5.0000"}},
		// Deciles by A+B, not by A: deal 10 (A 10, B 2) is the cheapest on both sides
		// together, deal 1 (A 1, B 20) the dearest.
		{name: "deciles by both sides", args: []string{"-deals", "1:11", "a", "b"}, rev: true,
			want: []string{"deciles of the deals by A+B",
				"    0- 10%    10.0000    2.0000   -8.0000",
				"   90-100%     1.0000   20.0000  +19.0000"}},
		{name: "sides disagree", args: []string{"-deals", "1:5", "a", "b"}, flip: "b", wantErr: true,
			want: []string{"says solvable, b says unsolvable"}},
		{name: "a side changes its mind", args: []string{"-deals", "1:5", "-repeat", "2", "a", "b"},
			bad: map[string]uint64{"a": 3}, wantErr: true, want: []string{"a says solvable in one run and unsolvable in another"}},
		{name: "one binary", args: []string{"a"}, wantErr: true, want: []string{"usage: abscan"}},
		{name: "no deals", args: []string{"-deals", "4:4", "a", "b"}, wantErr: true, want: []string{"no deals"}},
		{name: "bad range", args: []string{"-deals", "x", "a", "b"}, wantErr: true, want: []string{`deals "x"`}},
		{name: "no runs", args: []string{"-repeat", "0", "a", "b"}, wantErr: true, want: []string{"at least 1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fake{runs: map[string]int{}, bad: tc.bad, flip: tc.flip, rev: tc.rev}
			var out strings.Builder
			err := run(tc.args, &out, f.scan)
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v; output:\n%s", err, tc.wantErr, out.String())
			}
			got := out.String()
			if err != nil {
				got = err.Error()
			}
			for _, line := range tc.want {
				if !strings.Contains(got, line) {
					t.Errorf("missing %q in:\n%s", line, got)
				}
			}
		})
	}
}

// TestPerDeal checks -o: a header, then one line a deal in seed order, with its
// verdict and each side's fastest time.
func TestPerDeal(t *testing.T) {
	name := filepath.Join(t.TempDir(), "deals.tsv")
	f := &fake{runs: map[string]int{}}
	if err := run([]string{"-deals", "1:4", "-chunk", "2", "-o", name, "a", "b"}, &strings.Builder{}, f.scan); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	want := "seed\tverdict\ta_ms\tb_ms\n" +
		"1\tsolvable\t1.0000\t0.5000\n" +
		"2\tsolvable\t2.0000\t1.0000\n" +
		"3\tsolvable\t3.0000\t1.5000\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := run([]string{"-deals", "1:2", "-o", filepath.Join(name, "x"), "a", "b"}, &strings.Builder{}, f.scan); err == nil || !strings.Contains(err.Error(), "-o:") {
		t.Errorf("error %v, want one naming -o", err)
	}
}

// TestAlternates checks that the side that runs first alternates from run to run.
func TestAlternates(t *testing.T) {
	var order []string
	scanDeals := func(bin, layout string, lo, hi uint64) ([]scan.Record, error) {
		order = append(order, bin)
		return []scan.Record{{Layout: layout, Seed: lo, Verdict: board.Solvable, Ms: 1, Timed: true}}, nil
	}
	if err := run([]string{"-deals", "0:2", "-chunk", "1", "-repeat", "2", "a", "b"}, &strings.Builder{}, scanDeals); err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(order), "[a b b a a b b a]"; got != want {
		t.Errorf("order %s, want %s", got, want)
	}
}

// TestRealScan builds cmd/scan and runs it as both sides on a few turtle deals: the
// two agree, and the report counts every deal.
func TestRealScan(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/scan")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "scan")
	if msg, err := exec.Command("go", "build", "-o", bin, "github.com/mjsat/mjsat/cmd/scan").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	var out strings.Builder
	if err := run([]string{"-deals", "1:21", "-chunk", "7", "-repeat", "2", bin, bin}, &out, runScan); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "20 deals, ") {
		t.Errorf("report:\n%s", out.String())
	}
	if _, err := runScan(filepath.Join(dir, "none"), "turtle", 1, 2); err == nil {
		t.Error("a missing binary gave no error")
	}
}
