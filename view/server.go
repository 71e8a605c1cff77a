package view

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/difficulty"
	"github.com/mjsat/mjsat/layouts"
	"github.com/mjsat/mjsat/reduce"
	"github.com/mjsat/mjsat/shisen"
)

// Limits of the server, so that no client can make it work without bound.
const (
	MaxBody     = 16 << 20 // bytes of a request body (an uploaded board)
	MaxBoards   = 4096     // boards kept; the oldest goes first
	MaxKept     = 1 << 21  // tiles of all boards kept together (a deal has 144); the oldest go first
	SolveLimit  = 5 * time.Second
	WorkerLimit = 2 // solves at once; further requests wait for a place (or their client)
)

// Server serves the page and its API for boards it keeps: the board it starts with,
// deals of layouts found by name, and uploaded boards. Every verdict comes from the
// exact native solver, bounded by SolveLimit and cancelled when the client goes.
//
// It answers only requests whose Host is an IP address, localhost or one of
// AllowHosts (see hostAllowed), and bounds what each client may hold (ClientSolves,
// ClientBoards) as well as all of them together (WorkerLimit, MaxWaiting, MaxBoards).
type Server struct {
	// AllowHosts are host names besides IP addresses and localhost under which the
	// server may be reached (view -allow-host).
	AllowHosts []string

	mu      sync.Mutex
	odds    sync.Mutex // held while the odds of a position are estimated (handleOdds)
	boards  map[string]*board.Board
	owner   map[string]string // board id → the client that made it ("" for the first)
	order   []string
	next    int
	start   string   // id of the board the page opens
	play    [][2]int // moves to show at the start
	work    chan struct{}
	tiles   int // tiles of the boards kept
	waiting int // requests waiting for a place in work
	// Shisen-Sho boards, kept apart (package shisen), and the one the page opens on
	// when the server starts on one.
	shisen      map[string]*shisen.Board
	shisenOrder []string
	shisenStart string
	inFlight    map[string]int // per client: solving requests running or waiting
	mux         *http.ServeMux
}

// NewServer returns a server that opens on b (nil: the turtle, seed 0), after moves.
func NewServer(b *board.Board, moves [][2]int) (*Server, error) {
	s := &Server{boards: map[string]*board.Board{}, owner: map[string]string{}, inFlight: map[string]int{}, shisen: map[string]*shisen.Board{},
		work: make(chan struct{}, WorkerLimit), play: moves}
	if b == nil {
		l, err := layouts.Find("turtle")
		if err != nil {
			return nil, err
		}
		if b, err = board.Deal(l, 0); err != nil {
			return nil, err
		}
	}
	s.start = s.add(b, "")
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	s.mux = http.NewServeMux()
	s.mux.Handle("GET /", http.FileServerFS(sub))
	s.mux.HandleFunc("GET /api/start", s.handleStart)
	s.mux.HandleFunc("POST /api/new", s.handleNew)
	s.mux.HandleFunc("POST /api/upload", s.handleUpload)
	s.mux.HandleFunc("POST /api/state", s.handleState)
	s.mux.HandleFunc("POST /api/hint", s.handleHint)
	s.mux.HandleFunc("POST /api/solve", s.handleSolve)
	s.mux.HandleFunc("POST /api/analyze", s.handleAnalyze)
	s.mux.HandleFunc("POST /api/svg", s.handleSVG)
	s.mux.HandleFunc("GET /api/layouts", s.handleLayouts)
	s.mux.HandleFunc("POST /api/difficulty", s.handleDifficulty)
	s.mux.HandleFunc("POST /api/odds", s.handleOdds)
	s.mux.HandleFunc("GET /api/shisen/start", s.handleShisenStart)
	s.mux.HandleFunc("POST /api/shisen/new", s.handleShisenNew)
	s.mux.HandleFunc("POST /api/shisen/state", s.handleShisenState)
	s.mux.HandleFunc("POST /api/shisen/open", s.handleShisenOpen)
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r.Host) {
		fail(w, http.StatusMisdirectedRequest, "host %q: this server answers to its IP address or localhost (view -allow-host adds a name)", cut(r.Host))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	if r.URL.Path == "/" && s.shisenStart != "" && r.Method == http.MethodGet {
		r.URL.Path = "/shisen.html" // a server started on a Shisen-Sho board opens its page
	}
	w.Header().Set("Cache-Control", "no-store")
	s.mux.ServeHTTP(w, r)
}

