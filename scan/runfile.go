package scan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
)

// FileRun is what [RunFile] did.
type FileRun struct {
	// Summaries summarize every record of the file after the run, of every layout it
	// holds, one per deal.
	Summaries []Summary
	// Added is the number of records the run added.
	Added int
	// Unknown is the number of deals of the range whose record for the layout is
	// unknown after the run.
	Unknown int
}

// RunFile runs the scan into the result file at path, resuming it: the seeds of
// cfg.Deals that the file already holds for this layout are skipped (unknown ones only
// without cfg.RetryUnknown, or when already given cfg.Timeout; and any seeds in
// cfg.Skip), new records are appended as
// they finish, and at the end the file is rewritten in [Canonical] order if appending
// left it out of order. A cancelled ctx still leaves a valid, resumable file. path
// must not end in ".gz".
//
// Its memory does not hold the file's records: it reads the file once before the run,
// keeping the seeds of the range it holds and what the summaries need (a deal's time
// and seed), and once more to rewrite it, merging the part it held before with the
// part the run appended, each in order, side by side. Only a file that was out of
// order before the run (never one this package wrote) is read whole to be rewritten.
// cfg.Observe is RunFile's own.
func RunFile(ctx context.Context, cfg Config, path string) (FileRun, error) {
	var res FileRun
	if strings.HasSuffix(path, ".gz") {
		// Records are appended as they finish, which a compressed file cannot take;
		// and a plain file named .gz would not read back.
		return res, fmt.Errorf("%s: a result file to run into cannot be compressed: write to a .jsonl file and gzip it when done (unpack this one with gunzip to resume it)", path)
	}
	name := cfg.name()
	var done []uint64
	for s := range cfg.Skip {
		if cfg.Deals.Contains(s) {
			done = append(done, s)
		}
	}
	var z Summarizer
	// The file before the run: whether its records are in canonical order, and its
	// size.
	var o order
	inOrder := true
	var oldSize int64
	if _, statErr := os.Stat(path); statErr == nil {
		// A run killed while writing leaves its last line cut: a record is complete
		// only with its newline, so what follows the last newline is dropped (and that
		// deal solved again).
		if err := dropPartialLine(path); err != nil {
			return res, err
		}
		fi, err := os.Stat(path)
		if err != nil {
			return res, err
		}
		oldSize = fi.Size()
		err = eachFileRecord(ctx, path, func(r Record) error {
			inOrder = o.next(r) && inOrder
			z.Add(r)
			if r.Layout == name && cfg.Deals.Contains(r.Seed) {
				if r.Verdict == board.Unknown {
					res.Unknown++
				}
				if !(cfg.RetryUnknown && r.Verdict == board.Unknown && !cfg.hadTime(r)) {
					done = append(done, r.Seed)
				}
			}
			return nil
		})
		if err != nil {
			return res, err
		}
	}
	if !slices.IsSorted(done) {
		slices.Sort(done)
	}
	cfg.Skip, cfg.done = nil, slices.Compact(done)
	var first Record
	cfg.Observe = func(r Record) {
		if res.Added == 0 {
			first = r
		}
		res.Added++
		z.Add(r)
		if r.Verdict == board.Unknown {
			res.Unknown++
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return res, err
	}
	_, runErr := Run(ctx, cfg, f)
	if err := f.Close(); err != nil && runErr == nil {
		runErr = err
	}
	// The run's records are in seed order, of one layout: the file stays canonical
	// when they all follow its last record, so when the first does.
	if inOrder && (res.Added == 0 || o.next(first)) {
		res.Summaries = z.Summaries()
		return res, runErr
	}
	sums, unknown, err := rewriteCanonical(path, name, cfg.Deals, inOrder, oldSize)
	if err != nil {
		return res, errors.Join(runErr, err)
	}
	res.Summaries, res.Unknown = sums, unknown
	return res, runErr
}

// stopEvery is how many lines a reading of records goes between looks at its context.
const stopEvery = 1 << 14

// rewriteCanonical rewrites the result file at path in [Canonical] order and returns
// the summaries of its records and how many deals of deals the layout name has as
// unknown. When the first oldSize bytes of the file are in canonical order, and so is
// the rest (what one run appended), it merges the two parts side by side; otherwise it
// reads the file whole.
func rewriteCanonical(path, name string, deals Range, inOrder bool, oldSize int64) ([]Summary, int, error) {
	var z Summarizer
	unknown := 0
	keep := func(r Record) {
		z.Add(r)
		if r.Layout == name && deals.Contains(r.Seed) && r.Verdict == board.Unknown {
			unknown++
		}
	}
	var err error
	if inOrder {
		part := func(from, to int64) source {
			return func(fn func(Record) error) error {
				f, err := os.Open(path)
				if err != nil {
					return err
				}
				defer f.Close()
				// Not stopped by a signal: the run's records are in the file, and the
				// rewrite that puts them in order is what leaves it canonical.
				return eachRecord(context.Background(), io.NewSectionReader(f, from, to-from), path, fn)
			}
		}
		var fi os.FileInfo
		if fi, err = os.Stat(path); err != nil {
			return nil, 0, err
		}
		err = writeFileAtomic(path, func(w io.Writer) error {
			var buf []byte
			return mergeSources([]source{part(0, oldSize), part(oldSize, fi.Size())}, func(r Record) error {
				keep(r)
				buf = r.AppendJSON(buf[:0])
				_, err := w.Write(buf)
				return err
			}, func(err error) error { return fmt.Errorf("%s: %w", path, err) })
		})
	} else {
		var recs []Record
		if recs, err = ReadFile(path); err != nil {
			return nil, 0, err
		}
		if recs, err = Canonical(recs); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		for _, r := range recs {
			keep(r)
		}
		err = writeFileAtomic(path, func(w io.Writer) error { return WriteRecords(w, recs, false) })
	}
	if err != nil {
		return nil, 0, err
	}
	return z.Summaries(), unknown, nil
}

// dropPartialLine cuts path after its last newline, when it does not end with one.
func dropPartialLine(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	end := fi.Size()
	buf := make([]byte, 4096)
	for pos := end; pos > 0; {
		n := int64(len(buf))
		if pos < n {
			n = pos
		}
		pos -= n
		if _, err := f.ReadAt(buf[:n], pos); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			cut := pos + int64(i) + 1
			if cut == end {
				return nil
			}
			return f.Truncate(cut)
		}
	}
	return f.Truncate(0) // one line, cut: nothing complete
}

// writeFileAtomic replaces path, through a temporary file and a rename, with what
// write writes, keeping path's permissions; when write fails, path is left as it was.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("%s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// hadTime reports whether r, an unknown record, was already given cfg's time: a timed
// record of at least cfg.Timeout (less 1%, for the clock's rounding). A retry does not
// solve such a deal again, so that rerunning a stopped retry resumes it; a deal stopped
// by Ctrl-C, or given less time before, is solved again.
func (cfg Config) hadTime(r Record) bool {
	return cfg.Timeout > 0 && r.Timed && r.Ms >= 0.99*float64(cfg.Timeout.Milliseconds())
}
