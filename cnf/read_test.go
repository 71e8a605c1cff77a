package cnf_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mjsat/mjsat/cnf"
)

// TestReadAccepts covers the input forms the reader must accept, each with
// the formula it must produce.
func TestReadAccepts(t *testing.T) {
	tests := []struct {
		name, reason, in string
		vars             int
		clauses          []cnf.Clause
		comments         []string
		warnings         []string
	}{
		{
			name: "plain", reason: "the simplest file",
			in:   "p cnf 3 2\n1 -2 0\n2 3 0\n",
			vars: 3, clauses: []cnf.Clause{{1, -2}, {2, 3}},
		},
		{
			name: "satlib trailer", reason: "reading stops at %; the 0 after it is not an empty clause",
			in:   "p cnf 20  91 \n 4 -18 19 0\n3 18 -5 0\n%\n0\n\n",
			vars: 20, clauses: []cnf.Clause{{4, -18, 19}, {3, 18, -5}},
			warnings: []string{"t.cnf:1: header says 91 clauses, body has 2"},
		},
		{
			name: "byte-order mark", reason: "some editors begin a file with one; the lines count as without it",
			in:   "\ufeffp cnf 2 1\n1 2 0\n1 0\n",
			vars: 2, clauses: []cnf.Clause{{1, 2}, {1}},
			warnings: []string{"t.cnf:1: header says 1 clauses, body has 2"},
		},
		{
			name: "trailer stops everything", reason: "garbage after % is never read",
			in:   "p cnf 2 1\n1 2 0\n%\n0\nnot dimacs at all\n",
			vars: 2, clauses: []cnf.Clause{{1, 2}},
		},
		{
			name: "indented trailer", reason: "the % may follow blanks",
			in:   "p cnf 2 1\n1 2 0\n  %\n0\n",
			vars: 2, clauses: []cnf.Clause{{1, 2}},
		},
		{
			name: "comments anywhere", reason: "comments before, between and after clauses are kept",
			in:   "c first\np cnf 2 2\nc mid\n1 0\n  c indented\n2 0\nc\nc last",
			vars: 2, clauses: []cnf.Clause{{1}, {2}}, comments: []string{"first", "mid", "indented", "", "last"},
		},
		{
			name: "comment keeps inner spacing", reason: "only one space after c is dropped",
			in:       "c  no_simple.cnf\np cnf 0 0\n",
			comments: []string{" no_simple.cnf"},
		},
		{
			name: "clause spanning lines", reason: "parity files put the 0 on the next line",
			in:   "p cnf 3 2\n-2 1\n0\n3\n-1\n\n2 0\n",
			vars: 3, clauses: []cnf.Clause{{-2, 1}, {3, -1, 2}},
		},
		{
			name: "several clauses on a line", in: "p cnf 3 3\n1 0 2 0 -3 0\n",
			vars: 3, clauses: []cnf.Clause{{1}, {2}, {-3}},
		},
		{
			name: "duplicate literals kept", reason: "aim files repeat literals; we keep them as written",
			in:   "p cnf 40 1\n17 17 40 0\n",
			vars: 40, clauses: []cnf.Clause{{17, 17, 40}},
		},
		{
			name: "tautology kept", in: "p cnf 1 1\n1 -1 0\n",
			vars: 1, clauses: []cnf.Clause{{1, -1}},
		},
		{
			name: "odd header spacing", in: "  p   cnf\t2   1  \r\n1 2 0",
			vars: 2, clauses: []cnf.Clause{{1, 2}},
		},
		{
			name: "CRLF", in: "c hi\r\np cnf 2 2\r\n1 -2 0\r\n2 0\r\n",
			vars: 2, clauses: []cnf.Clause{{1, -2}, {2}}, comments: []string{"hi"},
		},
		{
			name: "tabs and form feeds", in: "p cnf 2 1\n\t1\v\f-2\t0\n",
			vars: 2, clauses: []cnf.Clause{{1, -2}},
		},
		{
			name: "missing final newline", in: "p cnf 2 1\n1 2 0",
			vars: 2, clauses: []cnf.Clause{{1, 2}},
		},
		{
			name: "explicit empty clause", reason: "a 0 alone (not after %) is a real empty clause",
			in:   "p cnf 2 2\n1 2 0\n0\n",
			vars: 2, clauses: []cnf.Clause{{1, 2}, {}},
		},
		{
			name: "unterminated last clause", reason: "accepted with a warning naming its first line",
			in:   "p cnf 3 2\n1 2 0\n3\n-1\n",
			vars: 3, clauses: []cnf.Clause{{1, 2}, {3, -1}},
			warnings: []string{"t.cnf:3: last clause has no terminating 0 (kept)"},
		},
		{
			name: "unterminated clause before trailer",
			in:   "p cnf 3 1\n1 2\n%\n0\n",
			vars: 3, clauses: []cnf.Clause{{1, 2}},
			warnings: []string{"t.cnf:2: last clause has no terminating 0 (kept)"},
		},
		{
			name: "too few clauses in header", reason: "a wrong count is a warning, not an error",
			in:   "c x\np cnf 3 2\n1 0\n-1 0\n2 3 0\n",
			vars: 3, clauses: []cnf.Clause{{1}, {-1}, {2, 3}}, comments: []string{"x"},
			warnings: []string{"t.cnf:2: header says 2 clauses, body has 3"},
		},
		{
			name: "empty formula", in: "p cnf 0 0\n",
		},
		{
			name: "unused variables", in: "p cnf 5 1\n1 0\n",
			vars: 5, clauses: []cnf.Clause{{1}},
		},
		{
			name: "leading zeros", in: "p cnf 10 1\n007 -010 00\n",
			vars: 10, clauses: []cnf.Clause{{7, -10}},
		},
		{
			name: "largest variable", in: fmt.Sprintf("p cnf %d 1\n-%d 0\n", cnf.MaxVars, cnf.MaxVars),
			vars: cnf.MaxVars, clauses: []cnf.Clause{{-cnf.MaxVars}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := cnf.Read(strings.NewReader(tt.in), "t.cnf")
			if err != nil {
				t.Fatalf("Read: %v (%s)", err, tt.reason)
			}
			if f.NumVars != tt.vars {
				t.Errorf("NumVars = %d, want %d", f.NumVars, tt.vars)
			}
			if d := diffClauses(tt.clauses, f.Clauses); d != "" {
				t.Errorf("clauses (-want +got): %s (%s)", d, tt.reason)
			}
			if d := diffStrings(tt.comments, f.Comments); d != "" {
				t.Errorf("comments (-want +got): %s", d)
			}
			if d := diffStrings(tt.warnings, f.Warnings); d != "" {
				t.Errorf("warnings (-want +got): %s", d)
			}
		})
	}
}

