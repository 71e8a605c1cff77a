package scan

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/internal/golden"

	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/internal/reference"

	"github.com/mjsat/mjsat/board"
)

// grid returns positions on level z at x = x0, x0+2, ... (nx of them) and
// y = y0, y0+2, ... (ny of them).
func grid(x0, y0, z, nx, ny int) []board.Pos {
	var out []board.Pos
	for j := range ny {
		for i := range nx {
			out = append(out, board.Pos{X: x0 + 2*i, Y: y0 + 2*j, Z: z})
		}
	}
	return out
}

// Tiny layouts the exhaustive solver decides in microseconds; each has a sizeable
// fraction of unsolvable deals.
func tinyLayouts() []board.Layout {
	cat := func(ps ...[]board.Pos) []board.Pos {
		var out []board.Pos
		for _, p := range ps {
			out = append(out, p...)
		}
		return out
	}
	var stacks []board.Pos
	for s := range 4 {
		for z := range 3 {
			stacks = append(stacks, board.Pos{X: 4 * s, Y: 0, Z: z})
		}
	}
	return []board.Layout{
		{Name: "double12", Pos: cat(grid(0, 0, 0, 3, 2), grid(0, 0, 1, 3, 2))},
		{Name: "pyramid12", Pos: cat(grid(0, 0, 0, 6, 1), grid(2, 0, 1, 4, 1), grid(4, 0, 2, 2, 1))},
		{Name: "stacks12", Pos: stacks},
		{Name: "rows16", Pos: cat(grid(0, 0, 0, 4, 2), grid(1, 1, 1, 3, 1), grid(2, 0, 2, 2, 1), grid(0, 4, 0, 3, 1))},
	}
}

func TestExhaustiveAgainstReference(t *testing.T) {
	for _, l := range tinyLayouts() {
		t.Run(l.Name, func(t *testing.T) {
			t.Parallel()
			counts := map[board.Verdict]int{}
			for seed := range uint64(300) {
				b, err := board.Deal(l, seed)
				if err != nil {
					t.Fatal(err)
				}
				o, err := exhaustive(context.Background(), b)
				if err != nil {
					t.Fatal(err)
				}
				want := board.Unsolvable
				if reference.Solvable(b) {
					want = board.Solvable
				}
				if o.Verdict != want {
					t.Fatalf("seed %d: exhaustive says %s, reference %s", seed, o.Verdict, want)
				}
				if o.Verdict == board.Solvable {
					if err := b.Replay(&board.Play{Solvable: true, Moves: o.Moves}); err != nil {
						t.Fatalf("seed %d: play does not replay: %v", seed, err)
					}
				}
				counts[o.Verdict]++
			}
			// The layouts are chosen to exercise both answers.
			if counts[board.Solvable] == 0 || counts[board.Unsolvable] == 0 {
				t.Errorf("verdicts over 300 deals: %v; want both", counts)
			}
			t.Logf("%v", counts)
		})
	}
}

func TestExhaustiveRejectsLargeBoards(t *testing.T) {
	l := board.Layout{Name: "big", Pos: grid(0, 0, 0, 17, 4)} // 68 tiles
	b, err := board.Deal(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exhaustive(context.Background(), b); err == nil {
		t.Fatal("68 tiles: want an error")
	}
}

var msField = regexp.MustCompile(`,"ms":[0-9.]+`)

func stripTimes(s string) string { return msField.ReplaceAllString(s, "") }

func runString(t *testing.T, cfg Config) string {
	t.Helper()
	var buf bytes.Buffer
	if _, err := Run(context.Background(), cfg, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func tinyConfig(deals Range, workers int) Config {
	return Config{Layout: tinyLayouts()[3], Deals: deals, Workers: workers, Solve: exhaustive}
}

func TestRunDeterministic(t *testing.T) {
	r := Range{0, 400}
	one := runString(t, tinyConfig(r, 1))
	four := runString(t, tinyConfig(r, 4))
	again := runString(t, tinyConfig(r, 3))
	if n := strings.Count(one, "\n"); n != 400 {
		t.Fatalf("%d lines, want 400", n)
	}
	if !strings.Contains(one, `"ms":`) {
		t.Fatal("times missing")
	}
	if stripTimes(one) != stripTimes(four) || stripTimes(one) != stripTimes(again) {
		t.Fatal("-j 1, -j 4 and -j 3 give different records")
	}
	cfg := tinyConfig(r, 4)
	cfg.NoTime = true
	if got := runString(t, cfg); got != stripTimes(one) {
		t.Fatal("NoTime output differs from the timed output without its times")
	}
	// Every line parses back to its record, in seed order.
	recs, err := ReadRecords(strings.NewReader(one), "run")
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range recs {
		if rec.Seed != uint64(i) || rec.Layout != "rows16" || !rec.Timed {
			t.Fatalf("line %d: %+v", i+1, rec)
		}
	}
}

func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	whole := tinyConfig(Range{0, 300}, 2)
	whole.NoTime = true
	want := runString(t, whole)

	shards := []struct {
		r       Range
		workers int
	}{{Range{170, 300}, 3}, {Range{0, 100}, 1}, {Range{100, 170}, 2}}
	var paths []string
	for i, s := range shards {
		p := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", i))
		if fr, err := RunFile(context.Background(), tinyConfig(s.r, s.workers), p); err != nil || fr.Added != int(s.r.Len()) {
			t.Fatalf("shard %v: %d records, %v", s.r, fr.Added, err)
		}
		paths = append(paths, p)
	}
	merged, err := Merge(paths...)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteRecords(&buf, merged, false); err != nil {
		t.Fatal(err)
	}
	if got := stripTimes(buf.String()); got != want {
		t.Fatalf("merged shards differ from one run:\n%s", golden.FirstDiff([]byte(got), []byte(want)))
	}
	// Merging the same shards twice, in another order, changes nothing.
	again, err := Merge(append(paths[1:], paths...)...)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 300 {
		t.Fatalf("re-merge: %d records, want 300", len(again))
	}
}

func TestResumeAfterInterrupt(t *testing.T) {
	// One worker solves in the writing goroutine, more in goroutines of their own:
	// both must stop, and resume, alike.
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprintf("j%d", workers), func(t *testing.T) { testResumeAfterInterrupt(t, workers) })
	}
}

