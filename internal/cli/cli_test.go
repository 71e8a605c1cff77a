package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func newTest(stdin string) (*Command, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return New(Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, "demo", "demo [-j N] FILE"), &out, &errb
}

func TestParse(t *testing.T) {
	// What the flags and operands parse to, where the case checks it.
	operands := map[string]struct {
		j   int
		arg string
	}{
		"flag after operand":     {3, "a"},
		"dash is an operand":     {2, "-"},
		"double dash ends flags": {2, "-j"},
		"double dash as a value": {1, "a"},
	}
	for _, c := range []struct {
		name         string
		args         []string
		code         int
		ok           bool
		stdout, errs string
	}{
		{"help", []string{"-h"}, ExitOK, false, "usage: demo [-j N] FILE", ""},
		{"version", []string{"-version"}, ExitOK, false, "demo ", ""},
		{"bad flag", []string{"-x"}, ExitUsage, false, "", "demo: flag provided but not defined: -x\nrun 'demo -h' for help\n"},
		{"missing", nil, ExitUsage, false, "", "demo: missing operand"},
		{"stray", []string{"a", "b"}, ExitUsage, false, "", `demo: unexpected argument "b"`},
		{"too many jobs", []string{"-j", "100000", "a"}, 0, true, "", "demo: warning: -j 100000: using"},
		{"no jobs", []string{"-j", "0", "a"}, ExitUsage, false, "", "demo: -j 0: want at least 1"},
		{"deprecated", []string{"-old", "4", "a"}, 0, true, "", "demo: -old is deprecated: use -j"},
		{"bad method", []string{"-method", "x", "a"}, ExitUsage, false, "", `demo: -method "x": want native or sat`},
		{"negative timeout", []string{"-timeout", "-1s", "a"}, ExitUsage, false, "", "demo: -timeout -1s: want 0 or more"},
		{"flag after operand", []string{"a", "-j", "3"}, 0, true, "", ""},
		{"stray after flags", []string{"a", "-j", "3", "b"}, ExitUsage, false, "", `demo: unexpected argument "b"`},
		{"dash is an operand", []string{"-", "-j", "2"}, 0, true, "", ""},
		{"double dash ends flags", []string{"-j", "2", "--", "-j"}, 0, true, "", ""},
		{"double dash as a value", []string{"-o", "--", "a"}, 0, true, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd, out, errb := newTest("")
			o := cmd.Output("x")
			j := cmd.Jobs(1, "jobs")
			cmd.Alias("old", "j")
			cmd.Method("native", "sat")
			cmd.Timeout(0, "limit")
			code, ok := cmd.Parse(c.args, 1, 1)
			if code != c.code || ok != c.ok || !strings.HasPrefix(out.String(), c.stdout) || !strings.HasPrefix(errb.String(), c.errs) {
				t.Fatalf("code %d ok %v\nstdout %q\nstderr %q", code, ok, out.String(), errb.String())
			}
			if c.name == "too many jobs" && *j != MaxJobs() {
				t.Errorf("-j clamped to %d, want %d", *j, MaxJobs())
			}
			if want, ok := operands[c.name]; ok && (*j != want.j || cmd.Flags.Arg(0) != want.arg) {
				t.Errorf("-j %d, operand %q; want %d %q", *j, cmd.Flags.Arg(0), want.j, want.arg)
			}
			if c.name == "double dash as a value" && *o != "--" {
				t.Errorf("-o %q, want --", *o)
			}
			if c.name == "deprecated" && *j != 4 {
				t.Errorf("-old 4 set -j to %d", *j)
			}
		})
	}
}

func TestOpenStdin(t *testing.T) {
	cmd, _, _ := newTest("hello")
	got, err := Read(cmd, "-", func(r io.Reader, name string) (string, error) {
		var b bytes.Buffer
		_, err := b.ReadFrom(r)
		return name + ":" + b.String(), err
	})
	if err != nil || got != StdinName+":hello" {
		t.Fatalf("%q %v", got, err)
	}
}

