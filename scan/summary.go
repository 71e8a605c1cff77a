package scan

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/interval"
)

// SlowestN is how many of the slowest seeds a [Summary] keeps.
const SlowestN = 5

// Summary condenses the records of one layout.
type Summary struct {
	Layout                        string
	Deals                         int64 // records
	Solvable, Unsolvable, Unknown int64
	// Fraction is Unsolvable / (Solvable + Unsolvable), with the 95% Wilson interval
	// [Lo, Hi]. Unknown deals are left out; see Summary.Bounds for their worst case.
	Fraction, Lo, Hi float64
	// Seeds holds the seed ranges covered, merged, in order.
	Seeds []Range
	// Time per deal, over the records that carry a time (Timed of them).
	Timed                            int64
	TotalMs, MeanMs, MedianMs, MaxMs float64
	Nodes                            int64    // total
	Slowest                          []Record // up to SlowestN, slowest first
	// Over the Measured records that carry a Difficulty: the mean chance that random
	// play wins (Won/Games) and the mean share of first moves that keep the deal
	// winnable.
	Measured                int64
	WinChance, WinningFirst float64
}

// Bounds returns the range of the unsolvable fraction over every way the unknown deals
// could turn out: (Unsolvable)/(all) to (Unsolvable+Unknown)/(all).
func (s Summary) Bounds() (lo, hi float64) {
	if s.Deals == 0 {
		return 0, 1
	}
	return float64(s.Unsolvable) / float64(s.Deals), float64(s.Unsolvable+s.Unknown) / float64(s.Deals)
}

// BoundsInterval returns a 95% interval for the unsolvable fraction of all deals, not
// only of the scanned ones, whatever the unknown deals are: the Wilson interval's
// lower end with every unknown deal solvable, and its upper end with every one
// unsolvable. Each end holds at 97.5% whatever the unknown deals' verdicts, since
// Wilson's ends grow with the count.
func (s Summary) BoundsInterval() (lo, hi float64) {
	lo, _ = interval.Wilson(s.Unsolvable, s.Deals, interval.Z95)
	_, hi = interval.Wilson(s.Unsolvable+s.Unknown, s.Deals, interval.Z95)
	return lo, hi
}

// Summarize returns one [Summary] per layout in recs, ordered by layout name. recs
// should be [Canonical] (one record per deal).
func Summarize(recs []Record) []Summary {
	var z Summarizer
	for _, r := range recs {
		z.Add(r)
	}
	return z.Summaries()
}

// A Summarizer summarizes records given one at a time, in any order, as [Summarize]
// summarizes them all at once: with [MergeEach] it summarizes files of any size while
// keeping only each record's time and seed. The zero value is ready to use. The
// records should be one per deal.
type Summarizer struct {
	by   map[string]*layoutSums
	last *layoutSums
}

// layoutSums is what a Summarizer keeps of one layout's records.
type layoutSums struct {
	s     Summary
	ms    []float64
	seeds []uint64
}

// Add counts record r.
func (z *Summarizer) Add(r Record) {
	l := z.last
	if l == nil || l.s.Layout != r.Layout {
		if l = z.by[r.Layout]; l == nil {
			if z.by == nil {
				z.by = map[string]*layoutSums{}
			}
			l = &layoutSums{s: Summary{Layout: r.Layout}}
			z.by[r.Layout] = l
		}
		z.last = l
	}
	s := &l.s
	s.Deals++
	switch r.Verdict {
	case board.Solvable:
		s.Solvable++
	case board.Unsolvable:
		s.Unsolvable++
	default:
		s.Unknown++
	}
	s.Nodes += r.Nodes
	if d := r.Difficulty; d != nil && d.Games > 0 && d.FirstMoves > 0 {
		s.Measured++
		s.WinChance += float64(d.Won) / float64(d.Games)
		s.WinningFirst += float64(d.WinningFirst) / float64(d.FirstMoves)
	}
	l.seeds = append(l.seeds, r.Seed)
	if r.Timed {
		l.ms = append(l.ms, r.Ms)
		s.TotalMs += r.Ms
		s.Slowest = keepSlowest(s.Slowest, r)
	}
}

// Summaries returns one [Summary] per layout added, ordered by layout name.
func (z *Summarizer) Summaries() []Summary {
	names := slices.Sorted(maps.Keys(z.by))
	out := make([]Summary, 0, len(names))
	for _, name := range names {
		out = append(out, z.by[name].summary())
	}
	return out
}

// summary completes the layout's summary from its counts, times and seeds.
func (l *layoutSums) summary() Summary {
	s := l.s
	s.Slowest = slices.Clone(s.Slowest)
	if s.Measured > 0 {
		s.WinChance /= float64(s.Measured)
		s.WinningFirst /= float64(s.Measured)
	}
	decided := s.Solvable + s.Unsolvable
	if decided > 0 {
		s.Fraction = float64(s.Unsolvable) / float64(decided)
	}
	s.Lo, s.Hi = interval.Wilson(s.Unsolvable, decided, interval.Z95)
	if !slices.IsSorted(l.seeds) {
		slices.Sort(l.seeds)
	}
	for _, x := range l.seeds {
		if k := len(s.Seeds); k > 0 && s.Seeds[k-1].To >= x {
			s.Seeds[k-1].To = max(s.Seeds[k-1].To, x+1)
			continue
		}
		s.Seeds = append(s.Seeds, Range{x, x + 1})
	}
	s.Timed = int64(len(l.ms))
	if ms := l.ms; len(ms) > 0 {
		if !slices.IsSorted(ms) {
			slices.Sort(ms)
		}
		s.MeanMs = s.TotalMs / float64(len(ms))
		s.MaxMs = ms[len(ms)-1]
		if m := len(ms); m%2 == 1 {
			s.MedianMs = ms[m/2]
		} else {
			s.MedianMs = (ms[m/2-1] + ms[m/2]) / 2
		}
	}
	return s
}

