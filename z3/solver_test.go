//go:build cgo

package z3

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSatUnsatPushPop(t *testing.T) {
	c := newCtx(t, Config{})
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	if err := s.Assert(c.Gt(x, c.Int(3))); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if r, err := s.Check(ctx); r != Sat || err != nil {
		t.Fatalf("Check = %v, %v; want sat", r, err)
	}
	s.Push()
	if s.NumScopes() != 1 {
		t.Errorf("NumScopes = %d, want 1", s.NumScopes())
	}
	s.Assert(c.Lt(x, c.Int(2)))
	if r, err := s.Check(ctx); r != Unsat || err != nil {
		t.Fatalf("Check in scope = %v, %v; want unsat", r, err)
	}
	if err := s.Pop(1); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Check(ctx); r != Sat {
		t.Fatalf("Check after Pop = %v; want sat", r)
	}
	if !strings.Contains(s.String(), "(assert (> x 3))") {
		t.Errorf("String = %q", s.String())
	}
	var perr *Error
	if err := s.Pop(3); !errors.As(err, &perr) || perr.Code != 2 {
		t.Errorf("Pop(3) without scopes = %v; want a Z3 error with code 2 (Z3_IOB)", err)
	}
	s.Assert(c.False())
	if r, _ := s.Check(ctx); r != Unsat {
		t.Fatal("want unsat after asserting false")
	}
	if _, err := s.Model(); err == nil {
		t.Error("Model after unsat should fail")
	} else if !errors.As(err, &perr) || perr.Code != 10 {
		t.Errorf("Model after unsat = %v; want code 10 (Z3_INVALID_USAGE)", err)
	}
	s.Reset()
	if r, _ := s.Check(ctx); r != Sat {
		t.Fatal("want sat after Reset")
	}
	ss := c.NewSimpleSolver()
	ss.Assert(c.Gt(x, c.Int(3)))
	if r, err := ss.Check(ctx); r != Sat || err != nil {
		t.Fatalf("simple solver: %v, %v", r, err)
	}
	ss.Assert(c.Lt(x, c.Int(3)))
	if r, err := ss.Check(ctx); r != Unsat || err != nil {
		t.Fatalf("simple solver: %v, %v; want unsat", r, err)
	}
	ss.Close()
	if Sat.String() != "sat" || Unsat.String() != "unsat" || Unknown.String() != "unknown" {
		t.Error("Result.String")
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestModelValues(t *testing.T) {
	c := newCtx(t, Config{})
	x, y := c.Const("x", c.IntSort()), c.Const("y", c.IntSort())
	p, q := c.Const("p", c.BoolSort()), c.Const("q", c.BoolSort())
	u := c.Const("u", c.BVSort(64))
	h := c.Const("h", c.IntSort())
	free := c.Const("free", c.IntSort())
	two63 := new(big.Int).Lsh(big.NewInt(1), 63)
	uWant := new(big.Int).Add(two63, big.NewInt(5))
	hWant, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	s := check(t, c, Sat,
		c.Eq(x, c.Int(-3)), c.Eq(y, c.Add(x, c.Int(10))),
		p, c.Not(q),
		c.Eq(u, c.BVBig(uWant, 64)),
		c.Eq(h, c.IntBig(hWant)))
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if v, ok := m.Int64(x); !ok || v != -3 {
		t.Errorf("x = %d, %v", v, ok)
	}
	if v, ok := m.Int64(y); !ok || v != 7 {
		t.Errorf("y = %d, %v", v, ok)
	}
	if v, ok := m.Int64(c.Mul(x, y)); !ok || v != -21 {
		t.Errorf("x*y = %d, %v", v, ok)
	}
	if v, ok := m.Bool(p); !ok || !v {
		t.Errorf("p = %v, %v", v, ok)
	}
	if v, ok := m.Bool(q); !ok || v {
		t.Errorf("q = %v, %v", v, ok)
	}
	if v, ok := m.Bool(c.Lt(x, y)); !ok || !v {
		t.Errorf("x<y = %v, %v", v, ok)
	}
	// A BV64 value at or above 2^63 does not fit an int64 but reads as big.
	if v, ok := m.Int64(u); ok {
		t.Errorf("Int64(u) = %d, want ok=false", v)
	}
	if v, ok := m.BigInt(u); !ok || v.Cmp(uWant) != 0 {
		t.Errorf("BigInt(u) = %v, %v; want %v", v, ok, uWant)
	}
	if v, ok := m.BigInt(h); !ok || v.Cmp(hWant) != 0 {
		t.Errorf("BigInt(h) = %v, %v; want %v", v, ok, hWant)
	}
	if v, ok := m.BigInt(x); !ok || v.Int64() != -3 {
		t.Errorf("BigInt(x) = %v, %v", v, ok)
	}
	// Not numerals / not Booleans.
	if _, ok := m.Int64(p); ok {
		t.Error("Int64 of a Bool should fail")
	}
	if _, ok := m.Bool(x); ok {
		t.Error("Bool of an Int should fail")
	}
	// Completion: a constant the model does not mention.
	if v, err := m.Eval(free, false); err != nil || v.String() != "free" {
		t.Errorf("Eval(free, false) = %v, %v", v, err)
	}
	if v, err := m.Eval(free, true); err != nil || v.String() != "0" {
		t.Errorf("Eval(free, true) = %v, %v", v, err)
	}
	if v, err := m.Eval(c.Add(x, y), false); err != nil || v.String() != "4" {
		t.Errorf("Eval(x+y) = %v, %v", v, err)
	}
	if !strings.Contains(m.String(), "x -> (- 3)") {
		t.Errorf("model text:\n%s", m)
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	m.Close()
	m.Close()
	if _, err := m.Eval(x, true); !errors.Is(err, ErrClosed) {
		t.Errorf("Eval after Close = %v", err)
	}
	if _, ok := m.Bool(p); ok {
		t.Error("Bool after Close should fail")
	}
}

func TestAssumptionsAndUnsatCore(t *testing.T) {
	c := newCtx(t, Config{})
	x, y := c.Const("x", c.IntSort()), c.Const("y", c.IntSort())
	a := make([]*Expr, 4)
	for i := range a {
		a[i] = c.FreshConst("a", c.BoolSort())
	}
	s := c.NewSolver()
	s.Assert(c.Implies(a[0], c.Gt(x, c.Int(10))))
	s.Assert(c.Implies(a[1], c.Lt(x, c.Int(5))))
	s.Assert(c.Implies(a[2], c.Gt(y, c.Int(0))))
	s.Assert(c.Implies(a[3], c.Lt(y, c.Int(100))))
	ctx := context.Background()
	r, err := s.CheckAssumptions(ctx, a...)
	if r != Unsat || err != nil {
		t.Fatalf("CheckAssumptions = %v, %v; want unsat", r, err)
	}
	core := s.UnsatCore()
	ids := make([]uint32, len(a))
	for i, e := range a {
		ids[i] = e.ID()
	}
	var coreIDs []uint32
	for _, e := range core {
		if !slices.Contains(ids, e.ID()) {
			t.Errorf("core literal %s is not an assumption", e)
		}
		coreIDs = append(coreIDs, e.ID())
	}
	// Only a0 and a1 conflict, so every unsat core contains both.
	if !slices.Contains(coreIDs, ids[0]) || !slices.Contains(coreIDs, ids[1]) {
		t.Errorf("core %v lacks a0 or a1", core)
	}
	if r, _ := s.CheckAssumptions(ctx, core...); r != Unsat {
		t.Errorf("the core itself is %v, want unsat", r)
	}
	// Negated assumptions and non-literal assumptions.
	if r, _ := s.CheckAssumptions(ctx, c.Not(a[0]), a[1], a[2], a[3]); r != Sat {
		t.Errorf("with ¬a0: %v, want sat", r)
	}
	if len(s.UnsatCore()) != 0 {
		t.Error("core after sat should be empty")
	}
	if r, _ := s.CheckAssumptions(ctx, c.Gt(x, c.Int(100)), a[1]); r != Unsat {
		t.Errorf("x>100 ∧ a1: %v, want unsat", r)
	}
	if got := len(s.UnsatCore()); got != 2 {
		t.Errorf("core size %d, want 2", got)
	}
	// Assumptions do not persist.
	if r, _ := s.Check(ctx); r != Sat {
		t.Errorf("plain Check after assumptions = %v", r)
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestSortMismatchIsAnError(t *testing.T) {
	c := newCtx(t, Config{})
	x, y := c.Const("x", c.IntSort()), c.Const("y", c.IntSort())
	bad := c.And(x, y)
	if bad.IsValid() || bad.String() != "<invalid>" {
		t.Fatalf("And(Int, Int) = %s, want invalid", bad)
	}
	var zerr *Error
	if err := c.Err(); !errors.As(err, &zerr) || zerr.Code != 12 || zerr.Op != "And" ||
		!strings.Contains(zerr.Msg, "Sort mismatch") {
		t.Fatalf("Err = %#v, want a Z3 sort mismatch from And", err)
	}
	first := c.Err()
	// Invalid inputs propagate; the first error is kept.
	if e := c.Not(bad); e.IsValid() {
		t.Error("Not(invalid) should be invalid")
	}
	c.Eq(x, c.True())
	if c.Err() != first {
		t.Errorf("Err changed to %v; want the first error kept", c.Err())
	}
	s := c.NewSolver()
	if err := s.Assert(bad); err == nil {
		t.Error("Assert(invalid) should fail")
	}
	if r, err := s.Check(context.Background()); r != Unknown || err != first {
		t.Errorf("Check with a pending error = %v, %v", r, err)
	}
	// The context keeps working after ClearErr.
	c.ClearErr()
	s.Assert(c.Gt(x, y))
	if r, err := s.Check(context.Background()); r != Sat || err != nil {
		t.Errorf("Check after ClearErr = %v, %v", r, err)
	}
	// Other misuse: nil and foreign expressions.
	c2 := newCtx(t, Config{})
	if e := c.Add(x, c2.Int(1)); e.IsValid() || c.Err() == nil ||
		!strings.Contains(c.Err().Error(), "another context") {
		t.Errorf("cross-context Add: %v, %v", e, c.Err())
	}
	c.ClearErr()
	if e := c.Not(nil); e.IsValid() || c.Err() == nil {
		t.Error("Not(nil) should fail")
	}
	c.ClearErr()
	if e := c.Const("bad\x00name", c.IntSort()); e.IsValid() || c.Err() == nil {
		t.Error("NUL in a name should fail")
	}
}

func TestTimeoutIsUnknown(t *testing.T) {
	c := newCtx(t, Config{})
	s := c.NewSolver()
	s.Assert(php(c, 12, 11))
	s.SetTimeout(200 * time.Millisecond)
	r, err := s.Check(context.Background())
	if r != Unknown || err != nil || s.ReasonUnknown() != "timeout" {
		t.Fatalf("PHP(12,11) with 200ms: %v, %v, %q; want unknown, timeout", r, err, s.ReasonUnknown())
	}
	// Config.Timeout is the default for new solvers.
	c2 := newCtx(t, Config{Timeout: 150 * time.Millisecond})
	s2 := c2.NewSolver()
	s2.Assert(php(c2, 12, 11))
	if r, err := s2.Check(context.Background()); r != Unknown || err != nil || s2.ReasonUnknown() != "timeout" {
		t.Fatalf("Config.Timeout: %v, %v, %q", r, err, s2.ReasonUnknown())
	}
	// The solver still answers easy questions.
	x := c.Const("x", c.IntSort())
	s.Reset()
	s.Assert(c.Eq(x, c.Int(1)))
	if r, _ := s.Check(context.Background()); r != Sat {
		t.Errorf("after timeout: %v", r)
	}
}

func TestRlimitIsUnknownCanceled(t *testing.T) {
	c := newCtx(t, Config{Rlimit: 200000})
	s := c.NewSolver()
	s.Assert(php(c, 12, 11))
	r, err := s.Check(context.Background())
	if r != Unknown || err != nil || s.ReasonUnknown() != "canceled" {
		t.Fatalf("rlimit: %v, %v, %q; want unknown, canceled", r, err, s.ReasonUnknown())
	}
	// Lifting the limit on an easy problem gives an answer.
	s2 := c.NewSolver()
	s2.SetRlimit(0)
	s2.Assert(php(c, 4, 3))
	if r, _ := s2.Check(context.Background()); r != Unsat {
		t.Errorf("PHP(4,3) = %v, want unsat", r)
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestInterruptFromAnotherGoroutine(t *testing.T) {
	c := newCtx(t, Config{})
	s := c.NewSolver()
	s.Assert(php(c, 12, 11)) // about 500 s without a limit
	done := make(chan struct{})
	go func() {
		time.Sleep(100 * time.Millisecond)
		// An interrupt before the check starts is not remembered, so repeat.
		for {
			c.Interrupt()
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	r, err := s.Check(context.Background())
	close(done)
	if r != Unknown || err != nil {
		t.Fatalf("interrupted Check = %v, %v", r, err)
	}
	if why := s.ReasonUnknown(); why != "interrupted" && why != "canceled" {
		t.Errorf("ReasonUnknown = %q", why)
	}
	assertUsable(t, c)
}

func TestContextCancellation(t *testing.T) {
	c := newCtx(t, Config{})
	s := c.NewSolver()
	s.Assert(php(c, 12, 11))
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	r, err := s.Check(ctx)
	if r != Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Check with a deadline = %v, %v", r, err)
	}
	assertUsable(t, c)

	// Already cancelled: no check at all.
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if r, err := s.CheckAssumptions(ctx2); r != Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("Check with a cancelled ctx = %v, %v", r, err)
	}
	// A live but uncancelled ctx does not disturb a normal check.
	ctx3, cancel3 := context.WithCancel(context.Background())
	defer cancel3()
	x := c.Const("x", c.IntSort())
	s2 := c.NewSolver()
	s2.Assert(c.Gt(x, c.Int(0)))
	if r, err := s2.Check(ctx3); r != Sat || err != nil {
		t.Fatalf("Check with a live ctx = %v, %v", r, err)
	}
}

func TestIdleInterruptIsForgotten(t *testing.T) {
	c := newCtx(t, Config{})
	c.Interrupt() // no check running: Z3 would keep it and fail Simplify
	assertUsable(t, c)
}

// assertUsable checks that simplification, evaluation and checks work.
func assertUsable(t testing.TB, c *Context) {
	t.Helper()
	simp(t, c, c.Add(c.Int(3), c.Int(4)), "7")
	x := c.Const("usable_x", c.IntSort())
	s := check(t, c, Sat, c.Eq(x, c.Int(5)))
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := m.Int64(x); !ok || v != 5 {
		t.Errorf("model value %d, %v", v, ok)
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

// RlimitCount grows with the work a check does, and a check bounded by
// SetRlimit(n) spends about n.
func TestRlimitCount(t *testing.T) {
	c := newCtx(t, Config{})
	s := c.NewSimpleSolver()
	s.Assert(php(c, 7, 6))
	before := s.RlimitCount()
	if r, _ := s.Check(context.Background()); r != Unsat {
		t.Fatalf("PHP(7,6) = %v, want unsat", r)
	}
	spent := s.RlimitCount() - before
	if spent == 0 {
		t.Fatal("RlimitCount did not grow over a check")
	}
	s2 := c.NewSimpleSolver()
	s2.Assert(php(c, 12, 11))
	s2.SetRlimit(spent)
	before = s2.RlimitCount()
	if r, _ := s2.Check(context.Background()); r != Unknown {
		t.Fatalf("PHP(12,11) within %d = %v, want unknown", spent, r)
	}
	if got := s2.RlimitCount() - before; got < spent/2 || got > 2*spent {
		t.Errorf("a check limited to %d spent %d", spent, got)
	}
}

// A tactic solver decides each check afresh: sat with a model of every
// assertion (also of variables its preprocessing eliminates), unsat once
// a contradicting unit is added, and cancellation still ends a check.
func TestTacticSolver(t *testing.T) {
	c := newCtx(t, Config{})
	x, y := c.Const("x", c.IntSort()), c.Const("y", c.IntSort())
	s := c.NewTacticSolver()
	defer s.Close()
	s.Assert(c.Gt(x, c.Int(3)))
	s.Assert(c.Lt(x, c.Int(5)))
	s.Assert(c.Eq(y, c.Add(x, c.Int(1))))
	ctx := context.Background()
	if r, err := s.Check(ctx); r != Sat || err != nil {
		t.Fatalf("Check = %v, %v; want sat", r, err)
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	xv, okX := m.Int64(x)
	yv, okY := m.Int64(y)
	m.Close()
	if !okX || !okY || xv != 4 || yv != 5 {
		t.Errorf("model x=%d (%v) y=%d (%v); want 4 and 5", xv, okX, yv, okY)
	}
	s.Assert(c.Not(c.Eq(y, c.Int(5))))
	if r, err := s.Check(ctx); r != Unsat || err != nil {
		t.Fatalf("Check with y != 5 = %v, %v; want unsat", r, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	fresh := c.NewTacticSolver()
	defer fresh.Close()
	if r, err := fresh.Check(cancelled); r != Unknown || err == nil {
		t.Errorf("Check of a cancelled context = %v, %v; want unknown and an error", r, err)
	}
}

// SetRelevancy reaches the SMT core and outlives later limit changes: on
// the same refutation the core does different work with relevancy off
// (a deterministic count), and answers the same.
func TestSetRelevancy(t *testing.T) {
	spent := func(level int) uint64 {
		c := newCtx(t, Config{}) // a context each: its counter and caches are its own
		s := c.NewSimpleSolver()
		defer s.Close()
		if level >= 0 {
			s.SetRelevancy(uint(level))
		}
		s.SetTimeout(time.Minute) // limits are set again: relevancy stays
		s.Assert(php(c, 7, 6))
		before := s.RlimitCount()
		if r, err := s.Check(context.Background()); r != Unsat || err != nil {
			t.Fatalf("PHP(7,6) with relevancy %d = %v, %v; want unsat", level, r, err)
		}
		return s.RlimitCount() - before
	}
	def, two, off := spent(-1), spent(2), spent(0)
	if def != two {
		t.Errorf("relevancy 2 spent %d, Z3's default %d: want the same (2 is the default)", two, def)
	}
	if off == def {
		t.Errorf("relevancy 0 spent %d, as much as the default: the parameter did not reach the core", off)
	}
}
