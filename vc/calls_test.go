package vc_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

func checkErr(t *testing.T, b *Builder, f *Func, opts vc.Options) error {
	t.Helper()
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	p, err := vc.NewProver(z3.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Check(context.Background(), b.Prog, f.Function, opts)
	return err
}

// inc(x) returns x+1 and promises nothing; main asserts inc(5) == 6.
func incProgram() (*Builder, *Func, *Func) {
	b := New()
	inc := b.Func("inc", "x")
	inc.Return(B(inc.P("x"), "+", I(1)))
	main := b.Func("main")
	y := main.Local("y", ir.Int)
	main.Call(y, inc, I(5))
	main.Assert(B(y, "==", I(6)), "inc(5) == 6")
	main.Return(y)
	return b, inc, main
}

func TestContractVersusInline(t *testing.T) {
	b, _, main := incProgram()
	outs := check(t, b, main, vc.CheckAll())
	if got := verdicts(outs); got != "assert#1@5:failed" {
		t.Fatalf("through contract: %s", got)
	}
	if got := steps(outs[0].Trace); got != "main.b0" {
		t.Errorf("contract trace steps %s", got)
	}
	b, inc, main := incProgram()
	opts := vc.CheckAll()
	opts.Inline = func(callee *ir.Function, depth int) bool { return callee == inc.Function && depth == 0 }
	if got := verdicts(check(t, b, main, opts)); got != "assert#1@5:proved" {
		t.Fatalf("inlined: %s", got)
	}
	// Inlined, a wrong assertion has a trace through the callee.
	b, inc, main = incProgram()
	main.Cur.Stmts[1].(*ir.Assert).Cond = B(main.Locals[0], "==", I(7))
	outs = check(t, b, main, opts)
	if got := verdicts(outs); got != "assert#1@5:failed" {
		t.Fatalf("inlined wrong: %s", got)
	}
	if got := steps(outs[0].Trace); got != "main.b0 >inc.b0" {
		t.Errorf("inlined trace steps %s", got)
	}
	wantInt(t, outs[0].Trace, "y", 6)
}

// Ensures give callers what they need; requires are checked at call sites.
func TestContracts(t *testing.T) {
	b := New()
	inc := b.Func("inc", "x")
	x := inc.P("x")
	inc.Requires(B(x, ">=", I(0)), false)
	inc.Ensures(B(inc.Ret, ">", x), false)
	inc.Return(B(x, "+", I(1)))
	main := b.Func("main", "a")
	y := main.Local("y", ir.Int)
	c1 := main.Call(y, inc, main.P("a"))
	main.Assert(B(y, ">", main.P("a")), "from ensures")
	main.Call(y, inc, I(3))
	main.Return(y)
	outs := check(t, b, main, vc.CheckAll())
	if got, want := verdicts(outs), "requires at call#1@4:failed assert#1@5:proved requires at call#1@6:proved"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	o := outs[0]
	if o.Call != c1 || o.Func != main.Function || o.Spec.Kind != ir.Requires {
		t.Errorf("obligation %+v", o.Obligation)
	}
	if v, _ := o.Trace.Value("a"); v.Int == nil || v.Int.Sign() >= 0 {
		t.Errorf("a = %v, want negative", v)
	}
	outs = check(t, b, inc, vc.CheckAll())
	if got, want := verdicts(outs), "ensures at return#2@2:proved"; got != want {
		t.Fatalf("inc: %s, want %s", got, want)
	}
}

// even(n) and odd(n) call each other; their summaries make both provable.
func TestMutualRecursionWithSummaries(t *testing.T) {
	b := New()
	even := b.Func("even", "n")
	odd := b.Func("odd", "n")
	for _, f := range []*Func{even, odd} {
		f.Requires(B(f.P("n"), ">=", I(0)), false)
		f.Ensures(B(B(f.Ret, "==", I(0)), "||", B(f.Ret, "==", I(1))), false)
	}
	build := func(f, other *Func, base int64) {
		n := f.P("n")
		r := f.Local("r", ir.Int)
		zero, rec := f.Block("zero"), f.Block("rec")
		f.If(B(n, "==", I(0)), zero, rec)
		f.At(zero).Return(I(base))
		f.At(rec).Call(r, other, B(n, "-", I(1)))
		f.Return(r)
	}
	build(even, odd, 1)
	build(odd, even, 0)
	for _, f := range []*Func{even, odd} {
		for _, o := range check(t, b, f, vc.CheckAll()) {
			if o.Status != vc.Proved {
				t.Errorf("%s: %v %s\n%s", f.Name, o.Obligation, o.Status, o.Trace)
			}
		}
	}
	// A wrong summary is refuted where it is checked.
	even.Function.Ensures[0].Cond = B(even.Ret, "==", I(1))
	outs := check(t, b, even, vc.CheckAll())
	var failed []string
	for _, o := range outs {
		if o.Status == vc.Failed {
			failed = append(failed, o.Kind.String())
		}
	}
	if strings.Join(failed, ",") != "ensures at return" {
		t.Errorf("failed: %v (%s)", failed, verdicts(outs))
	}
	// Inlining recursion is bounded by MaxInlineDepth.
	even.Function.Ensures[0].Cond = B(B(even.Ret, "==", I(0)), "||", B(even.Ret, "==", I(1)))
	opts := vc.CheckAll()
	opts.Inline = func(*ir.Function, int) bool { return true }
	opts.MaxInlineDepth = 3
	for _, o := range check(t, b, even, opts) {
		if o.Status != vc.Proved {
			t.Errorf("inlined: %v %s", o.Obligation, o.Status)
		}
	}
}

func TestHavocAndAssume(t *testing.T) {
	b := New()
	f := b.Func("f")
	x := f.Local("x", ir.Int)
	f.Havoc(x)
	f.Assume(B(x, ">", I(5)))
	f.Assert(B(x, ">", I(3)), "")
	f.Assert(B(x, ">", I(6)), "")
	f.Havoc(x)
	f.Assert(B(x, ">", I(5)), "")
	f.Return(x)
	outs := check(t, b, f, vc.CheckAll())
	if got := verdicts(outs); got != "assert#1@4:proved assert#2@5:failed assert#3@7:failed" {
		t.Fatalf("got %s", got)
	}
	wantInt(t, outs[1].Trace, "x", 6)
	// An assume after an assertion does not hide its failure.
	b = New()
	f = b.Func("g")
	x = f.Local("x", ir.Int)
	f.Havoc(x)
	f.Assert(B(x, ">", I(0)), "")
	f.Assume(B(x, ">", I(0)))
	f.Return(x)
	if got := verdicts(check(t, b, f, vc.CheckAll())); got != "assert#1@3:failed" {
		t.Fatalf("assert before assume: %s", got)
	}
	// Unchecked obligations are assumed: the second assert relies on the first.
	b = New()
	f = b.Func("h")
	x = f.Local("x", ir.Int)
	f.Havoc(x)
	f.Assert(B(x, ">", I(0)), "")
	f.Assert(B(x, ">", I(-1)), "")
	f.Return(x)
	if got := verdicts(check(t, b, f, vc.CheckAll())); got != "assert#1@3:failed assert#2@4:proved" {
		t.Fatalf("check then assume: %s", got)
	}
	opts := vc.CheckAll()
	opts.CheckAsserts = false
	if got := verdicts(check(t, b, f, opts)); got != "" {
		t.Fatalf("asserts not checked: %s", got)
	}
}

// Old(g) in ensures is the value before the call; in invariants, at entry.
func TestOld(t *testing.T) {
	b := New()
	g := b.Ghost("g", ir.Int)
	bump := b.Func("bump")
	bump.Modifies(g)
	bump.Ensures(B(g, "==", B(Old(g), "+", I(1))), false)
	bump.Assign(g, B(g, "+", I(1)))
	bump.Return(I(0))
	main := b.Func("main", "n")
	main.Modifies(g)
	g0 := main.Local("g0", ir.Int)
	i := main.Local("i", ir.Int)
	main.Assign(g0, g)
	main.Call(nil, bump)
	main.Assert(B(g, "==", B(g0, "+", I(1))), "bumped once")
	main.Assign(i, I(0))
	head, body, exit := main.Block("head"), main.Block("body"), main.Block("exit")
	main.Goto(head)
	main.Invariant(head, B(g, "==", B(B(Old(g), "+", I(1)), "+", i)), false)
	main.Invariant(head, B(i, ">=", I(0)), false)
	main.At(head).If(B(i, "<", main.P("n")), body, exit)
	main.At(body).Call(nil, bump)
	main.Assign(i, B(i, "+", I(1)))
	main.Goto(head)
	main.At(exit).Assert(B(g, ">=", B(g0, "+", I(1))), "")
	main.Return(I(0))
	for _, f := range []*Func{bump, main} {
		for _, o := range check(t, b, f, vc.CheckAll()) {
			if o.Status != vc.Proved {
				t.Errorf("%s: %v %s\n%s", f.Name, o.Obligation, o.Status, o.Trace)
			}
		}
	}
	// Without the ensures, the caller knows only that g changed arbitrarily.
	bump.Function.Ensures = nil
	outs := check(t, b, main, vc.CheckAll())
	if outs[0].Status != vc.Failed {
		t.Errorf("without ensures: %s", verdicts(outs))
	}
}

func TestIndirectCall(t *testing.T) {
	b := New()
	one := b.Func("one")
	one.Ensures(B(one.Ret, "==", I(1)), false)
	one.Return(I(1))
	two := b.Func("two")
	two.Ensures(B(two.Ret, "==", I(2)), false)
	two.Return(I(2))
	main := b.Func("main", "fp")
	y := main.Local("y", ir.Int)
	main.CallIndirect(y, main.P("fp"), []*Func{one, two})
	main.Assert(B(B(y, "==", I(1)), "||", B(y, "==", I(2))), "")
	main.Assert(B(y, "==", I(1)), "")
	main.Return(y)
	outs := check(t, b, main, vc.CheckAll())
	if got := verdicts(outs); got != "assert#1@7:proved assert#2@8:failed" {
		t.Fatalf("got %s", got)
	}
	wantInt(t, outs[1].Trace, "y", 2)
	// Inlined targets: the trace goes through the one taken.
	opts := vc.CheckAll()
	opts.Inline = func(*ir.Function, int) bool { return true }
	outs = check(t, b, main, opts)
	if got := verdicts(outs); got != "assert#1@7:proved assert#2@8:failed" {
		t.Fatalf("inlined: %s", got)
	}
	if got := steps(outs[1].Trace); got != "main.b0 >two.b0" {
		t.Errorf("steps %s", got)
	}
	// No targets: an arbitrary result.
	b = New()
	main = b.Func("main", "fp")
	y = main.Local("y", ir.Int)
	main.CallIndirect(y, main.P("fp"), nil)
	main.Assert(B(y, "==", I(1)), "")
	main.Return(y)
	if got := verdicts(check(t, b, main, vc.CheckAll())); got != "assert#1@3:failed" {
		t.Fatalf("unknown target: %s", got)
	}
}

func TestModifiesViolations(t *testing.T) {
	b := New()
	g := b.Ghost("g", ir.Bool)
	f := b.Func("f")
	f.Assign(g, ir.True)
	f.Return(I(0))
	err := checkErr(t, b, f, vc.CheckAll())
	if err == nil || !strings.Contains(err.Error(), "assigns ghost g, which is not in the modifies of f") {
		t.Errorf("direct: %v", err)
	}
	b = New()
	g = b.Ghost("g", ir.Bool)
	callee := b.Func("callee")
	callee.Modifies(g)
	callee.Assign(g, ir.True)
	callee.Return(I(0))
	f = b.Func("f")
	f.Call(nil, callee)
	f.Return(I(0))
	err = checkErr(t, b, f, vc.CheckAll())
	if err == nil || !strings.Contains(err.Error(), "calls callee, which modifies g, not in the modifies of f") {
		t.Errorf("through call: %v", err)
	}
	// Inlined, the callee's assignment counts against f.
	opts := vc.CheckAll()
	opts.Inline = func(*ir.Function, int) bool { return true }
	err = checkErr(t, b, f, opts)
	if err == nil || !strings.Contains(err.Error(), "callee assigns ghost g, which is not in the modifies of f") {
		t.Errorf("inlined: %v", err)
	}
	f.Modifies(g)
	if err := checkErr(t, b, f, opts); err != nil {
		t.Errorf("allowed: %v", err)
	}
}

// Free specs are assumed and never checked; Specs filters what is in force.
func TestFreeAndFilteredSpecs(t *testing.T) {
	b := New()
	f := b.Func("f", "x")
	x := f.P("x")
	req := f.Requires(B(x, ">", I(10)), false)
	req.Free = true
	ens := f.Ensures(B(f.Ret, ">", I(100)), false)
	ens.Free = true
	f.Assert(B(x, ">", I(5)), "")
	f.Return(x)
	main := b.Func("main")
	y := main.Local("y", ir.Int)
	main.Call(y, f, I(0))
	main.Assert(B(y, ">", I(100)), "")
	main.Return(y)
	if got := verdicts(check(t, b, f, vc.CheckAll())); got != "assert#1@2:proved" {
		t.Errorf("f: %s", got)
	}
	if got := verdicts(check(t, b, main, vc.CheckAll())); got != "assert#2@6:proved" {
		t.Errorf("main: %s", got)
	}
	opts := vc.CheckAll()
	opts.Specs = func(s *ir.Spec) bool { return s != req && s != ens }
	if got := verdicts(check(t, b, f, opts)); got != "assert#1@2:failed" {
		t.Errorf("f without requires: %s", got)
	}
	if got := verdicts(check(t, b, main, opts)); got != "assert#2@6:failed" {
		t.Errorf("main without ensures: %s", got)
	}
}

// Parameters in ensures denote their values at entry.
func TestEnsuresParametersAtEntry(t *testing.T) {
	b := New()
	f := b.Func("f", "x")
	x := f.P("x")
	f.Ensures(B(f.Ret, "==", B(x, "+", I(1))), false)
	f.Assign(x, B(x, "+", I(1)))
	f.Return(x)
	if got := verdicts(check(t, b, f, vc.CheckAll())); got != "ensures at return#1@3:proved" {
		t.Errorf("got %s", got)
	}
}

// An irreducible loop (two entries) must not keep entry values of variables
// assigned before it.
func TestIrreducibleLoop(t *testing.T) {
	b := New()
	f := b.Func("f", "c")
	v := f.Local("v", ir.Int)
	k := f.Local("k", ir.Bool)
	left, right, a, bb, exit := f.Block("left"), f.Block("right"), f.Block("a"), f.Block("b"), f.Block("exit")
	f.If(B(f.P("c"), ">", I(0)), left, right)
	f.At(left).Assign(v, I(1))
	f.Goto(a)
	f.At(right).Assign(v, I(2))
	f.Goto(bb)
	f.At(a).Havoc(k)
	f.If(k, bb, exit)
	f.At(bb).Goto(a)
	f.At(exit).Assert(B(v, "==", I(1)), "")
	f.Assert(B(B(v, "==", I(1)), "||", B(v, "==", I(2))), "")
	f.Return(v)
	outs := check(t, b, f, vc.CheckAll())
	if outs[0].Status != vc.Failed {
		t.Errorf("v == 1 after an irreducible loop: %s", verdicts(outs))
	}
}

// Inline gets the depth of the call; traces nest inlined blocks by depth.
func TestInlineDepths(t *testing.T) {
	b := New()
	leaf := b.Func("leaf", "v")
	leaf.Return(B(leaf.P("v"), "*", I(2)))
	mid := b.Func("mid", "v")
	r := mid.Local("r", ir.Int)
	mid.Call(r, leaf, B(mid.P("v"), "+", I(1)))
	mid.Return(r)
	main := b.Func("main")
	y := main.Local("y", ir.Int)
	main.Call(y, mid, I(3))
	main.Assert(B(y, "!=", I(8)), "")
	main.Return(y)
	var seen []string
	opts := vc.CheckAll()
	opts.Inline = func(f *ir.Function, depth int) bool {
		seen = append(seen, fmt.Sprintf("%s@%d", f.Name, depth))
		return true
	}
	outs := check(t, b, main, opts)
	if got := strings.Join(seen, " "); got != "mid@0 leaf@1" {
		t.Errorf("Inline calls: %s", got)
	}
	if len(outs) != 1 || outs[0].Status != vc.Failed {
		t.Fatalf("got %s", verdicts(outs))
	}
	if got := steps(outs[0].Trace); got != "main.b0 >mid.b0 >>leaf.b0" {
		t.Errorf("steps %s", got)
	}
	if got := outs[0].Trace.String(); got != "path:\n  main b0 (entry)\n    mid b0 (entry)\n      leaf b0 (entry)\nvalues:\n  ret = 0\n  y = 8\n" {
		t.Errorf("trace text:\n%s", got)
	}
}
