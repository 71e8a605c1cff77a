package cnf_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/cnf"
)

// FuzzRead checks that Read never panics, that every error is a one-line
// "name:line: message", and that an accepted formula survives
// Write → Read unchanged (variables, clauses, comments) without warnings.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"p cnf 3 2\n1 -2 0\n2 3 0\n",
		"c hi\np cnf 20  91 \n 4 -18 19 0\n%\n0\n\n",
		"p cnf 3 2\n-2 1\n0\n3 -1 2 0",
		"p cnf 2 2\r\n1 2 0\r\n0\r\n",
		"p cnf 40 1\n17 17 40 0\n",
		"c a\nc\np cnf 1 1\n1",
		"1 0\np cnf 1 1\n",
		"p cnf 3 2\np cnf 3 2\n",
		"p cnf 3 -1\n",
		"p cnf 99999999999 1\n",
		"p cnf 3 1\n1 x 0\n",
		"p cnf 3 1\n4 0\n",
		"p cnf 3 1\n1 0 c x\n",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := cnf.Read(strings.NewReader(in), "fuzz.cnf")
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, "fuzz.cnf:") || strings.Contains(msg, "\n") {
				t.Fatalf("bad error message %q", msg)
			}
			return
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("Read returned an invalid formula: %v", err)
		}
		var buf bytes.Buffer
		if err := g.Write(&buf); err != nil {
			t.Fatalf("Write: %v", err)
		}
		h, err := cnf.Read(bytes.NewReader(buf.Bytes()), "again.cnf")
		if err != nil {
			t.Fatalf("re-read of %q: %v", buf.String(), err)
		}
		if len(h.Warnings) != 0 {
			t.Errorf("warnings on canonical output: %q", h.Warnings)
		}
		if h.NumVars != g.NumVars {
			t.Errorf("NumVars %d → %d", g.NumVars, h.NumVars)
		}
		if d := diffClauses(g.Clauses, h.Clauses); d != "" {
			t.Errorf("clauses changed: %s", d)
		}
		if d := diffStrings(g.Comments, h.Comments); d != "" {
			t.Errorf("comments changed: %s", d)
		}
		var buf2 bytes.Buffer
		if err := h.Write(&buf2); err != nil || !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
			t.Errorf("Write is not stable: %q then %q (%v)", buf.String(), buf2.String(), err)
		}
	})
}

// FuzzReadModel checks that ReadModel never panics, returns one-line
// errors, and returns an assignment of the right length exactly when the
// status allows one.
func FuzzReadModel(f *testing.F) {
	for _, s := range []string{
		"s SATISFIABLE\nv 1 -2 3 0\n",
		"SAT\n1 -2 3 0\n",
		"UNSAT\n",
		"s UNKNOWN\n",
		"1 -2 3",
		"v 1 0\nv 2 0\n",
		"v 1 -1 0",
		"c x\ns SATISFIABLE\nv -3\nv 2 0",
	} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, in string, numVars int) {
		numVars %= 1000
		status, assign, err := cnf.ReadModel(strings.NewReader(in), "fuzz.out", numVars)
		if err != nil {
			msg := err.Error()
			if numVars < 0 {
				if !strings.Contains(msg, "fuzz.out") {
					t.Fatalf("error %q does not name the file", msg)
				}
				return
			}
			if !strings.HasPrefix(msg, "fuzz.out:") || strings.Contains(msg, "\n") {
				t.Fatalf("bad error message %q", msg)
			}
			return
		}
		switch status {
		case "", cnf.StatusSat:
			if len(assign) != numVars+1 {
				t.Fatalf("status %q with len(assign) = %d for %d vars", status, len(assign), numVars)
			}
		case cnf.StatusUnsat, cnf.StatusUnknown:
			if assign != nil {
				t.Fatalf("status %q with an assignment", status)
			}
		default:
			t.Fatalf("status %q", status)
		}
	})
}
