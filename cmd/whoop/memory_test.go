package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// deferGC raises GOGC so that the first collection comes at the floor,
// and the first collection restores it; a GOGC or GOMEMLIMIT setting wins.
func TestDeferGC(t *testing.T) {
	t.Cleanup(func() { debug.SetGCPercent(100) })
	t.Setenv("GOGC", "150")
	if deferGC(16 << 20) {
		t.Fatal("deferGC overrode GOGC")
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(-1)
	if !deferGC(16 << 20) {
		t.Fatal("deferGC did nothing")
	}
	if got := gogc(); got != 400 {
		t.Errorf("GC percent %d, want 400 (a 16 MB first goal)", got)
	}
	if got := debug.SetMemoryLimit(-1); got != limit {
		t.Errorf("memory limit changed to %d", got)
	}
	runtime.GC() // the first collection: the finalizer restores GOGC
	for deadline := time.Now().Add(5 * time.Second); gogc() != 100; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("GC percent still %d after a collection", gogc())
		}
	}
}

// gogc reads the collector's GOGC setting without changing it.
func gogc() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
