package vc_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

// pigeonhole builds a function whose assertion (false) holds only because
// n+1 pigeons do not fit in n holes: hard for any SAT solver.
func pigeonhole(n int) (*Builder, *Func) {
	b := New()
	f := b.Func("php")
	p := make([][]*ir.Var, n+1)
	var all []*ir.Var
	for i := range p {
		p[i] = make([]*ir.Var, n)
		for j := range p[i] {
			p[i][j] = f.Local(fmt.Sprintf("p%d_%d", i, j), ir.Bool)
			all = append(all, p[i][j])
		}
	}
	f.Havoc(all...)
	for i := range p {
		var some []ir.Expr
		for j := range p[i] {
			some = append(some, p[i][j])
		}
		f.Assume(ir.Or(some...))
	}
	for j := 0; j < n; j++ {
		for i := range p {
			for k := i + 1; k < len(p); k++ {
				f.Assume(Not(B(p[i][j], "&&", p[k][j])))
			}
		}
	}
	f.Assert(ir.False, "unreachable")
	f.Return(I(0))
	return b, f
}

func TestTimeoutGivesUnknown(t *testing.T) {
	b, f := pigeonhole(12)
	opts := vc.CheckAll()
	opts.Timeout = 200 * time.Millisecond
	outs := check(t, b, f, opts)
	if len(outs) != 1 || outs[0].Status != vc.Unknown || outs[0].Reason != "timeout" {
		t.Fatalf("got %s (%q)", verdicts(outs), outs[0].Reason)
	}
	// A context deadline does the same.
	p, _ := vc.NewProver(z3.Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	outs, err := p.Check(ctx, b.Prog, f.Function, vc.CheckAll())
	if err != nil {
		t.Fatal(err)
	}
	if outs[0].Status != vc.Unknown || outs[0].Reason != "timeout" {
		t.Fatalf("deadline: %s (%q)", verdicts(outs), outs[0].Reason)
	}
	// Small instances are decided: the assertion holds.
	b, f = pigeonhole(4)
	if got := verdicts(check(t, b, f, vc.CheckAll())); got != "assert#1@48:proved" {
		t.Errorf("php(4): %s", got)
	}
}

// Nonlinear arithmetic: Z3 may give up; it must never give a wrong verdict.
func TestNonlinearNeverWrong(t *testing.T) {
	b := New()
	f := b.Func("fermat")
	x, y, z := f.Local("x", ir.Int), f.Local("y", ir.Int), f.Local("z", ir.Int)
	f.Havoc(x, y, z)
	f.Assume(B(B(x, ">", I(0)), "&&", B(B(y, ">", I(0)), "&&", B(z, ">", I(0)))))
	cube := func(v ir.Expr) ir.Expr { return B(B(v, "*", v), "*", v) }
	f.Assert(B(B(cube(x), "+", cube(y)), "!=", cube(z)), "x^3 + y^3 != z^3")
	f.Return(I(0))
	opts := vc.CheckAll()
	opts.Timeout = 300 * time.Millisecond
	outs := check(t, b, f, opts)
	if len(outs) != 1 || outs[0].Status == vc.Failed {
		t.Fatalf("got %s", verdicts(outs))
	}
}

// failingProgram has several failing assertions on different paths.
func failingProgram() (*Builder, *Func) {
	b := New()
	g := b.Ghost("g", ir.Int)
	f := b.Func("f", "x", "y")
	f.Modifies(g)
	x, y := f.P("x"), f.P("y")
	t1, e1, j := f.Block("then"), f.Block("else"), f.Block("join")
	f.If(B(x, ">", y), t1, e1)
	f.At(t1).Assign(g, B(x, "-", y))
	f.Assert(B(g, ">", I(1)), "")
	f.Goto(j)
	f.At(e1).Assign(g, B(y, "-", x))
	f.Assert(B(g, ">", I(0)), "")
	f.Goto(j)
	f.At(j).Assert(B(g, "<", I(100)), "")
	f.Assert(B(B(x, "+", y), "!=", I(17)), "")
	f.Return(g)
	return b, f
}

func TestDeterministic(t *testing.T) {
	run := func() string {
		b, f := failingProgram()
		outs := check(t, b, f, vc.CheckAll())
		s := verdicts(outs) + "\n"
		for _, o := range outs {
			s += o.Trace.String()
		}
		return s
	}
	first := run()
	if first == "" {
		t.Fatal("empty")
	}
	for i := 0; i < 5; i++ {
		runtime.GC()
		if got := run(); got != first {
			t.Fatalf("run %d differs:\n%s\nfirst:\n%s", i, got, first)
		}
	}
	want := "assert#1@4:failed assert#2@7:failed assert#3@9:failed assert#4@10:failed"
	if got := first[:len(want)]; got != want {
		t.Errorf("got %s", first)
	}
}

func TestCancelled(t *testing.T) {
	b, f := failingProgram()
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	p, _ := vc.NewProver(z3.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	outs, err := p.Check(ctx, b.Prog, f.Function, vc.CheckAll())
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != vc.Unknown || o.Reason != "canceled" {
			t.Errorf("%v: %s %q", o.Obligation, o.Status, o.Reason)
		}
	}
}

func TestMalformedInputIsAnError(t *testing.T) {
	b := New()
	other := b.Func("other")
	ov := other.Local("v", ir.Int)
	other.Return(I(0))
	f := b.Func("f")
	f.Return(ov) // another function's variable
	p, _ := vc.NewProver(z3.Config{})
	_, err := p.Check(context.Background(), b.Prog, f.Function, vc.CheckAll())
	if err == nil {
		t.Fatal("no error")
	}
	ext := b.Extern("ext")
	if _, err := p.Check(context.Background(), b.Prog, ext.Function, vc.CheckAll()); err == nil {
		t.Error("checking an external function: no error")
	}
}

func TestKindMismatchIsAnError(t *testing.T) {
	b := New()
	f := b.Func("f")
	flag := f.Local("flag", ir.Bool)
	f.Assign(flag, I(1))
	f.Return(I(0))
	p, _ := vc.NewProver(z3.Config{})
	_, err := p.Check(context.Background(), b.Prog, f.Function, vc.CheckAll())
	if err == nil || !strings.Contains(err.Error(), "assigns a int to bool flag") {
		t.Fatalf("err = %v", err)
	}
}

// A closed EncodeConfig.Done stops a long encoding: Encode returns
// ErrCanceled instead of finishing a formula no one waits for (a pair
// program past its file's deadline). A short one still finishes.
func TestEncodeCanceled(t *testing.T) {
	b := New()
	f := b.Func("f", "p")
	p := f.P("p")
	x := f.Local("x", ir.Int)
	for i := range 3000 {
		f.Assign(x, B(p, "+", I(int64(i))))
	}
	f.Return(x)
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	zc, err := z3.NewContext(z3.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	done := make(chan struct{})
	close(done)
	if _, err := vc.Encode(zc, b.Prog, f.Function, vc.CheckAll(), vc.EncodeConfig{Done: done}); !errors.Is(err, vc.ErrCanceled) {
		t.Errorf("3000 statements, Done closed: err = %v, want ErrCanceled", err)
	}
	if _, err := vc.Encode(zc, b.Prog, f.Function, vc.CheckAll(), vc.EncodeConfig{}); err != nil {
		t.Errorf("without Done: %v", err)
	}
}
