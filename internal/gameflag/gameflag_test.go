package gameflag

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/cli"
)

// TestNames reads back every name Name writes, and no other.
func TestNames(t *testing.T) {
	for _, c := range []struct {
		s    Shisen
		name string
	}{
		{Shisen{18, 8, false, 0}, "shisen-18x8"},
		{Shisen{18, 8, true, 0}, "shisen-18x8-gravity"},
		{Shisen{24, 12, false, 42}, "shisen-24x12-k42"},
		{Shisen{30, 16, true, 42}, "shisen-30x16-gravity-k42"},
	} {
		if got := c.s.Name(); got != c.name {
			t.Errorf("name %q, want %q", got, c.name)
		}
		if got, ok := ParseName(c.name); !ok || got != c.s {
			t.Errorf("%s: read %+v %v", c.name, got, ok)
		}
	}
	for _, bad := range []string{"turtle", "shisen-", "shisen-18x8-k0", "shisen-18x8-k42-gravity", "shisen-18x8-gravity-gravity", "shisen-18x08", "shisen-18x8-x"} {
		if _, ok := ParseName(bad); ok {
			t.Errorf("%q read as the name of Shisen-Sho deals", bad)
		}
	}
}

// TestCheck checks each command line's game, its deals and its refusals.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		args []string
		want *Shisen
		err  string
	}{
		{nil, nil, ""},
		{[]string{"-layout", "x"}, nil, ""},
		{[]string{"-game", "shisen"}, &Shisen{18, 8, false, 0}, ""},
		{[]string{"-game", "shisen", "-size", "24x12", "-gravity", "-kinds", "42"}, &Shisen{24, 12, true, 42}, ""},
		{[]string{"-gravity"}, nil, "-gravity: for -game shisen"},
		{[]string{"-size", "14x6", "-kinds", "42"}, nil, "-size, -kinds: for -game shisen"},
		{[]string{"-game", "shisen", "-layout", "x"}, nil, "-layout: for Mahjong deals; -game shisen takes -size"},
		{[]string{"-game", "shisen", "-size", "3"}, nil, "-size: "},
		{[]string{"-game", "shisen", "-size", "3x3"}, nil, "a multiple of 4"},
		{[]string{"-game", "go"}, nil, `-game "go": want mahjong or shisen`},
	} {
		var out, errs bytes.Buffer
		cmd := cli.New(cli.Env{Stdout: &out, Stderr: &errs}, "test", "test")
		cmd.Flags.String("layout", "", "a Mahjong-only flag")
		f := Declare(cmd, "the board's")
		if _, ok := cmd.Parse(c.args, 0, 0); !ok {
			t.Fatalf("%q: parse: %s", c.args, errs.String())
		}
		got, err := f.Check(cmd, "takes -size", "layout")
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.args, err, c.err)
			}
		case err != nil:
			t.Errorf("%q: %v", c.args, err)
		case (got == nil) != (c.want == nil) || got != nil && *got != *c.want:
			t.Errorf("%q: %+v, want %+v", c.args, got, c.want)
		}
	}
}

// FuzzParseName reads any record name without a panic, and reads back only what Name
// writes.
func FuzzParseName(f *testing.F) {
	for _, s := range []string{"shisen-18x8", "shisen-30x16-gravity-k42", "turtle", "shisen-0x0", "shisen-18x8-k", "shisen-99999999999x1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if s, ok := ParseName(name); ok && s.Name() != name {
			t.Fatalf("%q read as %+v, which is named %q", name, s, s.Name())
		}
	})
}
