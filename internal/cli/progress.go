package cli

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Line is a progress line on a terminal, redrawn in place with '\r' at most once per
// Interval (except when forced). Commands show one only when [Command.Progress] says
// so; a nil Line shows nothing, so that a command can leave it nil otherwise.
type Line struct {
	W        io.Writer
	Interval time.Duration // least time between redraws; 0 means 200ms
	// Wait holds the first redraw back until an Interval after the first call, so
	// that a job done sooner (a quick solve) shows no line at all.
	Wait  bool
	last  time.Time
	drawn bool
}

// Show redraws the line with text, unless the last redraw is too recent and force is
// false.
func (l *Line) Show(text string, force bool) {
	if l == nil {
		return
	}
	now := time.Now()
	iv := l.Interval
	if iv == 0 {
		iv = 200 * time.Millisecond
	}
	if l.Wait && l.last.IsZero() && !force {
		l.last = now // the clock starts at the first call
		return
	}
	if !force && now.Sub(l.last) < iv {
		return
	}
	l.last, l.drawn = now, true
	fmt.Fprint(l.W, "\r"+text+"\x1b[K")
}

// Clear erases the line, so that what follows starts on a clean line.
func (l *Line) Clear() {
	if l != nil && l.drawn {
		fmt.Fprint(l.W, "\r\x1b[K")
		l.drawn = false
	}
}

// Finish ends the line, keeping what it shows.
func (l *Line) Finish() {
	if l != nil && l.drawn {
		fmt.Fprintln(l.W)
		l.drawn = false
	}
}

// Bar returns a bar of width characters filled in proportion done/total, with the
// count, the percentage, the rate and the time left:
// "[#####.....] 120/1000 12.0% 85.2/s ETA 10s".
func Bar(done, total int, elapsed time.Duration, width int) string {
	frac := 1.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	fill := min(width, int(frac*float64(width)))
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(done) / s
	}
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second).String()
	}
	return fmt.Sprintf("[%s%s] %d/%d %.1f%% %.1f/s ETA %s", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		done, total, 100*frac, rate, eta)
}
