package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/shisen"
)

// solveShisen decides a Shisen-Sho board: the verdict and a winning play, as text
// (a move a line, "x1 y1 x2 y2") or as a shisen-play/1 document.
func solveShisen(ctx context.Context, c *cli.Command, data []byte, path string, timeout time.Duration, asJSON bool, out string) int {
	b, err := shisen.Parse(data, cli.InputName(path))
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	res, err := shisen.Solve(ctx, b)
	switch {
	case errors.Is(err, shisen.ErrBadPlay):
		return c.Fail(cli.ExitFailed, err)
	case err != nil:
		return c.Fail(cli.ExitUsage, err)
	}
	err = c.WriteOutput(out, func(w io.Writer) error {
		if asJSON {
			moves := res.Moves
			if moves == nil {
				moves = []shisen.Move{}
			}
			return (&shisen.Play{Status: res.Status.String(), Moves: moves}).WriteJSON(w)
		}
		fmt.Fprintln(w, res.Status)
		for _, m := range res.Moves {
			fmt.Fprintf(w, "%d %d %d %d\n", m[0].X, m[0].Y, m[1].X, m[1].Y)
		}
		return nil
	})
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if res.Status == board.Unknown {
		return cli.ExitUnknown
	}
	return cli.ExitOK
}
