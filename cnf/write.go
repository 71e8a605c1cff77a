package cnf

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Write writes f to w as canonical DIMACS: its comments as "c " lines, the
// header "p cnf <NumVars> <len(Clauses)>", then one clause per line, each
// ending in " 0". A comment containing newlines becomes several comment
// lines. Warnings are not written. The output depends only on f, and
// [Read] gives back the same variables, clauses and comments.
//
// Write fails, writing nothing, if f is not valid ([Formula.Validate]).
func (f *Formula) Write(w io.Writer) error {
	if err := f.Validate(); err != nil {
		return fmt.Errorf("cnf: write: %w", err)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, c := range f.Comments {
		for line := range strings.SplitSeq(c, "\n") {
			line = strings.TrimRight(line, "\r")
			if line == "" {
				bw.WriteString("c\n")
			} else {
				bw.WriteString("c ")
				bw.WriteString(line)
				bw.WriteByte('\n')
			}
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars, len(f.Clauses))
	var buf []byte
	for _, c := range f.Clauses {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("cnf: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("cnf: write: %w", err)
	}
	return nil
}

// String returns f in the format of [Formula.Write], or an error message
// if f is not valid.
func (f *Formula) String() string {
	var sb strings.Builder
	if err := f.Write(&sb); err != nil {
		return err.Error()
	}
	return sb.String()
}
