package difficulty

import (
	"context"
	"fmt"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/solver"
)

// Winnable is a deal drawn uniformly among the winnable deals of a layout.
type Winnable struct {
	Board    *board.Board
	DealSeed uint64   // the seed of the deal drawn (board.Deal's)
	Tries    int      // deals drawn, the lost ones included
	Play     [][2]int // a winning play
}

// WinnableDeal draws deals of the dealer's layout, their seeds from a SplitMix64
// stream seeded with seed, until the native solver wins one (each solve bounded by
// timeout; 0: none): rejecting the lost deals keeps the draw uniform among the
// winnable ones. A deal the solver could not decide is an error wrapping ErrUnknown.
func WinnableDeal(ctx context.Context, d *board.Dealer, seed uint64, timeout time.Duration) (Winnable, error) {
	r := board.NewRand(seed)
	for tries := 1; ; tries++ {
		if err := ctx.Err(); err != nil {
			return Winnable{}, fmt.Errorf("stopped after %d deals: %w", tries-1, ErrUnknown)
		}
		dealSeed := r.Uint64()
		b := d.Deal(dealSeed)
		res, err := solver.Solve(ctx, b, solver.Options{Seed: 1, Timeout: timeout})
		if err != nil {
			return Winnable{}, err
		}
		switch res.Status {
		case board.Unknown:
			return Winnable{}, fmt.Errorf("deal seed %d: %w", dealSeed, ErrUnknown)
		case board.Solvable:
			return Winnable{Board: b, DealSeed: dealSeed, Tries: tries, Play: res.Moves}, nil
		}
	}
}
