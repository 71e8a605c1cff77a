package solver

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/encode"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/interval"
	"github.com/mjsat/mjsat/layouts"
	"github.com/mjsat/mjsat/sat"
)

// The benchmarks solve a fixed set of boards once per iteration and report, with
// b.ReportMetric, the figures a reader compares between commits (with benchstat):
// ms/board mean, p50, p99 and max, nodes/board and the unsolvable and unknown
// percentages. The flags below change the set; the defaults fit a quick run:
//
//	go test ./solver -run '^$' -bench . -benchtime 1x
//	go test ./solver -run '^$' -bench Turtle -benchtime 1x -deals 10000 -count 5 | benchstat -
var (
	flagDeals   = flag.Int("deals", 2000, "BenchmarkTurtle, BenchmarkLayout: number of uniform deals")
	flagFirst   = flag.Uint64("first", 1, "BenchmarkTurtle, BenchmarkLayout: seed of the first deal")
	flagLayout  = flag.String("layout", "turtle", "BenchmarkLayout: the layout (a name or path, as scan -layout takes; $MJSAT_LAYOUTS finds more)")
	flagUUF     = flag.Int("uuf", 10, "BenchmarkUUF50: number of uuf50-218 formulas")
	flagUF      = flag.Int("uf", 100, "BenchmarkUF20: number of uf20-91 formulas")
	flagFrom    = flag.Int("from", 1, "BenchmarkUF20, BenchmarkUUF50: number of the first formula")
	flagWorkers = flag.Int("j", 1, "benchmarks: solver workers")
	flagBudget  = flag.Duration("budget", 0, "benchmarks: per-board timeout (0: none)")
	flagSeeds   = flag.String("seeds", "", "BenchmarkTurtle, BenchmarkLayout: comma-separated seeds instead of -first/-deals, or @FILE: the seeds of FILE (as testdata/seeds/*.txt)")
	flagSlow    = flag.Duration("slow", 0, "benchmarks: log every board that takes longer (0: none)")
	flagNoJump  = flag.Bool("nojump", false, "benchmarks: turn conflict-directed backjumping off (to compare)")
	flagScans   = flag.Int("scan-every", 0, "benchmarks: scan at every this-many levels below the root (1: every node; 0: the board's default, to compare)")
)

// benchBoards solves the boards once per iteration and reports their figures.
func benchBoards(b *testing.B, boards func(i int) (string, *board.Board), count int) []float64 {
	bds := make([]*board.Board, count)
	names := make([]string, count)
	for i := range bds {
		names[i], bds[i] = boards(i)
	}
	times := make([]float64, count)
	var nodes int64
	verdicts := map[board.Verdict]int{}
	b.ResetTimer()
	for range b.N {
		nodes = 0
		clear(verdicts)
		for i, bd := range bds {
			r, err := Solve(context.Background(), bd, Options{Seed: 1, Workers: *flagWorkers, Timeout: *flagBudget, noJump: *flagNoJump, scanEvery: *flagScans})
			if err != nil {
				b.Fatal(err)
			}
			times[i] = float64(r.Stats.Elapsed.Nanoseconds()) / 1e6
			nodes += r.Stats.Nodes
			verdicts[r.Status]++
			if *flagSlow > 0 && r.Stats.Elapsed > *flagSlow {
				b.Logf("slow: %s %v %v nodes %d scans %d probes %d playouts %d", names[i], r.Status,
					r.Stats.Elapsed.Round(time.Microsecond), r.Stats.Nodes, r.Stats.Scans, r.Stats.Probes, r.Stats.Playouts)
			}
		}
	}
	b.StopTimer()
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	sum := 0.0
	for _, t := range times {
		sum += t
	}
	n := float64(count)
	b.ReportMetric(sum/n, "ms/board")
	b.ReportMetric(quantile(sorted, 0.5), "p50-ms")
	b.ReportMetric(quantile(sorted, 0.99), "p99-ms")
	b.ReportMetric(sorted[count-1], "max-ms")
	b.ReportMetric(float64(nodes)/n, "nodes/board")
	b.ReportMetric(100*float64(verdicts[board.Unsolvable])/n, "unsolvable-%")
	b.ReportMetric(100*float64(verdicts[board.Unknown])/n, "unknown-%")
	b.ReportMetric(0, "ns/op") // the per-board figures above are the ones to compare
	worst := slices.Index(times, sorted[count-1])
	lo, hi := interval.Wilson(int64(verdicts[board.Unsolvable]), int64(count), interval.Z95)
	b.Logf("%d boards: unsolvable %d (95%% Wilson %.2f%%-%.2f%%), unknown %d; slowest %s", count,
		verdicts[board.Unsolvable], 100*lo, 100*hi, verdicts[board.Unknown], names[worst])
	return times
}

