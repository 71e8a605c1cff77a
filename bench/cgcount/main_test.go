package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sample is a cachegrind output file in the format valgrind 3.19 writes: two functions
// of the project, one of the runtime, a count line with its trailing zeros left out
// (the format allows it), and a summary that must not count.
const sample = `desc: I1 cache:         32768 B, 64 B, 8-way associative
desc: D1 cache:         32768 B, 64 B, 8-way associative
desc: LL cache:         268435456 B, 64 B, direct-mapped
cmd: /tmp/old.test -test.run ^$
events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw
fl=/work/main/solver/pruning.go
fn=github.com/mjsat/mjsat/solver.(*scanner).eval
220 100 1 0 40 3 1 10 2 1
221 50 0 0 20 1
fl=/usr/local/go/src/runtime/proc.go
fn=runtime.findRunnable
10 1000000 5 5 300 30 3 200 20 2
fl=/work/main/board/state.go
fn=github.com/mjsat/mjsat/board.(*Board).Replay
fi=/work/main/board/board.go
315 7 0 0 2 0 0 1 1 0
summary: 1000157 6 6 362 34 4 211 23 3
`

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, in, prefix string
		want             counts
		err              string
	}{
		{name: "project", in: sample, prefix: "github.com/mjsat/mjsat/", want: counts{Ir: 157, D1: 3 + 2 + 1 + 1, LL: 1 + 1}},
		{name: "one package", in: sample, prefix: "github.com/mjsat/mjsat/board.", want: counts{Ir: 7, D1: 1}},
		{name: "runtime", in: sample, prefix: "runtime.", want: counts{Ir: 1000000, D1: 50, LL: 5}},
		{name: "none", in: sample, prefix: "nothing", want: counts{}},
		{name: "positions", prefix: "f", want: counts{Ir: 5, D1: 2},
			in: "positions: instr line\nevents: Ir D1mr\nfn=f\n0x4000 12 5 2\n"},
		{name: "branches", prefix: "f", want: counts{Ir: 9, D1: 1, Bm: 3 + 2},
			in: "events: Ir D1mr Bc Bcm Bi Bim\nfn=f\n1 9 1 40 3 7 2\n"},
		{name: "no events", in: "fn=f\n", prefix: "f", err: "t.out: no events: line"},
		{name: "counts first", in: "fn=f\n1 2\nevents: Ir\n", prefix: "f", err: "t.out:2: counts before the events: line"},
		{name: "bad count", in: "events: Ir D1mr\nfn=f\n1 2 x\n", prefix: "f", err: `t.out:3: count "x"`},
		{name: "too many", in: "events: Ir\nfn=f\n1 2 3\n", prefix: "f", err: "t.out:3: 3 fields, want 1 positions and at most 1 counts"},
		{name: "negative", in: "events: Ir\nfn=f\n1 -2\n", prefix: "f", err: `t.out:3: count "-2"`},
		{name: "overflow", in: "events: Ir\nfn=f\n1 9223372036854775807\n2 1\n", prefix: "f", err: "t.out:4: the Ir counts overflow"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parse(strings.NewReader(tc.in), "t.out", tc.prefix)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// fakeRun writes the sample with the project's instruction counts scaled by the
// number in the build's name ("b100", "b98"), as a run of that build would.
func fakeRun(bin string, args []string, out string) error {
	if strings.Join(args, " ") != "-test.run ^$" {
		return fmt.Errorf("args %q", args)
	}
	if bin == "broken" {
		return errors.New("valgrind broken: exit status 1")
	}
	var pct int
	if _, err := fmt.Sscanf(bin, "b%d", &pct); err != nil {
		return err
	}
	s := strings.Replace(sample, "220 100 1", fmt.Sprintf("220 %d 1", pct), 1)
	return os.WriteFile(out, []byte(s), 0o644)
}

func TestRun(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"b100", "b90", "--", "-test.run", "^$"}, &out, fakeRun); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want a header and two lines, got:\n%s", out.String())
	}
	// b100: 157 instructions, 7 D1 and 2 LL misses, no branch simulation, cost
	// 157+70+200 = 427; b90: 147 instructions, cost 417, 2.34% less.
	for i, want := range []string{"b100 157 7 2 0 427", "b90 147 7 2 0 417 -2.34% -6.37%"} {
		if got := strings.Join(strings.Fields(lines[i+1]), " "); got != want {
			t.Errorf("line %d: %q, want %q", i+1, got, want)
		}
	}

	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"b100", "-test.run", "^$"}, "usage: cgcount"},
		{[]string{"--", "-test.run", "^$"}, "usage: cgcount"},
		{[]string{"b100", "broken", "--", "-test.run", "^$"}, "valgrind broken"},
		{[]string{"-prefix", "nothing", "b100", "--", "-test.run", "^$"}, `b100: no function starts with "nothing"`},
		{[]string{"-parse"}, "usage: cgcount -parse"},
		{[]string{"-parse", filepath.Join(t.TempDir(), "missing.out")}, "missing.out"},
	} {
		err := run(tc.args, &bytes.Buffer{}, fakeRun)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("run %q: error %v, want one containing %q", tc.args, err, tc.err)
		}
	}
}

// TestParseFiles reads files given with -parse, as written by an earlier run.
func TestParseFiles(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, b := range []string{"b100", "b105"} {
		f := filepath.Join(dir, b+".out")
		if err := fakeRun(b, []string{"-test.run", "^$"}, f); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var out bytes.Buffer
	if err := run(append([]string{"-parse"}, files...), &out, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "+1.17%") || !strings.Contains(out.String(), "+3.18%") {
		t.Errorf("want +1.17%% in cost and +3.18%% in instructions (162 against 157), got:\n%s", out.String())
	}
}

// FuzzParse checks that no input makes the parser panic, that its errors name the file,
// and that the counts it accepts are not negative.
func FuzzParse(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("positions: instr line\nevents: Ir D1mr Bc Bcm\nfn=github.com/mjsat/mjsat/x\n0x1 2 3 4 5 6\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := parse(bytes.NewReader(data), "fuzz.out", "github.com/mjsat/mjsat/")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.out") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if c.Ir < 0 || c.D1 < 0 || c.LL < 0 || c.Bm < 0 {
			t.Fatalf("accepted negative counts %+v", c)
		}
	})
}
