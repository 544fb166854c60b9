package explore

import (
	"math/big"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// The strict check holds an opener to the kernel's protocol on its own:
// it must be the open of the entry point's ops (the probe of a remove's),
// and the entry point runs only after it returned 0.
func TestStrictOpener(t *testing.T) {
	fn := func(name string) *ir.Function { return ir.NewFunction(name, nil, ir.Pos{}) }
	ep := func(f *ir.Function, st, v, field string) *ir.EntryPoint {
		return &ir.EntryPoint{Func: f, Struct: st, Var: v, Field: field}
	}
	open := ep(fn("d_open"), "file_operations", "d_fops", "open")
	read := ep(fn("d_read"), "file_operations", "d_fops", "read")
	otherOpen := ep(fn("e_open"), "file_operations", "e_fops", "open")
	probe := ep(fn("d_probe"), "platform_driver", "d_drv", "probe")
	remove := ep(fn("d_remove"), "platform_driver", "d_drv", "remove")
	for _, tc := range []struct {
		op, ep *ir.EntryPoint
		want   bool
	}{
		{open, read, true}, {probe, remove, true},
		{otherOpen, read, false}, {open, open, false}, {read, read, false}, {open, remove, false},
	} {
		if got := opens(tc.op, tc.ep); got != tc.want {
			t.Errorf("opens(%s, %s) = %v, want %v", tc.op.Field, tc.ep.Field, got, tc.want)
		}
	}

	c := &checker{proto: &protocol{files: map[string]*fileState{}, probed: map[string]bool{}}}
	th := &sThread{id: 1, ep: read, opener: open}
	err := c.opened(th, big.NewInt(-16))
	if err == nil || !strings.Contains(err.Error(), "d_open returned -16: the kernel does not call d_read") {
		t.Errorf("an open that failed: %v", err)
	}
	if err := c.opened(th, big.NewInt(0)); err != nil || th.opener != nil || th.pending == nil || th.pending.fn != read.Func {
		t.Errorf("an open that returned 0: %v, opener %v, pending %+v", err, th.opener, th.pending)
	}
}
