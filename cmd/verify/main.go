package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/verify"
)

// maxStdin is the most of standard input read as a formula.
const maxStdin = 256 << 20

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "verify",
		"verify [-flat] [-j N] [-timeout D] [-nosat] [-solver gophersat|CMD] [-json] [-faildir DIR] [-o FILE] [-q] PATH...|-",
		"verify -game shisen [-j N] [-timeout D] [-nosat] [-solver gophersat|CMD] [-json] [...] PATH...|-")
	fl := c.Flags
	flat := fl.Bool("flat", false, "reduce to one-level rows")
	jobs := c.Jobs(0, "formulas checked at once")
	timeout := c.Timeout(time.Minute, "limit per route per formula")
	nosat := fl.Bool("nosat", false, "skip the SAT route")
	external := c.Solver()
	asJSON := c.JSON("JSON lines output")
	faildir := fl.String("faildir", "", "keep every failing formula in `DIR` to reproduce it (default: keep none)")
	out := c.Output("the report")
	mutate := fl.String("mutate", "", "test only: break the construction (see reduce.Options.Mutate)")
	game := fl.String("game", "mahjong", "the game of the reduction's board: mahjong or shisen")
	c.Quiet()
	if code, ok := c.Parse(args, 1, -1); !ok {
		return code
	}
	files, err := collect(fl.Args())
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	var stdinData []byte
	if slices.Contains(files, "-") {
		r, name, err := c.Open("-")
		if err == nil {
			stdinData, err = io.ReadAll(io.LimitReader(r, maxStdin+1))
		}
		if err == nil && len(stdinData) > maxStdin {
			err = fmt.Errorf("larger than %d bytes", maxStdin)
		}
		if err != nil {
			return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", name, err))
		}
	}
	switch {
	case *game != "mahjong" && *game != "shisen":
		return c.UsageError("-game %q: want mahjong or shisen", cli.Excerpt(*game))
	case *game == "shisen" && (*flat || *mutate != ""):
		return c.UsageError("-game shisen takes neither -flat nor -mutate")
	}
	opt := verify.Options{Flat: *flat, Timeout: *timeout, NoSATRoute: *nosat, Mutate: *mutate, Game: *game}
	s, err := sat.Lookup(*external)
	if err != nil {
		return c.Fail(cli.ExitUsage, fmt.Errorf("-solver %s: %w", *external, err))
	}
	opt.SATRoute = s
	o, err := c.Create(*out)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	code := check(ctx, c, files, stdinData, opt, *jobs, *asJSON, *faildir, o)
	if err := o.Close(); err != nil && code == cli.ExitOK {
		return c.Fail(cli.ExitUsage, err)
	}
	return code
}

// check verifies every file and writes one line a formula to stdout, then the tally.
func check(ctx context.Context, c *cli.Command, files []string, stdinData []byte, opt verify.Options, jobs int, asJSON bool, faildir string, stdout io.Writer) int {
	stderr := c.Stderr
	read := func(path string) (*cnf.Formula, error) {
		if path == "-" {
			return cnf.Read(bytes.NewReader(stdinData), cli.StdinName)
		}
		return cnf.ReadFile(path)
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
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f, err := read(files[i])
				if err == nil {
					if err = verify.Supports(f, opt); err != nil {
						err = fmt.Errorf("%s: not supported: %w", files[i], err)
					}
				}
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

	progress := c.Progress()
	line := &cli.Line{W: stderr}
	start := time.Now()
	passed, failed, skipped, bad := 0, 0, 0, 0
	enc := json.NewEncoder(stdout)
	// tally ends the report: in JSON lines a summary object, every line of the
	// output JSON, with the sentence on standard error instead.
	tally := func(passed, failed, skipped int, interrupted bool) {
		text := stdout
		if asJSON {
			sum := map[string]any{"passed": passed, "failed": failed, "skipped": skipped}
			if interrupted {
				sum["interrupted"] = true
			}
			enc.Encode(sum)
			text = stderr
		}
		if skipped > 0 {
			fmt.Fprintf(text, "%d passed, %d failed, %d skipped\n", passed, failed, skipped)
		} else {
			fmt.Fprintf(text, "%d passed, %d failed\n", passed, failed)
		}
	}
	for i, ch := range results {
		var r result
		select {
		case r = <-ch:
		case <-ctx.Done():
			// Interrupted: report what was done honestly.
			line.Clear()
			fmt.Fprintf(stderr, "verify: interrupted after %d of %d formulas\n", i, len(files))
			tally(passed, failed+bad, skipped+len(files)-i, true)
			return cli.ExitUnknown
		}
		line.Clear()
		switch {
		case r.err != nil:
			bad++
			fmt.Fprintf(stderr, "verify: %v\n", r.err)
		default:
			o := r.out
			switch o.Agreement {
			case verify.Pass:
				passed++
			case verify.Skipped:
				skipped++
			case verify.Fail:
				failed++
				switch path, err := keep(faildir, files[i], stdinData); {
				case faildir == "":
				case err != nil:
					fmt.Fprintf(stderr, "verify: keeping %s: %v\n", files[i], err)
				default:
					o.Problems = append(o.Problems, "formula kept as "+path)
				}
			}
			if asJSON {
				enc.Encode(o)
			} else {
				fmt.Fprintln(stdout, o.Line())
			}
			if f, ok := stdout.(interface{ Flush() error }); ok {
				f.Flush() // a long run shows each formula as it is checked
			}
		}
		if progress {
			done := i + 1
			line.Show(fmt.Sprintf("verify: %s  %d failed  next %s", cli.Bar(done, len(files), time.Since(start), 20), failed+bad,
				filepath.Base(files[min(done, len(files)-1)])), true)
		}
	}
	wg.Wait()
	line.Clear()
	tally(passed, failed+bad, skipped, false)
	switch {
	case failed > 0:
		if faildir == "" {
			fmt.Fprintln(stderr, "verify: rerun with -faildir DIR to keep the failing formulas")
		}
		return cli.ExitFailed
	case bad > 0:
		return cli.ExitUsage
	case skipped > 0:
		return cli.ExitUnknown
	}
	return cli.ExitOK
}

// collect expands the paths into a sorted list of formula files.
func collect(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		if p == "-" {
			if slices.Contains(files, "-") {
				return nil, errors.New("- (standard input) given twice")
			}
			files = append(files, p)
			continue
		}
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

// keep copies a failing formula into dir so that it can be reproduced ("": keep none).
func keep(dir, file string, stdinData []byte) (string, error) {
	if dir == "" {
		return "", nil
	}
	data, err := stdinData, error(nil)
	if file != "-" {
		data, err = os.ReadFile(file)
	} else {
		file = "stdin.cnf"
	}
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, filepath.Base(file))
	return path, os.WriteFile(path, data, 0o644)
}
