// Command racemodel says how often a solver that wins deals by random games is slower
// than another that does the same, from each deal's share of games won under each
// policy (the -rates-out file of the solver package's BenchmarkWinRates).
//
// The model: each solver's time on a deal is a fixed cost plus a cost a game times
// the games to its first win, and the games to the first win are geometric with the
// deal's share of games won, independently for the two solvers. It prints the share
// of deals on which the first solver (mjsat's games, -policy) is the slower one
// against the second (mjsolver's plain random games, -ref), as the games are, as if
// each deal played its best policy, and as if mjsat's games won -scale times as often.
// The default costs are those docs/perf.md fits to compare's tables, where it also
// explains why this bounds how seldom mjsat can be slower than de Bondt's mjsolver.
//
//	go test ./solver -run '^$' -bench WinRates -benchtime 1x -deals 2000 -rates-out rates.tsv
//	cd bench && go run ./racemodel rates.tsv
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mjsat/mjsat/bench/internal/tsv"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "racemodel:", err)
		os.Exit(1)
	}
}

// costs are the model's times in milliseconds: each side's fixed cost and cost a game.
type costs struct {
	fixed, game, refFixed, refGame float64
}

// run parses the flags and the rates file named in args and writes the report to w.
func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("racemodel", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	policy := fs.String("policy", "both", "the column of mjsat's games")
	ref := fs.String("ref", "plain", "the column of the other solver's games")
	var c costs
	fs.Float64Var(&c.fixed, "fixed", 0.005, "mjsat's fixed cost of a deal, ms")
	fs.Float64Var(&c.game, "game", 0.0055, "mjsat's cost of a game, ms")
	fs.Float64Var(&c.refFixed, "ref-fixed", 0.072, "the other solver's fixed cost of a deal, ms")
	fs.Float64Var(&c.refGame, "ref-game", 0.0055, "the other solver's cost of a game, ms")
	floor := fs.Float64("floor", 0.5, "games won counted for a deal and policy that won none")
	scales := fs.String("scale", "2,5,10", "comma-separated factors to multiply mjsat's shares by")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w (usage: racemodel [flags] RATES.tsv)", err)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: racemodel [flags] RATES.tsv (the -rates-out file of BenchmarkWinRates)")
	}
	for _, x := range []struct {
		name string
		v    float64
	}{{"-fixed", c.fixed}, {"-game", c.game}, {"-ref-fixed", c.refFixed}, {"-ref-game", c.refGame}, {"-floor", *floor}} {
		if !(x.v >= 0) || math.IsInf(x.v, 1) {
			return fmt.Errorf("%s %v: want a number of 0 or more", x.name, x.v)
		}
	}
	if c.game == 0 || c.refGame == 0 {
		return fmt.Errorf("-game and -ref-game must be above 0")
	}
	if !(*floor > 0 && *floor < 1) {
		// A deal without a win has a share of games won below one game's: a floor of
		// a whole game or more would give it a share above that, or above 1.
		return fmt.Errorf("-floor %v: want a part of a game, above 0 and below 1", *floor)
	}
	var factors []float64
	for _, f := range strings.Split(*scales, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(v > 0) || math.IsInf(v, 1) {
			return fmt.Errorf("-scale %q: want factors above 0, comma-separated", *scales)
		}
		factors = append(factors, v)
	}
	name := fs.Arg(0)
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	t, err := readRates(f, name)
	if err != nil {
		return err
	}
	mi, ri := slices.Index(t.policies, *policy), slices.Index(t.policies, *ref)
	if mi < 0 || ri < 0 {
		return fmt.Errorf("%s: -policy %q or -ref %q is not a column (%s)", name, *policy, *ref, strings.Join(t.policies, ", "))
	}
	return report(w, t, mi, ri, c, *floor, factors)
}

// rates is a -rates-out file: the policies' names, and per deal the games played and
// the games each policy won.
type rates struct {
	policies []string
	deals    []rateRow
}

// rateRow is a deal's row of a rates file.
type rateRow struct {
	seed  uint64
	games int
	wins  []int
}

