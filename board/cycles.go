package board

import (
	"errors"
	"fmt"
	"sort"
)

// BlockedCycle is a blocked cycle of a position (de Bondt, Definition 6): distinct groups
// p_1, ..., p_k (k ≥ 1) with two tiles left each, stacked as p_1 on p_2, p_2 on p_3, ...,
// p_k on p_1, every step a stack of height two. For k = 1 it is one stack of both tiles of
// p_1. No tile of a blocked cycle can ever be played.
type BlockedCycle struct {
	// Groups lists p_1, ..., p_k as group numbers ([Board.Group]), starting at the
	// smallest.
	Groups []int
	// Stacks[i] is the stack that carries step i, as tile indices, top first: a tile of
	// Groups[i] lying directly on a tile of Groups[(i+1) % k].
	Stacks [][2]int
}

// BlockedCycles returns the blocked cycles of the position, ordered by their first group.
//
// Definition 6 applies when the board is made of isolated stacks ([Board.Stacks]), no
// stack has more than two tiles left and every group has 0, 2 or 4 tiles left; by de
// Bondt's Theorem 7 the position can then be cleared exactly when it has no blocked cycle.
// When the definition does not apply, BlockedCycles returns an error that says why.
func (s *State) BlockedCycles() ([]BlockedCycle, error) {
	b := s.b
	stacks, ok := b.isolatedStacks()
	if !ok {
		return nil, errors.New("the board is not made of isolated stacks")
	}
	// pairs lists the stacks with two tiles left, top first.
	var pairs [][2]int
	for _, st := range stacks {
		var rest [2]int
		h := 0
		for _, i := range st {
			if !s.gone[i] {
				if h < 2 {
					rest[h] = i
				}
				h++
			}
		}
		if h > 2 {
			t := b.Tiles[st[0]]
			return nil, fmt.Errorf("the stack at (%d,%d) has height %d", t.X, t.Y, h)
		}
		if h == 2 {
			pairs = append(pairs, rest)
		}
	}
	count := make([]int, b.NumGroups())
	for i, g := range b.group {
		if !s.gone[i] {
			count[g]++
		}
	}
	for g, c := range count {
		if c != 0 && c != 2 && c != 4 {
			return nil, fmt.Errorf("group %s has %d tiles", b.names[g], c)
		}
	}

	// next[p] = q when a tile of the two-tile group p lies on a tile of the two-tile group
	// q, by the stack pairs[step[p]]. On a cycle p needs one tile on top (the step out)
	// and one below (the step in); if both of p's tiles are on top, nothing lies on p, p
	// is on no cycle, and which of its steps next keeps does not matter.
	next := make([]int, len(count))
	step := make([]int, len(count))
	for p := range next {
		next[p] = -1
	}
	for k, st := range pairs {
		p, q := b.group[st[0]], b.group[st[1]]
		if count[p] == 2 && count[q] == 2 {
			next[p], step[p] = q, k
		}
	}
	// The cycles of the functional graph p → next[p].
	const (
		unseen = iota
		onPath
		done
	)
	mark := make([]int, len(next))
	var cycles []BlockedCycle
	for start := range next {
		var path []int
		p := start
		for p >= 0 && mark[p] == unseen {
			mark[p] = onPath
			path = append(path, p)
			p = next[p]
		}
		if p >= 0 && mark[p] == onPath {
			k := len(path) - 1
			for path[k] != p {
				k--
			}
			cyc := path[k:]
			lo := 0
			for i, q := range cyc {
				if q < cyc[lo] {
					lo = i
				}
			}
			c := BlockedCycle{Groups: append(append([]int(nil), cyc[lo:]...), cyc[:lo]...)}
			for _, q := range c.Groups {
				c.Stacks = append(c.Stacks, pairs[step[q]])
			}
			cycles = append(cycles, c)
		}
		for _, q := range path {
			mark[q] = done
		}
	}
	sort.Slice(cycles, func(i, j int) bool { return cycles[i].Groups[0] < cycles[j].Groups[0] })
	return cycles, nil
}
