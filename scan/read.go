package scan

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/internal/input"
)

// readBlock is how many records ReadRecords gathers in one block.
const readBlock = 1 << 14

// MaxLine is the longest line [ReadRecords] accepts.
const MaxLine = 1 << 16

// ReadRecords reads a result file: one [Record] per line; blank lines are skipped.
// name is used in errors, which give the line number.
func ReadRecords(r io.Reader, name string) ([]Record, error) {
	// The records are gathered in blocks and copied once into a slice of their number:
	// a slice grown by append leaves the arrays it outgrew, several times the
	// records' size in all, to the collector (a file of ten million records takes
	// gigabytes that way).
	var blocks [][]Record
	var out []Record
	err := eachRecord(context.Background(), r, name, func(rec Record) error {
		if len(out) == cap(out) {
			if len(out) > 0 {
				blocks = append(blocks, out)
			}
			out = make([]Record, 0, readBlock)
		}
		out = append(out, rec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(blocks) == 0 {
		return out, nil
	}
	return slices.Concat(append(blocks, out)...), nil
}

// eachRecord calls fn with each record of the result file r, in order, as ReadRecords
// reads them, and stops at the first error, its own or fn's, and with ctx's error
// when ctx is done (it looks every stopEvery lines: a file of millions of deals takes
// seconds to read).
func eachRecord(ctx context.Context, r io.Reader, name string, fn func(Record) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxLine)
	var buf []byte
	prev := ""
	for line := 1; sc.Scan(); line++ {
		if line%stopEvery == 1 && ctx.Err() != nil { // from the first line on
			return ctx.Err()
		}
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		rec, ok := parseWritten(text, prev, &buf)
		if !ok {
			var err error
			if rec, err = parseJSON(text); err != nil {
				if line == 1 && errors.Is(err, io.ErrUnexpectedEOF) {
					return fmt.Errorf("%s:1: not a result file, which has a whole JSON record on each line (a board or a play?)", name)
				}
				return fmt.Errorf("%s:%d: %w", name, line, err)
			}
		}
		prev = rec.Layout
		if err := fn(rec); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// ReadFile reads a result file with [ReadRecords]; a name ending in ".gz" is
// decompressed, and "-" reads standard input. A missing file is an error.
func ReadFile(path string) ([]Record, error) {
	var recs []Record
	err := withFile(path, func(r io.Reader) error {
		var err error
		recs, err = ReadRecords(r, path)
		return err
	})
	return recs, err
}

// eachFileRecord is eachRecord on the result file at path, opened as ReadFile opens it.
func eachFileRecord(ctx context.Context, path string, fn func(Record) error) error {
	return withFile(path, func(r io.Reader) error { return eachRecord(ctx, r, path, fn) })
}

// withFile calls read with the contents of the result file at path: standard input
// for "-", decompressed when the name ends in ".gz".
func withFile(path string, read func(io.Reader) error) error {
	f, _, err := input.Open(path, os.Stdin)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(r)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		defer z.Close()
		r = z
	}
	return read(r)
}

// WriteRecords writes records as JSON lines; with noTime the ms field is left out.
func WriteRecords(w io.Writer, recs []Record, noTime bool) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	for _, r := range recs {
		if noTime {
			r.Timed = false
		}
		buf = r.AppendJSON(buf[:0])
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}
