package frontend

import (
	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// passThrough returns the operand of a grammar node that only wraps a
// lower-precedence production (AdditiveExpressionMul and the like), or nil.
func passThrough(n cc.ExpressionNode) cc.ExpressionNode {
	switch x := n.(type) {
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			return x.CastExpression
		}
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			return x.MultiplicativeExpression
		}
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return x.AdditiveExpression
		}
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			return x.ShiftExpression
		}
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			return x.RelationalExpression
		}
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return x.EqualityExpression
		}
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return x.AndExpression
		}
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return x.ExclusiveOrExpression
		}
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return x.InclusiveOrExpression
		}
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return x.LogicalAndExpression
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return x.LogicalOrExpression
		}
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return x.ConditionalExpression
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return x.UnaryExpression
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionPostfix {
			return x.PostfixExpression
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionPrimary {
			return x.PrimaryExpression
		}
	case *cc.ConstantExpression:
		return x.ConditionalExpression
	case *cc.ExpressionList:
		if x.ExpressionList == nil {
			return x.AssignmentExpression
		}
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return x.ExpressionList
		}
	}
	return nil
}

// strip removes pass-through wrappers and parentheses.
func strip(n cc.ExpressionNode) cc.ExpressionNode {
	for {
		inner := passThrough(n)
		if inner == nil {
			return n
		}
		n = inner
	}
}

// constOf returns the integer constant value of a side-effect-free
// expression, if cc computed one.
func constOf(n cc.ExpressionNode) (*ir.Const, bool) {
	if !n.Pure() {
		return nil, false
	}
	switch v := n.Value().(type) {
	case cc.Int64Value:
		return &ir.Const{Val: int64(v)}, true
	case cc.UInt64Value:
		return &ir.Const{Val: int64(v), Unsigned: true}, true
	}
	return nil, false
}

// rvalue lowers n for its value: an Int expression (scalars; the address
// of arrays, structs and unions; the *ir.Function of a function
// designator), or nil for void.
func (f *fnBuilder) rvalue(n cc.ExpressionNode) ir.Expr {
	return f.value(n, false)
}

// effect lowers n for its side effects only.
func (f *fnBuilder) effect(n cc.ExpressionNode) {
	f.value(n, true)
}

func (f *fnBuilder) value(n cc.ExpressionNode, discard bool) ir.Expr {
	if n == nil {
		return nil
	}
	t := n.Type()
	if t != nil && !isAggregate(t) && t.Kind() != cc.Function {
		if c, ok := constOf(n); ok {
			return c
		}
	}
	pos := posOf(n)
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		return f.primary(x, discard)
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return f.value(x.PrimaryExpression, discard)
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return f.load(f.lval(x), pos)
		case cc.PostfixExpressionCall:
			return f.call(x, discard)
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			return f.incDec(x.PostfixExpression, x.Case == cc.PostfixExpressionInc, !discard, pos)
		case cc.PostfixExpressionComplit:
			return f.load(f.complit(x), pos)
		}
	case *cc.UnaryExpression:
		return f.unary(x, discard)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return f.value(x.UnaryExpression, discard)
		}
		return f.cast(x, discard)
	case *cc.MultiplicativeExpression, *cc.AdditiveExpression, *cc.ShiftExpression,
		*cc.AndExpression, *cc.ExclusiveOrExpression, *cc.InclusiveOrExpression:
		return f.arithmetic(n, t, pos, discard)
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			return f.value(x.ShiftExpression, discard)
		}
		return boolToInt(f.boolExpr(x))
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			return f.value(x.RelationalExpression, discard)
		}
		return boolToInt(f.boolExpr(x))
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return f.value(x.InclusiveOrExpression, discard)
		}
		return f.logical(x, discard)
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return f.value(x.LogicalAndExpression, discard)
		}
		return f.logical(x, discard)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return f.value(x.LogicalOrExpression, discard)
		}
		return f.conditional(x, discard)
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return f.value(x.ConditionalExpression, discard)
		}
		return f.assign(x)
	case *cc.ExpressionList:
		var v ir.Expr
		for l := x; l != nil; l = l.ExpressionList {
			v = f.value(l.AssignmentExpression, discard || l.ExpressionList != nil)
		}
		return v
	case *cc.ConstantExpression:
		return f.value(x.ConditionalExpression, discard)
	}
	failf(pos, "unsupported expression %T", n)
	return nil
}

