package fourteen

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestDealFixed pins deal 0 so that a change of generator, shuffle or
// dealing order cannot pass unnoticed.
func TestDealFixed(t *testing.T) {
	g := Deal(0)
	if got := strings.SplitN(g.Format(), "\n", 3)[:2]; got[0] != "Q 10 3 J 4" || got[1] != "7 Q 3 4 A" {
		t.Errorf("deal 0 starts %q, want Q 10 3 J 4 / 7 Q 3 4 A", got)
	}
	var count [14]int
	for c, col := range g {
		want := 4
		if c < 4 {
			want = 5
		}
		if len(col) != want {
			t.Errorf("column %d has %d cards, want %d", c+1, len(col), want)
		}
		for _, v := range col {
			count[v]++
		}
	}
	for v := 1; v <= 13; v++ {
		if count[v] != 4 {
			t.Errorf("%d copies of %s", count[v], CardName(v))
		}
	}
}

func TestParse(t *testing.T) {
	g := Deal(42)
	back, err := Parse(strings.NewReader("# deal 42\n"+g.Format()), "x")
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back) != fmt.Sprint(g) {
		t.Errorf("round trip: got %v want %v", back, g)
	}
	for _, tc := range []struct{ in, want string }{
		{"A 2\n", "f:1: 1 columns, want 12"},
		{strings.Repeat("-\n", 13), "f:13: more than 12 columns"},
		{"X\n", `f:1: "X" is not a card`},
		{"7 7 7 7 7\n", "f:1: a fifth 7"},
		{"A 2 3 4 5 6 7 8\n", "f:1: column 1 has 8 cards"},
	} {
		_, err := Parse(strings.NewReader(tc.in), "f")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error %v, want prefix %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(Deal(1).Format())
	f.Add("-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n7 7\n")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		back, err := Parse(strings.NewReader(g.Format()), "again")
		if err != nil || fmt.Sprint(back) != fmt.Sprint(g) {
			t.Fatalf("round trip of %q: %v, %v", s, back, err)
		}
	})
}

// TestNativeAgreesWithSAT decides 50 seeded deals both ways and replays
// every winning line with the independent checker.
func TestNativeAgreesWithSAT(t *testing.T) {
	lost := 0
	for s := uint64(0); s < 50; s++ {
		g := Deal(s)
		m1, ok1, _, err := Solve(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		m2, ok2, err := SolveSAT(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if ok1 != ok2 {
			t.Errorf("deal %d: native %v, SAT %v", s, ok1, ok2)
		}
		if !ok1 {
			lost++
		}
		for _, m := range [][]Move{m1, m2} {
			if m != nil {
				if err := Replay(g, m); err != nil {
					t.Errorf("deal %d: %v", s, err)
				}
			}
		}
	}
	if lost == 0 {
		t.Error("no lost deal among 50: the cross-check saw only one answer")
	}
}

// TestSmallGames checks hand-made positions with known answers.
func TestSmallGames(t *testing.T) {
	for _, tc := range []struct {
		name, deal string
		want       bool
	}{
		{"two sevens", "7\n7\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n", true},
		{"sevens in one column", "7 7\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n", false},
		// The seed's deadlock: 6 covers 10, 8 is under 4, 4 needs the 10.
		{"seed deadlock", "6 10\n4 8\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n", false},
		{"crossed", "A K\nK A\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n", true},
		{"unpaired", "A\n2\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Parse(strings.NewReader(tc.deal), tc.name)
			if err != nil {
				t.Fatal(err)
			}
			_, ok1, _, err := Solve(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			_, ok2, err := SolveSAT(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			if ok1 != tc.want || ok2 != tc.want {
				t.Errorf("native %v, SAT %v, want %v", ok1, ok2, tc.want)
			}
		})
	}
}

// TestWinnableFractionSample checks 4,000 deals against the published
// 92.7%: the standard error is 0.41%, so the band 91.1..94.3% is four
// standard errors wide each side and still fails for a wrong rule (for
// instance forbidding 7+7 or allowing same-column pairs). The full
// 100,000-deal run is BenchmarkScan100k.
func TestWinnableFractionSample(t *testing.T) {
	r, err := Scan(context.Background(), 0, 4000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Fraction(); f < 0.911 || f > 0.943 {
		t.Errorf("winnable fraction %.4f over %d deals, want 0.927±0.016", f, r.Deals)
	}
	if !(r.Lo < r.Fraction() && r.Fraction() < r.Hi) {
		t.Errorf("Wilson interval [%f,%f] does not contain %f", r.Lo, r.Hi, r.Fraction())
	}
}

func BenchmarkScan100k(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r, err := Scan(context.Background(), 0, 100000, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.Fraction()*100, "%won")
		b.ReportMetric(r.Lo*100, "%lo")
		b.ReportMetric(r.Hi*100, "%hi")
		if f := r.Fraction(); f < 0.925 || f > 0.929 {
			b.Errorf("winnable fraction %.4f, want 0.927±0.002", f)
		}
	}
}

func ExampleSolve() {
	g, _ := Parse(strings.NewReader("A K\nK A\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n"), "example")
	moves, ok, _, _ := Solve(context.Background(), g)
	fmt.Println(ok, moves)
	// Output: true [{1 2} {1 2}]
}
