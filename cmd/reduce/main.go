package main

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/reduce"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// exitError carries an exit status.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "reduce",
		"reduce [-flat] [-format json|stacks] [-columns N] [-o FILE] FILE.cnf|-",
		"reduce -certify MODEL [-flat] FILE.cnf|-     (model → winning play)",
		"reduce -model PLAY [-flat] FILE.cnf|-        (winning play → model, a DIMACS v line)",
		"reduce -example small|unsat [...]",
		"reduce -game shisen [-certify MODEL | -model PLAY] [-o FILE] FILE.cnf|-   (a Shisen-Sho board)")
	fl := c.Flags
	flat := fl.Bool("flat", false, "one-level board (Corollary 4)")
	format := fl.String("format", "json", "output format: json or stacks")
	columns := fl.Int("columns", 0, "stacks per line of the layout (0: about the square root)")
	out := c.Output("the board (or the play, or the model)")
	certify := fl.String("certify", "", "print the winning play of the model `MODEL` (a file, -, or a literal list such as \"1 -2 3\")")
	model := fl.String("model", "", "print the satisfying assignment that the winning play in `PLAY` (a file or -) chooses")
	example := fl.String("example", "", "reduce an embedded example formula (small, unsat) instead of a file")
	mutate := fl.String("mutate", "", "test-only: break a gadget (free-vy, flip-first-literal)")
	game := fl.String("game", "mahjong", "the game of the board: mahjong or shisen (Shisen-Sho, without gravity)")
	if code, ok := c.Parse(args, 0, 1); !ok {
		return code
	}
	set := func(name string) bool { return len(c.Given(name)) > 0 }
	switch {
	case *game != "mahjong" && *game != "shisen":
		return c.UsageError("-game %q: want mahjong or shisen", cli.Excerpt(*game))
	case *game == "shisen" && (*flat || set("format") || set("columns") || set("mutate")):
		return c.UsageError("-game shisen embeds the stacks of Theorem 3 in one layout: -flat, -format, -columns and -mutate do not apply")
	}
	path, stdin, stdinName := fl.Arg(0), c.Stdin, cli.StdinName
	switch {
	case *example != "" && fl.NArg() != 0:
		return c.UsageError("-example replaces the FILE argument")
	case *example != "":
		data, err := instances.Formula(*example)
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		path, stdin, stdinName = "-", bytes.NewReader(data), "example:"+*example
	case fl.NArg() != 1:
		return c.UsageError("missing operand FILE.cnf")
	case set("certify") && *certify == "":
		return c.UsageError("-certify needs a model: a file, - or a literal list")
	case set("model") && *model == "":
		return c.UsageError("-model needs a play file or -")
	case set("certify") && set("model"):
		return c.UsageError("use -certify or -model, not both")
	case *format != "json" && *format != "stacks":
		return c.UsageError("-format %q: want json or stacks", cli.Excerpt(*format))
	case *format == "stacks" && *flat:
		return c.UsageError("-format stacks cannot hold a one-level board: use json")
	case path == "-" && (*certify == "-" || *model == "-"):
		return c.UsageError("the formula and the model or play cannot both be standard input")
	}
	c.Stdin = stdin
	job := &job{c: c, path: path, stdinName: stdinName, opts: reduce.Options{Flat: *flat, Columns: *columns, Mutate: *mutate},
		format: *format, certify: *certify, model: *model, shisen: *game == "shisen"}
	err := c.WriteOutput(*out, job.run)
	if err != nil {
		if ee, ok := errors.AsType[*exitError](err); ok {
			return c.Fail(ee.code, ee.err)
		}
		return c.Fail(cli.ExitUsage, err)
	}
	job.report()
	return cli.ExitOK
}

// job is one reduction and what to print of it.
type job struct {
	c                      *cli.Command
	path, stdinName        string
	opts                   reduce.Options
	format, certify, model string
	shisen                 bool   // build a Shisen-Sho board (shisen.go)
	report                 func() // prints what the board was built from
}