// arithmetic is value for the binary arithmetic and bitwise levels of
// C's expression grammar (each level's lone operand passes through).
func (f *fnBuilder) arithmetic(n cc.ExpressionNode, t cc.Type, pos ir.Pos, discard bool) ir.Expr {
	switch x := n.(type) {
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			return f.value(x.CastExpression, discard)
		}
		op := map[cc.MultiplicativeExpressionCase]ir.Op{cc.MultiplicativeExpressionMul: ir.OpMul,
			cc.MultiplicativeExpressionDiv: ir.OpDiv, cc.MultiplicativeExpressionMod: ir.OpRem}[x.Case]
		return f.binary(op, x.MultiplicativeExpression, x.CastExpression, t, pos)
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			return f.value(x.MultiplicativeExpression, discard)
		}
		op := ir.OpAdd
		if x.Case == cc.AdditiveExpressionSub {
			op = ir.OpSub
		}
		return f.binary(op, x.AdditiveExpression, x.MultiplicativeExpression, t, pos)
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return f.value(x.AdditiveExpression, discard)
		}
		op := ir.OpShl
		if x.Case == cc.ShiftExpressionRsh {
			op = ir.OpShr
		}
		return f.binary(op, x.ShiftExpression, x.AdditiveExpression, t, pos)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return f.value(x.EqualityExpression, discard)
		}
		return f.binary(ir.OpAnd, x.AndExpression, x.EqualityExpression, t, pos)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return f.value(x.AndExpression, discard)
		}
		return f.binary(ir.OpXor, x.ExclusiveOrExpression, x.AndExpression, t, pos)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return f.value(x.ExclusiveOrExpression, discard)
		}
		return f.binary(ir.OpOr, x.InclusiveOrExpression, x.ExclusiveOrExpression, t, pos)
	}
	failf(pos, "unsupported expression %T", n)
	return nil
}

func boolToInt(c ir.Expr) ir.Expr {
	if b, ok := c.(*ir.BoolConst); ok {
		if b.Val {
			return ir.IntConst(1)
		}
		return ir.IntConst(0)
	}
	return &ir.Ite{Cond: c, Then: ir.IntConst(1), Else: ir.IntConst(0)}
}

func (f *fnBuilder) primary(x *cc.PrimaryExpression, discard bool) ir.Expr {
	pos := posOf(x)
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		switch d := x.ResolvedTo().(type) {
		case *cc.Enumerator:
			if c, ok := intValue(d.Value()); ok {
				return c
			}
			failf(pos, "enumerator %s has no value", d.Token.SrcStr())
		case *cc.Declarator:
			if d.Type().Kind() == cc.Function {
				return f.b.funcByDecl(d, pos)
			}
			return f.load(f.identLV(x), pos)
		}
		failf(pos, "undeclared identifier %s", x.Token.SrcStr())
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		if c, ok := intValue(x.Value()); ok {
			return c
		}
		failf(pos, "integer constant %s out of range", x.Token.SrcStr())
	case cc.PrimaryExpressionFloat:
		return f.havocTemp(f.b.tc.conv(x.Type()), pos)
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		return f.b.stringLiteral(x)
	case cc.PrimaryExpressionExpr:
		return f.value(x.ExpressionList, discard)
	case cc.PrimaryExpressionStmt:
		return f.stmtExpr(x.CompoundStatement, discard)
	case cc.PrimaryExpressionGeneric:
		if a := x.GenericSelection.Associated(); a != nil {
			return f.value(a.AssignmentExpression, discard)
		}
		failf(pos, "_Generic without a matching association")
	}
	failf(pos, "unsupported primary expression")
	return nil
}

