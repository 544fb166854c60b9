package regions_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/frontend/regions"
	"github.com/whoopverify/whoop/ir"
)

// regionsOf returns the sorted names of the regions the accesses with
// the given lvalue text name (Touches: LValue "helper(arg)").
func regionsOf(prog *ir.Program, lvalue string) []string {
	seen := map[string]bool{}
	prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
		if a.LValue == lvalue {
			seen[a.Region.Name] = true
		}
	})
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// TestOptions checks that each switch turns its assumption off, and what
// the default gives.
func TestOptions(t *testing.T) {
	const file = "testdata/options/options.c"
	const arrays = "testdata/arrays.c"
	const local = "testdata/local.c"
	const lent = "testdata/lent.c"
	const walk = "testdata/options/walk.c"
	cases := []struct {
		file   string
		name   string
		opts   regions.Options
		lvalue string
		want   string // the regions, joined by "|"
	}{
		{file, "fresh params default", regions.Options{}, "*ppos", "fresh *ppos in dev_write"},
		{file, "fresh params off", regions.Options{NoFreshParams: true}, "*ppos", "external long"},
		{"testdata/current.c", "current per thread default", regions.Options{}, "get_current()->state", "current task.state"},
		{"testdata/current.c", "current per thread off", regions.Options{NoCurrentPerThread: true}, "get_current()->state", "struct task_struct.state"},
		{"testdata/current.c", "current per thread, types off", regions.Options{NoTypeAssumption: true}, "get_current()->state", "kernel memory"},
		{file, "types default", regions.Options{}, "p->flags", "struct priv.flags"},
		{file, "types off", regions.Options{NoTypeAssumption: true}, "p->flags", "kernel memory"},
		{file, "fields default", regions.Options{}, "p->flags", "struct priv.flags"},
		{file, "fields off", regions.Options{NoFieldAssumption: true}, "p->flags", "struct priv"},
		{file, "bounds default", regions.Options{}, "copy_from_user(p->name)", "struct priv.name[]"},
		{file, "bounds off", regions.Options{NoBoundsAssumption: true}, "copy_from_user(p->name)",
			"struct priv.count|struct priv.flags|struct priv.name[]"},
		{file, "escaped global", regions.Options{}, "exported_count", "external int"},
		{file, "linkage default", regions.Options{}, "other_count", "global other_count"},
		{file, "linkage off", regions.Options{NoLinkageAssumption: true}, "other_count", "external int"},
		{local, "retained locals default", regions.Options{}, "now.sec", "local now in dev_ioctl.sec"},
		{local, "retained locals off", regions.Options{NoRetainedLocals: true}, "now.sec", "struct stamp.sec"},
		{lent, "lent links default", regions.Options{}, "x.len", "local x in dev_write.len"},
		{lent, "lent links off", regions.Options{NoLentLinks: true}, "x.len", "struct xfer.len"},
		{lent, "lent links with retained locals off", regions.Options{NoRetainedLocals: true}, "x.len", "struct xfer.len"},
		{arrays, "arithmetic bounds default", regions.Options{}, "r->after", "struct ring.after"},
		{arrays, "arithmetic bounds off", regions.Options{NoBoundsAssumption: true}, "r->after", "struct ring"},
		// An int walk through an int array member: the array's own fold
		// keeps it there only under the assumption; without it the walk
		// reaches the member after the array (the array fold made the walk
		// look bounded, and g.b stayed apart).
		{walk, "int walk bounds default", regions.Options{}, "p[i]", "global g.a[]"},
		{walk, "int walk bounds default, next member", regions.Options{}, "g.b", "global g.b"},
		{walk, "int walk bounds off", regions.Options{NoBoundsAssumption: true}, "p[i]", "global g"},
		{walk, "int walk bounds off, next member", regions.Options{NoBoundsAssumption: true}, "g.b", "global g"},
		{walk, "index bounds default", regions.Options{}, "gi.a[i]", "global gi.a[]"},
		{walk, "index bounds default, next member", regions.Options{}, "gi.b", "global gi.b"},
		{walk, "index bounds off", regions.Options{NoBoundsAssumption: true}, "gi.a[i]", "global gi"},
		{walk, "index bounds off, next member", regions.Options{NoBoundsAssumption: true}, "gi.b", "global gi"},
		{walk, "pointer sum bounds default", regions.Options{}, "*(gp.a + i)", "global gp.a[]"},
		{walk, "pointer sum bounds off, next member", regions.Options{NoBoundsAssumption: true}, "gp.b", "global gp"},
		{walk, "kernel struct bounds default", regions.Options{}, "h->a[i]", "struct hst.a[]"},
		{walk, "kernel struct bounds default, next member", regions.Options{}, "h->b", "struct hst.b"},
		{walk, "kernel struct bounds off", regions.Options{NoBoundsAssumption: true}, "h->a[i]", "struct hst"},
		{walk, "kernel struct bounds off, next member", regions.Options{NoBoundsAssumption: true}, "h->b", "struct hst"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := load(t, c.file, c.opts)
			if got := strings.Join(regionsOf(prog, c.lvalue), "|"); got != c.want {
				t.Errorf("%s: regions %q, want %q", c.lvalue, got, c.want)
			}
		})
	}
}

