package vc_test

import (
	"math/big"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
)

// Under Refine a failing trace is exact on what vc abstracts: the values
// of x, y, s, m satisfy C's arithmetic, which uninterpreted functions alone
// do not promise.
func TestRefineExactModels(t *testing.T) {
	b := New()
	f := b.Func("f")
	x, y, s, m := f.Local("x", ir.Int), f.Local("y", ir.Int), f.Local("s", ir.Int), f.Local("m", ir.Int)
	q, r, z, w := f.Local("q", ir.Int), f.Local("r", ir.Int), f.Local("z", ir.Int), f.Local("w", ir.Int)
	f.Havoc(x, y, s, m)
	f.Assign(q, B(x, "/", y))
	f.Assign(r, B(x, "%", y))
	f.Assign(z, B(I(1), "<<", s))
	f.Assign(w, B(x, "&", m))
	f.Assert(B(B(y, "<=", I(1)), "||", B(B(q, "!=", I(3)), "||", B(r, "!=", I(2)))), "divide")
	f.Assert(B(z, "!=", I(8)), "shift")
	f.Assert(B(B(m, "!=", I(12)), "||", B(w, "!=", I(4))), "mask")
	f.Return(I(0))
	opts := vc.CheckAll()
	opts.Refine, opts.IndependentAsserts = true, true
	outs := check(t, b, f, opts)
	if got := verdicts(outs); got != "assert#1@7:failed assert#2@8:failed assert#3@9:failed" {
		t.Fatalf("got %s", got)
	}
	get := func(tr *vc.Trace, name string) *big.Int {
		v, ok := tr.Value(name)
		if !ok || v.Int == nil {
			t.Fatalf("no value of %s in\n%s", name, tr)
		}
		return v.Int
	}
	div := outs[0].Trace
	xv, yv := get(div, "x"), get(div, "y")
	if yv.Sign() == 0 || new(big.Int).Quo(xv, yv).Int64() != 3 || new(big.Int).Rem(xv, yv).Int64() != 2 {
		t.Errorf("divide: x = %s, y = %s: not x / y == 3 && x %% y == 2", xv, yv)
	}
	wantInt(t, outs[1].Trace, "s", 3)
	mask := outs[2].Trace
	if xv, mv := get(mask, "x"), get(mask, "m"); mv.Int64() != 12 || new(big.Int).And(xv, mv).Int64() != 4 {
		t.Errorf("mask: x = %s, m = %s: not x & m == 4", xv, mv)
	}
}

// A shift C does not define is no execution under Refine: 1 << s is never
// 0, where s is shifted by; a shift on a branch C does not take may have
// any amount.
func TestRefineUndefinedShift(t *testing.T) {
	b := New()
	f := b.Func("f")
	s, u, z := f.Local("s", ir.Int), f.Local("u", ir.Int), f.Local("z", ir.Int)
	f.Havoc(s, u)
	f.Assign(z, B(I(1), "<<", s))
	f.Assert(B(z, "!=", I(0)), "defined shifts only")
	f.Assign(z, &ir.Ite{Cond: B(u, "<", I(0)), Then: I(-1), Else: B(I(2), "<<", u)})
	f.Assert(B(z, "!=", I(-1)), "the other branch")
	f.Return(I(0))
	opts := vc.CheckAll()
	opts.Refine = true
	outs := check(t, b, f, opts)
	if got := verdicts(outs); got != "assert#1@4:proved assert#2@6:failed" {
		t.Fatalf("got %s", got)
	}
	opts.Refine = false // the abstraction alone: any value
	if got := verdicts(check(t, b, f, opts)); got != "assert#1@4:failed assert#2@6:failed" {
		t.Fatalf("without Refine: got %s", got)
	}
}
