package scan

import (
	"bufio"
	"context"
	"iter"
	"sort"
	"strconv"
	"sync"

	"github.com/mjsat/mjsat/board"
)

// A job is a seed to solve, numbered in seed order; a result is its record.
type (
	job struct {
		idx  int
		seed uint64
	}
	result struct {
		idx int
		rec Record
		err error
	}
)

// seeds yields the seeds of the range still to solve (not skipped, not done),
// numbered in seed order. They are handed out one by one, so that a range of a
// billion seeds costs no memory up front.
func (c *Config) seeds() iter.Seq[job] {
	return func(yield func(job) bool) {
		idx, k := 0, 0
		for s := c.Deals.From; s < c.Deals.To; s++ {
			for k < len(c.done) && c.done[k] < s {
				k++
			}
			if c.Skip[s] || k < len(c.done) && c.done[k] == s {
				continue
			}
			if !yield(job{idx, s}) {
				return
			}
			idx++
		}
	}
}

// solveInline solves the seeds one by one in the goroutine that writes: a deal's
// solve then never waits for another goroutine nor moves to another thread and its
// cache, and its time is its own. A deal interrupted by ctx is dropped.
func solveInline(ctx context.Context, cfg *Config, dealer *board.Dealer, seeds iter.Seq[job]) iter.Seq[result] {
	return func(yield func(result) bool) {
		for j := range seeds {
			if ctx.Err() != nil {
				return
			}
			rec, err := solveOne(ctx, cfg, dealer, j.seed)
			if ctx.Err() != nil || !yield(result{j.idx, rec, err}) {
				return
			}
		}
	}
}

// solvePool solves the seeds on workers goroutines; the results come in the order
// they finish. A deal interrupted by ctx is dropped.
func solvePool(ctx context.Context, cfg *Config, dealer *board.Dealer, seeds iter.Seq[job], workers int) iter.Seq[result] {
	jobs := make(chan job)
	ch := make(chan result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rec, err := solveOne(ctx, cfg, dealer, j.seed)
				if ctx.Err() != nil {
					return
				}
				select {
				case ch <- result{j.idx, rec, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for j := range seeds {
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(ch) }()
	return func(yield func(result) bool) {
		for r := range ch {
			if !yield(r) {
				return
			}
		}
	}
}

// orderedWriter writes the records in seed order whatever order they finish in:
// a finished deal waits in pending until every deal before it is written. The first
// error (of a solve or of the writer) is kept and cancels the run.
type orderedWriter struct {
	cfg     *Config
	bw      *bufio.Writer
	cancel  context.CancelFunc
	pending map[int]Record
	next    int
	written int
	out     []Record // the records written, unless cfg.Observe takes them
	buf     []byte
	err     error
}

// fail keeps the first error and cancels the run.
func (o *orderedWriter) fail(err error) {
	if o.err == nil {
		o.err = err
		o.cancel()
	}
}

// add takes a finished deal and writes every deal now in order.
func (o *orderedWriter) add(r result) {
	if o.pending == nil {
		o.pending = map[int]Record{}
	}
	o.pending[r.idx] = r.rec
	for {
		rec, ok := o.pending[o.next]
		if !ok {
			break
		}
		delete(o.pending, o.next)
		o.write(rec)
		o.next++
	}
	if err := o.bw.Flush(); err != nil {
		o.fail(err)
	}
}

// drain writes the deals still pending after an interruption, in seed order.
func (o *orderedWriter) drain() {
	rest := make([]int, 0, len(o.pending))
	for idx := range o.pending {
		rest = append(rest, idx)
	}
	sort.Ints(rest)
	for _, idx := range rest {
		o.write(o.pending[idx])
	}
	if err := o.bw.Flush(); err != nil && o.err == nil {
		o.err = err
	}
}

// write writes one record line.
func (o *orderedWriter) write(r Record) {
	if o.cfg.NoTime {
		r.Timed = false
	}
	if r.Timed {
		// The time as the line holds it, three decimals, so that the records
		// returned and observed are those the file reads back.
		r.Ms, _ = strconv.ParseFloat(strconv.FormatFloat(r.Ms, 'f', 3, 64), 64)
	}
	o.buf = r.AppendJSON(o.buf[:0])
	if _, err := o.bw.Write(o.buf); err != nil {
		o.fail(err)
	}
	o.written++
	if o.cfg.Observe != nil {
		o.cfg.Observe(r)
	} else {
		o.out = append(o.out, r)
	}
}
