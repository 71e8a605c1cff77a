package cli

import (
	"context"
	"testing"
	"time"
)

// TestUntil checks that Until reports work that returned, and returns as soon as its
// context ends while the work goes on (here, work that waits for the test's end).
func TestUntil(t *testing.T) {
	ran := false
	if !Until(context.Background(), func() { ran = true }) || !ran {
		t.Fatalf("Until of work that returns: false, or the work did not run (%v)", ran)
	}
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan bool, 1)
	go func() { done <- Until(ctx, func() { <-release }) }()
	select {
	case ok := <-done:
		if ok {
			t.Fatal("Until reported work done that was still waiting")
		}
	case <-time.After(time.Minute): // a guard against a hang, not a measure of speed
		t.Fatal("Until waited for the work after its context ended")
	}
}
