package scan

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
)

// compareRecords orders records by layout, then seed.
func compareRecords(a, b Record) int {
	if c := strings.Compare(a.Layout, b.Layout); c != 0 {
		return c
	}
	return cmp.Compare(a.Seed, b.Seed)
}

// sorted reports whether recs are strictly increasing by (layout, seed).
func sorted(recs []Record) bool {
	var o order
	for _, r := range recs {
		if !o.next(r) {
			return false
		}
	}
	return true
}

// order follows records given one at a time, for whether they are in canonical
// order: strictly increasing by (layout, seed), so one per deal.
type order struct {
	last Record
	any  bool // last is a record
}

// next takes record r and reports whether it follows the records before it in
// canonical order.
func (o *order) next(r Record) bool {
	ok := !o.any || compareRecords(o.last, r) < 0
	o.last, o.any = r, true
	return ok
}

// Canonical returns recs sorted by (layout, seed) with one record per deal. Of two
// records for one deal a decided one beats an unknown one, and otherwise the later one
// (in the order given) wins — so a rerun with a longer timeout replaces an unknown. Two
// records that disagree (solvable and unsolvable) mean a solver is wrong: Canonical
// then fails with a *[ConflictError] naming the deal.
func Canonical(recs []Record) ([]Record, error) {
	return canonical(slices.Clone(recs))
}

// canonical is Canonical in recs' own memory.
func canonical(out []Record) ([]Record, error) {
	if sorted(out) {
		return out, nil // one record per deal already
	}
	slices.SortStableFunc(out, compareRecords)
	w := 0
	for i, r := range out {
		if i > 0 && compareRecords(r, out[w-1]) == 0 {
			if err := resolve(&out[w-1], r); err != nil {
				return nil, err
			}
			continue
		}
		out[w] = r
		w++
	}
	return out[:w], nil
}

// resolve makes *prev the record to keep of *prev and r, a later record of the same
// deal (see Canonical).
func resolve(prev *Record, r Record) error {
	switch {
	case r.Verdict == board.Unknown && prev.Verdict != board.Unknown:
		// keep the decided one
	case r.Verdict != board.Unknown && prev.Verdict != board.Unknown && r.Verdict != prev.Verdict:
		return &ConflictError{r.Layout, r.Seed, prev.Verdict, r.Verdict}
	default:
		*prev = r
	}
	return nil
}

// ConflictError says that two records of one deal disagree: one solver is wrong.
type ConflictError struct {
	Layout string
	Seed   uint64
	A, B   board.Verdict
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("layout %q seed %d: one record says %s, another %s", e.Layout, e.Seed, e.A, e.B)
}

// Merge reads result files and returns their [Canonical] union.
func Merge(paths ...string) ([]Record, error) {
	var all []Record
	for _, p := range paths {
		recs, err := ReadFile(p)
		if err != nil {
			return nil, err
		}
		if all == nil {
			all = recs // no copy of a single file
		} else {
			all = append(all, recs...)
		}
	}
	out, err := canonical(all) // all is Merge's own
	if err != nil {
		return nil, mergeError(paths, err)
	}
	return out, nil
}

func mergeError(paths []string, err error) error {
	return fmt.Errorf("merging %s: %w", strings.Join(paths, ", "), err)
}

// MergeEach calls fn with each record of the files' [Canonical] union, in order: the
// records Merge returns. When every file is in canonical order, as the files scan
// writes are, it reads them side by side and holds one record of each at a time, so
// that shards of any size merge in little memory; it reads them once to check that
// first. Otherwise, and when a path is "-", it reads them whole with Merge. An error
// from fn stops it and is returned; so is a conflict, after fn has had the records
// before it, and ctx's error when ctx is done.
func MergeEach(ctx context.Context, paths []string, fn func(Record) error) error {
	inOrder := !slices.Contains(paths, "-")
	for _, p := range paths {
		if !inOrder {
			break
		}
		var o order
		errOrder := errors.New("out of order")
		err := eachFileRecord(ctx, p, func(r Record) error {
			if !o.next(r) {
				return errOrder
			}
			return nil
		})
		switch {
		case err == errOrder:
			inOrder = false
		case err != nil:
			return err
		}
	}
	if !inOrder {
		recs, err := Merge(paths...)
		if err != nil {
			return err
		}
		for i, r := range recs {
			if i%stopEvery == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if err := fn(r); err != nil {
				return err
			}
		}
		return nil
	}
	srcs := make([]source, len(paths))
	for i, p := range paths {
		srcs[i] = func(fn func(Record) error) error { return eachFileRecord(ctx, p, fn) }
	}
	return mergeSources(srcs, fn, func(err error) error { return mergeError(paths, err) })
}

// A source calls fn with records in canonical order, and stops at fn's first error.
type source func(fn func(Record) error) error

// mergeSources calls fn with the canonical union of the sources' records, each
// source in canonical order: at every step the least deal of their next records,
// resolved over the sources that hold it in the order given, as Canonical resolves
// it. A conflict's error is passed through wrap.
func mergeSources(srcs []source, fn func(Record) error, wrap func(error) error) error {
	type head struct {
		next func() (Record, error, bool)
		rec  Record
		ok   bool
	}
	heads := make([]head, len(srcs))
	for i, src := range srcs {
		next, stop := iter.Pull2(func(yield func(Record, error) bool) {
			errStop := errors.New("stopped")
			err := src(func(r Record) error {
				if !yield(r, nil) {
					return errStop
				}
				return nil
			})
			if err != nil && err != errStop {
				yield(Record{}, err)
			}
		})
		defer stop()
		heads[i].next = next
	}
	advance := func(h *head) error {
		var err error
		h.rec, err, h.ok = h.next()
		return err
	}
	for i := range heads {
		if err := advance(&heads[i]); err != nil {
			return err
		}
	}
	for {
		least := -1
		for i := range heads {
			if heads[i].ok && (least < 0 || compareRecords(heads[i].rec, heads[least].rec) < 0) {
				least = i
			}
		}
		if least < 0 {
			return nil
		}
		key := heads[least].rec
		var cur Record
		have := false
		for i := range heads {
			h := &heads[i]
			if !h.ok || compareRecords(h.rec, key) != 0 {
				continue
			}
			if !have {
				cur, have = h.rec, true
			} else if err := resolve(&cur, h.rec); err != nil {
				return wrap(err)
			}
			if err := advance(h); err != nil {
				return err
			}
		}
		if err := fn(cur); err != nil {
			return err
		}
	}
}
