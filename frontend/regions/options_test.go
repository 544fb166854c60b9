package regions_test

import (
	"sort"
	"strings"
	"testing"

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
	cases := []struct {
		file   string
		name   string
		opts   regions.Options
		lvalue string
		want   string // the regions, joined by "|"
	}{
		{file, "fresh params default", regions.Options{}, "*ppos", "fresh *ppos in dev_write"},
		{file, "fresh params off", regions.Options{NoFreshParams: true}, "*ppos", "external long"},
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
		{arrays, "arithmetic bounds default", regions.Options{}, "r->after", "struct ring.after"},
		{arrays, "arithmetic bounds off", regions.Options{NoBoundsAssumption: true}, "r->after", "struct ring"},
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
