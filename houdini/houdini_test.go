package houdini_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/whoopverify/whoop/houdini"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

func run(t testing.TB, b *Builder, opts houdini.Options) *houdini.Result {
	t.Helper()
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	res, err := houdini.Run(context.Background(), b.Prog, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete {
		t.Fatalf("incomplete: %s", res.Reason)
	}
	return res
}

func kept(res *houdini.Result, specs ...*ir.Spec) string {
	var s []string
	for _, sp := range specs {
		if res.Kept[sp.ID] {
			s = append(s, fmt.Sprintf("#%d", sp.ID))
		}
	}
	return strings.Join(s, " ")
}

// The counting loop with candidate invariants.
func TestLoopInvariants(t *testing.T) {
	b := New()
	f := b.Func("count", "n")
	n := f.P("n")
	i := f.Local("i", ir.Int)
	head, body, exit := f.Block("head"), f.Block("body"), f.Block("exit")
	f.Requires(B(n, ">=", I(0)), false)
	f.Assign(i, I(0))
	f.Goto(head)
	le := f.Invariant(head, B(i, "<=", n), true)
	ge := f.Invariant(head, B(i, ">=", I(0)), true)
	zero := f.Invariant(head, B(i, "==", I(0)), true)
	lt := f.Invariant(head, B(i, "<", n), true)
	f.At(head).If(B(i, "<", n), body, exit)
	f.At(body).Assign(i, B(i, "+", I(1)))
	f.Goto(head)
	f.At(exit).Assert(B(i, "==", n), "")
	f.Return(i)
	res := run(t, b, houdini.Options{})
	if got := kept(res, le, ge, zero, lt); got != fmt.Sprintf("#%d #%d", le.ID, ge.ID) {
		t.Errorf("kept %s; refuted %v", got, res.Refuted)
	}
	if !strings.Contains(res.Refuted[lt.ID], "count at t.c:") {
		t.Errorf("refuted %v", res.Refuted)
	}
	houdini.Apply(b.Prog, res)
	if len(head.Invariants) != 2 || head.Invariants[0] != le || le.Candidate || head.Invariants[1] != ge {
		t.Fatalf("after Apply: %v", head.Invariants)
	}
	// The kept invariants now prove the assertion.
	p, _ := vc.NewProver(z3.Config{})
	outs, err := p.Check(context.Background(), b.Prog, f.Function, vc.CheckAll())
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != vc.Proved {
			t.Errorf("%v: %s", o.Obligation, o.Status)
		}
	}
}

// Summaries across calls: a dropped ensures of the callee refutes the
// caller's candidate that relied on it.
func TestCallChain(t *testing.T) {
	b := New()
	g := b.Ghost("g", ir.Int)
	leaf := b.Func("leaf")
	leaf.Modifies(g)
	leafPos := leaf.Ensures(B(g, ">", I(0)), true)
	leafOne := leaf.Ensures(B(g, "==", I(1)), true)
	leafTwo := leaf.Ensures(B(g, "==", I(2)), true)
	leaf.Assign(g, I(2))
	leaf.Return(I(0))
	mid := b.Func("mid")
	mid.Modifies(g)
	midPos := mid.Ensures(B(g, ">", I(0)), true)
	midTwo := mid.Ensures(B(g, "==", I(2)), true)
	midThree := mid.Ensures(B(g, "==", I(3)), true)
	mid.Call(nil, leaf)
	mid.Return(I(0))
	top := b.Func("top", "x")
	top.Modifies(g)
	reqX := top.Requires(B(top.P("x"), ">", I(0)), true)
	topPos := top.Ensures(B(g, ">=", top.P("x")), true)
	top.Call(nil, mid)
	top.Return(I(0))
	caller := b.Func("caller")
	caller.Modifies(g)
	caller.Call(nil, top, I(5))
	caller.Return(I(0))
	res := run(t, b, houdini.Options{})
	all := []*ir.Spec{leafPos, leafOne, leafTwo, midPos, midTwo, midThree, reqX, topPos}
	want := kept(&houdini.Result{Kept: map[int]bool{leafPos.ID: true, leafTwo.ID: true, midPos.ID: true, midTwo.ID: true, reqX.ID: true}}, all...)
	if got := kept(res, all...); got != want {
		t.Errorf("kept %s, want %s; refuted %v", got, want, res.Refuted)
	}
	// Inlining leaf into mid gives the same summaries of mid.
	res = run(t, b, houdini.Options{Inline: func(f *ir.Function, _ int) bool { return f == leaf.Function }})
	if got := kept(res, all...); got != want {
		t.Errorf("inlined: kept %s, want %s", got, want)
	}
}

