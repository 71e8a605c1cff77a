package board

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Play is a mahjong-play/1 document: the moves played, in order, as tile-id pairs,
// whatever their outcome, with an optional claim about the board. A player's game
// that lost, a solver's winning play and the partial play of a search that stopped
// are all plays; only a claim of a win asks more of the moves than that each be
// legal at its turn (see [Board.Replay]).
type Play struct {
	Format string `json:"format"`
	// Solvable claims that the moves clear the board. Left out (false), it claims
	// nothing: the play may or may not win.
	Solvable bool `json:"solvable,omitempty"`
	// Status, when set, claims the board's verdict: "solvable" (then the moves clear
	// the board), "unsolvable", or "unknown" (a search stopped before it decided).
	// mjsat's solvers always write it, so that "unknown" is never read as "unsolvable".
	Status string   `json:"status,omitempty"`
	Moves  [][2]int `json:"moves"`
	// Stats is free-form information from the program that made the play.
	Stats any `json:"stats,omitempty"`
}

// ClaimsWin reports whether the play claims to clear the board.
func (p *Play) ClaimsWin() bool { return p.Solvable || p.Status == Solvable.String() }

// rawPlay is what ParsePlay decodes a mahjong-play/1 document into, before it checks
// the moves.
type rawPlay struct {
	Format   *string
	Solvable bool
	Status   string
	Moves    [][]json.RawMessage
	Partial  [][]json.RawMessage // the older spelling of the moves of a play that does not win
	Stats    any
}

// ParsePlay parses a play: a mahjong-play/1 JSON document, or the text `solve`
// prints (a verdict word on the first line, then one move a line as two tile ids,
// then, on a board it could not win, an explanation that is not read). A board, a
// formula or a result file given in its place gets an error that says what to run.
func ParsePlay(data []byte, name string) (*Play, error) {
	data = TrimBOM(data)
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(t) > 0 && t[0] != '{' {
		if p, ok, err := parseTextPlay(t, name); ok {
			return p, err
		}
		return nil, notThis(t, name, "a play")
	}
	if bytes.HasPrefix(t, []byte(`{"layout":`)) {
		return nil, notThis(t, name, "a play")
	}
	if _, err := checkJSON(data, name, "", mahjongKeys); err != nil {
		return nil, err
	}
	var raw rawPlay
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, jsonError(data, name, err)
	}
	if raw.Format != nil {
		if err := WrongFormat(name, *raw.Format, PlayFormat); err != nil {
			return nil, err
		}
	}
	switch {
	case raw.Format == nil:
		return nil, fmt.Errorf("%s: missing field \"format\" (want %q)", name, PlayFormat)
	case *raw.Format != PlayFormat:
		return nil, fmt.Errorf("%s: format %q is not %q", name, *raw.Format, PlayFormat)
	case len(raw.Moves) > 0 && len(raw.Partial) > 0:
		return nil, fmt.Errorf("%s: both \"moves\" and \"partial\": a play lists its moves once, in \"moves\"", name)
	}
	field, list := "moves", raw.Moves
	if len(raw.Partial) > 0 {
		field, list = "partial", raw.Partial
	}
	p := &Play{Format: PlayFormat, Solvable: raw.Solvable, Status: raw.Status, Moves: make([][2]int, len(list)), Stats: raw.Stats}
	for k, m := range list {
		if len(m) != 2 {
			return nil, fmt.Errorf("%s: %s[%d]: a move is two tile ids, not %d", name, field, k, len(m))
		}
		for j, x := range m {
			if err := json.Unmarshal(x, &p.Moves[k][j]); err != nil {
				return nil, fmt.Errorf("%s: %s[%d][%d]: a tile id is an integer, not %s", name, field, k, j, cutString(string(x)))
			}
		}
	}
	if p.Status != "" {
		if _, err := ParseVerdict(p.Status); err != nil {
			return nil, fmt.Errorf("%s: status: %w", name, err)
		}
		if p.Solvable && p.Status != Solvable.String() {
			return nil, fmt.Errorf("%s: status %q contradicts \"solvable\": true", name, p.Status)
		}
		p.Solvable = p.Status == Solvable.String() // one claim, whichever key made it
	}
	if field == "partial" && p.ClaimsWin() {
		return nil, fmt.Errorf("%s: a play that claims a win lists its moves in \"moves\", not \"partial\"", name)
	}
	return p, nil
}

