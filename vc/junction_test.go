package vc_test

import (
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

// A chain of one connective (ir.Or nests to the left) becomes one n-ary
// term: Z3 flattened every prefix of a nested chain on assertion, quadratic
// in the number of access sites a race assertion names (issue 11).
func TestJunctionFlat(t *testing.T) {
	b := New()
	f := b.Func("f", "p")
	p := f.P("p")
	var sites []ir.Expr
	for i := range 6 {
		sites = append(sites, B(p, "==", I(int64(i+1))))
	}
	f.Assert(ir.Not(ir.Or(sites...)), "no site")
	f.Return(I(0))
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	zc, err := z3.NewContext(z3.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	en, err := vc.Encode(zc, b.Prog, f.Function, vc.CheckAll(), vc.EncodeConfig{NoTraces: true})
	if err != nil {
		t.Fatal(err)
	}
	// Z3 shares structurally equal terms (and its printer flattens nested
	// disjunctions), so compare with the flat term by id:
	// (not (not (or (= |f.p#1| 1) ... (= |f.p#1| 6)))).
	pv := zc.Const("f.p#1", zc.IntSort())
	eqs := make([]*z3.Expr, 6)
	for i := range eqs {
		eqs[i] = zc.Eq(pv, zc.Int(int64(i+1)))
	}
	want := zc.Not(zc.Not(zc.Or(eqs...)))
	if got := en.Fail(0); got.ID() != want.ID() {
		t.Errorf("failure term %s is not the flat %s", got, want)
	}
}