// TestOutputAtomic checks that -o writes the whole result or leaves the file as it was.
func TestOutputAtomic(t *testing.T) {
	cmd, out, _ := newTest("")
	path := filepath.Join(t.TempDir(), "r.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := cmd.WriteOutput(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("failed")
	})
	if err == nil || readAll(t, path) != "old\n" {
		t.Fatalf("a failed write changed the file: %v %q", err, readAll(t, path))
	}
	if err := cmd.WriteOutput(path, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if readAll(t, path) != "new\n" || out.Len() != 0 {
		t.Fatalf("file %q, stdout %q", readAll(t, path), out.String())
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
	// Standard output: what a failed write buffered is dropped.
	if err := cmd.WriteOutput("-", func(w io.Writer) error { io.WriteString(w, "part"); return errors.New("x") }); err == nil || out.Len() != 0 {
		t.Errorf("stdout after a failed write: %q", out.String())
	}
}

func readAll(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBarAndLine(t *testing.T) {
	if got := Bar(5, 10, 2*time.Second, 10); got != "[#####.....] 5/10 50.0% 2.5/s ETA 2s" {
		t.Errorf("Bar = %q", got)
	}
	var b bytes.Buffer
	l := &Line{W: &b, Interval: time.Hour}
	l.Show("a", false)
	l.Show("b", false) // too soon: not drawn
	l.Show("c", true)
	l.Finish()
	if b.String() != "\ra\x1b[K\rc\x1b[K\n" {
		t.Errorf("line output %q", b.String())
	}
	b.Reset()
	l = &Line{W: &b, Interval: 20 * time.Millisecond, Wait: true}
	l.Show("a", false) // the first call only starts the clock
	l.Show("b", false)
	l.Clear() // nothing drawn: nothing to erase
	if b.Len() != 0 {
		t.Errorf("a waiting line drew %q before its interval", b.String())
	}
	time.Sleep(30 * time.Millisecond)
	l.Show("c", false)
	l.Clear()
	if b.String() != "\rc\x1b[K\r\x1b[K" {
		t.Errorf("waiting line output %q", b.String())
	}
}

// TestOutputDevice: -o naming something other than a regular file (here a named pipe,
// as /dev/null is a device) is written in place, never replaced by a renamed file.
func TestOutputDevice(t *testing.T) {
	cmd, _, _ := newTest("")
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- string(data)
	}()
	if err := cmd.WriteOutput(fifo, func(w io.Writer) error { _, err := io.WriteString(w, "x\n"); return err }); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "x\n" {
			t.Errorf("the pipe's reader got %q", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("nothing was written to the pipe (was it replaced by a file?)")
	}
	fi, err := os.Lstat(fifo)
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("%s is no longer a pipe: %v %v", fifo, fi.Mode(), err)
	}
	if err := cmd.WriteOutput(t.TempDir(), func(w io.Writer) error { return nil }); err == nil {
		t.Error("a directory was accepted as -o")
	}
}

// TestOutputMissingFolder checks that -o into a folder that does not exist names the
// file asked for, not the temporary file written beside it.
func TestOutputMissingFolder(t *testing.T) {
	cmd, _, _ := newTest("")
	path := filepath.Join(t.TempDir(), "no", "such", "out.json")
	_, err := cmd.Create(path)
	if err == nil || err.Error() != path+": no such file or directory" {
		t.Fatalf("err %v", err)
	}
}

// TestGiven checks that Given names the flags the command line set, default values
// or not, in the order asked, and no other.
func TestGiven(t *testing.T) {
	cmd, _, _ := newTest("")
	cmd.Flags.Bool("gravity", false, "")
	cmd.Flags.String("size", "18x8", "")
	cmd.Flags.Int("kinds", 0, "")
	if _, ok := cmd.Parse([]string{"-size", "18x8", "-gravity=false"}, 0, 0); !ok {
		t.Fatal("parse failed")
	}
	if got := strings.Join(cmd.Given("kinds", "size", "gravity"), " "); got != "-size -gravity" {
		t.Errorf("Given: %q, want \"-size -gravity\"", got)
	}
}
