package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/gameflag"
	"github.com/mjsat/mjsat/interval"
	"github.com/mjsat/mjsat/scan"
	"github.com/mjsat/mjsat/shisen"
)

// shisenConfig is the scan of the Shisen-Sho deals sh: each deal solved by the shisen
// solver and its winning play replayed; the records carry the deals' name
// (gameflag.Shisen.Name).
func shisenConfig(sh gameflag.Shisen) scan.Config {
	decide := func(ctx context.Context, seed uint64) (scan.Outcome, error) {
		b, err := sh.Deal(seed)
		if err != nil {
			return scan.Outcome{}, err
		}
		res, err := shisen.Solve(ctx, b)
		if err != nil {
			return scan.Outcome{}, err
		}
		if res.Status == board.Solvable { // Solve replayed it; the scan's rule is to check every play
			if err := b.Replay(res.Moves, true); err != nil {
				return scan.Outcome{}, fmt.Errorf("the solver's play is wrong: %w", err)
			}
		}
		return scan.Outcome{Verdict: res.Status, Nodes: res.Nodes}, nil
	}
	return scan.Config{Name: sh.Name(), Decide: decide}
}

// runGreedy is "scan greedy FILE...": for the Shisen-Sho records of the files, how
// KShisen's check of a deal (shisen.Greedy: greedy, gravity ignored) compares with the
// deal's verdict under its rule: how many deals the check passes that cannot be won,
// and how many it fails that can.
func runGreedy(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "scan greedy", "scan greedy FILE...")
	if code, ok := c.Parse(args, 1, -1); !ok {
		return code
	}
	type tally struct{ pass, passLost, fail, failWon int }
	byLayout := map[string]*tally{}
	var order []string
	err := scan.MergeEach(ctx, c.Flags.Args(), func(r scan.Record) error {
		sh, ok := gameflag.ParseName(r.Layout)
		if !ok || r.Verdict == board.Unknown {
			return nil
		}
		b, err := sh.Deal(r.Seed)
		if err != nil {
			return err
		}
		t := byLayout[r.Layout]
		if t == nil {
			t = &tally{}
			byLayout[r.Layout] = t
			order = append(order, r.Layout)
		}
		if shisen.Greedy(b) {
			t.pass++
			if r.Verdict == board.Unsolvable {
				t.passLost++
			}
		} else {
			t.fail++
			if r.Verdict == board.Solvable {
				t.failWon++
			}
		}
		return nil
	})
	if err != nil {
		return mergeFailed(c, err)
	}
	if len(order) == 0 {
		return c.Failf(cli.ExitUsage, "%s: no decided Shisen-Sho deal (records of layout shisen-WxH[-gravity][-kN])", strings.Join(c.Flags.Args(), ", "))
	}
	pct := func(k, n int) string {
		lo, hi := interval.Wilson(int64(k), int64(n), interval.Z95)
		return fmt.Sprintf("%d of %d = %.2f%% [%.2f%%, %.2f%%]", k, n, 100*float64(k)/float64(max(n, 1)), 100*lo, 100*hi)
	}
	for _, l := range order {
		t := byLayout[l]
		fmt.Fprintf(c.Stdout, "%s: KShisen's check passes %d deals, lost %s; fails %d, winnable %s\n", l, t.pass,
			pct(t.passLost, t.pass), t.fail, pct(t.failWon, t.fail))
	}
	return cli.ExitOK
}
