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
