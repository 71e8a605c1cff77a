package scan

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Bar draws a one-line progress bar with rate and ETA, redrawn in place with '\r'. It
// is meant for a terminal; the caller decides whether to use one.
type Bar struct {
	W        io.Writer
	Label    string
	Interval time.Duration // least time between redraws; 0 means 200ms
	last     time.Time
	drawn    bool
}

// Update redraws the bar for p, at most once per Interval unless the scan is done.
func (b *Bar) Update(p Progress) {
	now := time.Now()
	iv := b.Interval
	if iv == 0 {
		iv = 200 * time.Millisecond
	}
	if p.Done < p.Total && now.Sub(b.last) < iv {
		return
	}
	b.last = now
	b.drawn = true
	fmt.Fprint(b.W, "\r"+FormatProgress(b.Label, p, 24)+"\x1b[K")
}

// Finish ends the bar's line.
func (b *Bar) Finish() {
	if b.drawn {
		fmt.Fprintln(b.W)
		b.drawn = false
	}
}

// FormatProgress renders p as "label [#####.....] 120/1000 12.0% 85.2/s ETA 10s
// unsolvable 3.3% unknown 0" with a bar of the given width.
func FormatProgress(label string, p Progress, width int) string {
	frac := 1.0
	if p.Total > 0 {
		frac = float64(p.Done) / float64(p.Total)
	}
	fill := int(frac * float64(width))
	bar := strings.Repeat("#", fill) + strings.Repeat(".", width-fill)
	rate := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		rate = float64(p.Done) / s
	}
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(p.Total-p.Done)/rate) * time.Second).Round(time.Second).String()
	}
	uns := 0.0
	if d := p.Done - p.Unknowns; d > 0 {
		uns = float64(p.Unsolvable) / float64(d)
	}
	s := fmt.Sprintf("[%s] %d/%d %.1f%% %.1f/s ETA %s unsolvable %.2f%% unknown %d",
		bar, p.Done, p.Total, 100*frac, rate, eta, 100*uns, p.Unknowns)
	if label != "" {
		s = label + " " + s
	}
	return s
}
