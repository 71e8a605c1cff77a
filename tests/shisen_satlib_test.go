package tests

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/verify"
)

// satlibRecords reads the reports of `verify -game shisen -json` kept in
// docs/results/satlib/NAME.jsonl.gz, one formula a line.
func satlibRecords(t *testing.T, name string) []verify.Outcome {
	t.Helper()
	path := filepath.Join("..", "docs", "results", "satlib", name+".jsonl.gz")
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []verify.Outcome
	sc := bufio.NewScanner(zr)
	for line := 1; sc.Scan(); line++ {
		var o verify.Outcome
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

// TestShisenSATLIBRecords holds the kept reports of `verify -game shisen` on SATLIB
// to SATLIB's own labels and files: every formula of uf20-91 and of uuf50-218 has
// one report, and every report names a formula of its folder with its size, passed,
// and has the formula route, the native route and the certificates agree with the
// label (uf20: satisfiable, uuf50: not). With -long, one report drawn at random is
// made again.
func TestShisenSATLIBRecords(t *testing.T) {
	sets := []struct{ records, folder, formula, native string }{
		{"shisen-uf20-91", "uf20-91", "sat", "solvable"},
		{"shisen-uuf50-218", "uuf50-218", "unsat", "unsolvable"},
	}
	for _, s := range sets {
		t.Run(s.folder, func(t *testing.T) {
			dir := shared.Path(t, "cnf", "satlib", s.folder)
			files, err := filepath.Glob(filepath.Join(dir, "*.cnf"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no formulas in %s (%v)", dir, err)
			}
			seen := map[string]bool{}
			records := satlibRecords(t, s.records)
			for _, o := range records {
				switch {
				case seen[o.Name]:
					t.Errorf("%s: two reports", o.Name)
				case o.Result != "pass" || o.Game != "shisen":
					t.Errorf("%s: verdict %q, game %q", o.Name, o.Result, o.Game)
				case o.Formula != s.formula || o.Native != s.native:
					t.Errorf("%s: formula %s, native %s; SATLIB says %s", o.Name, o.Formula, o.Native, s.formula)
				case s.formula == "sat" && (o.Cert != "ok" || o.Back != "ok"):
					t.Errorf("%s: certificates %q and %q", o.Name, o.Cert, o.Back)
				}
				seen[o.Name] = true
				f, err := cnf.ReadFile(filepath.Join(dir, o.Name))
				if err != nil {
					t.Errorf("%s: %v", o.Name, err)
					continue
				}
				if o.Vars != f.NumVars || o.Clauses != len(f.Clauses) {
					t.Errorf("%s: the report has %d variables and %d clauses, the file %d and %d", o.Name, o.Vars, o.Clauses, f.NumVars, len(f.Clauses))
				}
			}
			for _, p := range files {
				if !seen[filepath.Base(p)] {
					t.Errorf("%s: no report", filepath.Base(p))
				}
			}
			t.Logf("%d reports of %d formulas", len(records), len(files))
			if !*long || len(records) == 0 {
				return
			}
			o := records[rand.IntN(len(records))]
			f, err := cnf.ReadFile(filepath.Join(dir, o.Name))
			if err != nil {
				t.Fatal(err)
			}
			again := verify.Check(context.Background(), o.Name, f, verify.Options{Game: "shisen", NoSATRoute: true, Timeout: 40 * time.Minute})
			if again.Result != o.Result || again.Formula != o.Formula || again.Native != o.Native {
				t.Errorf("%s made again: %s; kept: %s %s %s", o.Name, again.Line(), o.Result, o.Formula, o.Native)
			}
		})
	}
}
