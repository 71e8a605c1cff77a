package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	solvable := write("s.txt", "a a b\nb c c\na b c\nc a b\n")
	unsolvable := write("u.txt", "a b b\nc a a\nb c a\nb c c\n")
	odd := write("odd.txt", "a a a\n")
	bad := write("bad.json", `{"format":"mahjong-play/1","solvable":true,"moves":[[0,2]]}`)
	cases := []struct {
		name   string
		args   []string
		code   int
		prefix string
	}{
		{"solvable", []string{solvable}, 0, "solvable\n"},
		{"unsolvable", []string{unsolvable}, 0, "unsolvable\n"},
		{"json", []string{"-json", solvable}, 0, "{\n  \"format\": \"mahjong-play/1\",\n  \"solvable\": true"},
		{"two workers", []string{"-j", "2", unsolvable}, 0, "unsolvable\n"},
		{"sat not yet", []string{"-method", "sat", solvable}, 2, ""},
		{"odd group", []string{odd}, 2, ""},
		{"no board", nil, 2, ""},
		{"missing file", []string{filepath.Join(dir, "none")}, 2, ""},
		{"check invalid", []string{"-check", bad, solvable}, 1, "invalid: move 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), tc.args, &out, &errb, false)
			if code != tc.code || !strings.HasPrefix(out.String(), tc.prefix) {
				t.Errorf("exit %d, output %q (stderr %q); want exit %d, prefix %q", code, out.String(), errb.String(), tc.code, tc.prefix)
			}
		})
	}
	// A play printed with -json passes -check.
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"-json", solvable}, &out, &errb, false); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errb.String())
	}
	play := write("play.json", out.String())
	out.Reset()
	if code := run(context.Background(), []string{"-check", play, solvable}, &out, &errb, false); code != 0 || out.String() != "valid\n" {
		t.Errorf("check: exit %d, %q", code, out.String())
	}
}