// decodeRequest reads the JSON request body into v: one JSON value and nothing after
// it but white space (a body with more is not the request, and answering it as if it
// were would hide a client's error).
func decodeRequest(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more after the request's JSON value")
	}
	return nil
}

// add keeps b for client c and returns its id, dropping c's oldest board beyond
// ClientBoards and the oldest of all beyond MaxBoards or MaxKept tiles (never the
// first board).
func (s *Server) add(b *board.Board, c string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := strconv.Itoa(s.next)
	s.next++
	s.boards[id] = b
	s.owner[id] = c
	s.tiles += b.N()
	s.order = append(s.order, id)
	mine := 0
	for k := len(s.order) - 1; k >= 0; k-- {
		if o := s.order[k]; s.owner[o] == c && o != s.start {
			if mine++; mine > ClientBoards {
				s.drop(k)
				break
			}
		}
	}
	for len(s.order) > 2 && (len(s.order) > MaxBoards || s.tiles > MaxKept) {
		k := 0
		if s.order[0] == s.start {
			k = 1
		}
		s.drop(k)
	}
	return id
}

// drop forgets the board at order[k].
func (s *Server) drop(k int) {
	s.tiles -= s.boards[s.order[k]].N()
	delete(s.boards, s.order[k])
	delete(s.owner, s.order[k])
	s.order = append(s.order[:k], s.order[k+1:]...)
}

func (s *Server) get(id string) (*board.Board, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.boards[id]
	return b, ok
}

// boardDoc is a board as the page receives it.
type boardDoc struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Layout  string   `json:"layout,omitempty"` // a deal's layout and seed, as deal names them
	Seed    *uint64  `json:"seed,omitempty"`
	Tiles   []Tile   `json:"tiles"`
	Reduced bool     `json:"reduced"`
	Moves   [][2]int `json:"moves,omitempty"`
}

func (s *Server) doc(id string, b *board.Board) boardDoc {
	_, err := reduce.ReadMeta(b)
	d := boardDoc{ID: id, Name: b.Name, Tiles: Tiles(b), Reduced: err == nil}
	var deal struct {
		Layout string  `json:"layout"`
		Seed   *uint64 `json:"seed"`
	}
	if json.Unmarshal(b.Meta, &deal) == nil && deal.Layout != "" && deal.Seed != nil {
		d.Layout, d.Seed = deal.Layout, deal.Seed
	}
	return d
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, code int, format string, a ...any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": fmt.Sprintf(format, a...)})
}

func (s *Server) handleStart(w http.ResponseWriter, r *http.Request) {
	b, _ := s.get(s.start)
	d := s.doc(s.start, b)
	d.Moves = s.play
	writeJSON(w, d)
}

