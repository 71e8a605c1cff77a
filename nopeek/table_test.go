package nopeek

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReadRecords reads result files: good lines, a last line cut short by a crash
// (no newline), and bad lines named by file and line.
func TestReadRecords(t *testing.T) {
	good := `{"seed":17,"policy":"debondt","won":true,"moves":72}` + "\n" +
		`{"seed":18,"policy":"debondt","won":false,"moves":40}` + "\n"
	tests := []struct {
		name, in string
		n        int    // records read
		err      string // or the error's text
	}{
		{"two", good, 2, ""},
		{"no newline at the end", strings.TrimSuffix(good, "\n"), 2, ""},
		{"blank lines", "\n" + good + "\n\n", 2, ""},
		{"last line cut short", good + `{"seed":19,"pol`, 2, ""},
		{"bad line before the last", `{"seed":1}` + "\n" + good, 0, "f.jsonl:1: not a record of play"},
		{"unknown field", `{"seed":1,"policy":"random","won":true,"moves":3,"x":1}` + "\n" + good, 0, "f.jsonl:1:"},
		{"negative moves", `{"seed":1,"policy":"random","won":true,"moves":-3}` + "\n" + good, 0, `f.jsonl:1: negative "moves" -3`},
		{"negative seed", good + `{"seed":-1,"policy":"random","won":true,"moves":3}` + "\n" + good, 0, "f.jsonl:3:"},
		{"a line too long", strings.Repeat(" ", 1<<17) + "\n" + good, 0, "f.jsonl:1: a line longer than 65536 bytes"},
		{"bad last line with its newline", good + `{"seed":19}` + "\n", 0, "f.jsonl:3: not a record of play"},
		{"two records on a line", `{"seed":1,"policy":"random","won":true,"moves":3} {}` + "\n", 0, "f.jsonl:1:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ReadRecords(strings.NewReader(tc.in), "f.jsonl")
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("error %v, want %q", err, tc.err)
			case len(recs) != tc.n:
				t.Fatalf("%d records, want %d", len(recs), tc.n)
			}
		})
	}
}

// FuzzReadRecords reads any bytes as a result file: an error names the file and
// says what is wrong in one line, and every record read writes back to a line that
// reads as the same record.
func FuzzReadRecords(f *testing.F) {
	f.Add([]byte(`{"seed":17,"policy":"debondt","won":true,"moves":72}` + "\n"))
	f.Add([]byte(`{"seed":1,"policy":"sample","won":false,"moves":0}` + "\n" + `{"seed":2,"poli`))
	f.Add([]byte("{}\n{\"seed\":1e3}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := ReadRecords(strings.NewReader(string(data)), "f.jsonl")
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "f.jsonl") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q: want one line naming the file", msg)
			}
			return
		}
		for _, r := range recs {
			if r.Policy == "" || r.Moves < 0 {
				t.Fatalf("record %+v read", r)
			}
			line, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ReadRecords(strings.NewReader(string(line)+"\n"), "back")
			if err != nil || len(back) != 1 || back[0] != r {
				t.Fatalf("record %+v wrote %s, read back %+v, %v", r, line, back, err)
			}
		}
	})
}
