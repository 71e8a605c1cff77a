package scan

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

func TestRecordRoundTrip(t *testing.T) {
	recs := []Record{
		{Layout: "default", Seed: 17, Verdict: board.Solvable, Ms: 0.412, Timed: true, Nodes: 123},
		{Layout: "ox^T", Seed: 1<<64 - 1, Verdict: board.Unsolvable, Nodes: 0},
		{Layout: `odd "name"`, Seed: 0, Verdict: board.Unknown, Ms: 60000, Timed: true, Nodes: 9},
		{Layout: "turtle", Seed: 5, Verdict: board.Solvable, Nodes: 2, Difficulty: &Difficulty{Games: 100, Won: 37, FirstMoves: 12, WinningFirst: 5}},
	}
	want := `{"layout":"default","seed":17,"verdict":"solvable","ms":0.412,"nodes":123}
{"layout":"ox^T","seed":18446744073709551615,"verdict":"unsolvable","nodes":0}
{"layout":"odd \"name\"","seed":0,"verdict":"unknown","ms":60000.000,"nodes":9}
{"layout":"turtle","seed":5,"verdict":"solvable","nodes":2,"games":100,"won":37,"first_moves":12,"winning_first":5}
`
	var buf bytes.Buffer
	if err := WriteRecords(&buf, recs, false); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", buf.String(), want)
	}
	back, err := ReadRecords(&buf, "x")
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if !reflect.DeepEqual(back[i], recs[i]) {
			t.Errorf("record %d: got %+v, want %+v", i, back[i], recs[i])
		}
	}
}

func TestReadRecordsErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"layout":"a","seed":1,"verdict":"solvable"}` + "\n" + `{"layout":"a","seed":2}`, "f.jsonl:2: missing \"verdict\""},
		{`{"seed":1,"verdict":"solvable"}`, `f.jsonl:1: missing "layout"`},
		{`{"layout":"","seed":1,"verdict":"solvable"}`, `empty "layout"`},
		{`{"layout":"a","verdict":"solvable"}`, `missing "seed"`},
		{`{"layout":"a","seed":-1,"verdict":"solvable"}`, `f.jsonl:1:`},
		{`{"layout":"a","seed":1,"verdict":"maybe"}`, `verdict "maybe"`},
		{`{"layout":"a","seed":1,"verdict":"solvable","colour":1}`, `unknown field "colour"`},
		{`{"layout":"a","seed":1,"verdict":"solvable","nodes":-3}`, `negative "nodes"`},
		{`{"layout":"a","seed":1,"verdict":"solvable","ms":-3}`, `negative "ms"`},
		{`{"layout":"a","seed":1,"verdict":"solvable"} {}`, `text after`},
		{`{"layout":"a","seed":1,"verdict":"solvable"}}`, `text after`},
		{`{"layout":"a","seed":1,"verdict":"solvable"} ]`, `text after`},
		{`not json`, `f.jsonl:1:`},
		{"{\n  \"format\": \"shisen-board/1\",", `f.jsonl:1: not a result file`},
		{`{"layout":"a","seed":1,"verdict":"solvable","games":10,"won":3}`, `go together`},
		{`{"layout":"a","seed":1,"verdict":"solvable","games":10,"won":11,"first_moves":3,"winning_first":1}`, `difficulty out of range`},
		{`{"layout":"a","seed":1,"verdict":"solvable","games":10,"won":1,"first_moves":3,"winning_first":4}`, `difficulty out of range`},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			_, err := ReadRecords(strings.NewReader(tc.in), "f.jsonl")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}

func TestCanonical(t *testing.T) {
	r := func(l string, s uint64, v board.Verdict) Record { return Record{Layout: l, Seed: s, Verdict: v} }
	got, err := Canonical([]Record{
		r("b", 2, board.Solvable), r("a", 5, board.Unknown), r("a", 1, board.Unsolvable),
		r("a", 5, board.Solvable), r("a", 5, board.Unknown), r("b", 2, board.Solvable),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []Record{r("a", 1, board.Unsolvable), r("a", 5, board.Solvable), r("b", 2, board.Solvable)}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	// Already canonical: the same records, in a slice of their own.
	again, err := Canonical(got)
	if err != nil || !slices.Equal(again, got) {
		t.Fatalf("canonical records: got %v, %v; want %v", again, err, got)
	}
	if again[0].Seed = 99; got[0].Seed == 99 {
		t.Fatal("Canonical returned its argument's memory")
	}
	if _, err := Canonical([]Record{r("a", 3, board.Solvable), r("a", 3, board.Unsolvable)}); err == nil ||
		!strings.Contains(err.Error(), `layout "a" seed 3`) {
		t.Fatalf("conflict: err %v", err)
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in   string
		want Range
		err  bool
	}{
		{"0:100", Range{0, 100}, false},
		{"100", Range{0, 100}, false},
		{"5:5", Range{5, 5}, false},
		{"7:3", Range{}, true},
		{"a:3", Range{}, true},
		{"-1:3", Range{}, true},
		{"", Range{}, true},
		{"1:2:3", Range{}, true},
	}
	for _, tc := range tests {
		got, err := ParseRange(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseRange(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// FuzzParseRange checks that ParseRange, which reads -deals, refuses with one line or
// accepts a range that is not reversed and that its String reads back to.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"0:100", "100", "5:5", "7:3", "007:8", "1:2:3", "18446744073709551615:18446744073709551616"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRange(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("ParseRange(%q): multi-line error %q", s, err)
			}
			return
		}
		if r.To < r.From {
			t.Fatalf("ParseRange(%q) = %v: reversed", s, r)
		}
		back, err := ParseRange(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseRange(%q) = %v, whose String reads back as %v, %v", s, r, back, err)
		}
	})
}

// FuzzRecord checks that any line ParseRecord accepts writes back to a line that parses
// to the same record (ms is kept to three decimals).
func FuzzRecord(f *testing.F) {
	f.Add([]byte(`{"layout":"default","seed":17,"verdict":"solvable","ms":0.412,"nodes":123}`))
	f.Add([]byte(`{"layout":"ox^T","seed":0,"verdict":"unknown","nodes":0}`))
	f.Add([]byte(`{"layout":"a\u00e9","seed":18446744073709551615,"verdict":"unsolvable"}`))
	f.Add([]byte(`{"layout":"turtle","seed":5,"verdict":"solvable","ms":12.000,"nodes":2,"games":100,"won":37,"first_moves":12,"winning_first":5}`))
	f.Add([]byte(`{"layout":"default","seed":18446744073709551615,"verdict":"solvable","ms":9007199254740.991,"nodes":-1}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		// The fast path, where it answers, answers as encoding/json does.
		fast, ok := parseWritten(line, "default", new([]byte))
		slow, slowErr := parseJSON(line)
		if ok && (slowErr != nil || !reflect.DeepEqual(fast, slow)) {
			t.Fatalf("%s: read as %+v, but encoding/json reads %+v, %v", line, fast, slow, slowErr)
		}
		r, err := ParseRecord(line)
		if err != nil {
			return
		}
		out := r.AppendJSON(nil)
		r2, err := ParseRecord(out)
		if err != nil {
			t.Fatalf("%s: written as %s, which does not parse: %v", line, out, err)
		}
		out2 := r2.AppendJSON(nil)
		if !bytes.Equal(out, out2) {
			t.Fatalf("not stable: %s then %s", out, out2)
		}
	})
}

