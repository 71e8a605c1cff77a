package solver

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"
	"github.com/mjsat/mjsat/board"
)

func TestZZMed(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	if n == 0 {
		t.Skip()
	}
	var bds []*board.Board
	for s := uint64(1); s <= uint64(n); s++ {
		bds = append(bds, turtle(t, s))
	}
	best := make([]time.Duration, n)
	var nodes, games int64
	for rep := 0; rep < 3; rep++ {
		for i, bd := range bds {
			r, err := Solve(context.Background(), bd, Options{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if rep == 0 {
				nodes += r.Stats.Nodes
				games += r.Stats.Playouts
			}
			if rep == 0 || r.Stats.Elapsed < best[i] {
				best[i] = r.Stats.Elapsed
			}
		}
	}
	var tot time.Duration
	for _, x := range best {
		tot += x
	}
	sort.Slice(best, func(i, j int) bool { return best[i] < best[j] })
	fmt.Printf("ZZ n=%d median %v mean %v p90 %v p99 %v max %v nodes %d games %d\n", n, best[n/2], tot/time.Duration(n), best[n*9/10], best[n*99/100], best[n-1], nodes, games)
}

func TestZZGames(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	if n == 0 {
		t.Skip()
	}
	hist := map[int]int{}
	for s := uint64(1); s <= uint64(n); s++ {
		r, _ := Solve(context.Background(), turtle(t, s), Options{Seed: 1})
		g := int(r.Stats.Playouts)
		if r.Stats.Nodes > 0 || r.Status != Solvable {
			g = 999
		}
		b := 0
		for _, lim := range []int{1, 2, 5, 10, 20, 50, 100, 256, 999} {
			if g <= lim {
				b = lim
				break
			}
		}
		hist[b]++
	}
	fmt.Println("ZZ", hist)
}
