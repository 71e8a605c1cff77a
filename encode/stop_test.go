package encode

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mjsat/mjsat/board"
)

// TestStopWhileEncoding gives Solve and Explain a context that has ended and an
// encoding that does not end until the test does (the encoding of a large board takes
// seconds and looks at no context): both must answer unknown without waiting for it.
func TestStopWhileEncoding(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	encodeFunc = func(b *board.Board, opts Options) (*Encoding, error) {
		<-release
		return nil, errors.New("released")
	}
	defer func() { encodeFunc = Encode }()
	b, err := board.ParseStacks([]byte("a b\na b\n"), "two.txt")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		v, p, _, err := Solve(ctx, b, nil, Options{})
		if v != board.Unknown || p != nil || err != nil {
			t.Errorf("Solve: %v, play %v, error %v; want unknown, no play, no error", v, p, err)
		}
		if _, err := Explain(ctx, b); !errors.Is(err, context.Canceled) {
			t.Errorf("Explain: error %v, want %v", err, context.Canceled)
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute): // a guard against a hang, not a measure of speed
		t.Fatal("Solve or Explain waited for the encoding")
	}
}
