package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/instances"
)

// encoded writes the encoding of turtle deal 1 by method m to a file and returns its
// path.
func encoded(t *testing.T, m encode.Method) string {
	t.Helper()
	d, err := board.NewDealer(instances.Turtle())
	if err != nil {
		t.Fatal(err)
	}
	e, err := encode.Encode(d.Deal(1), encode.Options{Method: m})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), string(m)+".cnf")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.WriteDIMACS(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestKinds checks that every variable of each encoding of a turtle deal gets a kind,
// and the kinds each encoding has: a change to what encode says of its variables
// fails it.
func TestKinds(t *testing.T) {
	for m, want := range map[encode.Method]string{
		encode.Elim: "le lt pair side",
		encode.Rank: "pair rank side",
		encode.Time: "pair side time",
	} {
		kinds, err := readKinds(encoded(t, m))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for v, k := range kinds {
			if k == "other" {
				t.Fatalf("%s: variable %d has no kind", m, v)
			}
			seen[k] = true
		}
		if got := strings.Join(slices.Sorted(maps.Keys(seen)), " "); got != want {
			t.Errorf("%s: kinds %q, want %q", m, got, want)
		}
	}
}

func TestReadProof(t *testing.T) {
	path := encoded(t, encode.Elim)
	kinds, err := readKinds(path)
	if err != nil {
		t.Fatal(err)
	}
	first := map[string]int{}
	for v := 1; v <= len(kinds); v++ {
		if _, ok := first[kinds[v]]; !ok {
			first[kinds[v]] = v
		}
	}
	pair, lt := strconv.Itoa(first["pair"]), strconv.Itoa(first["lt"])
	dir := t.TempDir()
	for _, tc := range []struct {
		name, proof, want, err string
	}{
		{name: "counts", proof: pair + " 0\n-" + lt + " " + pair + " 0\nd " + pair + " 0\n0\n",
			want: "clauses added 2, deleted 1, the empty clause true\nliterals: lt 1 pair 2\nunits: pair+ 1\nclauses by kinds: lt+pair 1 pair 1\nlengths: 1:1 2:1\n"},
		{name: "binary", proof: pair + " 12", err: "not ended by 0"},
		{name: "unknown", proof: "99999999 0\n", err: `literal "99999999" is not a variable`},
		{name: "not a number", proof: "x 0\n", err: `literal "x"`},
	} {
		file := filepath.Join(dir, tc.name+".drat")
		if err := os.WriteFile(file, []byte(tc.proof), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := readProof(file, kinds)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		st.print(&b)
		if b.String() != tc.want {
			t.Errorf("%s: printed\n%s\nwant\n%s", tc.name, b.String(), tc.want)
		}
	}
}
