package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/mjsat/mjsat/puzzles/edgematch"
	"github.com/mjsat/mjsat/puzzles/fourteen"
	"github.com/mjsat/mjsat/puzzles/peg"
	"golang.org/x/term"
)

const (
	exitOK      = 0
	exitNo      = 1
	exitUsage   = 2
	exitUnknown = 3
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

type usageError struct{ error }

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: puzzle <peg|tomjerry|fourteen> [flags]")
		return exitUsage
	}
	var err error
	var code int
	switch args[0] {
	case "peg":
		code, err = runPeg(ctx, args[1:], stdout, stderr)
	case "tomjerry":
		code, err = runTomJerry(ctx, args[1:], stdout, stderr)
	case "fourteen":
		code, err = runFourteen(ctx, args[1:], stdout, stderr)
	default:
		err = usageError{fmt.Errorf("unknown puzzle %q (want peg, tomjerry or fourteen)", args[0])}
	}
	switch {
	case err == nil:
		return code
	case errors.Is(err, flag.ErrHelp):
		return exitUsage
	case errors.Is(err, peg.ErrUnknown), errors.Is(err, edgematch.ErrUnknown), errors.Is(err, fourteen.ErrUnknown):
		fmt.Fprintln(stdout, "unknown")
		fmt.Fprintln(stderr, "puzzle:", err)
		return exitUnknown
	default:
		fmt.Fprintln(stderr, "puzzle:", err)
		return exitUsage
	}
}

func newFlags(name string, stderr io.Writer) (*flag.FlagSet, *string, *time.Duration) {
	fs := flag.NewFlagSet("puzzle "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	method := fs.String("method", "native", "native or sat")
	timeout := fs.Duration("timeout", 0, "give up after this long (0: no limit)")
	return fs, method, timeout
}

func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}

func checkMethod(m string) error {
	if m != "native" && m != "sat" {
		return usageError{fmt.Errorf("-method %q: want native or sat", m)}
	}
	return nil
}

func runPeg(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs, method, timeout := newFlags("peg", stderr)
	boardName := fs.String("board", "triangle5", "triangleN (3..10) or english")
	empty := fs.String("empty", "", "vacant holes, comma-separated (default: 5 on a triangle, the centre on english)")
	finish := fs.Int("finish", 0, "hole the last peg must end in (0: anywhere)")
	count := fs.Bool("count", false, "count all jump sequences instead of finding one")
	if err := fs.Parse(args); err != nil {
		return 0, err
	}
	if err := checkMethod(*method); err != nil {
		return 0, err
	}
	b, err := peg.ParseBoard(*boardName)
	if err != nil {
		return 0, err
	}
	var holes []int
	if *empty == "" {
		if c := b.Centre(); c > 0 && *boardName == "english" {
			holes = []int{c}
		} else {
			holes = []int{5}
		}
	} else {
		for _, f := range strings.Split(*empty, ",") {
			h, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return 0, fmt.Errorf("-empty: %q is not a hole number", f)
			}
			holes = append(holes, h)
		}
	}
	start, err := b.Start(holes...)
	if err != nil {
		return 0, err
	}
	if *finish < 0 || *finish > b.Holes() {
		return 0, fmt.Errorf("-finish %d: not a hole of %s (1..%d)", *finish, b.Name(), b.Holes())
	}
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	fmt.Fprintf(stdout, "board %s, empty %v, %d pegs\n%s", b.Name(), holes, start.Pegs(), b.Format(start))
	if *count {
		var c peg.Counts
		if *method == "sat" {
			c, err = peg.CountSAT(ctx, b, start, *finish)
		} else {
			var progress func(int, int)
			if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
				progress = func(l, n int) { fmt.Fprintf(stderr, "\rlayer %d: %d positions   ", l, n) }
			}
			c, err = peg.Count(ctx, b, start, *finish, progress)
			if progress != nil {
				fmt.Fprintln(stderr)
			}
		}
		if err != nil {
			return 0, err
		}
		fmt.Fprintf(stdout, "sequences: %d\n", c.Total)
		for h, n := range c.ByHole {
			if n > 0 {
				fmt.Fprintf(stdout, "ending in hole %d: %d\n", h+1, n)
			}
		}
		if c.Total == 0 {
			return exitNo, nil
		}
		return exitOK, nil
	}
	var js []peg.Jump
	var ok bool
	if *method == "sat" {
		js, ok, err = peg.SolveSAT(ctx, b, start, *finish)
	} else {
		js, ok, err = peg.Solve(ctx, b, start, *finish)
	}
	if err != nil {
		return 0, err
	}
	if !ok {
		fmt.Fprintln(stdout, "no solution")
		return exitNo, nil
	}
	fmt.Fprintf(stdout, "solution: %d jumps\n", len(js))
	for i, j := range js {
		fmt.Fprintf(stdout, "%2d. %v\n", i+1, j)
	}
	return exitOK, nil
}

