// Package difficulty measures how hard a winnable Mahjong deal is for a player, with
// figures a puzzle author can compare between deals:
//
//   - Chance: the probability that a player who picks uniformly at random among the
//     matching pairs available at each turn clears the board, estimated from a fixed
//     number of such random games (deterministic for a seed) with a 95% Wilson
//     interval. A deal that random play usually wins is easy; one it almost never wins
//     asks for foresight.
//   - WinningFirst out of FirstMoves: how many of the moves available at the start
//     keep the deal winnable (each decided exactly by the native solver). Few winning
//     first moves mean an early trap.
//
// It is not a model of human play: people look ahead, and a deal can be hard for
// random play yet easy for a person who sees its one trap.
package difficulty

import (
	"context"
	"errors"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/interval"
	"github.com/mjsat/mjsat/solver"
)

// Figures are a deal's difficulty figures.
type Figures struct {
	Games        int     `json:"games"`         // random games played
	Won          int     `json:"won"`           // random games that cleared the board
	Chance       float64 `json:"chance"`        // Won / Games
	Lo           float64 `json:"chance_lo"`     // 95% Wilson interval of Chance
	Hi           float64 `json:"chance_hi"`     //
	FirstMoves   int     `json:"first_moves"`   // moves available at the start
	WinningFirst int     `json:"winning_first"` // of them, those after which the deal can still be won
}

// ErrUnknown is returned when a solve ran out of time.
var ErrUnknown = errors.New("unknown: a solve was stopped before it decided")

// Measure plays games random games on b from the seed and decides every first move
// with the native solver (timeout per solve; 0: none).
func Measure(ctx context.Context, b *board.Board, games int, seed uint64, timeout time.Duration) (Figures, error) {
	f := Figures{Games: games}
	r := board.NewRand(seed)
	for range games {
		if randomGame(b, r) {
			f.Won++
		}
		if ctx.Err() != nil {
			return f, ErrUnknown
		}
	}
	if games > 0 {
		f.Chance = float64(f.Won) / float64(games)
		f.Lo, f.Hi = interval.Wilson(int64(f.Won), int64(games), interval.Z95)
	}
	s := b.NewState()
	for _, m := range s.Moves() {
		f.FirstMoves++
		t := s.Clone()
		if err := t.Remove(m[0], m[1]); err != nil {
			return f, err
		}
		if t.Done() {
			f.WinningFirst++
			continue
		}
		pos, err := t.Position()
		if err != nil {
			return f, err
		}
		res, err := solver.Solve(ctx, pos, solver.Options{Seed: 1, Timeout: timeout})
		if err != nil {
			return f, err
		}
		switch res.Status {
		case board.Unknown:
			return f, ErrUnknown
		case board.Solvable:
			f.WinningFirst++
		}
	}
	return f, nil
}

// randomGame plays uniformly random matching pairs until none is left and reports
// whether the board was cleared.
func randomGame(b *board.Board, r *board.Rand) bool {
	s := b.NewState()
	for !s.Done() {
		ms := s.Moves()
		if len(ms) == 0 {
			return false
		}
		m := ms[r.IntN(len(ms))]
		s.Remove(m[0], m[1])
	}
	return true
}