// quantile returns the q-quantile of sorted values (nearest rank).
func quantile(sorted []float64, q float64) float64 {
	return sorted[min(len(sorted)-1, int(math.Ceil(q*float64(len(sorted))))-1)]
}

// benchSeeds returns the seeds of -seeds, or -deals of them from -first.
func benchSeeds(b *testing.B) []uint64 {
	if *flagSeeds != "" {
		list := *flagSeeds
		if name, ok := strings.CutPrefix(list, "@"); ok {
			data, err := os.ReadFile(name)
			if err != nil {
				b.Fatalf("-seeds: %v", err)
			}
			list = ""
			for line := range strings.Lines(string(data)) {
				if !strings.HasPrefix(line, "#") {
					list += line + ","
				}
			}
		}
		var seeds []uint64
		for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
			n, err := strconv.ParseUint(f, 10, 64)
			if err != nil {
				b.Fatalf("-seeds: %v", err)
			}
			seeds = append(seeds, n)
		}
		if len(seeds) == 0 {
			b.Fatalf("-seeds %s: no seeds", *flagSeeds)
		}
		return seeds
	}
	seeds := make([]uint64, *flagDeals)
	for i := range seeds {
		seeds[i] = *flagFirst + uint64(i)
	}
	return seeds
}

// BenchmarkTurtle solves -deals uniform random turtle deals (or -seeds).
func BenchmarkTurtle(b *testing.B) { benchDeals(b, instances.Turtle()) }

// BenchmarkLayout solves -deals uniform random deals of -layout (or -seeds), as
// scan and compare deal them: the other layouts, ox and bridge, come from
// ../shared/layouts/xmahjongg through $MJSAT_LAYOUTS.
func BenchmarkLayout(b *testing.B) {
	l, err := layouts.Find(*flagLayout)
	if err != nil {
		b.Fatalf("-layout: %v", err)
	}
	benchDeals(b, l)
}

// benchDeals solves the deals of l whose seeds benchSeeds gives.
func benchDeals(b *testing.B, l board.Layout) {
	seeds := benchSeeds(b)
	benchBoards(b, func(i int) (string, *board.Board) {
		bd, err := board.Deal(l, seeds[i])
		if err != nil {
			b.Fatalf("%s seed %d: %v", l.Name, seeds[i], err)
		}
		return fmt.Sprintf("%s seed %d", l.Name, seeds[i]), bd
	}, len(seeds))
}

// benchSATLIB solves the reductions of count formulas of the SATLIB set (uf20-91,
// ...), from number -from.
func benchSATLIB(b *testing.B, set string, count int) {
	shared.Path(b, "cnf", "satlib", set) // skip early when missing
	prefix, _, _ := strings.Cut(set, "-")
	benchBoards(b, func(i int) (string, *board.Board) {
		name := fmt.Sprintf("%s-0%d", prefix, i+*flagFrom)
		return name, satlibBoard(b, set, name, *flagFlat)
	}, count)
}

// BenchmarkUF20 solves the reductions of -uf uf20-91 formulas from number -from.
func BenchmarkUF20(b *testing.B) {
	benchSATLIB(b, "uf20-91", *flagUF)
}

// BenchmarkUUF50 solves the reductions of -uuf uuf50-218 formulas from number -from.
func BenchmarkUUF50(b *testing.B) {
	benchSATLIB(b, "uuf50-218", *flagUUF)
}

var (
	flagUF75    = flag.Int("uf75", 10, "BenchmarkUF75: number of uf75-325 formulas")
	flagRandom  = flag.String("set", "n100-unsat", "BenchmarkRandom: the set of testdata/random (n75-sat, n75-unsat, n100-sat, n100-unsat, n125-..., n150-...)")
	flagCadical = flag.String("cadical", "cadical", "BenchmarkRandom: the SAT solver of the route measured beside the native solver (\"\": none)")
	flagCount   = flag.Int("count-set", 5, "BenchmarkRandom: number of formulas of the set")
	flagFlat    = flag.Bool("flat", false, "reduction benchmarks: one-level boards (Corollary 4)")
)

