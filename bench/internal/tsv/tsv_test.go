package tsv

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestRead checks the rows and the header a table gives, and that every bad table
// gets an error naming the file and, where there is one, the line.
func TestRead(t *testing.T) {
	tests := []struct {
		name, text string
		need       []string
		rows       string // the rows seen, "a=1 b=2;" each, when want is ""
		want       string // in the error
	}{
		{"good", "a\tb\n1\t2\n3\t4\n", []string{"b"}, "a=1 b=2;a=3 b=4;", ""},
		{"columns in any order", "b\ta\n2\t1\n", []string{"a", "b"}, "a=1 b=2;", ""},
		{"empty", "", nil, "", "t.tsv: empty, want a table of tests"},
		{"missing column", "a\tb\n1\t2\n", []string{"c"}, "", `t.tsv:1: no column "c", want a table of tests`},
		{"short row", "a\tb\n1\t2\n3\n", nil, "", "t.tsv:3: 1 fields, want 2"},
		{"long row", "a\tb\n1\t2\t3\n", nil, "", "t.tsv:2: 3 fields, want 2"},
		{"row error", "a\tb\n1\t2\nx\t4\n", nil, "", "t.tsv:3: a is x"},
		{"header only", "a\tb\n", nil, "", "t.tsv: no rows, want a table of tests"},
		{"line too long", "a\n" + strings.Repeat("1", maxLine+1) + "\n", nil, "", "t.tsv: bufio.Scanner: token too long"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var seen strings.Builder
			header, err := Read(strings.NewReader(tc.text), "t.tsv", "a table of tests", tc.need, func(f []string, col map[string]int) error {
				if f[col["a"]] == "x" {
					return errors.New("a is x")
				}
				fmt.Fprintf(&seen, "a=%s b=%s;", f[col["a"]], f[col["b"]])
				return nil
			})
			if tc.want != "" {
				if err == nil || err.Error() != tc.want {
					t.Fatalf("error %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if seen.String() != tc.rows {
				t.Errorf("rows %q, want %q", seen.String(), tc.rows)
			}
			if got := strings.Join(header, "\t"); got != strings.SplitN(tc.text, "\n", 2)[0] {
				t.Errorf("header %q", got)
			}
		})
	}
}

// FuzzRead checks that no input makes Read panic, that every row it hands on has the
// header's fields, and that its errors name the file.
func FuzzRead(f *testing.F) {
	f.Add("a\tb\n1\t2\n")
	f.Add("seed\tgames\tplain\n1\t200\t3\n")
	f.Add("a\n\n")
	f.Fuzz(func(t *testing.T, text string) {
		var widths []int
		header, err := Read(strings.NewReader(text), "f.tsv", "a table", []string{"a"}, func(f []string, col map[string]int) error {
			widths = append(widths, len(f))
			if _, ok := col["a"]; !ok {
				t.Fatalf("row without the needed column: %q", f)
			}
			return nil
		})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.tsv") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		if len(header) == 0 || len(widths) == 0 {
			t.Fatalf("accepted a table without a header or rows: %q", text)
		}
		for _, w := range widths {
			if w != len(header) {
				t.Fatalf("a row of %d fields under a header of %d", w, len(header))
			}
		}
	})
}
