package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"golang.org/x/term"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/solver"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, term.IsTerminal(int(os.Stderr.Fd())))
	stop()
	os.Exit(code)
}

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, progress bool) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	method := fs.String("method", "native", "solver: native or sat")
	timeout := fs.Duration("timeout", 0, "give up after this long and answer unknown (0: never)")
	workers := fs.Int("j", 1, "search goroutines")
	seed := fs.Uint64("seed", 1, "seed of the random playouts")
	asJSON := fs.Bool("json", false, "print a mahjong-play/1 JSON document with stats")
	check := fs.String("check", "", "replay this play file against the board instead of solving")
	external := fs.String("solver", "", "with -method sat: an external DIMACS solver command (minisat, cadical, ...)")
	explain := fs.Bool("explain", false, "on an unsolvable board, print a minimal set of tiles that is already unwinnable")
	dotFile := fs.String("dot", "", "with -explain: also write the core as Graphviz DOT to `FILE`")
	var satStats *encode.Stats
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: solve [-method native|sat] [-solver CMD] [-timeout D] [-j N] [-seed N] [-json] [-explain [-dot FILE]] BOARD.json|-")
		fmt.Fprintln(stderr, "       solve -check PLAY.json BOARD.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	b, err := board.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return 2
	}
	if *check != "" {
		p, err := board.ReadPlayFile(*check)
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return 2
		}
		if err := b.Replay(p); err != nil {
			fmt.Fprintf(stdout, "invalid: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, "valid")
		return 0
	}
	if *workers < 1 {
		fmt.Fprintf(stderr, "solve: -j %d: need at least 1\n", *workers)
		return 2
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	var res solver.Result
	switch *method {
	case "native":
		if *external != "" {
			fmt.Fprintln(stderr, "solve: -solver goes with -method sat")
			return 2
		}
		opt := solver.Options{Timeout: *timeout, Workers: *workers, Seed: *seed}
		if progress {
			last := time.Now()
			opt.Progress = func(s solver.Stats) {
				if time.Since(last) > 500*time.Millisecond {
					last = time.Now()
					fmt.Fprintf(stderr, "\rsolve: %d nodes, %d probes, %d nogoods", s.Nodes, s.Probes, s.Nogoods)
				}
			}
		}
		res, err = solver.Solve(ctx, b, opt)
		if progress {
			fmt.Fprint(stderr, "\r\033[K")
		}
		if err != nil {
			fmt.Fprintf(stderr, "solve: %s: %v\n", fs.Arg(0), err)
			return 2
		}
	case "sat":
		var s sat.Solver = sat.Gophersat{}
		if *external != "" {
			if s, err = sat.Lookup(*external); err != nil {
				fmt.Fprintf(stderr, "solve: -solver %s: %v\n", *external, err)
				return 2
			}
		}
		if progress {
			fmt.Fprintf(stderr, "solve: encoding and solving %d tiles...", b.N())
		}
		start := time.Now()
		st, p, stats, err := encode.Solve(ctx, b, s, encode.Options{})
		if progress {
			fmt.Fprint(stderr, "\r\033[K")
		}
		if err != nil {
			fmt.Fprintf(stderr, "solve: %s: %v\n", fs.Arg(0), err)
			return 2
		}
		res.Stats.Elapsed = time.Since(start)
		res.Stats.Method = "sat"
		satStats = &stats
		switch st {
		case sat.Sat:
			res.Status, res.Moves = solver.Solvable, p.Moves
		case sat.Unsat:
			res.Status = solver.Unsolvable
		}
	default:
		fmt.Fprintf(stderr, "solve: unknown -method %q (want native or sat)\n", *method)
		return 2
	}
	if *asJSON {
		p := res.Play()
		if satStats != nil {
			p.Stats = map[string]any{"time_ns": res.Stats.Elapsed, "encoding": satStats}
		} else {
			p.Stats = res.Stats
		}
		if err := p.WriteJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return 2
		}
	} else {
		fmt.Fprintln(stdout, res.Status)
		for _, m := range res.Moves {
			fmt.Fprintf(stdout, "%d %d\n", m[0], m[1])
		}
	}
	if *explain && res.Status == solver.Unsolvable {
		if code := explainCore(ctx, b, *dotFile, stdout, stderr); code != 0 {
			return code
		}
	}
	if res.Status == solver.Unknown {
		return 3
	}
	return 0
}

// explainCore prints a minimal unsatisfiable core of the board's encoding, mapped back to
// tiles and groups, and optionally writes it as DOT.
func explainCore(ctx context.Context, b *board.Board, dotFile string, stdout, stderr io.Writer) int {
	core, err := encode.Explain(ctx, b)
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "solve: -explain: unknown (%v)\n", ctx.Err())
		return 3
	case err != nil:
		fmt.Fprintf(stderr, "solve: -explain: %v\n", err)
		return 2
	}
	fmt.Fprint(stdout, core)
	if dotFile != "" {
		if err := os.WriteFile(dotFile, []byte(core.DOT()), 0o644); err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return 2
		}
	}
	return 0
}
