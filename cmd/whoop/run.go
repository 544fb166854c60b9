package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// How a run stops early: on SIGINT or SIGTERM the whole run stops, prints
// what finished and exits 128+signal; a file that passes --file-timeout or
// pushes memory past --max-memory stops alone, inconclusive (exit 4), and
// the next file starts.

// interrupted is the cancellation cause of a run stopped by a signal.
type interrupted struct{ sig syscall.Signal }

func (e *interrupted) Error() string {
	name := "SIGTERM"
	if e.sig == syscall.SIGINT {
		name = "SIGINT"
	}
	return "interrupted by " + name
}

// code is the shell's exit status for death by the signal: 130 for
// SIGINT, 143 for SIGTERM.
func (e *interrupted) code() int { return 128 + int(e.sig) }

// withSignals returns a context cancelled, with an *interrupted cause, by
// the first SIGINT or SIGTERM. After that first one the signals get their
// default action back, so a second Ctrl-C kills at once.
func withSignals(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			sig, _ := s.(syscall.Signal)
			cancel(&interrupted{sig: sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// fileDeadline is the cancellation cause of a file that passed
// --file-timeout.
type fileDeadline struct{ d time.Duration }

func (e *fileDeadline) Error() string {
	return fmt.Sprintf("inconclusive: not finished within --file-timeout %v", e.d)
}

// fileContext returns the context of one phase of a file's analysis: done
// when the run is, after the file's deadline (--file-timeout d > 0, of
// which used is spent already), or when cancel is called with a cause.
func fileContext(run context.Context, d, used time.Duration) (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(run)
	if d <= 0 {
		return ctx, cancel
	}
	tctx, tcancel := context.WithTimeoutCause(ctx, max(d-used, time.Millisecond), &fileDeadline{d: d})
	return tctx, func(cause error) {
		cancel(cause)
		tcancel()
	}
}

// stopGrace is how long a file's work may take to stop once its context is
// done before whoop stops waiting for it. Solver checks stop within
// milliseconds (Z3 is interrupted); cc/v4's parser and a few long Go phases
// cannot be stopped, and are left to finish on their own with their result
// dropped.
const stopGrace = time.Second

// checkGrace is stopGrace for the race check: past a deadline it returns
// what it proved, but first closes its solver contexts, and freeing a
// context that holds gigabytes of terms takes seconds (r8169.ko).
const checkGrace = 20 * time.Second

// await runs f on its own goroutine and returns its results. Once ctx is
// done, it waits at most grace more for f to return, then gives up on it
// and returns ctx's cause; if abandoned is not nil, it is then set: f is
// still running.
func await[T any](ctx context.Context, grace time.Duration, abandoned *bool, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
	}
	if in := (*interrupted)(nil); errors.As(context.Cause(ctx), &in) {
		grace = min(grace, stopGrace) // a signal stops the run at once
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case r := <-done:
		return r.v, r.err
	case <-t.C:
		if abandoned != nil {
			*abandoned = true
		}
		var zero T
		return zero, context.Cause(ctx)
	}
}

// stopped returns the error for a file whose context ended before its
// analysis did: nil if ctx is not done. An interruption of the run is
// returned as it is (*interrupted); a deadline or the memory cap as an
// inconclusive file.
func stopped(ctx context.Context, path string) error {
	if ctx.Err() == nil {
		return nil
	}
	cause := context.Cause(ctx)
	var in *interrupted
	if errors.As(cause, &in) {
		return in
	}
	return &exitError{code: exitInconclusive, msg: fmt.Sprintf("%s: %v", path, cause)}
}
