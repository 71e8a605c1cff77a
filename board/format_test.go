package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/golden"
)

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"syntax", "{\n  \"format\": \"mahjong-board/1\",\n  \"tiles\": [\n    {\"id\": 0,,}\n  ]\n}", "b.json:4:"},
		{"wrong type", `{"format": "mahjong-board/1", "tiles": [{"id": "zero", "x": 0, "y": 0, "z": 0, "group": "a"}]}`, `b.json:1:`},
		{"no format", `{"tiles": []}`, `b.json: missing field "format"`},
		{"unknown format", `{"format": "mahjong-board/9", "tiles": []}`, `format "mahjong-board/9" is not "mahjong-board/1"`},
		{"no tiles", `{"format": "mahjong-board/1"}`, `missing field "tiles"`},
		{"missing z", `{"format": "mahjong-board/1", "tiles": [{"id": 0, "x": 0, "y": 0, "group": "a"}]}`, `tiles[0]: missing field "z"`},
		{"missing group", `{"format": "mahjong-board/1", "tiles": [{"id": 0, "x": 0, "y": 0, "z": 0}]}`, `tiles[0]: missing field "group"`},
		{"odd group", `{"format": "mahjong-board/1", "tiles": [{"id": 0, "x": 0, "y": 0, "z": 0, "group": "a"}]}`, `group "a" has 1 tiles`},
		{"overlap", `{"format": "mahjong-board/1", "tiles": [{"id": 0, "x": 0, "y": 0, "z": 0, "group": "a"}, {"id": 1, "x": 1, "y": 0, "z": 0, "group": "a"}]}`, `overlaps`},
		{"truncated", `{"format": "mahjong-board/1", "tiles": [`, `b.json`},
		{"duplicate key", `{"format": "mahjong-board/1", "tiles": [], "tiles": [{"id": 0, "x": 0, "y": 0, "z": 0, "group": "a"}]}`, `b.json:1:44: key "tiles" given twice in one object`},
		{"key in capitals", `{"format": "mahjong-board/1", "tilEs": [{"id": 0, "x": 0, "y": 0, "z": 0, "group": "a"}]}`, `b.json:1:31: key "tilEs": keys are lowercase, "tiles"`},
		{"key in capitals beside the key", `{"format": "mahjong-board/1", "tiles": [], "TILES": [{"id": 0, "x": 0, "y": 0, "z": 0, "group": "a"}]}`, `key "TILES": keys are lowercase`},
		{"key in capitals, escaped", `{"format": "mahjong-board/1",  "\u0074il\u0045s": []}`, `b.json:1:32: key "tilEs": keys are lowercase, "tiles"`},
		{"key in capitals in a tile", `{"format": "mahjong-board/1", "tiles": [{"id": 0, "X": 0, "y": 0, "z": 0, "group": "a"}]}`, `key "X": keys are lowercase, "x"`},
		{"duplicate key in a tile", `{"format": "mahjong-board/1", "tiles": [{"id": 0, "x": 0, "x": 4, "y": 0, "z": 0, "group": "a"}]}`, `key "x" given twice`},
		{"duplicate key spelt with an escape", "{\"format\": \"mahjong-board/1\",\n \"tiles\": [{\"id\": 0, \"x\": 0, \"\\u0078\": 4, \"y\": 0, \"z\": 0, \"group\": \"a\"}]}", `b.json:2:30: key "x" given twice`},
		{"deep", `{"format": "mahjong-board/1", "meta": ` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `, "tiles": []}`, `nested more than 64 deep`},
		{"type words", `{"format": "mahjong-board/1", "tiles": [{"id": "zero", "x": 0, "y": 0, "z": 0, "group": "a"}]}`, `field "tiles.id": want an integer, not a JSON string`},
		{"empty .json file", ``, `b.json:1:1: unexpected end of JSON input`},
		{"stacks text in a .json file", "a b\nb a\n", `b.json:1:2: invalid character 'a' looking for beginning of value`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.doc), "b.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Read = %v, want error containing %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line: %q", err)
			}
		})
	}
}

