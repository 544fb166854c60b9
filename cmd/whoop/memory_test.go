package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// deferGC turns collection off below the floor, and the first collection
// restores the usual pacing; a GOGC or GOMEMLIMIT setting wins.
func TestDeferGC(t *testing.T) {
	t.Cleanup(func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
	t.Setenv("GOGC", "150")
	if deferGC(16 << 20) {
		t.Fatal("deferGC overrode GOGC")
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	if !deferGC(16 << 20) {
		t.Fatal("deferGC did nothing")
	}
	if got := debug.SetMemoryLimit(-1); got != 16<<20 {
		t.Errorf("memory limit %d, want %d", got, 16<<20)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("GC percent %d, want -1 (off below the limit)", got)
	}
	runtime.GC() // the first collection: the finalizer restores the defaults
	for deadline := time.Now().Add(5 * time.Second); debug.SetMemoryLimit(-1) != math.MaxInt64; {
		if time.Now().After(deadline) {
			t.Fatalf("memory limit still %d after a collection", debug.SetMemoryLimit(-1))
		}
		time.Sleep(time.Millisecond)
	}
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("GC percent %d after the first collection, want 100", got)
	}
}
