package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/clitest"
	"github.com/mjsat/mjsat/internal/testboards"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/shisen"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return clitest.WriteFile(t, dir, name, text) }
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
		{"sat route solvable", []string{"-method", "sat", solvable}, 0, "solvable\n"},
		{"sat route unsolvable", []string{"-method", "sat", unsolvable}, 0, "unsolvable\n"},
		{"sat route json", []string{"-method", "sat", "-json", solvable}, 0, "{\n  \"format\": \"mahjong-play/1\",\n  \"solvable\": true"},
		{"explain", []string{"-explain", unsolvable}, 0, "unsolvable\nlost: these 3 groups (12 tiles) alone"},
		{"explain clauses", []string{"-explain", "-explain-clauses", unsolvable}, 0, "unsolvable\nlost: these 3 groups"},
		{"explain json", []string{"-explain", "-json", unsolvable}, 0, "{\n  \"format\": \"mahjong-play/1\",\n  \"solvable\": false"},
		{"explain solvable", []string{"-explain", solvable}, 0, "solvable\n"},
		{"unknown method", []string{"-method", "magic", solvable}, 2, ""},
		{"solver without sat", []string{"-solver", "minisat", solvable}, 2, ""},
		{"missing external solver", []string{"-method", "sat", "-solver", "no-such-solver-mjsat", solvable}, 2, ""},
		{"odd group", []string{odd}, 2, ""},
		{"no board", nil, 2, ""},
		{"missing file", []string{filepath.Join(dir, "none")}, 2, ""},
		{"check invalid", []string{"-check", bad, solvable}, 1, "invalid: move 1"},
		{"clauses without explain", []string{"-explain-clauses", unsolvable}, 2, ""},
		{"dot without clauses", []string{"-explain", "-dot", filepath.Join(dir, "x.dot"), unsolvable}, 2, ""},
	}
	if _, err := exec.LookPath("minisat"); err == nil {
		cases = append(cases, struct {
			name   string
			args   []string
			code   int
			prefix string
		}{"minisat", []string{"-method", "sat", "-solver", "minisat", unsolvable}, 0, "unsolvable\n"})
	} else if os.Getenv("CI") == "true" {
		t.Error("minisat is not installed: .ci/run installs it")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := clitest.Run(run, tc.args...)
			if r.Code != tc.code || !strings.HasPrefix(r.Stdout, tc.prefix) {
				t.Errorf("exit %d, output %q (stderr %q); want exit %d, prefix %q", r.Code, r.Stdout, r.Stderr, tc.code, tc.prefix)
			}
		})
	}
	// The JSON document carries the core's groups and tiles.
	if r := clitest.Run(run, "-explain", "-json", unsolvable); r.Code != 0 ||
		!strings.Contains(r.Stdout, `"core": {`) || !strings.Contains(r.Stdout, `"groups": [`) || !strings.Contains(r.Stdout, `"tiles": [`) {
		t.Errorf("-explain -json: exit %d, %s", r.Code, r.Stdout)
	}
	// A stair of four a's, each half a tile on from the one under it, beside two b's:
	// the core says why each way of pairing the a's fails, in the text and the JSON.
	var sbuf bytes.Buffer
	if err := testboards.Stair().WriteJSON(&sbuf); err != nil {
		t.Fatal(err)
	}
	stair := write("stair.json", sbuf.String())
	if r := clitest.Run(run, "-explain", stair); r.Code != 0 ||
		!strings.Contains(r.Stdout, "can be paired no way") || !strings.Contains(r.Stdout, "1–4 and 2–3: 4 lies over 1 through 2 and 3") {
		t.Errorf("-explain on a stair: exit %d, %s", r.Code, r.Stdout)
	}
	if r := clitest.Run(run, "-explain", "-json", stair); r.Code != 0 || !strings.Contains(r.Stdout, `"unpairable": {`) {
		t.Errorf("-explain -json on a stair: exit %d, %s", r.Code, r.Stdout)
	}
	// On a reduced board, -explain also names the formula's core, whose gadgets are lost.
	f, err := instances.ExampleFormula("unsat")
	if err != nil {
		t.Fatal(err)
	}
	rb, _, err := reduce.Reduce(f, reduce.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rbuf bytes.Buffer
	if err := rb.WriteJSON(&rbuf); err != nil {
		t.Fatal(err)
	}
	reduced := write("reduced.json", rbuf.String())
	if r := clitest.Run(run, "-explain", reduced); r.Code != 0 ||
		!strings.Contains(r.Stdout, "A minimal unsatisfiable core of the formula: 3-CNF clauses 1, 2, 3, 4") ||
		!strings.Contains(r.Stdout, "are lost, as the proof says") {
		t.Errorf("-explain on a reduced board: exit %d, %s", r.Code, r.Stdout)
	}
	if r := clitest.Run(run, "-explain", "-json", reduced); r.Code != 0 ||
		!strings.Contains(r.Stdout, `"mus_clauses": [`) || !strings.Contains(r.Stdout, `"verdict": "unsolvable"`) {
		t.Errorf("-explain -json on a reduced board: exit %d, %s", r.Code, r.Stdout)
	}
	// -hint: after a play that keeps the game winnable, a move; after a losing one, why.
	hintPlay := write("hint.json", `{"format":"mahjong-play/1","solvable":false,"moves":[],"partial":[]}`)
	if r := clitest.Run(run, "-hint", hintPlay, solvable); r.Code != 0 || len(strings.Fields(r.Stdout)) != 2 {
		t.Errorf("-hint at the start: exit %d, %q", r.Code, r.Stdout)
	}
	if r := clitest.Run(run, "-hint", hintPlay, unsolvable); r.Code != 0 || !strings.HasPrefix(r.Stdout, "lost: no move keeps this position winnable\nlost: these") {
		t.Errorf("-hint on a lost board: exit %d, %q", r.Code, r.Stdout)
	}
	// Plays printed with -json by either route, and by default, pass -check.
	for i, args := range [][]string{{"-method", "native"}, {"-method", "sat"}, nil} {
		r := clitest.Run(run, append(append([]string{"-json"}, args...), solvable)...)
		if r.Code != 0 {
			t.Fatalf("solve %v: exit %d: %s", args, r.Code, r.Stderr)
		}
		play := write(fmt.Sprintf("play%d.json", i), r.Stdout)
		if r := clitest.Run(run, "-check", play, solvable); r.Code != 0 || r.Stdout != "valid\n" {
			t.Errorf("check the play of %v: exit %d, %q", args, r.Code, r.Stdout)
		}
	}
}

