package view

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/explain"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/solver"
)

// stateDoc is what the page learns after a move.
type stateDoc struct {
	Free       []int           `json:"free"`
	Remaining  int             `json:"remaining"`
	Verdict    string          `json:"verdict"` // solvable (winnable), unsolvable (lost), unknown
	Won        bool            `json:"won"`
	Assignment map[string]bool `json:"assignment,omitempty"` // reduced boards: variable → value the play chose
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	b, st, moves, ok := s.position(w, r)
	if !ok {
		return
	}
	d := stateDoc{Free: []int{}, Remaining: st.Remaining(), Won: st.Done(), Assignment: assignment(b, moves)}
	for _, i := range st.PlayableTiles() {
		d.Free = append(d.Free, b.Tiles[i].ID)
	}
	if st.Done() {
		d.Verdict = board.Solvable.String()
		writeJSON(w, d)
		return
	}
	ctx, done, ok := s.solving(w, r)
	if !ok {
		return
	}
	defer done()
	res, ok := solvePosition(ctx, w, st)
	if !ok {
		return
	}
	d.Verdict = res.Status.String()
	writeJSON(w, d)
}

// solvePosition solves the position st stands at with the native solver (seed 1, so
// that the page's answers are the same each time); on an error it answers the request
// with it and reports false.
func solvePosition(ctx context.Context, w http.ResponseWriter, st *board.State) (solver.Result, bool) {
	pos, err := st.Position()
	if err == nil {
		var res solver.Result
		if res, err = solver.Solve(ctx, pos, solver.Options{Seed: 1}); err == nil {
			return res, true
		}
	}
	fail(w, http.StatusBadRequest, "%v", err)
	return solver.Result{}, false
}

// assignment returns, on a reduced board, the values the moves so far chose: V_i is
// true once V_x went with V_t, false once with V_f.
func assignment(b *board.Board, moves [][2]int) map[string]bool {
	meta, err := reduce.ReadMeta(b)
	if err != nil {
		return nil
	}
	pair := map[[2]int]int{} // (V_x, V_t or V_f) → ±variable
	for v, vt := range meta.VarTiles {
		pair[[2]int{vt.X, vt.T}], pair[[2]int{vt.T, vt.X}] = v+1, v+1
		pair[[2]int{vt.X, vt.F}], pair[[2]int{vt.F, vt.X}] = -(v + 1), -(v + 1)
	}
	out := map[string]bool{}
	for _, m := range moves {
		if v, ok := pair[m]; ok {
			out[strconv.Itoa(max(v, -v))] = v > 0
		}
	}
	return out
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	st, ctx, done, ok := s.solvingAt(w, r)
	if !ok {
		return
	}
	defer done()
	m, err := explain.Hint(ctx, st, explain.Options{})
	switch {
	case errors.Is(err, explain.ErrUnknown):
		writeJSON(w, map[string]any{"verdict": "unknown"})
		return
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
		return
	case m != nil:
		writeJSON(w, map[string]any{"verdict": "solvable", "move": m})
		return
	case st.Done():
		writeJSON(w, map[string]any{"verdict": "solvable"})
		return
	}
	doc := map[string]any{"verdict": "unsolvable"}
	if pos, err := st.Position(); err == nil {
		if c, err := explain.GroupCore(ctx, pos, explain.Options{}); err == nil {
			doc["core"] = c.JSON()
		}
	}
	writeJSON(w, doc)
}

func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) {
	st, ctx, done, ok := s.solvingAt(w, r)
	if !ok {
		return
	}
	defer done()
	if st.Done() {
		writeJSON(w, map[string]any{"verdict": "solvable", "play": [][2]int{}})
		return
	}
	res, ok := solvePosition(ctx, w, st)
	if !ok {
		return
	}
	writeJSON(w, map[string]any{"verdict": res.Status.String(), "play": res.Moves})
}

func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID    string   `json:"id"`
		Moves [][2]int `json:"moves"`
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
	a, err := explain.Analyze(ctx, b, req.Moves, explain.Options{})
	switch {
	case errors.Is(err, explain.ErrUnknown):
		writeJSON(w, map[string]any{"final": "unknown"})
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
	default:
		writeJSON(w, a)
	}
}
