package lockset

import (
	"fmt"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// evalBool evaluates a Boolean spec under env (a variable's value, and its
// old value under the key with old true).
func evalBool(t *testing.T, e ir.Expr, env map[string]bool) bool {
	t.Helper()
	switch e := e.(type) {
	case *ir.BoolConst:
		return e.Val
	case *ir.Var:
		return env[e.Name]
	case *ir.Old:
		return env["old "+e.X.Name]
	case *ir.Unary:
		if e.Op == ir.OpNot {
			return !evalBool(t, e.X, env)
		}
	case *ir.Binary:
		x, y := evalBool(t, e.X, env), evalBool(t, e.Y, env)
		switch e.Op {
		case ir.OpLAnd:
			return x && y
		case ir.OpLOr:
			return x || y
		case ir.OpImplies:
			return !x || y
		case ir.OpEq:
			return x == y
		}
	}
	t.Fatalf("cannot evaluate %s", ir.ExprString(e))
	return false
}

// TestProjectBits: the specs that name a lock bit a pair leaves out are
// replaced by exactly what they say about the other variables.
func TestProjectBits(t *testing.T) {
	p := &ir.Program{}
	sel, h, b, c := p.NewVar("sel", ir.Bool), p.NewVar("held", ir.Bool), p.NewVar("sl", ir.Bool), p.NewVar("sl2", ir.Bool)
	newSel := ir.And(sel, ir.Not(&ir.Old{X: sel}))
	spec := func(e ir.Expr) *ir.Spec { return &ir.Spec{Kind: ir.Ensures, Cond: e} }
	bits := map[*ir.Var]bool{b: true, c: true}
	names := []string{"sel", "old sel", "held", "old held"}

	for _, tc := range []struct {
		name  string
		specs []*ir.Spec
		want  []func(env map[string]bool) bool // one per spec returned
	}{{
		// rtc-mc146818-lib.c: together, a new selection only when held at entry.
		name:  "held and as at entry",
		specs: []*ir.Spec{spec(ir.Implies(newSel, b)), spec(ir.Implies(newSel, ir.Eq(b, &ir.Old{X: h})))},
		want: []func(map[string]bool) bool{func(env map[string]bool) bool {
			return !(env["sel"] && !env["old sel"]) || env["old held"]
		}},
	}, {
		name:  "frame fact says nothing else",
		specs: []*ir.Spec{spec(ir.Implies(ir.Or(&ir.Old{X: sel}, ir.Not(sel)), ir.Eq(b, &ir.Old{X: b})))},
	}, {
		name: "unlinked groups stay apart",
		specs: []*ir.Spec{
			spec(ir.And(ir.Implies(newSel, b), ir.Implies(b, h))),
			spec(ir.Implies(c, ir.Not(h))), spec(c),
		},
		want: []func(map[string]bool) bool{
			func(env map[string]bool) bool { return !(env["sel"] && !env["old sel"]) || env["held"] },
			func(env map[string]bool) bool { return !env["held"] },
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := projectBits(tc.specs, bits)
			if len(got) != len(tc.want) {
				t.Fatalf("%d specs, want %d", len(got), len(tc.want))
			}
			for i, s := range got {
				ir.WalkExpr(s.Cond, func(x ir.Expr) {
					if v, ok := x.(*ir.Var); ok && bits[v] {
						t.Errorf("spec %d still names %s: %s", i, v.Name, ir.ExprString(s.Cond))
					}
				})
				for m := range 1 << len(names) {
					env := make(map[string]bool)
					for k, n := range names {
						env[n] = m&(1<<k) != 0
					}
					if g, w := evalBool(t, s.Cond, env), tc.want[i](env); g != w {
						t.Errorf("spec %d (%s) under %v: %v, want %v", i, ir.ExprString(s.Cond), env, g, w)
					}
				}
			}
		})
	}

	// A group naming more bits than maxProjected is dropped, not split.
	var many []*ir.Spec
	for i := range maxProjected + 1 {
		v := p.NewVar(fmt.Sprintf("b%d", i), ir.Bool)
		bits[v] = true
		many = append(many, spec(ir.Implies(v, b)))
	}
	if got := projectBits(many, bits); len(got) != 0 {
		t.Errorf("a group of %d bits gave %d specs, want none", maxProjected+2, len(got))
	}
}
