package sat_test

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedDir returns the project's shared data folder: $MJSAT_SHARED if
// set, else ../shared beside the module root. It skips the test if the
// folder is missing.
func sharedDir(t testing.TB) string {
	t.Helper()
	if dir := os.Getenv("MJSAT_SHARED"); dir != "" {
		return dir
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the test directory; cannot locate shared data")
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(filepath.Join(shared, "cnf")); err != nil {
		t.Skipf("shared data not found at %s (set MJSAT_SHARED): %v", shared, err)
	}
	return shared
}
