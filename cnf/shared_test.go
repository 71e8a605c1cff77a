package cnf_test

import (
	"testing"

	"github.com/mjsat/mjsat/internal/shared"
)

// sharedDir returns the project's shared data folder (see internal/shared), skipping
// the test when it is missing.
func sharedDir(t testing.TB) string {
	t.Helper()
	return shared.Dir(t)
}
