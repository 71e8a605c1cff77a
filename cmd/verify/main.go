package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/verify"
	"golang.org/x/term"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("verify", flag.ContinueOnError)
	fl.SetOutput(stderr)
	flat := fl.Bool("flat", false, "reduce to one-level rows")
	jobs := fl.Int("j", runtime.NumCPU(), "formulas checked at once")
	timeout := fl.Duration("timeout", 0, "limit per route per formula (0 = none)")
	nosat := fl.Bool("nosat", false, "skip the SAT route")
	external := fl.String("solver", "", "external DIMACS solver for the SAT route (minisat, cadical, ...; default gophersat in-process)")
	asJSON := fl.Bool("json", false, "JSON lines output")
	faildir := fl.String("faildir", "verify-failures", "where failing formulas are written")
	mutate := fl.String("mutate", "", "test only: break the construction (see reduce.Options.Mutate)")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() == 0 || *jobs < 1 {
		fmt.Fprintln(stderr, "usage: verify [-flat] [-j N] [-timeout D] [-nosat] [-solver CMD] [-json] PATH...")
		return 2
	}
	files, err := collect(fl.Args())
	if err != nil {
		fmt.Fprintf(stderr, "verify: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	opt := verify.Options{Flat: *flat, Timeout: *timeout, NoSATRoute: *nosat, Mutate: *mutate}
	if *external != "" {
		s, err := sat.Lookup(*external)
		if err != nil {
			fmt.Fprintf(stderr, "verify: -solver %s: %v\n", *external, err)
			return 2
		}
		opt.SATRoute = s
	}
	type result struct {
		out *verify.Outcome
		err error
	}
	results := make([]chan result, len(files))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f, err := cnf.ReadFile(files[i])
				if err != nil {
					results[i] <- result{err: err}
					continue
				}
				results[i] <- result{out: verify.Check(ctx, filepath.Base(files[i]), f, opt)}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range files {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()

	progress := term.IsTerminal(int(os.Stderr.Fd())) && stderr == os.Stderr
	start := time.Now()
	passed, failed, skipped, bad := 0, 0, 0, 0
	enc := json.NewEncoder(stdout)
	for i, ch := range results {
		var r result
		select {
		case r = <-ch:
		case <-ctx.Done():
			// Interrupted: report what was done honestly.
			if progress {
				fmt.Fprint(stderr, "\r\033[K")
			}
			fmt.Fprintf(stderr, "verify: interrupted after %d of %d formulas\n", i, len(files))
			fmt.Fprintf(stdout, "%d passed, %d failed, %d skipped\n", passed, failed+bad, skipped+len(files)-i)
			return 3
		}
		if progress {
			fmt.Fprint(stderr, "\r\033[K")
		}
		switch {
		case r.err != nil:
			bad++
			fmt.Fprintf(stderr, "verify: %v\n", r.err)
		default:
			o := r.out
			switch o.Verdict {
			case verify.Pass:
				passed++
			case verify.Skipped:
				skipped++
			case verify.Fail:
				failed++
				if path, err := keep(*faildir, files[i]); err != nil {
					fmt.Fprintf(stderr, "verify: keeping %s: %v\n", files[i], err)
				} else {
					o.Problems = append(o.Problems, "formula kept as "+path)
				}
			}
			if *asJSON {
				enc.Encode(o)
			} else {
				fmt.Fprintln(stdout, o.Line())
			}
		}
		if progress {
			done := i + 1
			rate := float64(done) / time.Since(start).Seconds()
			eta := time.Duration(float64(len(files)-done)/rate) * time.Second
			fmt.Fprintf(stderr, "verify: %d/%d  %d failed  %.1f/s  ETA %s", done, len(files), failed+bad, rate, eta.Round(time.Second))
		}
	}
	wg.Wait()
	if progress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if *asJSON {
		enc.Encode(map[string]int{"passed": passed, "failed": failed + bad, "skipped": skipped})
	}
	if skipped > 0 {
		fmt.Fprintf(stdout, "%d passed, %d failed, %d skipped\n", passed, failed+bad, skipped)
	} else {
		fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed+bad)
	}
	switch {
	case failed > 0:
		return 1
	case bad > 0:
		return 2
	case skipped > 0:
		return 3
	}
	return 0
}

// collect expands the paths into a sorted list of formula files.
func collect(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".cnf") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no .cnf files", p)
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, nil
}

// keep copies a failing formula into dir so that it can be reproduced.
func keep(dir, file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, filepath.Base(file))
	return path, os.WriteFile(path, data, 0o644)
}
