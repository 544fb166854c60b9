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

// ThreadsConfig says how StartThreads prepares its threads.
type ThreadsConfig struct {
	// Warm is how many threads create and delete one context before work
	// arrives. They warm one after another, not at once: warming is page
	// faults, which cost most on virtual machines and slow each other down,
	// and one core at a time leaves the other to the caller (the front end
	// parses meanwhile).
	Warm int
	// HugePages asks the kernel for transparent huge pages on each thread's
	// malloc arena (glibc, Linux; elsewhere nothing happens): a context's
	// 17 MB of tables then fault in 2 MB at a time instead of 4 KB. The
	// kernel's setting decides ("never" turns it off). This helps only
	// threads with an arena of their own, not the process's main thread.
	HugePages bool
}

// StartThreads starts n threads (at least one), prepared as cfg says.
func StartThreads(n int, cfg ThreadsConfig) *Threads {
	n = max(n, 1)
	t := &Threads{work: make(chan func()), n: n}
	var warmed chan struct{} // closed when the previous thread has warmed
	for i := range n {
		t.wg.Add(1)
		done := make(chan struct{})
		go t.thread(cfg.HugePages, i < cfg.Warm, warmed, done)
		warmed = done
	}
	return t
}

func (t *Threads) thread(hugePages, warm bool, after <-chan struct{}, done chan<- struct{}) {
	defer t.wg.Done()
	// Never unlocked: the thread exits with the goroutine, and glibc hands
	// its arena, memory included, to the next new thread.
	runtime.LockOSThread()
	if hugePages {
		adviseArena()
	}
	if warm {
		if after != nil {
			<-after
		}
		if zc, err := NewContext(Config{}); err == nil {
			zc.Close()
		}
	}
	close(done)
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