// TestCheckJSONCount checks the count checkJSON gives of a top-level member's array,
// which ParseJSON allocates the tiles by, against the length json.Unmarshal finds.
func TestCheckJSONCount(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      int
	}{
		{"three tiles", `{"tiles": [{"id": 0}, {"id": 1}, {"id": 2}]}`, 3},
		{"empty", `{"tiles": []}`, 0},
		{"after other members", `{"format": "f", "meta": {"tiles": [1]}, "tiles": [[1, [2]], {"a": [3, 4]}]}`, 2},
		{"before other members", `{"tiles": [1, 2], "name": "n", "meta": [1, 2, 3]}`, 2},
		{"missing", `{"format": "f"}`, -1},
		{"only in meta", `{"meta": {"tiles": [1, 2]}}`, -1},
		{"null", `{"tiles": null}`, -1},
		{"an object", `{"tiles": {"a": [1]}}`, -1},
		{"a string", `{"name": "tiles", "tiles": "tiles"}`, -1},
		{"top level array", `[{"tiles": [1]}]`, -1},
		{"escaped name", `{"\u0074iles": [1, 2, 3, 4]}`, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := checkJSON([]byte(tc.doc), "c.json", "tiles", mahjongKeys)
			if err != nil || n != tc.want {
				t.Fatalf("checkJSON = %d, %v; want %d", n, err, tc.want)
			}
			if tc.want >= 0 {
				var v struct{ Tiles []json.RawMessage }
				if err := json.Unmarshal([]byte(tc.doc), &v); err != nil || len(v.Tiles) != n {
					t.Fatalf("json.Unmarshal finds %d tiles (%v), checkJSON %d", len(v.Tiles), err, n)
				}
			}
		})
	}
	// More tiles than the limit are refused before they are decoded.
	big := `{"format": "mahjong-board/1", "tiles": [` + strings.Repeat("{},", MaxTiles) + `{}]}`
	_, err := ParseJSON([]byte(big), "big.json")
	if want := fmt.Sprintf("big.json: %d tiles: more than the limit of %d", MaxTiles+1, MaxTiles); err == nil || err.Error() != want {
		t.Fatalf("ParseJSON of %d tiles: %v, want %s", MaxTiles+1, err, want)
	}
}

func TestParseStacksErrors(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"empty", "# nothing\n\n", "no stacks"},
		{"odd group", "a a b\nb b\n", `group "b" has 3 tiles`},
		{"quote in name", "a \"a\n", `t.txt:1: group name`},
		{"brace on line 3", "a a\n\nb {b}\n", `t.txt:3: group name`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.doc), "t.txt")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Read = %v, want error containing %q", err, tc.want)
			}
		})
	}
}

// TestGolden pins the JSON and stacks writers' bytes.
func TestGolden(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "small.stacks"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseStacks(in, "small.stacks")
	if err != nil {
		t.Fatal(err)
	}
	b.Meta = []byte(`{"source":"hand-made","roles":{"a":"x","b":"y"}}`)
	var js, st bytes.Buffer
	if err := b.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteStacks(&st); err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct {
		file string
		got  []byte
	}{{"small.json.golden", js.Bytes()}, {"small.stacks.golden", st.Bytes()}} {
		golden.Check(t, filepath.Join("testdata", g.file), g.got)
	}
	// The JSON reads back to the same board, meta included.
	back, err := Read(bytes.NewReader(js.Bytes()), "small.json")
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	back.WriteJSON(&again)
	if !bytes.Equal(again.Bytes(), js.Bytes()) {
		t.Fatalf("JSON round trip differs:\n%s\n%s", js.Bytes(), again.Bytes())
	}
}

func TestPlayRoundTrip(t *testing.T) {
	p := &Play{Solvable: true, Status: "solvable", Moves: [][2]int{{1, 2}, {30, 4}}, Stats: map[string]int{"nodes": 7}}
	var buf bytes.Buffer
	if err := p.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "[1, 2]") {
		t.Fatalf("pairs not on one line:\n%s", buf.String())
	}
	q, err := ParsePlay(buf.Bytes(), "p.json")
	if err != nil {
		t.Fatal(err)
	}
	if q.Format != PlayFormat || !q.Solvable || len(q.Moves) != 2 || q.Moves[1] != [2]int{30, 4} {
		t.Fatalf("round trip: %+v", q)
	}
	if _, err := ParsePlay([]byte(`{"format":"x","moves":[]}`), "p.json"); err == nil {
		t.Fatal("wrong format accepted")
	}
	if _, err := ParsePlay([]byte(`{"format":"mahjong-play/1","moves":[[1,2,3]]}`), "p.json"); err == nil {
		t.Fatal("a move of three tiles accepted")
	}
}

