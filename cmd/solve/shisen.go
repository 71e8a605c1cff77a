package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/shisen"
	shisenenc "github.com/mjsat/mjsat/shisen/encode"
)

// shisenJob is what solve was asked to do with a Shisen-Sho board.
type shisenJob struct {
	path, check    string // the board's operand; the play to check, if any
	method, solver string
	timeout        time.Duration
	asJSON         bool
	out            string
}

// solveShisen decides a Shisen-Sho board, natively or through its CNF encoding, and
// writes the verdict and a winning play, as text (a move a line, "x1 y1 x2 y2") or as
// a shisen-play/1 document; with -check it replays a play instead.
func solveShisen(ctx context.Context, c *cli.Command, data []byte, job shisenJob) int {
	b, err := shisen.Parse(data, cli.InputName(job.path))
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if job.check != "" {
		return checkShisen(c, b, job.check)
	}
	if job.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, job.timeout)
		defer cancel()
	}
	var res shisen.Result
	if job.method == "sat" {
		res, err = solveShisenSAT(ctx, b, job.solver)
	} else {
		var opt shisen.Options
		line := progressLine(c)
		if line != nil {
			opt.Progress = func(nodes int64) { line.Show(fmt.Sprintf("solve: %d nodes", nodes), false) }
		}
		res, err = shisen.SolveWith(ctx, b, opt)
		line.Clear()
	}
	switch {
	case errors.Is(err, shisen.ErrBadPlay):
		return c.Fail(cli.ExitFailed, err)
	case err != nil:
		return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", cli.InputName(job.path), err))
	}
	err = c.WriteOutput(job.out, func(w io.Writer) error {
		if job.asJSON {
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

// solveShisenSAT decides b through its encoding and the SAT solver called name.
func solveShisenSAT(ctx context.Context, b *shisen.Board, name string) (shisen.Result, error) {
	s, err := sat.Lookup(name)
	if err != nil {
		return shisen.Result{}, fmt.Errorf("-solver %s: %w", name, err)
	}
	return shisenenc.Solve(ctx, b, s)
}

// checkShisen replays the play in path on b: "valid" (exit 0) when every move is legal
// and a claim of "solvable" clears the board, else "invalid: why" (exit 1).
func checkShisen(c *cli.Command, b *shisen.Board, path string) int {
	p, err := cli.Read(c, path, shisen.ReadPlay)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if err := b.Replay(p.Moves, p.Status == "solvable"); err != nil {
		fmt.Fprintf(c.Stdout, "invalid: %v\n", err)
		return cli.ExitFailed
	}
	fmt.Fprintln(c.Stdout, "valid")
	return cli.ExitOK
}
