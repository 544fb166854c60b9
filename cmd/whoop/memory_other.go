//go:build !linux

package main

// reserveHugeHeap does nothing where transparent huge pages are not
// Linux's.
func reserveHugeHeap(size uintptr) (lo, hi uintptr, err error) { return 0, 0, nil }

// physicalMemory is unknown here: 0.
func physicalMemory() uint64 { return 0 }
