// Package golden compares what a test produced with a file kept under testdata, and
// with the flag -update rewrites the file instead, so that an intended change of
// output is one command and a diff to review.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// Update reports whether the test binary was run with -update.
func Update() bool { return *update }

// Check compares got with the file at path and fails t, naming the first line that
// differs, when they are not the same bytes. With -update it writes got to path
// first (making its folder), so the check then passes.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s at %s (go test -update rewrites it: review the diff)", path, FirstDiff(got, want))
	}
}

// FirstDiff describes where got and want first differ: the line, with both versions
// of it (each cut to 200 bytes), or the line where one of them ends.
func FirstDiff(got, want []byte) string {
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range min(len(gl), len(wl)) {
		if !bytes.Equal(gl[i], wl[i]) {
			return fmt.Sprintf("line %d:\n got  %.200q\n want %.200q", i+1, gl[i], wl[i])
		}
	}
	if len(gl) == len(wl) {
		return "no line (the same bytes)"
	}
	return fmt.Sprintf("line %d: got %d lines, want %d", min(len(gl), len(wl))+1, len(gl), len(wl))
}