func intValue(v cc.Value) (*ir.Const, bool) {
	switch v := v.(type) {
	case cc.Int64Value:
		return &ir.Const{Val: int64(v)}, true
	case cc.UInt64Value:
		return &ir.Const{Val: int64(v), Unsigned: true}, true
	}
	return nil, false
}

// stringLiteral returns the object of a string literal expression.
func (b *builder) stringLiteral(x *cc.PrimaryExpression) *ir.Object {
	data, elem := stringData(x)
	return b.stringObject(data, elem)
}

// stringData returns the contents of a string literal without the
// terminating NUL, and its element size.
func stringData(x *cc.PrimaryExpression) (string, int64) {
	switch v := x.Value().(type) {
	case cc.StringValue:
		s := string(v)
		if n := len(s); n > 0 && s[n-1] == 0 {
			s = s[:n-1]
		}
		return s, 1
	case cc.UTF32StringValue:
		r := []rune(v)
		if n := len(r); n > 0 && r[n-1] == 0 {
			r = r[:n-1]
		}
		return string(r), 4
	case cc.UTF16StringValue:
		r := make([]rune, 0, len(v))
		for _, c := range v {
			r = append(r, rune(c))
		}
		if n := len(r); n > 0 && r[n-1] == 0 {
			r = r[:n-1]
		}
		return string(r), 2
	}
	return x.Token.SrcStr(), 1
}

func (f *fnBuilder) unary(x *cc.UnaryExpression, discard bool) ir.Expr {
	pos := posOf(x)
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return f.value(x.PostfixExpression, discard)
	case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
		return f.incDec(x.UnaryExpression, x.Case == cc.UnaryExpressionInc, false, pos)
	case cc.UnaryExpressionAddrof:
		return f.addrOf(x.CastExpression)
	case cc.UnaryExpressionDeref:
		if isVaArg(x.CastExpression) {
			f.effect(x.CastExpression)
			return f.arbitrary(x.Type(), pos)
		}
		if isFuncPtr(x.CastExpression.Type()) || x.Type().Kind() == cc.Function {
			return f.rvalue(x.CastExpression) // *fp is fp
		}
		return f.load(f.derefLV(x), pos)
	case cc.UnaryExpressionPlus:
		return f.value(x.CastExpression, discard)
	case cc.UnaryExpressionMinus:
		v := f.rvalue(x.CastExpression)
		if isFloat(x.Type()) {
			return f.havocTemp(f.b.tc.conv(x.Type()), pos)
		}
		v = f.convertInt(v, x.CastExpression.Type(), x.Type())
		if c, ok := v.(*ir.Const); ok && !c.Unsigned {
			return f.wrapTo(ir.IntConst(-c.Val), x.Type())
		}
		return f.wrapTo(&ir.Unary{Op: ir.OpNeg, X: v}, x.Type())
	case cc.UnaryExpressionCpl:
		v := f.convertInt(f.rvalue(x.CastExpression), x.CastExpression.Type(), x.Type())
		if cc.IsSignedInteger(x.Type()) {
			return &ir.Unary{Op: ir.OpBitNot, X: v} // -v-1 stays in range
		}
		return f.wrapTo(&ir.Unary{Op: ir.OpBitNot, X: v}, x.Type())
	case cc.UnaryExpressionNot:
		return boolToInt(ir.Not(f.boolExpr(x.CastExpression)))
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType,
		cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
		if c, ok := intValue(x.Value()); ok {
			return c
		}
		// sizeof of a variable-length array.
		return f.havocTemp(ulongType, pos)
	case cc.UnaryExpressionLabelAddr:
		return f.labelAddr(x.Token2.SrcStr(), pos)
	case cc.UnaryExpressionImag, cc.UnaryExpressionReal:
		f.effect(x.UnaryExpression)
		return f.havocTemp(f.b.tc.conv(x.Type()), pos)
	}
	failf(pos, "unsupported unary expression")
	return nil
}

