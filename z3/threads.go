package z3

import (
	"runtime"
	"sync"
)

// Threads is a fixed set of OS threads for Z3 work: each goroutine it runs
// stays on one thread, and each thread can be warmed before work arrives.
//
// Why: glibc gives every thread that calls malloc an arena and keeps it
// for the thread's life. Z3 4.8.12 allocates 17 MB of tables per context;
// faulting them in costs about 50 ms on our VMs, and only a later context
// on the same thread (the same arena) finds them already mapped (tune.go
// keeps freed memory). Goroutines otherwise move between threads, each
// with its own arena, and pay again; one shared arena instead serialises
// parallel solvers on its lock. Warming a thread while the front end
// parses takes that start-up off the critical path.
type Threads struct {
	work chan func()
	n    int
	wg   sync.WaitGroup
	pend sync.WaitGroup // queued Go calls not yet taken by a thread
}

// StartThreads starts n threads (at least one); the first warm of them
// create and delete one context each, in the background.
func StartThreads(n, warm int) *Threads {
	n = max(n, 1)
	t := &Threads{work: make(chan func()), n: n}
	for i := range n {
		t.wg.Add(1)
		go t.thread(i < warm)
	}
	return t
}

func (t *Threads) thread(warm bool) {
	defer t.wg.Done()
	// Never unlocked: the thread exits with the goroutine, and glibc hands
	// its arena, memory included, to the next new thread.
	runtime.LockOSThread()
	if warm {
		if zc, err := NewContext(Config{}); err == nil {
			zc.Close()
		}
	}
	for f := range t.work {
		f()
	}
}

// N returns the number of threads; 1 for a nil *Threads.
func (t *Threads) N() int {
	if t == nil {
		return 1
	}
	return t.n
}

// Go runs f on one of the threads once one is free, without waiting. At
// most N functions run at once: a function that waits for another one
// started by Go deadlocks when all threads are taken, so callers start at
// most N functions that depend on each other. On a nil *Threads, Go starts
// a plain goroutine.
func (t *Threads) Go(f func()) {
	if t == nil {
		go f()
		return
	}
	t.pend.Add(1)
	go func() {
		defer t.pend.Done()
		t.work <- f
	}()
}

// Close waits for every function started by Go to finish and stops the
// threads. It must not be called concurrently with Go.
func (t *Threads) Close() {
	if t == nil {
		return
	}
	t.pend.Wait()
	close(t.work)
	t.wg.Wait()
}
