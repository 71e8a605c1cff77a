package view

import (
	"bytes"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mjsat/mjsat/internal/golden"
)

// Tolerance of the screenshot goldens: a pixel differs when a colour channel moves by
// more than pixelDelta of 255, and a screen differs when more than screenShare of its
// pixels do (fonts' antialiasing moves a few; a visual change moves many).
const (
	pixelDelta  = 16
	screenShare = 0.01
)

// TestScreens takes the page of one deal (turtle, seed 3) at a laptop's size and a
// phone's, in Chromium, and compares them with testdata/screens (go test -update
// rewrites them): a visual regression fails the test.
func TestScreens(t *testing.T) {
	exe := chromium(t)
	// The layout chooser lists the built-in layouts only, whatever games this
	// machine has, so that the page looks the same everywhere.
	t.Setenv("MJSAT_GAMES_ROOT", t.TempDir())
	t.Setenv("MJSAT_LAYOUTS", "")
	srv, err := NewServer(turtle(t, 3), nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	ctx := newBrowser(t, exe)
	for _, sz := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
		var shot []byte
		err := chromedp.Run(ctx, chromedp.EmulateViewport(sz.w, sz.h), chromedp.Navigate(ts.URL),
			verdictIs("winnable", 0),
			chromedp.Poll(`document.getElementById("odds").textContent.includes("games")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
			chromedp.CaptureScreenshot(&shot))
		if err != nil {
			t.Fatalf("%s: %v", sz.name, err)
		}
		path := filepath.Join("testdata", "screens", sz.name+".png")
		os.WriteFile(filepath.Join(artifacts(t), sz.name+".png"), shot, 0o644)
		if golden.Update() {
			golden.Check(t, path, shot)
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -update writes it)", err)
		}
		if share, err := differ(shot, want); err != nil || share > screenShare {
			t.Errorf("%s: %.2f%% of the pixels differ from %s (%v); the shot is in %s", sz.name, 100*share, path, err, artifacts(t))
		}
	}
}

// differ returns the share of pixels of two PNG images that differ by more than
// pixelDelta in a channel.
func differ(a, b []byte) (float64, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 1, err
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 1, err
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, nil
	}
	r := ia.Bounds()
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if far(ia, ib, x, y) {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy()), nil
}

// far reports whether pixel (x, y) differs by more than pixelDelta in a channel.
func far(a, b image.Image, x, y int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := func(p, q uint32) bool { return max(p, q)-min(p, q) > pixelDelta*257 }
	return d(r1, r2) || d(g1, g2) || d(b1, b2)
}
