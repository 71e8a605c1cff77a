package board

import "testing"

// TestWrongFormat names each interchange document given where another is read.
func TestWrongFormat(t *testing.T) {
	for _, c := range []struct{ got, want, err string }{
		{BoardFormat, BoardFormat, ""},
		{"x/1", BoardFormat, ""}, // not an interchange format: the reader says more
		{BoardFormat, "x/1", ""},
		{ShisenBoardFormat, BoardFormat, "f: is a Shisen-Sho board (shisen-board/1), not a Mahjong one (mahjong-board/1)"},
		{PlayFormat, ShisenPlayFormat, "f: is a Mahjong play (mahjong-play/1), not a Shisen-Sho one (shisen-play/1)"},
		{BoardFormat, ShisenPlayFormat, "f: is a Mahjong board (mahjong-board/1), not a play: `solve f` gives a play of it"},
		{ShisenBoardFormat, PlayFormat, "f: is a Shisen-Sho board (shisen-board/1), not a play: `solve f` gives a play of it"},
		{ShisenPlayFormat, BoardFormat, "f: is a Shisen-Sho play (shisen-play/1), not a board"},
		{PlayFormat, ShisenBoardFormat, "f: is a Mahjong play (mahjong-play/1), not a board"},
	} {
		err := WrongFormat("f", c.got, c.want)
		if got := errText(err); got != c.err {
			t.Errorf("%s for %s: %q, want %q", c.got, c.want, got, c.err)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
