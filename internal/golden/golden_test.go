package golden

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ got, want, say string }{
		{"a\nb\nc\n", "a\nx\nc\n", `line 2:` + "\n" + ` got  "b"` + "\n" + ` want "x"`},
		{"a\nb\n", "a\nb\nc\n", "line 3:\n got  \"\"\n want \"c\""},
		{"a\nb", "a\nb\nc", "line 3: got 2 lines, want 3"},
		{"a\n", "a\n", "no line"},
		{"", "x", "line 1:"},
	} {
		if got := FirstDiff([]byte(c.got), []byte(c.want)); !strings.HasPrefix(got, c.say) {
			t.Errorf("FirstDiff(%q, %q) = %q, want it to start %q", c.got, c.want, got, c.say)
		}
	}
}

// fakeT records whether a check failed, without failing the test around it.
type fakeT struct {
	testing.TB
	failed bool
	msg    string
}

func (f *fakeT) Helper()                   {}
func (f *fakeT) Errorf(s string, a ...any) { f.failed = true; f.msg = s }
func (f *fakeT) Fatalf(s string, a ...any) { f.failed = true; f.msg = s; panic(f) }
func (f *fakeT) Fatal(a ...any)            { f.failed = true; panic(f) }

// check runs Check against a fakeT and reports whether it failed.
func check(path string, got []byte) (failed bool) {
	f := &fakeT{}
	defer func() {
		if r := recover(); r != nil && r != f {
			panic(r)
		}
		failed = f.failed
	}()
	Check(f, path, got)
	return
}

func TestCheck(t *testing.T) {
	if *update {
		t.Skip("-update rewrites instead of checking")
	}
	path := filepath.Join(t.TempDir(), "sub", "out.golden")
	if !check(path, []byte("x")) {
		t.Error("a missing golden file passed")
	}
	*update = true
	failed := check(path, []byte("one\ntwo\n"))
	*update = false
	if failed {
		t.Error("-update failed to write the golden file")
	}
	if check(path, []byte("one\ntwo\n")) {
		t.Error("the same bytes failed")
	}
	if !check(path, []byte("one\nthree\n")) {
		t.Error("other bytes passed")
	}
}
