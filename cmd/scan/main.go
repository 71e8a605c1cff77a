package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/difficulty"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/gameflag"
	"github.com/mjsat/mjsat/layouts"
	"github.com/mjsat/mjsat/scan"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return runMerge(ctx, env, args[1:])
		case "summary":
			return runSummary(ctx, env, args[1:])
		case "chart":
			return runChart(ctx, env, args[1:])
		case "greedy":
			return runGreedy(ctx, env, args[1:])
		}
	}
	return runScan(ctx, env, args)
}

// maxGames bounds -difficulty: a million random games a deal is already hours a layout.
const maxGames = 1_000_000

func runScan(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "scan",
		"scan -layout NAME|PATH | -layout-file PATH  -deals A:B [-j N] [-timeout D] [-exhaustive] [-difficulty N] [-results FILE] [-q]",
		"scan -layout list",
		"scan merge [-o FILE] [-notime] FILE...",
		"scan summary [-format text|md] [-deals A:B] FILE...",
		"scan chart [-title T] FILE...",
		"scan greedy FILE...")
	fl := c.Flags
	layoutName := fl.String("layout", "", "layout `NAME` (see -layout list), qualified name (kmahjongg/pyramid) or path")
	layoutFile := fl.String("layout-file", "", "layout file `PATH`")
	transpose := fl.Bool("transpose", false, "swap x and y (the records name the layout NAME^T)")
	deals := fl.String("deals", "", "seed range `A:B` (seeds A..B-1) or N (0:N)")
	workers := c.Jobs(0, "deals solved at once")
	timeout := c.Timeout(time.Minute, "time limit per deal")
	out := fl.String("results", "", "result `FILE` (JSONL) to resume: the deals it holds are skipped and new ones appended as they finish; default standard output")
	c.Synonym("o", "results")
	noTime := fl.Bool("notime", false, "leave the times out of the records")
	exhaustive := fl.Bool("exhaustive", false, "decide each deal by the exhaustive reference search (boards of at most 64 tiles), not the native solver")
	oldMethod := func(v string) error {
		switch v {
		case "native":
			return fl.Set("exhaustive", "false")
		case "exhaustive":
			return fl.Set("exhaustive", "true")
		}
		return fmt.Errorf("%q: want native or exhaustive", cli.Excerpt(v))
	}
	c.AliasFunc("method", "use -exhaustive for the reference search", oldMethod)
	c.AliasFunc("solver", "use -exhaustive for the reference search", oldMethod)
	retry := fl.Bool("retry-unknown", false, "solve again the seeds the -results file holds as unknown, but those already given -timeout (rerun to resume)")
	game := gameflag.Declare(c, "the boards'")
	games := fl.Int("difficulty", 0, "record the difficulty of every winnable deal: `N` random games and its winning first moves (see package difficulty); a deal whose measure runs out of -timeout is unknown")
	c.Quiet()
	if code, ok := c.Parse(args, 0, 0); !ok {
		return code
	}
	if *layoutName == "list" {
		if err := layouts.WriteList(c.Stdout); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return cli.ExitOK
	}
	if *deals == "" {
		return c.UsageError("-deals A:B is required")
	}
	r, err := scan.ParseRange(*deals)
	if err != nil {
		return c.UsageError("%v", err)
	}
	sh, err := game.Check(c, "scans deals of -size, -gravity, -kinds",
		"layout", "layout-file", "exhaustive", "method", "solver", "difficulty", "transpose")
	if err != nil {
		return c.UsageError("%v", err)
	}
	if sh != nil {
		cfg := shisenConfig(*sh)
		cfg.Deals, cfg.Workers, cfg.Timeout, cfg.NoTime, cfg.RetryUnknown = r, *workers, *timeout, *noTime, *retry
		return runConfig(ctx, c, cfg, *out)
	}
	if (*layoutName == "") == (*layoutFile == "") {
		return c.UsageError("give exactly one of -layout NAME and -layout-file PATH")
	}
	var l board.Layout
	if *layoutName != "" {
		l, err = findLayout(*layoutName)
	} else {
		l, err = board.ReadLayoutFile(*layoutFile)
	}
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if *transpose {
		l = scan.Transpose(l)
	}
	solve := native
	if *exhaustive {
		solve = exhaustiveSearch
	}
	cfg := scan.Config{Layout: l, Deals: r, Workers: *workers, Timeout: *timeout, Solve: solve, NoTime: *noTime, RetryUnknown: *retry}
	if *games < 0 || *games > maxGames {
		return c.UsageError("-difficulty %d: want 0 to %d games", *games, maxGames)
	}
	if *games > 0 {
		cfg.Difficulty = func(ctx context.Context, b *board.Board, seed uint64) (scan.Difficulty, error) {
			f, err := difficulty.Measure(ctx, b, *games, seed, 0)
			return scan.Difficulty{Games: f.Games, Won: f.Won, FirstMoves: f.FirstMoves, WinningFirst: f.WinningFirst}, err
		}
	}
	cfg.Name = l.Name
	return runConfig(ctx, c, cfg, *out)
}

