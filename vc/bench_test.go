package vc_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

// bigProcedure builds a function of about 300 statements in 30 segments,
// each with arithmetic, memory, a ghost update, a branch, a contract call
// and one assertion; every fifth assertion fails.
func bigProcedure() (*Builder, *Func, int) {
	b := New()
	r := b.Region("buf")
	obj := b.Global("buf", 64)
	g := b.Ghost("count", ir.Int)
	helper := b.Func("helper", "v")
	helper.Ensures(B(helper.Ret, ">=", helper.P("v")), false)
	helper.Return(B(helper.P("v"), "+", I(1)))
	f := b.Func("big", "n")
	f.Modifies(g)
	n := f.P("n")
	a, c, s, t, m := f.Local("a", ir.Int), f.Local("c", ir.Int), f.Local("s", ir.Int), f.Local("t", ir.Int), f.Local("m", ir.Int)
	f.Requires(B(n, ">=", I(0)), false)
	f.Assign(a, n)
	f.Assign(c, I(0))
	f.Assign(s, I(0))
	f.Assign(g, I(0))
	stmts := 4
	for k := int64(0); k < 30; k++ {
		then, els, join := f.Block("then"), f.Block("else"), f.Block("join")
		f.Assign(a, B(a, "+", I(k)))
		f.Assign(c, B(c, "+", I(1)))
		f.Store(B(obj, "+", I(4*(k%16))), a, r)
		f.Load(m, B(obj, "+", I(4*(k%16))), r)
		f.Assign(g, B(g, "+", I(1)))
		f.Call(t, helper, m)
		f.If(B(B(t, "%", I(3)), "==", I(k%3)), then, els)
		f.At(then).Assign(s, B(s, "+", I(1)))
		f.Assign(t, B(t, "*", I(2)))
		f.Goto(join)
		f.At(els).Assign(s, B(s, "-", I(1)))
		f.Assign(t, B(t, "-", I(k)))
		f.Goto(join)
		f.At(join)
		if k%5 == 4 {
			f.Assert(B(s, ">=", I(0)), "fails")
		} else {
			f.Assert(B(B(g, "==", c), "&&", B(m, ">=", n)), "holds")
		}
		stmts += 11
	}
	f.Return(s)
	return b, f, stmts
}

// locksetProcedure builds a function shaped like the lockset's
// instrumented code: about 300 statements in 30 segments, each reading
// shared memory (havoc), taking and releasing locks through contracts,
// recording accesses to a watched address, and asserting a lockset fact;
// every sixth assertion fails (an access outside the lock).
func locksetProcedure() (*Builder, *Func) {
	b := New()
	held := []*ir.Var{b.Ghost("held0", ir.Bool), b.Ghost("held1", ir.Bool), b.Ghost("held2", ir.Bool)}
	watched := b.Ghost("W", ir.Int)
	read, ls := b.Ghost("READ", ir.Bool), b.Ghost("LS", ir.Bool)
	lock := make([]*Func, len(held))
	unlock := make([]*Func, len(held))
	for i, h := range held {
		lock[i] = b.Func(fmt.Sprintf("lock%d", i))
		lock[i].Modifies(h)
		lock[i].Requires(Not(h), false)
		lock[i].Ensures(h, false)
		lock[i].Assign(h, ir.True)
		lock[i].Return(I(0))
		unlock[i] = b.Func(fmt.Sprintf("unlock%d", i))
		unlock[i].Modifies(h)
		unlock[i].Ensures(Not(h), false)
		unlock[i].Assign(h, ir.False)
		unlock[i].Return(I(0))
	}
	f := b.Func("pair", "base")
	f.Modifies(append(held, read, ls)...)
	base := f.P("base")
	v, addr, sum := f.Local("v", ir.Int), f.Local("addr", ir.Int), f.Local("sum", ir.Int)
	for _, h := range held {
		f.Requires(Not(h), false)
	}
	f.Assign(read, ir.False)
	f.Assign(ls, ir.True)
	f.Assign(sum, I(0))
	for k := 0; k < 30; k++ {
		i := k % len(held)
		locked, after, access, skip := f.Block("locked"), f.Block("after"), f.Block("access"), f.Block("skip")
		f.Havoc(v)
		f.Assign(sum, B(sum, "+", v))
		f.If(B(v, ">", I(int64(k))), locked, after)
		f.At(locked).Call(nil, lock[i])
		f.Goto(after)
		f.At(after).Assign(addr, B(base, "+", I(int64(4*(k%8)))))
		f.If(B(addr, "==", watched), access, skip)
		f.At(access).Assign(read, ir.True)
		f.Assign(ls, B(ls, "&&", held[i]))
		f.Goto(skip)
		f.At(skip)
		if k%6 == 5 {
			f.Assert(B(read, "==>", ls), "access outside the lock")
		} else {
			f.Assert(B(Not(held[(i+1)%len(held)]), "||", held[i]), "only the current lock")
		}
		f.Assign(ls, ir.True)
		f.Assign(read, ir.False)
		skipU, doU, next := f.Block("held?"), f.Block("unlock"), f.Block("next")
		f.Goto(skipU)
		f.At(skipU).If(held[i], doU, next)
		f.At(doU).Call(nil, unlock[i])
		f.Goto(next)
		f.At(next)
	}
	f.Return(sum)
	return b, f
}

func countStmts(f *Func) int {
	n := 0
	for _, blk := range f.Blocks {
		n += len(blk.Stmts) + 1
	}
	return n
}

func TestLocksetProcedure(t *testing.T) {
	b, f := locksetProcedure()
	if n := countStmts(f); n < 300 {
		t.Fatalf("only %d statements", n)
	}
	outs := check(t, b, f, vc.CheckAll())
	if len(outs) != 60 { // 30 asserts, 30 lock requires
		t.Fatalf("%d outcomes: %s", len(outs), verdicts(outs))
	}
	for _, o := range outs {
		want := vc.Proved
		if o.AssertID != 0 && o.AssertID%6 == 0 {
			want = vc.Failed
		}
		if o.Status != want {
			t.Errorf("%v: %s, want %s", o.Obligation, o.Status, want)
		}
	}
}

func BenchmarkCheckLockset300(b *testing.B) {
	bld, f := locksetProcedure()
	if err := bld.Done(); err != nil {
		b.Fatal(err)
	}
	p, err := vc.NewProver(z3.Config{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		outs, err := p.Check(context.Background(), bld.Prog, f.Function, vc.CheckAll())
		if err != nil || len(outs) != 60 {
			b.Fatal(err, len(outs))
		}
	}
}

func TestBigProcedure(t *testing.T) {
	b, f, stmts := bigProcedure()
	if stmts < 300 {
		t.Fatalf("only %d statements", stmts)
	}
	outs := check(t, b, f, vc.CheckAll())
	if len(outs) != 30 {
		t.Fatalf("%d outcomes", len(outs))
	}
	for i, o := range outs {
		want := vc.Proved
		if i%5 == 4 {
			want = vc.Failed
		}
		if o.Status != want {
			t.Errorf("%v: %s, want %s", o.Obligation, o.Status, want)
		}
	}
}

func BenchmarkCheckArith300(b *testing.B) {
	bld, f, _ := bigProcedure()
	if err := bld.Done(); err != nil {
		b.Fatal(err)
	}
	p, err := vc.NewProver(z3.Config{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		outs, err := p.Check(context.Background(), bld.Prog, f.Function, vc.CheckAll())
		if err != nil || len(outs) != 30 {
			b.Fatal(err, len(outs))
		}
	}
}
