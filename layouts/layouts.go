// Package layouts finds Mahjong layouts by name, wherever a user has them: the
// built-in turtle, the folders of $MJSAT_LAYOUTS, the layouts that the Xmahjongg,
// KMahjongg and GNOME Mahjongg games install, or a path.
//
// A bare name is looked up in that order and the first match wins; a qualified name
// (source/name: "xmahjongg/ox", "kmahjongg/pyramid", "gnome/cloud", "env/mine")
// looks in one source only. The games' folders are the ones their Debian packages
// install to, below $MJSAT_GAMES_ROOT (default "/", so that a test can point at
// packages unpacked with dpkg-deb -x):
//
//	xmahjongg  usr/share/games/xmahjongg/layouts/NAME      (Xmahjongg's text format)
//	kmahjongg  usr/share/kmahjongg/layouts/NAME.layout     (KMahjongg's format)
//	gnome      usr/share/gnome-mahjongg/maps/*.map         (GNOME's XML, many maps a file)
//
// GNOME maps are named by their name in lower case with blanks as dashes ("The
// Ziggurat" is "the-ziggurat"); the name as written is accepted too, in any case.
// mjsat ships none of the games' files (they are GPL data): they are read at run time.
package layouts

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// Environment variables the resolver reads.
const (
	EnvDirs = "MJSAT_LAYOUTS"    // folders of layout files, separated as in $PATH
	EnvRoot = "MJSAT_GAMES_ROOT" // the root below which the games' folders are (default "/")
)

// The sources, in the order a bare name is looked up.
const (
	Builtin   = "builtin"
	Env       = "env"
	Xmahjongg = "xmahjongg"
	KMahjongg = "kmahjongg"
	Gnome     = "gnome"
)

// Sources lists the sources in lookup order.
var Sources = []string{Builtin, Env, Xmahjongg, KMahjongg, Gnome}

// Entry is a layout found by [List].
type Entry struct {
	Source string // one of Sources
	Name   string // its bare name in that source
	Path   string // the file it is read from ("" for built-in layouts)
	Tiles  int    // number of positions (0 when it could not be read)
	Err    error  // why it could not be read, if so
	mapIdx int    // GNOME: the map's index in its file
}

// Qualified returns "source/name".
func (e Entry) Qualified() string { return e.Source + "/" + e.Name }

// Load reads the layout; its Name is the entry's bare name, but for a built-in one,
// which keeps its canonical name ("default" is the turtle).
func (e Entry) Load() (board.Layout, error) {
	var l board.Layout
	var err error
	switch e.Source {
	case Builtin:
		l, err = instances.Layout(e.Name)
	case Gnome:
		var maps []board.Layout
		if maps, err = board.ReadGnomeMapsFile(e.Path); err == nil {
			if e.mapIdx >= len(maps) {
				return board.Layout{}, fmt.Errorf("%s: map %q is gone", e.Path, e.Name)
			}
			l = maps[e.mapIdx]
		}
	default:
		l, err = board.ReadLayoutFile(e.Path)
	}
	if err != nil {
		return board.Layout{}, err
	}
	if e.Source != Builtin {
		l.Name = e.Name
	}
	return l, nil
}

// root returns the games' root folder.
func root() string {
	if r := os.Getenv(EnvRoot); r != "" {
		return r
	}
	return "/"
}

// Dirs returns the folders each source reads, in lookup order (the built-in source
// has none; a source's folders need not exist).
func Dirs() map[string][]string {
	var env []string
	for _, d := range filepath.SplitList(os.Getenv(EnvDirs)) {
		if d != "" {
			env = append(env, d)
		}
	}
	r := root()
	return map[string][]string{
		Env:       env,
		Xmahjongg: {filepath.Join(r, "usr/share/games/xmahjongg/layouts")},
		KMahjongg: {filepath.Join(r, "usr/share/kmahjongg/layouts")},
		Gnome:     {filepath.Join(r, "usr/share/gnome-mahjongg/maps")},
	}
}

// List returns every layout of every source, in lookup order and by name within a
// source. A file that cannot be read is listed with its error; a missing folder is
// no error (that game is not installed).
func List() ([]Entry, error) {
	var out []Entry
	for _, n := range instances.Names() {
		l, err := instances.Layout(n)
		out = append(out, Entry{Source: Builtin, Name: n, Tiles: l.Len(), Err: err})
	}
	dirs := Dirs()
	for _, src := range Sources[1:] {
		for _, d := range dirs[src] {
			es, err := listDir(src, d)
			if err != nil {
				return out, err
			}
			out = append(out, es...)
		}
	}
	return out, nil
}

