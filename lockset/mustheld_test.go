package lockset

import (
	"context"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
)

// TestMustHeldThroughCycles: a call cycle forgets only the locks it may
// change. recursion_held.c's cycle (through a function pointer) takes no
// lock, so the mutex dev_ioctl holds stays must-held inside it and after
// it; recursion_unlock.c's helper drops the caller's mutex before it
// recurses, so its access is not must-held.
func TestMustHeldThroughCycles(t *testing.T) {
	for _, tc := range []struct {
		file, ep string
		line     int
		held     bool
	}{
		{"recursion_held.c", "dev_ioctl", 24, true}, // reg++ in the cycle
		{"recursion_held.c", "dev_ioctl", 43, true}, // status = v after it
		{"recursion_unlock.c", "dev_ioctl", 13, false},
	} {
		prog, err := frontend.Load(context.Background(), "testdata/race/"+tc.file, frontend.Config{})
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		var opts Options
		f := gatherFacts(prog, opts.kernelEnv(prog), opts.factsOptions())
		in := newInstrumenter(f)
		m, ok := f.lockIndex["global m"]
		if !ok {
			t.Fatalf("%s: no lock m among %v", tc.file, f.lockIndex)
		}
		var ep *ir.EntryPoint
		for _, e := range prog.EntryPoints {
			if e.Func.Name == tc.ep {
				ep = e
			}
		}
		if ep == nil {
			t.Fatalf("%s: no entry point %s", tc.file, tc.ep)
		}
		must := in.mustHeld(ep)
		found := false
		for id, h := range must {
			if s := f.sites[id]; s.access.P.Line == tc.line {
				found = true
				if got := h.any.has(m) && h.w.has(m); got != tc.held {
					t.Errorf("%s:%d (%s): m must-held %v, want %v", tc.file, tc.line, s.access.LValue, got, tc.held)
				}
			}
		}
		if !found {
			t.Errorf("%s:%d: no access site of %s there", tc.file, tc.line, tc.ep)
		}
	}
}

// TestMustHeldConditional: a conditional acquire holds its lock on the
// branch where its result says it succeeded (trylock.c: mutex_trylock
// and spin_trylock on non-zero, mutex_lock_interruptible on zero), and
// not on the other; before, the must-held analysis held it on neither
// and left every such access to Z3 (cond_lock_loop.c, where a loop's
// cut then lost it).
func TestMustHeldConditional(t *testing.T) {
	prog, err := frontend.Load(context.Background(), "testdata/race/trylock.c", frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var opts Options
	f := gatherFacts(prog, opts.kernelEnv(prog), opts.factsOptions())
	in := newInstrumenter(f)
	var ep *ir.EntryPoint
	for _, e := range prog.EntryPoints {
		if e.Func.Name == "dev_ioctl" {
			ep = e
		}
	}
	if ep == nil {
		t.Fatal("no entry point dev_ioctl")
	}
	must := in.mustHeld(ep)
	for _, tc := range []struct {
		line int
		lock string
		held bool
	}{
		{15, "global m", true},  // good = arg, mutex_trylock succeeded
		{18, "global m", false}, // bad = arg, it failed
		{22, "global m", true},  // good++ after mutex_lock_interruptible returned 0
		{26, "global s", true},  // irq_count++ after !spin_trylock returned
	} {
		l, ok := f.lockIndex[tc.lock]
		if !ok {
			t.Fatalf("no lock %s among %v", tc.lock, f.lockIndex)
		}
		found := false
		for id, h := range must {
			if s := f.sites[id]; s.access.P.Line == tc.line {
				found = true
				if got := h.any.has(l) && h.w.has(l); got != tc.held {
					t.Errorf("trylock.c:%d (%s): %s must-held %v, want %v", tc.line, s.access.LValue, tc.lock, got, tc.held)
				}
				if got := h.none.has(l); got == tc.held {
					t.Errorf("trylock.c:%d (%s): %s held on no path %v, want %v", tc.line, s.access.LValue, tc.lock, got, !tc.held)
				}
			}
		}
		if !found {
			t.Errorf("trylock.c:%d: no access site of dev_ioctl there", tc.line)
		}
	}
}
