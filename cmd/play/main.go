package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/interval"
	"github.com/mjsat/mjsat/layouts"
	"github.com/mjsat/mjsat/nopeek"
	"github.com/mjsat/mjsat/scan"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "play",
		"play -exact [-json] BOARD",
		"play -trace -policy P [-seed N] [-samples K] BOARD",
		"play -policy P -layout NAME -deals A:B [-j N] [-samples K] [-refine R] [-rollouts N] [-o FILE] [-q]",
		"play -odds [-play PLAY] [-games N] [-samples K] [-seed N] BOARD")
	fl := c.Flags
	exact := fl.Bool("exact", false, "the exact win probabilities without peeking (small boards)")
	asJSON := c.JSON("with -exact: print JSON")
	trace := fl.Bool("trace", false, "play one game and print its moves as a play")
	odds := fl.Bool("odds", false, "estimate a strong player's chance without peeking from a position")
	policyName := fl.String("policy", "", "the policy: random, greedy, debondt or sample")
	samples := fl.Int("samples", 16, "boards the sample policy imagines a move")
	refine := fl.Int("refine", 0, "rounds of `R` more samples that the sample policy spends on a tie at the top")
	rollouts := fl.Int("rollouts", 0, "imagined boards on which the sample policy breaks a tie at the top by games of greedy play (`N`)")
	seed := c.Seed(0, "the game's random numbers (-trace), the first game's (-odds)")
	layoutName := fl.String("layout", "", "play the deals of the layout `NAME` (see deal -layout list)")
	deals := fl.String("deals", "", "with -layout: seed range `A:B` or N (0:N)")
	workers := c.Jobs(0, "games at once")
	out := fl.String("o", "", "write to `FILE`: with -layout the results (JSONL, resumable: its seeds are skipped, new lines appended), else the answer (written whole or not at all)")
	playFile := fl.String("play", "", "with -odds: the moves before the position, a play `FILE`")
	games := fl.Int("games", 200, "with -odds: games to play")
	c.Quiet()
	if code, ok := c.Parse(args, 0, 1); !ok {
		return code
	}
	modes := 0
	for _, m := range []bool{*exact, *trace, *odds, *layoutName != ""} {
		if m {
			modes++
		}
	}
	var mode string
	switch {
	case *exact:
		mode = "-exact"
	case *trace:
		mode = "-trace"
	case *odds:
		mode = "-odds"
	case *layoutName != "":
		mode = "-layout"
	}
	if modes == 1 {
		if g := c.Given(foreignFlags(mode)...); len(g) > 0 {
			return c.UsageError("%s: not for %s (see the usage)", strings.Join(g, ", "), mode)
		}
	}
	switch {
	case modes != 1:
		return c.UsageError("give one of -exact, -trace, -odds and -layout")
	case *samples < 1 || *samples > 10000:
		return c.UsageError("-samples %d: want 1 to 10000", *samples)
	case *refine < 0 || *refine > 100:
		return c.UsageError("-refine %d: want 0 to 100", *refine)
	case *rollouts < 0 || *rollouts > 10000:
		return c.UsageError("-rollouts %d: want 0 to 10000", *rollouts)
	case *games < 1:
		return c.UsageError("-games %d: want at least 1", *games)
	case (*layoutName != "") == (fl.NArg() == 1):
		return c.UsageError("give a BOARD, or -layout without one")
	}
	var p nopeek.Policy
	if *trace || *layoutName != "" {
		var err error
		if p, err = nopeek.ByName(*policyName, *samples); err != nil {
			return c.UsageError("-policy: %v", err)
		}
		if s, ok := p.(nopeek.Sample); ok {
			s.Refine = *refine
			s.Rollouts = *rollouts
			p = s
		}
	}
	if *layoutName != "" {
		return runDeals(ctx, c, *layoutName, *deals, p, *workers, *out)
	}
	b, err := cli.Read(c, fl.Arg(0), board.Read)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	switch {
	case *exact:
		v, err := nopeek.Exact(b)
		if err != nil {
			return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", fl.Arg(0), err))
		}
		return write(c, *out, func(w io.Writer) error {
			if *asJSON {
				data, _ := json.Marshal(v)
				_, err := fmt.Fprintf(w, "%s\n", data)
				return err
			}
			fmt.Fprintf(w, "optimal %.6f\n", v.Optimal)
			for _, name := range []string{"debondt", "greedy", "random"} {
				fmt.Fprintf(w, "%-7s %.6f\n", name, v.Policies[name])
			}
			return nil
		})
	case *trace:
		_, moves, err := nopeek.Play(b, p, *seed)
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return write(c, *out, (&board.Play{Moves: moves}).WriteJSON)
	}
	var prefix [][2]int
	if *playFile != "" {
		pl, err := cli.Read(c, *playFile, board.ReadPlay)
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		prefix = pl.Moves
	}
	won, n, err := nopeek.Odds(ctx, b, prefix, nopeek.Sample{K: *samples}, *games, *seed)
	if err != nil && !errors.Is(err, ctx.Err()) {
		return c.Fail(cli.ExitUsage, err)
	}
	lo, hi := interval.Wilson(int64(won), int64(n), interval.Z95)
	code := write(c, *out, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "without peeking a strong player wins %d of %d games from here: %.1f%% [%.1f%%, %.1f%%]\n",
			won, n, 100*float64(won)/float64(max(n, 1)), 100*lo, 100*hi)
		return err
	})
	if code == cli.ExitOK && err != nil {
		return cli.ExitUnknown
	}
	return code
}