// FuzzRead checks that the board reader never panics, that whatever it accepts
// survives a JSON round trip unchanged, and that checkJSON counted its tiles.
func FuzzRead(f *testing.F) {
	f.Add([]byte("a a b\nb b a\nb a\n"))
	f.Add([]byte(`{"format":"mahjong-board/1","name":"n","tiles":[{"id":0,"x":0,"y":0,"z":0,"group":"a"},{"id":1,"x":1,"y":0,"z":1,"group":"a"}],"meta":{"k":[1,2]}}`))
	f.Add([]byte(`{"format":"mahjong-board/1","tiles":[{"id":0,"x":0,"y":0,"z":0,"group":"a"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if j := bytes.TrimLeft(data, " \t\r\n\ufeff"); len(j) > 0 && j[0] == '{' {
			// ParseJSON allocated the tiles by checkJSON's count.
			if n, err := checkJSON(data, "fuzz", "tiles", mahjongKeys); err != nil || n != b.N() {
				t.Fatalf("checkJSON counts %d tiles (%v), the board has %d", n, err, b.N())
			}
		}
		var out bytes.Buffer
		if err := b.WriteJSON(&out); err != nil {
			return // meta that is valid JSON but cannot be re-indented cannot happen; tolerate
		}
		back, err := Read(bytes.NewReader(out.Bytes()), "again")
		if err != nil {
			t.Fatalf("written board does not read back: %v\n%s", err, out.Bytes())
		}
		var out2 bytes.Buffer
		back.WriteJSON(&out2)
		if !bytes.Equal(out.Bytes(), out2.Bytes()) {
			t.Fatalf("round trip differs:\n%s\n%s", out.Bytes(), out2.Bytes())
		}
		if st, ok := b.Stacks(); ok && len(st) > 0 {
			var s bytes.Buffer
			if err := b.WriteStacks(&s); err == nil {
				again, err := ParseStacks(s.Bytes(), "stacks")
				if err != nil {
					t.Fatalf("stacks text does not read back: %v\n%s", err, s.Bytes())
				}
				if again.N() != b.N() || again.NumGroups() != b.NumGroups() {
					t.Fatalf("stacks round trip: %d tiles %d groups, want %d %d", again.N(), again.NumGroups(), b.N(), b.NumGroups())
				}
			}
		}
	})
}

// FuzzParsePlay checks that the play reader never panics, that its errors are one
// line, and that a play it accepts is consistent (its status agrees with "solvable")
// and survives a round trip unchanged.
func FuzzParsePlay(f *testing.F) {
	f.Add([]byte(`{"format":"mahjong-play/1","solvable":true,"status":"solvable","moves":[[0,1],[2,3]]}`))
	f.Add([]byte(`{"format":"mahjong-play/1","solvable":false,"status":"unknown","moves":[],"partial":[[4,5]]}`))
	f.Add([]byte(`{"format":"mahjong-play/1","solvable":true,"moves":[],"moves":[[0,1]]}`))
	f.Add([]byte("solvable\n0 1\n2 3\n"))
	f.Add([]byte("unsolvable\n0 1\ngroup core: 2 groups\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePlay(data, "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if p.Solvable && p.Status != "" && p.Status != "solvable" {
			t.Fatalf("accepted an inconsistent play: %+v", p)
		}
		var out bytes.Buffer
		if err := p.WriteJSON(&out); err != nil {
			t.Fatal(err)
		}
		back, err := ParsePlay(out.Bytes(), "again")
		if err != nil {
			t.Fatalf("written play does not read back: %v\n%s", err, out.Bytes())
		}
		same := func(a, b [][2]int) bool { return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b) }
		if !same(back.Moves, p.Moves) || back.Status != p.Status || back.Solvable != p.Solvable {
			t.Fatalf("round trip differs:\n%+v\n%+v", p, back)
		}
	})
}

func TestVerdictWords(t *testing.T) {
	for _, c := range []struct {
		v    Verdict
		word string
	}{{Unknown, "unknown"}, {Solvable, "solvable"}, {Unsolvable, "unsolvable"}} {
		if c.v.String() != c.word {
			t.Errorf("%d: %q", c.v, c.v.String())
		}
		back, err := ParseVerdict(c.word)
		if err != nil || back != c.v {
			t.Errorf("ParseVerdict(%q) = %v, %v", c.word, back, err)
		}
		text, _ := c.v.MarshalText()
		var u Verdict
		if err := u.UnmarshalText(text); err != nil || u != c.v {
			t.Errorf("text round trip of %v: %v %v", c.v, u, err)
		}
	}
	if _, err := ParseVerdict("maybe"); err == nil {
		t.Error("ParseVerdict accepted maybe")
	}
}
