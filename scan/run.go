package scan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mjsat/mjsat/board"
)

// Outcome is what a solver says about one board.
type Outcome struct {
	Verdict board.Verdict
	// Moves is the winning play as tile-id pairs when Verdict is Solvable. [Run] replays
	// it with [board.Board.Replay] and fails when it is missing or illegal, so a wrong
	// "solvable" cannot enter a table.
	Moves [][2]int
	// Nodes counts the solver's search nodes (any deterministic measure of work).
	Nodes int64
}

// SolveFunc decides one board. It must return promptly with Verdict Unknown (and a nil
// error) when ctx is done; an error aborts the scan.
type SolveFunc func(ctx context.Context, b *board.Board) (Outcome, error)

// Range is the half-open seed range [From, To).
type Range struct{ From, To uint64 }

// Len returns the number of seeds in r.
func (r Range) Len() uint64 {
	if r.To <= r.From {
		return 0
	}
	return r.To - r.From
}

// String returns "A:B".
func (r Range) String() string { return fmt.Sprintf("%d:%d", r.From, r.To) }

// contains reports whether seed s is in r.
func (r Range) contains(s uint64) bool { return s >= r.From && s < r.To }

// ParseRange parses "A:B" (seeds A, A+1, ..., B-1) or "N" (seeds 0..N-1).
func ParseRange(s string) (Range, error) {
	a, b, colon := strings.Cut(s, ":")
	if !colon {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return Range{}, fmt.Errorf("deals %q: want A:B or N (non-negative integers)", s)
		}
		return Range{0, n}, nil
	}
	from, err1 := strconv.ParseUint(a, 10, 64)
	to, err2 := strconv.ParseUint(b, 10, 64)
	if err1 != nil || err2 != nil {
		return Range{}, fmt.Errorf("deals %q: want A:B with non-negative integers A <= B", s)
	}
	if to < from {
		return Range{}, fmt.Errorf("deals %q: end %d is before start %d", s, to, from)
	}
	return Range{from, to}, nil
}

// Config says what [Run] scans.
type Config struct {
	// Layout is dealt with [board.Deal] for each seed.
	Layout board.Layout
	// Name is the layout's name in the records; empty means Layout.Name.
	Name string
	// Deals is the seed range.
	Deals Range
	// Skip, when not nil, holds seeds already done (they are not solved again).
	Skip map[uint64]bool
	// done holds more seeds of Deals already done, in increasing order: RunFile's,
	// which may be millions (a slice of them takes a fraction of a map's memory).
	done []uint64
	// Workers is the number of deals solved at once (at least 1).
	Workers int
	// Timeout bounds each deal; 0 means none. A deal that runs out is Unknown.
	Timeout time.Duration
	// Solve decides a board.
	Solve SolveFunc
	// RetryUnknown makes [RunFile] solve again the seeds its file holds as unknown (a
	// rerun with a longer Timeout); the new record replaces the old one.
	RetryUnknown bool
	// NoTime leaves the time out of the records written, for byte-identical output.
	NoTime bool
	// Observe, when not nil, is called (from one goroutine) with every record [Run]
	// writes, in the order written; Run then keeps no records and returns none, so that
	// a run of any length takes no memory that grows with it.
	Observe func(Record)
	// Progress, when not nil, is called (from one goroutine) after every finished deal.
	Progress func(Progress)
	// Difficulty, when not nil, measures every deal that can be won (seed: the deal's),
	// for its record's Difficulty. An error from it that is ctx's leaves the deal
	// unknown.
	Difficulty func(ctx context.Context, b *board.Board, seed uint64) (Difficulty, error)
}

// Progress is the state of a running scan.
type Progress struct {
	Done, Total          int
	Unsolvable, Unknowns int
	Elapsed              time.Duration
}

func (c *Config) name() string {
	if c.Name != "" {
		return c.Name
	}
	return c.Layout.Name
}