// isVaArg recognises cc's expansion of __builtin_va_arg(ap, T):
// *(T *)__builtin_va_arg_impl(ap).
func isVaArg(n cc.ExpressionNode) bool {
	for {
		switch x := strip(n).(type) {
		case *cc.CastExpression:
			n = x.CastExpression
			continue
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				return identName(x.PostfixExpression) == "__builtin_va_arg_impl"
			}
		}
		return false
	}
}

// identName returns the identifier n names (under parentheses), or "".
func identName(n cc.ExpressionNode) string {
	if p, ok := strip(n).(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		return p.Token.SrcStr()
	}
	return ""
}

// arbitrary returns an arbitrary value of type t: a havocked temporary for
// scalars, the address of a frame object with havocked contents for
// aggregates.
func (f *fnBuilder) arbitrary(t cc.Type, pos ir.Pos) ir.Expr {
	if isAggregate(t) {
		o := f.frameObject("arbitrary", t, pos)
		f.havocObject(&lvalue{addr: o, ct: t, text: o.Name}, pos)
		return o
	}
	if t.Kind() == cc.Void {
		return nil
	}
	return f.havocTemp(f.b.tc.conv(t), pos)
}

// addrOf lowers &X.
func (f *fnBuilder) addrOf(n cc.ExpressionNode) ir.Expr {
	pos := posOf(n)
	s := strip(n)
	if p, ok := s.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		if d, ok := p.ResolvedTo().(*cc.Declarator); ok && d.Type().Kind() == cc.Function {
			return f.b.funcByDecl(d, pos)
		}
	}
	if u, ok := s.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionDeref {
		// &*p is p.
		if u.Type().Kind() == cc.Function {
			return f.rvalue(u.CastExpression)
		}
		return f.rvalue(u.CastExpression)
	}
	lv := f.lval(n)
	if lv.v != nil {
		failf(pos, "address of register variable %s", lv.v.Name)
	}
	if lv.bf != nil {
		failf(pos, "address of bit-field %s", f.lvText(lv))
	}
	return lv.addr
}

// binary lowers x op y with C's usual arithmetic and pointer arithmetic
// (offsets scaled by the element size); integers are mathematical.
func (f *fnBuilder) binary(op ir.Op, xn, yn cc.ExpressionNode, rt cc.Type, pos ir.Pos) ir.Expr {
	xt, yt := xn.Type(), yn.Type()
	x := f.rvalue(xn)
	if f.mayAssignVars(yn) {
		x = f.stable(x, xt, pos)
	}
	y := f.rvalue(yn)
	return f.arith(op, x, y, xt, yt, rt, pos)
}

func isFuncPtr(t cc.Type) bool {
	pt, ok := t.(*cc.PointerType)
	return ok && pt.Elem().Kind() == cc.Function
}

func isPtr(t cc.Type) bool { return t != nil && (t.Kind() == cc.Ptr || t.Kind() == cc.Array) }

