package board

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// Format names of the interchange formats (shared/design/board-format.md).
const (
	BoardFormat = "mahjong-board/1"
	PlayFormat  = "mahjong-play/1"
	// ShisenBoardFormat and ShisenPlayFormat are package shisen's formats, named
	// here so that a command that takes Mahjong boards can tell a user what they
	// gave it.
	ShisenBoardFormat = "shisen-board/1"
	ShisenPlayFormat  = "shisen-play/1"
)

// MaxFileSize is the largest board, play or layout file the readers accept.
const MaxFileSize = 256 << 20

// readAll reads r up to MaxFileSize, failing clearly beyond it.
func readAll(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, MaxFileSize)
	}
	return data, nil
}

// TrimBOM returns data without a leading UTF-8 byte-order mark. Some editors begin a
// text file with one; mjsat's readers take a file with or without it, and count its
// lines and columns as an editor shows them, from the first character after it.
func TrimBOM(data []byte) []byte {
	return bytes.TrimPrefix(data, []byte("\ufeff"))
}

// Read reads a board in either interchange format: JSON when the first non-blank byte
// is '{', the stacks text otherwise. name is used in error messages.
func Read(r io.Reader, name string) (*Board, error) {
	data, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	if t := bytes.TrimLeft(data, " \t\r\n\ufeff"); len(t) > 0 && t[0] == '{' || strings.HasSuffix(strings.ToLower(name), ".json") {
		return ParseJSON(data, name)
	}
	if looksLikeOther(data) {
		return nil, notThis(bytes.TrimLeft(data, " \t\r\n\ufeff"), name, "a board")
	}
	return ParseStacks(data, name)
}

