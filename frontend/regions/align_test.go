package regions_test

import (
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend/regions"
)

// TestAlignOptions checks the switches under testdata/align.c: a rounded
// pointer folds the array it starts in only under in-bounds, and the
// physical address made with a kernel integer global leaves the buffer's
// struct apart only under kernel-integers; off, the struct collapses as
// before.
func TestAlignOptions(t *testing.T) {
	const file = "testdata/align.c"
	cases := []struct {
		name   string
		opts   regions.Options
		lvalue string
		want   string
	}{
		{"align default", regions.Options{}, "dma[0]", "global gpriv.buffer[]"},
		{"roundup default", regions.Options{}, "blk[1]", "global gpriv.block[]"},
		{"kernel integers default", regions.Options{}, "p->tail", "global gpriv.tail"},
		{"align bounds off", regions.Options{NoBoundsAssumption: true}, "dma[0]", "struct priv"},
		{"kernel integers off", regions.Options{NoKernelIntegers: true}, "p->tail", "struct priv"},
		{"kernel integers off, aligned", regions.Options{NoKernelIntegers: true}, "dma[0]", "struct priv"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := load(t, file, c.opts)
			if got := strings.Join(regionsOf(prog, c.lvalue), "|"); got != c.want {
				t.Errorf("%s: regions %q, want %q", c.lvalue, got, c.want)
			}
		})
	}
}

// TestTypedSlotsOff checks the switch of A13: off, the struct ccb_data
// stored in file->private_data escapes untyped and its driver_ccb is the
// canonical struct ccb, the device's control block, again.
func TestTypedSlotsOff(t *testing.T) {
	const file = "testdata/slots_typed_store.c"
	cases := []struct {
		opts regions.Options
		want string
	}{
		{regions.Options{}, "struct ccb.head"},
		{regions.Options{NoTypedSlots: true}, "struct ccb_data.driver_ccb.head"},
	}
	for _, c := range cases {
		prog := load(t, file, c.opts)
		if got := strings.Join(regionsOf(prog, "data->mapped->head"), "|"); got != c.want {
			t.Errorf("%+v: regions %q, want %q", c.opts, got, c.want)
		}
	}
}