// keepSlowest adds r to slowest, the up to SlowestN slowest records so far, slowest
// first and of equal times the lower seed first, and returns it.
func keepSlowest(slowest []Record, r Record) []Record {
	before := func(a, b Record) bool { return a.Ms > b.Ms || a.Ms == b.Ms && a.Seed < b.Seed }
	if len(slowest) == SlowestN && !before(r, slowest[SlowestN-1]) {
		return slowest
	}
	i := len(slowest)
	for i > 0 && before(r, slowest[i-1]) {
		i--
	}
	if len(slowest) < SlowestN {
		slowest = append(slowest, Record{})
	}
	copy(slowest[i+1:], slowest[i:])
	slowest[i] = r
	return slowest
}

// SeedsString describes the seed ranges, e.g. "0:100000" or "0:500 1000:2000".
func (s Summary) SeedsString() string {
	parts := make([]string, len(s.Seeds))
	for i, r := range s.Seeds {
		parts[i] = r.String()
	}
	return strings.Join(parts, " ")
}

// pct formats a fraction as a percentage with the given decimals.
func pct(f float64, dec int) string { return fmt.Sprintf("%.*f%%", dec, 100*f) }

// WriteText writes the summaries as plain text, one block per layout.
func WriteText(w io.Writer, sums []Summary) error {
	var b strings.Builder
	for i, s := range sums {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "layout %s: %d deals (seeds %s)\n", s.Layout, s.Deals, s.SeedsString())
		fmt.Fprintf(&b, "  unsolvable %d of %d decided = %s, 95%% Wilson interval [%s, %s]\n",
			s.Unsolvable, s.Solvable+s.Unsolvable, pct(s.Fraction, 3), pct(s.Lo, 3), pct(s.Hi, 3))
		if s.Unknown > 0 {
			lo, hi := s.Bounds()
			wlo, whi := s.BoundsInterval()
			fmt.Fprintf(&b, "  unknown %d (timeouts): over all deals the fraction lies in [%s, %s]\n", s.Unknown, pct(lo, 3), pct(hi, 3))
			fmt.Fprintf(&b, "  95%% interval with the unknown counted solvable, then unsolvable: [%s, %s]\n", pct(wlo, 3), pct(whi, 3))
		} else {
			fmt.Fprintf(&b, "  unknown 0\n")
		}
		if p, ok := PaperFor(s.Layout); ok {
			verdict := "consistent"
			if !p.Consistent(s) {
				verdict = "INCONSISTENT"
			}
			fmt.Fprintf(&b, "  de Bondt (2018, %d deals): %s — %s\n", p.Deals, p.Text, verdict)
		}
		if s.Timed > 0 {
			fmt.Fprintf(&b, "  time per deal: mean %.3f ms, median %.3f ms, max %.3f ms; total %s\n",
				s.MeanMs, s.MedianMs, s.MaxMs, fmtMs(s.TotalMs))
			b.WriteString("  slowest seeds:")
			for _, r := range s.Slowest {
				fmt.Fprintf(&b, " %d (%.1f ms, %s)", r.Seed, r.Ms, r.Verdict)
			}
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "  nodes: %d\n", s.Nodes)
		if s.Measured > 0 {
			fmt.Fprintf(&b, "  difficulty of %d winnable deals: random play wins %s on average; %s of first moves keep a deal winnable\n",
				s.Measured, pct(s.WinChance, 1), pct(s.WinningFirst, 1))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fmtMs formats a duration in milliseconds as h/m/s.
func fmtMs(ms float64) string {
	sec := ms / 1000
	switch {
	case sec < 60:
		return fmt.Sprintf("%.1f s", sec)
	case sec < 3600:
		return fmt.Sprintf("%.1f min", sec/60)
	}
	return fmt.Sprintf("%.2f h", sec/3600)
}

// WriteMarkdown writes the summaries as a Markdown table beside de Bondt's figures. The
// last column is the sum of the per-deal solving times (wall clock per deal).
func WriteMarkdown(w io.Writer, sums []Summary) error {
	var b strings.Builder
	b.WriteString("| layout | deals | unsolvable | unsolvable % | 95% interval | unknown | de Bondt | agrees | mean ms | median ms | max ms | solver time |\n")
	b.WriteString("| --- | ---: | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n")
	for _, s := range sums {
		paper, agrees := "—", "—"
		if p, ok := PaperFor(s.Layout); ok {
			paper, agrees = p.Text, "yes"
			if !p.Consistent(s) {
				agrees = "**no**"
			}
		}
		times := "— | — | — | —"
		if s.Timed > 0 {
			times = fmt.Sprintf("%.2f | %.2f | %.1f | %s", s.MeanMs, s.MedianMs, s.MaxMs, fmtMs(s.TotalMs))
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %s | [%s, %s] | %d | %s | %s | %s |\n",
			s.Layout, s.Deals, s.Unsolvable, pct(s.Fraction, 3), pct(s.Lo, 3), pct(s.Hi, 3),
			s.Unknown, paper, agrees, times)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
