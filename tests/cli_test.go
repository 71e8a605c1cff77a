package tests

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mjsat/mjsat/internal/clitest"
)

// The commands, as installed: built once per test binary with go install into a
// temporary GOBIN, and run from an empty folder, as a user who has no checkout would.
var (
	installOnce sync.Once
	installDir  string
	installErr  error
)

var commands = []string{"analyze", "blockgraph", "deal", "encode", "play", "puzzle", "reduce", "scan", "solve", "verify", "view"}

// install returns the folder holding the installed commands, skipping the test when
// no go command is at hand.
func install(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to install the commands with")
	}
	installOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mjsat-bin-")
		if err != nil {
			installErr = err
			return
		}
		cmd := exec.Command(gobin, "install", "./cmd/...")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "GOBIN="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			installErr = err
			installDir = string(out)
			return
		}
		installDir = dir
	})
	if installErr != nil {
		t.Fatalf("go install ./cmd/...: %v\n%s", installErr, installDir)
	}
	return installDir
}

// result is what a run of a command did.
type result struct {
	code           int
	stdout, stderr string
	elapsed        time.Duration
}

// runIn runs the installed command name in dir with stdin, and a time limit.
func runIn(t *testing.T, dir, stdin string, name string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(install(t), name), args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String(), elapsed: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return r
}

