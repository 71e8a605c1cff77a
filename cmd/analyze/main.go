package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/explain"
	"github.com/mjsat/mjsat/internal/cli"
)

func main() { cli.Main(run) }

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
	moves := p.Played()
	a, err := explain.Analyze(ctx, b, moves, explain.Options{Timeout: *timeout})
	switch {
	case errors.Is(err, explain.ErrUnknown):
		fmt.Fprintln(c.Stdout, "unknown")
		return c.Fail(cli.ExitUnknown, err)
	case err != nil:
		return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", c.Flags.Arg(1), err))
	}
	err = c.WriteOutput(*out, func(w io.Writer) error {
		if *asJSON {
			enc := json.NewEncoder(w)
			return enc.Encode(a)
		}
		fmt.Fprintf(w, "%d moves; the board at the start: %v\n", a.Moves, a.Initial)
		switch {
		case a.Initial != board.Solvable:
			fmt.Fprintln(w, "the deal was lost before the first move: no move of the play lost it")
		case a.FirstLosing == nil:
			fmt.Fprintln(w, "no move of the play lost the game")
		default:
			k := *a.FirstLosing
			m := moves[k]
			fmt.Fprintf(w, "move %d (%d %d) lost the game: the position before it could be won, the one after it cannot\n", k+1, m[0], m[1])
			fmt.Fprintf(w, "instead, %d %d keeps the game winnable\n", a.Alternative[0], a.Alternative[1])
		}
		fmt.Fprintf(w, "after the whole play: %v\n", a.Final)
		return nil
	})
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	return cli.ExitOK
}
