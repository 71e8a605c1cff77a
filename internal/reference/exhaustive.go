package reference

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/mjsat/mjsat/board"
)

// ExhaustiveMaxTiles is the largest board [Exhaustive] accepts.
const ExhaustiveMaxTiles = 64

// Exhaustive is an exact solver for boards of at most 64 tiles: a depth-first search
// over every legal move, on bit sets of the board's own neighbour lists, remembering
// the positions (sets of removed tiles) already found lost. It returns a winning play
// (tile-id pairs) or proves there is none; nodes counts the positions expanded. It is
// slow on anything but small boards (the number of positions can grow as 2^n) and is
// meant for tests, cross-checks of faster solvers and scans of tiny layouts. When ctx
// is done it returns Unknown.
func Exhaustive(ctx context.Context, b *board.Board) (v board.Verdict, moves [][2]int, nodes int64, err error) {
	n := b.N()
	if n > ExhaustiveMaxTiles {
		return board.Unknown, nil, 0, fmt.Errorf("exhaustive solver: %d tiles, at most %d", n, ExhaustiveMaxTiles)
	}
	e := &exhaustive{ctx: ctx, b: b, lost: map[uint64]bool{}}
	e.above = make([]uint64, n)
	e.left = make([]uint64, n)
	e.right = make([]uint64, n)
	for i := range n {
		e.above[i] = mask(b.Above(i))
		e.left[i] = mask(b.Left(i))
		e.right[i] = mask(b.Right(i))
	}
	full := uint64(1)<<n - 1
	if n == 64 {
		full = ^uint64(0)
	}
	e.full = full
	switch e.search(0) {
	case won:
		moves := make([][2]int, len(e.play))
		for k, m := range e.play {
			moves[len(e.play)-1-k] = [2]int{b.Tiles[m[0]].ID, b.Tiles[m[1]].ID}
		}
		return board.Solvable, moves, e.nodes, nil
	case lost:
		return board.Unsolvable, nil, e.nodes, nil
	}
	return board.Unknown, nil, e.nodes, nil
}

func mask(idx []int) uint64 {
	var m uint64
	for _, i := range idx {
		m |= 1 << i
	}
	return m
}

type result int8

const (
	lost result = iota
	won
	interrupted
)

type exhaustive struct {
	ctx                context.Context
	b                  *board.Board
	above, left, right []uint64
	full               uint64
	lost               map[uint64]bool
	nodes              int64
	play               [][2]int // winning moves, last move first
}

// search returns whether the position with the tiles in gone removed can be cleared.
func (e *exhaustive) search(gone uint64) result {
	if gone == e.full {
		return won
	}
	if e.lost[gone] {
		return lost
	}
	e.nodes++
	if e.nodes&1023 == 0 && e.ctx.Err() != nil {
		return interrupted
	}
	var free []int
	for rest := e.full &^ gone; rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros64(rest)
		if e.above[i]&^gone == 0 && (e.left[i]&^gone == 0 || e.right[i]&^gone == 0) {
			free = append(free, i)
		}
	}
	for a, i := range free {
		for _, j := range free[a+1:] {
			if e.b.Group(i) != e.b.Group(j) {
				continue
			}
			switch e.search(gone | 1<<i | 1<<j) {
			case won:
				e.play = append(e.play, [2]int{i, j})
				return won
			case interrupted:
				return interrupted
			}
		}
	}
	e.lost[gone] = true
	return lost
}
