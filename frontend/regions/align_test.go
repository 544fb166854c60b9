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
