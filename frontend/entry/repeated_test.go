package entry_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend/entry"
)

// TestRepeatedRegistrations: a callback registered in code that may run
// twice at once (a file operation, a helper it calls, a callback already
// repeated) has several instances; one registered in init, by a callback
// that runs once at a time, or always for the same global timer or
// interrupt line has one.
func TestRepeatedRegistrations(t *testing.T) {
	prog := load(t, "testdata/repeated.c")
	facts := entry.FactsOf(prog, prog.EntryPoints)
	want := map[string]string{
		"o_worker":     "in o_open, which may run concurrently with itself",
		"o_sess_timer": "setup_timer at repeated.c:74 in o_start, reached from o_ioctl, which may run concurrently with itself",
		"o_irq":        "request_irq at repeated.c:93 in o_ioctl",
		"o_chained":    "INIT_WORK at repeated.c:35 in o_worker, which may run concurrently with itself",
	}
	seen := map[string]bool{}
	for _, ep := range prog.EntryPoints {
		name := ep.Name()
		seen[name] = true
		w, ok := want[name]
		switch {
		case facts.Repeated[ep] != ok:
			t.Errorf("%s: repeated %v, want %v (%s)", name, facts.Repeated[ep], ok, facts.RepeatedWhy[ep])
		case ok && !strings.Contains(facts.RepeatedWhy[ep], w):
			t.Errorf("%s: why %q lacks %q", name, facts.RepeatedWhy[ep], w)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no entry point %s", name)
		}
	}
}

// TestBindings: the pci and platform drivers that probe through one
// set-up function are alternative bindings of one device; the i2c driver
// that probes with code of its own is not, and nothing is grouped with
// the assumption dropped.
func TestBindings(t *testing.T) {
	prog := load(t, "testdata/bindings.c")
	facts := entry.FactsOf(prog, prog.EntryPoints)
	want := map[string]string{"bn_pci": "bn_pci+bn_plat", "bn_plat": "bn_pci+bn_plat"}
	if !maps.Equal(facts.Bindings, want) {
		t.Errorf("bindings %v, want %v", facts.Bindings, want)
	}
	if b := entry.FactsWith(prog, prog.EntryPoints, entry.FactsOptions{NoBindings: true}).Bindings; b != nil {
		t.Errorf("bindings %v with the assumption dropped", b)
	}
}
