package verify

import (
	"context"
	"errors"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
	"github.com/mjsat/mjsat/shisen"
	"github.com/mjsat/mjsat/shisen/encode"
	sreduce "github.com/mjsat/mjsat/shisen/reduce"
	"github.com/mjsat/mjsat/solver"
)

// checkShisen is Check for Options.Game "shisen": the formula, then the Shisen-Sho
// board of package shisen/reduce decided by shisen's native solver and by its SAT
// route, and, as a fourth route, the Mahjong native solver on the stacks the board
// embeds (by the embedding's lemma the board is winnable exactly when they are). The
// certificates: the formula's model laid out as a play that clears the board, the
// stacks' winning play laid out the same way, and every winning play of the board
// read back as an assignment that satisfies the formula.
func checkShisen(ctx context.Context, o *Outcome, f *cnf.Formula, fr sat.Result, opt Options, name string) {
	problem, timed := o.problem, o.timed
	within := func() (context.Context, context.CancelFunc) { return opt.within(ctx) }
	start := time.Now()
	b, m, err := sreduce.Reduce(f, reduce.Options{Source: name})
	timed("reduce", start)
	if err != nil {
		problem("reduce: %v", err)
		return
	}
	o.Tiles = b.Tiles()
	// setBack records a winning play read back: one that fails fails them all.
	setBack := func(ok bool) {
		switch {
		case !ok:
			o.Back = "FAIL"
		case o.Back != "FAIL":
			o.Back = "ok"
		}
	}
	back := func(moves []shisen.Move, what string) bool {
		a, err := m.AssignmentFromPlay(moves)
		return satisfies(f, a, err, what, problem)
	}

	// The board's native solver.
	start = time.Now()
	c, cancel := within()
	nr, err := shisen.Solve(c, b)
	cancel()
	timed("native", start)
	if err != nil {
		problem("native: %v", err)
	}
	o.Native = nr.Status.String()
	if nr.Status == board.Solvable {
		setBack(back(nr.Moves, "native play"))
	}

	// The board's SAT route; a board whose encoding is too large is undecided by it.
	o.SATRoute = "skipped"
	if !opt.NoSATRoute {
		start = time.Now()
		c, cancel := within()
		sr, err := encode.Solve(c, b, opt.SATRoute)
		cancel()
		timed("sat_route", start)
		switch {
		case errors.Is(err, encode.ErrTooLarge):
			o.SATRoute = "unknown"
			o.Notes = append(o.Notes, "sat route: "+err.Error())
		case err != nil:
			problem("sat route: %v", err)
		default:
			o.SATRoute = sr.Status.String()
			if sr.Status == board.Solvable {
				setBack(back(sr.Moves, "sat-route play"))
			}
		}
	}

	// The stacks the board embeds, decided by the Mahjong native solver; their winning
	// play, laid out, must clear the board.
	start = time.Now()
	sr, err := solver.Solve(ctx, m.Mahjong.Board, solver.Options{Timeout: opt.Timeout})
	timed("stacks", start)
	if err != nil {
		problem("stacks: %v", err)
	}
	o.Stacks = sr.Status.String()
	if sr.Status == board.Solvable {
		setBack(back(m.PlayFromStacks(sr.Play()), "stacks' play laid out"))
	}

	// The formula's model → a play of the board (replayed by PlayFromAssignment).
	if fr.Status == sat.Sat {
		o.Cert = "ok"
		if _, err := m.PlayFromAssignment(fr.Model); err != nil {
			o.Cert = "FAIL"
			problem("model → play: %v", err)
		}
	}
}
