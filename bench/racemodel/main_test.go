package main

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/clitest"
)

// TestSlowerProb checks the model against the closed form of a race of two geometric
// variables, P(M > R) = pr(1-pm) / (1 - (1-pr)(1-pm)), which it is when neither
// side has a fixed cost and a game costs both the same; and against cases whose
// answer follows from the fixed costs alone.
func TestSlowerProb(t *testing.T) {
	race := costs{fixed: 0, game: 0.0055, refFixed: 0, refGame: 0.0055}
	for _, tc := range []struct{ pm, pr float64 }{
		{0.5, 0.5}, {0.1, 0.02}, {0.02, 0.1}, {0.0025, 0.0025}, {1, 0.3}, {0.3, 1},
	} {
		want := tc.pr * (1 - tc.pm) / (1 - (1-tc.pr)*(1-tc.pm))
		if got := slowerProb(tc.pm, tc.pr, race); math.Abs(got-want) > 1e-9 {
			t.Errorf("slowerProb(%g, %g) = %.12f, want %.12f", tc.pm, tc.pr, got, want)
		}
	}
	for _, tc := range []struct {
		name   string
		pm, pr float64
		c      costs
		want   float64
	}{
		// One game of mjsat's always wins, and the other side's fixed cost alone is
		// longer: never slower.
		{"first game wins", 1, 0.01, costs{0.005, 0.0055, 0.072, 0.0055}, 0},
		// The other side's first game always wins, and costs less than mjsat's fixed
		// cost: always slower.
		{"fixed cost too high", 0.5, 1, costs{1, 0.0055, 0, 0.0055}, 1},
		// Both win at the first game: a tie is not slower.
		{"tie", 1, 1, costs{0, 1, 0, 1}, 0},
	} {
		if got := slowerProb(tc.pm, tc.pr, tc.c); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: slowerProb = %g, want %g", tc.name, got, tc.want)
		}
	}
}

// TestRun checks the report on two deals worked out by hand, without fixed costs and
// with a game costing both sides the same, where the model is the closed form above:
// deal 1 has both shares at 2 of 4, so mjsat is slower with probability 1/3; deal 2
// has mjsat's games winning every time, so never. The mean is 16.7%; each deal's best
// policy is that of the table; at twice the share deal 1's games win every time too.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	args := []string{"-fixed", "0", "-ref-fixed", "0", "-game", "1", "-ref-game", "1", "-scale", "2", "testdata/rates.tsv"}
	if err := run(args, &out); err != nil {
		t.Fatal(err)
	}
	want := `2 deals; both over plain, share of games won, on the 2 deals both won: p10 1.00 p25 1.00 p50 4.00 p75 4.00 p90 4.00
model: both 0 ms + 1 ms a game, plain 0 ms + 1 ms a game, no win counted as 0.5
  both slower on 16.7% of the deals
  the best policy of each deal slower on 16.7%
  both winning 2x as often slower on 0.0%
`
	if out.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestErrors checks that bad files and flags get an error naming the file and, where
// there is one, the line and the field.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return clitest.WriteFile(t, dir, name, text) }
	header := "seed\tgames\tplain\tboth\n"
	tests := []struct {
		name string
		args []string
		want string // in the error
	}{
		{"no file", nil, "usage"},
		{"missing file", []string{filepath.Join(dir, "nope.tsv")}, "nope.tsv"},
		{"empty", []string{write("empty.tsv", "")}, "empty.tsv: empty"},
		{"no games column", []string{write("h.tsv", "seed\tplain\n1\t3\n")}, `h.tsv:1: no column "games"`},
		{"columns out of order", []string{write("o.tsv", "games\tseed\tplain\n200\t1\t3\n")}, "o.tsv:2: want the columns seed, games"},
		{"no policy", []string{write("np.tsv", "seed\tgames\n1\t200\n")}, "np.tsv:2: want the columns"},
		{"policy twice", []string{write("tw.tsv", "seed\tgames\tplain\tplain\n1\t200\t3\t4\n")}, "tw.tsv:2: want the columns"},
		{"header only", []string{write("ho.tsv", header)}, "ho.tsv: no rows"},
		{"short row", []string{write("s.tsv", header+"1\t200\t3\n")}, "s.tsv:2: 3 fields, want 4"},
		{"bad seed", []string{write("bs.tsv", header+"x\t200\t3\t4\n")}, `bs.tsv:2: seed "x"`},
		{"no games", []string{write("g.tsv", header+"1\t0\t0\t0\n")}, `g.tsv:2: games "0"`},
		{"too many wins", []string{write("w.tsv", header+"1\t200\t201\t4\n")}, `w.tsv:2: plain "201": want games won, 0 to 200`},
		{"unknown policy", []string{"-policy", "nope", "testdata/rates.tsv"}, `-policy "nope"`},
		{"bad scale", []string{"-scale", "2,x", "testdata/rates.tsv"}, `-scale "2,x"`},
		{"negative cost", []string{"-fixed", "-1", "testdata/rates.tsv"}, "-fixed -1"},
		{"zero game cost", []string{"-game", "0", "testdata/rates.tsv"}, "above 0"},
		{"zero floor", []string{"-floor", "0", "testdata/rates.tsv"}, "-floor 0: want a part of a game"},
		{"a whole game as floor", []string{"-floor", "1", "testdata/rates.tsv"}, "-floor 1: want a part of a game"},
		{"bad flag", []string{"-nope", "testdata/rates.tsv"}, "usage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := run(tc.args, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("run(%q) = %v, want an error containing %q", tc.args, err, tc.want)
			}
		})
	}
}

// FuzzReadRates checks that no input makes readRates panic, and that what it accepts
// is consistent: a policy count per row, and wins within the games.
func FuzzReadRates(f *testing.F) {
	f.Add("seed\tgames\tplain\tboth\n1\t4\t2\t2\n2\t4\t1\t4\n")
	f.Add("seed\tgames\tplain\n7\t1\t1\n")
	f.Add("seed\tgames\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := readRates(strings.NewReader(text), "fuzz.tsv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.tsv") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		if len(r.deals) == 0 || len(r.policies) == 0 {
			t.Fatalf("accepted a table without deals or policies: %+v", r)
		}
		for _, d := range r.deals {
			if len(d.wins) != len(r.policies) || d.games < 1 {
				t.Fatalf("inconsistent row %+v of %d policies", d, len(r.policies))
			}
			for _, w := range d.wins {
				if w < 0 || w > d.games {
					t.Fatalf("wins %d outside 0..%d", w, d.games)
				}
			}
		}
	})
}
