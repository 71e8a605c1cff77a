package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/shisen"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "encode",
		"encode [-encoding elim|rank|time] [-o FILE] BOARD|-",
		"encode -stats [-cnf FORMULA] [-encoding E] BOARD",
		"encode -decode MODEL [-encoding E] [-o FILE] BOARD",
		"encode -explain [-dot FILE] [-timeout D] BOARD")
	fl := c.Flags
	out := c.Output("the DIMACS (or the play, with -decode; the figures, with -stats)")
	encoding := fl.String("encoding", "", "encoding: elim, rank or time (default: elim where it stays small, else rank)")
	c.Alias("method", "encoding")
	stats := fl.Bool("stats", false, "print the size of the board and its encoding (and of the source formula)")
	formula := fl.String("cnf", "", "with -stats: the `FORMULA` a reduced board was made from (checked against the board)")
	decode := fl.String("decode", "", "decode a solver's answer `MODEL` (a file or -) for the board's encoding into a play")
	explainFlag := fl.Bool("explain", false, "explain an unsolvable board: a minimal core of tiles")
	dotFile := fl.String("dot", "", "with -explain: write the core as graphviz DOT to `FILE`")
	timeout := c.Timeout(0, "with -explain: give up after this long")
	if code, ok := c.Parse(args, 1, 1); !ok {
		return code
	}
	if *decode == "-" && fl.Arg(0) == "-" {
		return c.UsageError("-decode - and the board - cannot both be standard input")
	}
	if *formula != "" && !*stats {
		return c.UsageError("-cnf goes with -stats")
	}
	if g := c.Given("dot", "timeout"); len(g) > 0 && !*explainFlag {
		return c.UsageError("%s", cli.GoWith(g, "-explain"))
	}
	var m encode.Method
	if *encoding != "" {
		var err error
		if m, err = encode.ParseMethod(*encoding); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
	}
	data, err := cli.Read(c, fl.Arg(0), cli.ReadBytes)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if shisen.IsBoard(data) {
		if g := c.Given("explain", "encoding", "method", "cnf", "dot", "timeout"); len(g) > 0 {
			return c.UsageError("%s: for Mahjong boards; a Shisen-Sho board takes -decode, -stats, -o", strings.Join(g, ", "))
		}
		return encodeShisen(c, data, fl.Arg(0), *decode, *stats, *out)
	}
	b, err := board.Read(bytes.NewReader(data), cli.InputName(fl.Arg(0)))
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	if *explainFlag {
		return explain(ctx, c, b, *dotFile)
	}
	e, err := encode.Encode(b, encode.Options{Method: m})
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	code := cli.ExitOK
	err = c.WriteOutput(*out, func(w io.Writer) error {
		switch {
		case *decode != "":
			var err error
			code, err = decodeModel(c, b, e, *decode, w)
			return err
		case *stats:
			return printStats(e, fl.Arg(0), *formula, w)
		default:
			return e.WriteDIMACS(w)
		}
	})
	return exit(c, code, err)
}

// exit returns the exit status of a run that ended with code and err: a failure with
// no status of its own is bad usage or input.
func exit(c *cli.Command, code int, err error) int {
	if err == nil {
		return code
	}
	if code == cli.ExitOK {
		code = cli.ExitUsage
	}
	return c.Fail(code, err)
}

// decodeModel writes the play that a solver's answer for e stands for. A model that
// is not one of e but is one of another encoding of b is named as such, with the
// -encoding that decodes it.
func decodeModel(c *cli.Command, b *board.Board, e *encode.Encoding, path string, w io.Writer) (int, error) {
	data, name, err := readAnswer(c, path)
	if err != nil {
		return cli.ExitUsage, err
	}
	p, code, err := decodeWith(e, data, name)
	if err != nil && code != cli.ExitUnknown {
		for _, m := range encode.Methods {
			if m == e.Method() {
				continue
			}
			if other, err2 := encode.Encode(b, encode.Options{Method: m}); err2 == nil {
				if _, _, err2 := decodeWith(other, data, name); err2 == nil {
					return cli.ExitUsage, fmt.Errorf("%s: is a model of the %s encoding of this board, not of %s: add -encoding %s", name, m, e.Method(), m)
				}
			}
		}
	}
	if err != nil {
		return code, err
	}
	return cli.ExitOK, p.WriteJSON(w)
}

// decodeWith decodes a solver's answer for e; the status is the exit status of a
// failure.
func decodeWith(e *encode.Encoding, data []byte, name string) (*board.Play, int, error) {
	model, unsat, code, err := readModel(data, name, e.NumVars())
	switch {
	case err != nil:
		return nil, code, err
	case unsat:
		return &board.Play{Format: board.PlayFormat, Status: "unsolvable", Moves: [][2]int{}}, cli.ExitOK, nil
	}
	p, err := e.Decode(model)
	if err != nil {
		return nil, cli.ExitFailed, fmt.Errorf("%s: %w", name, err)
	}
	return p, cli.ExitOK, nil
}

