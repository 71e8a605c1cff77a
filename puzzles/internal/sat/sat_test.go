package sat

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// brute counts the assignments of f's variables that satisfy every clause.
func brute(f *Formula) int {
	n := 0
	for a := 0; a < 1<<f.NumVars(); a++ {
		ok := true
		for _, c := range f.Clauses() {
			sat := false
			for _, l := range c {
				v := l
				if v < 0 {
					v = -v
				}
				if (a>>(v-1)&1 == 1) == (l > 0) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// TestEnumerateMatchesBruteForce checks model counting on small random
// 3-CNFs (a fixed linear congruential generator, so the cases are stable)
// against exhaustive evaluation, and that every model returned satisfies f.
func TestEnumerateMatchesBruteForce(t *testing.T) {
	x := uint32(12345)
	next := func(n int) int {
		x = x*1664525 + 1013904223
		return int(x>>16) % n
	}
	for tc := 0; tc < 60; tc++ {
		nv := 3 + next(8)
		nc := next(4 * nv)
		var f Formula
		vars := make([]Lit, nv)
		for i := range vars {
			vars[i] = f.NewVar()
		}
		for c := 0; c < nc; c++ {
			k := 1 + next(3)
			cl := make([]Lit, k)
			for i := range cl {
				cl[i] = vars[next(nv)]
				if next(2) == 0 {
					cl[i] = cl[i].Neg()
				}
			}
			f.Add(cl...)
		}
		t.Run(fmt.Sprintf("case%d_v%d_c%d", tc, nv, nc), func(t *testing.T) {
			want := brute(&f)
			seen := map[string]bool{}
			got, err := f.Enumerate(context.Background(), vars, func(m Model) bool {
				for _, c := range f.Clauses() {
					ok := false
					for _, l := range c {
						if m.True(Lit(l)) {
							ok = true
						}
					}
					if !ok {
						t.Errorf("model %v violates clause %v", m, c)
					}
				}
				key := fmt.Sprint(m[1:])
				if seen[key] {
					t.Errorf("model %s returned twice", key)
				}
				seen[key] = true
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("Enumerate = %d models, brute force = %d", got, want)
			}
			_, ok, err := f.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if ok != (want > 0) {
				t.Errorf("Solve sat=%v, brute force count %d", ok, want)
			}
		})
	}
}

func TestExactlyOne(t *testing.T) {
	var f Formula
	a, b, c := f.NewVar(), f.NewVar(), f.NewVar()
	f.ExactlyOne(a, b, c)
	if got := brute(&f); got != 3 {
		t.Fatalf("ExactlyOne over 3 vars has %d models, want 3", got)
	}
}

func TestSolveCancelled(t *testing.T) {
	var f Formula
	f.NewVar()
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if _, _, err := f.Solve(ctx); !errors.Is(err, ErrUnknown) {
		t.Fatalf("Solve on a done context: err = %v, want ErrUnknown", err)
	}
}
