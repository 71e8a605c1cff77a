package view

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/shisen"
	"github.com/mjsat/mjsat/solver"
)

// browser returns a Chromium or Chrome executable, or "".
func browser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromium returns the browser for a test, skipping it with -short or when there is
// none (in CI, where .ci/run installs Debian's chromium, a missing one fails it).
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short")
	}
	exe := browser()
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no Chromium: .ci/run installs Debian's chromium")
		}
		t.Skip("no Chromium or Chrome on this machine (Debian: apt-get install chromium)")
	}
	return exe
}

// artifacts is where the test keeps its screenshots: $MJSAT_ARTIFACTS, else a
// temporary folder that the test names in its log.
func artifacts(t *testing.T) string {
	if d := os.Getenv("MJSAT_ARTIFACTS"); d != "" {
		os.MkdirAll(d, 0o755)
		return d
	}
	return t.TempDir()
}

// TestBrowser plays a turtle deal in a real headless browser: the whole winning play
// by clicking tiles, checking after every move that the page says the position is
// winnable and at the end that it is won; then, from the start, a losing first move,
// after which the page must say lost and name that move as the one that lost the game.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	// A winnable deal with a first move that loses it.
	var b *board.Board
	var play [][2]int
	var losing [2]int
	for seed := uint64(1); b == nil && seed < 200; seed++ {
		d := turtle(t, seed)
		res, err := solver.Solve(context.Background(), d, solver.Options{Seed: 1})
		if err != nil || res.Status != board.Solvable {
			continue
		}
		s := d.NewState()
		for _, m := range s.Moves() {
			u := s.Clone()
			u.Remove(m[0], m[1])
			pos, _ := u.Position()
			if r, _ := solver.Solve(context.Background(), pos, solver.Options{Seed: 1}); r.Status == board.Unsolvable {
				b, play, losing = d, res.Moves, [2]int{d.Tiles[m[0]].ID, d.Tiles[m[1]].ID}
				break
			}
		}
	}
	if b == nil {
		t.Fatal("no winnable deal with a losing first move among turtle seeds 1..199")
	}
	srv, err := NewServer(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	// The static site of the same board, on a plain file server: the page with the
	// solver in the browser.
	dir := t.TempDir()
	if err := WriteSite(dir, b); err != nil {
		t.Fatal(err)
	}
	files := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer files.Close()

	ctx := newBrowser(t, exe)
	for _, site := range []struct{ name, url string }{{"server", ts.URL}, {"static", files.URL}} {
		t.Run(site.name, func(t *testing.T) { playThrough(t, ctx, site.url, site.name, b, play, losing) })
	}
}

