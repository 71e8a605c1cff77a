package view

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/internal/golden"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/solver"
)

func turtle(t testing.TB, seed uint64) *board.Board {
	t.Helper()
	b, err := board.Deal(instances.Turtle(), seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func post(t *testing.T, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, localRequest("POST", path, body))
	var doc map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatalf("%s: %v: %q", path, err, rec.Body.String())
	}
	return rec.Code, doc
}

// TestHandlers checks the API against the native solver and the board's own rules.
func TestHandlers(t *testing.T) {
	b := turtle(t, 1)
	srv, err := NewServer(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, localRequest("GET", "/", ""))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `<div id="board">`) {
		t.Fatalf("page: %d %.100q", rec.Code, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, localRequest("GET", "/api/start", ""))
	var start boardDoc
	if err := json.Unmarshal(rec.Body.Bytes(), &start); err != nil || len(start.Tiles) != 144 || start.ID != "0" {
		t.Fatalf("start: %v %+v", err, start)
	}
	res, err := solver.Solve(context.Background(), b, solver.Options{Seed: 1})
	if err != nil || res.Status != board.Solvable {
		t.Fatal(res.Status, err)
	}
	// After each move of a winning play the position stays winnable; the free tiles
	// are those the board's rules say.
	s := b.NewState()
	for k, m := range res.Moves[:5] {
		i, _ := b.Index(m[0])
		j, _ := b.Index(m[1])
		s.Remove(i, j)
		moves, _ := json.Marshal(res.Moves[:k+1])
		code, doc := post(t, srv, "/api/state", `{"id":"0","moves":`+string(moves)+`}`)
		if code != 200 || doc["verdict"] != "solvable" || int(doc["remaining"].(float64)) != s.Remaining() {
			t.Fatalf("move %d: %d %v", k, code, doc)
		}
		if len(doc["free"].([]any)) != len(s.PlayableTiles()) {
			t.Fatalf("move %d: %d free tiles, the rules say %d", k, len(doc["free"].([]any)), len(s.PlayableTiles()))
		}
	}
	// A hint keeps the game winnable; a winning continuation is offered.
	code, doc := post(t, srv, "/api/hint", `{"id":"0","moves":[]}`)
	if code != 200 || doc["verdict"] != "solvable" || len(doc["move"].([]any)) != 2 {
		t.Fatalf("hint: %d %v", code, doc)
	}
	code, doc = post(t, srv, "/api/solve", `{"id":"0","moves":[]}`)
	if code != 200 || doc["verdict"] != "solvable" || len(doc["play"].([]any)) != 72 {
		t.Fatalf("solve: %d %v", code, doc)
	}
	// Errors: an illegal move, an unknown board, a layout path, a huge body.
	for _, c := range []struct {
		path, body string
		code       int
		want       string
	}{
		{"/api/state", `{"id":"0","moves":[[0,1]]}`, 400, "move 1"},
		{"/api/state", `{"id":"nope","moves":[]}`, 404, "no board"},
		{"/api/state", `{"id":"0","moves":[[0,99999]]}`, 400, "no tile with id 99999"},
		{"/api/new", `{"layout":"/etc/passwd","seed":1}`, 404, "no layout"},
		{"/api/new", `{"layout":"../../etc/passwd","seed":1}`, 404, "no layout"},
		{"/api/new", `{"layout":"turtle","seed":3}`, 200, ""},
		{"/api/upload", "a b\nb a\n", 200, ""},
		{"/api/upload", "a b\nb\n", 400, "group"},
		{"/api/upload", strings.Repeat("a ", MaxBody), 400, "too large"},
		{"/api/state", `not json`, 400, "request"},
	} {
		code, doc := post(t, srv, c.path, c.body)
		if code != c.code || c.want != "" && !strings.Contains(doc["error"].(string), c.want) {
			t.Errorf("%s %.40q: %d %v, want %d and %q", c.path, c.body, code, doc, c.code, c.want)
		}
	}
	// A lost position: the hint says so, with a core; analyze finds the losing move.
	srv2, _ := NewServer(mustStacks(t, "a b\nb c\nc a\nd\nd\n"), nil)
	code, doc = post(t, srv2, "/api/hint", `{"id":"0","moves":[]}`)
	if code != 200 || doc["verdict"] != "unsolvable" || doc["core"] == nil {
		t.Fatalf("lost hint: %d %v", code, doc)
	}
}

func mustStacks(t *testing.T, s string) *board.Board {
	t.Helper()
	b, err := board.ParseStacks([]byte(s), "t")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAssignment: on a reduced board, the page learns the values the play chose.
func TestAssignment(t *testing.T) {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}
	b, m, err := reduce.Reduce(f, reduce.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.PlayFromAssignment([]bool{false, true})
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := NewServer(b, nil)
	moves, _ := json.Marshal(p.Moves)
	code, doc := post(t, srv, "/api/state", `{"id":"0","moves":`+string(moves)+`}`)
	if code != 200 || doc["won"] != true {
		t.Fatalf("%d %v", code, doc)
	}
	if a := doc["assignment"].(map[string]any); a["1"] != true {
		t.Fatalf("assignment %v, want v1 true", a)
	}
}

// TestSVGGolden pins the SVG pictures of a deal, a position after moves and a reduced
// board (go test ./view -update rewrites them), and checks their structure: one
// element per tile still in place, with its data-tile id.
func TestSVGGolden(t *testing.T) {
	red, _, err := reduce.Reduce(&cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}, reduce.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tb := turtle(t, 7)
	after := tb.NewState()
	res, _ := solver.Solve(context.Background(), tb, solver.Options{Seed: 1})
	for _, m := range res.Moves[:10] {
		i, _ := tb.Index(m[0])
		j, _ := tb.Index(m[1])
		after.Remove(i, j)
	}
	tileRe := regexp.MustCompile(`<g data-tile="(\d+)"`)
	for _, c := range []struct {
		name string
		s    *board.State
	}{{"turtle-seed7", tb.NewState()}, {"turtle-seed7-after10", after}, {"reduced-1var", red.NewState()}} {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, c.s, SVGOptions{}); err != nil {
			t.Fatal(err)
		}
		if n := len(tileRe.FindAllString(buf.String(), -1)); n != c.s.Remaining() {
			t.Errorf("%s: %d tile elements, %d tiles in place", c.name, n, c.s.Remaining())
		}
		golden.Check(t, filepath.Join("testdata", c.name+".svg"), buf.Bytes())
	}
}
