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

func check(t *testing.T, b *Builder, f *Func, opts vc.Options) []vc.Outcome {
	t.Helper()
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	p, err := vc.NewProver(z3.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	outs, err := p.Check(context.Background(), b.Prog, f.Function, opts)
	if err != nil {
		t.Fatal(err)
	}
	return outs
}

// verdicts summarises outcomes as "line:status" in report order.
func verdicts(outs []vc.Outcome) string {
	var s []string
	for _, o := range outs {
		what := fmt.Sprintf("assert#%d", o.AssertID)
		if o.Spec != nil {
			what = fmt.Sprintf("%s#%d", o.Kind, o.Spec.ID)
		}
		s = append(s, fmt.Sprintf("%s@%d:%s", what, o.Pos.Line, o.Status))
	}
	return strings.Join(s, " ")
}

func steps(tr *vc.Trace) string {
	var s []string
	for _, st := range tr.Steps {
		s = append(s, fmt.Sprintf("%s%s.%s", strings.Repeat(">", st.Depth), st.Func.Name, st.Block))
	}
	return strings.Join(s, " ")
}

func wantInt(t *testing.T, tr *vc.Trace, name string, want int64) {
	t.Helper()
	v, ok := tr.Value(name)
	if !ok || v.IsBool || v.Int == nil || !v.Int.IsInt64() || v.Int.Int64() != want {
		t.Errorf("value of %s = %v (found %v), want %d\n%s", name, v, ok, want, tr)
	}
}

// abs: if x > 0 then y := x else y := -x; assert y > 0 (fails for 0);
// assert y >= 0 (holds).
func TestProofAndRefutationWithTrace(t *testing.T) {
	b := New()
	f := b.Func("abs", "x")
	x := f.P("x")
	y := f.Local("y", ir.Int)
	pos, neg, join := f.Block("pos"), f.Block("neg"), f.Block("join")
	f.If(B(x, ">", I(0)), pos, neg)
	f.At(pos).Assign(y, x)
	f.Goto(join)
	f.At(neg).Assign(y, B(I(0), "-", x))
	f.Goto(join)
	f.At(join)
	a1 := f.Assert(B(y, ">", I(0)), "positive")
	a2 := f.Assert(B(y, ">=", I(0)), "non-negative")
	f.Return(y)
	outs := check(t, b, f, vc.CheckAll())
	if len(outs) != 2 || outs[0].AssertID != a1.ID || outs[1].AssertID != a2.ID {
		t.Fatalf("outcomes %s", verdicts(outs))
	}
	if outs[0].Status != vc.Failed || outs[1].Status != vc.Proved {
		t.Fatalf("got %s", verdicts(outs))
	}
	tr := outs[0].Trace
	if got := steps(tr); got != "abs.b0 abs.b2 abs.b3" {
		t.Errorf("steps %q\n%s", got, tr)
	}
	wantInt(t, tr, "x", 0)
	wantInt(t, tr, "y", 0)
	if outs[0].Func != f.Function || outs[0].Kind != vc.AssertStmt || outs[0].Block != join || outs[0].Pos != a1.P {
		t.Errorf("obligation %+v", outs[0].Obligation)
	}
}

// A counting loop: i := 0; while (i < n) i++; assert i == n. Needs the
// invariant i <= n (and n >= 0).
func countLoop(withInv, wrongInv bool) (*Builder, *Func) {
	b := New()
	f := b.Func("count", "n")
	n := f.P("n")
	i := f.Local("i", ir.Int)
	head, body, exit := f.Block("head"), f.Block("body"), f.Block("exit")
	f.Requires(B(n, ">=", I(0)), false)
	f.Assign(i, I(0))
	f.Goto(head)
	if withInv {
		f.Invariant(head, B(i, "<=", n), false)
	}
	if wrongInv {
		f.Invariant(head, B(i, "<", n), false)
	}
	f.At(head).If(B(i, "<", n), body, exit)
	f.At(body).Assign(i, B(i, "+", I(1)))
	f.Goto(head)
	f.At(exit).Assert(B(i, "==", n), "i == n")
	f.Return(i)
	return b, f
}

func TestLoopNeedsInvariant(t *testing.T) {
	b, f := countLoop(true, false)
	if got, want := verdicts(check(t, b, f, vc.CheckAll())), "invariant on entry#2@4:proved invariant preserved#2@6:proved assert#1@7:proved"; got != want {
		t.Errorf("with invariant: %s, want %s", got, want)
	}
	b, f = countLoop(false, false)
	outs := check(t, b, f, vc.CheckAll())
	if got, want := verdicts(outs), "assert#1@7:failed"; got != want {
		t.Fatalf("without invariant: %s, want %s", got, want)
	}
	if got := steps(outs[0].Trace); got != "count.b0 count.b1 count.b3" {
		t.Errorf("steps %s", got)
	}
	b, f = countLoop(false, true)
	outs = check(t, b, f, vc.CheckAll())
	if got, want := verdicts(outs), "invariant on entry#2@4:failed invariant preserved#2@6:failed assert#1@7:proved"; got != want {
		t.Errorf("wrong invariant: %s, want %s", got, want)
	}
	wantInt(t, outs[0].Trace, "n", 0)
}
