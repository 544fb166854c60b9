package frontend

import (
	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// branch lowers the controlling expression n: control continues at t when
// n is non-zero, at e otherwise. && and || short-circuit as control flow.
func (f *fnBuilder) branch(n cc.ExpressionNode, t, e *ir.Block) {
	pos := posOf(n)
	if c, ok := constOf(n); ok {
		if c.Val != 0 {
			f.jump(t, pos)
		} else {
			f.jump(e, pos)
		}
		return
	}
	switch x := strip(n).(type) {
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionLAnd {
			mid := f.newBlock("and.rhs")
			f.branch(x.LogicalAndExpression, mid, e)
			f.cur = mid
			f.branch(x.InclusiveOrExpression, t, e)
			return
		}
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLOr {
			mid := f.newBlock("or.rhs")
			f.branch(x.LogicalOrExpression, t, mid)
			f.cur = mid
			f.branch(x.LogicalAndExpression, t, e)
			return
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionNot {
			f.branch(x.CastExpression, e, t)
			return
		}
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if l.ExpressionList == nil {
				f.branch(l.AssignmentExpression, t, e)
				return
			}
			f.effect(l.AssignmentExpression)
		}
	case *cc.PostfixExpression:
		// likely(c) and unlikely(c): __builtin_expect(!!(c), v).
		if x.Case == cc.PostfixExpressionCall && identName(x.PostfixExpression) == "__builtin_expect" {
			if as := args(x.ArgumentExpressionList); len(as) == 2 && as[1].Pure() {
				f.branch(as[0], t, e)
				return
			}
		}
	}
	c := f.boolExpr(n)
	if bc, ok := c.(*ir.BoolConst); ok {
		if bc.Val {
			f.jump(t, pos)
		} else {
			f.jump(e, pos)
		}
		return
	}
	f.terminate(&ir.If{Cond: c, Then: t, Else: e, P: pos})
}

var relOps = map[cc.RelationalExpressionCase]ir.Op{
	cc.RelationalExpressionLt: ir.OpLt, cc.RelationalExpressionGt: ir.OpGt,
	cc.RelationalExpressionLeq: ir.OpLe, cc.RelationalExpressionGeq: ir.OpGe,
}

// boolExpr lowers n to a Bool expression: comparisons directly, anything
// else as "n != 0". && and || are evaluated for their value first.
func (f *fnBuilder) boolExpr(n cc.ExpressionNode) ir.Expr {
	pos := posOf(n)
	if c, ok := constOf(n); ok {
		return &ir.BoolConst{Val: c.Val != 0}
	}
	switch x := strip(n).(type) {
	case *cc.RelationalExpression:
		if op, ok := relOps[x.Case]; ok {
			return f.compare(op, x.RelationalExpression, x.ShiftExpression, pos)
		}
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionEq:
			return f.compare(ir.OpEq, x.EqualityExpression, x.RelationalExpression, pos)
		case cc.EqualityExpressionNeq:
			return f.compare(ir.OpNe, x.EqualityExpression, x.RelationalExpression, pos)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionNot {
			return ir.Not(f.boolExpr(x.CastExpression))
		}
	}
	t := n.Type()
	v := f.rvalue(n)
	if isFloat(t) {
		return f.nondet(pos)
	}
	if v == nil {
		failf(pos, "void value used as a condition")
	}
	return intToBool(v)
}

// intToBool is v != 0, simplified for a value that is already 0 or 1 by
// a condition.
func intToBool(v ir.Expr) ir.Expr {
	if ite, ok := v.(*ir.Ite); ok {
		one, ok1 := ite.Then.(*ir.Const)
		zero, ok2 := ite.Else.(*ir.Const)
		if ok1 && ok2 && one.Val == 1 && zero.Val == 0 {
			return ite.Cond
		}
	}
	if c, ok := v.(*ir.Const); ok {
		return &ir.BoolConst{Val: c.Val != 0}
	}
	return ir.Bin(ir.OpNe, v, ir.IntConst(0))
}

func (f *fnBuilder) compare(op ir.Op, xn, yn cc.ExpressionNode, pos ir.Pos) ir.Expr {
	x := f.rvalue(xn)
	if f.mayAssignVars(yn) {
		x = f.stable(x, xn.Type(), pos)
	}
	y := f.rvalue(yn)
	if isFloat(xn.Type()) || isFloat(yn.Type()) {
		return f.nondet(pos)
	}
	if x == nil || y == nil {
		failf(pos, "void value in a comparison")
	}
	x, y, _ = f.intOperands(op, x, y, xn.Type(), yn.Type())
	return ir.Bin(op, x, y)
}
