package main

import (
	"context"
	"fmt"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/scan"
	"github.com/mjsat/mjsat/shisen"
)

// shisenConfig is the scan of Shisen-Sho deals of size "WxH": each deal solved by the
// shisen solver and its winning play replayed; the records name the game, the size
// and the rule ("shisen-18x8", "shisen-18x8-gravity").
func shisenConfig(size string, gravity bool) (scan.Config, error) {
	w, h, err := shisen.ParseSize(size)
	if err != nil {
		return scan.Config{}, fmt.Errorf("-size: %w", err)
	}
	if _, err := shisen.Deal(w, h, gravity, 0); err != nil {
		return scan.Config{}, err
	}
	name := "shisen-" + size
	if gravity {
		name += "-gravity"
	}
	decide := func(ctx context.Context, seed uint64) (scan.Outcome, error) {
		b, err := shisen.Deal(w, h, gravity, seed)
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
