package reduce

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/golden"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
)

// TestGolden compares the boards of testdata/*.cnf with testdata/NAME.json (stacks),
// NAME.flat.json (one level) and NAME.stacks, and reads each back.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "*.cnf"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	for _, in := range inputs {
		base := strings.TrimSuffix(in, ".cnf")
		t.Run(filepath.Base(base), func(t *testing.T) {
			f, err := cnf.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			for _, out := range []struct {
				suffix string
				flat   bool
				write  func(*board.Board, *bytes.Buffer) error
			}{
				{".json", false, func(b *board.Board, w *bytes.Buffer) error { return b.WriteJSON(w) }},
				{".flat.json", true, func(b *board.Board, w *bytes.Buffer) error { return b.WriteJSON(w) }},
				{".stacks", false, func(b *board.Board, w *bytes.Buffer) error { return b.WriteStacks(w) }},
			} {
				b, _, err := Reduce(f, Options{Flat: out.flat, Source: filepath.Base(in)})
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				if err := out.write(b, &got); err != nil {
					t.Fatal(err)
				}
				path := base + out.suffix
				golden.Check(t, path, got.Bytes())
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				back, err := board.Read(bytes.NewReader(want), path)
				if err != nil {
					t.Fatalf("golden %s does not read back: %v", path, err)
				}
				if back.N() != b.N() {
					t.Errorf("%s read back with %d tiles, want %d", path, back.N(), b.N())
				}
			}
		})
	}
}
