package cnf_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/cnf"
)

// sharedCNFs lists every .cnf file under shared/cnf, in lexical order.
func sharedCNFs(t testing.TB) []string {
	t.Helper()
	root := filepath.Join(sharedDir(t), "cnf")
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".cnf") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 1200 {
		t.Fatalf("found only %d .cnf files under %s", len(files), root)
	}
	return files
}

// headerCounts finds the "p cnf V C" line of a file independently of the
// package's reader.
func headerCounts(t *testing.T, path string) (vars, clauses int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 4 && fields[0] == "p" && fields[1] == "cnf" {
			v, err1 := strconv.Atoi(fields[2])
			c, err2 := strconv.Atoi(fields[3])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad header %q", path, sc.Text())
			}
			return v, c
		}
	}
	t.Fatalf("%s: no header found", path)
	return 0, 0
}

// TestReadSharedFiles reads every CNF of shared/cnf and checks the
// variable and clause counts against the file's own header (all correct
// except no_simple.cnf, whose header claims 2 clauses for 5).
func TestReadSharedFiles(t *testing.T) {
	for _, path := range sharedCNFs(t) {
		name := filepath.Base(path)
		wantVars, wantClauses := headerCounts(t, path)
		wantWarnings := 0
		if name == "no_simple.cnf" {
			wantClauses, wantWarnings = 5, 1
		}
		f, err := cnf.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if f.NumVars != wantVars || len(f.Clauses) != wantClauses {
			t.Errorf("%s: got %d vars, %d clauses; want %d, %d", path, f.NumVars, len(f.Clauses), wantVars, wantClauses)
		}
		if len(f.Warnings) != wantWarnings {
			t.Errorf("%s: warnings %q, want %d", path, f.Warnings, wantWarnings)
		}
		for i, c := range f.Clauses {
			if len(c) == 0 {
				t.Errorf("%s: clause %d is empty (%% trailer read as a clause?)", path, i)
			}
		}
		if len(f.Comments) == 0 && !strings.Contains(path, "npycomp") {
			t.Errorf("%s: no comments kept", path)
		}
	}
}

func TestReadNoSimpleWarning(t *testing.T) {
	path := filepath.Join("testdata", "input", "no_simple.cnf")
	f, err := cnf.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := path + ":3: header says 2 clauses, body has 5"
	if len(f.Warnings) != 1 || f.Warnings[0] != want {
		t.Errorf("warnings %q, want [%q]", f.Warnings, want)
	}
}

// TestReadUF20Literals checks uf20-01 against its text: 91 clauses of 3
// literals, first and last clause as printed in the file.
func TestReadUF20Literals(t *testing.T) {
	f, err := cnf.ReadFile(filepath.Join("testdata", "input", "uf20-01.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range f.Clauses {
		if len(c) != 3 {
			t.Errorf("clause %d has %d literals: %v", i, len(c), c)
		}
	}
	first, last := f.Clauses[0], f.Clauses[len(f.Clauses)-1]
	if !equalClause(first, cnf.Clause{4, -18, 19}) || !equalClause(last, cnf.Clause{4, -16, -5}) {
		t.Errorf("first %v last %v, want [4 -18 19] and [4 -16 -5]", first, last)
	}
}

// satLabel is the known answer for a shared file, from the README.
func satLabel(path string) (sat bool, known bool) {
	base := filepath.Base(path)
	switch {
	case strings.HasPrefix(base, "uuf"):
		return false, true
	case strings.HasPrefix(base, "uf"):
		return true, true
	case strings.Contains(base, "yes"):
		return true, true
	case strings.Contains(base, "-no-"):
		return false, true
	case strings.HasPrefix(base, "dubois"), strings.HasPrefix(base, "hole"), base == "no_simple.cnf":
		return false, true
	case strings.HasPrefix(base, "par"), base == "quinn.cnf", base == "simple_v3_c2.cnf", base == "zebra.cnf":
		return true, true
	}
	return false, false
}

// TestBruteForceSharedLabels checks the SATLIB labels of every shared file
// small enough for brute force (a quarter of uf20 and the classic small
// ones).
func TestBruteForceSharedLabels(t *testing.T) {
	checked, uf20 := 0, 0
	for _, path := range sharedCNFs(t) {
		want, known := satLabel(path)
		if !known {
			t.Errorf("%s: no label", path)
			continue
		}
		f, err := cnf.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if f.NumVars > 20 {
			continue
		}
		if strings.Contains(path, "uf20-91") {
			// Every 4th uf20 file here (brute force takes milliseconds
			// each); package sat checks all 1000 with gophersat.
			if uf20++; uf20%4 != 1 {
				continue
			}
		}
		got, model, err := cnf.BruteForce(f)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: brute force says sat=%v, label says %v", path, got, want)
		}
		if got && !f.Eval(model) {
			t.Errorf("%s: brute-force model does not satisfy", path)
		}
		checked++
	}
	if checked < 100 {
		t.Errorf("only %d files checked", checked)
	}
	t.Logf("%d files decided by brute force", checked)
}

func equalClause(a, b cnf.Clause) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