// readRates reads a rates file: a header "seed games POLICY...", then a row a deal.
func readRates(r io.Reader, name string) (*rates, error) {
	t := &rates{}
	_, err := tsv.Read(r, name, "a BenchmarkWinRates -rates-out file", []string{"seed", "games"}, func(f []string, col map[string]int) error {
		if t.policies == nil {
			// The policies are the columns after seed and games, as the benchmark
			// writes them.
			if col["seed"] != 0 || col["games"] != 1 || len(f) < 3 || len(col) != len(f) {
				return fmt.Errorf("want the columns seed, games and one a policy, each named once")
			}
			t.policies = make([]string, len(f)-2)
			for h, i := range col {
				if i >= 2 {
					t.policies[i-2] = h
				}
			}
		}
		var d rateRow
		var err error
		if d.seed, err = strconv.ParseUint(f[0], 10, 64); err != nil {
			return fmt.Errorf("seed %q: want a deal number", f[0])
		}
		if d.games, err = strconv.Atoi(f[1]); err != nil || d.games < 1 {
			return fmt.Errorf("games %q: want a count of 1 or more", f[1])
		}
		for i, s := range f[2:] {
			k, err := strconv.Atoi(s)
			if err != nil || k < 0 || k > d.games {
				return fmt.Errorf("%s %q: want games won, 0 to %d", t.policies[i], s, d.games)
			}
			d.wins = append(d.wins, k)
		}
		t.deals = append(t.deals, d)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// report writes the ratio of the two policies' shares and the model's shares of
// deals on which mjsat's games are the slower.
func report(w io.Writer, t *rates, mi, ri int, c costs, floor float64, factors []float64) error {
	share := func(d rateRow, k int) float64 { return max(float64(d.wins[k]), floor) / float64(d.games) }
	var ratios []float64
	for _, d := range t.deals {
		if d.wins[mi] > 0 && d.wins[ri] > 0 {
			ratios = append(ratios, float64(d.wins[mi])/float64(d.wins[ri]))
		}
	}
	n := len(t.deals)
	fmt.Fprintf(w, "%d deals; %s over %s, share of games won, on the %d deals both won:", n, t.policies[mi], t.policies[ri], len(ratios))
	if len(ratios) == 0 {
		fmt.Fprintln(w, " none")
	} else {
		slices.Sort(ratios)
		for _, q := range []float64{0.1, 0.25, 0.5, 0.75, 0.9} {
			fmt.Fprintf(w, " p%.0f %.2f", 100*q, ratios[min(len(ratios)-1, int(q*float64(len(ratios))))])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "model: %s %g ms + %g ms a game, %s %g ms + %g ms a game, no win counted as %g\n",
		t.policies[mi], c.fixed, c.game, t.policies[ri], c.refFixed, c.refGame, floor)
	slower := func(pm func(rateRow) float64) float64 {
		sum := 0.0
		for _, d := range t.deals {
			sum += slowerProb(min(1, pm(d)), share(d, ri), c)
		}
		return 100 * sum / float64(n)
	}
	fmt.Fprintf(w, "  %s slower on %.1f%% of the deals\n", t.policies[mi], slower(func(d rateRow) float64 { return share(d, mi) }))
	fmt.Fprintf(w, "  the best policy of each deal slower on %.1f%%\n", slower(func(d rateRow) float64 {
		best := 0.0
		for k := range t.policies {
			best = max(best, share(d, k))
		}
		return best
	}))
	for _, x := range factors {
		fmt.Fprintf(w, "  %s winning %gx as often slower on %.1f%%\n", t.policies[mi], x, slower(func(d rateRow) float64 { return x * share(d, mi) }))
	}
	return nil
}

// slowerProb returns the probability that c.fixed + c.game·M exceeds c.refFixed +
// c.refGame·R, for independent geometric M and R (games to the first win, from 1)
// with success probabilities pm and pr in (0, 1].
func slowerProb(pm, pr float64, c costs) float64 {
	sum := 0.0
	left := 1.0 // P(R >= k)
	for k := 1; left > 1e-12; k++ {
		pk := left * pr // P(R = k)
		// M exceeds t exactly when M > floor(t); P(M > j) = (1-pm)^j for j >= 0. The
		// tie, M = t, is not slower: t is nudged up so that rounding cannot make a
		// whole t fall below itself.
		t := (c.refFixed+c.refGame*float64(k)-c.fixed)/c.game + 1e-9
		if t < 0 {
			sum += pk
		} else {
			sum += pk * math.Pow(1-pm, math.Floor(t))
		}
		left -= pk
		if pr == 1 {
			break
		}
	}
	return sum
}
