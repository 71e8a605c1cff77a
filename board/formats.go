package board

import "fmt"

// document says what a document of each interchange format is, for errors.
var document = map[string]struct{ game, kind string }{
	BoardFormat:       {"Mahjong", "board"},
	PlayFormat:        {"Mahjong", "play"},
	ShisenBoardFormat: {"Shisen-Sho", "board"},
	ShisenPlayFormat:  {"Shisen-Sho", "play"},
}

// WrongFormat returns the error for the document name, of format got, given where one
// of format want is read: it says what the document is, and for a board given as a
// play, how to get a play of it. It returns nil when got is want or either is not
// one of the interchange formats, for the reader's own check to report.
func WrongFormat(name, got, want string) error {
	g, okGot := document[got]
	w, okWant := document[want]
	switch {
	case got == want || !okGot || !okWant:
		return nil
	case g.kind == w.kind:
		return fmt.Errorf("%s: is a %s %s (%s), not a %s one (%s)", name, g.game, g.kind, got, w.game, want)
	case g.kind == "board":
		return fmt.Errorf("%s: is a %s board (%s), not a play: `solve %s` gives a play of it", name, g.game, got, name)
	}
	return fmt.Errorf("%s: is a %s play (%s), not a board", name, g.game, got)
}
