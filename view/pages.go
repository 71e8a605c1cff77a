package view

import (
	"bytes"
	"errors"
	"net/http"

	"github.com/mjsat/mjsat/difficulty"
	"github.com/mjsat/mjsat/layouts"
)

// handleSVG draws the position of {id, moves} as WriteSVG does, with the page's marks
// ({"marks": {"12": "hint"}}) and free tiles outlined when asked ("show_free").
func (s *Server) handleSVG(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID       string         `json:"id"`
		Moves    [][2]int       `json:"moves"`
		Marks    map[int]string `json:"marks"`
		ShowFree bool           `json:"show_free"`
	}
	if err := decodeRequest(r, &req); err != nil {
		fail(w, http.StatusBadRequest, "request: %v", err)
		return
	}
	b, ok := s.get(req.ID)
	if !ok {
		fail(w, http.StatusNotFound, "no board %q", cut(req.ID))
		return
	}
	st := b.NewState()
	if err := st.Apply(req.Moves); err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	for id, m := range req.Marks {
		if !markClasses[m] {
			fail(w, http.StatusBadRequest, "mark %q of tile %d: want selected, hint, core, lost or keep", cut(m), id)
			return
		}
	}
	var buf bytes.Buffer
	if err := WriteSVG(&buf, st, SVGOptions{Marks: req.Marks, ShowFree: req.ShowFree}); err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(buf.Bytes())
}

// markClasses are the marks the page may ask for.
var markClasses = map[string]bool{"selected": true, "hint": true, "core": true, "lost": true, "keep": true}

// handleLayouts lists the layouts the page can deal, by the names -layout takes.
func (s *Server) handleLayouts(w http.ResponseWriter, r *http.Request) {
	es, err := layouts.List()
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	type entry struct {
		Name  string `json:"name"`
		Tiles int    `json:"tiles"`
	}
	out := []entry{}
	for _, e := range es {
		if e.Err == nil {
			out = append(out, entry{e.Qualified(), e.Tiles})
		}
	}
	writeJSON(w, out)
}

// handleDifficulty measures the board of {id} as deal -difficulty does, with 100
// random games: how often random play wins it, and how many first moves keep it
// winnable.
func (s *Server) handleDifficulty(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID string `json:"id"`
	}
	if err := decodeRequest(r, &req); err != nil {
		fail(w, http.StatusBadRequest, "request: %v", err)
		return
	}
	b, ok := s.get(req.ID)
	if !ok {
		fail(w, http.StatusNotFound, "no board %q", cut(req.ID))
		return
	}
	ctx, done, ok := s.solving(w, r)
	if !ok {
		return
	}
	defer done()
	f, err := difficulty.Measure(ctx, b, 100, 1, 0)
	switch {
	case errors.Is(err, difficulty.ErrUnknown):
		writeJSON(w, map[string]any{"verdict": "unknown"})
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
	default:
		writeJSON(w, f)
	}
}
