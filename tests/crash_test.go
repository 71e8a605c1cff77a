package tests

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/mjsat/mjsat/internal/clitest"
)

// TestScanSurvivesKill kills a real scan with SIGKILL at random moments, reruns it each
// time, and checks that the file it ends with is byte for byte the file of a run that
// was never killed (half of the kills leave half a line, as a kill in the middle of
// a write does): an incomplete last line is dropped, nothing complete is lost, no
// deal is recorded twice.
func TestScanSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	bin := filepath.Join(install(t), "scan")
	dir := t.TempDir()
	args := func(out string) []string {
		return []string{"-layout", "turtle", "-deals", "0:3000", "-j", "2", "-notime", "-q", "-o", out}
	}
	clean := filepath.Join(dir, "clean.jsonl")
	if r := runIn(t, dir, "", "scan", args(clean)...); r.code != 0 {
		t.Fatalf("clean run: exit %d: %s", r.code, r.stderr)
	}
	crashed := filepath.Join(dir, "crashed.jsonl")
	rng := rand.New(rand.NewPCG(1, 2))
	kills := 0
	for try := 0; try < 40 && kills < 8; try++ {
		cmd := exec.Command(bin, args(crashed)...)
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("run %d ended with %v", try, err)
			}
			try = 40 // it finished: the file is complete
		case <-time.After(time.Duration(10+rng.IntN(150)) * time.Millisecond):
			cmd.Process.Signal(syscall.SIGKILL)
			<-done
			kills++
			if kills%2 == 1 {
				// A kill in the middle of a write leaves half a line: make one.
				f, err := os.OpenFile(crashed, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
				if err != nil {
					t.Fatal(err)
				}
				f.WriteString(`{"layout":"turtle","seed":99999,"verd`)
				f.Close()
			}
		}
	}
	if r := runIn(t, dir, "", "scan", args(crashed)...); r.code != 0 {
		t.Fatalf("final run: exit %d: %s", r.code, r.stderr)
	}
	want, got := clitest.ReadFile(t, clean), clitest.ReadFile(t, crashed)
	if got != want {
		t.Fatalf("after %d kills the file differs from a clean run (%d bytes against %d)", kills, len(got), len(want))
	}
	t.Logf("%d kills, file identical to a clean run", kills)
	if kills == 0 {
		t.Log("no run was killed before it finished: the machine was faster than the kills")
	}
	_ = os.Remove(crashed)
}
