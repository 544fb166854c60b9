//go:build cgo

package z3

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// The cascade problem (z3-notes §3): k slots, four candidate families per
// slot, 4k candidates. Transition (primed = post-state):
//
//	x0' = x0 + 1
//	xj' = ite(x(j-1) = 0, xj, xj + 1)      j ≥ 1
//	bj' = (xj = 0) ∧ bj
//	zj' = ite(bj, zj, zj + 2)
//	wj' = ite(bj, wj, wj + 1)
//
// Candidates per slot: A xj = 0, B xj ≥ 0, C bj, D zj = 2wj.
// By construction the largest inductive subset is {Bj, Dj}: A0 is never
// preserved, Aj needs A(j-1), Cj needs Aj, while B and D are preserved by
// every branch. Houdini keeps exactly that set; Aj cannot fall before round
// j+1 and Cj only after Aj, so it needs at least k+2 checks.
type houdini struct {
	c                 *Context
	s                 *Solver
	act, notAct, post []*Expr
	d                 *Expr
}

const (
	famA = iota // x = 0
	famB        // x >= 0
	famC        // b
	famD        // z = 2w
	families
)

func buildCascade(c *Context, k int) *houdini {
	I, B := c.IntSort(), c.BoolSort()
	v := func(name string, j int, s *Sort) *Expr { return c.Const(fmt.Sprintf("%s%d", name, j), s) }
	h := &houdini{c: c, s: c.NewSolver()}
	var pre []*Expr
	for j := range k {
		x, x1 := v("x", j, I), v("x'", j, I)
		b, b1 := v("b", j, B), v("b'", j, B)
		z, z1 := v("z", j, I), v("z'", j, I)
		w, w1 := v("w", j, I), v("w'", j, I)
		if j == 0 {
			h.s.Assert(c.Eq(x1, c.Add(x, c.Int(1))))
		} else {
			h.s.Assert(c.Eq(x1, c.Ite(c.Eq(v("x", j-1, I), c.Int(0)), x, c.Add(x, c.Int(1)))))
		}
		h.s.Assert(c.Eq(b1, c.And(c.Eq(x, c.Int(0)), b)))
		h.s.Assert(c.Eq(z1, c.Ite(b, z, c.Add(z, c.Int(2)))))
		h.s.Assert(c.Eq(w1, c.Ite(b, w, c.Add(w, c.Int(1)))))
		two := c.Int(2)
		pre = append(pre, c.Eq(x, c.Int(0)), c.Ge(x, c.Int(0)), b, c.Eq(z, c.Mul(two, w)))
		h.post = append(h.post, c.Eq(x1, c.Int(0)), c.Ge(x1, c.Int(0)), b1, c.Eq(z1, c.Mul(two, w1)))
	}
	h.d = c.Const("d", B)
	var falsified []*Expr
	for i := range pre {
		a := c.Const(fmt.Sprintf("act%d", i), B)
		h.act = append(h.act, a)
		h.notAct = append(h.notAct, c.Not(a))
		h.s.Assert(c.Implies(a, pre[i]))
		falsified = append(falsified, c.And(a, c.Not(h.post[i])))
	}
	h.s.Assert(c.Implies(h.d, c.Or(falsified...)))
	return h
}

// run is the assumption loop (A): one static formula; each round assumes
// act_i for alive candidates, ¬act_i for dropped ones, and d, then drops
// every alive candidate whose post is false in the model.
func (h *houdini) run(ctx context.Context) (alive []bool, checks int, err error) {
	if err := h.c.Err(); err != nil {
		return nil, 0, err
	}
	alive = make([]bool, len(h.act))
	for i := range alive {
		alive[i] = true
	}
	assume := make([]*Expr, 0, len(h.act)+1)
	for {
		assume = assume[:0]
		for i, a := range alive {
			if a {
				assume = append(assume, h.act[i])
			} else {
				assume = append(assume, h.notAct[i])
			}
		}
		r, err := h.s.CheckAssumptions(ctx, append(assume, h.d)...)
		checks++
		if err != nil {
			return nil, checks, err
		}
		if r == Unsat {
			return alive, checks, nil
		}
		if r != Sat {
			return nil, checks, fmt.Errorf("houdini: %v (%s)", r, h.s.ReasonUnknown())
		}
		m, err := h.s.Model()
		if err != nil {
			return nil, checks, err
		}
		dropped := 0
		for i := range alive {
			if alive[i] {
				if v, ok := m.Bool(h.post[i]); ok && !v {
					alive[i] = false
					dropped++
				}
			}
		}
		m.Close()
		if dropped == 0 {
			return nil, checks, fmt.Errorf("houdini: sat round dropped nothing")
		}
	}
}

// cascadeSurvivors is the expected result, by construction: B and D.
func cascadeSurvivors(k int) []bool {
	want := make([]bool, families*k)
	for j := range k {
		want[families*j+famB] = true
		want[families*j+famD] = true
	}
	return want
}

func TestHoudiniCascade(t *testing.T) {
	const k = 50
	c := newCtx(t, Config{})
	h := buildCascade(c, k)
	alive, checks, err := h.run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := cascadeSurvivors(k)
	if !slices.Equal(alive, want) {
		t.Errorf("survivors differ from {B_j, D_j}:\n got %v\nwant %v", alive, want)
	}
	n := 0
	for _, a := range alive {
		if a {
			n++
		}
	}
	if n != 2*k {
		t.Errorf("%d survivors, want %d", n, 2*k)
	}
	if checks < k+2 {
		t.Errorf("%d checks; the cascade needs at least %d", checks, k+2)
	}
	t.Logf("%d candidates, %d survivors, %d checks", len(alive), n, checks)
	// The surviving set is inductive: assuming it, no post can fail.
	var assume []*Expr
	for i, a := range alive {
		if a {
			assume = append(assume, h.act[i])
		} else {
			assume = append(assume, h.notAct[i])
		}
	}
	if r, _ := h.s.CheckAssumptions(context.Background(), append(assume, h.d)...); r != Unsat {
		t.Errorf("final set not inductive: %v", r)
	}
}

// BenchmarkHoudiniAssumptions: build the 200-candidate cascade in a fresh
// context and run the assumption loop to its fixpoint.
func BenchmarkHoudiniAssumptions(b *testing.B) {
	checks := 0
	for b.Loop() {
		c, err := NewContext(Config{})
		if err != nil {
			b.Fatal(err)
		}
		h := buildCascade(c, 50)
		_, n, err := h.run(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		checks = n
		c.Close()
	}
	b.ReportMetric(float64(checks), "checks/op")
}