func TestNonCandidateFailureIsAnError(t *testing.T) {
	b := New()
	f := b.Func("f", "x")
	f.Ensures(B(f.Ret, ">", I(0)), false)
	f.Return(f.P("x"))
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	_, err := houdini.Run(context.Background(), b.Prog, houdini.Options{})
	if !errors.Is(err, houdini.ErrNotConsistent) || !strings.Contains(err.Error(), "spec #1") {
		t.Fatalf("err = %v", err)
	}
}

func TestIncompleteOnBudget(t *testing.T) {
	b := New()
	f := b.Func("php")
	const n = 12
	var all []*ir.Var
	p := make([][]*ir.Var, n+1)
	for i := range p {
		for j := 0; j < n; j++ {
			p[i] = append(p[i], f.Local(fmt.Sprintf("p%d_%d", i, j), ir.Bool))
		}
		all = append(all, p[i]...)
	}
	f.Havoc(all...)
	for i := range p {
		var some []ir.Expr
		for _, v := range p[i] {
			some = append(some, v)
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
	f.Ensures(B(f.Ret, "==", I(1)), true) // holds only because the body is infeasible
	f.Return(I(0))
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	res, err := houdini.Run(context.Background(), b.Prog, houdini.Options{Budget: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Kept != nil || res.Reason == "" {
		t.Errorf("budget: got %+v", res)
	}
	// A check's own limit gives the function up: the result is complete
	// and keeps nothing the function would have to establish.
	for _, opts := range []houdini.Options{
		{CheckTimeout: 300 * time.Millisecond, Workers: 2},
		{FunctionRlimit: 10000},
	} {
		res, err := houdini.Run(context.Background(), b.Prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Complete || len(res.Kept) != 0 || len(res.GaveUp) != 1 || res.GaveUp[0] != f.Function.Name {
			t.Errorf("%+v: got %+v", opts, res)
		}
		// Everything the one function spent is counted as given up.
		if res.GaveUpUnits == 0 || res.GaveUpUnits != res.Units {
			t.Errorf("%+v: %d units, %d given up; want all given up", opts, res.Units, res.GaveUpUnits)
		}
		if opts.FunctionRlimit > 0 && res.Units < opts.FunctionRlimit {
			t.Errorf("given up at %d units, under the budget %d", res.Units, opts.FunctionRlimit)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = houdini.Run(ctx, b.Prog, houdini.Options{})
	if err != nil || res.Complete || res.Reason != "canceled" {
		t.Errorf("canceled: %+v, %v", res, err)
	}
	houdini.Apply(b.Prog, &houdini.Result{})
	if len(f.Function.Ensures) != 0 {
		t.Errorf("incomplete Apply kept %v", f.Function.Ensures)
	}
}

// cascade builds 20 procedures over ghosts x0..x9: p0 sets x_j := j%2 and
// p_k calls p_{k-1} and rotates the ghosts by one. Each has the candidate
// ensures x_j == 0 for every j: half die, one procedure per round.
func cascade() (*Builder, []*ir.Spec) {
	const procs, slots = 20, 10
	b := New()
	xs := make([]*ir.Var, slots)
	for j := range xs {
		xs[j] = b.Ghost(fmt.Sprintf("x%d", j), ir.Int)
	}
	var cands []*ir.Spec
	var prev *Func
	for k := 0; k < procs; k++ {
		f := b.Func(fmt.Sprintf("p%d", k))
		f.Modifies(xs...)
		if prev == nil {
			for j, x := range xs {
				f.Assign(x, I(int64(j%2)))
			}
		} else {
			f.Call(nil, prev)
			tmp := f.Local("tmp", ir.Int)
			f.Assign(tmp, xs[slots-1])
			for j := slots - 1; j > 0; j-- {
				f.Assign(xs[j], xs[j-1])
			}
			f.Assign(xs[0], tmp)
		}
		f.Return(I(0))
		for _, x := range xs {
			cands = append(cands, f.Ensures(B(x, "==", I(0)), true))
		}
		prev = f
	}
	return b, cands
}

func TestCascadeAndWorkers(t *testing.T) {
	b, cands := cascade()
	res1 := run(t, b, houdini.Options{Workers: 1})
	res2 := run(t, b, houdini.Options{Workers: 2})
	if len(res1.Kept) != 100 {
		t.Errorf("kept %d, want 100", len(res1.Kept))
	}
	for k := 0; k < 20; k++ {
		for j := 0; j < 10; j++ {
			want := (j+20-k)%10%2 == 0 // p_k's x_j comes from p0's x_{j-k}
			if got := res1.Kept[cands[10*k+j].ID]; got != want {
				t.Errorf("p%d x%d: kept %v, want %v", k, j, got, want)
			}
		}
	}
	if !equalKept(res1.Kept, res2.Kept) {
		t.Errorf("Workers 1 and 2 differ")
	}
	if res1.Units == 0 || res1.GaveUpUnits != 0 || res2.GaveUpUnits != 0 {
		t.Errorf("units %d, given up %d (2 workers: %d); want some, none given up", res1.Units, res1.GaveUpUnits, res2.GaveUpUnits)
	}
	// On solver threads: more workers than threads must neither deadlock
	// nor change the result.
	for _, n := range []int{1, 2} {
		th := z3.StartThreads(n, z3.ThreadsConfig{})
		res := run(t, b, houdini.Options{Workers: 3, Threads: th})
		th.Close()
		if !equalKept(res1.Kept, res.Kept) {
			t.Errorf("3 workers on %d threads differ from 1 worker", n)
		}
	}
	if res1.Rounds < 20 {
		t.Errorf("rounds %d: the cascade needs one round per procedure", res1.Rounds)
	}
	t.Logf("rounds %d checks %d units %d (2 workers: %d, %d, %d)", res1.Rounds, res1.Checks, res1.Units, res2.Rounds, res2.Checks, res2.Units)
}

func equalKept(a, b map[int]bool) bool {
	ka, kb := keys(a), keys(b)
	return slices.Equal(ka, kb)
}

func keys(m map[int]bool) []int {
	var ks []int
	for k, v := range m {
		if v {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

func BenchmarkCascade200(b *testing.B) {
	bld, _ := cascade()
	if err := bld.Done(); err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for b.Loop() {
				res, err := houdini.Run(context.Background(), bld.Prog, houdini.Options{Workers: workers})
				if err != nil || !res.Complete || len(res.Kept) != 100 {
					b.Fatal(err, res)
				}
			}
		})
	}
}

// wide builds 20 independent procedures, each with a loop whose 10
// candidate invariants x_j == 0 die one per check (x_0 := 1 and the loop
// shifts x_j := x_{j-1}), except in every other procedure where x_0 stays
// 0 and all survive.
func wide() *Builder {
	b := New()
	for k := 0; k < 20; k++ {
		f := b.Func(fmt.Sprintf("w%d", k), "n")
		xs := make([]*ir.Var, 10)
		for j := range xs {
			xs[j] = f.Local(fmt.Sprintf("x%d", j), ir.Int)
			f.Assign(xs[j], I(0))
		}
		i := f.Local("i", ir.Int)
		f.Assign(i, I(0))
		head, body, exit := f.Block("head"), f.Block("body"), f.Block("exit")
		f.Goto(head)
		for _, x := range xs {
			f.Invariant(head, B(x, "==", I(0)), true)
		}
		f.At(head).If(B(i, "<", f.P("n")), body, exit)
		f.At(body)
		for j := len(xs) - 1; j > 0; j-- {
			f.Assign(xs[j], xs[j-1])
		}
		f.Assign(xs[0], I(int64(k%2)))
		f.Assign(i, B(i, "+", I(1)))
		f.Goto(head)
		f.At(exit).Return(I(0))
	}
	return b
}

func TestWide(t *testing.T) {
	res1 := run(t, wide(), houdini.Options{Workers: 1})
	res2 := run(t, wide(), houdini.Options{Workers: 2})
	if len(res1.Kept) != 100 || !equalKept(res1.Kept, res2.Kept) {
		t.Errorf("kept %d and %d", len(res1.Kept), len(res2.Kept))
	}
	if res1.Rounds != 1 || res1.Checks != 10*11+10 {
		t.Errorf("rounds %d checks %d", res1.Rounds, res1.Checks)
	}
}

func BenchmarkWide200(b *testing.B) {
	bld := wide()
	if err := bld.Done(); err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for b.Loop() {
				res, err := houdini.Run(context.Background(), bld.Prog, houdini.Options{Workers: workers})
				if err != nil || !res.Complete || len(res.Kept) != 100 {
					b.Fatal(err, res)
				}
			}
		})
	}
}

// TestNoCandidateNoCheck: with TrustFacts, a procedure in which no
// candidate is assumed or checked is not sent to Z3 (its obligations are
// facts by construction); the one next to it, with candidates, is, with the
// usual result.
func TestNoCandidateNoCheck(t *testing.T) {
	b := New()
	plain := b.Func("plain", "n")
	i := plain.Local("i", ir.Int)
	plain.Assign(i, I(0))
	head, body, exit := plain.Block("head"), plain.Block("body"), plain.Block("exit")
	plain.Goto(head)
	plain.Invariant(head, B(i, ">=", I(0)), false) // not a candidate
	plain.At(head).If(B(i, "<", plain.P("n")), body, exit)
	plain.At(body).Assign(i, B(i, "+", I(1)))
	plain.Goto(head)
	plain.At(exit).Return(I(0))

	cand := b.Func("cand", "n")
	x := cand.Local("x", ir.Int)
	cand.Assign(x, I(0))
	head, body, exit = cand.Block("head"), cand.Block("body"), cand.Block("exit")
	cand.Goto(head)
	good := cand.Invariant(head, B(x, "==", I(0)), true)
	bad := cand.Invariant(head, B(x, "<", I(0)), true)
	cand.At(head).If(B(x, "<", cand.P("n")), body, exit)
	cand.At(body).Goto(head)
	cand.At(exit).Return(I(0))

	if res := run(t, b, houdini.Options{Workers: 1}); res.Checks != 3 {
		t.Errorf("checks %d without TrustFacts, want 3 (one for plain)", res.Checks)
	}
	res := run(t, b, houdini.Options{Workers: 1, TrustFacts: true})
	if got, want := kept(res, good, bad), kept(&houdini.Result{Kept: map[int]bool{good.ID: true}}, good); got != want {
		t.Errorf("kept %q, want %q", got, want)
	}
	// cand: one model drops bad, one unsat check confirms good; plain: none.
	if res.Checks != 2 {
		t.Errorf("checks %d, want 2 (none for plain)", res.Checks)
	}
}

// A function whose formula is larger than MaxStatements is given up
// without a check: its candidates are dropped (sound, less precise) and it
// is named in GaveUp; a bound it fits keeps the result unchanged.
func TestMaxStatementsGivesUp(t *testing.T) {
	build := func() (*Builder, *ir.Spec) {
		b := New()
		return b, loopFunc(b, "cand", 1) // three statements in all
	}
	b, good := build()
	res := run(t, b, houdini.Options{Workers: 1, TrustFacts: true, MaxStatements: 100})
	if !res.Kept[good.ID] || len(res.GaveUp) != 0 || res.Checks != 1 {
		t.Errorf("within the bound: kept %v, gave up %v, %d checks; want the invariant kept after 1 check", res.Kept, res.GaveUp, res.Checks)
	}
	b, good = build()
	res = run(t, b, houdini.Options{Workers: 1, TrustFacts: true, MaxStatements: 2})
	if res.Kept[good.ID] || !slices.Equal(res.GaveUp, []string{"cand"}) || res.Checks != 0 {
		t.Errorf("over the bound: kept %v, gave up %v, %d checks; want nothing kept, cand given up, no check", res.Kept, res.GaveUp, res.Checks)
	}
}

// Past MaxTotalStatements, what all checked functions encode together, the
// largest functions are given up first, whatever the number of workers:
// small (3 statements) is kept and checked, large (5) given up.
func TestMaxTotalStatementsGivesUpLargest(t *testing.T) {
	build := func() (*Builder, *ir.Spec, *ir.Spec) {
		b := New()
		large := loopFunc(b, "large", 3)
		small := loopFunc(b, "small", 1)
		return b, small, large
	}
	for _, workers := range []int{1, 2} {
		b, small, large := build()
		res := run(t, b, houdini.Options{Workers: workers, TrustFacts: true, MaxTotalStatements: 6})
		if !res.Kept[small.ID] || res.Kept[large.ID] || !slices.Equal(res.GaveUp, []string{"large"}) {
			t.Errorf("workers %d: kept %v, gave up %v; want small's invariant kept, large given up", workers, res.Kept, res.GaveUp)
		}
		if why := res.Refuted[large.ID]; !strings.Contains(why, "past the 6 summary inference encodes for one program") {
			t.Errorf("workers %d: large's invariant refuted as %q, want the total bound named", workers, why)
		}
		b, small, large = build()
		res = run(t, b, houdini.Options{Workers: workers, TrustFacts: true, MaxTotalStatements: 100})
		if !res.Kept[small.ID] || !res.Kept[large.ID] || len(res.GaveUp) != 0 {
			t.Errorf("workers %d, within the total: kept %v, gave up %v; want both kept", workers, res.Kept, res.GaveUp)
		}
	}
}

// loopFunc adds a function name(n) of 2+extra statements with a loop whose
// header has the candidate invariant x == 0 (true), and returns it.
func loopFunc(b *Builder, name string, extra int) *ir.Spec {
	f := b.Func(name, "n")
	x, y := f.Local("x", ir.Int), f.Local("y", ir.Int)
	f.Assign(x, I(0))
	for i := 0; i < extra; i++ {
		f.Assign(y, I(int64(i)))
	}
	head, body, exit := f.Block("head"), f.Block("body"), f.Block("exit")
	f.Goto(head)
	inv := f.Invariant(head, B(x, "==", I(0)), true)
	f.At(head).If(B(x, "<", f.P("n")), body, exit)
	f.At(body).Assign(y, B(y, "+", I(1)))
	f.Goto(head)
	f.At(exit).Return(I(0))
	return inv
}

// deadRecordProgram is a loop whose candidate invariants are about ghost
// g, followed by a branch that, with writes, sets ghost rec to n on one
// side and 0 on the other; nothing reads rec.
func deadRecordProgram(writes bool) (*Builder, []*ir.Spec) {
	b := New()
	g, rec := b.Ghost("g", ir.Int), b.Ghost("rec", ir.Int)
	f := b.Func("f", "n")
	f.Modifies(g, rec)
	n := f.P("n")
	i := f.Local("i", ir.Int)
	head, body, exit := f.Block("head"), f.Block("body"), f.Block("exit")
	one, other, end := f.Block("one"), f.Block("other"), f.Block("end")
	f.Assign(i, I(0))
	f.Assign(g, I(0))
	f.Goto(head)
	specs := []*ir.Spec{
		f.Invariant(head, B(g, "==", I(0)), true),
		f.Invariant(head, B(g, "==", i), true),
		f.Invariant(head, B(i, ">=", I(0)), true),
	}
	f.At(head).If(B(i, "<", n), body, exit)
	f.At(body).Assign(i, B(i, "+", I(1)))
	f.Goto(head)
	f.At(exit).If(B(i, ">", n), one, other)
	f.At(one)
	if writes {
		f.Assign(rec, n)
	}
	f.Goto(end)
	f.At(other)
	if writes {
		f.Assign(rec, I(0))
	}
	f.Goto(end)
	f.At(end).Assert(B(g, "==", I(0)), "")
	f.Return(I(0))
	return b, specs
}

// Houdini's formulas leave out what merges a ghost nothing reads
// afterwards (vc.EncodeConfig.DeadGhosts): writes of such a ghost cost
// nothing, the same checks and the same resource units as without them.
func TestDeadGhostWritesFree(t *testing.T) {
	var units []uint64
	var checks []int
	for _, writes := range []bool{false, true} {
		b, specs := deadRecordProgram(writes)
		res := run(t, b, houdini.Options{})
		if got, want := kept(res, specs...), fmt.Sprintf("#%d #%d", specs[0].ID, specs[2].ID); got != want {
			t.Errorf("writes %v: kept %s, want %s; refuted %v", writes, got, want, res.Refuted)
		}
		units, checks = append(units, res.Units), append(checks, res.Checks)
	}
	if units[0] != units[1] || checks[0] != checks[1] {
		t.Errorf("without the writes %d checks, %d units; with them %d, %d: want the same", checks[0], units[0], checks[1], units[1])
	}
}
