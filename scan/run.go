package scan

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"strconv"
	"strings"
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

// Contains reports whether seed s is in r.
func (r Range) Contains(s uint64) bool { return s >= r.From && s < r.To }

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
	// rerun with a longer Timeout), but those whose record shows Timeout given already;
	// the new record replaces the old one.
	RetryUnknown bool
	// NoTime leaves the time out of the records written, for byte-identical output.
	NoTime bool
	// Observe, when not nil, is called (from one goroutine) with every record [Run]
	// writes, in the order written; Run then keeps no records and returns none, so that
	// a run of any length takes no memory that grows with it.
	Observe func(Record)
	// Progress, when not nil, is called (from one goroutine) after every finished deal.
	Progress func(Progress)
	// Decide, when not nil, deals and decides the deal of a seed of another game than
	// Mahjong (Shisen-Sho): Layout, Solve and Difficulty are then not used, and Decide
	// must replay the winning plays it reports itself. Name names the records.
	Decide func(ctx context.Context, seed uint64) (Outcome, error)
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
	if cfg.Solve == nil && cfg.Decide == nil {
		return nil, errors.New("scan: no solver")
	}
	if cfg.Deals.Len() > math.MaxInt32 {
		return nil, fmt.Errorf("deals %s: more than %d seeds in one run; split it into shards", cfg.Deals, math.MaxInt32)
	}
	// Check the layout once, so that a bad layout is one clear error; the dealer
	// builds the relations of its positions once for all the deals.
	var dealer *board.Dealer
	if cfg.Decide == nil {
		var err error
		if dealer, err = board.NewDealer(cfg.Layout); err != nil {
			return nil, err
		}
	}
	total := int(cfg.Deals.Len())
	for s := range cfg.Skip {
		if cfg.Deals.Contains(s) {
			total--
		}
	}
	for _, s := range cfg.done {
		if cfg.Deals.Contains(s) && !cfg.Skip[s] {
			total--
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	seeds := cfg.seeds()
	var results iter.Seq[result]
	if cfg.Workers <= 1 {
		results = solveInline(ctx, &cfg, dealer, seeds)
	} else {
		results = solvePool(ctx, &cfg, dealer, seeds, cfg.Workers)
	}
	ow := orderedWriter{cfg: &cfg, bw: bufio.NewWriter(w), cancel: cancel}
	start := time.Now()
	prog := Progress{Total: total}
	for res := range results {
		if res.err != nil {
			ow.fail(res.err)
			continue
		}
		ow.add(res)
		prog.Done++
		switch res.rec.Verdict {
		case board.Unsolvable:
			prog.Unsolvable++
		case board.Unknown:
			prog.Unknowns++
		}
		if cfg.Progress != nil {
			prog.Elapsed = time.Since(start)
			cfg.Progress(prog)
		}
	}
	// Interrupted or failed: keep every finished deal, in seed order.
	ow.drain()
	switch {
	case ow.err != nil:
		return ow.out, ow.err
	case ow.written < total:
		return ow.out, ctx.Err()
	}
	return ow.out, nil
}

// solveOne deals and solves one seed.
func solveOne(ctx context.Context, cfg *Config, dealer *board.Dealer, seed uint64) (Record, error) {
	dctx, cancel := ctx, context.CancelFunc(func() {})
	if cfg.Timeout > 0 {
		dctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
	}
	defer cancel()
	if cfg.Decide != nil {
		t0 := time.Now()
		o, err := cfg.Decide(dctx, seed)
		el := time.Since(t0)
		if err != nil {
			return Record{}, fmt.Errorf("%q seed %d: %w", cfg.name(), seed, err)
		}
		return Record{Layout: cfg.name(), Seed: seed, Verdict: o.Verdict, Ms: float64(el.Nanoseconds()) / 1e6, Timed: true, Nodes: o.Nodes}, nil
	}
	b := dealer.Deal(seed)
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
