package clitest

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/mjsat/mjsat/internal/cli"
)

// echo copies its standard input to standard output, its arguments to standard
// error, and exits with the number of arguments, or 9 when its context has ended.
func echo(ctx context.Context, env cli.Env, args []string) int {
	if ctx.Err() != nil {
		return 9
	}
	io.Copy(env.Stdout, env.Stdin)
	fmt.Fprint(env.Stderr, args)
	return len(args)
}

func TestRun(t *testing.T) {
	if got, want := Run(echo, "a", "b"), (Result{Stdout: "", Stderr: "[a b]", Code: 2}); got != want {
		t.Errorf("Run = %+v, want %+v", got, want)
	}
	if got, want := RunWith(context.Background(), echo, "in\n", "x"), (Result{Stdout: "in\n", Stderr: "[x]", Code: 1}); got != want {
		t.Errorf("RunWith = %+v, want %+v", got, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := RunWith(ctx, echo, ""); got.Code != 9 {
		t.Errorf("RunWith with an ended context: exit %d, want 9", got.Code)
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ dir, name, text string }{
		{dir, "a.txt", "one\ntwo\n"},
		{"", "b.json", "{}"},
		{dir, "empty", ""},
	} {
		p := WriteFile(t, c.dir, c.name, c.text)
		if got := ReadFile(t, p); got != c.text {
			t.Errorf("%s: read %q, wrote %q", p, got, c.text)
		}
	}
}
