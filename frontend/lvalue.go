package frontend

import (
	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// lvalue is a lowered C lvalue: a scalar variable, or a memory location.
type lvalue struct {
	v    *ir.Var // a register variable, or nil
	addr ir.Expr // the address, when v is nil
	ct   cc.Type // the C type of the lvalue
	// node prints as the lvalue text unless text is set.
	node  cc.ExpressionNode
	text  string
	strct *ir.Struct // the struct of the last member selection
	field string     // ".member" of the last member selection
	vol   bool       // accessed through a volatile-qualified lvalue
	bf    *cc.Field  // a bit-field member
}

// lvText returns the C text of lv.
func (f *fnBuilder) lvText(lv *lvalue) string {
	if lv.text == "" && lv.node != nil {
		lv.text = exprText(lv.node)
	}
	return lv.text
}

// at returns the memory lvalue at byte offset off from lv with type t and
// path suffix (".f", "[2]") appended to its text.
func (f *fnBuilder) at(lv *lvalue, off int64, path string, t cc.Type) *lvalue {
	return &lvalue{addr: addOff(lv.addr, off), ct: t, text: withPath(f.lvText(lv), path), vol: lv.vol, strct: lv.strct, field: lv.field}
}

// lval lowers n as an lvalue.
func (f *fnBuilder) lval(n cc.ExpressionNode) *lvalue {
	pos := posOf(n)
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			return f.identLV(x)
		case cc.PrimaryExpressionExpr:
			lv := f.lval(x.ExpressionList)
			return lv
		case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
			o := f.b.stringLiteral(x)
			return &lvalue{addr: o, ct: undecayed(x), node: x}
		case cc.PrimaryExpressionGeneric:
			if a := x.GenericSelection.Associated(); a != nil {
				return f.lval(a.AssignmentExpression)
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return f.lval(x.PrimaryExpression)
		case cc.PostfixExpressionIndex:
			return f.indexLV(x)
		case cc.PostfixExpressionSelect:
			return f.selectLV(x)
		case cc.PostfixExpressionPSelect:
			return f.pselectLV(x)
		case cc.PostfixExpressionComplit:
			return f.complit(x)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return f.lval(x.PostfixExpression)
		case cc.UnaryExpressionDeref:
			return f.derefLV(x)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return f.lval(x.UnaryExpression)
		}
	case *cc.ExpressionList:
		if x.ExpressionList == nil {
			return f.lval(x.AssignmentExpression)
		}
		for l := x; l != nil; l = l.ExpressionList {
			if l.ExpressionList == nil {
				return f.lval(l.AssignmentExpression)
			}
			f.effect(l.AssignmentExpression)
		}
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return f.lval(x.ConditionalExpression)
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return f.lval(x.LogicalOrExpression)
		}
	case *cc.ConstantExpression:
		return f.lval(x.ConditionalExpression)
	}
	if inner := passThrough(n); inner != nil {
		return f.lval(inner)
	}
	// An aggregate rvalue (a call result, ?:, an assignment, a statement
	// expression) lives at the address its lowering returns.
	if t := n.Type(); t != nil && isAggregate(t) {
		return &lvalue{addr: f.rvalue(n), ct: t, node: n}
	}
	failf(pos, "unsupported lvalue expression %s", exprText(n))
	return nil
}

func (f *fnBuilder) identLV(x *cc.PrimaryExpression) *lvalue {
	pos := posOf(x)
	d, ok := x.ResolvedTo().(*cc.Declarator)
	if !ok || d == nil {
		failf(pos, "%s is not an object", x.Token.SrcStr())
	}
	t := d.Type()
	lv := &lvalue{ct: t, node: x, vol: isVolatile(t)}
	switch name := d.Name(); {
	case name == "__func__" && d.StorageDuration() == cc.Static && d.Linkage() == cc.None:
		lv.addr = f.b.stringObject(f.fn.Name, 1)
	case d.StorageDuration() == cc.Automatic:
		v, o := f.localOf(d)
		if v != nil {
			lv.v = v
		} else {
			lv.addr = o
		}
	case d.Linkage() == cc.None:
		lv.addr = f.staticLocal(d)
	default:
		lv.addr = f.b.objectByDecl(d)
	}
	return lv
}

func (f *fnBuilder) indexLV(x *cc.PostfixExpression) *lvalue {
	base, idx := x.PostfixExpression, x.ExpressionList
	if cc.IsIntegerType(base.Type()) {
		base, idx = idx, base
	}
	lv := &lvalue{ct: undecayed(x), node: x}
	var baseAddr ir.Expr
	if undecayed(base).Kind() == cc.Array {
		blv := f.lval(base)
		baseAddr = blv.addr
		lv.strct, lv.field, lv.vol = blv.strct, blv.field, blv.vol
	} else {
		baseAddr = f.rvalue(base)
		if f.mayAssignVars(idx) {
			baseAddr = f.stable(baseAddr, base.Type(), posOf(base))
		}
		lv.vol = f.pointeeVolatile(base)
	}
	i := f.rvalue(idx)
	lv.addr = addExpr(baseAddr, mulConst(i, elemSize(lv.ct)))
	lv.vol = lv.vol || isVolatile(x.Type())
	return lv
}

