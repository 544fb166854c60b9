//go:build linux

package main

import (
	"fmt"
	"runtime/debug"
	"unsafe"

	"golang.org/x/sys/unix"
)

const hugePageBytes = 2 << 20

// reserveHugeHeap makes the next size bytes of Go heap huge-page backed,
// and returns the advised address range. It allocates one block of size
// bytes, which the Go runtime maps fresh and does not touch (it knows fresh
// memory is zero), advises it MADV_HUGEPAGE, and frees it at once: the
// allocator then serves later allocations from those addresses (lowest
// first), each 2 MB faulting in whole. FreeOSMemory hands the untouched
// pages back to the runtime's books as released, so its background
// scavenger has nothing to return; releasing keeps the advice. Called
// once, at start-up, while the heap is nearly empty.
func reserveHugeHeap(size uintptr) (lo, hi uintptr, err error) {
	block := make([]byte, size)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	lo = (base + hugePageBytes - 1) &^ (hugePageBytes - 1)
	hi = (base + size) &^ (hugePageBytes - 1)
	if lo < hi {
		if err = unix.Madvise(block[lo-base:hi-base], unix.MADV_HUGEPAGE); err != nil {
			err = fmt.Errorf("madvise huge pages: %w", err)
		}
	}
	block = nil
	debug.FreeOSMemory()
	return lo, hi, err
}

// physicalMemory returns the machine's memory in bytes, 0 if unknown.
func physicalMemory() uint64 {
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
