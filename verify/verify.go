// Package verify cross-checks mjsat's three routes on a formula: the formula itself
// (gophersat), the native solver on its reduced board, and the SAT route on that board
// (board → CNF → gophersat), and maps certificates both ways: the formula's model becomes
// a winning play that the board replays, and the native solver's winning play becomes an
// assignment that satisfies the formula.
//
// A formula passes when every decided route agrees and every certificate checks. A route
// that runs out of time answers "unknown"; a formula with an unknown route and no
// disagreement is neither passed nor failed but skipped, and said so.
//
// Package verify is the engine of the verify command and of the end-to-end tests in
// tests/; it is not a solver of its own.
package verify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/sat"
	sreduce "github.com/mjsat/mjsat/shisen/reduce"
	"github.com/mjsat/mjsat/solver"
)

// Options choose what Check runs.
type Options struct {
	// Flat reduces to one-level rows (Corollary 4) instead of stacks.
	Flat bool
	// Timeout bounds each route on each formula; 0 means no limit.
	Timeout time.Duration
	// NoSATRoute skips the board → CNF route (it is the slowest on large boards).
	NoSATRoute bool
	// SATRoute decides the board's CNF in route (4); nil means gophersat in-process.
	// An external solver (sat.External, e.g. minisat) runs in its own process, so
	// several formulas are checked truly in parallel (gophersat runs one at a time).
	SATRoute sat.Solver
	// Mutate is passed to reduce.Options.Mutate: a deliberately broken construction, for
	// tests that verify itself catches a wrong reduction. Empty in real use.
	Mutate string
	// Game is the game of the board: "" or "mahjong", or "shisen" for the Shisen-Sho
	// board of package shisen/reduce (then Flat and Mutate must be unset).
	Game string
}

// Agreement is what the cross-check concludes for one formula: whether its routes
// agree (it is not a verdict on the board, which each route gives in [Outcome]).
type Agreement int

// The conclusions.
const (
	Pass    Agreement = iota // every decided route agrees, every certificate checks
	Fail                     // a disagreement or a certificate that does not check
	Skipped                  // no disagreement, but some route did not decide in time
)

// String returns "pass", "FAIL" or "skipped", as the command prints them.
func (v Agreement) String() string {
	return [...]string{"pass", "FAIL", "skipped"}[v]
}

// Outcome is what Check found for one formula.
type Outcome struct {
	Name      string             `json:"name"`
	Vars      int                `json:"vars"`
	Clauses   int                `json:"clauses"`
	Tiles     int                `json:"tiles"`
	Formula   string             `json:"formula"`          // sat, unsat, unknown
	Native    string             `json:"native"`           // solvable, unsolvable, unknown
	SATRoute  string             `json:"sat_route"`        // solvable, unsolvable, unknown, skipped
	Game      string             `json:"game,omitempty"`   // "shisen" for a Shisen-Sho board
	Stacks    string             `json:"stacks,omitempty"` // shisen: the embedded stacks' verdict, by the Mahjong solver
	Cert      string             `json:"cert"`             // model → play replayed: ok, n/a, or what failed
	Back      string             `json:"back"`             // native play → assignment: ok, n/a, or what failed
	Agreement Agreement          `json:"-"`
	Result    string             `json:"verdict"`
	Problems  []string           `json:"problems,omitempty"`
	Notes     []string           `json:"notes,omitempty"` // what a route could not do, that is no disagreement
	Times     map[string]float64 `json:"seconds"`
}

// Line is the one-line summary of an outcome.
func (o *Outcome) Line() string {
	t := func(k string) string { return fmt.Sprintf("%.2fs", o.Times[k]) }
	s := fmt.Sprintf("%-7s %s  n=%d m=%d tiles=%d  formula=%s(%s) native=%s(%s) sat-route=%s(%s) cert=%s back=%s",
		o.Agreement, o.Name, o.Vars, o.Clauses, o.Tiles,
		o.Formula, t("formula"), o.Native, t("native"), o.SATRoute, t("sat_route"), o.Cert, o.Back)
	if o.Game == "shisen" {
		s = strings.Replace(s, "  formula=", "  game=shisen  formula=", 1) + fmt.Sprintf(" stacks=%s(%s)", o.Stacks, t("stacks"))
	}
	if len(o.Problems) > 0 {
		s += "  [" + strings.Join(o.Problems, "; ") + "]"
	}
	if len(o.Notes) > 0 {
		s += "  (" + strings.Join(o.Notes, "; ") + ")"
	}
	return s
}

// Supports reports why f is outside what Check can verify, or nil: a formula with an
// empty clause (it has no board), or one whose board would exceed the size limits.
// Callers ask it first, so that such a formula is reported as unsupported input and
// never as a failure of the reduction, and no route starts on it.
func Supports(f *cnf.Formula, opt Options) error {
	switch opt.Game {
	case "", "mahjong":
	case "shisen":
		if opt.Flat || opt.Mutate != "" {
			return errors.New("the Shisen-Sho reduction takes neither -flat nor -mutate")
		}
		_, _, err := sreduce.Reduce(f, reduce.Options{})
		return err
	default:
		return fmt.Errorf("game %q: want mahjong or shisen", opt.Game)
	}
	_, _, err := reduce.Reduce(f, reduce.Options{Flat: opt.Flat, Mutate: opt.Mutate})
	return err
}

