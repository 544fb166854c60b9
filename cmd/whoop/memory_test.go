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
	if deferGC(16<<20) != nil {
		t.Fatal("deferGC overrode GOGC")
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(-1)
	if deferGC(16<<20) == nil {
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

// A run of one file paces its collections (gcPercentAlone) only after the
// deferred first one: below the floor a collection is pure cost.
func TestDeferGCThenPacing(t *testing.T) {
	t.Cleanup(func() { debug.SetGCPercent(100) })
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	d := deferGC(16 << 20)
	if d == nil {
		t.Fatal("deferGC did nothing")
	}
	d.setAfter(gcPercentAlone)
	if got := gogc(); got != 400 {
		t.Fatalf("GC percent %d before the first collection, want the deferring 400", got)
	}
	runtime.GC()
	waitGOGC(t, gcPercentAlone)
	// After the first collection the pacing changes at once.
	d.setAfter(150)
	if got := gogc(); got != 150 {
		t.Errorf("GC percent %d after setAfter(150) past the first collection", got)
	}
	// Nothing deferred (GOGC set by the user, or a test's Main): at once.
	var none *gcDeferral
	none.setAfter(120)
	if got := gogc(); got != 120 {
		t.Errorf("GC percent %d after setAfter(120) on nil", got)
	}
}

// waitGOGC waits for the first collection's finalizer to set want.
func waitGOGC(t *testing.T, want uint64) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); gogc() != want; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("GC percent %d after a collection, want %d", gogc(), want)
		}
		runtime.GC()
	}
}

// gogc reads the collector's GOGC setting without changing it.
func gogc() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// The huge-page reservation covers a tree-mode heap where memory allows,
// never more than a quarter of the machine's, never less than the heap a
// run has before its first collection.
func TestHugeHeapBytes(t *testing.T) {
	for _, tc := range []struct {
		physical uint64
		want     uintptr
	}{
		{0, gcFloorBytes},
		{256 << 20, gcFloorBytes},
		{2 << 30, 512 << 20},
		{4 << 30, 1 << 30},
		{64 << 30, 1 << 30},
	} {
		if got := hugeHeapBytes(tc.physical); got != tc.want {
			t.Errorf("hugeHeapBytes(%d MB) = %d MB, want %d MB", tc.physical>>20, got>>20, tc.want>>20)
		}
	}
}