// runConfig runs the scan cfg, into the results file out or to standard output, and
// prints its summary.
func runConfig(ctx context.Context, c *cli.Command, cfg scan.Config, out string) int {
	name := cfg.Name
	var bar *cli.Line
	if c.Progress() {
		bar = &cli.Line{W: c.Stderr}
		cfg.Progress = func(p scan.Progress) {
			uns := 0.0
			if d := p.Done - p.Unknowns; d > 0 {
				uns = float64(p.Unsolvable) / float64(d)
			}
			bar.Show(fmt.Sprintf("%s %s unsolvable %.2f%% unknown %d", name, cli.Bar(p.Done, p.Total, p.Elapsed, 24),
				100*uns, p.Unknowns), p.Done == p.Total)
		}
	}
	stdout, stderr := c.Stdout, c.Stderr
	var err error
	var sums []scan.Summary
	unknown := 0
	summaryTo := stdout
	if out != "" {
		var fr scan.FileRun
		var err2 error
		fr, err2 = scan.RunFile(ctx, cfg, out)
		err = err2
		sums, unknown = fr.Summaries, fr.Unknown
	} else {
		// The records go to standard output; the summary keeps each one's time and seed.
		summaryTo = stderr
		var z scan.Summarizer
		cfg.Observe = func(r scan.Record) {
			z.Add(r)
			if r.Verdict == board.Unknown {
				unknown++
			}
		}
		_, err = scan.Run(ctx, cfg, stdout)
		sums = z.Summaries()
	}
	if bar != nil {
		bar.Finish()
	}
	// The file may hold other layouts' records too: only this layout's are summarized.
	sums = slices.DeleteFunc(sums, func(s scan.Summary) bool { return s.Layout != name })
	if werr := scan.WriteText(summaryTo, sums); werr != nil && err == nil {
		err = werr
	}
	switch {
	case errors.Is(err, context.Canceled):
		return c.Failf(cli.ExitUnknown, "interrupted; rerun the same command to resume")
	case err != nil:
		return c.Fail(cli.ExitUsage, err)
	case unknown > 0:
		return cli.ExitUnknown
	}
	return cli.ExitOK
}

// summarizeFiles summarizes the canonical union of the files (scan.MergeEach), only
// the records of seeds in r when r is not nil, or fails as mergeFailed says.
func summarizeFiles(ctx context.Context, c *cli.Command, paths []string, r *scan.Range) ([]scan.Summary, int) {
	var z scan.Summarizer
	add := func(rec scan.Record) error {
		if r == nil || r.Contains(rec.Seed) {
			z.Add(rec)
		}
		return nil
	}
	if err := scan.MergeEach(ctx, paths, add); err != nil {
		return nil, mergeFailed(c, err)
	}
	return z.Summaries(), cli.ExitOK
}

