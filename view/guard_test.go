package view

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// localRequest is a request as the page on this machine sends it: to the server's IP
// address.
func localRequest(method, path, body string) *http.Request {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Host = "127.0.0.1:8080"
	return r
}

// TestHostGuard checks which Host headers the server answers: its addresses and
// localhost, and a name only when allowed; a name another site chose (DNS rebinding)
// gets 421.
func TestHostGuard(t *testing.T) {
	srv, err := NewServer(mustStacks(t, "a b\nb a\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	srv.AllowHosts = []string{"mybox.lan"}
	for host, want := range map[string]int{
		"127.0.0.1:8080": http.StatusOK, "[::1]:8080": http.StatusOK, "localhost:8080": http.StatusOK,
		"LOCALHOST": http.StatusOK, "192.168.1.20:9": http.StatusOK, "mybox.lan:8080": http.StatusOK,
		"evil.example:8080": http.StatusMisdirectedRequest, "localhost.evil.example": http.StatusMisdirectedRequest,
		"": http.StatusMisdirectedRequest, "127.0.0.1.nip.io:8080": http.StatusMisdirectedRequest,
	} {
		r := localRequest("GET", "/api/start", "")
		r.Host = host
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, r)
		if rec.Code != want {
			t.Errorf("Host %q: status %d, want %d", host, rec.Code, want)
		}
	}
}

// TestClientBounds checks the bounds of one client: more than ClientSolves requests
// under way get 429 while another client is still served, and a client's boards beyond
// ClientBoards push out its own oldest, not another's.
func TestClientBounds(t *testing.T) {
	srv, err := NewServer(mustStacks(t, "a b\nb a\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	cookie := func(c string) *http.Cookie { return &http.Cookie{Name: clientCookie, Value: strings.Repeat(c, 32)} }
	// Hold every worker's place, so that requests wait.
	for range WorkerLimit {
		srv.work <- struct{}{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range ClientSolves {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := localRequest("POST", "/api/state", `{"id":"0","moves":[]}`).WithContext(ctx)
			r.AddCookie(cookie("a"))
			srv.ServeHTTP(httptest.NewRecorder(), r)
		}()
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		srv.mu.Lock()
		n := srv.inFlight[strings.Repeat("a", 32)]
		srv.mu.Unlock()
		if n == ClientSolves {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d requests under way, want %d", n, ClientSolves)
		}
		time.Sleep(time.Millisecond)
	}
	r := localRequest("POST", "/api/state", `{"id":"0","moves":[]}`)
	r.AddCookie(cookie("a"))
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, r)
	if rec.Code != http.StatusTooManyRequests {
		t.Errorf("a third request of one client: status %d, want 429", rec.Code)
	}
	cancel() // the waiting requests' clients go
	wg.Wait()
	for range WorkerLimit {
		<-srv.work
	}
	r = localRequest("POST", "/api/state", `{"id":"0","moves":[]}`)
	r.AddCookie(cookie("b"))
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, r)
	if rec.Code != http.StatusOK {
		t.Errorf("another client: status %d, want 200", rec.Code)
	}
	// Boards: client b makes one, client a makes ClientBoards+1.
	upload := func(c string) string {
		r := localRequest("POST", "/api/upload", "a b\nb a\n")
		r.AddCookie(cookie(c))
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, r)
		if rec.Code != http.StatusOK {
			t.Fatalf("upload: status %d", rec.Code)
		}
		return rec.Body.String()
	}
	upload("b")
	for range ClientBoards + 1 {
		upload("a")
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	count := map[string]int{}
	for _, id := range srv.order {
		count[srv.owner[id]]++
	}
	if count[strings.Repeat("a", 32)] != ClientBoards || count[strings.Repeat("b", 32)] != 1 || srv.boards[srv.start] == nil {
		t.Errorf("boards kept per client: %v (start kept: %v)", count, srv.boards[srv.start] != nil)
	}
}
