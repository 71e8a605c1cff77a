package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/reduce"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// exitError carries an exit status.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reduce", flag.ContinueOnError)
	fs.SetOutput(stderr)
	flat := fs.Bool("flat", false, "one-level board (Corollary 4)")
	format := fs.String("format", "json", "output format: json or stacks")
	columns := fs.Int("columns", 0, "stacks per line of the layout (0: about the square root)")
	out := fs.String("o", "", "output file (default standard output)")
	certify := fs.String("certify", "", "print the winning play for this model (file or literal list)")
	example := fs.String("example", "", "reduce an embedded example formula (small, unsat) instead of a file")
	mutate := fs.String("mutate", "", "test-only: break a gadget (free-vy, flip-first-literal)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: reduce [-flat] [-format json|stacks] [-columns N] [-o FILE] [-certify MODEL] FILE.cnf|-")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	path, stdinName := fs.Arg(0), "<stdin>"
	if *example != "" {
		data, err := instances.Formula(*example)
		if err != nil || fs.NArg() != 0 {
			if err == nil {
				err = errors.New("-example replaces the FILE argument")
			}
			fmt.Fprintf(stderr, "reduce: %v\n", err)
			return 2
		}
		path, stdin, stdinName = "-", bytes.NewReader(data), "example:"+*example
	} else if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *format != "json" && *format != "stacks" {
		fmt.Fprintf(stderr, "reduce: -format %q: want json or stacks\n", *format)
		return 2
	}
	if *format == "stacks" && *flat {
		fmt.Fprintln(stderr, "reduce: -format stacks cannot hold a one-level board: use json")
		return 2
	}
	err := reduceFile(path, stdinName, stdin, reduce.Options{Flat: *flat, Columns: *columns, Mutate: *mutate}, *format, *certify, *out, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "reduce: %v\n", err)
		var ee *exitError
		if errors.As(err, &ee) {
			return ee.code
		}
		return 2
	}
	return 0
}

func reduceFile(path, stdinName string, stdin io.Reader, opts reduce.Options, format, certify, out string, stdout, stderr io.Writer) error {
	var f *cnf.Formula
	var err error
	if path == "-" {
		f, err = cnf.Read(stdin, stdinName)
	} else {
		f, err = cnf.ReadFile(path)
	}
	if err != nil {
		return err
	}
	for _, w := range f.Warnings {
		fmt.Fprintf(stderr, "reduce: warning: %s\n", w)
	}
	opts.Source = path
	if path == "-" {
		opts.Source = stdinName
	}
	b, m, err := reduce.Reduce(f, opts)
	if err != nil {
		if errors.Is(err, reduce.ErrEmptyClause) {
			return &exitError{1, fmt.Errorf("%s: %w", opts.Source, err)}
		}
		return fmt.Errorf("%s: %w", opts.Source, err)
	}
	report(stderr, m, b)
	var buf bytes.Buffer
	switch {
	case certify != "":
		model, err := readModel(certify, f.NumVars)
		if err != nil {
			return err
		}
		p, err := m.PlayFromAssignment(model)
		if err != nil {
			return &exitError{1, fmt.Errorf("certify: %w", err)}
		}
		if err := p.WriteJSON(&buf); err != nil {
			return err
		}
	case format == "stacks":
		if err := b.WriteStacks(&buf); err != nil {
			return err
		}
	default:
		if err := b.WriteJSON(&buf); err != nil {
			return err
		}
	}
	if out == "" {
		_, err = stdout.Write(buf.Bytes())
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

// readModel reads MODEL as a file, or, when no such file exists and it looks like
// literals, as the literal list itself.
func readModel(arg string, numVars int) ([]bool, error) {
	var r io.Reader
	name := arg
	if fh, err := os.Open(arg); err == nil {
		defer fh.Close()
		r = fh
	} else if strings.Trim(arg, "0123456789- \tv\n") == "" && strings.TrimSpace(arg) != "" {
		r, name = strings.NewReader(arg), "-certify argument"
	} else {
		return nil, err
	}
	status, assign, err := cnf.ReadModel(r, name, numVars)
	if err != nil {
		return nil, err
	}
	if status != "" && status != cnf.StatusSat {
		return nil, &exitError{1, fmt.Errorf("%s: status %s: no model to certify", name, status)}
	}
	return assign, nil
}

func report(w io.Writer, m *reduce.Map, b *board.Board) {
	p := m.Prep
	fmt.Fprintf(w, "reduce: n=%d m=%d → %d stacks, %d tiles\n", p.NumVars, p.NumClauses, len(m.Stacks), b.N())
	if len(p.Padded) > 0 {
		fmt.Fprintf(w, "reduce: %d clause(s) of 1–2 literals padded by repeating a literal: %v\n", len(p.Padded), short(p.Padded))
	}
	if len(p.Deduplicated) > 0 {
		fmt.Fprintf(w, "reduce: %d clause(s) with repeated literals deduplicated: %v\n", len(p.Deduplicated), short(p.Deduplicated))
	}
	if len(p.Tautologies) > 0 {
		fmt.Fprintf(w, "reduce: %d tautological clause(s) left out: %v\n", len(p.Tautologies), short(p.Tautologies))
	}
	if len(p.Split) > 0 {
		fmt.Fprintf(w, "reduce: %d clause(s) of more than 3 literals split with %d fresh variable(s) %d..%d\n",
			len(p.Split), p.Vars-p.NumVars, p.NumVars+1, p.Vars)
	}
}

func short(xs []int) string {
	if len(xs) > 10 {
		return fmt.Sprint(xs[:10]) + "…"
	}
	return fmt.Sprint(xs)
}