// TestPlayRoundTrip checks that what solve prints, in text or JSON, is a play that
// solve -check and solve -hint read back, and that a player's recorded game with no
// claim is read too.
func TestPlayRoundTrip(t *testing.T) {
	dir := t.TempDir()
	board := clitest.WriteFile(t, dir, "s.txt", "a a b\nb c c\na b c\nc a b\n")
	lost := clitest.WriteFile(t, dir, "u.txt", "a b b\nc a a\nb c a\nb c c\n")
	for _, args := range [][]string{{board}, {"-json", board}, {lost}, {"-explain", lost}, {"-explain", "-json", lost}} {
		r := clitest.Run(run, args...)
		if r.Code != 0 {
			t.Fatalf("solve %v: exit %d: %s", args, r.Code, r.Stderr)
		}
		play := clitest.WriteFile(t, dir, "p", r.Stdout)
		if c := clitest.Run(run, "-check", play, args[len(args)-1]); c.Code != 0 || c.Stdout != "valid\n" {
			t.Errorf("solve %v, then -check: exit %d %q %s", args, c.Code, c.Stdout, c.Stderr)
		}
	}
	// The first move of a recorded game, no claim: legal, and a hint follows it.
	game := clitest.WriteFile(t, dir, "g.json", `{"format": "mahjong-play/1", "moves": [[0, 6]]}`)
	if c := clitest.Run(run, "-check", game, board); c.Code != 0 {
		t.Errorf("-check of a recorded game: exit %d %s", c.Code, c.Stderr)
	}
	if c := clitest.Run(run, "-hint", game, board); c.Code != 0 || len(strings.Fields(c.Stdout)) != 2 {
		t.Errorf("-hint after a recorded game: exit %d %q %s", c.Code, c.Stdout, c.Stderr)
	}
	// A formula given as a board says what to run.
	cnf := clitest.WriteFile(t, dir, "f.cnf", "p cnf 2 1\n1 -2 0\n")
	if c := clitest.Run(run, cnf); c.Code != 2 || !strings.Contains(c.Stderr, "`reduce "+cnf+"` makes its board") {
		t.Errorf("a formula as a board: exit %d %s", c.Code, c.Stderr)
	}
}

