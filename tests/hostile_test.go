package tests

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileInput runs every command that reads a kind of file on each file of
// testdata/hostile (truncated, byte-flipped, binary, huge headers, deep JSON, duplicate
// keys, odd coordinates and groups, %-trailers, CRLF, BOM, empty), as a user would, and
// checks that each run ends within the time limit and under the memory limit with a
// documented exit status; that bad input gets one line on standard error; and that no
// run panics or speaks of Go's types.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	fixtures(t, dir)
	goodCNF, goodBoard := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "b.stacks")
	runs := func(file string) [][]string {
		base := filepath.Base(file)
		switch {
		case strings.HasPrefix(base, "cnf-"):
			return [][]string{{"reduce", "-o", os.DevNull, file}, {"verify", "-nosat", "-timeout", "5s", file}}
		case strings.HasPrefix(base, "board-"), strings.HasPrefix(base, "stacks-"):
			return [][]string{{"solve", "-timeout", "5s", file}, {"solve", "-method", "sat", "-timeout", "5s", file},
				{"encode", "-o", os.DevNull, file}, {"blockgraph", file}}
		case strings.HasPrefix(base, "play-"):
			return [][]string{{"solve", "-check", file, goodBoard}, {"blockgraph", "-play", file, goodBoard}, {"analyze", goodBoard, file}}
		case strings.HasPrefix(base, "layout-"):
			return [][]string{{"deal", "-layout-file", file}, {"deal", "-layout", file},
				{"scan", "-layout-file", file, "-deals", "0:2", "-j", "1", "-q", "-timeout", "5s"}}
		case strings.HasPrefix(base, "model-"):
			return [][]string{{"reduce", "-certify", file, goodCNF}, {"encode", "-decode", file, goodBoard}}
		case strings.HasPrefix(base, "fourteen-"):
			return [][]string{{"puzzle", "fourteen", "-deal", file}}
		}
		t.Fatalf("%s: no command reads this kind of file", base)
		return nil
	}
	files, err := filepath.Glob(filepath.Join("testdata", "hostile", "*"))
	if err != nil || len(files) < 40 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	bin := install(t)
	const wall, memory = 30 * time.Second, 1 << 30 // per run
	for _, file := range files {
		abs, _ := filepath.Abs(file)
		for _, args := range runs(abs) {
			t.Run(filepath.Base(file)+"/"+strings.Join(args[:len(args)-1], "_"), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), wall)
				defer cancel()
				cmd := exec.CommandContext(ctx, filepath.Join(bin, args[0]), args[1:]...)
				cmd.Dir = dir
				var out, errb strings.Builder
				cmd.Stdout, cmd.Stderr = &out, &errb
				start := time.Now()
				err := cmd.Run()
				took := time.Since(start)
				if ctx.Err() != nil {
					t.Fatalf("still running after %v", wall)
				}
				code := 0
				if ee, ok := err.(*exec.ExitError); ok {
					code = ee.ExitCode()
				} else if err != nil {
					t.Fatal(err)
				}
				rss := int64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) << 10
				stderr := errb.String()
				switch {
				case code < 0 || code > 3:
					t.Errorf("exit %d", code)
				case rss > memory:
					t.Errorf("peak memory %d MB", rss>>20)
				case code == 2 && (strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || len(stderr) > 600):
					t.Errorf("bad input should get one short line on stderr, got %d bytes: %.600q", len(stderr), stderr)
				}
				for _, bad := range []string{"panic", "goroutine ", "runtime error", "Go struct", "json: cannot unmarshal"} {
					if strings.Contains(stderr, bad) {
						t.Errorf("stderr speaks of %q: %.400q", bad, stderr)
					}
				}
				t.Logf("exit %d in %v, %d MB: %.150q", code, took.Round(time.Millisecond), rss>>20, stderr)
			})
		}
	}
}