// BenchmarkUF75 solves the reductions of -uf75 uf75-325 formulas from number -from.
func BenchmarkUF75(b *testing.B) {
	benchSATLIB(b, "uf75-325", *flagUF75)
}

// BenchmarkRandom solves the reductions of the first -count-set formulas of the
// random set -set (testdata/random, made by solver/internal/benchsets, run by go generate).
func BenchmarkRandom(b *testing.B) {
	files := randomSet(b, *flagRandom)
	count := min(*flagCount, len(files))
	bds := make([]*board.Board, count)
	for i := range bds {
		f, err := cnf.ReadFile(files[i])
		if err != nil {
			b.Fatal(err)
		}
		bds[i] = reduced(b, f, files[i], *flagFlat)
	}
	native := benchBoards(b, func(i int) (string, *board.Board) { return filepath.Base(files[i]), bds[i] }, count)
	// The CaDiCaL route on the same boards, side by side (-cadical, where installed):
	// mjsat's encoding of each board solved by cadical, and each board's ratio.
	if *flagCadical == "" {
		return
	}
	cadical, err := sat.Lookup(*flagCadical)
	if err != nil {
		b.Logf("no CaDiCaL route: %v", err)
		return
	}
	times := make([]float64, count)
	ratios := make([]float64, count)
	for i, bd := range bds {
		ctx, cancel := context.WithTimeout(context.Background(), max(*flagBudget, time.Minute))
		t0 := time.Now()
		st, _, _, err := encode.Solve(ctx, bd, cadical, encode.Options{})
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		times[i] = float64(time.Since(t0).Nanoseconds()) / 1e6
		ratios[i] = native[i] / times[i]
		if st == board.Unknown {
			b.Logf("%s: the CaDiCaL route ran out of time", filepath.Base(files[i]))
		}
	}
	slices.Sort(times)
	slices.Sort(ratios)
	b.ReportMetric(quantile(times, 0.5), "cadical-p50-ms")
	b.ReportMetric(times[count-1], "cadical-max-ms")
	b.ReportMetric(quantile(ratios, 0.5), "native/cadical-p50")
	b.ReportMetric(ratios[count-1], "native/cadical-max")
}