func (f *fnBuilder) arith(op ir.Op, x, y ir.Expr, xt, yt, rt cc.Type, pos ir.Pos) ir.Expr {
	if isFloat(rt) || isFloat(xt) || isFloat(yt) {
		return f.havocTemp(f.b.tc.conv(rt), pos)
	}
	switch {
	case op == ir.OpAdd && isPtr(xt) && !isPtr(yt):
		return addExpr(x, mulConst(y, pointeeSize(xt)))
	case op == ir.OpAdd && isPtr(yt) && !isPtr(xt):
		return addExpr(y, mulConst(x, pointeeSize(yt)))
	case op == ir.OpSub && isPtr(xt) && isPtr(yt):
		d := ir.Expr(ir.Bin(ir.OpSub, x, y))
		if s := pointeeSize(xt); s != 1 {
			d = ir.Bin(ir.OpDiv, d, ir.IntConst(s))
		}
		return d
	case op == ir.OpSub && isPtr(xt):
		return subExpr(x, mulConst(y, pointeeSize(xt)))
	}
	if x, y, ct := f.intOperands(op, x, y, xt, yt); ct != nil {
		if bits, _, _ := intBits(ct); op == ir.OpAdd || op == ir.OpSub || op == ir.OpMul || op == ir.OpShl {
			// Only the operands' values modulo 2^bits matter.
			x = ir.Unwrap(x, bits)
			if op != ir.OpShl {
				y = ir.Unwrap(y, bits)
			}
		}
		v := fold(op, x, y)
		if mayOverflow(op) {
			v = f.wrapTo(v, ct)
		}
		return f.convertInt(v, ct, rt) // a compound assignment's narrowing
	}
	return fold(op, x, y)
}

// simplify builds x op y for any binary operator, folding constants:
// integer arithmetic, comparisons of constants, offsets added to a sum.
func simplify(op ir.Op, x, y ir.Expr) ir.Expr {
	cx, okx := x.(*ir.Const)
	cy, oky := y.(*ir.Const)
	if okx && oky && !cx.Unsigned && !cy.Unsigned {
		a, b := cx.Val, cy.Val
		switch op {
		case ir.OpEq:
			return &ir.BoolConst{Val: a == b}
		case ir.OpNe:
			return &ir.BoolConst{Val: a != b}
		case ir.OpLt:
			return &ir.BoolConst{Val: a < b}
		case ir.OpLe:
			return &ir.BoolConst{Val: a <= b}
		case ir.OpGt:
			return &ir.BoolConst{Val: a > b}
		case ir.OpGe:
			return &ir.BoolConst{Val: a >= b}
		}
	}
	switch op {
	case ir.OpAdd:
		return addExpr(x, y)
	case ir.OpSub:
		if oky && !cy.Unsigned {
			return addOff(x, -cy.Val)
		}
	case ir.OpLAnd:
		return ir.And(x, y)
	case ir.OpLOr:
		return ir.Or(x, y)
	}
	return fold(op, x, y)
}

// fold builds x op y, folding integer constants.
func fold(op ir.Op, x, y ir.Expr) ir.Expr {
	cx, okx := x.(*ir.Const)
	cy, oky := y.(*ir.Const)
	if okx && oky && !cx.Unsigned && !cy.Unsigned {
		a, b := cx.Val, cy.Val
		switch op {
		case ir.OpAdd:
			return ir.IntConst(a + b)
		case ir.OpSub:
			return ir.IntConst(a - b)
		case ir.OpMul:
			return ir.IntConst(a * b)
		case ir.OpAnd:
			return ir.IntConst(a & b)
		case ir.OpOr:
			return ir.IntConst(a | b)
		}
	}
	return ir.Bin(op, x, y)
}

func addExpr(x, y ir.Expr) ir.Expr {
	if c, ok := y.(*ir.Const); ok && !c.Unsigned {
		return addOff(x, c.Val)
	}
	if c, ok := x.(*ir.Const); ok && c.Val == 0 {
		return y
	}
	return fold(ir.OpAdd, x, y)
}

func subExpr(x, y ir.Expr) ir.Expr {
	if c, ok := y.(*ir.Const); ok && c.Val == 0 {
		return x
	}
	return fold(ir.OpSub, x, y)
}

