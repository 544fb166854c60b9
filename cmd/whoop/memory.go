package main

import (
	"os"
	"runtime"
)

// Memory placement for speed. A run is short and allocation-heavy: the
// front end builds about 60 MB of syntax trees and IR for a large driver,
// and every Z3 context fills 17 MB of tables. Each fresh 4 KB page costs a
// page fault, and on the virtual machines whoop is measured on (and most
// CI runners are) a fault costs several microseconds: half of a run's time
// went to faults. With transparent huge pages one fault maps 2 MB. The
// kernel's setting decides whether it grants them ("never" turns this
// off); WHOOP_HUGEPAGES=0 stops whoop from asking. None of this changes a
// result, only time and peak memory (a few MB more, as memory is mapped
// 2 MB at a time).

// hugeHeapBytes is how much of the Go heap is placed on huge pages: more
// than the front end's peak heap on the largest shared driver (about 45 MB
// with the default GOGC).
const hugeHeapBytes = 128 << 20

// hugePagesWanted reports whether whoop asks for transparent huge pages.
func hugePagesWanted() bool { return os.Getenv("WHOOP_HUGEPAGES") != "0" }

func init() {
	// Keep the main goroutine on the process's main thread, so that no Z3
	// solver thread (z3.Threads) is the main thread: that one allocates
	// from glibc's brk heap, which cannot be advised ahead of its growth.
	runtime.LockOSThread()
}