func (f *fnBuilder) selectLV(x *cc.PostfixExpression) *lvalue {
	fld := x.Field()
	if fld == nil {
		failf(posOf(x), "unresolved member %s", x.Token2.SrcStr())
	}
	blv := f.lval(x.PostfixExpression)
	if blv.v != nil {
		failf(posOf(x), "member of a register variable")
	}
	return &lvalue{
		addr:  addOff(blv.addr, fld.Offset()),
		ct:    fld.Type(),
		node:  x,
		strct: f.structOf(undecayed(x.PostfixExpression)),
		field: "." + fld.Name(),
		vol:   blv.vol || isVolatile(fld.Type()) || isVolatile(x.Type()),
		bf:    bitField(fld),
	}
}

func (f *fnBuilder) pselectLV(x *cc.PostfixExpression) *lvalue {
	fld := x.Field()
	if fld == nil {
		failf(posOf(x), "unresolved member %s", x.Token2.SrcStr())
	}
	p := f.rvalue(x.PostfixExpression)
	var st *ir.Struct
	if pt, ok := x.PostfixExpression.Type().(*cc.PointerType); ok {
		st = f.structOf(pt.Elem())
	}
	return &lvalue{
		addr:  addOff(p, fld.Offset()),
		ct:    fld.Type(),
		node:  x,
		strct: st,
		field: "." + fld.Name(),
		vol:   f.pointeeVolatile(x.PostfixExpression) || isVolatile(fld.Type()) || isVolatile(x.Type()),
		bf:    bitField(fld),
	}
}

func bitField(fld *cc.Field) *cc.Field {
	if fld.IsBitfield() {
		return fld
	}
	return nil
}

func (f *fnBuilder) structOf(t cc.Type) *ir.Struct {
	if t == nil {
		return nil
	}
	s, _ := ir.Unnamed(f.b.tc.conv(t)).(*ir.Struct)
	return s
}

// derefLV lowers *p. For *(T *)&X (READ_ONCE and friends) the lvalue keeps
// X's text and member, with the cast's qualifiers.
func (f *fnBuilder) derefLV(x *cc.UnaryExpression) *lvalue {
	inner := x.CastExpression
	if operand := addrOperand(inner); operand != nil {
		ilv := f.lval(operand)
		if ilv.v == nil && ilv.bf == nil {
			return &lvalue{
				addr:  ilv.addr,
				ct:    undecayed(x),
				node:  strip(operand),
				text:  ilv.text,
				strct: ilv.strct,
				field: ilv.field,
				vol:   ilv.vol || f.pointeeVolatile(inner) || isVolatile(x.Type()),
			}
		}
	}
	return &lvalue{
		addr: f.rvalue(inner),
		ct:   undecayed(x),
		node: x,
		vol:  f.pointeeVolatile(inner) || isVolatile(x.Type()),
	}
}

// addrOperand returns X when n is &X under parentheses and pointer casts.
func addrOperand(n cc.ExpressionNode) cc.ExpressionNode {
	for {
		switch x := n.(type) {
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast {
				if x.Type().Kind() != cc.Ptr {
					return nil
				}
				n = x.CastExpression
				continue
			}
			n = x.UnaryExpression
			continue
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionAddrof:
				return x.CastExpression
			case cc.UnaryExpressionPostfix:
				n = x.PostfixExpression
				continue
			}
			return nil
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPrimary {
				n = x.PrimaryExpression
				continue
			}
			return nil
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionExpr {
				if el, ok := x.ExpressionList.(*cc.ExpressionList); ok && el.ExpressionList == nil {
					n = el.AssignmentExpression
					continue
				}
				if _, ok := x.ExpressionList.(*cc.ExpressionList); !ok {
					n = x.ExpressionList
					continue
				}
			}
			return nil
		}
		return nil
	}
}

func isVolatile(t cc.Type) bool {
	if t == nil {
		return false
	}
	a := t.Attributes()
	return a != nil && a.IsVolatile()
}