func testResumeAfterInterrupt(t *testing.T, workers int) {
	dir := t.TempDir()
	whole := tinyConfig(Range{0, 300}, 2)
	whole.NoTime = true
	want := runString(t, whole)

	p := filepath.Join(dir, "r.jsonl")
	// A first run over part of the range.
	if _, err := RunFile(context.Background(), tinyConfig(Range{50, 120}, 2), p); err != nil {
		t.Fatal(err)
	}
	// A second run over the whole range, interrupted after 60 deals.
	ctx, cancel := context.WithCancel(context.Background())
	cfg := tinyConfig(Range{0, 300}, workers)
	cfg.Progress = func(p Progress) {
		if p.Done == 60 {
			cancel()
		}
	}
	fr, err := RunFile(ctx, cfg, p)
	added := fr.Added
	if err != context.Canceled {
		t.Fatalf("interrupted run: err %v, want context.Canceled", err)
	}
	if added < 60 || added >= 230 {
		t.Fatalf("interrupted run added %d records", added)
	}
	// The file is valid and canonical after the interruption.
	recs, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !sorted(recs) || len(recs) != 70+added {
		t.Fatalf("after interrupt: %d records, sorted %v", len(recs), sorted(recs))
	}
	// Resuming finishes exactly the missing seeds.
	fr, err = RunFile(context.Background(), tinyConfig(Range{0, 300}, 2), p)
	added2 := fr.Added
	if err != nil {
		t.Fatal(err)
	}
	if added+added2 != 230 {
		t.Fatalf("added %d + %d, want 230", added, added2)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := stripTimes(string(data)); got != want {
		t.Fatalf("resumed file differs from one run:\n%s", golden.FirstDiff([]byte(got), []byte(want)))
	}
	// Nothing left to do.
	if fr, err := RunFile(context.Background(), tinyConfig(Range{0, 300}, 2), p); err != nil || fr.Added != 0 {
		t.Fatalf("third run: added %d, %v", fr.Added, err)
	}
}

func TestRunChecksTheSolver(t *testing.T) {
	l := tinyLayouts()[0]
	tests := []struct {
		name  string
		solve SolveFunc
		want  string
	}{
		{"solvable without a play", func(context.Context, *board.Board) (Outcome, error) {
			return Outcome{Verdict: board.Solvable}, nil
		}, "gives no play"},
		{"illegal play", func(_ context.Context, b *board.Board) (Outcome, error) {
			return Outcome{Verdict: board.Solvable, Moves: [][2]int{{0, 1}}}, nil
		}, "the solver's play is wrong"},
		{"solver error", func(context.Context, *board.Board) (Outcome, error) {
			return Outcome{}, fmt.Errorf("out of memory")
		}, "out of memory"},
	}
	for _, tc := range tests {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/j%d", tc.name, workers), func(t *testing.T) {
				cfg := Config{Layout: l, Deals: Range{0, 20}, Workers: workers, Solve: tc.solve}
				_, err := Run(context.Background(), cfg, &bytes.Buffer{})
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "seed") {
					t.Fatalf("err %v, want one naming the seed and %q", err, tc.want)
				}
			})
		}
	}
}