// ReadFile reads a board file in either format. Errors name the path. (The commands
// read "-" as standard input; package cli does that for all of them.)
func ReadFile(path string) (*Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// jsonBoard mirrors the JSON board with pointers, so that missing fields are detected.
type jsonBoard struct {
	Format *string         `json:"format"`
	Name   string          `json:"name"`
	Tiles  []jsonTile      `json:"tiles"`
	Meta   json.RawMessage `json:"meta"`
}

type jsonTile struct {
	ID    *int    `json:"id"`
	X     *int    `json:"x"`
	Y     *int    `json:"y"`
	Z     *int    `json:"z"`
	Group *string `json:"group"`
}

// ParseJSON parses a mahjong-board/1 JSON document.
func ParseJSON(data []byte, name string) (*Board, error) {
	data = TrimBOM(data)
	ntiles, err := checkJSON(data, name, "tiles", mahjongKeys)
	if err != nil {
		return nil, err
	}
	if ntiles > MaxTiles {
		return nil, fmt.Errorf("%s: %d tiles: more than the limit of %d", name, ntiles, MaxTiles)
	}
	var jb jsonBoard
	if ntiles >= 0 {
		// Decoded in place, not in a slice grown and copied again and again as the
		// tiles come.
		jb.Tiles = make([]jsonTile, 0, ntiles)
	}
	if err := json.Unmarshal(data, &jb); err != nil {
		return nil, jsonError(data, name, err)
	}
	if jb.Format != nil {
		if err := WrongFormat(name, *jb.Format, BoardFormat); err != nil {
			return nil, err
		}
	}
	switch {
	case jb.Format == nil:
		return nil, fmt.Errorf("%s: missing field \"format\" (want %q)", name, BoardFormat)
	case *jb.Format != BoardFormat:
		return nil, fmt.Errorf("%s: format %q is not %q", name, *jb.Format, BoardFormat)
	case jb.Tiles == nil:
		return nil, fmt.Errorf("%s: missing field \"tiles\"", name)
	case len(jb.Tiles) > MaxTiles:
		return nil, fmt.Errorf("%s: %d tiles: more than the limit of %d", name, len(jb.Tiles), MaxTiles)
	}
	tiles := make([]Tile, len(jb.Tiles))
	for i, t := range jb.Tiles {
		for _, f := range []struct {
			field string
			ok    bool
		}{{"id", t.ID != nil}, {"x", t.X != nil}, {"y", t.Y != nil}, {"z", t.Z != nil}, {"group", t.Group != nil}} {
			if !f.ok {
				return nil, fmt.Errorf("%s: tiles[%d]: missing field %q", name, i, f.field)
			}
		}
		tiles[i] = Tile{ID: *t.ID, X: *t.X, Y: *t.Y, Z: *t.Z, Group: *t.Group}
	}
	if string(jb.Meta) == "null" {
		jb.Meta = nil
	}
	b, err := New(jb.Name, tiles, jb.Meta)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

// kindWord names what a Go type holds in the words of JSON.
func kindWord(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Pointer:
		return kindWord(t.Elem())
	}
	return "an object"
}

// maxJSONDepth is the deepest nesting of arrays and objects the readers accept: a
// board or play nests four deep.
const maxJSONDepth = 64

// checkJSON rejects what encoding/json would let through silently or slowly: a key
// given twice in one object (the last would win), one of keys spelt with capitals
// (see caseOf), and nesting deeper than maxJSONDepth. It names the place as
// "name:line:col". It leaves syntax errors to json.Unmarshal, which names their place
// too. It returns the number of elements of the array that is the value of the
// top-level member named count (-1 when there is none, or count is ""), so that the
// caller can allocate it once.
//
// It reads the tokens with jsontext, which finds repeated keys itself and allocates
// nothing for most tokens; encoding/json's Decoder.Token allocates for each, and
// that was most of the time it took to read a big board (docs/perf.md).
func checkJSON(data []byte, name, count string, keys []string) (int, error) {
	// A bytes.Buffer is read in place. Invalid UTF-8 is for json.Unmarshal to take
	// (it reads it as U+FFFD), as it did before any check.
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), jsontext.AllowInvalidUTF8(true))
	at := func(off int64) string {
		line, col := lineCol(data, off)
		return fmt.Sprintf("%s:%d:%d", name, line, col)
	}
	n := -1
	counting := false // in the value of the member named count
	for {
		start := dec.InputOffset() // before the blanks, comma or colon ahead of the token
		tok, err := dec.ReadToken()
		if err != nil {
			if syn := (*jsontext.SyntacticError)(nil); errors.As(err, &syn) && errors.Is(err, jsontext.ErrDuplicateName) {
				return 0, fmt.Errorf("%s: key %q given twice in one object", at(syn.ByteOffset), cutString(syn.JSONPointer.LastToken()))
			}
			// The end, or a syntax error: json.Unmarshal reports it with its place.
			return n, nil
		}
		k := tok.Kind()
		depth := dec.StackDepth()
		if (k == '{' || k == '[') && depth > maxJSONDepth {
			return 0, fmt.Errorf("%s: nested more than %d deep", at(dec.InputOffset()), maxJSONDepth)
		}
		// A member's name is read when its object's length turns odd.
		if top, length := dec.StackIndex(depth); top == '{' && length%2 == 1 && k == '"' {
			name := tok.String()
			if key := caseOf(name, keys); key != "" {
				// The name's quote is the first after start: only blanks, a comma or
				// a colon come before it, so escapes in the name do not move it.
				quote := start + int64(bytes.IndexByte(data[start:], '"'))
				return 0, fmt.Errorf("%s: key %q: keys are lowercase, %q", at(quote), cutString(name), key)
			}
			if depth == 1 {
				counting = count != "" && name == count
			}
		} else if counting && depth >= 2 {
			if arr, length := dec.StackIndex(2); arr == '[' {
				n = int(length)
			}
		}
	}
}

// mahjongKeys are the keys of mahjong-board/1 and mahjong-play/1 documents.
var mahjongKeys = jsonKeys(jsonBoard{}, rawPlay{})

// CheckJSON is for readers of other JSON documents (Shisen-Sho's boards and plays):
// before they decode data into a value like into, a struct, it rejects what
// encoding/json would let through silently, as the readers of boards and plays do: a
// key given twice in one object, one of into's keys spelt with capitals, nesting
// deeper than maxJSONDepth. Its errors name the place as "name:line:col"; syntax
// errors are left to the decoder.
func CheckJSON(data []byte, name string, into any) error {
	_, err := checkJSON(data, name, "", jsonKeys(into))
	return err
}

// jsonKeys returns the keys encoding/json decodes into values of the types of vs,
// structs, and of the structs within them: each field's tag name, or its name in
// lowercase. Types that decode themselves (json.Unmarshaler) are not looked into.
func jsonKeys(vs ...any) []string {
	var keys []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
			return
		}
		for f := range t.Fields() {
			key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if key == "" {
				key = strings.ToLower(f.Name)
			}
			if !slices.Contains(keys, key) {
				keys = append(keys, key)
			}
			walk(f.Type)
		}
	}
	for _, v := range vs {
		walk(reflect.TypeOf(v))
	}
	return keys
}

