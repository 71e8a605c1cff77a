package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/puzzles/edgematch"
	"github.com/mjsat/mjsat/puzzles/fourteen"
	"github.com/mjsat/mjsat/puzzles/peg"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

var synopsis = []string{
	"puzzle peg [-board NAME] [-empty HOLES] [-finish HOLE] [-count] [-method native|sat] [-timeout D] [-o FILE] [-q]",
	"puzzle tomjerry [-rotate] [-all] [-method native|sat] [-timeout D] [-o FILE]",
	"puzzle fourteen [-seed N | -deal FILE|- | -scan A:B] [-method native|sat] [-timeout D] [-o FILE] [-q]",
}

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		top := cli.New(env, "puzzle", synopsis...)
		code, ok := top.Parse(args, 1, 1)
		if ok { // a bare operand after flags: not a puzzle name
			code = top.UsageError("the puzzle's name comes first")
		}
		return code
	}
	var sub func(context.Context, *puzzle, []string) (int, error)
	switch args[0] {
	case "peg":
		sub = runPeg
	case "tomjerry":
		sub = runTomJerry
	case "fourteen":
		sub = runFourteen
	default:
		return cli.New(env, "puzzle", synopsis...).UsageError("unknown puzzle %q (want peg, tomjerry or fourteen)", cli.Excerpt(args[0]))
	}
	p := &puzzle{Command: cli.New(env, "puzzle "+args[0], synopsis...)}
	p.method = p.Method("native", "sat")
	p.timeout = p.Timeout(0, "give up after this long")
	p.out = p.Output("the answer")
	code, err := sub(ctx, p, args[1:])
	switch {
	case err == nil:
		return code
	case errors.Is(err, peg.ErrUnknown), errors.Is(err, edgematch.ErrUnknown), errors.Is(err, fourteen.ErrUnknown):
		fmt.Fprintln(p.Stdout, "unknown")
		return p.Fail(cli.ExitUnknown, err)
	default:
		return p.Fail(cli.ExitUsage, err)
	}
}

// puzzle is a subcommand with the flags every puzzle has.
type puzzle struct {
	*cli.Command
	method  *string
	timeout *time.Duration
	out     *string
}

// parse parses the subcommand's flags (no operands) and applies -timeout to ctx.
func (p *puzzle) parse(ctx context.Context, args []string) (context.Context, context.CancelFunc, bool, int) {
	if code, ok := p.Parse(args, 0, 0); !ok {
		return ctx, func() {}, false, code
	}
	if *p.timeout > 0 {
		ctx, cancel := context.WithTimeout(ctx, *p.timeout)
		return ctx, cancel, true, 0
	}
	return ctx, func() {}, true, 0
}

// write writes the answer to -o or standard output.
func (p *puzzle) write(f func(w io.Writer) error) error {
	return p.WriteOutput(*p.out, f)
}

