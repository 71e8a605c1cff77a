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
	hint           string // the play after which to hint a move, if any
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
	if job.hint != "" {
		return hintShisen(ctx, c, b, job.hint)
	}
	var res shisen.Result
	if job.method == "sat" {
		res, err = solveShisenSAT(ctx, b, job.solver)
	} else {
		res, err = solveNative(ctx, c, b)
	}
	if err != nil {
		return solveFailed(c, job.path, err)
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

// solveNative decides b with package shisen's solver, its progress drawn on c's
// progress line.
func solveNative(ctx context.Context, c *cli.Command, b *shisen.Board) (shisen.Result, error) {
	var opt shisen.Options
	line := progressLine(c)
	if line != nil {
		opt.Progress = func(nodes int64) { line.Show(fmt.Sprintf("solve: %d nodes", nodes), false) }
	}
	res, err := shisen.SolveWith(ctx, b, opt)
	line.Clear()
	return res, err
}

// solveFailed reports err, a solve's error on the board or play read from path: a
// winning play that does not replay is a failed check, anything else bad input.
func solveFailed(c *cli.Command, path string, err error) int {
	if errors.Is(err, shisen.ErrBadPlay) {
		return c.Fail(cli.ExitFailed, err)
	}
	return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", cli.InputName(path), err))
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

// hintShisen prints a move, "x1 y1 x2 y2", that keeps the position after the play in
// path winnable: the first of a winning play from there, which the solver replays. Or
// it says that the board is clear, or that the position is lost (exit 0), or unknown
// when the solve runs out of time (exit 3).
func hintShisen(ctx context.Context, c *cli.Command, b *shisen.Board, path string) int {
	p, err := cli.Read(c, path, shisen.ReadPlay)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if err := b.Apply(p.Moves); err != nil {
		return c.Failf(cli.ExitUsage, "%s: %v", cli.InputName(path), err)
	}
	if b.Tiles() == 0 {
		fmt.Fprintln(c.Stdout, "won: the board is clear")
		return cli.ExitOK
	}
	res, err := solveNative(ctx, c, b)
	switch {
	case err != nil:
		return solveFailed(c, path, err)
	case res.Status == board.Unknown:
		fmt.Fprintln(c.Stdout, "unknown")
		return cli.ExitUnknown
	case res.Status == board.Unsolvable:
		fmt.Fprintln(c.Stdout, "lost: no move keeps this position winnable")
		return cli.ExitOK
	}
	m := res.Moves[0]
	fmt.Fprintf(c.Stdout, "%d %d %d %d\n", m[0].X, m[0].Y, m[1].X, m[1].Y)
	return cli.ExitOK
}
