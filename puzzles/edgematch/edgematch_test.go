package edgematch

import (
	"context"
	"fmt"
	"testing"
)

// TestTomJerry checks the seed's figures: without rotation one solution,
// reported twice because cards 2 and 5 are identical; with rotation 16
// placements. Both routes must agree placement for placement.
func TestTomJerry(t *testing.T) {
	for _, tc := range []struct {
		rotate bool
		want   int
	}{{false, 2}, {true, 16}} {
		t.Run(fmt.Sprint("rotate=", tc.rotate), func(t *testing.T) {
			p := TomJerry(tc.rotate)
			native, err := p.Solve()
			if err != nil {
				t.Fatal(err)
			}
			viaSAT, err := p.SolveSAT(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(native) != tc.want || len(viaSAT) != tc.want {
				t.Fatalf("native %d, SAT %d placements; want %d", len(native), len(viaSAT), tc.want)
			}
			for i := range native {
				if err := p.Check(native[i]); err != nil {
					t.Errorf("native placement %d: %v", i, err)
				}
				if fmt.Sprint(native[i]) != fmt.Sprint(viaSAT[i]) {
					t.Errorf("placement %d: native %v, SAT %v", i, native[i], viaSAT[i])
				}
			}
		})
	}
}

// TestTomJerrySeedSolution checks that the seed's reported solution (cards
// placed in order 2 8 9 4 1 3 7 5 6 on squares (0,0) (1,0) (0,1) (2,0)
// (1,1) (0,2) (2,1) (1,2) (2,2), x east and y north) is found.
func TestTomJerrySeedSolution(t *testing.T) {
	p := TomJerry(false)
	sols, err := p.Solve()
	if err != nil {
		t.Fatal(err)
	}
	want := "3 5 6\n9 1 7\n2 8 4\n"
	alt := "3 2 6\n9 1 7\n5 8 4\n"
	if len(sols) != 2 || p.Format(sols[0]) != alt || p.Format(sols[1]) != want {
		for _, s := range sols {
			t.Log("\n" + p.Format(s))
		}
		t.Errorf("solutions differ from the seed's:\n%s\nand\n%s", alt, want)
	}
}

func TestRotate(t *testing.T) {
	c := TomJerry(false).Cards[0]
	if c.Rotate(4) != c || c.Rotate(1).Rotate(3) != c {
		t.Error("four quarter turns are not the identity")
	}
	if c.Rotate(1)[East] != c[North] {
		t.Error("one clockwise turn does not move north to east")
	}
}

func TestCheckRejects(t *testing.T) {
	p := TomJerry(false)
	good := Placement{{3, 0}, {5, 0}, {6, 0}, {9, 0}, {1, 0}, {7, 0}, {2, 0}, {8, 0}, {4, 0}}
	if err := p.Check(good); err != nil {
		t.Fatalf("seed solution rejected: %v", err)
	}
	swapped := append(Placement(nil), good...)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	dup := append(Placement(nil), good...)
	dup[0] = dup[1]
	rot := append(Placement(nil), good...)
	rot[0].Rot = 1
	for name, pl := range map[string]Placement{"swapped": swapped, "duplicate": dup, "rotated": rot, "short": good[:8]} {
		if err := p.Check(pl); err == nil {
			t.Errorf("%s placement accepted", name)
		}
	}
}

func ExamplePuzzle_Solve() {
	p := TomJerry(false)
	sols, _ := p.Solve()
	fmt.Print(p.Format(sols[1]))
	// Output:
	// 3 5 6
	// 9 1 7
	// 2 8 4
}

func ExamplePuzzle_SolveSAT() {
	p := TomJerry(true)
	sols, _ := p.SolveSAT(context.Background())
	fmt.Println(len(sols))
	// Output: 16
}