func addOff(x ir.Expr, off int64) ir.Expr {
	if off == 0 {
		return x
	}
	switch b := x.(type) {
	case *ir.Const:
		if !b.Unsigned {
			return ir.IntConst(b.Val + off)
		}
	case *ir.Binary:
		if b.Op == ir.OpAdd {
			if c, ok := b.Y.(*ir.Const); ok && !c.Unsigned {
				if c.Val+off == 0 {
					return b.X
				}
				return ir.Bin(ir.OpAdd, b.X, ir.IntConst(c.Val+off))
			}
		}
	}
	return ir.Bin(ir.OpAdd, x, ir.IntConst(off))
}

func mulConst(x ir.Expr, k int64) ir.Expr {
	if k == 1 {
		return x
	}
	if c, ok := x.(*ir.Const); ok && !c.Unsigned {
		return ir.IntConst(c.Val * k)
	}
	return ir.Bin(ir.OpMul, x, ir.IntConst(k))
}

// stable returns e, or a temporary holding its current value when e reads
// variables a later side effect could change.
func (f *fnBuilder) stable(e ir.Expr, t cc.Type, pos ir.Pos) ir.Expr {
	if e == nil {
		return nil
	}
	readsVar := false
	ir.WalkExpr(e, func(x ir.Expr) {
		if _, ok := x.(*ir.Var); ok {
			readsVar = true
		}
	})
	if !readsVar {
		return e
	}
	if v, ok := e.(*ir.Var); ok && f.temps[v] {
		return e // temporaries are assigned once
	}
	var ct ir.Type = longType
	if t != nil && !isAggregate(t) && t.Kind() != cc.Function {
		ct = f.b.tc.conv(t)
	} else if t != nil {
		ct = &ir.Pointer{Elem: f.b.tc.conv(t)}
	}
	if e.ValueKind() == ir.Bool {
		v := f.fn.NewLocal("", ir.Bool, nil, pos)
		f.emit(&ir.Assign{Dst: v, Src: e, P: pos})
		return v
	}
	v := f.temp(ct, pos)
	f.emit(&ir.Assign{Dst: v, Src: e, P: pos})
	return v
}

// stableAddr is stable for an address of an object of type t.
func (f *fnBuilder) stableAddr(e ir.Expr, t cc.Type, pos ir.Pos) ir.Expr {
	if !refsVar(e) {
		return e
	}
	v := f.temp(&ir.Pointer{Elem: f.b.tc.conv(t)}, pos)
	f.emit(&ir.Assign{Dst: v, Src: e, P: pos})
	return v
}

func refsVar(e ir.Expr) bool {
	found := false
	ir.WalkExpr(e, func(x ir.Expr) {
		if _, ok := x.(*ir.Var); ok {
			found = true
		}
	})
	return found
}

// cast lowers (T)x.
func (f *fnBuilder) cast(x *cc.CastExpression, discard bool) ir.Expr {
	pos := posOf(x)
	to := x.Type()
	inner := x.CastExpression
	if to.Kind() == cc.Void {
		f.effect(inner)
		return nil
	}
	from := inner.Type()
	if to.Kind() == cc.Union && from.Kind() != cc.Union {
		// GNU cast to union: a union object whose matching member holds x.
		o := f.frameObject("union", to, pos)
		v := f.rvalue(inner)
		dst := &lvalue{addr: o, ct: from, text: "(" + f.b.tc.conv(to).String() + ")" + exprText(inner)}
		if isAggregate(from) {
			f.copyAggregate(dst, &lvalue{addr: v, ct: from, node: inner}, pos)
		} else {
			f.store(dst, v, pos)
		}
		return o
	}
	v := f.value(inner, discard && !isAggregate(to))
	return f.convert(v, from, to, pos, true)
}

