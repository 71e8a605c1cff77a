package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/difficulty"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/scan"
	"github.com/mjsat/mjsat/shisen"
)

var msField = regexp.MustCompile(`,"ms":[0-9.]+`)

// cmd runs the command with args and returns its exit status and outputs.
func cmd(t *testing.T, args ...string) (int, string, string) {
	r := clitest.Run(run, args...)
	return r.Code, r.Stdout, r.Stderr
}

func TestScanShardsMergeSummaryChart(t *testing.T) {
	dir := t.TempDir()
	base := []string{"-layout-file", "testdata/rows16", "-exhaustive", "-q"}
	// One run to standard output, the summary on standard error.
	st, whole, errOut := cmd(t, append(base, "-deals", "0:500", "-j", "3")...)
	if st != cli.ExitOK {
		t.Fatalf("exit %d: %s", st, errOut)
	}
	if n := strings.Count(whole, "\n"); n != 500 {
		t.Fatalf("%d lines", n)
	}
	if !strings.Contains(errOut, "layout rows16: 500 deals (seeds 0:500)") {
		t.Fatalf("summary: %s", errOut)
	}
	// The same again gives the same records.
	_, again, _ := cmd(t, append(base, "-deals", "0:500", "-j", "1")...)
	if msField.ReplaceAllString(again, "") != msField.ReplaceAllString(whole, "") {
		t.Fatal("two runs differ")
	}
	// Three shards into files, merged.
	var shards []string
	for i, r := range []string{"0:123", "123:400", "400:500"} {
		p := filepath.Join(dir, "s"+string(rune('a'+i))+".jsonl")
		if st, out, errOut := cmd(t, append(base, "-deals", r, "-o", p, "-notime")...); st != cli.ExitOK || !strings.Contains(out, "layout rows16") {
			t.Fatalf("shard %s: exit %d: %s %s", r, st, out, errOut)
		}
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "all.jsonl")
	if st, _, errOut := cmd(t, append([]string{"merge", "-o", merged}, shards...)...); st != cli.ExitOK {
		t.Fatalf("merge: %d %s", st, errOut)
	}
	if got := clitest.ReadFile(t, merged); got != msField.ReplaceAllString(whole, "") {
		t.Fatal("merged shards differ from one run")
	}
	// Summary and chart read the files.
	st, sum, _ := cmd(t, "summary", merged)
	if st != cli.ExitOK || !strings.Contains(sum, "unsolvable") {
		t.Fatalf("summary: %d %s", st, sum)
	}
	// A stretch of seeds summarized from the merged file is its shard's summary.
	st, part, errOut := cmd(t, "summary", "-deals", "123:400", merged)
	if _, shard, _ := cmd(t, "summary", shards[1]); st != cli.ExitOK || part != shard || !strings.Contains(part, "277 deals (seeds 123:400)") {
		t.Fatalf("summary -deals 123:400: %d %s%s, want the shard's %s", st, part, errOut, shard)
	}
	if st, _, errOut := cmd(t, "summary", "-deals", "500:600", merged); st != cli.ExitUsage || !strings.Contains(errOut, "no record of those seeds") {
		t.Fatalf("summary -deals 500:600: %d %s", st, errOut)
	}
	st, md, _ := cmd(t, "summary", "-format", "md", merged)
	if st != cli.ExitOK || !strings.HasPrefix(md, "| layout |") {
		t.Fatalf("summary -format md: %d %s", st, md)
	}
	st, svg, _ := cmd(t, append([]string{"chart"}, shards...)...)
	if st != cli.ExitOK || !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "rows16") {
		t.Fatalf("chart: %d %.200s", st, svg)
	}
	// Resuming a complete file adds nothing and still succeeds.
	if st, _, errOut := cmd(t, append(base, "-deals", "0:500", "-o", merged)...); st != cli.ExitOK {
		t.Fatalf("resume: %d %s", st, errOut)
	}
	if got := clitest.ReadFile(t, merged); got != msField.ReplaceAllString(whole, "") {
		t.Fatal("a resume with nothing to do changed the file")
	}
}

func TestScanTranspose(t *testing.T) {
	st, out, errOut := cmd(t, "-layout-file", "testdata/rows16", "-transpose", "-exhaustive", "-deals", "3", "-q")
	if st != cli.ExitOK || !strings.Contains(out, `"layout":"rows16^T"`) {
		t.Fatalf("exit %d: %s %s", st, out, errOut)
	}
}

