package scan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/clitest"
)

// TestRunFileSkip checks that RunFile skips both the seeds its file holds and those of
// Config.Skip, counting each once in the progress total, and only within the range.
func TestRunFileSkip(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := RunFile(context.Background(), tinyConfig(Range{0, 10}, 2), p); err != nil {
		t.Fatal(err)
	}
	cfg := tinyConfig(Range{0, 20}, 2)
	cfg.Skip = map[uint64]bool{5: true, 15: true, 99: true} // 5 is in the file, 99 out of range
	total := -1
	cfg.Progress = func(p Progress) { total = p.Total }
	fr, err := RunFile(context.Background(), cfg, p)
	if err != nil {
		t.Fatal(err)
	}
	if fr.Added != 9 || total != 9 {
		t.Fatalf("added %d with progress total %d, want 9 and 9", fr.Added, total)
	}
	recs, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var seeds []uint64
	for _, r := range recs {
		seeds = append(seeds, r.Seed)
	}
	want := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19}
	if !slices.Equal(seeds, want) {
		t.Fatalf("seeds %v, want %v", seeds, want)
	}
}

// TestRunFileRefusesGzip checks that RunFile will not append plain lines to a file
// named .gz, which would then not read back, and leaves no file.
func TestRunFileRefusesGzip(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.jsonl.gz")
	_, err := RunFile(context.Background(), tinyConfig(Range{0, 3}, 1), p)
	if err == nil || !strings.Contains(err.Error(), "r.jsonl.gz: a result file to run into cannot be compressed") {
		t.Fatalf("err %v", err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("%s was made (%v)", p, err)
	}
}

// TestRunFileSummaries checks what RunFile reports against the file it leaves: the
// file is canonical, its summaries are those of its records, and the unknown count is
// that of the range. The cases take each way the file is finished: left as appended,
// merged from its two parts, and (for a file out of order before the run) read whole.
func TestRunFileSummaries(t *testing.T) {
	l := tinyLayouts()[3]
	tests := []struct {
		name   string
		before []Record // the file before the run, as written
		deals  Range
		retry  bool
	}{
		{"new file", nil, Range{0, 30}, false},
		{"appended in order", []Record{{Layout: l.Name, Seed: 0, Verdict: board.Solvable}, {Layout: l.Name, Seed: 1, Verdict: board.Unknown}}, Range{0, 30}, false},
		{"earlier seeds", []Record{{Layout: l.Name, Seed: 20, Verdict: board.Unknown}, {Layout: l.Name, Seed: 40, Verdict: board.Solvable}}, Range{0, 30}, false},
		{"out of order before", []Record{{Layout: l.Name, Seed: 25, Verdict: board.Solvable}, {Layout: l.Name, Seed: 3, Verdict: board.Unknown}}, Range{0, 30}, false},
		{"other layouts", []Record{{Layout: "a", Seed: 7, Verdict: board.Unsolvable}, {Layout: "zz", Seed: 7, Verdict: board.Solvable, Ms: 3, Timed: true}}, Range{10, 30}, false},
		// Seeds 13 and 20 are solved again and stay unknown: two records each, one kept.
		{"retried", []Record{{Layout: l.Name, Seed: 13, Verdict: board.Unknown}, {Layout: l.Name, Seed: 20, Verdict: board.Unknown}, {Layout: l.Name, Seed: 21, Verdict: board.Unsolvable}}, Range{0, 30}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "r.jsonl")
			if tc.before != nil {
				writeRecordsFile(t, p, tc.before)
			}
			// Every third deal unknown, so that the count means something.
			cfg := tinyConfig(tc.deals, 2)
			cfg.RetryUnknown = tc.retry
			cfg.Solve = func(ctx context.Context, b *board.Board) (Outcome, error) {
				if strings.HasSuffix(b.Name, "0") || strings.HasSuffix(b.Name, "3") {
					return Outcome{Verdict: board.Unknown}, nil
				}
				return exhaustive(ctx, b)
			}
			fr, err := RunFile(context.Background(), cfg, p)
			if err != nil {
				t.Fatal(err)
			}
			recs, err := ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !sorted(recs) {
				t.Fatalf("the file is not canonical: %v", recs)
			}
			if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o644 {
				t.Fatalf("the file's permissions became %v (%v), want those it had", fi.Mode().Perm(), err)
			}
			if want := Summarize(recs); !reflect.DeepEqual(fr.Summaries, want) {
				t.Fatalf("summaries\n%+v\nwant those of the file\n%+v", fr.Summaries, want)
			}
			unknown := 0
			for _, r := range recs {
				if r.Layout == l.Name && tc.deals.Contains(r.Seed) && r.Verdict == board.Unknown {
					unknown++
				}
			}
			if fr.Unknown != unknown || unknown == 0 {
				t.Fatalf("unknown %d, the file has %d in the range", fr.Unknown, unknown)
			}
		})
	}
}

// TestRunFileStopsWhileReading checks that a stop asked for while RunFile reads a large
// file ends it there, before any deal is solved, and leaves the file as it was. The
// file's last line is bad: a reading that did not stop would report it.
func TestRunFileStopsWhileReading(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.jsonl")
	recs := make([]Record, 3*stopEvery)
	for i := range recs {
		recs[i] = Record{Layout: "other", Seed: uint64(i), Verdict: board.Solvable}
	}
	writeRecordsFile(t, p, recs)
	appendBadLine(t, p)
	before := clitest.ReadFile(t, p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := tinyConfig(Range{0, 10}, 1)
	cfg.Solve = func(context.Context, *board.Board) (Outcome, error) {
		t.Error("a deal was solved after the stop")
		return Outcome{}, errors.New("stopped")
	}
	if _, err := RunFile(ctx, cfg, p); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if clitest.ReadFile(t, p) != before {
		t.Fatal("the file changed")
	}
}