// pointeeVolatile reports whether the object pointer expression n points
// to is volatile-qualified. cc/v4 drops qualifiers of the pointee in cast
// type names, so casts are read from their syntax.
func (f *fnBuilder) pointeeVolatile(n cc.ExpressionNode) bool {
	for {
		switch x := n.(type) {
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionExpr {
				if el, ok := x.ExpressionList.(*cc.ExpressionList); ok {
					if el.ExpressionList != nil {
						break
					}
					n = el.AssignmentExpression
				} else {
					n = x.ExpressionList
				}
				continue
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPrimary {
				n = x.PrimaryExpression
				continue
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionPostfix {
				n = x.PostfixExpression
				continue
			}
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionUnary {
				n = x.UnaryExpression
				continue
			}
			if typeNamePointeeVolatile(x.TypeName) {
				return true
			}
		}
		break
	}
	if pt, ok := n.Type().(*cc.PointerType); ok {
		return isVolatile(pt.Elem())
	}
	return false
}

// typeNamePointeeVolatile reports whether the pointer type named by tn
// points to a volatile-qualified type.
func typeNamePointeeVolatile(tn *cc.TypeName) bool {
	if tn == nil || tn.AbstractDeclarator == nil || tn.AbstractDeclarator.DirectAbstractDeclarator != nil {
		return false
	}
	var stars []*cc.Pointer
	for p := tn.AbstractDeclarator.Pointer; p != nil; p = p.Pointer {
		stars = append(stars, p)
	}
	switch len(stars) {
	case 0:
		return false
	case 1:
		for l := tn.SpecifierQualifierList; l != nil; l = l.SpecifierQualifierList {
			if l.Case == cc.SpecifierQualifierListTypeQual && l.TypeQualifier != nil && l.TypeQualifier.Case == cc.TypeQualifierVolatile {
				return true
			}
		}
		return false
	}
	for q := stars[len(stars)-2].TypeQualifiers; q != nil; q = q.TypeQualifiers {
		if q.TypeQualifier != nil && q.TypeQualifier.Case == cc.TypeQualifierVolatile {
			return true
		}
	}
	return false
}

// undecayed returns the type of n before array-to-pointer decay.
func undecayed(n cc.ExpressionNode) cc.Type {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			if d, ok := x.ResolvedTo().(*cc.Declarator); ok && d != nil {
				return d.Type()
			}
		case cc.PrimaryExpressionExpr:
			if el, ok := x.ExpressionList.(*cc.ExpressionList); ok && el.ExpressionList == nil {
				return undecayed(el.AssignmentExpression)
			}
			if _, ok := x.ExpressionList.(*cc.ExpressionList); !ok && x.ExpressionList != nil {
				return undecayed(x.ExpressionList)
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return undecayed(x.PrimaryExpression)
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if fld := x.Field(); fld != nil {
				return fld.Type()
			}
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionPostfix {
			return undecayed(x.PostfixExpression)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return undecayed(x.UnaryExpression)
		}
	}
	t := n.Type()
	if !mayDesignateArray(n) {
		// cc/v4 keeps the undecayed array in the type of pointer
		// arithmetic on it (buf + i), a statement expression's value and
		// the like; those are pointers, not array lvalues.
		return t
	}
	if pt, ok := t.(*cc.PointerType); ok {
		if u := pt.Undecay(); u != nil && u.Kind() == cc.Array {
			return u
		}
	}
	return t
}

// mayDesignateArray reports whether n, not a name or a member, is an
// expression form that can designate an array (an lvalue lval lowers): a
// string literal, a _Generic selection, an element of an array of arrays,
// *p for a pointer to an array, or a compound literal.
func mayDesignateArray(n cc.ExpressionNode) bool {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionString, cc.PrimaryExpressionLString, cc.PrimaryExpressionGeneric:
			return true
		}
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionIndex || x.Case == cc.PostfixExpressionComplit
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionDeref
	}
	return false
}

// elemSize is the size of the elements a pointer or array of type t
// steps over: 1 for void and functions (GNU C).
func elemSize(t cc.Type) int64 {
	if t == nil {
		return 1
	}
	s := t.Size()
	if s <= 0 || t.Kind() == cc.Void || t.Kind() == cc.Function {
		return 1
	}
	return s
}

// pointeeSize is the element size of pointer or array type t.
func pointeeSize(t cc.Type) int64 {
	switch x := t.(type) {
	case *cc.PointerType:
		return elemSize(x.Elem())
	case *cc.ArrayType:
		return elemSize(x.Elem())
	}
	return 1
}

// access builds the Access of a load or store of size bytes through lv.
func (f *fnBuilder) access(lv *lvalue, size int64, pos ir.Pos) ir.Access {
	mode := ir.Plain
	if lv.vol && !f.b.st.cfg.VolatilePlain {
		mode = ir.Marked
	}
	return ir.Access{
		Addr:   lv.addr,
		Size:   size,
		Mode:   mode,
		LValue: f.lvText(lv),
		Struct: lv.strct,
		Field:  lv.field,
		Site:   f.b.prog.NewSite(),
		P:      pos,
	}
}

