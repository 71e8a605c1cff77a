// Package clitest runs mjsat's commands inside their tests, without a process, and
// writes and reads the files those tests hand them, as net/http/httptest serves
// handlers to theirs.
//
// A command is its run function (see cli.Main): the tests call it with captured
// output, so they check the real flags, messages and exit statuses in the test's own
// process. The tests under tests/ run the installed binaries.
package clitest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/cli"
)

// Command is a command without the process around it: the function cli.Main runs.
type Command func(ctx context.Context, env cli.Env, args []string) int

// Result is what one run of a command printed and returned.
type Result struct {
	Stdout, Stderr string
	Code           int // the exit status
}

// Run runs cmd with args, an empty standard input and a context that is never
// cancelled.
func Run(cmd Command, args ...string) Result {
	return RunWith(context.Background(), cmd, "", args...)
}

// RunWith runs cmd with ctx, stdin as its standard input, and args.
func RunWith(ctx context.Context, cmd Command, stdin string, args ...string) Result {
	var out, errb bytes.Buffer
	code := cmd(ctx, cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return Result{Stdout: out.String(), Stderr: errb.String(), Code: code}
}

// WriteFile writes text to the file name in dir (a new temporary folder of t's when
// dir is "") and returns its path; t fails at once if it cannot.
func WriteFile(t testing.TB, dir, name, text string) string {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// ReadFile returns the text of the file at path; t fails at once if it cannot be
// read.
func ReadFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
