package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

func TestDebugSmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 60; i++ {
		nv := 3 + rng.IntN(3)
		nc := 3 + rng.IntN(4*nv)
		var cls [][]int
		for range nc {
			var cl []int
			for range 1 + rng.IntN(3) {
				v := 1 + rng.IntN(nv)
				if rng.IntN(2) == 0 {
					v = -v
				}
				cl = append(cl, v)
			}
			cls = append(cls, cl)
		}
		sat := bruteSAT(nv, cls)
		b := reduceCNF(nv, cls).board(t, fmt.Sprintf("small %d", i))
		got := solveT(t, b, Options{Seed: 1, Timeout: 2 * time.Second})
		t.Logf("%d nv=%d nc=%d sat=%v got=%v %+v", i, nv, nc, sat, got.Status, got.Stats)
	}
}
