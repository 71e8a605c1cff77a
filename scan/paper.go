package scan

import (
	"math"
	"sort"
)

// PaperFigure is one entry of de Bondt's table (§3.4 of "Solving Mahjong Solitaire boards
// with peeking", 2018): the percentage of random deals of an Xmahjongg 3 layout that
// cannot be won even with peeking, as printed.
type PaperFigure struct {
	Layout string  // Xmahjongg layout file name
	Text   string  // as printed, e.g. "2.95%"
	Pct    float64 // the printed value in percent
	// Decimals is the number of decimals printed; the true value the paper measured lies
	// in Pct ± 0.5·10^-Decimals (a printed "100% (all)" means every deal: Decimals < 0).
	Decimals int
	Deals    int64 // deals the paper scanned
}

// All reports whether the paper says every deal is unsolvable ("100% (all)").
func (p PaperFigure) All() bool { return p.Decimals < 0 }

// Rounding returns the interval, as fractions, of values that print as the paper's
// figure. For "100% (all)" it is [1, 1].
func (p PaperFigure) Rounding() (lo, hi float64) {
	if p.All() {
		return 1, 1
	}
	h := 0.5 * math.Pow(10, -float64(p.Decimals))
	return (p.Pct - h) / 100, (p.Pct + h) / 100
}

// Consistent reports whether a scan with the given summary agrees with the figure:
// for "100% (all)" no deal may be solvable; otherwise the scan's 95% interval must meet
// the figure's rounding interval.
func (p PaperFigure) Consistent(s Summary) bool {
	if p.All() {
		return s.Solvable == 0
	}
	lo, hi := p.Rounding()
	return s.Lo <= hi && lo <= s.Hi
}

// Paper lists de Bondt's figures. Bridge is not in it: the paper only says it "has
// significantly more really hard boards than any of the other layouts".
var Paper = []PaperFigure{
	{"default", "2.95%", 2.95, 2, 10_000_000},
	{"farandole", "7.9%", 7.9, 1, 100_000},
	{"hare", "18%", 18, 0, 100_000},
	{"horse", "20%", 20, 0, 100_000},
	{"hourglass", "100% (all)", 100, -1, 100_000},
	{"monkey", "9.9%", 9.9, 1, 100_000},
	{"ox", "47%", 47, 0, 100_000},
	{"papillon", "100% (all)", 100, -1, 100_000},
	{"ram", "6.9%", 6.9, 1, 100_000},
	{"rat", "5.1%", 5.1, 1, 100_000},
	{"rooster", "22%", 22, 0, 100_000},
	{"snake", "4.2%", 4.2, 1, 100_000},
	{"theater", "0.62%", 0.62, 2, 100_000},
	{"tiger", "22%", 22, 0, 100_000},
	{"wedges", "4.8%", 4.8, 1, 100_000},
}

// PaperFor returns de Bondt's figure for a layout name.
func PaperFor(layout string) (PaperFigure, bool) {
	i := sort.Search(len(Paper), func(i int) bool { return Paper[i].Layout >= layout })
	if i < len(Paper) && Paper[i].Layout == layout {
		return Paper[i], true
	}
	return PaperFigure{}, false
}