// load reads the value of lv. Aggregates and functions evaluate to their
// address.
func (f *fnBuilder) load(lv *lvalue, pos ir.Pos) ir.Expr {
	if lv.v != nil {
		return lv.v
	}
	t := lv.ct
	switch t.Kind() {
	case cc.Array, cc.Struct, cc.Union, cc.Function:
		return lv.addr
	case cc.Void:
		return ir.IntConst(0)
	}
	if lv.bf != nil {
		return f.loadBitField(lv, pos)
	}
	size := t.Size()
	if size <= 0 {
		failf(pos, "load of incomplete type %s", t)
	}
	dst := f.temp(f.b.tc.conv(t), pos)
	f.emit(&ir.Load{Dst: dst, Access: f.access(lv, size, pos)})
	return dst
}

// store writes val to lv.
func (f *fnBuilder) store(lv *lvalue, val ir.Expr, pos ir.Pos) {
	if lv.v != nil {
		f.assignVar(lv.v, val, pos)
		return
	}
	if lv.bf != nil {
		f.storeBitField(lv, val, pos)
		return
	}
	size := lv.ct.Size()
	if size <= 0 {
		failf(pos, "store to incomplete type %s", lv.ct)
	}
	f.emit(&ir.Store{Val: val, Access: f.access(lv, size, pos)})
}

// Bit-fields are read and written through their storage unit: the unit is
// loaded, the field extracted with a shift and a mask, and on a store the
// field inserted and the whole unit stored back.

func (f *fnBuilder) bitUnit(lv *lvalue) (unit int64, shift int64, mask int64) {
	fld := lv.bf
	unit = fld.AccessBytes()
	if unit <= 0 {
		unit = fld.Type().Size()
	}
	width := fld.ValueBits()
	return unit, int64(fld.OffsetBits()), (int64(1) << uint(width)) - 1
}

func unsignedOf(bytes int64) *ir.Basic {
	switch bytes {
	case 1:
		return &ir.Basic{Kind: ir.Integer, Name: "unsigned char", Bytes: 1}
	case 2:
		return &ir.Basic{Kind: ir.Integer, Name: "unsigned short", Bytes: 2}
	case 4:
		return &ir.Basic{Kind: ir.Integer, Name: "unsigned int", Bytes: 4}
	}
	return &ir.Basic{Kind: ir.Integer, Name: "unsigned long", Bytes: bytes}
}

func (f *fnBuilder) loadBitField(lv *lvalue, pos ir.Pos) ir.Expr {
	unit, shift, mask := f.bitUnit(lv)
	raw := f.temp(unsignedOf(unit), pos)
	f.emit(&ir.Load{Dst: raw, Access: f.access(lv, unit, pos)})
	var val ir.Expr = raw
	if shift > 0 {
		val = ir.Bin(ir.OpShr, val, ir.IntConst(shift))
	}
	val = ir.Bin(ir.OpAnd, val, ir.IntConst(mask))
	dst := f.temp(f.b.tc.conv(lv.bf.Type()), pos)
	f.emit(&ir.Assign{Dst: dst, Src: val, P: pos})
	if cc.IsSignedInteger(lv.bf.Type()) && mask > 0 {
		// Sign-extend: values with the top bit set are negative.
		sign := (mask + 1) / 2
		s := f.temp(f.b.tc.conv(lv.bf.Type()), pos)
		f.emit(&ir.Assign{Dst: s, Src: &ir.Ite{Cond: ir.Bin(ir.OpGe, dst, ir.IntConst(sign)), Then: ir.Bin(ir.OpSub, dst, ir.IntConst(mask+1)), Else: dst}, P: pos})
		return s
	}
	return dst
}

func (f *fnBuilder) storeBitField(lv *lvalue, val ir.Expr, pos ir.Pos) {
	unit, shift, mask := f.bitUnit(lv)
	raw := f.temp(unsignedOf(unit), pos)
	rmw := f.access(lv, unit, pos)
	rmw.RMW = true
	f.emit(&ir.Load{Dst: raw, Access: rmw})
	inPlace := mask << uint(shift)
	var all int64 = -1
	if unit < 8 {
		all = (int64(1) << uint(8*unit)) - 1
	}
	keep := ir.Bin(ir.OpAnd, raw, &ir.Const{Val: all &^ inPlace, Unsigned: true})
	var field ir.Expr
	if c, ok := val.(*ir.Const); ok && !c.Unsigned {
		field = ir.IntConst((c.Val & mask) << uint(shift))
	} else {
		field = ir.Bin(ir.OpAnd, val, ir.IntConst(mask))
		if shift > 0 {
			field = ir.Bin(ir.OpShl, field, ir.IntConst(shift))
		}
	}
	f.emit(&ir.Store{Val: ir.Bin(ir.OpOr, keep, field), Access: f.access(lv, unit, pos)})
}
