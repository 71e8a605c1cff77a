package scan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// LayoutsEnv is the environment variable naming the folder of Xmahjongg layout files
// that [ResolveLayout] reads.
const LayoutsEnv = "MJSAT_LAYOUTS"

// LayoutDir returns the folder of Xmahjongg layout files: $MJSAT_LAYOUTS when set, else
// ../shared/layouts/xmahjongg beside the module root found by walking up from the
// working directory to the folder holding go.mod.
func LayoutDir() (string, error) {
	if d := os.Getenv(LayoutsEnv); d != "" {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("%s=%s is not a directory", LayoutsEnv, d)
		}
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			dir := filepath.Join(d, "..", "shared", "layouts", "xmahjongg")
			if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
				return "", fmt.Errorf("no layout folder %s (set %s)", filepath.Clean(dir), LayoutsEnv)
			}
			return filepath.Clean(dir), nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod above %s to find ../shared/layouts/xmahjongg (set %s)", wd, LayoutsEnv)
		}
		d = parent
	}
}

// LayoutNames returns the names of the layout files in [LayoutDir], sorted.
func LayoutNames() ([]string, error) {
	dir, err := LayoutDir()
	if err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// ResolveLayout returns the layout with the given name, named so: a built-in layout of
// package instances ("turtle", "default"; they need no files and equal Xmahjongg's
// default up to translation, so they give the same deals), else the file of that name in
// [LayoutDir] (the 24 layouts of Xmahjongg 3.7: arena, arrow, boar, bridge, ceremonial,
// deepwell, default, dog, dragon, farandole, hare, horse, hourglass, monkey, ox,
// papillon, ram, rat, rooster, schoon, snake, theater, tiger, wedges).
func ResolveLayout(name string) (board.Layout, error) {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return board.Layout{}, fmt.Errorf("layout name %q: want a bare name like \"default\" (use -layout-file for a path)", name)
	}
	if slices.Contains(instances.Names(), name) {
		l, err := instances.Layout(name)
		if err != nil {
			return board.Layout{}, err
		}
		l.Name = name
		return l, nil
	}
	dir, err := LayoutDir()
	if err != nil {
		return board.Layout{}, fmt.Errorf("layout %q: %w", name, err)
	}
	path := filepath.Join(dir, name)
	l, err := board.ReadLayoutFile(path)
	if errors.Is(err, os.ErrNotExist) {
		names, _ := LayoutNames()
		return board.Layout{}, fmt.Errorf("no layout %q in %s (have: %s)", name, dir, strings.Join(names, " "))
	}
	if err != nil {
		return board.Layout{}, err
	}
	l.Name = name
	return l, nil
}

// Transpose returns l with x and y swapped (de Bondt's "transposed layouts") and
// "^T" appended to its name, the name its records carry.
func Transpose(l board.Layout) board.Layout {
	t := l.Transpose()
	t.Name = l.Name + "^T"
	return t
}
