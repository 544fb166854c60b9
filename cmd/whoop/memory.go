package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// Memory placement for speed. A run is short and allocation-heavy: the
// front end builds about 60 MB of syntax trees and IR for a large driver,
// and every Z3 context fills 17 MB of tables. Each fresh 4 KB page costs a
// page fault, and on the virtual machines whoop is measured on (and most
// CI runners are) a fault costs several microseconds: half of a run's time
// went to faults. With transparent huge pages one fault maps 2 MB. The
// kernel's setting decides whether it grants them ("never" turns this
// off); WHOOP_HUGEPAGES=0 stops whoop from asking. And the garbage
// collector waits until the heap reaches gcFloorBytes (deferGC). None of
// this changes a result, only time and peak memory: on the shared drivers
// 0.08-0.31 s instead of 0.18-0.59 s without either, for 95-181 MB of
// peak RSS instead of 80-117 MB.

// hugeHeapBytes is how much of the Go heap is placed on huge pages, given
// the machine's memory (0: unknown). A driver read against a kernel tree
// grows a heap of 300-700 MB (cc/v4's syntax trees of the tree's headers);
// with only the first 128 MB on huge pages the rest faulted in 4 KB at a
// time, and that was 17-27% of a run (softdog 2.38 to 1.94 s, nvram 2.83
// to 2.07 s, rtc-cmos 4.61 to 3.81 s, medians of 5, for 5-15% more peak
// RSS). The reservation is address space: pages count only once touched.
// A quarter of the memory at most, so that it cannot fail where the
// kernel does not overcommit; at least gcFloorBytes, the heap every run
// has before its first collection.
func hugeHeapBytes(physical uint64) uintptr {
	const most = 1 << 30
	size := uint64(most)
	if physical == 0 {
		size = gcFloorBytes
	} else if physical/4 < size {
		size = physical / 4
	}
	return uintptr(max(size, gcFloorBytes))
}

// gcFloorBytes is the heap size at which whoop first collects garbage: a
// run on any shared driver allocates less (8139too: under 128 MB), so it
// never pays for a collection, whose marking and write barriers took a
// third of the front end, nor for the scavenger that returns freed pages
// (every return interrupts the other solver thread to flush its TLB).
const gcFloorBytes = 128 << 20

// gcKey is the app metadata key of main's gcDeferral.
const gcKey = "whoop.gc"

// gcDeferral is deferGC's pending change: the GOGC percent the first
// collection puts in place of the deferring one.
type gcDeferral struct {
	mu           sync.Mutex
	floorPercent int
	after        int  // the percent the first collection sets
	done         bool // the first collection has happened
}

// deferGC makes the first collection wait until the heap reaches about
// floor bytes; from then on the collector runs as GOGC says (100 by
// default), or as setAfter says. It does nothing and returns nil when GOGC
// or GOMEMLIMIT is set: the user's choice wins.
func deferGC(floor int64) *gcDeferral {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return nil
	}
	// The runtime's smallest heap goal is 4 MB scaled by GOGC/100, so a
	// large GOGC puts the first collection at floor. (GOGC=off with a
	// memory limit would too, but near the limit the scavenger then
	// returns pages that are faulted in again: 1.3x slower on a driver
	// whose heap outgrows the floor.) A finalizer applies the pacing that
	// follows after the first collection, so that a larger run keeps
	// heap-proportional pacing.
	d := &gcDeferral{floorPercent: int(floor / minHeapGoal * 100)}
	d.after = debug.SetGCPercent(d.floorPercent)
	sentinel := new([16]byte) // not tiny-allocated: finalizers need their own object
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.done = true
		// Apply, unless a check run chose its own policy meanwhile
		// (collectForChecks in a sweep).
		if cur := debug.SetGCPercent(d.after); cur != d.floorPercent {
			debug.SetGCPercent(cur)
		}
	})
	return d
}

// setAfter makes percent the pacing from the first collection on: at once
// if it has happened (or nothing was deferred, d nil), else when it
// happens.
func (d *gcDeferral) setAfter(percent int) {
	if d == nil {
		debug.SetGCPercent(percent)
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		debug.SetGCPercent(percent)
		return
	}
	d.after = percent
}

// collectForChecks is the collector's policy of a check run (whoop FILE or
// DIR), unless GOGC or GOMEMLIMIT is set. A tree-mode file allocates 1-2 GB
// of syntax trees while its live heap stays near 300 MB.
//
// Files checked in parallel: no collection until the heap reaches limit,
// then as often as needed to stay there. Heap-proportional pacing collected
// a dozen times per file, on the core a parallel sweep needs: over 12 files
// of drivers/watchdog, 33 s of CPU in 25 s instead of 20 s in 20 s, and a
// --jobs 2 speed-up of 1.4x instead of 1.6x.
//
// A run of one file leaves the other core idle while it parses: there,
// once the heap has reached the deferred floor (deferGC, d), the
// collector's pacing (gcPercentAlone) runs on that core and the heap reuses
// its memory instead of faulting in fresh pages. On eight typical files of
// 6.12 (3 rounds, interleaved) the time is the same within noise (medians
// 2.43 s and 2.45 s) and peak RSS drops from 1.1-1.5 GB to 0.4-0.6 GB.
// Below the floor a collection is pure cost: pacing from the first
// megabytes made the paper-suite's small drivers 10-18% slower. A
// sweep keeps the deferred collection even with --jobs 1: over 16 files it
// was 14% faster than this pacing (22.6 s against 25.9 s, 2 rounds), for
// 2.1 GB of peak RSS against 0.6 GB.
//
// A sweep's worker process (worker.go) checks one file at a time: 2 GiB.
// In one process (WHOOP_PROCESSES=0) files in flight share the heap, so
// the limit is 2 GiB per file checked at a time (workers), at most half of
// --max-memory: with one 2 GiB heap
// for two files the collector ran twice as often, and on the first 40
// files of drivers/watchdog --jobs 2 spent 76 s of user CPU against 62-71 s
// with room for both. Garbage never brings a file near the memory cap.
func collectForChecks(d *gcDeferral, maxMemory int64, workers int, alone bool) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	limit := int64(max(workers, 1)) * (2 << 30)
	if maxMemory > 0 {
		limit = min(limit, maxMemory/2)
	}
	if limit < gcFloorBytes {
		return // a tiny --max-memory: keep the heap-proportional pacing
	}
	debug.SetMemoryLimit(limit)
	if alone {
		d.setAfter(gcPercentAlone)
		return
	}
	debug.SetGCPercent(-1)
}

// gcPercentAlone is the collector's pacing for a run of one file: the heap
// grows to three times the live data between collections.
const gcPercentAlone = 200

// minHeapGoal is the Go runtime's smallest heap goal at GOGC=100
// (runtime.heapMinimum's default).
const minHeapGoal = 4 << 20

// hugePagesWanted reports whether whoop asks for transparent huge pages.
func hugePagesWanted() bool { return os.Getenv("WHOOP_HUGEPAGES") != "0" }

func init() {
	// Keep the main goroutine on the process's main thread, so that no Z3
	// solver thread (z3.Threads) is the main thread: that one allocates
	// from glibc's brk heap, which cannot be advised ahead of its growth.
	runtime.LockOSThread()
}
