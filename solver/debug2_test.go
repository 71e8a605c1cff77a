package solver

import (
	"fmt"
	"sync/atomic"
	"testing"
)

func TestDebugTiny(t *testing.T) {
	b := reduceCNF(1, [][]int{{1}, {-1}}).board(t, "tiny")
	c, _ := compile(b)
	var stop atomic.Bool
	s := newSearch(c, 1, &stop)
	P := append([]uint8(nil), c.initP...)
	ok := s.propagate(P)
	t.Logf("propagate %v stats %+v", ok, s.stats)
	for g := 0; g < c.ng; g++ {
		var mem []string
		for _, m := range c.members[g] {
			if m >= 0 {
				st := "?"
				mem = append(mem, fmt.Sprintf("%d@%d%s", m, b.Tiles[m].X/4, st))
			}
		}
		t.Logf("%s P=%03b %v", b.GroupName(g), P[g], mem)
	}
	var sb = ""
	for _, st := range reduceCNF(1, [][]int{{1}, {-1}}).stacks {
		sb += fmt.Sprint(st) + "\n"
	}
	t.Log("\n" + sb)
}
