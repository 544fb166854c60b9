package main

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// inOrder yields every index once, in order, whatever order the work
// finishes in; it runs at most the given number of workers at a time, and
// stops launching work when the loop breaks.
func TestInOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		var running, peak atomic.Int32
		f := func(ctx context.Context, i int) int {
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			// Later indexes finish first.
			time.Sleep(time.Duration(10-i) * time.Millisecond)
			running.Add(-1)
			return i * i
		}
		var got []int
		for i, v := range inOrder(context.Background(), 10, workers, f) {
			if v != i*i {
				t.Errorf("workers %d: index %d got %d", workers, i, v)
			}
			got = append(got, i)
		}
		if !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
			t.Errorf("workers %d: yielded %v", workers, got)
		}
		if p := peak.Load(); p > int32(workers) || workers > 1 && p < 2 {
			t.Errorf("workers %d: %d ran at once", workers, p)
		}
		var started atomic.Int32
		for range inOrder(context.Background(), 100, workers, func(ctx context.Context, i int) int {
			started.Add(1)
			return i
		}) {
			break
		}
		time.Sleep(20 * time.Millisecond)
		if n := started.Load(); n > int32(window(workers)+1) {
			t.Errorf("workers %d: %d started after the loop broke at the first", workers, n)
		}
	}
}

// A slow first file does not stop the other workers: while it runs, ten
// files after it are checked (with a window of 2*workers, three were).
func TestInOrderSlowFirst(t *testing.T) {
	const workers, n, meanwhile = 2, 40, 10
	var finished atomic.Int32
	others := make(chan struct{})
	f := func(ctx context.Context, i int) int {
		if i == 0 {
			select {
			case <-others:
			case <-time.After(30 * time.Second):
				t.Errorf("the first file waited 30 s: only %d files after it finished", finished.Load())
			}
			return i
		}
		if finished.Add(1) == meanwhile {
			close(others)
		}
		return i
	}
	count := 0
	for range inOrder(context.Background(), n, workers, f) {
		count++
	}
	if count != n {
		t.Errorf("yielded %d of %d", count, n)
	}
}