// Check runs every route on f and compares them.
func Check(ctx context.Context, name string, f *cnf.Formula, opt Options) *Outcome {
	o := &Outcome{Name: name, Vars: f.NumVars, Clauses: len(f.Clauses), Cert: "n/a", Back: "n/a",
		Times: map[string]float64{}}
	problem, timed := o.problem, o.timed
	within := func() (context.Context, context.CancelFunc) { return opt.within(ctx) }

	// (1) The formula itself.
	start := time.Now()
	c, cancel := within()
	fr, err := sat.Solve(c, f)
	cancel()
	timed("formula", start)
	if err != nil {
		problem("formula: %v", err)
	}
	o.Formula = fr.Status.String()
	if opt.Game == "shisen" {
		o.Game = "shisen"
		checkShisen(ctx, o, f, fr, opt, name)
		o.compare()
		o.finish()
		return o
	}

	// (2) Reduce.
	start = time.Now()
	b, m, err := reduce.Reduce(f, reduce.Options{Flat: opt.Flat, Source: name, Mutate: opt.Mutate})
	timed("reduce", start)
	if err != nil {
		problem("reduce: %v", err)
		o.finish()
		return o
	}
	o.Tiles = b.N()

	// (3) Native solver.
	start = time.Now()
	nr, err := solver.Solve(ctx, b, solver.Options{Timeout: opt.Timeout})
	timed("native", start)
	if err != nil {
		problem("native: %v", err)
	}
	o.Native = nr.Status.String()

	// (4) SAT route.
	o.SATRoute = "skipped"
	if !opt.NoSATRoute {
		start = time.Now()
		c, cancel := within()
		st, play, _, err := encode.Solve(c, b, opt.SATRoute, encode.Options{})
		cancel()
		timed("sat_route", start)
		if err != nil {
			problem("sat route: %v", err)
		}
		o.SATRoute = st.String() // the board's verdict
		if st == board.Solvable && err == nil {
			// The decoded play has been replayed by encode; it must also map back to
			// an assignment that satisfies the formula.
			back(f, m, play, "sat-route play", problem)
		}
	}

	// (5) The formula's model → a play, replayed by board.
	if fr.Status == sat.Sat {
		o.Cert = "ok"
		p, err := m.PlayFromAssignment(fr.Model)
		if err == nil {
			err = b.Replay(p)
		}
		if err != nil {
			o.Cert = "FAIL"
			problem("model → play: %v", err)
		}
	}
	// (6) The native play → an assignment that satisfies the formula.
	if nr.Status == board.Solvable {
		o.Back = "ok"
		if !back(f, m, nr.Play(), "native play", problem) {
			o.Back = "FAIL"
		}
	}
	o.compare()
	o.finish()
	return o
}

// back maps a winning play of the reduced board to an assignment and checks that it
// satisfies f, reporting through problem when it does not.
func back(f *cnf.Formula, m *reduce.Map, p *board.Play, what string, problem func(string, ...any)) bool {
	a, err := m.AssignmentFromPlay(p)
	return satisfies(f, a, err, what, problem)
}

// satisfies checks an assignment read back from a play (what), or the error of
// reading it, reporting through problem when it does not satisfy f.
func satisfies(f *cnf.Formula, a []bool, err error, what string, problem func(string, ...any)) bool {
	switch {
	case err != nil:
		problem("%s → assignment: %v", what, err)
		return false
	case !f.Eval(a):
		problem("%s → assignment: clauses %v unsatisfied", what, f.Unsatisfied(a))
		return false
	}
	return true
}

// compare records every disagreement among the decided routes.
func (o *Outcome) compare() {
	yes := map[string]bool{"sat": true, "solvable": true}
	decided := func(v string) bool { return v == "sat" || v == "unsat" || v == "solvable" || v == "unsolvable" }
	routes := []struct{ name, v string }{{"formula", o.Formula}, {"native", o.Native}, {"sat-route", o.SATRoute}, {"stacks", o.Stacks}}
	for i := range routes {
		for j := i + 1; j < len(routes); j++ {
			a, b := routes[i], routes[j]
			if decided(a.v) && decided(b.v) && yes[a.v] != yes[b.v] {
				o.Problems = append(o.Problems, fmt.Sprintf("%s says %s but %s says %s", a.name, a.v, b.name, b.v))
			}
		}
	}
}

// problem records a disagreement or a certificate that does not check.
func (o *Outcome) problem(format string, args ...any) {
	o.Problems = append(o.Problems, fmt.Sprintf(format, args...))
}

// timed records the seconds since start under key.
func (o *Outcome) timed(key string, start time.Time) { o.Times[key] = time.Since(start).Seconds() }

// within returns the context for one route: ctx bounded by the timeout, if any.
func (opt Options) within(ctx context.Context) (context.Context, context.CancelFunc) {
	if opt.Timeout > 0 {
		return context.WithTimeout(ctx, opt.Timeout)
	}
	return context.WithCancel(ctx)
}

func (o *Outcome) finish() {
	switch {
	case len(o.Problems) > 0:
		o.Agreement = Fail
	case o.Formula == "unknown" || o.Native == "unknown" || o.SATRoute == "unknown" || o.Stacks == "unknown":
		o.Agreement = Skipped
	default:
		o.Agreement = Pass
	}
	o.Result = o.Agreement.String()
}