// convert converts v of type from to type to. Integer conversions do not
// truncate (integers are mathematical); conversions to _Bool normalise;
// floating-point values become arbitrary; pointer casts get a temporary of
// the new type so later passes see the cast.
func (f *fnBuilder) convert(v ir.Expr, from, to cc.Type, pos ir.Pos, explicit bool) ir.Expr {
	if v == nil || to == nil || from == nil {
		return v
	}
	switch {
	case to.Kind() == cc.Bool:
		if from.Kind() == cc.Bool {
			return v
		}
		if isFloat(from) {
			return f.havocBool(pos)
		}
		if c, ok := v.(*ir.Const); ok {
			return boolToInt(&ir.BoolConst{Val: c.Val != 0})
		}
		return boolToInt(ir.Bin(ir.OpNe, v, ir.IntConst(0)))
	case isFloat(to) || isFloat(from):
		if isFloat(to) && isFloat(from) && to.Kind() == from.Kind() {
			return v
		}
		return f.havocTemp(f.b.tc.conv(to), pos)
	case f.exactInts() && !holds(to, from):
		return f.convertInt(v, from, to)
	case isConst(v) && !holds(to, from):
		// A constant converts to the value C gives it, whether or not
		// wrap-around is modelled: unsigned u = -1 is UINT_MAX, as
		// (unsigned)-1 and ~0U are (cc folds those). As -1 it made
		// "u == UINT_MAX" false and the code under it dead.
		if bits, signed, ok := intBits(to); ok {
			return ir.Wrap(v, bits, signed)
		}
		return v
	case explicit && to.Kind() == cc.Ptr:
		if _, ok := v.(*ir.Const); ok {
			return v
		}
		if from.Kind() == cc.Ptr && from.IsCompatible(to) {
			return v
		}
		t := f.temp(f.b.tc.conv(to), pos)
		f.emit(&ir.Assign{Dst: t, Src: v, P: pos})
		return t
	}
	return v
}

func isConst(v ir.Expr) bool {
	_, ok := v.(*ir.Const)
	return ok
}

// havocBool returns an arbitrary 0 or 1.
func (f *fnBuilder) havocBool(pos ir.Pos) ir.Expr {
	return boolToInt(f.nondet(pos))
}

// incDec lowers ++/-- (prefix or postfix) on the lvalue n.
func (f *fnBuilder) incDec(n cc.ExpressionNode, inc, post bool, pos ir.Pos) ir.Expr {
	lv := f.lval(n)
	t := lv.ct
	old := f.load(lv, pos)
	if post && lv.v != nil {
		old = f.stable(old, t, pos)
	}
	var step int64 = 1
	if t.Kind() == cc.Ptr {
		step = pointeeSize(t)
	}
	var nv ir.Expr
	switch {
	case isFloat(t):
		nv = f.havocTemp(f.b.tc.conv(t), pos)
	case t.Kind() == cc.Bool:
		if inc {
			nv = ir.IntConst(1)
		} else {
			nv = boolToInt(ir.Bin(ir.OpEq, old, ir.IntConst(0)))
		}
	case inc:
		nv = f.wrapTo(ir.Bin(ir.OpAdd, old, ir.IntConst(step)), t)
	default:
		nv = f.wrapTo(ir.Bin(ir.OpSub, old, ir.IntConst(step)), t)
	}
	f.store(lv, nv, pos)
	if post {
		return old
	}
	if lv.v != nil {
		return lv.v
	}
	return nv
}

var compoundOps = map[cc.AssignmentExpressionCase]ir.Op{
	cc.AssignmentExpressionMul: ir.OpMul, cc.AssignmentExpressionDiv: ir.OpDiv,
	cc.AssignmentExpressionMod: ir.OpRem, cc.AssignmentExpressionAdd: ir.OpAdd,
	cc.AssignmentExpressionSub: ir.OpSub, cc.AssignmentExpressionLsh: ir.OpShl,
	cc.AssignmentExpressionRsh: ir.OpShr, cc.AssignmentExpressionAnd: ir.OpAnd,
	cc.AssignmentExpressionXor: ir.OpXor, cc.AssignmentExpressionOr: ir.OpOr,
}

