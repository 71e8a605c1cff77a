package peg

import (
	"context"
	"flag"
	"fmt"
	"testing"
)

var long = flag.Bool("long", false, "run the long SAT cross-checks (minutes)")

func tri5(t testing.TB) *Board {
	b, err := Triangle(5)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func start(t testing.TB, b *Board, empty ...int) Position {
	p, err := b.Start(empty...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBoards(t *testing.T) {
	for _, tc := range []struct {
		name         string
		holes, jumps int
		syms, centre int
	}{
		// 3 lines of 3 per row-direction per... counted by hand: each of the
		// 3 directions has 10 triples on the side-5 triangle, 2 jumps each.
		{"triangle5", 15, 36, 6, 0},
		{"triangle4", 10, 18, 6, 5},
		// English: 19 horizontal triples... 38 triples in all, 76 jumps.
		{"english", 33, 76, 8, 17},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseBoard(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			if b.Holes() != tc.holes || len(b.Jumps()) != tc.jumps || len(b.syms) != tc.syms || b.Centre() != tc.centre {
				t.Errorf("holes %d jumps %d syms %d centre %d, want %d %d %d %d",
					b.Holes(), len(b.Jumps()), len(b.syms), b.Centre(), tc.holes, tc.jumps, tc.syms, tc.centre)
			}
			for _, s := range b.syms {
				// Every symmetry maps jumps to jumps.
				set := map[jump]bool{}
				for _, j := range b.jumps {
					set[j] = true
				}
				for _, j := range b.jumps {
					if !set[jump{s[j.from], s[j.over], s[j.to]}] {
						t.Errorf("symmetry %v maps jump %v off the board", s, j)
					}
				}
			}
		})
	}
	for _, bad := range []string{"triangle2", "triangle11", "square", "triangle"} {
		if _, err := ParseBoard(bad); err == nil {
			t.Errorf("ParseBoard(%q) succeeded", bad)
		}
	}
}

// TestTriangleHole5 checks the seed: from a vacancy at hole 5 there are
// 1,550 sequences, all ending in hole 13, none in hole 5.
func TestTriangleHole5(t *testing.T) {
	b := tri5(t)
	s := start(t, b, 5)
	c, err := Count(context.Background(), b, s, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Total != 1550 || c.ByHole[12] != 1550 {
		t.Errorf("Count = %d (hole 13: %d), want 1550 all at hole 13", c.Total, c.ByHole[12])
	}
	js, ok, err := Solve(context.Background(), b, s, 0)
	if err != nil || !ok {
		t.Fatalf("Solve = %v, %v", ok, err)
	}
	if err := b.Check(s, js, 13); err != nil {
		t.Error(err)
	}
	if _, ok, err := Solve(context.Background(), b, s, 5); ok || err != nil {
		t.Errorf("Solve finishing in hole 5 = %v, %v; want no solution", ok, err)
	}
}

// TestTriangleAllSingleVacancies checks the published total of 438,984
// sequences and that finishing where one started fails exactly for holes
// 5, 8 and 9, natively and through SAT.
func TestTriangleAllSingleVacancies(t *testing.T) {
	b := tri5(t)
	var total uint64
	for h := 1; h <= 15; h++ {
		s := start(t, b, h)
		c, err := Count(context.Background(), b, s, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		total += c.Total
		wantSame := h != 5 && h != 8 && h != 9
		if got := c.ByHole[h-1] > 0; got != wantSame {
			t.Errorf("hole %d: count ending there = %d, want solvable=%v", h, c.ByHole[h-1], wantSame)
		}
		js, ok, err := Solve(context.Background(), b, s, h)
		if err != nil || ok != wantSame {
			t.Errorf("hole %d: native Solve = %v, %v; want %v", h, ok, err, wantSame)
		}
		if ok {
			if err := b.Check(s, js, h); err != nil {
				t.Errorf("hole %d native: %v", h, err)
			}
		}
		js, ok, err = SolveSAT(context.Background(), b, s, h)
		if err != nil || ok != wantSame {
			t.Errorf("hole %d: SolveSAT = %v, %v; want %v", h, ok, err, wantSame)
		}
		if ok {
			if err := b.Check(s, js, h); err != nil {
				t.Errorf("hole %d SAT: %v", h, err)
			}
		}
	}
	if total != 438984 {
		t.Errorf("total over 15 single vacancies = %d, want 438984", total)
	}
}

// TestCountMatchesBruteForce checks the symmetry-reduced counter against
// a plain recursive enumeration on small boards and odd starts (whose
// symmetry groups differ).
func TestCountMatchesBruteForce(t *testing.T) {
	var brute func(b *Board, p Position, by []uint64)
	brute = func(b *Board, p Position, by []uint64) {
		if p.Pegs() == 1 {
			for h := 1; h <= b.Holes(); h++ {
				if p.Has(h) {
					by[h-1]++
				}
			}
			return
		}
		for _, j := range b.jumps {
			if p>>j.from&1 == 1 && p>>j.over&1 == 1 && p>>j.to&1 == 0 {
				brute(b, p&^(1<<j.from|1<<j.over)|1<<j.to, by)
			}
		}
	}
	b4, _ := Triangle(4)
	for _, tc := range []struct {
		b     *Board
		empty []int
	}{
		{b4, []int{1}}, {b4, []int{2}}, {b4, []int{5}}, {b4, []int{1, 10}},
		{tri5(t), []int{1, 2, 3}}, {tri5(t), []int{4}}, {tri5(t), []int{13}},
	} {
		t.Run(fmt.Sprint(tc.b.Name(), tc.empty), func(t *testing.T) {
			s := start(t, tc.b, tc.empty...)
			want := make([]uint64, tc.b.Holes())
			brute(tc.b, s, want)
			got, err := Count(context.Background(), tc.b, s, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got.ByHole) != fmt.Sprint(want) {
				t.Errorf("Count by hole %v, brute force %v", got.ByHole, want)
			}
		})
	}
}

func TestEnglishSolve(t *testing.T) {
	b := English()
	s := start(t, b, 17)
	js, ok, err := Solve(context.Background(), b, s, 17)
	if err != nil || !ok {
		t.Fatalf("Solve = %v, %v", ok, err)
	}
	if err := b.Check(s, js, 17); err != nil {
		t.Error(err)
	}
	if len(js) != 31 {
		t.Errorf("%d jumps, want 31", len(js))
	}
}

func TestCheckRejects(t *testing.T) {
	b := tri5(t)
	s := start(t, b, 5)
	for _, tc := range []struct {
		name  string
		jumps []Jump
	}{
		{"not a jump", []Jump{{1, 2, 3}}},
		{"into a full hole", []Jump{{1, 2, 4}}},
		{"too short", []Jump{{12, 8, 5}}},
	} {
		if err := b.Check(s, tc.jumps, 0); err == nil {
			t.Errorf("%s: Check accepted %v", tc.name, tc.jumps)
		}
	}
}

// TestSATLong runs the full native-vs-SAT matrix (15 vacancies × 16
// finishes) and the SAT model count for hole 5; it takes minutes with
// gophersat, so it runs only with -long:
//
//	go test ./puzzles/peg -run TestSATLong -timeout 60m -args -long
func TestSATLong(t *testing.T) {
	if !*long {
		t.Skip("run with -long")
	}
	b := tri5(t)
	s := start(t, b, 5)
	c, err := CountSAT(context.Background(), b, s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if c.Total != 1550 || c.ByHole[12] != 1550 {
		t.Errorf("CountSAT = %d (hole 13: %d), want 1550", c.Total, c.ByHole[12])
	}
	for h := 1; h <= 15; h++ {
		s := start(t, b, h)
		n, err := Count(context.Background(), b, s, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		for fin := 0; fin <= 15; fin++ {
			want := n.Total > 0
			if fin > 0 {
				want = n.ByHole[fin-1] > 0
			}
			js, ok, err := SolveSAT(context.Background(), b, s, fin)
			if err != nil || ok != want {
				t.Errorf("empty %d finish %d: SolveSAT = %v, %v; native count says %v", h, fin, ok, err, want)
			}
			if ok {
				if err := b.Check(s, js, fin); err != nil {
					t.Error(err)
				}
			}
		}
	}
}
