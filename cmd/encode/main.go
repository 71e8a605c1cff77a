package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/encode"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// Exit codes.
const (
	exitOK      = 0
	exitNo      = 1
	exitUsage   = 2
	exitUnknown = 3
)

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("encode", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the DIMACS (or the play, with -decode) to `FILE` instead of standard output")
	method := fs.String("method", string(encode.Elim), "encoding: elim, rank or time")
	stats := fs.Bool("stats", false, "print the size of the board and its encoding (and of the source formula)")
	formula := fs.String("cnf", "", "the `FORMULA` a reduced board was made from, for -stats")
	decode := fs.String("decode", "", "decode a solver's answer `MODEL` for the board's encoding into a play")
	explainFlag := fs.Bool("explain", false, "explain an unsolvable board: a minimal core of tiles")
	dotFile := fs.String("dot", "", "with -explain: write the core as graphviz DOT to `FILE`")
	timeout := fs.Duration("timeout", 0, "with -explain: give up after this long (exit 3)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: encode [-method M] [-o FILE] BOARD | -stats [-cnf F] BOARD | -decode MODEL BOARD | -explain [-dot FILE] BOARD")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "encode: %v\n", err)
		return exitUsage
	}
	m, err := encode.ParseMethod(*method)
	if err != nil {
		return fail(err)
	}
	b, err := board.ReadFile(fs.Arg(0))
	if err != nil {
		return fail(err)
	}
	if *explainFlag {
		return explain(b, *dotFile, *timeout, stdout, stderr)
	}
	e, err := encode.Encode(b, encode.Options{Method: m})
	if err != nil {
		return fail(err)
	}
	w, closeOut, err := output(*out, stdout)
	if err != nil {
		return fail(err)
	}
	code := exitOK
	switch {
	case *decode != "":
		code, err = decodeModel(e, *decode, w)
	case *stats:
		err = printStats(e, fs.Arg(0), *formula, w)
	default:
		err = e.Formula().Write(w)
	}
	if cerr := closeOut(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	return code
}

// output opens the -o file, or returns stdout.
func output(path string, stdout io.Writer) (io.Writer, func() error, error) {
	if path == "" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}

func decodeModel(e *encode.Encoding, path string, w io.Writer) (int, error) {
	var r io.Reader = os.Stdin
	name := "<stdin>"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return exitUsage, err
		}
		defer f.Close()
		r, name = f, path
	}
	status, model, err := cnf.ReadModel(r, name, e.NumVars())
	if err != nil {
		return exitUsage, err
	}
	switch status {
	case cnf.StatusUnsat:
		p := &board.Play{Status: "unsolvable"}
		return exitNo, p.WriteJSON(w)
	case cnf.StatusUnknown:
		return exitUnknown, fmt.Errorf("%s: the solver gave no answer (UNKNOWN)", name)
	}
	p, err := e.Decode(model)
	if err != nil {
		return exitUsage, fmt.Errorf("%s: %w", name, err)
	}
	return exitOK, p.WriteJSON(w)
}

func printStats(e *encode.Encoding, boardPath, formulaPath string, w io.Writer) error {
	b := e.Board()
	fmt.Fprintf(w, "board    %s: %d tiles, %d groups\n", b.Name, b.N(), b.NumGroups())
	fmt.Fprintf(w, "encoding %s: %d variables, %d clauses, %d literals\n", e.Method(), e.NumVars(), e.NumClauses(), e.NumLiterals())
	if formulaPath == "" {
		formulaPath = sourceOf(b, boardPath)
	}
	if formulaPath == "" {
		return nil
	}
	f, err := cnf.ReadFile(formulaPath)
	if err != nil {
		return fmt.Errorf("source formula: %w", err)
	}
	fmt.Fprintf(w, "formula  %s: %d variables, %d clauses\n", formulaPath, f.NumVars, len(f.Clauses))
	fmt.Fprintf(w, "ratio    %.1f tiles per formula variable, %.1f encoding variables per formula variable, %.1f encoding clauses per formula clause\n",
		float64(b.N())/float64(max(f.NumVars, 1)), float64(e.NumVars())/float64(max(f.NumVars, 1)), float64(e.NumClauses())/float64(max(len(f.Clauses), 1)))
	return nil
}

// sourceOf returns the formula file named in a reduced board's meta, when it exists
// (as given, or relative to the board's folder).
func sourceOf(b *board.Board, boardPath string) string {
	var meta struct {
		Reduction struct {
			Source string `json:"source"`
		} `json:"reduction"`
	}
	if len(b.Meta) == 0 || json.Unmarshal(b.Meta, &meta) != nil || meta.Reduction.Source == "" {
		return ""
	}
	for _, p := range []string{meta.Reduction.Source, filepath.Join(filepath.Dir(boardPath), meta.Reduction.Source)} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

func explain(b *board.Board, dotFile string, timeout time.Duration, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	core, err := encode.Explain(ctx, b)
	switch {
	case errors.Is(err, encode.ErrSolvable):
		fmt.Fprintf(stdout, "%s: solvable, nothing to explain\n", b.Name)
		return exitNo
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "encode: %s: unknown (%v)\n", b.Name, ctx.Err())
		return exitUnknown
	case err != nil:
		fmt.Fprintf(stderr, "encode: %s: %v\n", b.Name, err)
		return exitUsage
	}
	fmt.Fprint(stdout, core)
	if dotFile != "" {
		if err := os.WriteFile(dotFile, []byte(core.DOT()), 0o644); err != nil {
			fmt.Fprintf(stderr, "encode: %v\n", err)
			return exitUsage
		}
	}
	return exitOK
}
