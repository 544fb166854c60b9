//go:build linux

package main

import (
	"os"
	"testing"

	"github.com/whoopverify/whoop/internal/smaps"
)

// The reserved range is whole huge pages, marked for huge pages ("hg").
func TestReserveHugeHeap(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("kernel without transparent huge pages")
	}
	const size = 16 << 20
	lo, hi, err := reserveHugeHeap(size)
	if err != nil {
		t.Fatal(err)
	}
	if lo%hugePageBytes != 0 || hi%hugePageBytes != 0 || hi-lo < size-hugePageBytes || hi <= lo {
		t.Fatalf("advised [%#x, %#x), want at least %d MB of whole huge pages", lo, hi, (size-hugePageBytes)>>20)
	}
	for _, addr := range []uintptr{lo, hi - 1} {
		flags, err := smaps.VMFlags(addr)
		if err != nil {
			t.Fatal(err)
		}
		if !smaps.HasFlag(flags, "hg") {
			t.Errorf("VmFlags at %#x = %q, want hg", addr, flags)
		}
	}
}