// assign lowers an assignment expression; its value is the value stored.
func (f *fnBuilder) assign(x *cc.AssignmentExpression) ir.Expr {
	pos := posOf(x)
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	lt := lhs.Type()
	lv := f.lval(lhs)
	if lv.v == nil && lv.addr != nil && f.mayAssignVars(rhs) {
		lv.addr = f.stableAddr(lv.addr, lv.ct, pos)
	}
	if lv.v == nil {
		lt = lv.ct
	}
	if x.Case == cc.AssignmentExpressionAssign && isAggregate(lt) {
		src := f.lval(rhs)
		f.copyAggregate(lv, src, pos)
		return lv.addr
	}
	var val ir.Expr
	if x.Case == cc.AssignmentExpressionAssign {
		val = f.convert(f.rvalue(rhs), rhs.Type(), lt, pos, false)
	} else {
		old := f.load(lv, pos)
		if lv.v != nil && f.mayAssignVars(rhs) {
			old = f.stable(old, lt, pos)
		}
		r := f.rvalue(rhs)
		val = f.arith(compoundOps[x.Case], old, r, lt, rhs.Type(), lt, pos)
		if lt.Kind() == cc.Bool {
			val = boolToInt(ir.Bin(ir.OpNe, val, ir.IntConst(0)))
		}
	}
	f.store(lv, val, pos)
	if lv.v != nil {
		return lv.v
	}
	return val
}

// logical lowers && and || for their value, as control flow.
func (f *fnBuilder) logical(n cc.ExpressionNode, discard bool) ir.Expr {
	pos := posOf(n)
	t, e, join := f.newBlock("true"), f.newBlock("false"), f.newBlock("join")
	f.branch(n, t, e)
	if discard {
		f.cur = t
		f.jump(join, pos)
		f.cur = e
		f.jump(join, pos)
		f.cur = join
		return nil
	}
	v := f.temp(intType, pos)
	f.cur = t
	f.emit(&ir.Assign{Dst: v, Src: ir.IntConst(1), P: pos})
	f.jump(join, pos)
	f.cur = e
	f.emit(&ir.Assign{Dst: v, Src: ir.IntConst(0), P: pos})
	f.jump(join, pos)
	f.cur = join
	return v
}

// conditional lowers c ? a : b (and GNU c ?: b) as control flow.
func (f *fnBuilder) conditional(x *cc.ConditionalExpression, discard bool) ir.Expr {
	pos := posOf(x)
	rt := x.Type()
	void := rt == nil || rt.Kind() == cc.Void || discard
	var res *ir.Var
	if !void {
		ct := f.b.tc.conv(rt)
		if isAggregate(rt) || rt.Kind() == cc.Function {
			ct = &ir.Pointer{Elem: ct}
		}
		res = f.temp(ct, pos)
	}
	then, els, join := f.newBlock("cond.then"), f.newBlock("cond.else"), f.newBlock("cond.join")
	if x.ExpressionList == nil {
		// GNU a ?: b evaluates a once.
		c := f.rvalue(x.LogicalOrExpression) // nothing runs between the test and the use
		f.terminate(&ir.If{Cond: ir.Bin(ir.OpNe, c, ir.IntConst(0)), Then: then, Else: els, P: pos})
		f.cur = then
		if res != nil {
			f.assignVar(res, f.convert(c, x.LogicalOrExpression.Type(), rt, pos, false), pos)
		}
	} else {
		f.branch(x.LogicalOrExpression, then, els)
		f.cur = then
		v := f.value(x.ExpressionList, void)
		if res != nil && v != nil {
			f.assignVar(res, f.convert(v, x.ExpressionList.Type(), rt, pos, false), pos)
		}
	}
	f.jump(join, pos)
	f.cur = els
	v := f.value(x.ConditionalExpression, void)
	if res != nil && v != nil {
		f.assignVar(res, f.convert(v, x.ConditionalExpression.Type(), rt, pos, false), pos)
	}
	f.jump(join, pos)
	f.cur = join
	if res == nil {
		return nil
	}
	return res
}
