package vc_test

import (
	"slices"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

// Footprint counts the statements Encode encodes (an inlined callee at
// each of its calls, a callee called through its contract not at all) and
// names the specs the encoding may check: top's ensures and loop
// invariant, the inlined callee's invariant, the requires of both callees;
// not the contract callee's own invariant or ensures.
func TestFootprint(t *testing.T) {
	b := New()
	g := b.Ghost("g", ir.Int)
	inl := b.Func("inlined", "n")
	head, body, exit := inl.Block("head"), inl.Block("body"), inl.Block("exit")
	inl.Goto(head)
	inlInv := inl.Invariant(head, B(g, ">=", I(0)), true)
	inl.At(head).If(B(g, "<", inl.P("n")), body, exit)
	inl.At(body).Assign(g, B(g, "+", I(1)))
	inl.Goto(head)
	inl.At(exit).Return(I(0))
	inlReq := inl.Requires(B(g, ">=", I(0)), true)
	inl.Modifies(g)

	con := b.Func("contract")
	chead, cexit := con.Block("head"), con.Block("exit")
	con.Assign(g, I(1))
	con.Goto(chead)
	con.Invariant(chead, B(g, "==", I(1)), true)
	con.At(chead).If(B(g, "<", I(0)), chead, cexit)
	con.At(cexit).Return(I(0))
	conReq := con.Requires(B(g, "<", I(100)), true)
	con.Ensures(B(g, "==", I(1)), true)
	con.Modifies(g)

	top := b.Func("top")
	x := top.Local("x", ir.Int)
	top.Assign(g, I(0))
	top.Call(x, inl, I(3))
	top.Call(x, con)
	top.Call(x, inl, x) // inlined twice: counted twice, named once
	thead, texit := top.Block("head"), top.Block("exit")
	top.Goto(thead)
	topInv := top.Invariant(thead, B(g, ">=", I(0)), true)
	top.At(thead).If(B(g, "<", I(0)), thead, texit)
	top.At(texit).Return(I(0))
	topEns := top.Ensures(B(g, ">=", I(0)), true)
	top.Modifies(g)
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}

	opts := vc.CheckAll()
	opts.Inline = func(callee *ir.Function, depth int) bool { return callee == inl.Function }
	opts.MaxInlineDepth = 8
	zc, err := z3.NewContext(z3.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	en, err := vc.Encode(zc, b.Prog, top.Function, opts, vc.EncodeConfig{NoTraces: true})
	if err != nil {
		t.Fatal(err)
	}
	n, specs, err := vc.Footprint(b.Prog, top.Function, opts, 0)
	if err != nil {
		t.Fatal(err)
	}
	if n != en.Statements() {
		t.Errorf("footprint counts %d statements, the encoding %d", n, en.Statements())
	}
	want := []*ir.Spec{topEns, topInv, inlReq, conReq, inlInv}
	for _, s := range want {
		if !slices.Contains(specs, s) {
			t.Errorf("spec #%d (%s) not named", s.ID, ir.ExprString(s.Cond))
		}
	}
	if len(specs) != len(want) {
		t.Errorf("named %d specs, want %d", len(specs), len(want))
	}
	var checked []*ir.Spec
	for i := 0; i < en.NumObligations(); i++ {
		if s := en.Obligation(i).Spec; s != nil && !slices.Contains(checked, s) {
			checked = append(checked, s)
		}
	}
	for _, s := range checked {
		if !slices.Contains(specs, s) {
			t.Errorf("the encoding checks spec #%d, not named", s.ID)
		}
	}
	if m, _, _ := vc.Footprint(b.Prog, top.Function, opts, 5); m != 6 {
		t.Errorf("with limit 5 the count is %d, want 6 (saturated just past it)", m)
	}
}