// TestParseWritten checks which lines the fast path reads: every line AppendJSON
// writes, and no other (those go to encoding/json, which reads them the same or
// refuses them).
func TestParseWritten(t *testing.T) {
	written := []Record{
		{Layout: "default", Seed: 17, Verdict: board.Solvable, Ms: 0.412, Timed: true, Nodes: 123},
		{Layout: "ox^T", Seed: 1<<64 - 1, Verdict: board.Unsolvable},
		{Layout: "x", Seed: 0, Verdict: board.Unknown, Ms: 60000, Timed: true, Nodes: 9},
		{Layout: "turtle", Seed: 5, Verdict: board.Solvable, Nodes: 2, Difficulty: &Difficulty{Games: 100, Won: 37, FirstMoves: 12, WinningFirst: 5}},
		{Layout: "big", Seed: 1, Verdict: board.Solvable, Ms: 123456789.125, Timed: true},
	}
	for _, want := range written {
		line := bytes.TrimSuffix(want.AppendJSON(nil), []byte("\n"))
		got, ok := parseWritten(line, "", new([]byte))
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read as %+v, %v; want %+v", line, got, ok, want)
		}
	}
	other := []string{
		`{"layout":"odd \"name\"","seed":0,"verdict":"unknown","nodes":9}`, // escaped name
		`{"layout":"a<b","seed":0,"verdict":"unknown","nodes":9}`,          // json.Marshal writes \u003c
		`{"layout":"a","seed":1,"verdict":"solvable","ms":0.41,"nodes":1}`, // two decimals
		`{"layout":"a","seed":1,"verdict":"solvable","ms":1e3,"nodes":1}`,
		`{"layout":"a","seed":01,"verdict":"solvable","nodes":1}`,
		`{"layout":"a","seed":1,"verdict":"solvable"}`, // no nodes
		`{"layout":"a", "seed":1,"verdict":"solvable","nodes":1}`,
		`{"seed":1,"layout":"a","verdict":"solvable","nodes":1}`,
		`{"layout":"a","seed":18446744073709551616,"verdict":"solvable","nodes":1}`,
		`{"layout":"a","seed":1,"verdict":"solvable","nodes":-1}`,
		`{"layout":"a","seed":1,"verdict":"solvable","nodes":1,"games":1,"won":2,"first_moves":1,"winning_first":1}`,
		`{"layout":"","seed":1,"verdict":"solvable","nodes":1}`,
		`{"layout":"a","seed":1,"verdict":"solvable","ms":9007199254740.992,"nodes":1}`,
	}
	for _, line := range other {
		if r, ok := parseWritten([]byte(line), "", new([]byte)); ok {
			t.Errorf("%s: the fast path read it as %+v", line, r)
		}
	}
}

// benchRecords writes n records shaped as a scan writes them.
func benchRecords(n int) []byte {
	var buf []byte
	for s := range uint64(n) {
		buf = Record{Layout: "default", Seed: s, Verdict: board.Solvable, Ms: float64(s%997) / 8, Timed: true, Nodes: int64(s % 131)}.AppendJSON(buf)
	}
	return buf
}

// BenchmarkReadRecords reads a result file, as resuming a scan or summarizing one
// does, and reports the time per record.
func BenchmarkReadRecords(b *testing.B) {
	data := benchRecords(100000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadRecords(bytes.NewReader(data), "bench"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100000, "ns/record")
}

// BenchmarkSummarize summarizes the records of one layout.
func BenchmarkSummarize(b *testing.B) {
	recs, err := ReadRecords(bytes.NewReader(benchRecords(100000)), "bench")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Summarize(recs)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100000, "ns/record")
}

