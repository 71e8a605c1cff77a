package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/explain"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/shisen"
	"github.com/mjsat/mjsat/solver"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "solve",
		"solve [-method native|sat] [-solver gophersat|CMD] [-timeout D] [-j N] [-seed N] [-json] [-explain [-dot FILE]] [-o FILE] [-q] BOARD|-",
		"solve -check PLAY BOARD",
		"solve -hint PLAY BOARD")
	fl := c.Flags
	method := c.Method("native", "sat")
	external := c.Solver()
	timeout := c.Timeout(0, "give up after this long")
	workers := c.Jobs(1, "search goroutines (native route)")
	seed := c.Seed(1, "seed of the random playouts")
	asJSON := c.JSON("print the play as JSON: a mahjong-play/1 document with stats, or shisen-play/1 for a Shisen-Sho board")
	out := c.Output("the verdict and play")
	c.Quiet()
	check := fl.String("check", "", "replay the play in `PLAY` (a file or -) against the board instead of solving")
	explainFlag := fl.Bool("explain", false, "on an unsolvable board, print a group core: a few groups whose tiles alone cannot be cleared")
	clauses := fl.Bool("explain-clauses", false, "with -explain: also print a minimal unsatisfiable core of the board's CNF encoding")
	dotFile := fl.String("dot", "", "with -explain-clauses: also write the clause core as Graphviz DOT to `FILE`")
	hint := fl.String("hint", "", "print one move that keeps the position after the play in `PLAY` (a file or -) winnable")
	if code, ok := c.Parse(args, 1, 1); !ok {
		return code
	}
	if (*check == "-" || *hint == "-") && fl.Arg(0) == "-" {
		return c.UsageError("the play and the board cannot both be standard input")
	}
	if *check != "" && *hint != "" {
		return c.UsageError("use -check or -hint, not both")
	}
	solverSet := len(c.Given("solver")) > 0
	mahjongOnly := c.Given("explain", "explain-clauses", "dot", "j", "seed") // a Shisen-Sho board takes none
	if *method == "native" && solverSet {
		return c.UsageError("-solver goes with -method sat")
	}
	if *clauses && !*explainFlag {
		return c.UsageError("-explain-clauses goes with -explain")
	}
	if *dotFile != "" && !*clauses {
		return c.UsageError("-dot goes with -explain-clauses")
	}
	data, err := cli.Read(c, fl.Arg(0), cli.ReadBytes)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if shisen.IsBoard(data) {
		if len(mahjongOnly) > 0 {
			return c.UsageError("%s: for Mahjong boards; a Shisen-Sho board takes -check, -hint, -method, -solver, -timeout, -json, -o and -q", strings.Join(mahjongOnly, ", "))
		}
		return solveShisen(ctx, c, data, shisenJob{
			path: fl.Arg(0), check: *check, hint: *hint, method: *method, solver: *external,
			timeout: *timeout, asJSON: *asJSON, out: *out,
		})
	}
	b, err := board.Read(bytes.NewReader(data), cli.InputName(fl.Arg(0)))
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if *check != "" {
		p, err := cli.Read(c, *check, board.ReadPlay)
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		if err := b.Replay(p); err != nil {
			fmt.Fprintf(c.Stdout, "invalid: %v\n", err)
			return cli.ExitFailed
		}
		fmt.Fprintln(c.Stdout, "valid")
		return cli.ExitOK
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	if *hint != "" {
		return hintMove(ctx, c, b, *hint)
	}
	var res solver.Result
	var satStats *encode.Stats
	switch *method {
	case "native":
		opt := solver.Options{Timeout: *timeout, Workers: *workers, Seed: *seed}
		line := progressLine(c)
		if line != nil {
			opt.Progress = func(s solver.Stats) {
				line.Show(fmt.Sprintf("solve: %d nodes, %d probes, %d nogoods", s.Nodes, s.Probes, s.Nogoods), false)
			}
		}
		res, err = solver.Solve(ctx, b, opt)
		line.Clear()
		if errors.Is(err, solver.ErrBadPlay) {
			return c.Fail(cli.ExitFailed, fmt.Errorf("%s: %w", fl.Arg(0), err))
		}
		if err != nil {
			return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", fl.Arg(0), err))
		}
	case "sat":
		s, err := sat.Lookup(*external)
		if err != nil {
			return c.Fail(cli.ExitUsage, fmt.Errorf("-solver %s: %w", *external, err))
		}
		line := progressLine(c)
		line.Show(fmt.Sprintf("solve: encoding and solving %d tiles...", b.N()), true)
		start := time.Now()
		st, p, stats, err := satRoute(ctx, b, s)
		line.Clear()
		if err != nil {
			return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", fl.Arg(0), err))
		}
		res.Stats.Elapsed = time.Since(start)
		res.Stats.Method = "sat"
		satStats = &stats
		res.Status = st
		if st == board.Solvable {
			res.Moves = p.Moves
		}
	}
	var core *explain.Core
	var reason *explain.FormulaReason
	if *explainFlag && res.Status == board.Unsolvable {
		core, err = explain.GroupCore(ctx, b, explain.Options{})
		switch {
		case errors.Is(err, explain.ErrUnknown):
			c.Warnf("-explain: unknown (%v)", ctx.Err())
		case err != nil:
			return c.Fail(cli.ExitUsage, fmt.Errorf("-explain: %w", err))
		}
		// On a reduced board, the reason in the formula's terms too (not after the
		// time ran out: it would only say unknown again).
		if ctx.Err() == nil {
			if reason, err = explain.Formula(ctx, b, core, explain.Options{}); err != nil {
				reason = nil
				switch {
				case errors.Is(err, reduce.ErrNotReduced):
				case errors.Is(err, explain.ErrUnknown):
					c.Warnf("-explain: the formula's core: unknown (%v)", ctx.Err())
				default:
					return c.Fail(cli.ExitUsage, fmt.Errorf("-explain: %w", err))
				}
			}
		}
	}
	err = c.WriteOutput(*out, func(w io.Writer) error {
		if *asJSON {
			p := res.Play()
			if satStats != nil {
				p.Stats = map[string]any{"elapsed_ns": res.Stats.Elapsed, "encoding": satStats}
			} else {
				p.Stats = res.Stats
			}
			if core == nil && reason == nil {
				return p.WriteJSON(w)
			}
			doc := struct {
				board.PlayDoc
				Core    *explain.CoreJSON      `json:"core,omitempty"`
				Formula *explain.FormulaReason `json:"formula,omitempty"`
			}{PlayDoc: p.Doc(), Formula: reason}
			if core != nil {
				cj := core.JSON()
				doc.Core = &cj
			}
			data, err := json.MarshalIndent(doc, "", "  ")
			if err != nil {
				return err
			}
			_, err = w.Write(append(data, '\n'))
			return err
		}
		fmt.Fprintln(w, res.Status)
		for _, m := range res.Moves {
			fmt.Fprintf(w, "%d %d\n", m[0], m[1])
		}
		if core != nil {
			fmt.Fprint(w, core)
		}
		if reason != nil {
			fmt.Fprint(w, reason)
		}
		return nil
	})
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if *clauses && res.Status == board.Unsolvable {
		if code := explainCore(ctx, c, b, *dotFile); code != 0 {
			return code
		}
	}
	if res.Status == board.Unknown {
		return cli.ExitUnknown
	}
	return cli.ExitOK
}