func runPeg(ctx context.Context, p *puzzle, args []string) (int, error) {
	boardName := p.Flags.String("board", "triangle5", "triangleN (3..10) or english")
	empty := p.Flags.String("empty", "", "vacant holes, comma-separated (default: 5 on a triangle, the centre on english)")
	finish := p.Flags.Int("finish", 0, "hole the last peg must end in (0: anywhere)")
	count := p.Flags.Bool("count", false, "count all jump sequences instead of finding one")
	p.Quiet()
	ctx, cancel, ok, code := p.parse(ctx, args)
	defer cancel()
	if !ok {
		return code, nil
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
				return 0, fmt.Errorf("-empty: %q is not a hole number", cli.Excerpt(f))
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
	head := fmt.Sprintf("board %s, empty %v, %d pegs\n%s", b.Name(), holes, start.Pegs(), b.Format(start))
	if *count {
		var c peg.Counts
		if *p.method == "sat" {
			c, err = peg.CountSAT(ctx, b, start, *finish)
		} else {
			var progress func(int, int)
			var line *cli.Line
			if p.Progress() {
				line = &cli.Line{W: p.Stderr}
				progress = func(l, n int) { line.Show(fmt.Sprintf("layer %d: %d positions", l, n), false) }
			}
			c, err = peg.Count(ctx, b, start, *finish, progress)
			line.Finish()
		}
		if err != nil {
			return 0, err
		}
		return cli.ExitOK, p.write(func(w io.Writer) error {
			fmt.Fprintf(w, "%ssequences: %d\n", head, c.Total)
			for h, n := range c.ByHole {
				if n > 0 {
					fmt.Fprintf(w, "ending in hole %d: %d\n", h+1, n)
				}
			}
			return nil
		})
	}
	var js []peg.Jump
	var found bool
	if *p.method == "sat" {
		js, found, err = peg.SolveSAT(ctx, b, start, *finish)
	} else {
		js, found, err = peg.Solve(ctx, b, start, *finish)
	}
	if err != nil {
		return 0, err
	}
	return cli.ExitOK, p.write(func(w io.Writer) error {
		fmt.Fprint(w, head)
		if !found {
			fmt.Fprintln(w, "no solution")
			return nil
		}
		fmt.Fprintf(w, "solution: %d jumps\n", len(js))
		for i, j := range js {
			fmt.Fprintf(w, "%2d. %v\n", i+1, j)
		}
		return nil
	})
}

func runTomJerry(ctx context.Context, p *puzzle, args []string) (int, error) {
	rotate := p.Flags.Bool("rotate", false, "let each card take any of 4 rotations")
	all := p.Flags.Bool("all", false, "print every placement")
	ctx, cancel, ok, code := p.parse(ctx, args)
	defer cancel()
	if !ok {
		return code, nil
	}
	pz := edgematch.TomJerry(*rotate)
	var sols []edgematch.Placement
	var err error
	if *p.method == "sat" {
		sols, err = pz.SolveSAT(ctx)
	} else {
		sols, err = pz.Solve()
	}
	if err != nil {
		return 0, err
	}
	return cli.ExitOK, p.write(func(w io.Writer) error {
		for i, s := range sols {
			if i > 0 && !*all {
				break
			}
			fmt.Fprintf(w, "placement %d:\n%s", i+1, pz.Format(s))
		}
		fmt.Fprintf(w, "placements: %d\n", len(sols))
		return nil
	})
}

func runFourteen(ctx context.Context, p *puzzle, args []string) (int, error) {
	seed := p.Seed(0, "deal number (SplitMix64 seed)")
	dealFile := p.Flags.String("deal", "", "read the deal from `FILE` (- for standard input)")
	scan := p.Flags.String("scan", "", "A:B: solve the deals of seeds A <= N < B and print the winnable fraction")
	p.Quiet()
	ctx, cancel, ok, code := p.parse(ctx, args)
	defer cancel()
	if !ok {
		return code, nil
	}
	if *scan != "" {
		a, b, ok := strings.Cut(*scan, ":")
		from, err1 := strconv.ParseUint(a, 10, 64)
		to, err2 := strconv.ParseUint(b, 10, 64)
		if !ok || err1 != nil || err2 != nil || from >= to {
			return 0, fmt.Errorf("-scan %q: want A:B with A < B", cli.Excerpt(*scan))
		}
		var progress func(int, int)
		var line *cli.Line
		if p.Progress() {
			line = &cli.Line{W: p.Stderr}
			progress = func(d, w int) {
				if d%1000 == 0 {
					line.Show(fmt.Sprintf("%d deals, %d won", d, w), false)
				}
			}
		}
		r, err := fourteen.Scan(ctx, from, to, progress)
		line.Finish()
		if err != nil && !errors.Is(err, fourteen.ErrUnknown) {
			return 0, err
		}
		werr := p.write(func(w io.Writer) error {
			if err != nil {
				fmt.Fprintf(w, "partial: ")
			}
			_, e := fmt.Fprintf(w, "deals %d, won %d, fraction %.4f, 95%% Wilson [%.4f, %.4f]\n", r.Deals, r.Won, r.Fraction(), r.Lo, r.Hi)
			return e
		})
		if err != nil {
			return 0, err // the partial answer is written; the answer is unknown
		}
		return cli.ExitOK, werr
	}
	var g fourteen.Game
	if *dealFile != "" {
		var err error
		if g, err = cli.Read(p.Command, *dealFile, fourteen.Parse); err != nil {
			return 0, err
		}
	} else {
		g = fourteen.Deal(*seed)
	}
	var moves []fourteen.Move
	var found bool
	var err error
	if *p.method == "sat" {
		moves, found, err = fourteen.SolveSAT(ctx, g)
	} else {
		moves, found, _, err = fourteen.Solve(ctx, g)
	}
	if err != nil {
		return 0, err
	}
	return cli.ExitOK, p.write(func(w io.Writer) error {
		fmt.Fprint(w, g.Format())
		if !found {
			fmt.Fprintln(w, "no winning sequence")
			return nil
		}
		fmt.Fprintf(w, "won in %d moves:", len(moves))
		for _, m := range moves {
			fmt.Fprintf(w, " %d+%d", m.A, m.B)
		}
		fmt.Fprintln(w)
		return nil
	})
}