// handleNew deals a layout found by name (no paths: a page may not read files): the
// deal of the seed, or with "winnable" the first winnable deal drawn from the seed, as
// deal -solvable draws it (uniform among the winnable deals).
func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Layout   string `json:"layout"`
		Seed     uint64 `json:"seed"`
		Winnable bool   `json:"winnable"`
	}
	if err := decodeRequest(r, &req); err != nil {
		fail(w, http.StatusBadRequest, "request: %v", err)
		return
	}
	e, ok, err := layouts.Lookup(req.Layout)
	if err != nil || !ok {
		fail(w, http.StatusNotFound, "no layout %q (names only, see -layout list)", cut(req.Layout))
		return
	}
	l, err := e.Load()
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	l.Name = req.Layout
	d, err := board.NewDealer(l)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	b := d.Deal(req.Seed)
	if req.Winnable {
		ctx, done, ok := s.solving(w, r)
		if !ok {
			return
		}
		defer done()
		win, err := difficulty.WinnableDeal(ctx, d, req.Seed, 0)
		if err != nil {
			fail(w, http.StatusServiceUnavailable, "no winnable deal found in time: %v", err)
			return
		}
		meta, _ := json.Marshal(map[string]any{"layout": req.Layout, "seed": req.Seed, "winnable": true})
		if b, err = board.New(fmt.Sprintf("%s winnable deal %d", req.Layout, req.Seed), win.Board.Tiles, meta); err != nil {
			fail(w, http.StatusBadRequest, "%v", err)
			return
		}
	}
	writeJSON(w, s.doc(s.add(b, client(w, r)), b))
}

func cut(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	b, err := board.Read(r.Body, "upload")
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, s.doc(s.add(b, client(w, r)), b))
}

// requestBoard reads the request's JSON into req, whose field at id names a board,
// and returns that board; otherwise it answers the request with the error.
func (s *Server) requestBoard(w http.ResponseWriter, r *http.Request, req any, id *string) (*board.Board, bool) {
	if err := decodeRequest(r, req); err != nil {
		fail(w, http.StatusBadRequest, "request: %v", err)
		return nil, false
	}
	b, ok := s.get(*id)
	if !ok {
		fail(w, http.StatusNotFound, "no board %q (boards are kept while the server runs, %d at most)", cut(*id), MaxBoards)
		return nil, false
	}
	return b, true
}

// position reads {id, moves} and replays the moves.
func (s *Server) position(w http.ResponseWriter, r *http.Request) (*board.Board, *board.State, [][2]int, bool) {
	var req struct {
		ID    string   `json:"id"`
		Moves [][2]int `json:"moves"`
	}
	b, ok := s.requestBoard(w, r, &req, &req.ID)
	if !ok {
		return nil, nil, nil, false
	}
	st := b.NewState()
	if err := st.Apply(req.Moves); err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return nil, nil, nil, false
	}
	return b, st, req.Moves, true
}

// solving waits for a place among the solves at once (WorkerLimit) and returns the
// context of a solve: the client's, cut at SolveLimit. ok is false when the request
// was answered already: its client has ClientSolves under way (429), MaxWaiting
// requests wait (503), or the client went first. Call done when the solve is over.
func (s *Server) solving(w http.ResponseWriter, r *http.Request) (ctx context.Context, done func(), ok bool) {
	c := client(w, r)
	if !s.enter(c) {
		fail(w, http.StatusTooManyRequests, "this page has %d requests under way; wait for their answers", ClientSolves)
		return nil, nil, false
	}
	s.mu.Lock()
	full := s.waiting >= MaxWaiting
	if !full {
		s.waiting++
	}
	s.mu.Unlock()
	if full {
		s.leave(c)
		fail(w, http.StatusServiceUnavailable, "the server is busy; try again")
		return nil, nil, false
	}
	got := false
	select {
	case s.work <- struct{}{}:
		got = true
	case <-r.Context().Done():
	}
	s.mu.Lock()
	s.waiting--
	s.mu.Unlock()
	if !got {
		s.leave(c)
		return nil, nil, false
	}
	ctx, cancel := context.WithTimeout(r.Context(), SolveLimit)
	return ctx, func() { cancel(); <-s.work; s.leave(c) }, true
}

// solvingAt is position, then solving: the position a request names and the context
// of a solve on it. Call done when the solve is over.
func (s *Server) solvingAt(w http.ResponseWriter, r *http.Request) (*board.State, context.Context, func(), bool) {
	_, st, _, ok := s.position(w, r)
	if !ok {
		return nil, nil, nil, false
	}
	ctx, done, ok := s.solving(w, r)
	return st, ctx, done, ok
}
