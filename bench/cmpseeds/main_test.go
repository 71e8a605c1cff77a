package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
)

// TestRun checks the report on three small tables whose counts are worked out by
// hand: mjsat is slower on deals 1, 3 and 4 in r1, on 2 and 3 in r2, on 3 and 4 in
// r3; in every run only on deal 3; and against mjsolver's median time (0.3, 0.2,
// 0.6 and 0.2 ms) on deals 3 and 4. mjsat's times are 0.1, 0.1, 1.0 and 0.3 ms in
// every run: mean 0.375, median 0.2. mjsolver's means are 0.2125, 0.3375 and 0.4 ms
// and its medians 0.15, 0.35 and 0.35; over the runs, each deal's mean time (0.25,
// 0.1833, 0.6, 0.2333) has the mean 0.3167, and each deal's median time the median
// 0.25.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	args := []string{"testdata/r1.tsv", "testdata/r2.tsv", "testdata/r3.tsv"}
	if err := run(args, &out); err != nil {
		t.Fatal(err)
	}
	want := `testdata/r1.tsv: mean ratio 0.57x, median ratio 0.75x, mjsat slower on 3 of 4 deals (75.0%)
testdata/r2.tsv: mean ratio 0.90x, median ratio 1.75x, mjsat slower on 2 of 4 deals (50.0%)
testdata/r3.tsv: mean ratio 1.07x, median ratio 1.75x, mjsat slower on 2 of 4 deals (50.0%)
slower in every run: 1 of 4 deals (25.0%)
slower, mjsat's median time over the runs against mjsolver's: 2 of 4 deals (50.0%)
over the runs: mean ratio 0.84x (each deal's mean time), median ratio 1.25x (each deal's median time)
`
	if out.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestErrors checks that bad tables and arguments get an error naming the file and,
// where there is one, the line and the field.
func TestErrors(t *testing.T) {
	good, err := os.ReadFile("testdata/r1.tsv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(good), "\n")
	header, rows := lines[0], strings.Join(lines[1:], "")
	dir := t.TempDir()
	write := func(name, text string) string { return clitest.WriteFile(t, dir, name, text) }
	r1 := "testdata/r1.tsv"
	tests := []struct {
		name string
		args []string
		want string // in the error
	}{
		{"one table", []string{r1}, "usage"},
		{"missing file", []string{r1, filepath.Join(dir, "nope.tsv")}, "nope.tsv"},
		{"empty", []string{r1, write("empty.tsv", "")}, "empty.tsv: empty"},
		{"header only", []string{r1, write("header.tsv", header)}, "header.tsv: no rows"},
		{"no ref_ms column", []string{r1, write("cols.tsv", strings.Replace(header, "ref_ms", "ref_time", 1)+rows)}, `cols.tsv:1: no column "ref_ms"`},
		{"short row", []string{r1, write("short.tsv", header+"1\tsolvable\n")}, "short.tsv:2: 2 fields"},
		{"bad seed", []string{r1, write("seed.tsv", header+strings.Replace(rows, "1\t", "x\t", 1))}, "seed.tsv:2: seed"},
		{"bad time", []string{r1, write("time.tsv", header+strings.Replace(rows, "0.050", "fast", 1))}, `time.tsv:2: ref_ms "fast"`},
		{"negative time", []string{r1, write("neg.tsv", header+strings.Replace(rows, "0.050", "-1", 1))}, `neg.tsv:2: ref_ms "-1"`},
		{"NaN time", []string{r1, write("nan.tsv", header+strings.Replace(rows, "0.050", "NaN", 1))}, `nan.tsv:2: ref_ms "NaN"`},
		{"fewer deals", []string{r1, write("fewer.tsv", header+lines[1])}, "fewer.tsv has 1 deals"},
		{"other deals", []string{r1, write("other.tsv", header+strings.Replace(rows, "2\tsolvable", "7\tsolvable", 1))}, "other.tsv: row 2 is seed 7"},
		{"Inf time", []string{r1, write("inf.tsv", header+strings.Replace(rows, "0.050", "Inf", 1))}, `inf.tsv:2: ref_ms "Inf"`},
		{"disagreement", []string{r1, write("verdict.tsv", header+strings.Replace(rows, "0.100\t0\tsolvable", "0.100\t0\tunsolvable", 1))}, "verdict.tsv: seed 1: verdicts differ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(tc.args, &out)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// FuzzReadTable checks that no input makes the table reader panic, and that the
// deals of a table it accepts have times that are numbers of milliseconds.
func FuzzReadTable(f *testing.F) {
	for _, name := range []string{"r1.tsv", "r2.tsv"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("seed\tmjsat_verdict\tmjsat_ms\tref_verdict\tref_ms\n1\ts\t1e999\ts\t0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		deals, err := readTable(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		for _, d := range deals {
			if !(d.mjsat >= 0 && d.ref >= 0) || math.IsInf(d.mjsat, 0) || math.IsInf(d.ref, 0) {
				t.Fatalf("accepted times %v and %v", d.mjsat, d.ref)
			}
		}
	})
}