// TestUnpublishedLocalsOptions checks the switch of A7 and its use of A4:
// with unpublished-locals off no access is private; with in-bounds off an
// access at an offset that is not a constant is not private either.
func TestUnpublishedLocalsOptions(t *testing.T) {
	const file = "testdata/unpublished.c"
	private := func(opts regions.Options) map[string]bool {
		got := map[string]bool{}
		prog := load(t, file, opts)
		prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
			if a.Private {
				got[f.Name+" "+a.LValue] = true
			}
		})
		return got
	}
	def := private(regions.Options{})
	for _, k := range []string{"dev_read a.len", "dev_read a.data[i]", "dev_read memset(&b)", "dev_write w.len"} {
		if !def[k] {
			t.Errorf("default: %s is not private", k)
		}
	}
	if off := private(regions.Options{NoUnpublishedLocals: true}); len(off) != 0 {
		t.Errorf("unpublished-locals off: private accesses %v, want none", off)
	}
	bounds := private(regions.Options{NoBoundsAssumption: true})
	if bounds["dev_read a.data[i]"] || !bounds["dev_read a.len"] {
		t.Errorf("in-bounds off: a.data[i] private %v, a.len private %v; want false, true",
			bounds["dev_read a.data[i]"], bounds["dev_read a.len"])
	}
}

// TestUnpublishedAllocationsOptions checks the switch of A9 and its use of
// A4: with unpublished-allocations off, or in-bounds off, no access of
// fresh.c (which has no stack objects for A7) is private.
func TestUnpublishedAllocationsOptions(t *testing.T) {
	const file = "testdata/fresh.c"
	private := func(opts regions.Options) []string {
		var got []string
		prog := load(t, file, opts)
		prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
			if a.Private {
				got = append(got, fmt.Sprintf("%s:%d %s", f.Name, a.P.Line, a.LValue))
			}
		})
		return got
	}
	def := strings.Join(private(regions.Options{}), ", ")
	for _, k := range []string{"dev_open:37 p->id", "dev_open:38 p->data[i]", "dev_open:40 *d", "dev_ioctl:108 e->id"} {
		if !strings.Contains(def, k) {
			t.Errorf("default: %s is not private (private: %s)", k, def)
		}
	}
	if off := private(regions.Options{NoUnpublishedAllocations: true}); len(off) != 0 {
		t.Errorf("unpublished-allocations off: private accesses %v, want none", off)
	}
	if off := private(regions.Options{NoBoundsAssumption: true}); len(off) != 0 {
		t.Errorf("in-bounds off: private accesses %v, want none", off)
	}
}

// TestSyncCallbacksOff: without the sync-callbacks assumption
// (frontend.Config.NoSyncCallbacks) acpi_dev_get_resources is an unknown
// kernel function, its callback an entry point, and the lookup the
// callback fills the canonical struct every call shares.
func TestSyncCallbacksOff(t *testing.T) {
	const file = "testdata/acpi_callback.c"
	for _, tc := range []struct {
		off  bool
		want string
	}{{false, "local l in dev_read.found"}, {true, "struct lookup.found"}} {
		prog, err := frontend.LoadUntil(context.Background(), file, frontend.Config{NoSyncCallbacks: tc.off}, "dead")
		if err != nil {
			t.Fatal(err)
		}
		if err := regions.Analyze(prog, regions.Options{}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(regionsOf(prog, "l.found"), "|"); got != tc.want {
			t.Errorf("NoSyncCallbacks=%v: l.found in %q, want %q", tc.off, got, tc.want)
		}
	}
}
