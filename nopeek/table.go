package nopeek

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/solver"
)

// Record is one deal played without peeking: a line of a result file,
//
//	{"seed":17,"policy":"debondt","won":true,"moves":72}
//
// moves is the number of moves played. Files are written in seed order.
type Record struct {
	Seed   uint64 `json:"seed"`
	Policy string `json:"policy"`
	Won    bool   `json:"won"`
	Moves  int    `json:"moves"`
}

// ReadRecords reads a result file. A last line without its newline (a crash in the
// middle of a write) is left out; any other bad line is an error naming the line.
func ReadRecords(r io.Reader, name string) ([]Record, error) {
	var out []Record
	br := bufio.NewReaderSize(r, maxRecordLine)
	for line := 1; ; line++ {
		raw, err := br.ReadSlice('\n')
		last := errors.Is(err, io.EOF)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			return nil, fmt.Errorf("%s:%d: a line longer than %d bytes", name, line, maxRecordLine)
		case err != nil && !last:
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		text := strings.TrimSpace(string(raw))
		if text != "" {
			rec, err := parseRecord(text)
			switch {
			case err == nil:
				out = append(out, rec)
			case !last:
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			// A bad last line without its newline was cut short: left out.
		}
		if last {
			return out, nil
		}
	}
}

// parseRecord parses one line of a result file.
func parseRecord(text string) (Record, error) {
	var rec Record
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil || rec.Policy == "" || dec.More() {
		return Record{}, fmt.Errorf("not a record of play: %.60q", text)
	}
	if rec.Moves < 0 {
		return Record{}, fmt.Errorf("negative \"moves\" %d", rec.Moves)
	}
	return rec, nil
}

// maxRecordLine bounds a line of a result file, and so the memory a bad file takes:
// a record is some sixty bytes.
const maxRecordLine = 1 << 16

// Deals plays policy p on the deals of layout l with seeds in [from, to) not in
// skip, on workers goroutines, and hands each record to write in seed order. The
// game of a deal draws its random numbers from the deal's seed. When ctx ends, the
// deals finished are written and ctx's error returned.
func Deals(ctx context.Context, l board.Layout, p Policy, from, to uint64, skip map[uint64]bool, workers int, write func(Record) error) error {
	dealer, err := board.NewDealer(l)
	if err != nil {
		return err
	}
	workers = max(workers, 1)
	batch := make([]uint64, 0, 4*workers)
	flush := func() error {
		recs := make([]Record, len(batch))
		errs := make([]error, len(batch))
		var wg sync.WaitGroup
		next := make(chan int)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range next {
					recs[k], errs[k] = playDeal(dealer, p, batch[k])
				}
			}()
		}
		for k := range batch {
			next <- k
		}
		close(next)
		wg.Wait()
		for k := range batch {
			if errs[k] != nil {
				return errs[k]
			}
			if err := write(recs[k]); err != nil {
				return err
			}
		}
		batch = batch[:0]
		return nil
	}
	for s := from; s < to; s++ {
		if skip[s] {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		if batch = append(batch, s); len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	return ctx.Err()
}

// playDeal plays the deal of seed.
func playDeal(d *board.Dealer, p Policy, seed uint64) (Record, error) {
	won, moves, err := Play(d.Deal(seed), p, seed)
	if err != nil {
		return Record{}, fmt.Errorf("seed %d: %w", seed, err)
	}
	return Record{Seed: seed, Policy: p.Name(), Won: won, Moves: len(moves)}, nil
}

// Winnable reports which of the deals of l with the given seeds can be won with
// peeking (the native solver), for the table beside the rates without; a deal the
// solver did not decide within ctx is an error.
func Winnable(ctx context.Context, l board.Layout, seeds []uint64) (int, error) {
	dealer, err := board.NewDealer(l)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, s := range seeds {
		r, err := solver.Solve(ctx, dealer.Deal(s), solver.Options{Seed: 1})
		switch {
		case err != nil:
			return 0, err
		case r.Status == board.Unknown:
			return 0, errors.New("a deal was not decided in time")
		case r.Status == board.Solvable:
			n++
		}
	}
	return n, nil
}

// ResumeFile returns the seeds a result file of policy holds and cuts a last line
// left short, so that appending goes on after its last whole record. A missing file
// holds none; a file with another policy's records is refused (a file per policy).
func ResumeFile(path, policy string) (map[uint64]bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[uint64]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	if i := strings.LastIndexByte(string(data), '\n'); i+1 < len(data) {
		if err := os.Truncate(path, int64(i+1)); err != nil {
			return nil, err
		}
		data = data[:i+1]
	}
	recs, err := ReadRecords(strings.NewReader(string(data)), path)
	if err != nil {
		return nil, err
	}
	seen := map[uint64]bool{}
	for _, r := range recs {
		if r.Policy != policy {
			return nil, fmt.Errorf("%s: holds games of policy %s, not %s: give each policy a file of its own", path, r.Policy, policy)
		}
		seen[r.Seed] = true
	}
	return seen, nil
}

// SortRecords sorts records by seed and drops repeats of a seed, keeping the first.
func SortRecords(recs []Record) []Record {
	slices.SortStableFunc(recs, func(a, b Record) int {
		switch {
		case a.Seed < b.Seed:
			return -1
		case a.Seed > b.Seed:
			return 1
		}
		return 0
	})
	return slices.CompactFunc(recs, func(a, b Record) bool { return a.Seed == b.Seed })
}
