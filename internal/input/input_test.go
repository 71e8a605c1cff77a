package input

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpen(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("file"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, stdin, want, name, err string
	}{
		{p, "in", "file", p, ""},
		{"-", "in", "in", StdinName, ""},
		{filepath.Join(t.TempDir(), "none"), "", "", "", "no such file"},
	} {
		r, name, err := Open(c.path, strings.NewReader(c.stdin))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err %v", c.path, err)
			}
			continue
		}
		data, _ := io.ReadAll(r)
		r.Close()
		if err != nil || string(data) != c.want || name != c.name {
			t.Errorf("%s: %q %q %v", c.path, data, name, err)
		}
	}
	if _, _, err := Open("-", nil); err == nil {
		t.Error("no standard input accepted")
	}
}
