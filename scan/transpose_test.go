package scan

import (
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/layouts"
)

func TestTranspose(t *testing.T) {
	l := board.Layout{Name: "t", Pos: []board.Pos{{X: 0, Y: 2, Z: 0}, {X: 4, Y: 0, Z: 1}}}
	tr := Transpose(l)
	if tr.Name != "t^T" || tr.Pos[0] != (board.Pos{X: 2, Y: 0, Z: 0}) || tr.Pos[1] != (board.Pos{X: 0, Y: 4, Z: 1}) {
		t.Fatalf("%+v", tr)
	}
}

// TestPaperLayoutsFound checks that every layout of the paper's table is found by name.
func TestPaperLayoutsFound(t *testing.T) {
	t.Setenv(layouts.EnvDirs, shared.Path(t, "layouts", "xmahjongg"))
	for _, p := range Paper {
		if _, err := layouts.Find(p.Layout); err != nil {
			t.Errorf("paper layout %s: %v", p.Layout, err)
		}
	}
}
