// Package tsv reads the tab-separated tables of the project's measuring tools (the
// per-deal tables of compare and of the solver's BenchmarkWinRates): a header line
// naming the columns, then a row a line, every row with as many fields as the header.
// Its errors name the file and the line, as every reader of the project's does.
package tsv

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// maxLine bounds a line, so that a file that is not a table costs bounded memory.
const maxLine = 1 << 20

// Read reads the table of r, called name in errors, and returns its header; what
// says what the table should be ("a compare -o table"). The header must hold the
// columns need. Read calls row for each row, with its fields and the index of each
// column by name; an error row returns comes back as "name:LINE: error". A table
// without rows is an error.
func Read(r io.Reader, name, what string, need []string, row func(fields []string, col map[string]int) error) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return nil, fmt.Errorf("%s: empty, want %s", name, what)
	}
	header := strings.Split(sc.Text(), "\t")
	col := make(map[string]int, len(header))
	for i, h := range header {
		col[h] = i
	}
	for _, h := range need {
		if _, ok := col[h]; !ok {
			return nil, fmt.Errorf("%s:1: no column %q, want %s", name, h, what)
		}
	}
	rows := 0
	for line := 2; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != len(header) {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d", name, line, len(f), len(header))
		}
		if err := row(f, col); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		rows++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if rows == 0 {
		return nil, fmt.Errorf("%s: no rows, want %s", name, what)
	}
	return header, nil
}