func TestScanLayoutByName(t *testing.T) {
	t.Setenv("MJSAT_LAYOUTS", shared.Path(t, "layouts", "xmahjongg"))
	// The exhaustive solver refuses 144 tiles: the layout was found and dealt.
	st, _, errOut := cmd(t, "-layout", "ox", "-exhaustive", "-deals", "1", "-q")
	if st != cli.ExitUsage || !strings.Contains(errOut, "144 tiles") {
		t.Fatalf("exit %d: %s", st, errOut)
	}
}

func TestScanErrors(t *testing.T) {
	dir := t.TempDir()
	bad := clitest.WriteFile(t, dir, "bad.jsonl", `{"layout":"a","seed":1,"verdict":"solvable"}`+"\n"+`{"layout":"a","seed":1,"verdict":"unsolvable"}`+"\n")
	// Two files each in canonical order, whose records of seed 2 disagree: merged side
	// by side, the conflict shows only when both are read.
	left := clitest.WriteFile(t, dir, "left.jsonl",
		`{"layout":"a","seed":1,"verdict":"solvable","nodes":0}`+"\n"+`{"layout":"a","seed":2,"verdict":"solvable","nodes":0}`+"\n")
	right := clitest.WriteFile(t, dir, "right.jsonl",
		`{"layout":"a","seed":2,"verdict":"unsolvable","nodes":0}`+"\n"+`{"layout":"a","seed":3,"verdict":"solvable","nodes":0}`+"\n")
	merged := filepath.Join(dir, "merged.jsonl")
	garbled := clitest.WriteFile(t, dir, "garbled.jsonl", "{}\n")
	tests := []struct {
		args []string
		st   int
		want string
	}{
		{[]string{"-deals", "10"}, cli.ExitUsage, "exactly one of -layout"},
		{[]string{"-layout-file", "testdata/rows16"}, cli.ExitUsage, "-deals A:B is required"},
		{[]string{"-layout-file", "testdata/rows16", "-deals", "9:3"}, cli.ExitUsage, "before start"},
		{[]string{"-layout-file", "testdata/rows16", "-deals", "3", "-method", "magic"}, cli.ExitUsage, `"magic": want native or exhaustive`},
		{[]string{"-layout-file", "testdata/rows16", "-deals", "3", "-j", "0"}, cli.ExitUsage, "-j 0"},
		{[]string{"-layout-file", "testdata/nosuch", "-deals", "3"}, cli.ExitUsage, "testdata/nosuch"},
		{[]string{"-layout-file", "testdata/rows16", "-deals", "3", "extra"}, cli.ExitUsage, `unexpected argument "extra"`},
		{[]string{"-bogus"}, cli.ExitUsage, "flag provided but not defined"},
		{[]string{"-layout", "turtle", "-deals", "3", "-gravity"}, cli.ExitUsage, "-gravity: for -game shisen"},
		{[]string{"-game", "shisen", "-layout", "turtle", "-deals", "3"}, cli.ExitUsage, "-layout: for Mahjong deals"},
		{[]string{"-game", "shisen", "-deals", "3", "-exhaustive", "-difficulty", "5"}, cli.ExitUsage, "-exhaustive, -difficulty: for Mahjong deals"},
		{[]string{"merge"}, cli.ExitUsage, "missing operand"},
		{[]string{"merge", bad}, cli.ExitFailed, `layout "a" seed 1: one record says solvable, another unsolvable`},
		{[]string{"merge", "-o", merged, left, right}, cli.ExitFailed, `layout "a" seed 2: one record says solvable, another unsolvable`},
		{[]string{"summary", left, right}, cli.ExitFailed, `layout "a" seed 2`},
		{[]string{"summary", garbled}, cli.ExitUsage, "garbled.jsonl:1: missing \"layout\""},
		{[]string{"summary", "-format", "xml", garbled}, cli.ExitUsage, `-format "xml"`},
		{[]string{"chart", filepath.Join(dir, "none.jsonl")}, cli.ExitUsage, "none.jsonl"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			st, _, errOut := cmd(t, tc.args...)
			if st != tc.st || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", st, errOut, tc.st, tc.want)
			}
		})
	}
	if _, err := os.Stat(merged); !os.IsNotExist(err) {
		t.Errorf("a merge that found a conflict left %s (%v)", merged, err)
	}
}

func TestScanInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := filepath.Join(t.TempDir(), "r.jsonl")
	r := clitest.RunWith(ctx, run, "", "-layout-file", "testdata/rows16", "-exhaustive", "-deals", "100", "-o", p, "-q")
	if r.Code != cli.ExitUnknown || !strings.Contains(r.Stderr, "interrupted") {
		t.Fatalf("exit %d: %s", r.Code, r.Stderr)
	}
	// The file exists and a rerun completes it.
	if st, _, e := cmd(t, "-layout-file", "testdata/rows16", "-exhaustive", "-deals", "100", "-o", p, "-q"); st != cli.ExitOK {
		t.Fatalf("resume: %d %s", st, e)
	}
	if n := strings.Count(clitest.ReadFile(t, p), "\n"); n != 100 {
		t.Fatalf("%d lines after resume", n)
	}
}