// Run solves the seeds of cfg.Deals not in cfg.Skip and writes a [Record] line for each
// to w, in seed order whatever order the workers finish in. It returns the records
// written (none with cfg.Observe, which has them instead). When ctx is cancelled, the
// deals being solved are dropped (they are not "unknown": they were interrupted), the
// finished ones are written in seed order, and Run returns them with ctx's error.
func Run(ctx context.Context, cfg Config, w io.Writer) ([]Record, error) {
	if cfg.Solve == nil {
		return nil, errors.New("scan: no solver")
	}
	if cfg.Deals.Len() > math.MaxInt32 {
		return nil, fmt.Errorf("deals %s: more than %d seeds in one run; split it into shards", cfg.Deals, math.MaxInt32)
	}
	// Check the layout once, so that a bad layout is one clear error; the dealer
	// builds the relations of its positions once for all the deals.
	dealer, err := board.NewDealer(cfg.Layout)
	if err != nil {
		return nil, err
	}
	total := int(cfg.Deals.Len())
	for s := range cfg.Skip {
		if cfg.Deals.contains(s) {
			total--
		}
	}
	for _, s := range cfg.done {
		if cfg.Deals.contains(s) && !cfg.Skip[s] {
			total--
		}
	}
	workers := max(cfg.Workers, 1)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The seeds are handed out one by one (a range of a billion seeds costs no memory
	// up front), numbered in seed order; finished deals wait in pending until every
	// deal before them is written.
	type job struct {
		idx  int
		seed uint64
	}
	type result struct {
		idx int
		rec Record
		err error
	}
	// seeds yields the seeds to solve, numbered in seed order.
	seeds := func(yield func(job) bool) {
		idx, k := 0, 0
		for s := cfg.Deals.From; s < cfg.Deals.To; s++ {
			for k < len(cfg.done) && cfg.done[k] < s {
				k++
			}
			if cfg.Skip[s] || k < len(cfg.done) && cfg.done[k] == s {
				continue
			}
			if !yield(job{idx, s}) {
				return
			}
			idx++
		}
	}
	var results iter.Seq[result]
	if workers == 1 {
		// One worker solves in the goroutine that writes: a deal's solve then never
		// waits for another goroutine nor moves to another thread and its cache, and
		// its time is its own.
		results = func(yield func(result) bool) {
			for j := range seeds {
				if ctx.Err() != nil {
					return
				}
				rec, err := solveOne(ctx, &cfg, dealer, j.seed)
				if ctx.Err() != nil || !yield(result{j.idx, rec, err}) {
					return // interrupted: drop the deal
				}
			}
		}
	} else {
		jobs := make(chan job)
		ch := make(chan result)
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					rec, err := solveOne(ctx, &cfg, dealer, j.seed)
					if ctx.Err() != nil {
						return // interrupted: drop the deal
					}
					select {
					case ch <- result{j.idx, rec, err}:
					case <-ctx.Done():
						return
					}
				}
			}()
		}
		go func() {
			defer close(jobs)
			for j := range seeds {
				select {
				case jobs <- j:
				case <-ctx.Done():
					return
				}
			}
		}()
		go func() { wg.Wait(); close(ch) }()
		results = func(yield func(result) bool) {
			for r := range ch {
				if !yield(r) {
					return
				}
			}
		}
	}

	bw := bufio.NewWriter(w)
	pending := map[int]Record{}
	var out []Record
	written := 0
	next := 0
	var buf []byte
	var firstErr error
	write := func(r Record) {
		if cfg.NoTime {
			r.Timed = false
		}
		if r.Timed {
			// The time as the line holds it, three decimals, so that the records
			// returned and observed are those the file reads back.
			r.Ms, _ = strconv.ParseFloat(strconv.FormatFloat(r.Ms, 'f', 3, 64), 64)
		}
		buf = r.AppendJSON(buf[:0])
		if _, err := bw.Write(buf); err != nil && firstErr == nil {
			firstErr = err
			cancel()
		}
		written++
		if cfg.Observe != nil {
			cfg.Observe(r)
		} else {
			out = append(out, r)
		}
	}
	start := time.Now()
	prog := Progress{Total: total}
	for res := range results {
		if res.err != nil {
			if firstErr == nil {
				firstErr = res.err
			}
			cancel()
			continue
		}
		pending[res.idx] = res.rec
		prog.Done++
		switch res.rec.Verdict {
		case board.Unsolvable:
			prog.Unsolvable++
		case board.Unknown:
			prog.Unknowns++
		}
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			write(r)
			next++
		}
		if err := bw.Flush(); err != nil && firstErr == nil {
			firstErr = err
			cancel()
		}
		if cfg.Progress != nil {
			prog.Elapsed = time.Since(start)
			cfg.Progress(prog)
		}
	}
	// Interrupted or failed: keep every finished deal, in seed order.
	rest := make([]int, 0, len(pending))
	for idx := range pending {
		rest = append(rest, idx)
	}
	sort.Ints(rest)
	for _, idx := range rest {
		write(pending[idx])
	}
	if err := bw.Flush(); err != nil && firstErr == nil {
		firstErr = err
	}
	if firstErr != nil {
		return out, firstErr
	}
	if written < total {
		return out, ctx.Err()
	}
	return out, nil
}

