package lockset

import (
	"math/big"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
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
	r, err := in.witness(pl, g, nil)
	if err != nil {
		t.Errorf("witness: %v, want no error (no site named is not a contradiction)", err)
	}
	for i, a := range r.Accesses {
		if a.Pos != pos || a.LValue != "global g (an access somewhere in a call from dev_read)" || a.Kind != Write || a.Source != "int dev_read(void)" {
			t.Errorf("access %d = %+v, want at %s, marked, with its source line", i, a, pos)
		}
	}
}

// TestWitnessForeignSite: a model whose selection names a site that is not
// one of the side's accesses to the region (the formula lost track of the
// record) is never reported at that site's line: the access is marked as
// somewhere below the entry point, and the error says what happened.
func TestWitnessForeignSite(t *testing.T) {
	pos := ir.Pos{File: "d.c", Line: 3, Col: 5}
	other := ir.Pos{File: "d.c", Line: 1, Col: 5}
	prog := &ir.Program{Path: "d.c", Sources: map[string]string{"d.c": "int g;\n\nint dev_read(void)\n{\n}\n"}}
	fn := ir.NewFunction("dev_read", nil, pos)
	ep := &ir.EntryPoint{Func: fn}
	foreign := &site{id: 7, access: &ir.Access{LValue: "h", P: other}, write: true, fn: fn}
	own := &site{id: 8, access: &ir.Access{LValue: "g", P: other}, write: true, fn: fn}
	in := &instrumenter{f: &facts{prog: prog, sites: map[int]*site{7: foreign, 8: own}}}
	g := &ghostRegion{r: &ir.Region{Name: "global g"}, site: &ir.Var{Name: "site1"}}
	snap := &snapshot{site: &ir.Var{Name: "snap_site1"}}
	pl := &plan{pair: Pair{First: ep, Second: ep}, snaps: map[*ghostRegion]*snapshot{g: snap},
		sitesT: map[*ghostRegion][]*site{g: {own}}, sitesU: map[*ghostRegion][]*site{g: {own}}}
	tr := &vc.Trace{Values: map[*ir.Var]vc.Value{snap.site: {Int: big.NewInt(8)}, g.site: {Int: big.NewInt(7)}}}
	r, err := in.witness(pl, g, tr)
	if err == nil || !strings.Contains(err.Error(), "site 7") {
		t.Errorf("witness error = %v, want one naming site 7", err)
	}
	if a := r.Accesses[0]; a.LValue != "g" || a.Pos != other {
		t.Errorf("first access = %+v, want g at %s (its own site)", a, other)
	}
	if a := r.Accesses[1]; a.LValue != "global g (an access somewhere in a call from dev_read)" || a.Pos != pos {
		t.Errorf("second access = %+v, want marked as somewhere below dev_read at %s, not h", a, pos)
	}
}
