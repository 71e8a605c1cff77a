package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/scan"
)

const (
	exitOK      = 0
	exitFailed  = 1
	exitUsage   = 2
	exitUnknown = 3
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return runMerge(args[1:], stdout, stderr)
		case "summary":
			return runSummary(args[1:], stdout, stderr)
		case "chart":
			return runChart(args[1:], stdout, stderr)
		}
	}
	return runScan(ctx, args, stdout, stderr)
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s (see go doc github.com/mjsat/mjsat/cmd/scan)\n", name)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses flags; ok is false with the exit status when the command should stop.
func parse(fs *flag.FlagSet, args []string) (status int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return 0, true
}

func runScan(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("scan", stderr)
	layoutName := fs.String("layout", "", "Xmahjongg layout `NAME` (see the package doc)")
	layoutFile := fs.String("layout-file", "", "layout file `PATH`")
	transpose := fs.Bool("transpose", false, "swap x and y (the records name the layout NAME^T)")
	deals := fs.String("deals", "", "seed range `A:B` (seeds A..B-1) or N (0:N)")
	workers := fs.Int("j", runtime.NumCPU(), "deals solved at once")
	timeout := fs.Duration("timeout", time.Minute, "time limit per deal (0: none)")
	out := fs.String("o", "", "result `FILE` (JSONL, resumable); default standard output")
	noTime := fs.Bool("notime", false, "leave the times out of the records")
	solverName := fs.String("solver", "native", "solver: "+solverNames())
	retry := fs.Bool("retry-unknown", false, "solve again the seeds the -o file holds as unknown")
	quiet := fs.Bool("q", false, "no progress bar")
	if st, ok := parse(fs, args); !ok {
		return st
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "scan: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	if (*layoutName == "") == (*layoutFile == "") {
		return fail("give exactly one of -layout NAME and -layout-file PATH")
	}
	if *deals == "" {
		return fail("-deals A:B is required")
	}
	r, err := scan.ParseRange(*deals)
	if err != nil {
		return fail("%v", err)
	}
	if *workers < 1 {
		return fail("-j %d: want at least 1", *workers)
	}
	if *timeout < 0 {
		return fail("-timeout %v: want 0 or more", *timeout)
	}
	var l board.Layout
	if *layoutName != "" {
		l, err = scan.ResolveLayout(*layoutName)
	} else {
		l, err = board.ReadLayoutFile(*layoutFile)
	}
	if err != nil {
		return fail("%v", err)
	}
	if *transpose {
		l = scan.Transpose(l)
	}
	solve, err := solverByName(*solverName, *timeout)
	if err != nil {
		return fail("%v", err)
	}
	cfg := scan.Config{Layout: l, Deals: r, Workers: *workers, Timeout: *timeout, Solve: solve, NoTime: *noTime, RetryUnknown: *retry}
	var bar *scan.Bar
	if f, isFile := stderr.(*os.File); isFile && !*quiet && term.IsTerminal(int(f.Fd())) {
		bar = &scan.Bar{W: stderr, Label: l.Name}
		cfg.Progress = bar.Update
	}
	var recs []scan.Record
	summaryTo := stdout
	if *out != "" {
		recs, _, err = scan.RunFile(ctx, cfg, *out)
	} else {
		summaryTo = stderr
		recs, err = scan.Run(ctx, cfg, stdout)
	}
	if bar != nil {
		bar.Finish()
	}
	var mine []scan.Record
	for _, rec := range recs {
		if rec.Layout == l.Name {
			mine = append(mine, rec)
		}
	}
	if werr := scan.WriteText(summaryTo, scan.Summarize(mine)); werr != nil && err == nil {
		err = werr
	}
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "scan: interrupted; rerun the same command to resume\n")
		return exitUnknown
	case err != nil:
		fmt.Fprintf(stderr, "scan: %v\n", err)
		return exitFailed
	}
	for _, rec := range mine {
		if rec.Verdict == scan.Unknown && rec.Seed >= r.From && rec.Seed < r.To {
			return exitUnknown
		}
	}
	return exitOK
}

func readAll(paths []string, stderr io.Writer) ([]scan.Record, int) {
	recs, err := scan.Merge(paths...)
	if err != nil {
		fmt.Fprintf(stderr, "scan: %v\n", err)
		var pathErr *os.PathError
		if errors.As(err, &pathErr) {
			return nil, exitUsage
		}
		if _, ok := errors.AsType[*scan.ConflictError](err); ok {
			return nil, exitFailed
		}
		return nil, exitUsage
	}
	return recs, exitOK
}

func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("scan merge", stderr)
	out := fs.String("o", "", "output `FILE`; default standard output")
	noTime := fs.Bool("notime", false, "leave the times out")
	if st, ok := parse(fs, args); !ok {
		return st
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "scan merge: no files")
		return exitUsage
	}
	recs, st := readAll(fs.Args(), stderr)
	if st != exitOK {
		return st
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintf(stderr, "scan merge: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		w = f
	}
	if err := scan.WriteRecords(w, recs, *noTime); err != nil {
		fmt.Fprintf(stderr, "scan merge: %v\n", err)
		return exitFailed
	}
	return exitOK
}

func runSummary(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("scan summary", stderr)
	format := fs.String("format", "text", "text or md")
	if st, ok := parse(fs, args); !ok {
		return st
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "scan summary: no files")
		return exitUsage
	}
	write := scan.WriteText
	switch *format {
	case "text":
	case "md":
		write = scan.WriteMarkdown
	default:
		fmt.Fprintf(stderr, "scan summary: -format %q: want text or md\n", *format)
		return exitUsage
	}
	recs, st := readAll(fs.Args(), stderr)
	if st != exitOK {
		return st
	}
	if err := write(stdout, scan.Summarize(recs)); err != nil {
		fmt.Fprintf(stderr, "scan summary: %v\n", err)
		return exitFailed
	}
	return exitOK
}

func runChart(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("scan chart", stderr)
	title := fs.String("title", "Random deals that cannot be won even with peeking", "chart title")
	if st, ok := parse(fs, args); !ok {
		return st
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "scan chart: no files")
		return exitUsage
	}
	recs, st := readAll(fs.Args(), stderr)
	if st != exitOK {
		return st
	}
	if err := scan.Chart(stdout, scan.Summarize(recs), *title); err != nil {
		fmt.Fprintf(stderr, "scan chart: %v\n", err)
		return exitFailed
	}
	return exitOK
}