// solveOne deals and solves one seed.
func solveOne(ctx context.Context, cfg *Config, dealer *board.Dealer, seed uint64) (Record, error) {
	b := dealer.Deal(seed)
	dctx, cancel := ctx, context.CancelFunc(func() {})
	if cfg.Timeout > 0 {
		dctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
	}
	defer cancel()
	t0 := time.Now()
	o, err := cfg.Solve(dctx, b)
	el := time.Since(t0)
	if err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			o, err = Outcome{Verdict: board.Unknown}, nil
		} else {
			return Record{}, fmt.Errorf("layout %q seed %d: %w", cfg.name(), seed, err)
		}
	}
	if o.Verdict == board.Solvable {
		if o.Moves == nil {
			return Record{}, fmt.Errorf("layout %q seed %d: solver says solvable but gives no play", cfg.name(), seed)
		}
		if err := b.Replay(&board.Play{Solvable: true, Moves: o.Moves}); err != nil {
			return Record{}, fmt.Errorf("layout %q seed %d: the solver's play is wrong: %w", cfg.name(), seed, err)
		}
	}
	rec := Record{
		Layout:  cfg.name(),
		Seed:    seed,
		Verdict: o.Verdict,
		Ms:      float64(el.Nanoseconds()) / 1e6,
		Timed:   true,
		Nodes:   o.Nodes,
	}
	if cfg.Difficulty != nil && o.Verdict == board.Solvable {
		d, err := cfg.Difficulty(dctx, b, seed)
		switch {
		case err == nil:
			rec.Difficulty = &d
		case dctx.Err() != nil && ctx.Err() == nil:
			rec.Verdict = board.Unknown // out of time while measuring: done again with -retry-unknown
		default:
			return Record{}, fmt.Errorf("layout %q seed %d: difficulty: %w", cfg.name(), seed, err)
		}
	}
	return rec, nil
}

// FileRun is what [RunFile] did.
type FileRun struct {
	// Summaries summarize every record of the file after the run, of every layout it
	// holds, one per deal.
	Summaries []Summary
	// Added is the number of records the run added.
	Added int
	// Unknown is the number of deals of the range whose record for the layout is
	// unknown after the run.
	Unknown int
}