// hintMove prints a move that keeps the position after the play winnable, or says the
// position is lost, with its group core.
func hintMove(ctx context.Context, c *cli.Command, b *board.Board, path string) int {
	p, err := cli.Read(c, path, board.ReadPlay)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	moves := p.Moves
	s := b.NewState()
	if err := s.Apply(moves); err != nil {
		return c.Failf(cli.ExitUsage, "%s: %v", path, err)
	}
	if s.Done() {
		fmt.Fprintln(c.Stdout, "won: the board is clear")
		return cli.ExitOK
	}
	opt := explain.Options{}
	m, err := explain.Hint(ctx, s, opt)
	switch {
	case errors.Is(err, explain.ErrUnknown):
		fmt.Fprintln(c.Stdout, "unknown")
		return c.Fail(cli.ExitUnknown, err)
	case err != nil:
		return c.Fail(cli.ExitUsage, err)
	case m != nil:
		fmt.Fprintf(c.Stdout, "%d %d\n", m[0], m[1])
		return cli.ExitOK
	}
	fmt.Fprintln(c.Stdout, "lost: no move keeps this position winnable")
	pos, err := s.Position()
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	core, err := explain.GroupCore(ctx, pos, opt)
	if err == nil {
		fmt.Fprint(c.Stdout, core)
	} else if !errors.Is(err, explain.ErrUnknown) {
		return c.Fail(cli.ExitUsage, err)
	}
	return cli.ExitOK
}

// satRoute decides b by encode.Solve, through cli.Until: the encoding of a large
// board looks at no context, and a signal or -timeout must not wait for it (the
// verdict is then unknown).
func satRoute(ctx context.Context, b *board.Board, s sat.Solver) (board.Verdict, *board.Play, encode.Stats, error) {
	var r struct {
		st    board.Verdict
		p     *board.Play
		stats encode.Stats
		err   error
	}
	if !cli.Until(ctx, func() { r.st, r.p, r.stats, r.err = encode.Solve(ctx, b, s, encode.Options{}) }) {
		return board.Unknown, nil, encode.Stats{}, nil
	}
	return r.st, r.p, r.stats, r.err
}

// explainCore prints a minimal unsatisfiable core of the board's encoding, mapped back to
// tiles and groups, and optionally writes it as DOT.
func explainCore(ctx context.Context, c *cli.Command, b *board.Board, dotFile string) int {
	var core *encode.Core
	var err error
	if !cli.Until(ctx, func() { core, err = encode.Explain(ctx, b) }) {
		return c.Failf(cli.ExitUnknown, "-explain: unknown (%v)", ctx.Err())
	}
	switch {
	case ctx.Err() != nil:
		return c.Failf(cli.ExitUnknown, "-explain: unknown (%v)", ctx.Err())
	case err != nil:
		return c.Failf(cli.ExitUsage, "-explain: %v", err)
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

// progressLine returns the line on which a search shows its progress: nil (nothing
// shown) off a terminal or with -q, and otherwise drawn only once the search has
// run for half a second, so that a quick solve shows none.
func progressLine(c *cli.Command) *cli.Line {
	if !c.Progress() {
		return nil
	}
	return &cli.Line{W: c.Stderr, Interval: 500 * time.Millisecond, Wait: true}
}
