//go:build !wasip1

package view

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/shisen"
)

//go:generate sh -c "GOOS=wasip1 GOARCH=wasm go build -trimpath -buildvcs=false -buildmode=c-shared -ldflags=-s -o site/solver.wasm ./wasm"

// static holds the page: served by the local server, written by WriteSite. (The
// solver for the browser leaves it out, so that a change to the page does not change
// the solver.)
//
//go:embed static
var static embed.FS

// solverWasm is the page's solver for the browser (./wasm, built by go generate).
//
//go:embed site/solver.wasm
var solverWasm []byte

// WriteSite writes into dir a static site that plays b in the browser with no server:
// the page (index.html, app.js, style.css), the solver compiled to WebAssembly
// (solver.wasm) with the page's bridge to it (wasi.js), and b (start.json). Put dir
// on any static host; the page answers every request in the browser, as the local
// server does. It deals the built-in layouts (turtle) by name and seed.
func WriteSite(dir string, b *board.Board) error {
	var sb strings.Builder
	if err := b.WriteJSON(&sb); err != nil {
		return err
	}
	return writeSite(dir, "index.html", "app.js", sb.String())
}

// WriteShisenSite is WriteSite for a Shisen-Sho board: the site plays it on the
// Shisen-Sho page, and deals KShisen's sizes.
func WriteShisenSite(dir string, b *shisen.Board) error {
	var sb strings.Builder
	if err := b.WriteJSON(&sb); err != nil {
		return err
	}
	return writeSite(dir, "shisen.html", "shisen.js", sb.String())
}

// writeSite writes the page (its HTML as index.html, its script), the style, the
// solver and its bridge, and the board to open.
func writeSite(dir, page, script, start string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := map[string][]byte{"solver.wasm": solverWasm, "start.json": []byte(start)}
	for _, name := range []string{page, script, "backend.js", "style.css", "wasi.js"} {
		data, err := fs.ReadFile(static, "static/"+name)
		if err != nil {
			return err
		}
		if name == page {
			name = "index.html"
			data = []byte(strings.Replace(string(data), "<!--static-->",
				`<script>window.mjsatStatic = true;</script><script src="wasi.js"></script>`, 1))
		}
		files[name] = data
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
	}
	return nil
}
