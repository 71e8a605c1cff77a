package board

import (
	"reflect"
	"strings"
	"testing"
)

// TestParsePlayKinds checks every way a play is written (JSON with or without a
// claim, the older "partial", the text solve prints) and that other kinds of file get
// an error that names them and what to run.
func TestParsePlayKinds(t *testing.T) {
	for _, c := range []struct {
		name, in string
		moves    [][2]int
		win      bool
		err      string
	}{
		{"recorded game, no claim", `{"format":"mahjong-play/1","moves":[[0,4],[1,5]]}`, [][2]int{{0, 4}, {1, 5}}, false, ""},
		{"solver's win", `{"format":"mahjong-play/1","solvable":true,"status":"solvable","moves":[[0,4]]}`, [][2]int{{0, 4}}, true, ""},
		{"status alone claims", `{"format":"mahjong-play/1","status":"solvable","moves":[[0,4]]}`, [][2]int{{0, 4}}, true, ""},
		{"lost with moves", `{"format":"mahjong-play/1","solvable":false,"status":"unsolvable","moves":[[0,4]]}`, [][2]int{{0, 4}}, false, ""},
		{"older partial", `{"format":"mahjong-play/1","solvable":false,"moves":[],"partial":[[2,6]]}`, [][2]int{{2, 6}}, false, ""},
		{"solve's text, won", "solvable\n0 4\n1 5\n", [][2]int{{0, 4}, {1, 5}}, true, ""},
		{"solve's text, lost with a core", "unsolvable\ngroup core: 2 groups, 8 tiles\n", [][2]int{}, false, ""},
		{"solve's text, bad move", "solvable\n0 4\n1 x\n", nil, false, "p:3: a move is two tile ids"},
		{"both lists", `{"format":"mahjong-play/1","moves":[[0,4]],"partial":[[2,6]]}`, nil, false, "both \"moves\" and \"partial\""},
		{"partial claiming a win", `{"format":"mahjong-play/1","solvable":true,"partial":[[2,6]]}`, nil, false, "not \"partial\""},
		{"contradiction", `{"format":"mahjong-play/1","solvable":true,"status":"unknown","moves":[]}`, nil, false, "contradicts"},
		{"a board", `{"format":"mahjong-board/1","tiles":[]}`, nil, false, "is a Mahjong board (mahjong-board/1), not a play: `solve p`"},
		{"a Shisen-Sho board", `{"format":"shisen-board/1","gravity":false,"cells":[["a","a"]]}`, nil, false, "is a Shisen-Sho board (shisen-board/1), not a play: `solve p`"},
		{"a Shisen-Sho play", `{"format":"shisen-play/1","moves":[[[0,0],[1,0]]]}`, nil, false, "is a Shisen-Sho play (shisen-play/1), not a Mahjong one"},
		{"a formula", "c uf20\np cnf 3 1\n1 2 3 0\n", nil, false, "is a DIMACS CNF formula, not a play: `reduce p`"},
		{"a result file", `{"layout":"ox","seed":1,"verdict":"solvable"}` + "\n" + `{"layout":"ox","seed":2,"verdict":"solvable"}`, nil, false, "is a scan's result file"},
		{"stacks", "a b\nb a\n", nil, false, "is not a play"},
		{"a move of three", `{"format":"mahjong-play/1","moves":[[1,2,3]]}`, nil, false, "moves[0]: a move is two tile ids, not 3"},
		{"a float id", `{"format":"mahjong-play/1","moves":[[1,2.5]]}`, nil, false, "moves[0][1]: a tile id is an integer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParsePlay([]byte(c.in), "p")
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(p.Moves, c.moves) || p.ClaimsWin() != c.win {
				t.Fatalf("moves %v win %v, want %v %v", p.Moves, p.ClaimsWin(), c.moves, c.win)
			}
		})
	}
}

// TestReadOtherKinds checks that a play, a formula or a Shisen-Sho board given as a
// Mahjong board is named.
func TestReadOtherKinds(t *testing.T) {
	for in, want := range map[string]string{
		`{"format":"mahjong-play/1","moves":[]}`:                          "is a Mahjong play (mahjong-play/1), not a board",
		"solvable\n0 4\n":                                                 "is a play (the text `solve` prints), not a board",
		"c a formula\np cnf 2 1\n1 -2 0\n":                                "is a DIMACS CNF formula, not a board: `reduce f.cnf` makes its board",
		`{"format":"shisen-board/1","gravity":false,"cells":[["a","a"]]}`: "is a Shisen-Sho board (shisen-board/1), not a Mahjong one",
		`{"format":"shisen-play/1","moves":[]}`:                           "is a Shisen-Sho play (shisen-play/1), not a board",
	} {
		if _, err := Read(strings.NewReader(in), "f.cnf"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err %v, want %q", in, err, want)
		}
	}
	// A stacks text whose first stack starts with a group named c is still a board.
	if b, err := Read(strings.NewReader("c d\nd c\n"), "s"); err != nil || b.N() != 4 {
		t.Errorf("stacks starting with c: %v", err)
	}
}