func TestRunTimeoutGivesUnknown(t *testing.T) {
	block := func(ctx context.Context, b *board.Board) (Outcome, error) {
		<-ctx.Done()
		return Outcome{Verdict: board.Unknown}, nil
	}
	for _, workers := range []int{1, 2} {
		cfg := Config{Layout: tinyLayouts()[0], Deals: Range{5, 9}, Workers: workers, Timeout: 1, Solve: block}
		recs, err := Run(context.Background(), cfg, &bytes.Buffer{})
		if err != nil {
			t.Fatalf("-j %d: %v", workers, err)
		}
		if len(recs) != 4 {
			t.Fatalf("-j %d: %d records", workers, len(recs))
		}
		for _, r := range recs {
			if r.Verdict != board.Unknown {
				t.Fatalf("-j %d: %+v: want unknown", workers, r)
			}
		}
	}
}

func TestRunBadLayout(t *testing.T) {
	cfg := Config{Layout: board.Layout{Name: "odd", Pos: grid(0, 0, 0, 3, 1)}, Deals: Range{0, 3}, Solve: exhaustive}
	if _, err := Run(context.Background(), cfg, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "odd") {
		t.Fatalf("err %v", err)
	}
}

func TestRetryUnknown(t *testing.T) {
	p := filepath.Join(t.TempDir(), "u.jsonl")
	giveUpOnOdd := func(ctx context.Context, b *board.Board) (Outcome, error) {
		if b.Name[len(b.Name)-1]%2 == 1 { // "rows16 seed N": odd N
			return Outcome{Verdict: board.Unknown}, nil
		}
		return exhaustive(ctx, b)
	}
	cfg := tinyConfig(Range{0, 40}, 2)
	cfg.Solve = giveUpOnOdd
	if _, err := RunFile(context.Background(), cfg, p); err != nil {
		t.Fatal(err)
	}
	// Without RetryUnknown the unknowns stay.
	if fr, err := RunFile(context.Background(), tinyConfig(Range{0, 40}, 2), p); err != nil || fr.Added != 0 || fr.Unknown != 20 {
		t.Fatalf("plain resume added %d, %d unknown, %v; want 0 and 20", fr.Added, fr.Unknown, err)
	}
	cfg = tinyConfig(Range{0, 40}, 2)
	cfg.RetryUnknown = true
	fr, err := RunFile(context.Background(), cfg, p)
	if err != nil || fr.Added != 20 || fr.Unknown != 0 {
		t.Fatalf("retry added %d, %d unknown, %v; want 20 and 0", fr.Added, fr.Unknown, err)
	}
	if s := fr.Summaries; len(s) != 1 || s[0].Deals != 40 || s[0].Unknown != 0 {
		t.Fatalf("summaries %+v, want one of 40 deals, none unknown", s)
	}
	all, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 40 || !sorted(all) {
		t.Fatalf("%d records, sorted %v", len(all), sorted(all))
	}
	for _, r := range all {
		if r.Verdict == board.Unknown {
			t.Fatalf("seed %d still unknown", r.Seed)
		}
	}
	whole := tinyConfig(Range{0, 40}, 1)
	whole.NoTime = true
	if got := stripTimes(clitest.ReadFile(t, p)); got != runString(t, whole) {
		t.Fatal("retried file differs from one run")
	}
}

// exhaustive adapts the exhaustive reference solver to a SolveFunc.
func exhaustive(ctx context.Context, b *board.Board) (Outcome, error) {
	v, moves, nodes, err := reference.Exhaustive(ctx, b)
	return Outcome{Verdict: v, Moves: moves, Nodes: nodes}, err
}

// TestRetryResumes checks that a retry leaves out the unknown deals already given its
// timeout, so that rerunning a stopped retry resumes it: of three unknown records, the
// one timed at the timeout stays, the one timed at less and the untimed one are solved.
func TestRetryResumes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.jsonl")
	name := tinyConfig(Range{0, 1}, 1).Layout.Name
	recs := []Record{
		{Layout: name, Seed: 0, Verdict: board.Unknown, Ms: 10000.4, Timed: true},
		{Layout: name, Seed: 1, Verdict: board.Unknown, Ms: 512, Timed: true},
		{Layout: name, Seed: 2, Verdict: board.Unknown},
	}
	var buf bytes.Buffer
	if err := WriteRecords(&buf, recs, false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := tinyConfig(Range{0, 3}, 1)
	cfg.RetryUnknown, cfg.Timeout = true, 10*time.Second
	fr, err := RunFile(context.Background(), cfg, p)
	if err != nil || fr.Added != 2 || fr.Unknown != 1 {
		t.Fatalf("retry added %d, %d unknown, %v; want 2 and 1", fr.Added, fr.Unknown, err)
	}
	all, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		if (r.Verdict == board.Unknown) != (r.Seed == 0) {
			t.Errorf("seed %d: %v after the retry", r.Seed, r.Verdict)
		}
	}
}
