package view

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/shisen"
)

// Geometry of a Shisen-Sho picture: a cell, and the ring around the board where
// paths may run.
const (
	cellW = 44
	cellH = 58
)

// WriteShisenSVG draws a Shisen-Sho board: every tile one element <g data-cell="X,Y">
// (with data-face on a deal of the standard set), the ring outside the board left
// empty for paths, and path (the corners of the last move's path, if any) as a line.
// marks give cells a class the page's style draws (selected, hint).
func WriteShisenSVG(w io.Writer, b *shisen.Board, path []shisen.Cell, marks map[shisen.Cell]string) error {
	rows := b.Rows()
	width, height := (b.W+2)*cellW, (b.H+2)*cellH
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", width, height, width, height)
	sb.WriteString(style)
	nth := map[string]int{} // the flowers and seasons, told apart by their order
	for y, row := range rows {
		for x, g := range row {
			if g == "" {
				continue
			}
			px, py := (x+1)*cellW, (y+1)*cellH
			cls := "tile"
			if m := marks[shisen.Cell{X: x, Y: y}]; m != "" {
				cls += " " + m
			}
			f, set, ok := shisenFace(g, nth)
			fmt.Fprintf(&sb, `<g data-cell="%d,%d"`, x, y)
			if ok {
				fmt.Fprintf(&sb, ` data-face="%s"`, f.id)
			}
			name := g
			if ok {
				name = f.name
			}
			fmt.Fprintf(&sb, ` data-group="%s" class="%s"><title>%s</title>`, html.EscapeString(g), cls, html.EscapeString(name))
			fmt.Fprintf(&sb, `<rect class="edge" x="%d" y="%d" width="%d" height="%d" rx="5"/>`, px+3, py+3, cellW-4, cellH-4)
			fmt.Fprintf(&sb, `<rect class="face" x="%d" y="%d" width="%d" height="%d" rx="5" fill="%s"/>`, px, py, cellW-4, cellH-4, setBacks[(set-1)%len(setBacks)])
			if ok {
				drawFace(&sb, f, float64(px), float64(py), float64(cellW-4), float64(cellH-4))
				if set > 1 {
					fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="end" font-size="10" font-weight="bold" fill="%s">%d</text>`, px+cellW-7, py+11, ink, set)
				}
			} else {
				fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle" font-size="14">%s</text>`, px+cellW/2-2, py+cellH/2+4, html.EscapeString(label(g)))
			}
			sb.WriteString("</g>\n")
		}
	}
	if len(path) > 1 {
		var pts []string
		for _, c := range path {
			pts = append(pts, fmt.Sprintf("%d,%d", (c.X+1)*cellW+cellW/2-2, (c.Y+1)*cellH+cellH/2-2))
		}
		fmt.Fprintf(&sb, `<polyline class="path" points="%s" pointer-events="none" fill="none" stroke="#e8590c" stroke-width="4" stroke-linejoin="round"/>`+"\n", strings.Join(pts, " "))
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// shisenFace returns the face of a tile of group g, counting the flowers and seasons
// met so far in nth, and the set of tiles it comes from (from 1). A deal has
// more groups than a set has when it has groups of four on a large board, or
// KShisen's 42 kinds: deal names group 37 on "g37", and such a group takes the face of
// the group of 1 to 36 it comes back to, from a further set, drawn on that set's
// colour with the set's number. ok is false for a group no set has (drawn as set 1).
func shisenFace(g string, nth map[string]int) (f face, set int, ok bool) {
	base, set := g, 1
	if n, err := strconv.Atoi(strings.TrimPrefix(g, "g")); err == nil && g == "g"+strconv.Itoa(n) && n > setGroups {
		base, set = board.GroupName((n-1)%setGroups), (n-1)/setGroups+1
	}
	switch {
	case base == "pl" || base == "ss":
		nth[g]++
		kind := map[string]string{"pl": "flower-", "ss": "season-"}[base]
		f = facesByID[kind+strconv.Itoa((nth[g]-1)%4+1)]
	case honours[base].id != "":
		f = honours[base]
	case len(base) == 2 && suits[base[0]] != "" && base[1] >= '1' && base[1] <= '9' && base != "s1":
		f = facesByID[suits[base[0]]+"-"+base[1:]]
	default:
		return face{}, 1, false
	}
	if set > 1 {
		f.id += "-set" + strconv.Itoa(set)
		f.name += ", set " + strconv.Itoa(set)
	}
	return f, set, true
}

// setGroups is the groups of one set of tiles as deal names them (board.GroupName 0
// to 35): the 144-tile set's 34 kinds, its four flowers and its four seasons.
const setGroups = 36

// setBacks are the colours of the faces of sets 1, 2, 3, 4, then again 5, 6, ...: with
// groups of four, KShisen's largest board, 30×16, takes 120 groups, four sets, each
// its own colour; further sets are told apart by their numbers. A tile of no set is
// drawn on the first colour.
var setBacks = []string{"#fffdf6", "#dbeafe", "#dcfce7", "#fde2e4"}

// shisenDoc is a Shisen-Sho position as the page receives it.
type shisenDoc struct {
	ID      string `json:"id"`
	W       int    `json:"w"`
	H       int    `json:"h"`
	Gravity bool   `json:"gravity"`
	Kinds   int    `json:"kinds,omitempty"` // at most this many tile kinds, as KShisen lays them (0: groups of four)
	Seed    *int64 `json:"seed,omitempty"`
}

// addShisen keeps a Shisen-Sho board and returns its id.
func (s *Server) addShisen(b *shisen.Board) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := "s" + strconv.Itoa(s.next)
	s.next++
	s.shisen[id] = b
	s.shisenOrder = append(s.shisenOrder, id)
	if len(s.shisenOrder) > MaxBoards {
		delete(s.shisen, s.shisenOrder[0])
		s.shisenOrder = s.shisenOrder[1:]
	}
	return id
}

// StartShisen makes the server open on a Shisen-Sho board: its page is then the
// Shisen-Sho page.
func (s *Server) StartShisen(b *shisen.Board) { s.shisenStart = s.addShisen(b) }

func (s *Server) handleShisenStart(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	b, ok := s.shisen[s.shisenStart]
	s.mu.Unlock()
	if !ok {
		b, _ = shisen.Deal(18, 8, false, 0)
		s.StartShisen(b)
	}
	writeJSON(w, shisenDoc{ID: s.shisenStart, W: b.W, H: b.H, Gravity: b.Gravity})
}

func (s *Server) handleShisenNew(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Size    string `json:"size"`
		Gravity bool   `json:"gravity"`
		Kinds   int    `json:"kinds"`
		Seed    uint64 `json:"seed"`
	}
	if err := decodeRequest(r, &req); err != nil {
		fail(w, http.StatusBadRequest, "request: %v", err)
		return
	}
	wd, ht, err := shisen.ParseSize(req.Size)
	if err == nil && wd*ht > 64*64 {
		err = fmt.Errorf("size %q: at most 4096 cells", req.Size)
	}
	var b *shisen.Board
	if err == nil {
		b, err = shisen.DealKinds(wd, ht, req.Gravity, req.Seed, req.Kinds)
	}
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	seed := int64(req.Seed)
	writeJSON(w, shisenDoc{ID: s.addShisen(b), W: b.W, H: b.H, Gravity: b.Gravity, Kinds: req.Kinds, Seed: &seed})
}