// TestReadErrors covers every rejected input with its exact message,
// which names the file and the line.
func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty input", "", "t.cnf:1: no \"p cnf\" header"},
		{"only comments", "c a\nc b\n\n", "t.cnf:2: no \"p cnf\" header"},
		{"clause before header", "c x\n1 2 0\np cnf 2 1\n", "t.cnf:2: clause before the \"p cnf\" header"},
		{"zero before header", "0\np cnf 2 1\n", "t.cnf:1: clause before the \"p cnf\" header"},
		{"second header", "p cnf 2 1\n1 0\n\np cnf 2 1\n", "t.cnf:4: second \"p\" header (the first is on line 1)"},
		{"header missing count", "c\np cnf 3\n", `t.cnf:2: malformed header "p cnf 3": want "p cnf <variables> <clauses>"`},
		{"header extra field", "p cnf 3 2 1\n", `t.cnf:1: malformed header "p cnf 3 2 1": want "p cnf <variables> <clauses>"`},
		{"wcnf header", "p wcnf 3 2\n", `t.cnf:1: malformed header "p wcnf 3 2": want "p cnf <variables> <clauses>"`},
		{"glued header", "pcnf 3 2\n", `t.cnf:1: malformed header "pcnf 3 2": want "p cnf <variables> <clauses>"`},
		{"header not a number", "p cnf x 2\n", `t.cnf:1: malformed header: variable count "x" is not an integer`},
		{"header clause count not a number", "p cnf 3 2.0\n", `t.cnf:1: malformed header: clause count "2.0" is not an integer`},
		{"negative variables", "\n\np cnf -3 2\n", "t.cnf:3: negative variable count -3 in header"},
		{"negative clauses", "p cnf 3 -1\n", "t.cnf:1: negative clause count -1 in header"},
		{"too many variables", "p cnf 16777217 1\n", "t.cnf:1: variable count 16777217 exceeds the limit 16777216"},
		{"too many clauses", "p cnf 3 67108865\n", "t.cnf:1: clause count 67108865 exceeds the limit 67108864"},
		{"huge count", "p cnf 99999999999999999999999 1\n", "t.cnf:1: variable count 99999999999999999999999 exceeds the limit 16777216"},
		{"header too long", "p cnf 3 2" + strings.Repeat(" ", 300) + "\n", "t.cnf:1: malformed header: longer than 256 bytes"},
		{"literal beyond variables", "p cnf 91 1\n1 2 0\n\n-92 0\n", "t.cnf:4: literal -92 out of range: header declares 91 variables"},
		{"literal beyond variables positive", "p cnf 3 1\n 4 0\n", "t.cnf:2: literal 4 out of range: header declares 3 variables"},
		{"huge literal", "p cnf 3 1\n123456789012345678901234567890 0\n", `t.cnf:2: literal 123456789012345678901234... out of range: header declares 3 variables`},
		{"not a number", "p cnf 3 1\n1 x 0\n", `t.cnf:2: "x" is not an integer literal`},
		{"a board", "{\n  \"format\": \"shisen-board/1\",\n", `t.cnf:1: a JSON document (a board or a play?), not a DIMACS CNF formula`},
		{"float", "p cnf 3 1\n1\n2.5 0\n", `t.cnf:3: "2.5" is not an integer literal`},
		{"plus sign", "p cnf 3 1\n+1 0\n", `t.cnf:2: "+1" is not an integer literal`},
		{"lone minus", "p cnf 3 1\n1 - 0\n", `t.cnf:2: "-" is not an integer literal`},
		{"double minus", "p cnf 3 1\n--1 0\n", `t.cnf:2: "--1" is not an integer literal`},
		{"comment after literal", "p cnf 3 1\n1 0 c note\n", `t.cnf:2: "c" is not an integer literal`},
		{"percent mid-line", "p cnf 3 1\n1 0 %\n", `t.cnf:2: "%" is not an integer literal`},
		{"header mid-line", "p cnf 3 1\n1 0 p cnf 3 1\n", `t.cnf:2: "p" is not an integer literal`},
		{"NUL byte", "p cnf 3 1\n1 \x00 0\n", `t.cnf:2: "\x00" is not an integer literal`},
		{"CRLF line count", "p cnf 3 1\r\n1 0\r\nfoo\r\n", `t.cnf:3: "foo" is not an integer literal`},
		{"minus zero", "p cnf 3 2\n1 2 -0\n3 0\n", `t.cnf:2: "-0": a clause ends with 0, not -0`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := cnf.Read(strings.NewReader(tt.in), "t.cnf")
			if err == nil {
				t.Fatalf("Read succeeded with %d clauses; want error %q", len(f.Clauses), tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %q\nwant %q", err.Error(), tt.want)
			}
			var pe *cnf.ParseError
			if !errors.As(err, &pe) || pe.Name != "t.cnf" {
				t.Errorf("error %v is not a *cnf.ParseError for t.cnf", err)
			}
		})
	}
}