// caseOf returns the key of keys that name spells with capitals (encoding/json would
// take it for the key, and a second spelling of a key given with it would silently
// win), or "" when name is not such a spelling.
func caseOf(name string, keys []string) string {
	if strings.IndexFunc(name, func(r rune) bool { return 'A' <= r && r <= 'Z' }) < 0 {
		return ""
	}
	if key := strings.ToLower(name); slices.Contains(keys, key) {
		return key
	}
	return ""
}

// cutString cuts s to a few dozen characters for an error message.
func cutString(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// jsonError turns a decoding error into "name:line:col: message".
func jsonError(data []byte, name string, err error) error {
	var off int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
		err = fmt.Errorf("field %q: want %s, not a JSON %s", typ.Field, kindWord(typ.Type), typ.Value)
	}
	if off < 0 {
		return fmt.Errorf("%s: %w", name, err)
	}
	line, col := lineCol(data, off)
	return fmt.Errorf("%s:%d:%d: %w", name, line, col, err)
}

func lineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line = 1 + bytes.Count(before, []byte{'\n'})
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// WriteJSON writes b as a mahjong-board/1 document, one tile per line. The output is a
// function of the board alone.
func (b *Board) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	name, _ := json.Marshal(b.Name)
	fmt.Fprintf(bw, "{\n  \"format\": %q,\n  \"name\": %s,\n  \"tiles\": [", BoardFormat, name)
	for i, t := range b.Tiles {
		if i > 0 {
			bw.WriteByte(',')
		}
		g, _ := json.Marshal(t.Group)
		fmt.Fprintf(bw, "\n    {\"id\": %d, \"x\": %d, \"y\": %d, \"z\": %d, \"group\": %s}", t.ID, t.X, t.Y, t.Z, g)
	}
	bw.WriteString("\n  ]")
	if len(b.Meta) > 0 {
		var meta bytes.Buffer
		if err := json.Indent(&meta, b.Meta, "  ", "  "); err != nil {
			return fmt.Errorf("meta: %w", err)
		}
		bw.WriteString(",\n  \"meta\": ")
		meta.WriteTo(bw)
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// ParseStacks parses the stacks text: one isolated stack per line, group names separated
// by blanks, top tile first; '#' starts a comment. Stack k (counting non-empty lines from
// 0) sits at x = 4k, y = 0; ids run in reading order.
func ParseStacks(data []byte, name string) (*Board, error) {
	data = TrimBOM(data)
	var tiles []Tile
	k := 0
	for ln, line := range strings.Split(string(data), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		if len(words) > MaxLevel+1 {
			return nil, fmt.Errorf("%s:%d: stack of %d tiles: more than %d levels", name, ln+1, len(words), MaxLevel+1)
		}
		if len(tiles)+len(words) > MaxTiles {
			return nil, fmt.Errorf("%s:%d: more than %d tiles", name, ln+1, MaxTiles)
		}
		for p, w := range words {
			if !validGroupName(w) {
				return nil, fmt.Errorf("%s:%d: group name %q: use printable UTF-8 other than quotes and braces", name, ln+1, w)
			}
			tiles = append(tiles, Tile{ID: len(tiles), X: 4 * k, Y: 0, Z: len(words) - 1 - p, Group: w})
		}
		k++
	}
	if len(tiles) == 0 {
		return nil, fmt.Errorf("%s: no stacks (a stacks file lists one stack per line, top tile first)", name)
	}
	b, err := New(name, tiles, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

// validGroupName rejects names that would make the stacks text or a first-byte '{'
// ambiguous.
func validGroupName(w string) bool {
	if !utf8.ValidString(w) {
		return false
	}
	for _, r := range w {
		if r < 0x21 || r == 0x7f || r == '"' || r == '{' || r == '}' {
			return false
		}
	}
	return true
}

// WriteStacks writes b in the stacks text, one line per stack ordered by position, top
// tile first. It fails when b is not made of isolated stacks, or a group name cannot be
// written in the text. Positions are not kept: the stacks are laid out again at x = 4k.
func (b *Board) WriteStacks(w io.Writer) error {
	stacks, ok := b.Stacks()
	if !ok {
		return errors.New("board is not made of isolated stacks: use JSON")
	}
	bw := bufio.NewWriter(w)
	if b.Name != "" {
		fmt.Fprintf(bw, "# %s\n", strings.ReplaceAll(b.Name, "\n", " "))
	}
	for _, st := range stacks {
		for k, i := range st {
			g := b.Tiles[i].Group
			if !validGroupName(g) || g[0] == '#' {
				return fmt.Errorf("group name %q cannot be written in the stacks text", g)
			}
			if k > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(g)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