// TestShisen solves Shisen-Sho boards (the format says the game): the verdict and a
// play in shisen-play/1 that replays, the same as the exhaustive search's verdict on
// a small board.
func TestShisen(t *testing.T) {
	dir := t.TempDir()
	// a b / b a: each pair needs three turns around the other: lost.
	lost := clitest.WriteFile(t, dir, "lost.json", `{"format":"shisen-board/1","gravity":false,"cells":[["a","b"],["b","a"]]}`)
	won := clitest.WriteFile(t, dir, "won.json", `{"format":"shisen-board/1","gravity":true,"cells":[["a","b","b","a"],["c","c","d","d"]]}`)
	if r := clitest.Run(run, lost); r.Code != 0 || r.Stdout != "unsolvable\n" {
		t.Errorf("lost: exit %d %q %s", r.Code, r.Stdout, r.Stderr)
	}
	r := clitest.Run(run, "-json", won)
	if r.Code != 0 || !strings.HasPrefix(r.Stdout, "{\n  \"format\": \"shisen-play/1\",\n  \"status\": \"solvable\",\n  \"moves\": [\n    [[") {
		t.Fatalf("won: exit %d %q %s", r.Code, r.Stdout, r.Stderr)
	}
	var p shisen.Play
	if err := json.Unmarshal([]byte(r.Stdout), &p); err != nil || len(p.Moves) != 4 {
		t.Fatalf("%v %+v", err, p)
	}
	b, err := shisen.Parse([]byte(clitest.ReadFile(t, won)), "won")
	if err != nil || b.Replay(p.Moves, true) != nil {
		t.Fatalf("the play does not replay: %v", err)
	}
	// Mahjong's options are refused by name, not ignored.
	for _, args := range [][]string{{"-j", "2"}, {"-seed", "3"}, {"-explain"}, {"-explain", "-explain-clauses", "-dot", "x.dot"}} {
		r := clitest.Run(run, append(args, won)...)
		if r.Code != 2 || !strings.Contains(r.Stderr, args[0]) || !strings.Contains(r.Stderr, "for Mahjong boards") {
			t.Errorf("%v: exit %d %q", args, r.Code, r.Stderr)
		}
	}
}

// TestShisenRoutes checks Shisen-Sho boards through both routes and back: the SAT
// route agrees with the native one, and what solve writes (text or JSON) is checked
// valid by -check, a cut play is not, and a board given as a play is named.
func TestShisenRoutes(t *testing.T) {
	dir := t.TempDir()
	for seed := range uint64(6) {
		b, err := shisen.Deal(8, 6, false, seed)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := b.WriteJSON(&sb); err != nil {
			t.Fatal(err)
		}
		path := clitest.WriteFile(t, dir, fmt.Sprintf("d%d.json", seed), sb.String())
		native := clitest.Run(run, path)
		viaSAT := clitest.Run(run, "-method", "sat", path)
		if native.Code != 0 || viaSAT.Code != 0 || firstLine(native.Stdout) != firstLine(viaSAT.Stdout) {
			t.Fatalf("seed %d: native %d %q, sat %d %q %s", seed, native.Code, firstLine(native.Stdout), viaSAT.Code, firstLine(viaSAT.Stdout), viaSAT.Stderr)
		}
		for k, out := range []string{native.Stdout, viaSAT.Stdout, clitest.Run(run, "-json", path).Stdout} {
			play := clitest.WriteFile(t, dir, fmt.Sprintf("p%d-%d", seed, k), out)
			if r := clitest.Run(run, "-check", play, path); r.Code != 0 || r.Stdout != "valid\n" {
				t.Fatalf("seed %d play %d: exit %d %q %s", seed, k, r.Code, r.Stdout, r.Stderr)
			}
		}
		if firstLine(native.Stdout) == "solvable" {
			lines := strings.Split(native.Stdout, "\n")
			cut := clitest.WriteFile(t, dir, "cut", strings.Join(lines[:len(lines)-2], "\n"))
			if r := clitest.Run(run, "-check", cut, path); r.Code != 1 || !strings.HasPrefix(r.Stdout, "invalid: ") {
				t.Fatalf("a play one move short: exit %d %q", r.Code, r.Stdout)
			}
		}
		if r := clitest.Run(run, "-check", path, path); r.Code != 2 || !strings.Contains(r.Stderr, "is a Shisen-Sho board (shisen-board/1), not a play") {
			t.Fatalf("a board as a play: exit %d %q", r.Code, r.Stderr)
		}
	}
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }

// TestShisenProgress checks that a long Shisen-Sho solve shows its nodes on a
// terminal, clears the line before the answer, and keeps quiet with -q or off a
// terminal.
func TestShisenProgress(t *testing.T) {
	b, err := shisen.Deal(24, 12, true, 3) // lost, and not decided in seconds
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := b.WriteJSON(&sb); err != nil {
		t.Fatal(err)
	}
	path := clitest.WriteFile(t, t.TempDir(), "b.json", sb.String())
	for _, tc := range []struct {
		terminal bool
		args     []string
		shown    bool
	}{
		{true, nil, true},
		{true, []string{"-q"}, false},
		{false, nil, false},
	} {
		var out, errb bytes.Buffer
		args := append(append([]string{"-timeout", "2s"}, tc.args...), path)
		code := run(context.Background(), cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Terminal: tc.terminal}, args)
		if code != cli.ExitUnknown || out.String() != "unknown\n" {
			t.Fatalf("%v: exit %d %q %s", args, code, out.String(), errb.String())
		}
		shown := strings.Contains(errb.String(), "\rsolve: ") && strings.HasSuffix(errb.String(), " nodes\x1b[K\r\x1b[K")
		if shown != tc.shown || !tc.shown && errb.Len() > 0 {
			t.Errorf("terminal %v, %v: stderr %q", tc.terminal, args, errb.String())
		}
	}
	// A quick solve draws no line at all, even on a terminal.
	quick := clitest.WriteFile(t, t.TempDir(), "q.json", `{"format": "shisen-board/1", "gravity": false, "cells": [["a", "", "a"]]}`)
	var out, errb bytes.Buffer
	code := run(context.Background(), cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Terminal: true}, []string{quick})
	if code != cli.ExitOK || errb.Len() > 0 {
		t.Errorf("a quick solve on a terminal: exit %d, stderr %q", code, errb.String())
	}
}

// TestShisenHint asks for hints on Shisen-Sho boards, from the start and after moves:
// each move hinted is legal and leaves a position the exhaustive search wins; a lost
// position, a clear board and a play that does not replay are said so.
func TestShisenHint(t *testing.T) {
	dir := t.TempDir()
	lost := clitest.WriteFile(t, dir, "lost.json", `{"format":"shisen-board/1","gravity":false,"cells":[["a","b"],["b","a"]]}`)
	for _, gravity := range []bool{false, true} {
		b, err := shisen.Deal(4, 3, gravity, 7)
		if err != nil {
			t.Fatal(err)
		}
		var buf strings.Builder
		if err := b.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		path := clitest.WriteFile(t, dir, "b.json", buf.String())
		if v, _, err := shisen.Exhaustive(context.Background(), b); err != nil || v != board.Solvable {
			t.Fatalf("gravity %v: the deal is %v (%v); the test needs one that is won", gravity, v, err)
		}
		// Six moves clear the twelve tiles; a seventh hint says the board is clear.
		var moves []shisen.Move
		for ask := 0; ask <= 6; ask++ {
			play := shisen.Play{Status: "unknown", Moves: append([]shisen.Move{}, moves...)}
			var pb strings.Builder
			if err := play.WriteJSON(&pb); err != nil {
				t.Fatal(err)
			}
			r := clitest.Run(run, "-hint", clitest.WriteFile(t, dir, "p.json", pb.String()), path)
			if ask == 6 {
				if r.Code != 0 || r.Stdout != "won: the board is clear\n" {
					t.Errorf("gravity %v, the board clear: exit %d %q", gravity, r.Code, r.Stdout)
				}
				break
			}
			var m shisen.Move
			if _, err := fmt.Sscanf(r.Stdout, "%d %d %d %d\n", &m[0].X, &m[0].Y, &m[1].X, &m[1].Y); r.Code != 0 || err != nil {
				t.Fatalf("gravity %v, after %v: exit %d %q %s", gravity, moves, r.Code, r.Stdout, r.Stderr)
			}
			moves = append(moves, m)
			c := b.Clone()
			if err := c.Apply(moves); err != nil {
				t.Fatalf("gravity %v: the hint %v is not legal: %v", gravity, m, err)
			}
			if v, _, err := shisen.Exhaustive(context.Background(), c); err != nil || v != board.Solvable {
				t.Fatalf("gravity %v: after the hint %v the position is %v", gravity, m, v)
			}
		}
	}
	empty := clitest.WriteFile(t, dir, "e.json", `{"format":"shisen-play/1","status":"unknown","moves":[]}`)
	if r := clitest.Run(run, "-hint", empty, lost); r.Code != 0 || r.Stdout != "lost: no move keeps this position winnable\n" {
		t.Errorf("lost: exit %d %q %s", r.Code, r.Stdout, r.Stderr)
	}
	bad := clitest.WriteFile(t, dir, "bad.json", `{"format":"shisen-play/1","status":"unknown","moves":[[[0,0],[1,1]]]}`)
	if r := clitest.Run(run, "-hint", bad, lost); r.Code != 2 || !strings.Contains(r.Stderr, "bad.json: move 1") {
		t.Errorf("a play that does not replay: exit %d %q", r.Code, r.Stderr)
	}
}