// newBrowser starts a headless Chromium for the test, at a laptop's window size.
func newBrowser(t *testing.T, exe string) context.Context {
	profile, err := os.MkdirTemp("", "mjsat-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) }) // after the allocator's cancel has ended the browser
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(profile),
		chromedp.WindowSize(1366, 768))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	// The browser speaks a newer protocol than cdproto knows: it reports events this
	// version cannot decode, which do not concern the test.
	quiet := func(format string, a ...any) {
		if msg := fmt.Sprintf(format, a...); !strings.Contains(msg, "could not unmarshal event") {
			t.Log(msg)
		}
	}
	bctx, cancel := chromedp.NewContext(actx, chromedp.WithErrorf(quiet))
	t.Cleanup(cancel)
	ctx, cancel := context.WithTimeout(bctx, 6*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// verdictIs waits until the page says want of the position after moves moves.
func verdictIs(want string, moves int) chromedp.Action {
	js := fmt.Sprintf(`document.getElementById("verdict").textContent === %q && document.getElementById("count").textContent.endsWith(", %d moves")`, want, moves)
	return chromedp.Poll(js, nil, chromedp.WithPollingTimeout(30*time.Second))
}

// playThrough plays b on the page at url: the whole winning play by clicking tiles,
// checking after every move that the page says the position is winnable and at the
// end that it is won; then, from the start, a losing first move, after which the page
// must say lost and name that move by its faces; back to the last winnable position;
// and a new winnable deal.
func playThrough(t *testing.T, ctx context.Context, url, name string, b *board.Board, play [][2]int, losing [2]int) {
	click := func(id int) chromedp.Action {
		return chromedp.Click(fmt.Sprintf(`#board [data-tile="%d"]`, id), chromedp.ByQuery)
	}
	shot := func(file string) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			var png []byte
			if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
				return err
			}
			path := filepath.Join(artifacts(t), name+"-"+file)
			t.Logf("screenshot %s", path)
			return os.WriteFile(path, png, 0o644)
		})
	}
	start := time.Now()
	if err := chromedp.Run(ctx, chromedp.Navigate(url), verdictIs("winnable", 0)); err != nil {
		t.Fatalf("opening the page: %v", err)
	}
	t.Logf("%s: %v from opening the page to the first verdict", name, time.Since(start).Round(time.Millisecond))
	if err := chromedp.Run(ctx, shot("start.png")); err != nil {
		t.Fatal(err)
	}
	// A click event that does not bubble, on a tile itself, plays too: select and
	// unselect the first tile of the play.
	if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(() => { const el = document.querySelector('[data-tile="%d"]');
		el.dispatchEvent(new MouseEvent("click")); return el.classList.contains("selected"); })()`, play[0][0]), nil)); err != nil {
		t.Fatal(err)
	}
	var sel bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#board .selected").length === 1`, &sel)); err != nil || !sel {
		t.Fatalf("a non-bubbling click did not select the tile: %v", err)
	}
	if err := chromedp.Run(ctx, click(play[0][0])); err != nil { // unselect
		t.Fatal(err)
	}
	for k, m := range play {
		want := "winnable"
		if k == len(play)-1 {
			want = "won"
		}
		if err := chromedp.Run(ctx, click(m[0]), click(m[1]), verdictIs(want, k+1)); err != nil {
			var st string
			chromedp.Run(ctx, chromedp.Text("#verdict", &st, chromedp.ByQuery))
			t.Fatalf("move %d (%d %d): %v (verdict %q)", k+1, m[0], m[1], err, st)
		}
	}
	var left string
	if err := chromedp.Run(ctx, chromedp.Text("#count", &left, chromedp.ByQuery), shot("won.png")); err != nil || !strings.HasPrefix(left, "0 tiles left") {
		t.Fatalf("after the winning play: %q %v", left, err)
	}
	// Restart, and lose on the first move.
	var first string
	err := chromedp.Run(ctx, chromedp.Click("#restart", chromedp.ByID), verdictIs("winnable", 0),
		click(losing[0]), click(losing[1]), verdictIs("lost", 1),
		chromedp.Poll(`document.getElementById("story").textContent.startsWith("Move 1, ")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#story", &first, chromedp.ByID), shot("lost.png"))
	if err != nil {
		t.Fatalf("the losing move: %v", err)
	}
	// The move is named by the faces of its tiles, never by their ids.
	faces := Tiles(b)
	want := fmt.Sprintf("Move 1, the two %s, lost the game", faces[losing[0]].Name)
	if !strings.HasPrefix(first, want) || strings.Contains(first, fmt.Sprint(losing[0])+" ") {
		t.Errorf("first losing move shown as %q, want %q", first, want)
	}
	// Back to the last winnable position: the start, winnable again.
	if err := chromedp.Run(ctx, chromedp.Click("#back", chromedp.ByID), verdictIs("winnable", 0)); err != nil {
		t.Fatalf("back to the last winnable position: %v", err)
	}
	// A new winnable deal: winnable, its game number in the box and the address.
	var title, seed, loc string
	err = chromedp.Run(ctx, chromedp.Click("#new-winnable", chromedp.ByID),
		chromedp.Poll(`document.getElementById("title").textContent.includes("winnable deal")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		verdictIs("winnable", 0), chromedp.Text("#title", &title, chromedp.ByID),
		chromedp.Value("#seed", &seed, chromedp.ByID), chromedp.Evaluate(`location.search`, &loc))
	if err != nil || seed == "" || !strings.Contains(title, "winnable deal "+seed) || !strings.Contains(loc, "seed="+seed) {
		t.Fatalf("new winnable deal: %v: title %q, seed box %q, address %q", err, title, seed, loc)
	}
}