// TestMergeEach checks MergeEach against Merge on shards of random records: sorted
// shards, which it merges side by side, and unsorted ones, which it reads whole. The
// shards share deals, decided or unknown, and some disagree; both must give the same
// records or the same error, and a conflict reaches fn only after the records before it.
func TestMergeEach(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	// A deal's verdict: unknown a third of the time, else its own, which one record
	// in forty gets wrong.
	verdict := func(s uint64) board.Verdict {
		switch {
		case rng.IntN(3) == 0:
			return board.Unknown
		case (s%4 == 0) != (rng.IntN(40) == 0):
			return board.Unsolvable
		}
		return board.Solvable
	}
	for trial := range 200 {
		var paths []string
		for k := range 1 + rng.IntN(4) {
			var recs []Record
			for _, layout := range []string{"a", "b"} {
				for s := range uint64(12) {
					if rng.IntN(3) == 0 {
						recs = append(recs, Record{Layout: layout, Seed: s, Verdict: verdict(s), Ms: float64(rng.IntN(5)), Timed: true, Nodes: int64(k)})
					}
				}
			}
			if trial%4 == 3 && len(recs) > 1 {
				recs[0], recs[len(recs)-1] = recs[len(recs)-1], recs[0] // out of order: read whole
			}
			p := filepath.Join(dir, fmt.Sprintf("t%d-%d.jsonl", trial, k))
			if trial%5 == 4 {
				p += ".gz"
			}
			writeRecordsFile(t, p, recs)
			paths = append(paths, p)
		}
		want, wantErr := Merge(paths...)
		var got []Record
		err := MergeEach(context.Background(), paths, func(r Record) error { got = append(got, r); return nil })
		if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("trial %d: error %v, Merge's %v", trial, err, wantErr)
		}
		if err == nil && !slices.Equal(got, want) {
			t.Fatalf("trial %d: got\n%v\nMerge gives\n%v", trial, got, want)
		}
		if err != nil {
			var ce *ConflictError
			if !errors.As(err, &ce) {
				t.Fatalf("trial %d: %v", trial, err)
			}
			for _, r := range got {
				if compareRecords(r, Record{Layout: ce.Layout, Seed: ce.Seed}) >= 0 {
					t.Fatalf("trial %d: fn had %v, not before the conflict at %s %d", trial, r, ce.Layout, ce.Seed)
				}
			}
		}
	}
	// fn's error stops it.
	stop := errors.New("enough")
	p := filepath.Join(dir, "one.jsonl")
	writeRecordsFile(t, p, []Record{{Layout: "a", Seed: 1}, {Layout: "a", Seed: 2}})
	n := 0
	if err := MergeEach(context.Background(), []string{p, p}, func(Record) error { n++; return stop }); err != stop || n != 1 {
		t.Fatalf("err %v after %d records, want %v after 1", err, n, stop)
	}
}

// writeRecordsFile writes recs to path, compressed when the name ends in ".gz".
func writeRecordsFile(t *testing.T, path string, recs []Record) {
	t.Helper()
	var buf bytes.Buffer
	var w io.Writer = &buf
	var z *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		z = gzip.NewWriter(&buf)
		w = z
	}
	if err := WriteRecords(w, recs, false); err != nil {
		t.Fatal(err)
	}
	if z != nil {
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergeEachStops checks that MergeEach stops when its context is done: in the
// reading that checks the files' order (the last line of a file is bad there, which a
// reading that did not stop would report) and in the merge (long before its end).
func TestMergeEachStops(t *testing.T) {
	dir := t.TempDir()
	shards := func(name string, bad bool) []string {
		var paths []string
		for k := range 2 {
			recs := make([]Record, 2*stopEvery)
			for i := range recs {
				recs[i] = Record{Layout: "a", Seed: uint64(2*i + k), Verdict: board.Solvable}
			}
			p := filepath.Join(dir, fmt.Sprintf("%s%d.jsonl", name, k))
			writeRecordsFile(t, p, recs)
			if bad {
				appendBadLine(t, p)
			}
			paths = append(paths, p)
		}
		return paths
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := MergeEach(ctx, shards("bad", true), func(Record) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped before: err %v, want context.Canceled", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	n := 0
	err := MergeEach(ctx, shards("good", false), func(Record) error {
		if n++; n == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n >= 4*stopEvery {
		t.Fatalf("stopped during the merge: err %v after %d records, want context.Canceled sooner", err, n)
	}
}

// appendBadLine adds a line that is no record to the end of the file at path.
func appendBadLine(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("not a record\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
