package view

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// fuzzPaths are the API's POST endpoints; a fuzz input picks one by its first byte.
var fuzzPaths = []string{"/api/state", "/api/hint", "/api/solve", "/api/analyze", "/api/new", "/api/upload", "/api/shisen/state", "/api/shisen/new"}

// FuzzServer sends arbitrary request bodies, under arbitrary Host headers, to the API
// of a server on a small board and checks that every answer is a JSON object with a
// status the API documents, that an error names itself, that a Host that is not an IP
// address or localhost is refused (421), and that what a 200 says agrees with the
// board's own rules: the tiles left and free after the request's moves, and a solve's
// play replayed.
func FuzzServer(f *testing.F) {
	// Tiles 0..5 (stacks top first): a b | b c | a c. The only play is (0,4), (1,2),
	// (3,5).
	const stacks = "a b\nb c\na c\n"
	for _, c := range []struct {
		path byte
		body string
	}{
		{0, `{"id":"0","moves":[]}`},
		{0, `{"id":"0","moves":[[0,4]]}`},
		{0, `{"id":"0","moves":[[4,0],[1,2]]}`},
		{0, `{"id":"0","moves":[[0,4],[1,2],[3,5]]}`},
		{0, `{"id":"0","moves":[[1,2]]}`},
		{0, `{"id":"0","moves":[[0,1]]}`},
		{0, `{"id":"nope","moves":[]}`},
		{0, `not json`},
		{1, `{"id":"0","moves":[[0,4]]}`},
		{2, `{"id":"0","moves":[]}`},
		{2, `{"id":"0","moves":[[0,4]]}`},
		{3, `{"id":"0","moves":[[0,4],[1,2]]}`},
		{4, `{"layout":"turtle","seed":3}`},
		{4, `{"layout":"../../etc/passwd","seed":1}`},
		{5, "a b\nb a\n"},
		{5, `{"format":"mahjong-board/1","tiles":[]}`},
		{6, `{"id":"nope","moves":[]}`},
		{7, `{"size":"14x6","gravity":true,"seed":3}`},
		{7, `{"size":"24x12","kinds":42,"seed":3}`},
		{7, `{"size":"14x6","kinds":-5,"seed":1}`},
		{7, `{"size":"99999x99999","seed":1}`},
	} {
		f.Add(c.path, "127.0.0.1:8080", c.body)
	}
	f.Add(byte(0), "evil.example:8080", `{"id":"0","moves":[]}`)
	f.Add(byte(2), "[::1]:8080", `{"id":"0","moves":[]}`)
	f.Add(byte(2), "localhost", `{"id":"0","moves":[]}`)
	b, err := board.ParseStacks([]byte(stacks), "fuzz")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, which byte, host, body string) {
		srv, err := NewServer(b, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := fuzzPaths[int(which)%len(fuzzPaths)]
		rec := httptest.NewRecorder()
		hr := httptest.NewRequest("POST", path, strings.NewReader(body))
		hr.Host = host
		srv.ServeHTTP(rec, hr)
		var doc map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
			t.Fatalf("%s %q: status %d, not a JSON object: %q", path, body, rec.Code, rec.Body.String())
		}
		if !localHost(host) {
			if rec.Code != http.StatusMisdirectedRequest {
				t.Fatalf("host %q: status %d, want 421", host, rec.Code)
			}
			return
		}
		switch rec.Code {
		case http.StatusOK:
		case http.StatusBadRequest, http.StatusNotFound:
			if msg, _ := doc["error"].(string); msg == "" {
				t.Fatalf("%s %q: status %d without an error: %v", path, body, rec.Code, doc)
			}
			return
		default:
			t.Fatalf("%s %q: status %d: %v", path, body, rec.Code, doc)
		}
		if path != "/api/state" && path != "/api/solve" {
			return
		}
		// The request was read and its moves replayed: replay them here too.
		var req struct {
			Moves [][2]int `json:"moves"`
		}
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatalf("%s %q: answered 200 to a body that is not the request: %v", path, body, err)
		}
		st := b.NewState()
		if err := st.Apply(req.Moves); err != nil {
			t.Fatalf("%s %q: answered 200 to moves the board refuses: %v", path, body, err)
		}
		verdict, _ := doc["verdict"].(string)
		if verdict != "solvable" && verdict != "unsolvable" {
			t.Fatalf("%s %q: verdict %q", path, body, verdict)
		}
		if path == "/api/state" {
			if left, _ := doc["remaining"].(float64); int(left) != st.Remaining() {
				t.Fatalf("%s %q: remaining %v, the board says %d", path, body, doc["remaining"], st.Remaining())
			}
			if free, _ := doc["free"].([]any); len(free) != len(st.PlayableTiles()) {
				t.Fatalf("%s %q: %d free tiles, the board says %d", path, body, len(free), len(st.PlayableTiles()))
			}
			return
		}
		var play struct {
			Play [][2]int `json:"play"`
		}
		json.Unmarshal(rec.Body.Bytes(), &play)
		if err := st.Apply(play.Play); err != nil || (verdict == "solvable") != st.Done() {
			t.Fatalf("%s %q: verdict %s, play %v: %v, %d tiles left", path, body, verdict, play.Play, err, st.Remaining())
		}
	})
}

// localHost is the fuzz test's statement of which Host headers the server answers:
// an IP address or localhost, with or without a port (no name is allowed here).
func localHost(host string) bool {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	return net.ParseIP(h) != nil || strings.EqualFold(h, "localhost")
}