// parseTextPlay reads solve's text output; ok is false when data does not start
// with a verdict word.
func parseTextPlay(data []byte, name string) (p *Play, ok bool, err error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() {
		return nil, false, nil
	}
	v, err := ParseVerdict(strings.TrimSpace(sc.Text()))
	if err != nil {
		return nil, false, nil
	}
	p = &Play{Format: PlayFormat, Status: v.String(), Solvable: v == Solvable, Moves: [][2]int{}}
	for line := 2; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		a, errA := strconv.Atoi(f[0])
		if len(f) == 2 && errA == nil {
			b, errB := strconv.Atoi(f[1])
			if errB == nil {
				p.Moves = append(p.Moves, [2]int{a, b})
				continue
			}
		}
		if v == Solvable {
			return nil, true, fmt.Errorf("%s:%d: a move is two tile ids, not %q", name, line, cutString(sc.Text()))
		}
		break // the explanation of a board that could not be won
	}
	if err := sc.Err(); err != nil {
		return nil, true, fmt.Errorf("%s: %w", name, err)
	}
	return p, true, nil
}

// looksLikeOther reports whether a text that is not JSON is a DIMACS formula or the
// text `solve` prints, rather than a board's stacks: a line starts with a DIMACS
// header ("p cnf"), or the first line is a verdict word alone.
func looksLikeOther(data []byte) bool {
	first := string(bytes.TrimLeft(data, " \t\r\n\ufeff"))
	if i := strings.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	_, err := ParseVerdict(strings.TrimSpace(first))
	return err == nil || isDIMACS(data)
}

// isDIMACS reports whether a line of data starts with a DIMACS header.
func isDIMACS(data []byte) bool {
	return bytes.HasPrefix(data, []byte("p cnf")) || bytes.Contains(data, []byte("\np cnf"))
}

// notThis is the error for a file that is not what was wanted (want: "a play", "a
// board"); it names what the file looks like and the command that makes what was
// wanted from it.
func notThis(data []byte, name, want string) error {
	first := string(data)
	if i := strings.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	first = strings.TrimSpace(first)
	switch {
	case isDIMACS(data):
		return fmt.Errorf("%s: is a DIMACS CNF formula, not %s: `reduce %s` makes its board", name, want, name)
	case strings.HasPrefix(first, `{"layout":`):
		return fmt.Errorf("%s: is a scan's result file, not %s: `scan summary %s` reads it", name, want, name)
	case strings.Contains(first, `"format"`) && strings.Contains(first, PlayFormat):
		return fmt.Errorf("%s: is a play (%s), not %s", name, PlayFormat, want)
	}
	if _, err := ParseVerdict(first); err == nil {
		return fmt.Errorf("%s: is a play (the text `solve` prints), not %s", name, want)
	}
	return fmt.Errorf("%s: is not %s: want a %s JSON document or the text `solve` prints", name, want, PlayFormat)
}

// ReadPlay reads a play (see [ParsePlay]) from r; name is used in errors.
func ReadPlay(r io.Reader, name string) (*Play, error) {
	data, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	return ParsePlay(data, name)
}

// ReadPlayFile reads a play file. Errors name the path.
func ReadPlayFile(path string) (*Play, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadPlay(f, path)
}

// PlayDoc is a play as it is written in JSON, for a document that adds fields of
// its own to a play's (solve -explain -json adds the core).
type PlayDoc struct {
	Format   string   `json:"format"`
	Solvable *bool    `json:"solvable,omitempty"`
	Status   string   `json:"status,omitempty"`
	Moves    [][2]int `json:"moves"`
	Stats    any      `json:"stats,omitempty"`
}

// Doc returns the play as it is written: "solvable" stands beside a status, as
// older readers expect it, and alone when true; a play with no claim (a player's
// game) has neither.
func (p *Play) Doc() PlayDoc {
	d := PlayDoc{Format: PlayFormat, Status: p.Status, Moves: p.Moves, Stats: p.Stats}
	if win := p.ClaimsWin(); win || p.Status != "" {
		d.Solvable = &win
	}
	if d.Moves == nil {
		d.Moves = [][2]int{}
	}
	return d
}

// WriteJSON writes the play as indented JSON with moves one pair per line.
func (p *Play) WriteJSON(w io.Writer) error {
	data, err := json.MarshalIndent(p.Doc(), "", "  ")
	if err != nil {
		return err
	}
	// Put each [a, b] pair on one line: MarshalIndent spreads them over three.
	data = compactPairs(data)
	_, err = w.Write(append(data, '\n'))
	return err
}

// compactPairs rewrites "[\n   a,\n   b\n  ]" runs of two integers onto one line.
func compactPairs(data []byte) []byte {
	lines := strings.Split(string(data), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		if i+3 < len(lines) && strings.HasSuffix(lines[i], "[") && isInt(strings.TrimSuffix(strings.TrimSpace(lines[i+1]), ",")) &&
			strings.HasSuffix(lines[i+1], ",") && isInt(strings.TrimSpace(lines[i+2])) && strings.HasPrefix(strings.TrimSpace(lines[i+3]), "]") {
			out = append(out, lines[i]+strings.TrimSpace(lines[i+1])+" "+strings.TrimSpace(lines[i+2])+strings.TrimSpace(lines[i+3]))
			i += 3
			continue
		}
		out = append(out, lines[i])
	}
	return []byte(strings.Join(out, "\n"))
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
