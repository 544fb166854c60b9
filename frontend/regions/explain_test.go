package regions_test

import (
	"testing"

	"github.com/whoopverify/whoop/frontend/regions"
	"github.com/whoopverify/whoop/ir"
)

// TestExplain checks the reason a region gives for putting different
// accesses together, as race reports print it.
func TestExplain(t *testing.T) {
	prog := load(t, "testdata/explain/explain.c", regions.Options{})
	why := func(lvalue string) string {
		var out string
		prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
			if a.LValue == lvalue && a.Region != nil {
				out = a.Region.Why
			}
		})
		return out
	}
	cases := []struct{ lvalue, want string }{
		{"p->count", "type rule: every struct priv the kernel can hand to the driver is one object"},
		{"gflags.busy", "shared bit-field word: ready, busy and mode are stored in one unit; writing one rewrites the others"},
		{"p->ring[n & 7]", "type rule: every struct priv the kernel can hand to the driver is one object; array: all its elements are one region"},
		{"*q", "merged region: global a_count and global b_count are one object (pointers to them mix)"},
		{"mine", "escaped local: local mine in dev_write (stored where other threads can reach it)"},
		{"last", ""},
	}
	for _, c := range cases {
		if got := why(c.lvalue); got != c.want {
			t.Errorf("%s: why %q, want %q", c.lvalue, got, c.want)
		}
	}
}
