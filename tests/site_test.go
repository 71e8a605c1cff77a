package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteWasmUpToDate rebuilds the page's solver for the browser as go generate
// does (view/site.go) and checks that view/site/solver.wasm, which view embeds and
// view -static writes, is that build: a change to the solver or the page's server
// must come with the regenerated file.
func TestSiteWasmUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out := filepath.Join(t.TempDir(), "solver.wasm")
	cmd := exec.Command(gobin, "build", "-trimpath", "-buildvcs=false", "-buildmode=c-shared", "-ldflags=-s", "-o", out, "./view/wasm")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the wasm: %v\n%s", err, msg)
	}
	got, _ := os.ReadFile(out)
	want, err := os.ReadFile("../view/site/solver.wasm")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("view/site/solver.wasm is not the build of today's code (%d bytes against %d): run go generate ./view", len(want), len(got))
	}
}

// TestViewStatic writes a static site with the installed view and checks its files:
// the page in its static form, the solver, the board.
func TestViewStatic(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	if r := runIn(t, dir, "", "view", "-static", site, "-layout", "turtle", "-seed", "4"); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	page, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil || !strings.Contains(string(page), `id="verdict"`) || !strings.Contains(string(page), "window.mjsatStatic = true") {
		t.Fatalf("index.html: %v %.200s", err, page)
	}
	for _, f := range []string{"app.js", "wasi.js", "style.css", "solver.wasm", "start.json"} {
		if fi, err := os.Stat(filepath.Join(site, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(site, "start.json")); !strings.Contains(string(data), `"turtle seed 4"`) {
		t.Errorf("start.json is not the deal: %.100s", data)
	}
}
