//go:build cgo

package z3

import (
	"context"
	"runtime"
	"testing"
)

// BenchmarkMkAnd: And of two existing terms (hash-consed in Z3), so the
// cost is the cgo crossing, error check, inc_ref, Go allocation and
// cleanup registration, plus the queued dec_ref later.
func BenchmarkMkAnd(b *testing.B) {
	c := newCtx(b, Config{})
	p, q := c.Const("p", c.BoolSort()), c.Const("q", c.BoolSort())
	b.ReportAllocs()
	for b.Loop() {
		c.And(p, q)
	}
	if err := c.Err(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkMkAndN: And of 8 existing terms (argument buffer path).
func BenchmarkMkAndN(b *testing.B) {
	c := newCtx(b, Config{})
	xs := make([]*Expr, 8)
	for i := range xs {
		xs[i] = c.FreshConst("p", c.BoolSort())
	}
	for b.Loop() {
		c.And(xs...)
	}
}

// BenchmarkMkIntNew: a new numeral each time (a new Z3 node to allocate
// and later free).
func BenchmarkMkIntNew(b *testing.B) {
	c := newCtx(b, Config{})
	i := int64(0)
	for b.Loop() {
		c.Int(i)
		i++
	}
}

func BenchmarkNewContext(b *testing.B) {
	for b.Loop() {
		c, err := NewContext(Config{})
		if err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkPushAssertCheckPop: one small incremental query.
func BenchmarkPushAssertCheckPop(b *testing.B) {
	c := newCtx(b, Config{})
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	s.Assert(c.Gt(x, c.Int(0)))
	f := c.Lt(x, c.Int(10))
	ctx := context.Background()
	for b.Loop() {
		s.Push()
		s.Assert(f)
		if r, _ := s.Check(ctx); r != Sat {
			b.Fatal(r)
		}
		s.Pop(1)
	}
}

// BenchmarkCheckWithCancelableCtx: a check in incremental mode with a
// cancellable ctx (the interrupt watcher is armed but never fires).
func BenchmarkCheckWithCancelableCtx(b *testing.B) {
	c := newCtx(b, Config{})
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	s.Push()
	s.Assert(c.Gt(x, c.Int(0)))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for b.Loop() {
		if r, _ := s.Check(ctx); r != Sat {
			b.Fatal(r)
		}
	}
}

func BenchmarkModelBool(b *testing.B) {
	c := newCtx(b, Config{})
	p, q := c.Const("p", c.BoolSort()), c.Const("q", c.BoolSort())
	s := check(b, c, Sat, c.Xor(p, q))
	m, err := s.Model()
	if err != nil {
		b.Fatal(err)
	}
	f := c.Or(p, q)
	for b.Loop() {
		if v, ok := m.Bool(f); !ok || !v {
			b.Fatal("p or q should be true")
		}
	}
}

// BenchmarkCloseDeepChain: Close with a 20k-deep chain still referenced
// (Z3_del_context alone takes ~20 s on this shape).
func BenchmarkCloseDeepChain(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		c, err := NewContext(Config{})
		if err != nil {
			b.Fatal(err)
		}
		_, chain := deepChain(c, 20000)
		b.StartTimer()
		c.Close()
		runtime.KeepAlive(chain)
	}
}

// BenchmarkMkIntSmall: small numerals come from the per-context cache.
func BenchmarkMkIntSmall(b *testing.B) {
	c := newCtx(b, Config{})
	i := int64(0)
	for b.Loop() {
		c.Int(i & 511)
		i++
	}
}

// BenchmarkCheckFresh: Check without Push or assumptions on the default
// solver, which runs Z3's non-incremental tactic solver every time.
func BenchmarkCheckFresh(b *testing.B) {
	c := newCtx(b, Config{})
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	s.Assert(c.Gt(x, c.Int(0)))
	for b.Loop() {
		if r, _ := s.Check(context.Background()); r != Sat {
			b.Fatal(r)
		}
	}
}

// BenchmarkCheckSimpleSolver: the same on NewSimpleSolver.
func BenchmarkCheckSimpleSolver(b *testing.B) {
	c := newCtx(b, Config{})
	x := c.Const("x", c.IntSort())
	s := c.NewSimpleSolver()
	s.Assert(c.Gt(x, c.Int(0)))
	for b.Loop() {
		if r, _ := s.Check(context.Background()); r != Sat {
			b.Fatal(r)
		}
	}
}
