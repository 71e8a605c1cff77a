package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mjsat/mjsat/internal/input"
)

// StdinName is how standard input is named in messages.
const StdinName = input.StdinName

// Open opens an input file; "-" is the command's standard input. name is how
// messages call it.
func (c *Command) Open(path string) (r io.ReadCloser, name string, err error) {
	return input.Open(path, c.Stdin)
}

// Read opens path ("-": standard input) and hands it to parse with its name.
func Read[T any](c *Command, path string, parse func(io.Reader, string) (T, error)) (T, error) {
	r, name, err := c.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer r.Close()
	return parse(r, name)
}

// Out is an output: standard output, or a file written atomically (to a temporary
// file beside it, renamed over it by Close), so that no reader, and no crash, ever
// sees half of it.
type Out struct {
	*bufio.Writer
	path   string
	tmp    *os.File
	direct *os.File // a device or pipe, written in place
	done   bool
}

// Create returns the output for -o path: standard output when path is "" or "-". A
// path that names something other than a regular file (/dev/null, a named pipe, a
// terminal) is written directly: renaming a file over it would replace the device.
func (c *Command) Create(path string) (*Out, error) {
	if path == "" || path == "-" {
		return &Out{Writer: bufio.NewWriter(c.Stdout)}, nil
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return nil, fmt.Errorf("%s: is a directory", path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &Out{Writer: bufio.NewWriter(f), direct: f}, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		// Name the file asked for, not the temporary one beside it.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Out{Writer: bufio.NewWriter(tmp), path: path, tmp: tmp}, nil
}

// Close flushes the output; a file is synced and renamed into place. After an error
// the file is left as it was.
func (o *Out) Close() error {
	if o.done {
		return nil
	}
	o.done = true
	err := o.Flush()
	if o.direct != nil {
		if cerr := o.direct.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if o.tmp == nil {
		return err
	}
	if err == nil {
		err = o.tmp.Sync()
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(o.tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		os.Remove(o.tmp.Name())
		return fmt.Errorf("%s: %w", o.path, err)
	}
	return nil
}

// Abort drops a file output (the file keeps what it had); on standard output it drops
// what is still buffered.
func (o *Out) Abort() {
	if o.done {
		return
	}
	o.done = true
	if o.direct != nil {
		o.direct.Close()
		return
	}
	if o.tmp == nil {
		return
	}
	o.tmp.Close()
	os.Remove(o.tmp.Name())
}

// WriteOutput writes what write produces to -o path (or standard output), whole or
// not at all.
func (c *Command) WriteOutput(path string, write func(io.Writer) error) error {
	o, err := c.Create(path)
	if err != nil {
		return err
	}
	if err := write(o); err != nil {
		o.Abort()
		return err
	}
	return o.Close()
}

// InputName is how messages call the input at path: the path, or StdinName for "-".
func InputName(path string) string {
	if path == "-" {
		return StdinName
	}
	return path
}

// ReadBytes reads a whole input, for a command that looks at it before parsing it
// (a board file of one game or another); use it with Read.
func ReadBytes(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxInput)
	}
	return data, nil
}

// maxInput bounds ReadBytes, as the board readers bound a file.
const maxInput = 256 << 20
