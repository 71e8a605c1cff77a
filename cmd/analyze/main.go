package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/explain"
	"github.com/mjsat/mjsat/internal/cli"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "analyze", "analyze [-json] [-timeout D] [-o FILE] BOARD PLAY")
	asJSON := c.JSON(`print {"moves", "initial", "first_losing", "alternative", "final"} as JSON`)
	timeout := c.Timeout(0, "limit per solve")
	out := c.Output("the analysis")
	if code, ok := c.Parse(args, 2, 2); !ok {
		return code
	}
	if c.Flags.Arg(0) == "-" && c.Flags.Arg(1) == "-" {
		return c.UsageError("the board and the play cannot both be standard input")
	}
	b, err := cli.Read(c, c.Flags.Arg(0), board.Read)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	p, err := cli.Read(c, c.Flags.Arg(1), board.ReadPlay)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	moves := p.Moves
	opt := explain.Options{Timeout: *timeout}
	if c.Progress() {
		line := &cli.Line{W: c.Stderr}
		defer line.Clear()
		opt.Decided = func(position, n int, v board.Verdict) {
			line.Show(fmt.Sprintf("analyze: after %d of %d moves: %v", position, n, v), true)
		}
	}
	a, err := explain.Analyze(ctx, b, moves, opt)
	code := cli.ExitOK
	switch {
	case errors.Is(err, explain.ErrUnknown):
		// What the solves that ended found is printed after "unknown", whole.
		code = cli.ExitUnknown
	case err != nil:
		return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", c.Flags.Arg(1), err))
	}
	err = c.WriteOutput(*out, func(w io.Writer) error {
		if *asJSON {
			return json.NewEncoder(w).Encode(a)
		}
		if code == cli.ExitUnknown {
			fmt.Fprintln(w, "unknown")
		}
		writeText(w, a, moves)
		return nil
	})
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if code == cli.ExitUnknown {
		return c.Fail(cli.ExitUnknown, explain.ErrUnknown)
	}
	return cli.ExitOK
}

// writeText prints an analysis, whole or as far as it got (verdicts not decided read
// "unknown").
func writeText(w io.Writer, a *explain.Analysis, moves [][2]int) {
	fmt.Fprintf(w, "%d moves; the board at the start: %v\n", a.Moves, a.Initial)
	switch {
	case a.Initial == board.Unknown:
	case a.Initial != board.Solvable:
		fmt.Fprintln(w, "the deal was lost before the first move: no move of the play lost it")
	case a.FirstLosing != nil:
		k := *a.FirstLosing
		m := moves[k]
		fmt.Fprintf(w, "move %d (%d %d) lost the game: the position before it could be won, the one after it cannot\n", k+1, m[0], m[1])
		if a.Alternative != nil {
			fmt.Fprintf(w, "instead, %d %d keeps the game winnable\n", a.Alternative[0], a.Alternative[1])
		} else {
			fmt.Fprintln(w, "no move to play instead was found before the analysis stopped")
		}
	case a.Within != nil:
		fmt.Fprintf(w, "the game was lost by one of moves %d to %d: the analysis stopped before it found which\n", a.Within[0]+1, a.Within[1]+1)
	case a.Final == board.Solvable:
		fmt.Fprintln(w, "no move of the play lost the game")
	}
	fmt.Fprintf(w, "after the whole play: %v\n", a.Final)
}