// readAnswer reads a solver's answer file (or standard input for "-") and returns it
// with the name errors give it.
func readAnswer(c *cli.Command, path string) ([]byte, string, error) {
	r, name, err := c.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	data, err := cli.ReadBytes(r, name)
	return data, name, err
}

// readModel reads a solver's answer for an encoding of numVars variables: its model,
// or unsat; a failure comes with its exit status (no answer at all is unknown).
func readModel(data []byte, name string, numVars int) (model []bool, unsat bool, code int, err error) {
	status, model, err := cnf.ReadModel(bytes.NewReader(data), name, numVars)
	switch {
	case err != nil:
		return nil, false, cli.ExitUsage, err
	case status == cnf.StatusUnsat:
		return nil, true, cli.ExitOK, nil
	case status == cnf.StatusUnknown:
		return nil, false, cli.ExitUnknown, fmt.Errorf("%s: the solver gave no answer (UNKNOWN)", name)
	}
	return model, false, cli.ExitOK, nil
}

// printStats prints the sizes of the board and its encoding, and, for a reduced
// board, of the formula it was reduced from: formulaPath when given (which must be
// that formula), else the source its meta names when that file is at hand.
func printStats(e *encode.Encoding, boardPath, formulaPath string, w io.Writer) error {
	b := e.Board()
	meta, merr := reduce.ReadMeta(b)
	if formulaPath != "" && merr != nil {
		return fmt.Errorf("-cnf %s: %w", formulaPath, merr)
	}
	if merr == nil && formulaPath == "" {
		formulaPath = sourceOf(meta, boardPath)
	}
	var f *cnf.Formula
	if formulaPath != "" {
		var err error
		if f, err = cnf.ReadFile(formulaPath); err != nil {
			return fmt.Errorf("source formula: %w", err)
		}
		if err := sameFormula(f, meta); err != nil {
			return fmt.Errorf("-cnf %s: %w", formulaPath, err)
		}
	}
	fmt.Fprintf(w, "board    %s: %d tiles, %d groups\n", b.Name, b.N(), b.NumGroups())
	fmt.Fprintf(w, "encoding %s: %d variables, %d clauses, %d literals\n", e.Method(), e.NumVars(), e.NumClauses(), e.NumLiterals())
	switch {
	case merr != nil:
	case f == nil:
		fmt.Fprintf(w, "formula  %s (not at hand): %d variables, %d clauses\n", meta.Source, meta.NumVars, meta.NumClauses)
	default:
		fmt.Fprintf(w, "formula  %s: %d variables, %d clauses\n", formulaPath, f.NumVars, len(f.Clauses))
		fmt.Fprintf(w, "ratio    %.1f tiles per formula variable, %.1f encoding variables per formula variable, %.1f encoding clauses per formula clause\n",
			float64(b.N())/float64(max(f.NumVars, 1)), float64(e.NumVars())/float64(max(f.NumVars, 1)), float64(e.NumClauses())/float64(max(len(f.Clauses), 1)))
	}
	return nil
}

// sameFormula checks that the board of meta was reduced from f: reducing f gives the
// same 3-CNF.
func sameFormula(f *cnf.Formula, meta *reduce.Meta) error {
	_, m, err := reduce.Reduce(f, reduce.Options{Flat: meta.Flat})
	if err != nil {
		return err
	}
	a, _ := json.Marshal(m.Prep)
	b, _ := json.Marshal(meta.Prep)
	if string(a) != string(b) {
		return errors.New("not the formula this board was reduced from")
	}
	return nil
}

// sourceOf returns the formula file named in a reduced board's meta, when it exists
// (as given, or relative to the board's folder).
func sourceOf(meta *reduce.Meta, boardPath string) string {
	if meta.Source == "" {
		return ""
	}
	for _, p := range []string{meta.Source, filepath.Join(filepath.Dir(boardPath), meta.Source)} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

func explain(ctx context.Context, c *cli.Command, b *board.Board, dotFile string) int {
	var core *encode.Core
	var err error
	if !cli.Until(ctx, func() { core, err = encode.Explain(ctx, b) }) {
		return c.Failf(cli.ExitUnknown, "%s: unknown (%v)", b.Name, ctx.Err())
	}
	switch {
	case errors.Is(err, encode.ErrSolvable):
		fmt.Fprintf(c.Stdout, "%s: solvable, nothing to explain\n", b.Name)
		return cli.ExitOK
	case ctx.Err() != nil:
		return c.Failf(cli.ExitUnknown, "%s: unknown (%v)", b.Name, ctx.Err())
	case err != nil:
		return c.Failf(cli.ExitUsage, "%s: %v", b.Name, err)
	}
	fmt.Fprint(c.Stdout, core)
	if dotFile != "" {
		err := c.WriteOutput(dotFile, func(w io.Writer) error {
			_, err := io.WriteString(w, core.DOT())
			return err
		})
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
	}
	return cli.ExitOK
}