// handleShisenState answers {id, moves, marks}: the position after the moves, drawn
// with the last move's path, and whether it can still be won.
func (s *Server) handleShisenState(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID    string        `json:"id"`
		Moves []shisen.Move `json:"moves"`
		Hint  bool          `json:"hint"`
	}
	if err := decodeRequest(r, &req); err != nil {
		fail(w, http.StatusBadRequest, "request: %v", err)
		return
	}
	s.mu.Lock()
	b0, ok := s.shisen[req.ID]
	s.mu.Unlock()
	if !ok {
		fail(w, http.StatusNotFound, "no board %q", cut(req.ID))
		return
	}
	b := b0.Clone()
	var path []shisen.Cell // the last move's, drawn
	if n := len(req.Moves); n > 0 {
		err := b.Apply(req.Moves[:n-1])
		if err == nil {
			last := req.Moves[n-1]
			path = b.Path(last[0], last[1])
			if err = b.Play(last); err != nil {
				err = fmt.Errorf("move %d: %w", n, err)
			}
		}
		if err != nil {
			fail(w, http.StatusBadRequest, "%v", err)
			return
		}
	}
	doc := map[string]any{"tiles": b.Tiles(), "won": b.Tiles() == 0, "verdict": board.Solvable.String()}
	var marks map[shisen.Cell]string
	if b.Tiles() > 0 {
		ctx, done, ok := s.solving(w, r)
		if !ok {
			return
		}
		res, err := shisen.Solve(ctx, b)
		done()
		if err != nil {
			fail(w, http.StatusInternalServerError, "%v", err)
			return
		}
		doc["verdict"] = res.Status.String()
		if req.Hint && len(res.Moves) > 0 {
			m := res.Moves[0]
			doc["hint"] = m
			marks = map[shisen.Cell]string{m[0]: "hint", m[1]: "hint"}
		}
	}
	var sb strings.Builder
	WriteShisenSVG(&sb, b, path, marks)
	doc["svg"] = sb.String()
	writeJSON(w, doc)
}

// handleShisenOpen keeps the Shisen-Sho board of the request's body (shisen-board/1)
// and answers as a new deal does: the static site opens on its board this way.
func (s *Server) handleShisenOpen(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, "request: %v", err)
		return
	}
	b, err := shisen.Parse(data, "board")
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, shisenDoc{ID: s.addShisen(b), W: b.W, H: b.H, Gravity: b.Gravity})
}
