package view

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

var flagClients = flag.Int("clients", 40, "BenchmarkServerLoad: pages playing at once")

// BenchmarkServerLoad has -clients pages play at once, over HTTP on loopback, each a
// winnable turtle deal of its own to the end along the server's own winning play,
// asking the verdict after every move as the page does. Every answer must be right:
// winnable after each move, won at the end. It reports the latency of the verdicts
// (p50, p99, max) and the requests answered per second.
func BenchmarkServerLoad(b *testing.B) {
	srv, err := NewServer(nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	for range b.N {
		var mu sync.Mutex
		var lat []time.Duration
		var errs []error
		var wg sync.WaitGroup
		start := time.Now()
		for c := range *flagClients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l, err := playOne(ts.URL, uint64(1000+c))
				mu.Lock()
				defer mu.Unlock()
				lat = append(lat, l...)
				if err != nil {
					errs = append(errs, err)
				}
			}()
		}
		wg.Wait()
		wall := time.Since(start)
		if len(errs) > 0 {
			b.Fatalf("%d of %d pages failed; the first: %v", len(errs), *flagClients, errs[0])
		}
		slices.Sort(lat)
		q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
		b.ReportMetric(q(0.5), "p50-ms")
		b.ReportMetric(q(0.99), "p99-ms")
		b.ReportMetric(q(1), "max-ms")
		b.ReportMetric(float64(len(lat))/wall.Seconds(), "req/s")
		b.ReportMetric(float64(len(lat)), "requests")
	}
}

// playOne plays a winnable deal (the first of the seeds from seed on) as a page does,
// with its own cookies, and returns the latencies of its verdicts.
func playOne(url string, seed uint64) ([]time.Duration, error) {
	jar, _ := cookiejar.New(nil)
	cl := &http.Client{Jar: jar, Timeout: time.Minute}
	call := func(path string, req, resp any) error {
		body, _ := json.Marshal(req)
		r, err := cl.Post(url+path, "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		defer r.Body.Close()
		if r.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: status %d", path, r.StatusCode)
		}
		return json.NewDecoder(r.Body).Decode(resp)
	}
	for ; ; seed++ {
		var deal struct{ ID string }
		if err := call("/api/new", map[string]any{"layout": "turtle", "seed": seed}, &deal); err != nil {
			return nil, err
		}
		var sol struct {
			Verdict string
			Play    [][2]int
		}
		if err := call("/api/solve", map[string]any{"id": deal.ID, "moves": [][2]int{}}, &sol); err != nil {
			return nil, err
		}
		if sol.Verdict != "solvable" {
			continue
		}
		var lat []time.Duration
		for k := range sol.Play {
			var st struct {
				Verdict string
				Won     bool
			}
			t0 := time.Now()
			if err := call("/api/state", map[string]any{"id": deal.ID, "moves": sol.Play[:k+1]}, &st); err != nil {
				return lat, err
			}
			lat = append(lat, time.Since(t0))
			if st.Verdict != "solvable" || st.Won != (k == len(sol.Play)-1) {
				return lat, fmt.Errorf("seed %d after move %d: verdict %s, won %v", seed, k+1, st.Verdict, st.Won)
			}
		}
		return lat, nil
	}
}
