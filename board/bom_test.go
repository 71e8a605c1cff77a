package board_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// TestByteOrderMark checks that every reader takes a file that begins with a UTF-8
// byte-order mark as it takes the same file without one: the same value, or the same
// error, with the same line and column.
func TestByteOrderMark(t *testing.T) {
	const boardJSON = `{"format": "mahjong-board/1", "tiles": [
  {"id": 0, "x": 0, "y": 0, "z": 0, "group": "a"},
  {"id": 1, "x": 4, "y": 0, "z": 0, "group": "a"}]}`
	read := map[string]func(string) (any, error){
		"Read": func(s string) (any, error) {
			b, err := board.Read(strings.NewReader(s), "f")
			if err != nil {
				return nil, err
			}
			return fmt.Sprint(b.Tiles), nil
		},
		"ParsePlay": func(s string) (any, error) {
			p, err := board.ParsePlay([]byte(s), "f")
			if err != nil {
				return nil, err
			}
			return fmt.Sprint(p.Status, p.Moves), nil
		},
		"ReadLayout": func(s string) (any, error) {
			l, err := board.ReadLayout(strings.NewReader(s), "f")
			if err != nil {
				return nil, err
			}
			return fmt.Sprint(l.Pos), nil
		},
	}
	for _, tc := range []struct{ reader, name, text string }{
		{"Read", "JSON board", boardJSON},
		{"Read", "JSON board with an unknown key on line 1", `{"format": "mahjong-board/1", "tilez": []}`},
		{"Read", "stacks", "a b\nb a\n"},
		{"Read", "stacks with a group of one tile", "a b\nb\n"},
		{"ParsePlay", "JSON play", `{"format": "mahjong-play/1", "status": "solvable", "moves": [[0, 1]]}`},
		{"ParsePlay", "text play", "solvable\n0 1\n"},
		{"ParsePlay", "JSON play with a bad move", `{"format": "mahjong-play/1", "moves": [[0]]}`},
		{"ReadLayout", "Xmahjongg text", "0 0 0\n0 2 0\n"},
		{"ReadLayout", "Kyodai grid", "Kyodai 3.0\n"},
		{"ReadLayout", "KMahjongg layout", "kmahjongg-layout-v1.0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, wantErr := read[tc.reader](tc.text)
			got, gotErr := read[tc.reader]("\ufeff" + tc.text)
			if fmt.Sprint(got, gotErr) != fmt.Sprint(want, wantErr) {
				t.Errorf("with a byte-order mark: %v, %v\nwithout: %v, %v", got, gotErr, want, wantErr)
			}
		})
	}
}