// TestBrowserShisen plays a Shisen-Sho deal in Chromium: the whole winning play by
// clicking cells, the page saying winnable after every move and won at the end, the
// path of each move drawn; with and without gravity on the served page, and on the
// static site.
func TestBrowserShisen(t *testing.T) {
	exe := chromium(t)
	for _, run := range []struct {
		gravity, static bool
	}{{false, false}, {true, false}, {false, true}} {
		gravity := run.gravity
		b, err := shisen.Deal(14, 6, gravity, 2)
		if err != nil {
			t.Fatal(err)
		}
		res, err := shisen.Solve(context.Background(), b)
		if err != nil || res.Status != board.Solvable {
			t.Fatalf("gravity %v: %v %v", gravity, res.Status, err)
		}
		var ts *httptest.Server
		if run.static { // the static site, on a plain file server
			dir := t.TempDir()
			if err := WriteShisenSite(dir, b); err != nil {
				t.Fatal(err)
			}
			ts = httptest.NewServer(http.FileServer(http.Dir(dir)))
		} else {
			srv, err := NewServer(nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			srv.StartShisen(b)
			ts = httptest.NewServer(srv)
		}
		ctx := newBrowser(t, exe)
		click := func(c shisen.Cell) chromedp.Action {
			return chromedp.Click(fmt.Sprintf(`#board [data-cell="%d,%d"]`, c.X, c.Y), chromedp.ByQuery)
		}
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.URL), verdictIs("winnable", 0)); err != nil {
			t.Fatalf("%+v: opening the page: %v", run, err)
		}
		if !gravity {
			refusedMove(t, ctx, b)
		}
		for k, m := range res.Moves {
			want := "winnable"
			if k == len(res.Moves)-1 {
				want = "won"
			}
			var path bool
			if err := chromedp.Run(ctx, click(m[0]), click(m[1]), verdictIs(want, k+1),
				chromedp.Evaluate(`document.querySelector("#board .path") !== null`, &path)); err != nil || !path {
				var msg, cnt string
				chromedp.Run(ctx, chromedp.Text("#message", &msg, chromedp.ByID), chromedp.Text("#count", &cnt, chromedp.ByID))
				t.Fatalf("%+v, move %d %v: %v (path drawn: %v; %q, %q)", run, k+1, m, err, path, msg, cnt)
			}
		}
		ts.Close()
	}
}

// refusedMove clicks two tiles of one group of b that no path joins, on the Shisen-Sho
// page open in ctx: the page must refuse the move and say why, naming the tiles by
// their face, not by their cells or group.
func refusedMove(t *testing.T, ctx context.Context, b *shisen.Board) {
	p, q, found := unjoined(b)
	if !found {
		t.Fatal("no pair of one group without a path")
	}
	var name, msg string
	sel := func(c shisen.Cell) string { return fmt.Sprintf(`#board [data-cell="%d,%d"]`, c.X, c.Y) }
	err := chromedp.Run(ctx,
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).textContent`, sel(p)+" title"), &name),
		chromedp.Click(sel(p), chromedp.ByQuery), chromedp.Click(sel(q), chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("message").textContent !== ""`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#message", &msg, chromedp.ByID), verdictIs("winnable", 0))
	if err != nil {
		t.Fatalf("a move with no path: %v (%q)", err, msg)
	}
	if want := "No path joins these two tiles (" + name + ")"; name == "" || !strings.HasPrefix(msg, want) {
		t.Errorf("a move with no path: the page says %q, want it to start %q", msg, want)
	}
}
