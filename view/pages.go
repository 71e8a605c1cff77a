package view

import (
	"bytes"
	"errors"
	"net/http"

	"github.com/mjsat/mjsat/difficulty"
	"github.com/mjsat/mjsat/interval"
	"github.com/mjsat/mjsat/layouts"
	"github.com/mjsat/mjsat/nopeek"
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
	b, ok := s.requestBoard(w, r, &req, &req.ID)
	if !ok {
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
	b, ok := s.requestBoard(w, r, &req, &req.ID)
	if !ok {
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

// Odds of the page: games played by the strong player without peeking from the
// position, and the boards it imagines a move; few games, so that the answer comes
// within a few seconds of a move (two at a turtle deal's start, less as it empties),
// and fixed, so that it is the same each time. Fewer boards a move would be quicker
// but would not be a strong player: with 2 it wins no more turtle deals than greedy
// does (docs/results.md), with 8 nearly twice as many, with 16 a further half again
// (their time: docs/perf.md).
const (
	oddsGames   = 12
	oddsSamples = 16
)

// handleOdds estimates a strong player's chance without peeking from the position
// of {id, moves}: games of nopeek's sample player, each on the board with its unseen
// faces dealt again (see nopeek.Odds). A client that goes stops it.
func (s *Server) handleOdds(w http.ResponseWriter, r *http.Request) {
	b, _, moves, ok := s.position(w, r)
	if !ok {
		return
	}
	// One estimate at a time on the whole server: the odds are extra, and the
	// verdicts must not wait behind them.
	if !s.odds.TryLock() {
		fail(w, http.StatusServiceUnavailable, "the server is busy with another page's odds")
		return
	}
	defer s.odds.Unlock()
	c := client(w, r)
	if !s.enter(c) {
		fail(w, http.StatusTooManyRequests, "this page has %d requests under way; wait for their answers", ClientSolves)
		return
	}
	defer s.leave(c)
	ctx := r.Context() // no time limit: the answer must not depend on the machine's speed
	ids := make([][2]int, len(moves))
	copy(ids, moves)
	won, n, err := nopeek.Odds(ctx, b, ids, nopeek.Sample{K: oddsSamples, Ctx: ctx}, oddsGames, 1)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	lo, hi := interval.Wilson(int64(won), int64(n), interval.Z95)
	writeJSON(w, map[string]any{"won": won, "games": n, "lo": lo, "hi": hi})
}