func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("p cnf 2 1\n1 "), iotest.ErrReader(boom))
	_, err := cnf.Read(r, "t.cnf")
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "t.cnf:2: read: ") {
		t.Errorf("got %v, want t.cnf:2: read: boom", err)
	}
}

func TestReadFileMissing(t *testing.T) {
	_, err := cnf.ReadFile("no/such/file.cnf")
	if err == nil || !strings.Contains(err.Error(), "no/such/file.cnf") {
		t.Errorf("got %v, want an error naming the file", err)
	}
}

// TestReadCommentLimit checks that a flood of comments is cut with one
// warning instead of being kept in memory.
func TestReadCommentLimit(t *testing.T) {
	var sb strings.Builder
	line := "c " + strings.Repeat("x", 1000) + "\n"
	for range 2000 {
		sb.WriteString(line)
	}
	sb.WriteString("p cnf 1 1\n1 0\n")
	f, err := cnf.Read(strings.NewReader(sb.String()), "t.cnf")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range f.Comments {
		total += len(c)
	}
	if total > 1<<20 || len(f.Comments) < 1000 {
		t.Errorf("kept %d comments, %d bytes; want about 1 MiB", len(f.Comments), total)
	}
	if len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0], "comments beyond") {
		t.Errorf("warnings %q", f.Warnings)
	}
	if len(f.Clauses) != 1 {
		t.Errorf("clauses %v", f.Clauses)
	}
}

func diffClauses(want, got []cnf.Clause) string {
	if len(want) != len(got) {
		return fmt.Sprintf("-%v +%v", want, got)
	}
	for i := range want {
		if !equalClause(want[i], got[i]) {
			return fmt.Sprintf("clause %d: -%v +%v", i, want[i], got[i])
		}
	}
	return ""
}

func diffStrings(want, got []string) string {
	if len(want) != len(got) {
		return fmt.Sprintf("-%q +%q", want, got)
	}
	for i := range want {
		if want[i] != got[i] {
			return fmt.Sprintf("-%q +%q", want, got)
		}
	}
	return ""
}
