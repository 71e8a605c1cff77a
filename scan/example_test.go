package scan_test

import (
	"context"
	"fmt"
	"os"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/scan"
	"github.com/mjsat/mjsat/solver"
)

// native adapts the native solver to a scan.SolveFunc (as the scan command does).
func native(ctx context.Context, b *board.Board) (scan.Outcome, error) {
	r, err := solver.Solve(ctx, b, solver.Options{Seed: 1})
	return scan.Outcome{Verdict: r.Status, Moves: r.Moves, Nodes: r.Stats.Nodes}, err
}

func ExampleRun() {
	// Two levels of 3×2 tiles, dealt with seeds 0..4 and decided exactly.
	var pos []board.Pos
	for z := range 2 {
		for y := 0; y < 4; y += 2 {
			for x := 0; x < 6; x += 2 {
				pos = append(pos, board.Pos{X: x, Y: y, Z: z})
			}
		}
	}
	cfg := scan.Config{
		Layout:  board.Layout{Name: "double12", Pos: pos},
		Deals:   scan.Range{From: 0, To: 5},
		Workers: 2,
		Solve:   native,
		NoTime:  true,
	}
	if _, err := scan.Run(context.Background(), cfg, os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"layout":"double12","seed":0,"verdict":"solvable","nodes":0}
	// {"layout":"double12","seed":1,"verdict":"solvable","nodes":0}
	// {"layout":"double12","seed":2,"verdict":"solvable","nodes":0}
	// {"layout":"double12","seed":3,"verdict":"unsolvable","nodes":0}
	// {"layout":"double12","seed":4,"verdict":"solvable","nodes":0}
}
