// Package shared finds the project's shared reference data (the folder "shared" beside
// the module root: SATLIB formulas, third-party layouts, source documents) for tests.
//
// It is test support only: production code never depends on that folder. The folder is
// located as ../shared relative to the directory holding go.mod, or by the environment
// variable MJSAT_SHARED when set. When it is missing, the calling test is skipped.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Env is the environment variable that overrides the shared folder's location.
const Env = "MJSAT_SHARED"

// Dir returns the shared folder, or skips the test (or benchmark) when it cannot be found.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, why := find()
	if dir == "" {
		tb.Skipf("shared data not found: %s (set %s to its path)", why, Env)
	}
	return dir
}

// Path returns the path of elem inside the shared folder, skipping the test when the
// folder or that entry is missing.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Dir(tb)}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data: %v", err)
	}
	return p
}

// find returns the shared folder, or "" and the reason it was not found.
func find() (dir, why string) {
	if d := os.Getenv(Env); d != "" {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return "", Env + "=" + d + " is not a directory"
		}
		return d, ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err.Error()
	}
	for d := wd; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			s := filepath.Join(d, "..", "shared")
			if fi, err := os.Stat(s); err != nil || !fi.IsDir() {
				return "", s + " is not a directory"
			}
			return filepath.Clean(s), ""
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "no go.mod above " + wd
		}
		d = parent
	}
}