func runTomJerry(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs, method, timeout := newFlags("tomjerry", stderr)
	rotate := fs.Bool("rotate", false, "let each card take any of 4 rotations")
	all := fs.Bool("all", false, "print every placement")
	if err := fs.Parse(args); err != nil {
		return 0, err
	}
	if err := checkMethod(*method); err != nil {
		return 0, err
	}
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	p := edgematch.TomJerry(*rotate)
	var sols []edgematch.Placement
	var err error
	if *method == "sat" {
		sols, err = p.SolveSAT(ctx)
	} else {
		sols, err = p.Solve()
	}
	if err != nil {
		return 0, err
	}
	for i, s := range sols {
		if i > 0 && !*all {
			break
		}
		fmt.Fprintf(stdout, "placement %d:\n%s", i+1, p.Format(s))
	}
	fmt.Fprintf(stdout, "placements: %d\n", len(sols))
	if len(sols) == 0 {
		return exitNo, nil
	}
	return exitOK, nil
}

func runFourteen(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs, method, timeout := newFlags("fourteen", stderr)
	seed := fs.Uint64("seed", 0, "deal number (SplitMix64 seed)")
	dealFile := fs.String("deal", "", "read the deal from this file")
	scan := fs.String("scan", "", "A:B: solve the deals of seeds A <= N < B and print the winnable fraction")
	if err := fs.Parse(args); err != nil {
		return 0, err
	}
	if err := checkMethod(*method); err != nil {
		return 0, err
	}
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	if *scan != "" {
		a, b, ok := strings.Cut(*scan, ":")
		from, err1 := strconv.ParseUint(a, 10, 64)
		to, err2 := strconv.ParseUint(b, 10, 64)
		if !ok || err1 != nil || err2 != nil || from >= to {
			return 0, fmt.Errorf("-scan %q: want A:B with A < B", *scan)
		}
		var progress func(int, int)
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			progress = func(d, w int) {
				if d%1000 == 0 {
					fmt.Fprintf(stderr, "\r%d deals, %d won   ", d, w)
				}
			}
		}
		r, err := fourteen.Scan(ctx, from, to, progress)
		if progress != nil {
			fmt.Fprintln(stderr)
		}
		if err != nil && !errors.Is(err, fourteen.ErrUnknown) {
			return 0, err
		}
		if err != nil {
			fmt.Fprintf(stdout, "partial: ")
		}
		fmt.Fprintf(stdout, "deals %d, won %d, fraction %.4f, 95%% Wilson [%.4f, %.4f]\n", r.Deals, r.Won, r.Fraction(), r.Lo, r.Hi)
		if err != nil {
			return 0, err
		}
		return exitOK, nil
	}
	var g fourteen.Game
	if *dealFile != "" {
		f, err := os.Open(*dealFile)
		if err != nil {
			return 0, err
		}
		g, err = fourteen.Parse(f, *dealFile)
		f.Close()
		if err != nil {
			return 0, err
		}
	} else {
		g = fourteen.Deal(*seed)
	}
	fmt.Fprint(stdout, g.Format())
	var moves []fourteen.Move
	var ok bool
	var err error
	if *method == "sat" {
		moves, ok, err = fourteen.SolveSAT(ctx, g)
	} else {
		moves, ok, _, err = fourteen.Solve(ctx, g)
	}
	if err != nil {
		return 0, err
	}
	if !ok {
		fmt.Fprintln(stdout, "no winning sequence")
		return exitNo, nil
	}
	fmt.Fprintf(stdout, "won in %d moves:", len(moves))
	for _, m := range moves {
		fmt.Fprintf(stdout, " %d+%d", m.A, m.B)
	}
	fmt.Fprintln(stdout)
	return exitOK, nil
}
