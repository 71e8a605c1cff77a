package solver

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/mjsat/mjsat/board"
)

// Options tune [Solve]. The zero value is a sequential search without time limit.
type Options struct {
	// Timeout bounds the search; 0 means none. When it expires Solve returns Unknown.
	Timeout time.Duration
	// Workers is the number of goroutines searching; 0 or 1 means one. The verdict
	// does not depend on it; with more than one worker the play may differ from run to
	// run (the first worker to finish answers).
	Workers int
	// Seed seeds the random playouts. The same board, seed and options give the same
	// play when Workers is 0 or 1.
	Seed uint64
	// Progress, when set, is called now and then from a search goroutine with the
	// statistics so far.
	Progress func(Stats)
	// CallerReplays says that the caller replays every winning play itself, as
	// package scan does with every solver's: Solve then leaves out its own replay,
	// which would check the same play twice.
	CallerReplays bool

	noStacks bool // tests: skip the polynomial route for stacks of height ≤ 2
	noJump   bool // tests and benchmarks: no conflict-directed backjumping
	exact    bool // tests: no random games, the pairing search alone
	// tests and benchmarks: scan at every this-many levels below the root (1: every
	// node; 0: the default for the board, see lazyscan.go)
	scanEvery int
	// tests: keep at most this many nogoods (0: the default bound), to forget often
	maxNogoods int
}

// Stats describes the work a search did.
type Stats struct {
	Nodes     int64         `json:"nodes"`               // search nodes (each one propagation)
	Scans     int64         `json:"scans"`               // pruning scans of a node's pairings
	Probes    int64         `json:"probes"`              // scans that tried one pairing of one group
	Playouts  int64         `json:"playouts"`            // random games played
	Jumps     int64         `json:"jumps"`               // nodes whose other pairings a child's refutation also refuted
	Nogoods   int64         `json:"nogoods"`             // nogoods learnt
	Forgotten int64         `json:"forgotten,omitempty"` // nogoods forgotten to keep their number bounded
	Method    string        `json:"method"`              // "pairing-search" or "blocked-cycles"
	Elapsed   time.Duration `json:"elapsed_ns"`
}

func (s *Stats) add(o Stats) {
	s.Nodes += o.Nodes
	s.Scans += o.Scans
	s.Probes += o.Probes
	s.Playouts += o.Playouts
	s.Jumps += o.Jumps
	s.Nogoods += o.Nogoods
	s.Forgotten += o.Forgotten
}

// Result is the outcome of [Solve].
type Result struct {
	Status board.Verdict
	// Moves is a winning play as tile-id pairs when Status is Solvable, nil otherwise.
	Moves [][2]int
	Stats Stats
}

// Play returns the result as a mahjong-play/1 document (without statistics).
func (r Result) Play() *board.Play {
	moves := r.Moves
	if moves == nil {
		moves = [][2]int{}
	}
	return &board.Play{
		Format:   board.PlayFormat,
		Solvable: r.Status == board.Solvable,
		Status:   r.Status.String(),
		Moves:    moves,
	}
}

// Solve decides whether b can be cleared with full information and returns a winning
// play when it can. Every group must have 2 or 4 tiles. The play is replayed with
// [board.Board.Replay] before Solve returns, unless opt.CallerReplays says the
// caller does; a play that fails the replay is a bug in the solver, returned as
// [ErrBadPlay]. Cancelling ctx or reaching opt.Timeout
// returns Status Unknown promptly.
func Solve(ctx context.Context, b *board.Board, opt Options) (Result, error) {
	start := time.Now()
	c, err := compilePooled(b)
	if err != nil {
		return Result{}, err
	}
	defer releaseCompiled(c)
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	var res Result
	stop := &halt{ctx: ctx}
	if !opt.noStacks {
		if moves, st, applicable := solveStacks2(c, stop); applicable {
			res.Stats.Method = "blocked-cycles"
			res.Status = st
			res.Moves = solutionIDs(c, st, moves)
			return finish(b, res, opt, start)
		}
	}
	res.Stats.Method = "pairing-search"
	status, moves, stats := runSearch(c, opt, stop)
	res.Stats.add(stats)
	res.Status = status
	res.Moves = moves
	return finish(b, res, opt, start)
}