// mergeFailed reports an error of merging result files: two records that disagree
// mean a solver is wrong (ExitFailed), a signal stopped the work (ExitUnknown, with
// no output file), and anything else is bad input.
func mergeFailed(c *cli.Command, err error) int {
	code := cli.ExitUsage
	if _, ok := errors.AsType[*scan.ConflictError](err); ok {
		code = cli.ExitFailed
	}
	if errors.Is(err, context.Canceled) {
		return c.Failf(cli.ExitUnknown, "interrupted; nothing written")
	}
	return c.Fail(code, err)
}

func runMerge(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "scan merge", "scan merge [-o FILE] [-notime] FILE...")
	out := c.Output("the merged records")
	noTime := c.Flags.Bool("notime", false, "leave the times out")
	if code, ok := c.Parse(args, 1, -1); !ok {
		return code
	}
	// The records stream from the files to the output: a conflict found on the way
	// leaves no output file (standard output has had the records before it).
	err := c.WriteOutput(*out, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		var buf []byte
		if err := scan.MergeEach(ctx, c.Flags.Args(), func(r scan.Record) error {
			if *noTime {
				r.Timed = false
			}
			buf = r.AppendJSON(buf[:0])
			_, err := bw.Write(buf)
			return err
		}); err != nil {
			return err
		}
		return bw.Flush()
	})
	if err != nil {
		return mergeFailed(c, err)
	}
	return cli.ExitOK
}

func runSummary(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "scan summary", "scan summary [-format text|md] [-deals A:B] [-o FILE] FILE...")
	format := c.Flags.String("format", "text", "text or md")
	deals := c.Flags.String("deals", "", "summarize only the seeds of `A:B` (or N: 0:N), e.g. a stretch where every deal was decided")
	out := c.Output("the summary")
	if code, ok := c.Parse(args, 1, -1); !ok {
		return code
	}
	var r *scan.Range
	if *deals != "" {
		d, err := scan.ParseRange(*deals)
		if err != nil {
			return c.UsageError("%v", err)
		}
		r = &d
	}
	write := scan.WriteText
	switch *format {
	case "text":
	case "md":
		write = scan.WriteMarkdown
	default:
		return c.UsageError("-format %q: want text or md", cli.Excerpt(*format))
	}
	sums, st := summarizeFiles(ctx, c, c.Flags.Args(), r)
	if st != cli.ExitOK {
		return st
	}
	if len(sums) == 0 && r != nil {
		return c.Failf(cli.ExitUsage, "-deals %s: the files hold no record of those seeds", r)
	}
	if err := c.WriteOutput(*out, func(w io.Writer) error { return write(w, sums) }); err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	return cli.ExitOK
}

func runChart(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "scan chart", "scan chart [-title T] [-o FILE] FILE...")
	title := c.Flags.String("title", "Random deals that cannot be won even with peeking", "chart title")
	out := c.Output("the SVG chart")
	if code, ok := c.Parse(args, 1, -1); !ok {
		return code
	}
	sums, st := summarizeFiles(ctx, c, c.Flags.Args(), nil)
	if st != cli.ExitOK {
		return st
	}
	if err := c.WriteOutput(*out, func(w io.Writer) error { return scan.Chart(w, sums, *title) }); err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	return cli.ExitOK
}

// findLayout finds a layout by name (package layouts). The records carry the name as
// given when it names the source ("kmahjongg/tower"), so that two games' layouts of
// one name stay apart in a table; otherwise the bare name, or the name given for a
// built-in one ("default" stays "default").
func findLayout(name string) (board.Layout, error) {
	e, ok, err := layouts.Lookup(name)
	if err != nil {
		return board.Layout{}, err
	}
	if !ok {
		return layouts.Find(name) // a path, or the error that says where it looked
	}
	l, err := e.Load()
	l.Name = e.Name
	if name == e.Qualified() {
		l.Name = name
	}
	return l, err
}
