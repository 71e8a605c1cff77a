package tests

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mjsat/mjsat/internal/clitest"

	"github.com/mjsat/mjsat/cnf"
)

// TestStopOnSignal starts each command on a long job, sends SIGINT (or SIGTERM) after a
// second, and checks that it ends within a second with its honest partial answer and
// exit status 3.
func TestStopOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir := t.TempDir()
	// A random 3-SAT formula at the threshold, n = 200 (unsatisfiable): its reduction
	// is far beyond a second for every route. At n = 100 the native solver, two
	// workers, came to decide it within the second.
	f := cnf.Random(200, 852, 3, rand.New(rand.NewPCG(7, 200)))
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	formula := filepath.Join(dir, "hard.cnf")
	if err := os.WriteFile(formula, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	board := filepath.Join(dir, "hard.json")
	if r := runIn(t, dir, "", "reduce", "-o", board, formula); r.code != 0 {
		t.Fatalf("reduce: %d %s", r.code, r.stderr)
	}
	shisenBoard := filepath.Join(dir, "shisen.json") // lost, and not decided in seconds
	if r := runIn(t, dir, "", "deal", "-game", "shisen", "-size", "24x12", "-gravity", "-seed", "3", "-o", shisenBoard); r.code != 0 {
		t.Fatalf("deal: %d %s", r.code, r.stderr)
	}
	shisenScan := filepath.Join(dir, "shisen.jsonl")
	scanOut := filepath.Join(dir, "scan.jsonl")
	emptyPlay := clitest.WriteFile(t, dir, "empty.json", `{"format":"mahjong-play/1","solvable":false,"moves":[],"partial":[]}`)
	cases := []struct {
		name   string
		args   []string
		sig    syscall.Signal
		stdout string // in standard output
	}{
		{"solve", []string{"solve", board}, syscall.SIGINT, "unknown\n"},
		{"solve-sat", []string{"solve", "-method", "sat", board}, syscall.SIGTERM, "unknown\n"},
		{"solve-j2", []string{"solve", "-j", "2", board}, syscall.SIGINT, "unknown\n"},
		{"scan", []string{"scan", "-layout", "turtle", "-deals", "0:100000000", "-j", "2", "-q", "-o", scanOut}, syscall.SIGINT, "layout turtle"},
		{"verify", []string{"verify", "-nosat", "-j", "1", formula}, syscall.SIGINT, "0 passed, 0 failed, 1 skipped"},
		{"verify-json", []string{"verify", "-nosat", "-j", "1", "-json", formula}, syscall.SIGINT, `{"failed":0,"interrupted":true,"passed":0,"skipped":1}`},
		{"puzzle", []string{"puzzle", "fourteen", "-scan", "0:100000000"}, syscall.SIGINT, "partial: deals"},
		{"encode-explain", []string{"encode", "-explain", board}, syscall.SIGINT, ""},
		{"analyze", []string{"analyze", board, emptyPlay}, syscall.SIGINT, "unknown\n0 moves; the board at the start: unknown\n"},
		{"solve-shisen", []string{"solve", shisenBoard}, syscall.SIGINT, "unknown\n"},
		{"scan-shisen", []string{"scan", "-game", "shisen", "-size", "16x9", "-gravity", "-deals", "0:100000", "-j", "2", "-q", "-o", shisenScan}, syscall.SIGTERM, "layout shisen-16x9-gravity"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(filepath.Join(install(t), c.args[0]), c.args[1:]...)
			cmd.Dir = dir
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				t.Fatalf("ended before the signal: %v\n%s%s", err, out.String(), errb.String())
			case <-time.After(time.Second):
			}
			sent := time.Now()
			cmd.Process.Signal(c.sig)
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("still running 10 s after %v", c.sig)
			}
			took := time.Since(sent)
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			t.Logf("%v to exit: %v", c.sig, took.Round(time.Millisecond))
			if code != 3 || !strings.Contains(out.String(), c.stdout) {
				t.Errorf("exit %d (want 3), stdout %.200q, stderr %.300q", code, out.String(), errb.String())
			}
			// A second would do on a quiet machine; CI shares its two cores.
			if took > 2*time.Second {
				t.Errorf("took %v after %v to stop", took, c.sig)
			}
		})
	}
	// The scans' files end with a whole record, as a rerun resumes them.
	for _, f := range []string{scanOut, shisenScan} {
		data := clitest.ReadFile(t, f)
		if len(data) == 0 || !strings.HasSuffix(data, "\n") {
			t.Fatalf("%s after the signal: %d bytes, ends %q", f, len(data), data[max(0, len(data)-20):])
		}
	}
}