// ErrBadPlay is the error of a winning play that does not replay: a bug in the
// solver, which the commands report as a failed check.
var ErrBadPlay = errors.New("solver bug: the winning play does not replay")

// finish replays a solvable verdict's play, unless the caller does, and stamps the
// elapsed time.
func finish(b *board.Board, res Result, opt Options, start time.Time) (Result, error) {
	if res.Status == board.Solvable && !opt.CallerReplays {
		if err := b.Replay(res.Play()); err != nil {
			return Result{}, fmt.Errorf("%w: %w", ErrBadPlay, err)
		}
	}
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// solutionIDs returns a play of c's board in tile ids when st is Solvable, else nil:
// in one copy, made before the search (whose solution it reads) goes back to its
// pool.
func solutionIDs(c *compiled, st board.Verdict, moves [][2]int32) [][2]int {
	if st != board.Solvable {
		return nil
	}
	return toIDs(c.b, moves)
}

// toIDs returns moves, pairs of tile indices of b, as pairs of tile ids.
func toIDs(b *board.Board, moves [][2]int32) [][2]int {
	out := make([][2]int, len(moves))
	for i, m := range moves {
		out[i] = [2]int{b.ID(int(m[0])), b.ID(int(m[1]))}
	}
	return out
}

// halt tells a search when to stop: when its context is done, or when its flag is
// raised (by the first worker of a portfolio to decide). The searches poll it between
// games, probes and nodes. Reading the context's error there costs less than
// registering with the context on every call (context.AfterFunc), which was a
// measurable part of an easy deal.
type halt struct {
	ctx  context.Context
	flag atomic.Bool
}

// stopped reports whether the search must stop.
func (h *halt) stopped() bool {
	if h.flag.Load() {
		return true
	}
	if h.ctx.Err() != nil {
		h.flag.Store(true)
		return true
	}
	return false
}

// runSearch runs the pairing search. With several workers it runs a portfolio: each
// worker searches the whole board with its own seed (seed+i) and the first to decide
// wins and stops the others. Every worker is exact, so the verdict never depends on
// the number of workers; the winning play may. The play comes as pairs of tile ids.
func runSearch(c *compiled, opt Options, stop *halt) (board.Verdict, [][2]int, Stats) {
	w := max(1, opt.Workers)
	if w == 1 {
		s := acquireSearch(c, opt.Seed, stop)
		defer releaseSearch(s)
		s.configure(opt)
		s.progress = opt.Progress
		st := s.run()
		return st, solutionIDs(c, st, s.solution), s.stats
	}
	type out struct {
		st    board.Verdict
		moves [][2]int
		stats Stats
	}
	c.prepareScan()             // before the workers share c
	var first atomic.Bool       // raised by the first worker to decide
	any := &halt{ctx: stop.ctx} // stops the workers: the caller's context, or first
	done := make(chan out, w)
	decided := make(chan struct{}) // closed by the first worker to decide
	shared := &pool{}
	for i := 0; i < w; i++ {
		go func(i int) {
			if i > 0 {
				// Most boards take worker 0 less than a millisecond: helpers join only
				// when it is still searching after helpAfter.
				t := time.NewTimer(helpAfter)
				select {
				case <-t.C:
				case <-decided:
					t.Stop()
					done <- out{}
					return
				}
			}
			s := acquireSearch(c, opt.Seed+uint64(i), any)
			defer releaseSearch(s)
			s.configure(opt)
			s.shared, s.worker = shared, i
			if i == 0 {
				s.progress = opt.Progress
			}
			st := s.run()
			if st != board.Unknown && first.CompareAndSwap(false, true) {
				any.flag.Store(true)
				close(decided)
			}
			done <- out{st, solutionIDs(c, st, s.solution), s.stats}
		}(i)
	}
	var res out
	var total Stats
	for i := 0; i < w; i++ {
		o := <-done
		total.add(o.stats)
		if res.st == board.Unknown && o.st != board.Unknown {
			res = o
		}
	}
	return res.st, res.moves, total
}
