package solver

import (
	"sync/atomic"
	"testing"
)

func TestDebugGuided(t *testing.T) {
	pos := turtlePositions(t)
	for seed := uint64(1); seed <= 20; seed++ {
		b := deal(t, pos, seed)
		c, _ := compile(b)
		var stop atomic.Bool
		s := newSearch(c, seed, &stop)
		var res []int
		for d := 0; d < 10; d++ {
			budget := 1000
			ok := s.guided(append([]uint8(nil), c.initP...), &budget)
			res = append(res, 1000-budget)
			if ok {
				res = append(res, -1)
				break
			}
		}
		t.Logf("seed %d: %v", seed, res)
	}
}
