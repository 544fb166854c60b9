//go:build linux

package smaps

import (
	"testing"
	"unsafe"
)

// A heap block is in a readable, writable mapping; address 0 is in none.
func TestVMFlags(t *testing.T) {
	block := make([]byte, 1<<20)
	block[0] = 1
	flags, err := VMFlags(uintptr(unsafe.Pointer(&block[0])))
	if err != nil {
		t.Fatal(err)
	}
	if !HasFlag(flags, "rd") || !HasFlag(flags, "wr") {
		t.Errorf("heap VmFlags %q, want rd and wr", flags)
	}
	if HasFlag(flags, "r") {
		t.Errorf("HasFlag matched a prefix in %q", flags)
	}
	if _, err := VMFlags(0); err == nil {
		t.Error("VMFlags(0) found a mapping")
	}
}