// TestMergeInterrupted checks that merge, summary and chart stop on a signal with exit
// status 3, and that merge then leaves no output file.
func TestMergeInterrupted(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "s.jsonl")
	if st, _, e := cmd(t, "-layout-file", "testdata/rows16", "-exhaustive", "-deals", "50", "-o", shard, "-q"); st != cli.ExitOK {
		t.Fatalf("scan: %d %s", st, e)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	merged := filepath.Join(dir, "m.jsonl")
	for _, args := range [][]string{{"merge", "-o", merged, shard}, {"summary", shard}, {"chart", shard}} {
		r := clitest.RunWith(ctx, run, "", args...)
		if r.Code != cli.ExitUnknown || !strings.Contains(r.Stderr, "interrupted") || r.Stdout != "" {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q; want 3, nothing, interrupted", args[0], r.Code, len(r.Stdout), r.Stderr)
		}
	}
	if _, err := os.Stat(merged); !os.IsNotExist(err) {
		t.Errorf("an interrupted merge left %s (%v)", merged, err)
	}
}

var nodesField = regexp.MustCompile(`,"nodes":[0-9]+`)

// The native solver agrees with the exhaustive one, deal by deal, on a tiny layout.
func TestNativeAgreesWithExhaustive(t *testing.T) {
	args := []string{"-layout-file", "testdata/rows16", "-deals", "0:300", "-notime", "-q"}
	st1, native, e1 := cmd(t, args...)
	st2, exhaustive, e2 := cmd(t, append(args, "-exhaustive")...)
	if st1 != cli.ExitOK || st2 != cli.ExitOK {
		t.Fatalf("exit %d %d: %s %s", st1, st2, e1, e2)
	}
	if a, b := nodesField.ReplaceAllString(native, ""), nodesField.ReplaceAllString(exhaustive, ""); a != b {
		t.Fatalf("verdicts differ:\nnative:\n%.300s\nexhaustive:\n%.300s", a, b)
	}
}

// The native solver's records on the default layout do not depend on -j.
func TestNativeDeterministic(t *testing.T) {
	args := []string{"-layout", "default", "-deals", "0:30", "-notime", "-q"}
	_, a, e := cmd(t, append(args, "-j", "1")...)
	_, b, _ := cmd(t, append(args, "-j", "2")...)
	if a == "" || a != b {
		t.Fatalf("-j 1 and -j 2 differ (%s)", e)
	}
}

// TestScanDeprecatedSolverFlag keeps the old spellings -solver NAME and -method NAME
// working, with a deprecation note, and -o as a synonym of -results with none.
func TestScanDeprecatedSolverFlag(t *testing.T) {
	for _, old := range []string{"-solver", "-method"} {
		st, out, errOut := cmd(t, "-layout-file", "testdata/rows16", old, "exhaustive", "-deals", "3", "-q")
		if st != cli.ExitOK || strings.Count(out, "\n") != 3 || !strings.Contains(errOut, old+" is deprecated: use -exhaustive") {
			t.Fatalf("%s: exit %d, out %q, stderr %q", old, st, out, errOut)
		}
	}
	dir := t.TempDir()
	for _, flag := range []string{"-o", "-results"} {
		p := filepath.Join(dir, flag[1:]+".jsonl")
		st, _, errOut := cmd(t, "-layout-file", "testdata/rows16", "-exhaustive", "-deals", "3", "-q", "-notime", flag, p)
		if st != cli.ExitOK || errOut != "" || strings.Count(clitest.ReadFile(t, p), "\n") != 3 {
			t.Fatalf("%s: exit %d, stderr %q", flag, st, errOut)
		}
	}
}

