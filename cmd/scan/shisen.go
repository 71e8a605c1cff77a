package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/interval"
	"github.com/mjsat/mjsat/scan"
	"github.com/mjsat/mjsat/shisen"
)

// shisenConfig is the scan of Shisen-Sho deals of size "WxH": each deal solved by the
// shisen solver and its winning play replayed; the records name the game, the size,
// the rule and the tile kinds when limited ("shisen-18x8", "shisen-18x8-gravity",
// "shisen-24x12-k42").
func shisenConfig(size string, gravity bool, kinds int) (scan.Config, error) {
	w, h, err := shisen.ParseSize(size)
	if err != nil {
		return scan.Config{}, fmt.Errorf("-size: %w", err)
	}
	if _, err := shisen.DealKinds(w, h, gravity, 0, kinds); err != nil {
		return scan.Config{}, err
	}
	name := shisenName(w, h, gravity, kinds)
	decide := func(ctx context.Context, seed uint64) (scan.Outcome, error) {
		b, err := shisen.DealKinds(w, h, gravity, seed, kinds)
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
	return scan.Config{Name: name, Decide: decide}, nil
}

// shisenName names the records of a Shisen-Sho scan: shisen-WxH[-gravity][-kN].
func shisenName(w, h int, gravity bool, kinds int) string {
	name := fmt.Sprintf("shisen-%dx%d", w, h)
	if gravity {
		name += "-gravity"
	}
	if kinds > 0 {
		name += fmt.Sprintf("-k%d", kinds)
	}
	return name
}

// parseShisenName reads what shisenName wrote; ok is false for another name.
func parseShisenName(name string) (w, h int, gravity bool, kinds int, ok bool) {
	rest, found := strings.CutPrefix(name, "shisen-")
	if !found {
		return 0, 0, false, 0, false
	}
	parts := strings.Split(rest, "-")
	w, h, err := shisen.ParseSize(parts[0])
	if err != nil {
		return 0, 0, false, 0, false
	}
	for _, p := range parts[1:] {
		switch {
		case p == "gravity" && !gravity && kinds == 0:
			gravity = true
		case strings.HasPrefix(p, "k") && kinds == 0:
			if _, err := fmt.Sscanf(p, "k%d", &kinds); err != nil || kinds <= 0 {
				return 0, 0, false, 0, false
			}
		default:
			return 0, 0, false, 0, false
		}
	}
	return w, h, gravity, kinds, shisenName(w, h, gravity, kinds) == name
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
		w, h, gravity, kinds, ok := parseShisenName(r.Layout)
		if !ok || r.Verdict == board.Unknown {
			return nil
		}
		b, err := shisen.DealKinds(w, h, gravity, r.Seed, kinds)
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
