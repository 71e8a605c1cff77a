package view

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/shisen"
)

// TestTurtleFaces checks that a turtle deal shows all 42 faces of the set, each on
// the tiles of its group only (the flowers and the seasons four faces each, one a
// tile), every tile one element, and that a removed tile is not drawn.
func TestTurtleFaces(t *testing.T) {
	b := turtle(t, 7)
	st := b.NewState()
	var buf bytes.Buffer
	if err := WriteSVG(&buf, st, SVGOptions{}); err != nil {
		t.Fatal(err)
	}
	el := regexp.MustCompile(`<g data-tile="(\d+)" data-face="([a-z0-9-]+)" data-group="([^"]+)"`)
	seen := map[string]string{} // face → group
	tiles := 0
	for _, m := range el.FindAllStringSubmatch(buf.String(), -1) {
		tiles++
		if g, ok := seen[m[2]]; ok && g != m[3] {
			t.Errorf("face %s on groups %s and %s", m[2], g, m[3])
		}
		seen[m[2]] = m[3]
	}
	if tiles != 144 || len(seen) != 42 {
		t.Fatalf("%d tiles with a face, %d faces; want 144 and 42", tiles, len(seen))
	}
	for _, f := range []string{"dots-1", "dots-9", "bamboo-1", "bamboo-9", "characters-5", "wind-east", "wind-south",
		"wind-west", "wind-north", "dragon-red", "dragon-green", "dragon-white", "flower-4", "season-1"} {
		if seen[f] == "" {
			t.Errorf("no tile shows %s", f)
		}
	}
	m := st.Moves()[0]
	st.Remove(m[0], m[1])
	buf.Reset()
	WriteSVG(&buf, st, SVGOptions{})
	if n := strings.Count(buf.String(), "<g data-tile="); n != 142 || strings.Contains(buf.String(), `data-tile="`+strconv.Itoa(b.Tiles[m[0]].ID)+`"`) {
		t.Errorf("after a move: %d tiles drawn, the removed one among them: %v", n, strings.Contains(buf.String(), `data-tile="`+strconv.Itoa(b.Tiles[m[0]].ID)+`"`))
	}
}

// TestOtherBoards checks that a board not of the standard set keeps its group names,
// each group a colour of its own, and no faces.
func TestOtherBoards(t *testing.T) {
	var sb strings.Builder
	for g := range 40 {
		sb.WriteString("g" + string(rune('A'+g%26)) + string(rune('a'+g/26)) + " ")
		sb.WriteString("g" + string(rune('A'+g%26)) + string(rune('a'+g/26)) + "\n")
	}
	b, err := board.ParseStacks([]byte(sb.String()), "made")
	if err != nil {
		t.Fatal(err)
	}
	colours := map[string]string{}
	for _, tl := range Tiles(b) {
		if tl.Face != "" {
			t.Fatalf("tile %d has face %s", tl.ID, tl.Face)
		}
		if c, ok := colours[tl.Color]; ok && c != tl.Group {
			t.Fatalf("groups %s and %s share colour %s", c, tl.Group, tl.Color)
		}
		colours[tl.Color] = tl.Group
	}
}

