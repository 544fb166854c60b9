package frontend

import (
	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// sameArmsAddr evaluates c ? a : b whose condition is not a constant but
// whose arms are one constant address: the value is that address whatever
// c is. The kernel writes such a conditional for a type check,
// `(fn == (fn_type)fn) ? fn : fn` (of.h's _OF_DECLARE, behind
// CLK_OF_DECLARE_DRIVER in rtc-sun6i.c); cc/v4 does not fold a comparison
// of function addresses. Only function and static object addresses count as
// the same arm (pointer identity of the lowered entity).
func (b *builder) sameArmsAddr(x *cc.ConditionalExpression, pos ir.Pos) (ir.Expr, int64, bool) {
	a, aoff, ok := b.addrConst(x.ExpressionList, pos)
	if !ok {
		return nil, 0, false
	}
	c, coff, ok := b.addrConst(x.ConditionalExpression, pos)
	if !ok || aoff != coff || !sameEntity(a, c) {
		return nil, 0, false
	}
	return a, aoff, true
}

// sameEntity reports whether two constant addresses name the same function
// or static object.
func sameEntity(a, b ir.Expr) bool {
	switch x := a.(type) {
	case *ir.Function:
		y, ok := b.(*ir.Function)
		return ok && x == y
	case *ir.Object:
		y, ok := b.(*ir.Object)
		return ok && x == y
	}
	return false
}
