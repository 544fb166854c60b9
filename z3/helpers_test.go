//go:build cgo

package z3

import (
	"context"
	"testing"
)

func newCtx(t testing.TB, cfg Config) *Context {
	t.Helper()
	c, err := NewContext(cfg)
	if err != nil {
		t.Fatalf("NewContext: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// deepChain builds x+x+...+x, n additions deep, and returns the deepest
// term and every term of the chain (the caller keeps them referenced).
func deepChain(c *Context, n int) (*Expr, []*Expr) {
	x := c.Const("x", c.IntSort())
	chain := make([]*Expr, 0, n)
	acc := x
	for range n {
		acc = c.Add(acc, x)
		chain = append(chain, acc)
	}
	return acc, chain
}

// simp checks that e simplifies to the SMT-LIB2 text want.
func simp(t testing.TB, c *Context, e *Expr, want string) {
	t.Helper()
	if !e.IsValid() {
		t.Fatalf("invalid expression: %v", c.Err())
	}
	got := c.Simplify(e).String()
	if got != want {
		t.Errorf("Simplify(%s) = %s, want %s", e, got, want)
	}
	if err := c.Err(); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

// check asserts fs in a fresh solver and expects result want.
func check(t testing.TB, c *Context, want Result, fs ...*Expr) *Solver {
	t.Helper()
	s := c.NewSolver()
	for _, f := range fs {
		if err := s.Assert(f); err != nil {
			t.Fatalf("Assert(%s): %v", f, err)
		}
	}
	r, err := s.Check(context.Background())
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	if r != want {
		t.Fatalf("Check = %v, want %v; assertions:\n%s", r, want, s)
	}
	return s
}

// php is the pigeonhole formula for pigeons in holes: unsat when
// pigeons > holes, and hard for resolution-based solvers.
func php(c *Context, pigeons, holes int) *Expr {
	var clauses []*Expr
	in := make([][]*Expr, pigeons)
	for i := range in {
		in[i] = make([]*Expr, holes)
		for h := range in[i] {
			in[i][h] = c.FreshConst("p", c.BoolSort())
		}
		clauses = append(clauses, c.Or(in[i]...))
	}
	for h := 0; h < holes; h++ {
		for i := 0; i < pigeons; i++ {
			for j := i + 1; j < pigeons; j++ {
				clauses = append(clauses, c.Or(c.Not(in[i][h]), c.Not(in[j][h])))
			}
		}
	}
	return c.And(clauses...)
}
