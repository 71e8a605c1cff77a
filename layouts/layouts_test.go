package layouts

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/shared"
	"github.com/mjsat/mjsat/solver"
)

// noGames points the games' root at an empty folder, so that only the sources a test
// sets up are seen.
func noGames(t *testing.T) {
	t.Setenv(EnvRoot, t.TempDir())
	t.Setenv(EnvDirs, "")
}

func TestFindInLayoutFolder(t *testing.T) {
	noGames(t)
	dir := shared.Path(t, "layouts", "xmahjongg")
	t.Setenv(EnvDirs, filepath.Join(t.TempDir(), "missing")+string(os.PathListSeparator)+dir)
	es, err := List()
	if err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, e := range es {
		if e.Source == Env {
			env = append(env, e.Name)
			if e.Err != nil || e.Tiles != 144 {
				t.Errorf("%s: %d tiles, %v", e.Qualified(), e.Tiles, e.Err)
			}
		}
	}
	if len(env) != 24 {
		t.Fatalf("%d layouts in %s, want Xmahjongg's 24: %v", len(env), dir, env)
	}
	for _, name := range []string{"ox", "env/ox"} {
		l, err := Find(name)
		if err != nil || l.Name != "ox" || l.Len() != 144 {
			t.Errorf("Find(%q): %q, %d positions, %v", name, l.Name, l.Len(), err)
		}
	}
	// A path is read as a file.
	if l, err := Find(filepath.Join(dir, "bridge")); err != nil || l.Name != "bridge" {
		t.Errorf("path: %q %v", l.Name, err)
	}
	// The built-in default comes first and deals as Xmahjongg's file does.
	builtin, err := Find("default")
	if err != nil {
		t.Fatal(err)
	}
	file, err := Find("env/default")
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
}

func TestFindErrors(t *testing.T) {
	noGames(t)
	for _, c := range []struct{ name, want string }{
		{"", "empty layout name"},
		{"nosuch", `no layout "nosuch": not built in (default, turtle), not in `},
		{"kmahjongg/nosuch", "$" + EnvDirs + " (unset)"},
		{"../xmahjongg/default", "no such file"},
		{"env/../../etc/passwd", `no layout "env/../../etc/passwd"`},
	} {
		_, err := Find(c.name)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Find(%q): %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// TestGamesData reads every layout that the Debian packages of Xmahjongg, KMahjongg
// and GNOME Mahjongg ship, below $MJSAT_GAMES_ROOT (CI unpacks the packages there) or
// installed: each must parse, have a tile count the game accepts (even, 144 for
// Xmahjongg), and deal boards that the solver decides, every winning play replayed.
func TestGamesData(t *testing.T) {
	if os.Getenv(EnvRoot) == "" {
		if _, err := os.Stat("/usr/share/kmahjongg/layouts"); err != nil {
			t.Skipf("no games' layouts: set %s to a folder where the xmahjongg, kmahjongg and gnome-mahjongg packages are unpacked (.ci/run does)", EnvRoot)
		}
	}
	t.Setenv(EnvDirs, "")
	es, err := List()
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, e := range es {
		if e.Source == Builtin {
			continue
		}
		count[e.Source]++
		t.Run(e.Qualified(), func(t *testing.T) {
			if e.Err != nil {
				t.Fatalf("cannot be read: %v", e.Err)
			}
			l, err := e.Load()
			if err != nil {
				t.Fatal(err)
			}
			if l.Len() != e.Tiles || l.Len()%2 != 0 || e.Source == Xmahjongg && l.Len() != 144 {
				t.Fatalf("%d tiles (listed %d): not a count the game accepts", l.Len(), e.Tiles)
			}
			if got, err := Find(e.Qualified()); err != nil || !reflect.DeepEqual(got.Pos, l.Pos) {
				t.Fatalf("Find(%q) gives another layout: %v", e.Qualified(), err)
			}
			for seed := range uint64(2) {
				b, err := board.Deal(l, seed)
				if err != nil {
					t.Fatal(err)
				}
				res, err := solver.Solve(context.Background(), b, solver.Options{Seed: 1, Timeout: 5 * time.Second})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if res.Status == board.Solvable {
					if err := b.Replay(res.Play()); err != nil {
						t.Errorf("seed %d: the winning play does not replay: %v", seed, err)
					}
				}
				t.Logf("seed %d: %v in %v", seed, res.Status, res.Stats.Elapsed.Round(time.Millisecond))
			}
		})
	}
	// The packages of Debian 12 ship 24, 72 and 9 layouts.
	for src, min := range map[string]int{Xmahjongg: 24, KMahjongg: 72, Gnome: 9} {
		if count[src] < min {
			t.Errorf("%s: %d layouts found, want at least %d", src, count[src], min)
		}
	}
}

func TestListBuiltin(t *testing.T) {
	noGames(t)
	es, err := List()
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != len(instances.Names()) {
		t.Fatalf("%d entries without any folder: %+v", len(es), es)
	}
	for _, e := range es {
		if e.Source != Builtin || e.Tiles != 144 {
			t.Errorf("%+v", e)
		}
	}
}
