package cli

import "context"

// Until runs work in a goroutine and waits until it returns or ctx ends, and reports
// whether it returned. A command calls through it what looks at no context (the
// encoding of a large board, a SAT solver in process), so that Ctrl-C or -timeout
// ends the command at once: the work is left behind, and ends with the process. A
// library must not do so, as the work it left would go on beside the next.
func Until(ctx context.Context, work func()) bool {
	done := make(chan struct{})
	go func() {
		defer close(done)
		work()
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}
