package vc_test

import (
	"testing"

	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
)

// twice asserts x > 0 twice, then an assertion that always holds.
func twice() (*Builder, *Func) {
	b := New()
	f := b.Func("twice", "x")
	x := f.P("x")
	f.Assert(B(x, ">", I(0)), "first")
	f.Assert(B(x, ">", I(0)), "second")
	f.Assert(B(B(x, "*", I(0)), "==", I(0)), "holds")
	f.Return(x)
	return b, f
}

// Boogie semantics assume a checked assertion, so the second copy is proved;
// with IndependentAsserts each assertion is a property of its own and both
// copies fail, while a true assertion stays proved.
func TestIndependentAsserts(t *testing.T) {
	b, f := twice()
	if got, want := verdicts(check(t, b, f, vc.CheckAll())), "assert#1@2:failed assert#2@3:proved assert#3@4:proved"; got != want {
		t.Errorf("default: %s, want %s", got, want)
	}
	b, f = twice()
	opts := vc.CheckAll()
	opts.IndependentAsserts = true
	outs := check(t, b, f, opts)
	if got, want := verdicts(outs), "assert#1@2:failed assert#2@3:failed assert#3@4:proved"; got != want {
		t.Errorf("independent: %s, want %s", got, want)
	}
	for _, o := range outs[:2] {
		v, ok := o.Trace.Value("x")
		if !ok || v.Int == nil || v.Int.Sign() > 0 {
			t.Errorf("trace of %d does not refute x > 0: %v\n%s", o.AssertID, v, o.Trace)
		}
	}
}

// Asserts selects the assertions encoded: one left out is neither checked
// nor assumed (assert#2 fails once assert#1, which it follows, is gone).
func TestAssertsFilter(t *testing.T) {
	b, f := twice()
	opts := vc.CheckAll()
	opts.Asserts = func(id int) bool { return id != 1 }
	if got, want := verdicts(check(t, b, f, opts)), "assert#2@3:failed assert#3@4:proved"; got != want {
		t.Errorf("without assert#1: %s, want %s", got, want)
	}
}

// Together is only a shortcut: the verdicts are those of the one-by-one
// loop, each failure has a trace that refutes its own assertion, and the
// result does not depend on the option. Fresh solvers per query (a
// tactic solver, assumptions asserted as units) decide the same, with
// traces as good.
func TestTogetherSameVerdicts(t *testing.T) {
	build := func() (*Builder, *Func) {
		b := New()
		f := b.Func("many", "x", "y")
		x, y := f.P("x"), f.P("y")
		f.Assert(B(x, "!=", I(3)), "a")
		f.Assert(B(y, "!=", I(4)), "b")
		f.Assert(B(B(x, "+", y), "!=", I(7)), "c")
		f.Assert(B(B(x, "-", x), "==", I(0)), "proved")
		f.Assert(B(x, "<", I(1000)), "d")
		f.Return(x)
		return b, f
	}
	modes := []struct{ together, fresh bool }{{false, false}, {true, false}, {false, true}, {true, true}}
	got := make([]string, len(modes))
	for i, m := range modes {
		together := m
		b, f := build()
		opts := vc.CheckAll()
		opts.IndependentAsserts = true
		opts.Together, opts.Fresh = m.together, m.fresh
		outs := check(t, b, f, opts)
		got[i] = verdicts(outs)
		for _, o := range outs {
			if o.Status != vc.Failed {
				continue
			}
			x, _ := o.Trace.Value("x")
			y, _ := o.Trace.Value("y")
			if x.Int == nil || y.Int == nil {
				t.Fatalf("mode %+v: trace of %d lacks x or y\n%s", together, o.AssertID, o.Trace)
			}
			xv, yv := x.Int.Int64(), y.Int.Int64()
			refutes := map[int]bool{1: xv == 3, 2: yv == 4, 3: xv+yv == 7, 5: xv >= 1000}
			if !refutes[o.AssertID] {
				t.Errorf("mode %+v: trace x=%d y=%d does not refute assert#%d", together, xv, yv, o.AssertID)
			}
		}
	}
	want := "assert#1@2:failed assert#2@3:failed assert#3@4:failed assert#4@5:proved assert#5@6:failed"
	for i, m := range modes {
		if got[i] != want {
			t.Errorf("together=%v fresh=%v: %s\nwant %s", m.together, m.fresh, got[i], want)
		}
	}
}

// Cost counts the solver checks a query made and the Z3 resource units
// they used, added across checks, for every way of checking (--stats
// prints the pair checks'). twice's two copies of x > 0 fail in one model
// and the true assertion is then proved: two checks. Together adds one
// before them: all three failing (unsat), then, the core dropping the true
// one, the two (sat); on fresh solvers its one query (all three failing:
// unsat) comes before the two.
func TestCostCounts(t *testing.T) {
	for _, m := range []struct {
		together, fresh bool
		queries         int
	}{{false, false, 2}, {true, false, 3}, {false, true, 2}, {true, true, 3}} {
		var cost vc.Cost
		for run := 1; run <= 2; run++ {
			b, f := twice()
			opts := vc.CheckAll()
			opts.IndependentAsserts = true
			opts.Together, opts.Fresh = m.together, m.fresh
			opts.Cost = &cost
			if got, want := verdicts(check(t, b, f, opts)), "assert#1@2:failed assert#2@3:failed assert#3@4:proved"; got != want {
				t.Fatalf("%+v: %s, want %s", m, got, want)
			}
			if cost.Queries != run*m.queries || cost.Units == 0 {
				t.Errorf("%+v, after %d checks: %d queries (want %d), %d units", m, run, cost.Queries, run*m.queries, cost.Units)
			}
		}
	}
}