func (j *job) run(w io.Writer) error {
	c := j.c
	f, err := cli.Read(c, j.path, cnf.Read)
	if err != nil {
		return err
	}
	for _, wn := range f.Warnings {
		c.Warnf("%s", wn)
	}
	j.opts.Source = j.path
	if j.path == "-" {
		j.opts.Source = j.stdinName
	}
	if j.shisen {
		return j.runShisen(w, f)
	}
	b, m, err := reduce.Reduce(f, j.opts)
	if err != nil {
		return j.reduceError(err)
	}
	j.report = func() { report(c.Stderr, m, b) }
	switch {
	case j.certify != "":
		model, err := readModel(c, j.certify, f.NumVars)
		if err != nil {
			return err
		}
		p, err := m.PlayFromAssignment(model)
		if err != nil {
			return &exitError{cli.ExitFailed, fmt.Errorf("-certify %s: %w", j.certify, err)}
		}
		return p.WriteJSON(w)
	case j.model != "":
		p, err := cli.Read(c, j.model, board.ReadPlay)
		if err != nil {
			return err
		}
		assign, err := m.AssignmentFromPlay(p)
		return j.writeAssignment(w, f, assign, err)
	case j.format == "stacks":
		return b.WriteStacks(w)
	default:
		return b.WriteJSON(w)
	}
}

// reduceError is the error of a reduction that failed: a formula with an empty clause
// is bad input (it has no board).
func (j *job) reduceError(err error) error {
	if errors.Is(err, reduce.ErrEmptyClause) {
		return &exitError{cli.ExitUsage, fmt.Errorf("%s: %w", j.opts.Source, err)}
	}
	return fmt.Errorf("%s: %w", j.opts.Source, err)
}

// writeAssignment writes the assignment read from the -model play (err: why it could
// not be read), once checked against f.
func (j *job) writeAssignment(w io.Writer, f *cnf.Formula, assign []bool, err error) error {
	if err != nil {
		return &exitError{cli.ExitFailed, fmt.Errorf("-model %s: %w", j.model, err)}
	}
	if bad := f.Unsatisfied(assign); bad != nil {
		return &exitError{cli.ExitFailed, fmt.Errorf("-model %s: the play's assignment violates clause %d", j.model, bad[0])}
	}
	return writeModel(w, assign)
}

// writeModel writes a satisfying assignment as a SAT competition answer.
func writeModel(w io.Writer, assign []bool) error {
	var sb strings.Builder
	sb.WriteString("s SATISFIABLE\nv")
	for v := 1; v < len(assign); v++ {
		if assign[v] {
			fmt.Fprintf(&sb, " %d", v)
		} else {
			fmt.Fprintf(&sb, " -%d", v)
		}
	}
	sb.WriteString(" 0\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// readModel reads MODEL as a file ("-": standard input), or, when no such file exists
// and it looks like literals, as the literal list itself.
func readModel(c *cli.Command, arg string, numVars int) ([]bool, error) {
	var r io.Reader
	name := arg
	if arg == "-" {
		r, name = c.Stdin, cli.StdinName
	} else if fh, err := os.Open(arg); err == nil {
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
		return nil, &exitError{cli.ExitFailed, fmt.Errorf("%s: status %s: no model to certify", name, status)}
	}
	return assign, nil
}

// report prints what the board was built from: the input's counts, and the 3-CNF's
// (after dropping tautologies, padding and splitting), which the stacks encode.
func report(w io.Writer, m *reduce.Map, b *board.Board) {
	p := m.Prep
	fmt.Fprintf(w, "reduce: n=%d m=%d → 3-CNF of %d variables and %d clauses → %d stacks, %d tiles\n",
		p.NumVars, p.NumClauses, p.Vars, len(p.Clauses), len(m.Stacks), b.N())
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
