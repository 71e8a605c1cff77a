// Package input opens what a command or a library is told to read: a file by its
// path, or standard input for "-", named in messages as "<stdin>". It is the one
// place where "-" means standard input.
package input

import (
	"errors"
	"io"
	"os"
)

// StdinName is how standard input is named in messages.
const StdinName = "<stdin>"

// Open opens path, or returns stdin for "-"; name is how messages call it.
func Open(path string, stdin io.Reader) (r io.ReadCloser, name string, err error) {
	if path == "-" {
		if stdin == nil {
			return nil, StdinName, errors.New("no standard input")
		}
		return io.NopCloser(stdin), StdinName, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, path, err
	}
	return f, path, nil
}
