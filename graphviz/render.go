package graphviz

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// ErrNoDot is returned (wrapped) by [Render] when Graphviz's dot is not installed.
var ErrNoDot = errors.New("graphviz's dot program is not installed (Debian: apt-get install graphviz); write the DOT and render it elsewhere")

// Formats lists the output formats [Render] accepts.
var Formats = []string{"svg", "png"}

// Render runs the installed Graphviz dot on the DOT source src and returns the picture
// in format ("svg" or "png"). It fails with [ErrNoDot] when dot is not on the PATH, and
// with dot's own message when dot rejects the source.
func Render(ctx context.Context, src []byte, format string) ([]byte, error) {
	ok := false
	for _, f := range Formats {
		ok = ok || f == format
	}
	if !ok {
		return nil, fmt.Errorf("render format %q: want svg or png", format)
	}
	path, err := exec.LookPath("dot")
	if err != nil {
		return nil, ErrNoDot
	}
	cmd := exec.CommandContext(ctx, path, "-T"+format)
	cmd.Stdin = bytes.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("dot -T%s: %s", format, msg)
	}
	return out.Bytes(), nil
}