// TestScanDifficulty: -difficulty records, for every winnable deal and no other, the
// figures package difficulty measures on that deal with its seed.
func TestScanDifficulty(t *testing.T) {
	st, out, errOut := cmd(t, "-layout", "turtle", "-deals", "0:6", "-j", "2", "-notime", "-q", "-difficulty", "20")
	if st != cli.ExitOK {
		t.Fatalf("exit %d: %s", st, errOut)
	}
	recs, err := scan.ReadRecords(strings.NewReader(out), "out")
	if err != nil || len(recs) != 6 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for _, r := range recs {
		if (r.Difficulty != nil) != (r.Verdict == board.Solvable) {
			t.Errorf("seed %d: %v with difficulty %+v", r.Seed, r.Verdict, r.Difficulty)
			continue
		}
		if r.Difficulty == nil {
			continue
		}
		b, err := board.Deal(instances.Turtle(), r.Seed)
		if err != nil {
			t.Fatal(err)
		}
		f, err := difficulty.Measure(context.Background(), b, 20, r.Seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := scan.Difficulty{Games: 20, Won: f.Won, FirstMoves: f.FirstMoves, WinningFirst: f.WinningFirst}
		if *r.Difficulty != want {
			t.Errorf("seed %d: %+v, want %+v", r.Seed, *r.Difficulty, want)
		}
	}
	if st, _, _ := cmd(t, "-layout", "turtle", "-deals", "0:1", "-difficulty", "-1"); st != cli.ExitUsage {
		t.Errorf("-difficulty -1: exit %d", st)
	}
}

// TestScanTimeoutGivesUnknown: a deal that runs out of -timeout is recorded unknown,
// with exit status 3, and -retry-unknown with time enough decides it. Turtle deal
// 17662 takes the native solver some three thousand nodes, far more than a
// millisecond.
func TestScanTimeoutGivesUnknown(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.jsonl")
	args := []string{"-layout", "turtle", "-deals", "17662:17663", "-j", "1", "-o", p, "-q", "-notime"}
	if st, _, e := cmd(t, append(args, "-timeout", "1ms")...); st != cli.ExitUnknown {
		t.Fatalf("-timeout 1ms: exit %d, want %d: %s", st, cli.ExitUnknown, e)
	}
	if got := clitest.ReadFile(t, p); !strings.Contains(got, `"verdict":"unknown"`) {
		t.Fatalf("-timeout 1ms wrote %q, want an unknown record", got)
	}
	if st, _, e := cmd(t, append(args, "-retry-unknown")...); st != cli.ExitOK {
		t.Fatalf("-retry-unknown: exit %d: %s", st, e)
	}
	if got := clitest.ReadFile(t, p); strings.Contains(got, "unknown") || strings.Count(got, "\n") != 1 {
		t.Fatalf("-retry-unknown left %q, want one decided record", got)
	}
}

// TestScanQualifiedName checks that a layout named with its source is recorded under
// that name, and a bare name under the bare name, so that two games' layouts of one
// name make two rows of a table.
func TestScanQualifiedName(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/rows16")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rows"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MJSAT_LAYOUTS", dir)
	for name, want := range map[string]string{"env/rows": `"layout":"env/rows"`, "rows": `"layout":"rows"`} {
		st, out, errOut := cmd(t, "-layout", name, "-exhaustive", "-deals", "2", "-q")
		if st != cli.ExitOK || strings.Count(out, want) != 2 {
			t.Errorf("-layout %s: exit %d: %s %s", name, st, out, errOut)
		}
	}
}

// TestScanShisen scans Shisen-Sho deals: records named by game, size and rule, the
// verdicts those of the shisen solver on the deals of deal.
func TestScanShisen(t *testing.T) {
	st, out, errOut := cmd(t, "-game", "shisen", "-size", "14x6", "-gravity", "-deals", "0:6", "-j", "2", "-q", "-notime")
	if st != cli.ExitOK || strings.Count(out, `"layout":"shisen-14x6-gravity"`) != 6 {
		t.Fatalf("exit %d: %s %s", st, out, errOut)
	}
	for k, line := range strings.Split(strings.TrimSpace(out), "\n") {
		b, _ := shisen.Deal(14, 6, true, uint64(k))
		r, err := shisen.Solve(context.Background(), b)
		if err != nil || !strings.Contains(line, `"seed":`+strconv.Itoa(k)+`,"verdict":"`+r.Status.String()+`"`) {
			t.Errorf("seed %d: %s, the solver says %v (%v)", k, line, r.Status, err)
		}
	}
	// KShisen's check against those verdicts: every deal counted once.
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, []byte(out), 0o644)
	st, g, errOut := cmd(t, "greedy", p)
	var pass, lost, fail, won int
	if _, err := fmt.Sscanf(g, "shisen-14x6-gravity: KShisen's check passes %d deals, lost %d of", &pass, &lost); st != 0 || err != nil {
		t.Fatalf("greedy: exit %d %q %s %v", st, g, errOut, err)
	}
	rest := g[strings.Index(g, "; fails ")+len("; fails "):]
	if _, err := fmt.Sscanf(rest, "%d, winnable %d of", &fail, &won); err != nil || pass+fail != 6 {
		t.Errorf("greedy counts %d + %d deals, want 6: %q", pass, fail, g)
	}
}
