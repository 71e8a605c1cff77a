package shared

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDirFindsLayouts(t *testing.T) {
	dir := Dir(t)
	if _, err := os.Stat(filepath.Join(dir, "layouts", "README.md")); err != nil {
		t.Errorf("Dir = %s, which has no layouts/README.md: %v", dir, err)
	}
	if p := Path(t, "layouts", "xmahjongg", "default"); filepath.Base(p) != "default" {
		t.Errorf("Path = %s", p)
	}
}

func TestEnvOverride(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv(Env, tmp)
	if got := Dir(t); got != tmp {
		t.Errorf("Dir with %s=%s = %s", Env, tmp, got)
	}
	t.Setenv(Env, filepath.Join(tmp, "missing"))
	if d, why := find(); d != "" || why == "" {
		t.Errorf("find with a missing %s = %q, %q; want \"\" and a reason", Env, d, why)
	}
}