// TestPageAPI checks the page's own requests: the picture of a position, the layouts,
// a winnable deal (which the solver must find winnable), and a deal opened by name
// and seed carrying them back.
func TestPageAPI(t *testing.T) {
	srv, err := NewServer(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, doc := post(t, srv, "/api/new", `{"layout":"turtle","seed":12}`)
	if code != 200 || doc["layout"] != "turtle" || doc["seed"] != float64(12) {
		t.Fatalf("new: %d %v %v", code, doc["layout"], doc["seed"])
	}
	id := doc["id"].(string)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, localRequest("POST", "/api/svg", `{"id":"`+id+`","moves":[],"marks":{"0":"hint"},"show_free":true}`))
	if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), `<svg xmlns="http://www.w3.org/2000/svg" class="show-free"`) ||
		!strings.Contains(rec.Body.String(), `data-tile="0" data-face=`) || !strings.Contains(rec.Body.String(), "hint") {
		t.Fatalf("svg: %d %.200s", rec.Code, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, localRequest("POST", "/api/svg", `{"id":"`+id+`","moves":[],"marks":{"0":"<script>"}}`))
	if rec.Code != http.StatusBadRequest {
		t.Errorf("a mark that is not a class: %d", rec.Code)
	}
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, localRequest("GET", "/api/layouts", ""))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"name":"builtin/turtle"`) {
		t.Errorf("layouts: %d %.200s", rec.Code, rec.Body.String())
	}
	code, odds := post(t, srv, "/api/odds", `{"id":"`+id+`","moves":[]}`)
	_, again := post(t, srv, "/api/odds", `{"id":"`+id+`","moves":[]}`)
	if code != 200 || odds["games"] != float64(oddsGames) || odds["won"] != again["won"] || odds["lo"].(float64) > odds["hi"].(float64) {
		t.Errorf("odds: %d %v, again %v", code, odds, again)
	}
	code, doc = post(t, srv, "/api/new", `{"layout":"turtle","seed":5,"winnable":true}`)
	if code != 200 {
		t.Fatalf("new winnable: %d %v", code, doc)
	}
	code, st := post(t, srv, "/api/state", `{"id":"`+doc["id"].(string)+`","moves":[]}`)
	if code != 200 || st["verdict"] != "solvable" {
		t.Errorf("the winnable deal: %d %v", code, st["verdict"])
	}
}

// TestShisenAPI checks the Shisen-Sho page's requests: a deal, a move drawn with its
// path, a move with no path refused, the verdict.
func TestShisenAPI(t *testing.T) {
	srv, err := NewServer(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, doc := post(t, srv, "/api/shisen/new", `{"size":"14x6","seed":2}`)
	if code != 200 || doc["w"] != float64(14) || doc["seed"] != float64(2) {
		t.Fatalf("new: %d %v", code, doc)
	}
	id := doc["id"].(string)
	b, _ := shisen.Deal(14, 6, false, 2)
	m := b.Moves()[0]
	move := fmt.Sprintf(`[[[%d,%d],[%d,%d]]]`, m[0].X, m[0].Y, m[1].X, m[1].Y)
	code, st := post(t, srv, "/api/shisen/state", `{"id":"`+id+`","moves":`+move+`}`)
	if code != 200 || st["verdict"] == nil || st["tiles"] != float64(82) || !strings.Contains(st["svg"].(string), `class="path"`) {
		t.Fatalf("state: %d %v %v", code, st["verdict"], st["tiles"])
	}
	// Two tiles of one group with no path between them: refused.
	p, q, ok := unjoined(b)
	if !ok {
		t.Fatal("no pair of one group without a path")
	}
	bad := fmt.Sprintf(`[[[%d,%d],[%d,%d]]]`, p.X, p.Y, q.X, q.Y)
	if code, doc := post(t, srv, "/api/shisen/state", `{"id":"`+id+`","moves":`+bad+`}`); code != http.StatusBadRequest || !strings.Contains(doc["error"].(string), "no path") {
		t.Errorf("a move with no path: %d %v", code, doc)
	}
}

// TestShisenKShisenTiles checks the page's "KShisen's tiles" deals: the board served
// is shisen.DealKinds with KShisen's 42 kinds (a move legal there and not in the
// groups-of-four deal of the same seed is accepted), the answer names the kinds, and
// a bad kinds count is refused.
func TestShisenKShisenTiles(t *testing.T) {
	srv, err := NewServer(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, doc := post(t, srv, "/api/shisen/new", `{"size":"24x12","kinds":42,"seed":5}`)
	if code != 200 || doc["kinds"] != float64(42) {
		t.Fatalf("new: %d %v", code, doc)
	}
	want, _ := shisen.DealKinds(24, 12, false, 5, shisen.KShisenKinds)
	four, _ := shisen.Deal(24, 12, false, 5)
	var move string
	for _, m := range want.Moves() {
		if four.Check(m) != nil {
			move = fmt.Sprintf(`[[[%d,%d],[%d,%d]]]`, m[0].X, m[0].Y, m[1].X, m[1].Y)
			break
		}
	}
	if move == "" {
		t.Fatal("no move tells the two deals apart")
	}
	if code, st := post(t, srv, "/api/shisen/state", `{"id":"`+doc["id"].(string)+`","moves":`+move+`}`); code != 200 || st["tiles"] != float64(286) {
		t.Fatalf("state: %d %v", code, st)
	}
	if code, _ := post(t, srv, "/api/shisen/new", `{"size":"24x12","kinds":-1,"seed":5}`); code != http.StatusBadRequest {
		t.Errorf("kinds -1: %d", code)
	}
}

// TestShisenFaces checks that every tile of a Shisen-Sho deal is drawn with a face
// and named by it, also on deals of more groups than one set of tiles has (groups of
// four on the large boards, KShisen's 42 kinds): no group's name shows, and no two
// groups look alike. A hand-made board's groups that no set has keep their names.
func TestShisenFaces(t *testing.T) {
	el := regexp.MustCompile(`<g data-cell="\d+,\d+" data-face="([a-z0-9-]+)" data-group="([^"]+)" class="[^"]*"><title>([^<]+)</title>`)
	for _, c := range []struct{ w, h, kinds, sets int }{{18, 8, 0, 1}, {24, 12, 42, 2}, {30, 16, 0, 4}, {64, 64, 0, 29}} {
		b, err := shisen.DealKinds(c.w, c.h, false, 3, c.kinds)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := WriteShisenSVG(&sb, b, nil, nil); err != nil {
			t.Fatal(err)
		}
		tiles := el.FindAllStringSubmatch(sb.String(), -1)
		if len(tiles) != c.w*c.h || strings.Count(sb.String(), "data-cell=") != c.w*c.h {
			t.Fatalf("%d×%d kinds %d: %d of %d tiles drawn with a face", c.w, c.h, c.kinds, len(tiles), c.w*c.h)
		}
		groupOf, sets := map[string]string{}, map[string]bool{}
		for _, m := range tiles {
			face, group, name := m[1], m[2], m[3]
			if g, ok := groupOf[face]; ok && g != group {
				t.Errorf("%d×%d kinds %d: groups %s and %s both drawn as %s", c.w, c.h, c.kinds, g, group, face)
			}
			groupOf[face] = group
			if name == group || regexp.MustCompile(`\bg\d`).MatchString(name) {
				t.Errorf("%d×%d kinds %d: a tile named %q, its group's name", c.w, c.h, c.kinds, name)
			}
			set := "1"
			if _, s, ok := strings.Cut(face, "-set"); ok {
				set = s
				if !strings.HasSuffix(name, ", set "+s) {
					t.Errorf("%s named %q", face, name)
				}
			}
			sets[set] = true
		}
		if len(sets) != c.sets {
			t.Errorf("%d×%d kinds %d: faces of %d sets, want %d", c.w, c.h, c.kinds, len(sets), c.sets)
		}
	}
	// A hand-made board: groups of no set keep their names; "g037" is not group 37.
	b, err := shisen.New([][]string{{"g037", "g037", "g37", "g37", "x", "x"}}, false)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := WriteShisenSVG(&sb, b, nil, nil); err != nil {
		t.Fatal(err)
	}
	if s := sb.String(); !strings.Contains(s, `data-group="g037" class="tile"><title>g037</title>`) ||
		!strings.Contains(s, `data-face="flower-1-set2" data-group="g37"`) || !strings.Contains(s, `<title>x</title>`) {
		t.Errorf("hand-made board drawn as\n%s", s)
	}
}

// unjoined returns the first two tiles of one group of b, in reading order, that no
// path joins; ok is false when there are none.
func unjoined(b *shisen.Board) (p, q shisen.Cell, ok bool) {
	for i := range b.W * b.H {
		for k := i + 1; k < b.W*b.H; k++ {
			p, q = shisen.Cell{X: i % b.W, Y: i / b.W}, shisen.Cell{X: k % b.W, Y: k / b.W}
			if g := b.At(p.X, p.Y); g != "" && g == b.At(q.X, q.Y) && !b.Connected(p, q) {
				return p, q, true
			}
		}
	}
	return p, q, false
}