// fixtures writes the inputs the table below needs into dir.
func fixtures(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{
		"f.cnf":    "p cnf 3 3\n1 2 3 0\n-1 -2 0\n2 -3 0\n",
		"b.stacks": "a b\nc b\na c\n",
		"play.json": `{"format": "mahjong-play/1", "solvable": true, "moves": [[0, 2], [1, 3], [4, 5]]}
`,
		"deal.txt": "A K\nK A\n-\n-\n-\n-\n-\n-\n-\n-\n-\n-\n",
		"partial.json": `{"format": "mahjong-play/1", "solvable": false, "moves": [], "partial": [[0, 4]]}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// TestCLI checks the conventions every command shares (internal/cli), on the
// installed binaries run from an empty folder: -h prints usage on standard output and
// exits 0; a bad flag and a stray argument exit 2 with the message and usage on
// standard error; -version prints the version; "-" reads standard input; -o writes a
// file and nothing on standard output.
func TestCLI(t *testing.T) {
	dir := t.TempDir()
	files := fixtures(t, dir)
	version := regexp.MustCompile(`^\S+( \S+)? (\(devel\)|v\S+)( [0-9a-f]{12}(\+modified)?( \S+)?)? go\S+\n$`)
	for _, name := range commands {
		t.Run(name+"/help", func(t *testing.T) {
			for _, h := range []string{"-h", "-help", "--help"} {
				r := runIn(t, dir, "", name, h)
				if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: "+name) || r.stderr != "" || !strings.Contains(r.stdout, "exit status: 0") {
					t.Errorf("%s %s: exit %d, stdout %.60q, stderr %q", name, h, r.code, r.stdout, r.stderr)
				}
				// -help prints the manual itself, which go doc could not find here.
				if manual := strings.Contains(r.stdout, "\nCommand "+name+" "); manual != (h != "-h") {
					t.Errorf("%s %s: manual printed %v", name, h, manual)
				}
			}
		})
		t.Run(name+"/badflag", func(t *testing.T) {
			r := runIn(t, dir, "", name, "-no-such-flag")
			if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, name+": flag provided but not defined: -no-such-flag\nrun '"+name+" -h' for help\n") {
				t.Errorf("exit %d, stdout %q, stderr %.120q", r.code, r.stdout, r.stderr)
			}
		})
		t.Run(name+"/version", func(t *testing.T) {
			r := runIn(t, dir, "", name, "-version")
			if r.code != 0 || !strings.HasPrefix(r.stdout, name+" ") || !version.MatchString(r.stdout) {
				t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
			}
		})
	}
	// A good call of each command, on standard input where it reads a file.
	good := []struct {
		name  string
		stdin string
		args  []string
		want  string // in standard output
	}{
		{"analyze", files["b.stacks"], []string{"-", "partial.json"}, "1 moves; the board at the start: solvable"},
		{"blockgraph", files["b.stacks"], []string{"-"}, "digraph"},
		{"deal", "", []string{"-layout", "turtle", "-seed", "3"}, `"turtle seed 3"`},
		{"encode", files["b.stacks"], []string{"-"}, "p cnf "},
		{"play", files["b.stacks"], []string{"-exact", "-json", "-"}, `"optimal":`},
		{"puzzle", files["deal.txt"], []string{"fourteen", "-deal", "-"}, "won in 2 moves"},
		{"reduce", files["f.cnf"], []string{"-"}, `"format": "mahjong-board/1"`},
		{"scan", "", []string{"-layout", "turtle", "-deals", "0:2", "-j", "1", "-q"}, `"verdict":`},
		{"solve", files["b.stacks"], []string{"-"}, "solvable\n"},
		{"verify", files["f.cnf"], []string{"-nosat", "-"}, "1 passed, 0 failed"},
		{"view", files["b.stacks"], []string{"-svg", "-"}, `<g data-tile="0"`},
	}
	for _, g := range good {
		t.Run(g.name+"/stdin", func(t *testing.T) {
			r := runIn(t, dir, g.stdin, g.name, g.args...)
			if r.code != 0 || !strings.Contains(r.stdout, g.want) {
				t.Fatalf("%s %v: exit %d, stdout %.200q, stderr %q", g.name, g.args, r.code, r.stdout, r.stderr)
			}
			// The same with -o: the file holds what standard output held.
			out := filepath.Join(t.TempDir(), "out")
			args := append([]string{"-o", out}, g.args...)
			if g.name == "puzzle" {
				args = append([]string{g.args[0], "-o", out}, g.args[1:]...)
			}
			r2 := runIn(t, dir, g.stdin, g.name, args...)
			if g.name == "scan" && strings.HasPrefix(r2.stdout, "layout turtle: 2 deals") {
				r2.stdout = "" // with -o, scan prints the summary (its records are in the file)
			}
			if r2.code != 0 || r2.stdout != "" {
				t.Fatalf("%s %v: exit %d, stdout %.200q, stderr %q", g.name, args, r2.code, r2.stdout, r2.stderr)
			}
			if got := clitest.ReadFile(t, out); !strings.Contains(got, g.want) {
				t.Errorf("-o file %.200q lacks %q", got, g.want)
			}
			// A stray argument is refused.
			bad := append(append([]string{}, g.args...), "stray")
			if g.args[len(g.args)-1] == "-" {
				bad = append(append([]string{}, g.args[:len(g.args)-1]...), "-", "stray")
			}
			if g.name == "verify" {
				return // verify takes any number of formulas
			}
			r3 := runIn(t, dir, g.stdin, g.name, bad...)
			if r3.code != 2 || !strings.Contains(r3.stderr, `unexpected argument "stray"`) {
				t.Errorf("%s %v: exit %d, stderr %.200q", g.name, bad, r3.code, r3.stderr)
			}
		})
	}
}

// TestInstalledLayoutsByName runs the installed scan and deal from an empty folder on
// layouts found by name: the built-in turtle, and a KMahjongg layout from the games.
// folders when they are at hand ($MJSAT_GAMES_ROOT, set by .ci/run).
func TestInstalledLayoutsByName(t *testing.T) {
	dir := t.TempDir()
	r := runIn(t, dir, "", "scan", "-layout", "list")
	if r.code != 0 || !strings.Contains(r.stdout, "builtin/turtle") {
		t.Fatalf("scan -layout list: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "kmahjongg/") {
		t.Skipf("no KMahjongg layouts found (set MJSAT_GAMES_ROOT): %s", r.stdout)
	}
	out := filepath.Join(dir, "pyramid.jsonl")
	r = runIn(t, dir, "", "scan", "-layout", "kmahjongg/pyramid", "-deals", "0:3", "-j", "1", "-q", "-o", out)
	if r.code != 0 || strings.Count(clitest.ReadFile(t, out), "\n") != 3 || !strings.Contains(clitest.ReadFile(t, out), `"layout":"kmahjongg/pyramid"`) {
		t.Fatalf("scan -layout kmahjongg/pyramid: exit %d, %q, file %q", r.code, r.stderr, clitest.ReadFile(t, out))
	}
	r = runIn(t, dir, "", "deal", "-layout", "gnome/cloud", "-seed", "1")
	if r.code != 0 || !strings.Contains(r.stdout, `"cloud seed 1"`) {
		t.Fatalf("deal -layout gnome/cloud: exit %d, %.100q %q", r.code, r.stdout, r.stderr)
	}
}