// BenchmarkGames plays random games on -deals turtle deals from -first (or -seeds),
// gamesPerDeal on each in turn, each from its opening under the pairings the games
// before the first scan have (see search.run), avoiding linked pairs as they do: an op
// is one game. It reports the moves and the wins a game, the two figures besides
// ns/op that the median deal's time depends on (it takes about a dozen games).
func BenchmarkGames(b *testing.B) {
	type deal struct {
		pl *player
		op position
	}
	var deals []*deal
	for _, seed := range benchSeeds(b) {
		c, err := compile(turtle(b, seed))
		if err != nil {
			b.Fatal(err)
		}
		pl, op, cleared, ok := earlyOpening(c)
		if !ok || cleared {
			continue // refuted before any game, or cleared by the opening alone
		}
		pl.avoid, pl.freeing = true, true // as before the search
		deals = append(deals, &deal{pl: pl, op: op})
	}
	if len(deals) == 0 {
		b.Fatal("no deal to play")
	}
	rng := wyrand{s: 1}
	moves, wins := 0, 0
	b.ResetTimer()
	for i := range b.N {
		// A dozen games or so a deal, then the next deal, as Solve plays them.
		d := deals[i/gamesPerDeal%len(deals)]
		d.pl.restore(&d.op)
		if d.pl.finish(&rng) {
			wins++
		}
		moves += len(d.pl.moves)
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
	b.ReportMetric(100*float64(wins)/float64(b.N), "wins-%")
}

// gamesPerDeal is how many games in a row BenchmarkGames plays on a deal: about what
// the median turtle deal takes.
const gamesPerDeal = 12

// earlyOpening returns a player of c at the opening of the games before the first
// scan (under the pairings compiled.uncover leaves, the fixed pairs free at the start
// played), that position saved, and whether it clears the board; ok is false when
// uncover refutes the deal before any game.
func earlyOpening(c *compiled) (pl *player, op position, cleared, ok bool) {
	P := slices.Clone(c.initP)
	if !c.uncover(P) {
		return nil, position{}, false, false
	}
	pl = newPlayer(c)
	pl.start(P)
	cleared = pl.settle()
	pl.save(&op)
	return pl, op, cleared, true
}

// BenchmarkCompile builds the view of -deals turtle deals from -first (or -seeds) in
// turn, in one view's memory as Solve's pool does, the deals coming from one
// board.Dealer as scan's do: an op is one deal. "games" is the part every deal
// builds (with the covered and linked pairings of every group), "scan" that and the
// part a deal builds at its first scan (see prepareScan): each is a fixed cost of the
// deals that reach it.
func BenchmarkCompile(b *testing.B) {
	d, err := board.NewDealer(instances.Turtle())
	if err != nil {
		b.Fatal(err)
	}
	var bds []*board.Board
	for _, s := range benchSeeds(b) {
		bds = append(bds, d.Deal(s))
	}
	for _, scan := range []bool{false, true} {
		name := "games"
		if scan {
			name = "scan"
		}
		b.Run(name, func(b *testing.B) {
			c := new(compiled)
			for i := range b.N {
				if err := c.build(bds[i%len(bds)]); err != nil {
					b.Fatal(err)
				}
				if scan {
					c.prepareScan()
				}
			}
		})
	}
}

var (
	flagRateGames = flag.Int("rate-games", 200, "BenchmarkWinRates: independent games a deal and policy")
	flagRatesOut  = flag.String("rates-out", "", "BenchmarkWinRates: write each solvable deal's games won per policy to this TSV file (read by bench/racemodel)")
)

// gamePolicies are the four policies of the random games, as the columns of
// BenchmarkWinRates name them: plain random commitments (as mjsolver's games make
// them), the linked-pair rule alone, the freeing rule alone, and both (mjsat's games
// before the search; see player.commitOne).
var gamePolicies = []struct {
	name           string
	avoid, freeing bool
}{{"plain", false, false}, {"linked", true, false}, {"freeing", false, true}, {"both", true, true}}

// BenchmarkWinRates plays -rate-games independent games from the opening of each of
// -deals turtle deals from -first (or -seeds) under each of gamePolicies, under the
// pairings the games before the first scan have, and reports over the solvable deals
// the mean and the median share of games each policy won (in %). With -rates-out it
// writes each solvable deal's wins per policy: bench/racemodel reads them to
// say how often a solver of such games is slower than another. An op is the whole set.
func BenchmarkWinRates(b *testing.B) {
	seeds := benchSeeds(b)
	games := *flagRateGames
	if games < 1 {
		b.Fatalf("-rate-games %d: want 1 or more", games)
	}
	type row struct {
		seed uint64
		wins []int
	}
	var rows []row
	for range b.N {
		rows = rows[:0]
		for _, seed := range seeds {
			bd := turtle(b, seed)
			r, err := Solve(context.Background(), bd, Options{Seed: 1, CallerReplays: true})
			if err != nil {
				b.Fatal(err)
			}
			if r.Status != board.Solvable {
				continue
			}
			c, err := compile(bd)
			if err != nil {
				b.Fatal(err)
			}
			pl, opening, cleared, ok := earlyOpening(c)
			if !ok {
				b.Fatalf("turtle seed %d: solvable, but every pairing of a group lies over itself", seed)
			}
			w := make([]int, len(gamePolicies))
			for k, pol := range gamePolicies {
				pl.avoid, pl.freeing = pol.avoid, pol.freeing
				rng := wyrand{s: seed<<2 | uint64(k)}
				for range games {
					pl.restore(&opening)
					if cleared || pl.finish(&rng) {
						w[k]++
					}
				}
			}
			rows = append(rows, row{seed, w})
		}
	}
	if len(rows) == 0 {
		b.Fatal("no solvable deal")
	}
	for k, pol := range gamePolicies {
		shares := make([]float64, len(rows))
		sum := 0.0
		for i, r := range rows {
			shares[i] = 100 * float64(r.wins[k]) / float64(games)
			sum += shares[i]
		}
		slices.Sort(shares)
		b.ReportMetric(sum/float64(len(rows)), pol.name+"-won-%")
		b.ReportMetric(quantile(shares, 0.5), pol.name+"-p50-%")
	}
	b.ReportMetric(0, "ns/op") // the shares above are the figures to compare
	if *flagRatesOut == "" {
		return
	}
	var sb strings.Builder
	sb.WriteString("seed\tgames")
	for _, pol := range gamePolicies {
		sb.WriteString("\t" + pol.name)
	}
	sb.WriteString("\n")
	for _, r := range rows {
		fmt.Fprintf(&sb, "%d\t%d", r.seed, games)
		for _, w := range r.wins {
			fmt.Fprintf(&sb, "\t%d", w)
		}
		sb.WriteString("\n")
	}
	if err := os.WriteFile(*flagRatesOut, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
}
