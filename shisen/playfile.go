package shisen

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjsat/mjsat/board"
)

// ReadPlay reads a play from r as ParsePlay does; a reader longer than
// board.MaxFileSize is refused by ParsePlay, as a file is.
func ReadPlay(r io.Reader, name string) (*Play, error) {
	data, err := io.ReadAll(io.LimitReader(r, board.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ParsePlay(data, name)
}

// ParsePlay reads a play: a shisen-play/1 document, or the text that solve prints (a
// verdict line, then a move a line as "x1 y1 x2 y2"), so that what solve wrote can be
// checked back. name is used in errors, with the line of a bad text line.
func ParsePlay(data []byte, name string) (*Play, error) {
	if len(data) > board.MaxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, board.MaxFileSize)
	}
	data = board.TrimBOM(data)
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) > 0 && t[0] == '{' {
		// Other documents are named as such (named), not reported by the fields they
		// lack. The check reads the document as written, so that its lines and columns
		// count from the start of the file, blank lines and all.
		if err := board.CheckJSON(data, name, Play{}); err != nil {
			return nil, named(t, name, PlayFormat, err)
		}
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.DisallowUnknownFields()
		var p Play
		if err := dec.Decode(&p); err != nil {
			return nil, named(t, name, PlayFormat, fmt.Errorf("%s: %v", name, err))
		}
		if err := board.WrongFormat(name, p.Format, PlayFormat); err != nil {
			return nil, err
		}
		switch p.Format {
		case PlayFormat:
		default:
			return nil, fmt.Errorf("%s: format %q is not %q", name, p.Format, PlayFormat)
		}
		if err := checkStatus(p.Status); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return &p, nil
	}
	p := &Play{Format: PlayFormat}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 0:
		case line == 1 && len(f) == 1:
			if err := checkStatus(f[0]); err != nil {
				return nil, fmt.Errorf("%s:1: %w", name, err)
			}
			p.Status = f[0]
		case len(f) == 4:
			var v [4]int
			for k, s := range f {
				n, err := strconv.Atoi(s)
				if err != nil || n < 0 || n >= MaxSide {
					return nil, fmt.Errorf("%s:%d: %q is not a coordinate (0 to %d)", name, line, s, MaxSide-1)
				}
				v[k] = n
			}
			p.Moves = append(p.Moves, Move{{v[0], v[1]}, {v[2], v[3]}})
		default:
			return nil, fmt.Errorf("%s:%d: want a move as \"x1 y1 x2 y2\", got %q", name, line, sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// checkStatus accepts the claims a play may make about its board.
func checkStatus(s string) error {
	switch s {
	case "", "solvable", "unsolvable", "unknown":
		return nil
	}
	return fmt.Errorf("status %q is not solvable, unsolvable or unknown", s)
}