// listDir lists the layouts of one folder of a source.
func listDir(src, dir string) ([]Entry, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, de := range ents {
		name := de.Name()
		path := filepath.Join(dir, name)
		if strings.HasPrefix(name, ".") || !isFile(path) {
			continue
		}
		switch src {
		case KMahjongg:
			if !strings.HasSuffix(name, ".layout") {
				continue // the .desktop files describe the layouts
			}
			name = strings.TrimSuffix(name, ".layout")
		case Gnome:
			if !strings.HasSuffix(name, ".map") {
				continue
			}
			maps, err := board.ReadGnomeMapsFile(path)
			if err != nil {
				out = append(out, Entry{Source: src, Name: strings.TrimSuffix(name, ".map"), Path: path, Err: err})
				continue
			}
			for i, m := range maps {
				out = append(out, Entry{Source: src, Name: Slug(m.Name), Path: path, Tiles: m.Len(), mapIdx: i})
			}
			continue
		}
		e := Entry{Source: src, Name: name, Path: path}
		if l, err := board.ReadLayoutFile(path); err != nil {
			e.Err = err
		} else {
			e.Tiles = l.Len()
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// Slug returns the name by which a GNOME map is found: lower case, blanks as dashes.
func Slug(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), "-"))
}

// Find returns the layout called name: a bare name looked up source by source, a
// qualified name (source/name) in its source only, or else a file path. Its Name is
// the bare name (the file's base name without extension for a path). An unknown name
// is an error that says where it looked.
func Find(name string) (board.Layout, error) {
	if name == "" {
		return board.Layout{}, errors.New("empty layout name")
	}
	e, ok, err := Lookup(name)
	if err != nil {
		return board.Layout{}, err
	}
	if ok {
		return e.Load()
	}
	if isFile(name) {
		return board.ReadLayoutFile(name)
	}
	return board.Layout{}, notFound(name)
}

// Lookup finds the entry of a bare or qualified name; ok is false when there is none
// (a path is not looked up).
func Lookup(name string) (e Entry, ok bool, err error) {
	src, bare, qualified := strings.Cut(name, "/")
	if qualified && !knownSource(src) {
		qualified = false // a path such as ./x or dir/file
	}
	if !qualified {
		src, bare = "", name
	}
	if bare == "" || bare == "." || bare == ".." || strings.ContainsAny(bare, `/\`) || strings.ContainsRune(bare, 0) {
		return Entry{}, false, nil
	}
	for _, s := range Sources {
		if src != "" && s != src {
			continue
		}
		if e, ok, err := lookupIn(s, bare); err != nil || ok {
			return e, ok, err
		}
	}
	return Entry{}, false, nil
}

func knownSource(s string) bool {
	for _, k := range Sources {
		if s == k {
			return true
		}
	}
	return false
}

// lookupIn looks for bare in one source.
func lookupIn(src, bare string) (Entry, bool, error) {
	if src == Builtin {
		for _, n := range instances.Names() {
			if n == bare {
				l, err := instances.Layout(n)
				return Entry{Source: Builtin, Name: n, Tiles: l.Len()}, err == nil, err
			}
		}
		return Entry{}, false, nil
	}
	for _, d := range Dirs()[src] {
		switch src {
		case Gnome:
			es, err := listDir(src, d)
			if err != nil {
				return Entry{}, false, err
			}
			for _, e := range es {
				if e.Err == nil && strings.EqualFold(e.Name, Slug(bare)) {
					return e, true, nil
				}
			}
		case KMahjongg:
			p := filepath.Join(d, strings.TrimSuffix(bare, ".layout")+".layout")
			if isFile(p) {
				return Entry{Source: src, Name: strings.TrimSuffix(bare, ".layout"), Path: p}, true, nil
			}
		default:
			if p := filepath.Join(d, bare); isFile(p) {
				return Entry{Source: src, Name: bare, Path: p}, true, nil
			}
		}
	}
	return Entry{}, false, nil
}

// notFound says where the lookup of name went.
func notFound(name string) error {
	var where []string
	dirs := Dirs()
	for _, s := range Sources[1:] {
		for _, d := range dirs[s] {
			where = append(where, d)
		}
	}
	if len(dirs[Env]) == 0 {
		where = append(where, "$"+EnvDirs+" (unset)")
	}
	return fmt.Errorf("no layout %q: not built in (%s), not in %s, and no such file; -layout list shows what there is",
		name, strings.Join(instances.Names(), ", "), strings.Join(where, ", "))
}

// WriteList writes every layout of [List], one a line: qualified name, tile count,
// file (or why it cannot be read).
func WriteList(w io.Writer) error {
	es, err := List()
	for _, e := range es {
		where := e.Path
		if e.Source == Builtin {
			where = "(built in)"
		}
		if e.Err != nil {
			fmt.Fprintf(w, "%-28s %5s  %s: cannot be read: %v\n", e.Qualified(), "-", where, e.Err)
			continue
		}
		fmt.Fprintf(w, "%-28s %5d  %s\n", e.Qualified(), e.Tiles, where)
	}
	return err
}
