package solver

import (
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

func TestDebugRoot(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "cnf", "satlib", "uuf50-218")
	nv, cls := readCNF(t, filepath.Join(dir, "uuf50-01.cnf"))
	b := reduceCNF(nv, cls).board(t, "u")
	c, _ := compile(b)
	var stop atomic.Bool
	s := newSearch(c, 1, &stop)
	P := append([]uint8(nil), c.initP...)
	t0 := time.Now()
	ok := s.propagate(P, 0)
	hist := map[uint8]int{}
	for g := range P {
		hist[P[g]]++
	}
	t.Logf("root %v %v %+v pairings %v", ok, time.Since(t0), s.stats, hist)
	P2 := append([]uint8(nil), P...)
	t0 = time.Now()
	s.stats = Stats{}
	g := s.choose(P2)
	P2[g] &= -P2[g]
	ok = s.propagate(P2, 1)
	t.Logf("child %s %v %v %+v", b.GroupName(g), ok, time.Since(t0), s.stats)
	t0 = time.Now()
	for i := 0; i < 100; i++ {
		s.base.scan(P)
	}
	t.Logf("scan %v", time.Since(t0)/100)
}
