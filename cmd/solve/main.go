package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"golang.org/x/term"

	"github.com/mjsat/mjsat/board"
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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: solve [-method native|sat] [-timeout D] [-j N] [-seed N] [-json] BOARD.json|-")
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
	switch *method {
	case "native":
	case "sat":
		fmt.Fprintln(stderr, "solve: -method sat is not available yet (it arrives with the CNF encoding); use -method native")
		return 2
	default:
		fmt.Fprintf(stderr, "solve: unknown -method %q (want native or sat)\n", *method)
		return 2
	}
	if *workers < 1 {
		fmt.Fprintf(stderr, "solve: -j %d: need at least 1\n", *workers)
		return 2
	}
	opt := solver.Options{Timeout: *timeout, Workers: *workers, Seed: *seed}
	if progress {
		last := time.Now()
		opt.Progress = func(s solver.Stats) {
			if time.Since(last) > 500*time.Millisecond {
				last = time.Now()
				fmt.Fprintf(stderr, "\rsolve: %d nodes, %d probes", s.Nodes, s.Probes)
			}
		}
	}
	res, err := solver.Solve(ctx, b, opt)
	if progress && opt.Progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		fmt.Fprintf(stderr, "solve: %s: %v\n", fs.Arg(0), err)
		var me *board.MoveError
		if errors.As(err, &me) {
			return 1
		}
		return 2
	}
	if *asJSON {
		p := res.Play()
		p.Stats = res.Stats
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
	if res.Status == solver.Unknown {
		return 3
	}
	return 0
}