// modeFlags are the flags each mode of play takes, besides -o, -q and the mode's own.
var modeFlags = map[string][]string{
	"-exact":  {"json"},
	"-trace":  {"policy", "seed", "samples", "refine", "rollouts"},
	"-layout": {"policy", "deals", "j", "samples", "refine", "rollouts"},
	"-odds":   {"play", "games", "samples", "seed"},
}

// foreignFlags returns the flags of the other modes that mode does not take.
func foreignFlags(mode string) []string {
	var out []string
	for m, names := range modeFlags {
		if m == mode {
			continue
		}
		for _, n := range names {
			if !slices.Contains(modeFlags[mode], n) && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// write writes the answer to -o path (or standard output), whole or not at all.
func write(c *cli.Command, path string, w func(io.Writer) error) int {
	if err := c.WriteOutput(path, w); err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	return cli.ExitOK
}

// runDeals plays the deals of a layout and prints the table's line.
func runDeals(ctx context.Context, c *cli.Command, name, deals string, p nopeek.Policy, workers int, path string) int {
	if deals == "" {
		return c.UsageError("-deals A:B is required with -layout")
	}
	r, err := scan.ParseRange(deals)
	if err != nil {
		return c.UsageError("%v", err)
	}
	e, ok, err := layouts.Lookup(name)
	if err != nil || !ok {
		return c.Failf(cli.ExitUsage, "-layout %s: no such layout (see deal -layout list)", cli.Excerpt(name))
	}
	l, err := e.Load()
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	w, report := io.Writer(c.Stdout), c.Stderr
	skip := map[uint64]bool{}
	if path != "" {
		if skip, err = nopeek.ResumeFile(path, p.Name()); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		defer f.Close()
		w, report = f, c.Stdout
	}
	var recs []nopeek.Record
	var bar *cli.Line
	total, done, won0 := int(r.Len()), 0, 0
	for seed := range skip {
		if seed >= r.From && seed < r.To {
			total--
		}
	}
	start := time.Now()
	if c.Progress() {
		bar = &cli.Line{W: c.Stderr}
		defer bar.Finish()
	}
	err = nopeek.Deals(ctx, l, p, r.From, r.To, skip, workers, func(rec nopeek.Record) error {
		recs = append(recs, rec)
		if done++; rec.Won {
			won0++
		}
		if bar != nil {
			bar.Show(fmt.Sprintf("%s %s %s won %d", name, p.Name(), cli.Bar(done, total, time.Since(start), 24), won0), done == total)
		}
		data, _ := json.Marshal(rec)
		_, err := fmt.Fprintf(w, "%s\n", data)
		return err
	})
	if err != nil && !errors.Is(err, ctx.Err()) {
		return c.Fail(cli.ExitUsage, err)
	}
	if path != "" { // the table is of the whole file
		all, rerr := readFile(path)
		if rerr != nil {
			return c.Fail(cli.ExitUsage, rerr)
		}
		recs = all
	}
	var seeds []uint64
	won := 0
	for _, rec := range recs {
		if rec.Seed >= r.From && rec.Seed < r.To && rec.Policy == p.Name() {
			seeds = append(seeds, rec.Seed)
			if rec.Won {
				won++
			}
		}
	}
	winnable, werr := nopeek.Winnable(ctx, l, seeds)
	n := int64(len(seeds))
	lo, hi := interval.Wilson(int64(won), n, interval.Z95)
	fmt.Fprintf(report, "layout %s, policy %s: won %d of %d deals = %.2f%% [%.2f%%, %.2f%%]", name, p.Name(), won, n,
		100*float64(won)/float64(max(n, 1)), 100*lo, 100*hi)
	if werr == nil {
		wlo, whi := interval.Wilson(int64(winnable), n, interval.Z95)
		fmt.Fprintf(report, "; winnable with peeking %d = %.2f%% [%.2f%%, %.2f%%]", winnable,
			100*float64(winnable)/float64(max(n, 1)), 100*wlo, 100*whi)
	}
	fmt.Fprintln(report)
	if err != nil || werr != nil {
		return cli.ExitUnknown
	}
	return cli.ExitOK
}

// readFile reads a result file of play.
func readFile(path string) ([]nopeek.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := nopeek.ReadRecords(f, path)
	return nopeek.SortRecords(recs), err
}
