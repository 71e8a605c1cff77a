package view

import (
	"crypto/rand"
	"encoding/hex"
	"net"
	"net/http"
	"strings"
)

// What one client (one page, known by its cookie) may hold of the server at once, so
// that no page on a shared machine can take it from the others.
const (
	ClientSolves = 2   // requests that solve, running or waiting; more get 429
	ClientBoards = 16  // boards kept for a client; its oldest goes first
	MaxWaiting   = 256 // requests waiting for a solve, all clients together; more get 503
)

// clientCookie names the cookie that tells the server's clients apart.
const clientCookie = "mjsat-client"

// hostAllowed reports whether a request's Host names this server in a way no other
// site can: an IP address (as the server's own URL does) or localhost, or a name
// given with -allow-host. A page of another site that made its name resolve to this
// machine (DNS rebinding) sends its own name, and is refused.
func (s *Server) hostAllowed(host string) bool {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host // no port
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if net.ParseIP(h) != nil || strings.EqualFold(h, "localhost") {
		return true
	}
	for _, a := range s.AllowHosts {
		if strings.EqualFold(h, a) {
			return true
		}
	}
	return false
}

// client returns the id of the request's client: its cookie, set on the response
// when it had none, so that the page's later requests carry it. A request that does
// not keep cookies is its own client each time, and only the server's global bounds
// hold it.
func client(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(clientCookie); err == nil && len(c.Value) == 32 {
		if _, err := hex.DecodeString(c.Value); err == nil {
			return c.Value
		}
	}
	var b [16]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	http.SetCookie(w, &http.Cookie{Name: clientCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	return id
}

// enter counts a solving request of client c; false when c has ClientSolves already.
func (s *Server) enter(c string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inFlight[c] >= ClientSolves {
		return false
	}
	s.inFlight[c]++
	return true
}

// leave ends what enter counted.
func (s *Server) leave(c string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inFlight[c]--; s.inFlight[c] <= 0 {
		delete(s.inFlight, c)
	}
}
