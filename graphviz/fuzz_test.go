package graphviz

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/reference"
)

// FuzzStacks draws every view of boards read from the stacks text; it must never panic,
// and where Definition 6 applies to a small board, the groups view's Theorem 7 verdict
// must agree with exhaustive search.
func FuzzStacks(f *testing.F) {
	for _, s := range []string{"a a", "a b\nb a", "a b\nb c\nc d\nd a", "a b\nb a\na\na", "x1 x1 x2\nx2 x1 x1\nx2 x2 s\ns", "a\na"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := board.ParseStacks([]byte(text), "fuzz")
		if err != nil {
			return
		}
		s := b.NewState()
		Tiles(s).Bytes()
		d, err := Groups(s)
		if err != nil {
			t.Fatalf("groups view of a stacks text: %v", err)
		}
		out := d.Bytes()
		if _, err := Gadgets(s); err == nil {
			t.Fatal("gadgets view of a board without meta")
		}
		if b.N() > 16 || !bytes.Contains(out, []byte("// Theorem 7: ")) {
			return
		}
		unsolvable := bytes.Contains(out, []byte("// Theorem 7: unsolvable"))
		if reference.SolvableFrom(s) == unsolvable {
			t.Fatalf("Theorem 7 verdict (unsolvable=%v) disagrees with exhaustive search on\n%s", unsolvable, text)
		}
	})
}

// FuzzGadgetsMeta draws the gadgets view of the one-variable reduction with its meta
// replaced by arbitrary bytes: a clear error or a drawing, never a panic.
func FuzzGadgetsMeta(f *testing.F) {
	b := reduced(f, oneVar, false)
	f.Add(string(b.Meta))
	f.Add(`{"reduction": {"groups": {}}}`)
	f.Add(`{"reduction": null}`)
	f.Add(strings.Replace(string(b.Meta), `"SAT_x":`, `"SAT_x":1`, 1))
	f.Fuzz(func(t *testing.T, meta string) {
		nb, err := board.New(b.Name, b.Tiles, []byte(meta))
		if err != nil {
			return
		}
		if d, err := Gadgets(nb.NewState()); err == nil {
			d.Bytes()
		}
	})
}
