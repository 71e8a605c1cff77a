package scan

import (
	"fmt"
	"html"
	"io"
	"strings"
	"unicode/utf8"
)

// Chart writes an SVG bar chart of the summaries: one row per layout, in the order
// given, with a bar for the unsolvable percentage and a whisker for its 95% Wilson
// interval among the deals decided; where some deals are unknown, the bar shows the
// share of all deals known to be lost, and a grey bar after it the share unknown;
// and, where de Bondt gives a figure, a red mark at it (with its rounding interval as
// a red band). The axis is linear from 0 to 100%; the label column is as wide as the
// longest layout name needs. The output is a pure function of the summaries.
func Chart(w io.Writer, sums []Summary, title string) error {
	const (
		minLeft = 120.0 // label column, at least
		charW   = 7.0   // the width of a label's character, about, at 12 px
		plotW   = 500.0
		right   = 300.0 // figures column
		rowH    = 22.0
		top     = 50.0
		bottom  = 50.0
	)
	left, paper, unknown := minLeft, false, false
	for _, s := range sums {
		left = max(left, 16+charW*float64(utf8.RuneCountInString(s.Layout)))
		_, ok := PaperFor(s.Layout)
		paper = paper || ok
		unknown = unknown || s.Unknown > 0
	}
	width := left + plotW + right
	height := top + rowH*float64(len(sums)) + bottom
	if unknown {
		height += 18 // a second line of caption
	}
	x := func(f float64) float64 { return left + plotW*f }
	var b strings.Builder
	f := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	f(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n",
		width, height, width, height)
	f(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	f(`<text x="%.1f" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", left, html.EscapeString(title))
	// Grid and axis labels.
	plotBottom := top + rowH*float64(len(sums))
	for p := 0; p <= 100; p += 10 {
		xx := x(float64(p) / 100)
		f(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", xx, top-4, xx, plotBottom)
		f(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#555">%d%%</text>`+"\n", xx, plotBottom+16, p)
	}
	caption := "deals that cannot be won even with peeking (bar: this scan, whisker: 95% Wilson interval"
	if paper {
		caption += ", red: de Bondt 2018"
	}
	f(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333">%s)</text>`+"\n", x(0.5)+60, plotBottom+36, html.EscapeString(caption))
	if unknown {
		f(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333">%s</text>`+"\n", x(0.5)+60, plotBottom+54,
			"where some deals are unknown: bar, the share of all deals known lost; grey, the share unknown")
	}
	for i, s := range sums {
		y := top + rowH*float64(i)
		mid := y + rowH/2
		f(`<text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-8, mid+4, html.EscapeString(s.Layout))
		bar := s.Fraction
		if s.Unknown > 0 {
			// The share of all deals known lost, then the share unknown: the whisker
			// speaks of the decided deals only.
			lo, hi := s.Bounds()
			bar = lo
			f(`<rect x="%.2f" y="%.1f" width="%.2f" height="%.1f" fill="#bbb"/>`+"\n", x(lo), y+4, plotW*(hi-lo), rowH-8)
		}
		f(`<rect x="%.1f" y="%.1f" width="%.2f" height="%.1f" fill="#4a7bb7"/>`+"\n", x(0), y+4, plotW*bar, rowH-8)
		if p, ok := PaperFor(s.Layout); ok {
			lo, hi := p.Rounding()
			f(`<rect x="%.2f" y="%.1f" width="%.2f" height="%.1f" fill="#d62728" fill-opacity="0.35"/>`+"\n",
				x(lo), y+1, max(plotW*(hi-lo), 1), rowH-2)
			f(`<line x1="%.2f" y1="%.1f" x2="%.2f" y2="%.1f" stroke="#d62728" stroke-width="2"/>`+"\n",
				x(p.Pct/100), y+1, x(p.Pct/100), y+rowH-1)
		}
		f(`<line x1="%.2f" y1="%.1f" x2="%.2f" y2="%.1f" stroke="black"/>`+"\n", x(s.Lo), mid, x(s.Hi), mid)
		for _, e := range [2]float64{s.Lo, s.Hi} {
			f(`<line x1="%.2f" y1="%.1f" x2="%.2f" y2="%.1f" stroke="black"/>`+"\n", x(e), mid-5, x(e), mid+5)
		}
		label := fmt.Sprintf("%s [%s, %s] n=%d", pct(s.Fraction, 2), pct(s.Lo, 2), pct(s.Hi, 2), s.Solvable+s.Unsolvable)
		if s.Unknown > 0 {
			label += fmt.Sprintf(" · %d unknown", s.Unknown)
		}
		if p, ok := PaperFor(s.Layout); ok {
			label += " · paper " + p.Text
		}
		f(`<text x="%.1f" y="%.1f" fill="#333" font-size="11">%s</text>`+"\n", left+plotW+8, mid+4, html.EscapeString(label))
	}
	f("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
