package lockset

import (
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// TestWitnessWithoutSite: a selection whose site the counterexample does not
// name is reported at the entry point, marked as somewhere below it, never
// as an empty lvalue at line 0.
func TestWitnessWithoutSite(t *testing.T) {
	pos := ir.Pos{File: "d.c", Line: 3, Col: 5}
	prog := &ir.Program{Path: "d.c", Sources: map[string]string{"d.c": "int g;\n\nint dev_read(void)\n{\n}\n"}}
	fn := ir.NewFunction("dev_read", nil, pos)
	ep := &ir.EntryPoint{Func: fn}
	in := &instrumenter{f: &facts{prog: prog, sites: map[int]*site{}}}
	g := &ghostRegion{r: &ir.Region{Name: "global g"}, site: &ir.Var{Name: "site1"}}
	pl := &plan{pair: Pair{First: ep, Second: ep}, snaps: map[*ghostRegion]*snapshot{g: {site: &ir.Var{Name: "snap_site1"}}}}
	r := in.witness(pl, g, nil)
	for i, a := range r.Accesses {
		if a.Pos != pos || a.LValue != "global g (an access somewhere in a call from dev_read)" || a.Kind != Write || a.Source != "int dev_read(void)" {
			t.Errorf("access %d = %+v, want at %s, marked, with its source line", i, a, pos)
		}
	}
}
