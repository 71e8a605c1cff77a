package scan

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/shared"
)

func TestResolveLayout(t *testing.T) {
	dir := shared.Path(t, "layouts", "xmahjongg")
	t.Setenv(LayoutsEnv, dir)
	names, err := LayoutNames()
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 24 {
		t.Fatalf("%d layouts in %s, want 24: %v", len(names), dir, names)
	}
	for _, name := range names {
		l, err := ResolveLayout(name)
		if err != nil {
			t.Fatal(err)
		}
		if l.Name != name || l.Len() != 144 {
			t.Errorf("%s: name %q, %d positions", name, l.Name, l.Len())
		}
	}
	for _, p := range Paper {
		if _, err := ResolveLayout(p.Layout); err != nil {
			t.Errorf("paper layout %s: %v", p.Layout, err)
		}
	}
	for _, bad := range []string{"nosuch", "../xmahjongg/default", ""} {
		if _, err := ResolveLayout(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
	if _, err := ResolveLayout("nosuch"); err == nil || !strings.Contains(err.Error(), "default") {
		t.Errorf("unknown name: the error should list the layouts: %v", err)
	}
	// The built-in default gives the same deals as Xmahjongg's file.
	builtin, err := ResolveLayout("default")
	if err != nil {
		t.Fatal(err)
	}
	file, err := board.ReadLayoutFile(filepath.Join(dir, "default"))
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(5) {
		a, errA := board.Deal(builtin, seed)
		b, errB := board.Deal(file, seed)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if !reflect.DeepEqual(a.Tiles, b.Tiles) {
			t.Fatalf("seed %d: the built-in default deals differently from %s", seed, dir)
		}
	}
	t.Setenv(LayoutsEnv, dir+"/missing")
	if _, err := ResolveLayout("default"); err != nil {
		t.Errorf("built-in default without layout files: %v", err)
	}
	if _, err := ResolveLayout("ox"); err == nil || !strings.Contains(err.Error(), LayoutsEnv) {
		t.Errorf("bad %s: err %v", LayoutsEnv, err)
	}
}

func TestLayoutDirFromModuleRoot(t *testing.T) {
	shared.Path(t, "layouts", "xmahjongg")
	t.Setenv(LayoutsEnv, "")
	if _, err := ResolveLayout("default"); err != nil {
		t.Fatalf("without %s, from the package directory: %v", LayoutsEnv, err)
	}
}

func TestTranspose(t *testing.T) {
	l := board.Layout{Name: "t", Pos: []board.Pos{{X: 0, Y: 2, Z: 0}, {X: 4, Y: 0, Z: 1}}}
	tr := Transpose(l)
	if tr.Name != "t^T" || tr.Pos[0] != (board.Pos{X: 2, Y: 0, Z: 0}) || tr.Pos[1] != (board.Pos{X: 0, Y: 4, Z: 1}) {
		t.Fatalf("%+v", tr)
	}
}