// RunFile runs the scan into the result file at path, resuming it: the seeds of
// cfg.Deals that the file already holds for this layout are skipped (unknown ones only
// without cfg.RetryUnknown; and any seeds in cfg.Skip), new records are appended as
// they finish, and at the end the file is rewritten in [Canonical] order if appending
// left it out of order. A cancelled ctx still leaves a valid, resumable file. path
// must not end in ".gz".
//
// Its memory does not hold the file's records: it reads the file once before the run,
// keeping the seeds of the range it holds and what the summaries need (a deal's time
// and seed), and once more to rewrite it, merging the part it held before with the
// part the run appended, each in order, side by side. Only a file that was out of
// order before the run (never one this package wrote) is read whole to be rewritten.
// cfg.Observe is RunFile's own.
func RunFile(ctx context.Context, cfg Config, path string) (FileRun, error) {
	var res FileRun
	if strings.HasSuffix(path, ".gz") {
		// Records are appended as they finish, which a compressed file cannot take;
		// and a plain file named .gz would not read back.
		return res, fmt.Errorf("%s: a result file to run into cannot be compressed: write to a .jsonl file and gzip it when done (unpack this one with gunzip to resume it)", path)
	}
	name := cfg.name()
	var done []uint64
	for s := range cfg.Skip {
		if cfg.Deals.contains(s) {
			done = append(done, s)
		}
	}
	var z Summarizer
	// The file before the run: whether its records are in canonical order, and its
	// size.
	var o order
	inOrder := true
	var oldSize int64
	if _, statErr := os.Stat(path); statErr == nil {
		// A run killed while writing leaves its last line cut: a record is complete
		// only with its newline, so what follows the last newline is dropped (and that
		// deal solved again).
		if err := dropPartialLine(path); err != nil {
			return res, err
		}
		fi, err := os.Stat(path)
		if err != nil {
			return res, err
		}
		oldSize = fi.Size()
		err = eachFileRecord(ctx, path, func(r Record) error {
			inOrder = o.next(r) && inOrder
			z.Add(r)
			if r.Layout == name && cfg.Deals.contains(r.Seed) {
				if r.Verdict == board.Unknown {
					res.Unknown++
				}
				if !(cfg.RetryUnknown && r.Verdict == board.Unknown) {
					done = append(done, r.Seed)
				}
			}
			return nil
		})
		if err != nil {
			return res, err
		}
	}
	if !slices.IsSorted(done) {
		slices.Sort(done)
	}
	cfg.Skip, cfg.done = nil, slices.Compact(done)
	var first Record
	cfg.Observe = func(r Record) {
		if res.Added == 0 {
			first = r
		}
		res.Added++
		z.Add(r)
		if r.Verdict == board.Unknown {
			res.Unknown++
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return res, err
	}
	_, runErr := Run(ctx, cfg, f)
	if err := f.Close(); err != nil && runErr == nil {
		runErr = err
	}
	// The run's records are in seed order, of one layout: the file stays canonical
	// when they all follow its last record, so when the first does.
	if inOrder && (res.Added == 0 || o.next(first)) {
		res.Summaries = z.Summaries()
		return res, runErr
	}
	sums, unknown, err := rewriteCanonical(path, name, cfg.Deals, inOrder, oldSize)
	if err != nil {
		return res, errors.Join(runErr, err)
	}
	res.Summaries, res.Unknown = sums, unknown
	return res, runErr
}

// stopEvery is how many lines a reading of records goes between looks at its context.
const stopEvery = 1 << 14

// rewriteCanonical rewrites the result file at path in [Canonical] order and returns
// the summaries of its records and how many deals of deals the layout name has as
// unknown. When the first oldSize bytes of the file are in canonical order, and so is
// the rest (what one run appended), it merges the two parts side by side; otherwise it
// reads the file whole.
func rewriteCanonical(path, name string, deals Range, inOrder bool, oldSize int64) ([]Summary, int, error) {
	var z Summarizer
	unknown := 0
	keep := func(r Record) {
		z.Add(r)
		if r.Layout == name && deals.contains(r.Seed) && r.Verdict == board.Unknown {
			unknown++
		}
	}
	var err error
	if inOrder {
		part := func(from, to int64) source {
			return func(fn func(Record) error) error {
				f, err := os.Open(path)
				if err != nil {
					return err
				}
				defer f.Close()
				// Not stopped by a signal: the run's records are in the file, and the
				// rewrite that puts them in order is what leaves it canonical.
				return eachRecord(context.Background(), io.NewSectionReader(f, from, to-from), path, fn)
			}
		}
		var fi os.FileInfo
		if fi, err = os.Stat(path); err != nil {
			return nil, 0, err
		}
		err = writeFileAtomic(path, func(w io.Writer) error {
			var buf []byte
			return mergeSources([]source{part(0, oldSize), part(oldSize, fi.Size())}, func(r Record) error {
				keep(r)
				buf = r.AppendJSON(buf[:0])
				_, err := w.Write(buf)
				return err
			}, func(err error) error { return fmt.Errorf("%s: %w", path, err) })
		})
	} else {
		var recs []Record
		if recs, err = ReadFile(path); err != nil {
			return nil, 0, err
		}
		if recs, err = Canonical(recs); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		for _, r := range recs {
			keep(r)
		}
		err = writeFileAtomic(path, func(w io.Writer) error { return WriteRecords(w, recs, false) })
	}
	if err != nil {
		return nil, 0, err
	}
	return z.Summaries(), unknown, nil
}

// dropPartialLine cuts path after its last newline, when it does not end with one.
func dropPartialLine(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	end := fi.Size()
	buf := make([]byte, 4096)
	for pos := end; pos > 0; {
		n := int64(len(buf))
		if pos < n {
			n = pos
		}
		pos -= n
		if _, err := f.ReadAt(buf[:n], pos); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			cut := pos + int64(i) + 1
			if cut == end {
				return nil
			}
			return f.Truncate(cut)
		}
	}
	return f.Truncate(0) // one line, cut: nothing complete
}

// writeFileAtomic replaces path, through a temporary file and a rename, with what
// write writes, keeping path's permissions; when write fails, path is left as it was.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("%s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
