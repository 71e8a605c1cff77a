package scan

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestRecordRoundTrip(t *testing.T) {
	recs := []Record{
		{Layout: "default", Seed: 17, Verdict: Solvable, Ms: 0.412, Timed: true, Nodes: 123},
		{Layout: "ox^T", Seed: 1<<64 - 1, Verdict: Unsolvable, Nodes: 0},
		{Layout: `odd "name"`, Seed: 0, Verdict: Unknown, Ms: 60000, Timed: true, Nodes: 9},
		{Layout: "turtle", Seed: 5, Verdict: Solvable, Nodes: 2, Difficulty: &Difficulty{Games: 100, Won: 37, FirstMoves: 12, WinningFirst: 5}},
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
		{`not json`, `f.jsonl:1:`},
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
	r := func(l string, s uint64, v Verdict) Record { return Record{Layout: l, Seed: s, Verdict: v} }
	got, err := Canonical([]Record{
		r("b", 2, Solvable), r("a", 5, Unknown), r("a", 1, Unsolvable),
		r("a", 5, Solvable), r("a", 5, Unknown), r("b", 2, Solvable),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []Record{r("a", 1, Unsolvable), r("a", 5, Solvable), r("b", 2, Solvable)}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if _, err := Canonical([]Record{r("a", 3, Solvable), r("a", 3, Unsolvable)}); err == nil ||
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
	f.Fuzz(func(t *testing.T, line []byte) {
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
