package frontend

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// leaves returns the expression initialisers under init, in source order.
// Their offsets are from the start of the object being initialised.
func leaves(init *cc.Initializer, out []*cc.Initializer) []*cc.Initializer {
	if init == nil {
		return out
	}
	if init.Case == cc.InitializerExpr {
		return append(out, init)
	}
	return listLeaves(init.InitializerList, out)
}

func listLeaves(l *cc.InitializerList, out []*cc.Initializer) []*cc.Initializer {
	for ; l != nil; l = l.InitializerList {
		out = leaves(l.Initializer, out)
	}
	return out
}

// leafName is the member a leaf initialises ("" for an array element).
func leafName(in *cc.Initializer) string {
	if fld := in.Field(); fld != nil {
		return fld.Name()
	}
	return ""
}

// pathAt returns the C designator path (".driver.pm", "[2].name") of the
// cell of type leaf at byte offset off in an object of type t, whose last
// member is named name (or an array element when name is ""), and the
// struct and member of the last member selection.
func pathAt(t ir.Type, off int64, leaf ir.Type, name string) (path string, strct *ir.Struct, field string) {
	p, s, fld, ok := descend(t, off, leaf, name, nil, "", 0)
	if !ok {
		return fmt.Sprintf("+%d", off), nil, ""
	}
	return p, s, fld
}

func descend(t ir.Type, off int64, leaf ir.Type, name string, strct *ir.Struct, field string, depth int) (string, *ir.Struct, string, bool) {
	if depth > 64 {
		return "", nil, "", false
	}
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		for _, f := range u.Fields {
			size := f.Type.Size()
			if off < f.Offset || (size > 0 && off >= f.Offset+size) || (size <= 0 && off != f.Offset) {
				continue
			}
			if f.Name == "" {
				s, fl := strct, field
				if s == nil {
					s = u
				}
				if p, ps, pf, ok := descend(f.Type, off-f.Offset, leaf, name, s, fl, depth+1); ok {
					return p, ps, pf, true
				}
				continue
			}
			if p, ps, pf, ok := descend(f.Type, off-f.Offset, leaf, name, u, "."+f.Name, depth+1); ok {
				return "." + f.Name + p, ps, pf, true
			}
		}
	case *ir.Array:
		if es := u.Elem.Size(); es > 0 && (u.Len < 0 || off < u.Len*es) {
			i := off / es
			if p, ps, pf, ok := descend(u.Elem, off-i*es, leaf, name, strct, field, depth+1); ok {
				return "[" + strconv.FormatInt(i, 10) + "]" + p, ps, pf, true
			}
		}
	}
	if off == 0 && sameType(t, leaf) && (name == "" || field == "."+name) {
		return "", strct, field, true
	}
	return "", nil, "", false
}

// sameType reports whether a and b are the same struct, or both scalars of
// the same size, or arrays of the same element size.
func sameType(a, b ir.Type) bool {
	ua, ub := ir.Unnamed(a), ir.Unnamed(b)
	if sa, ok := ua.(*ir.Struct); ok {
		return sa == ub
	}
	if _, ok := ub.(*ir.Struct); ok {
		return false
	}
	_, aa := ua.(*ir.Array)
	_, ba := ub.(*ir.Array)
	if aa != ba {
		return false
	}
	return a.Size() == b.Size() || aa && ba
}

// staticInit flattens the initialiser of a static object into scalar
// cells. Cells not listed are zero.
func (b *builder) staticInit(o *ir.Object, t cc.Type, init *cc.Initializer) []ir.Init {
	irT := b.tc.conv(t)
	var cells []ir.Init
	for _, in := range leaves(init, nil) {
		b.staticRange(o, irT, in, in.Offset(), &cells)
	}
	sort.SliceStable(cells, func(i, j int) bool { return cells[i].Offset < cells[j].Offset })
	return mergeBitFieldCells(cells)
}

// maxRangeCells bounds the elements a GNU range designator
// ([lo ... hi] = v) may initialise in a static object.
const maxRangeCells = 1 << 16

// staticRange adds the cells of one leaf, repeated for each element of a
// range designator.
func (b *builder) staticRange(o *ir.Object, top ir.Type, in *cc.Initializer, off int64, cells *[]ir.Init) {
	n, size := in.Len(), in.Type().Size()
	if n <= 1 || size <= 0 {
		b.staticLeaf(o, top, in, off, cells)
		return
	}
	if n > maxRangeCells {
		// Cells not listed are zero: a zero range needs none.
		var first []ir.Init
		b.staticLeaf(o, top, in, off, &first)
		if allZero(first) {
			return
		}
		failf(posOf(in), "unsupported: range designator initialising %d elements with a non-zero value (at most %d)", n, maxRangeCells)
	}
	for k := int64(0); k < n; k++ {
		b.staticLeaf(o, top, in, off+k*size, cells)
	}
}

func allZero(cells []ir.Init) bool {
	for _, c := range cells {
		if k, ok := c.Value.(*ir.Const); !ok || k.Val != 0 {
			return false
		}
	}
	return true
}

func (b *builder) staticLeaf(o *ir.Object, top ir.Type, in *cc.Initializer, off int64, cells *[]ir.Init) {
	e := in.AssignmentExpression
	lt := in.Type()
	pos := posOf(e)
	leafT := b.tc.conv(lt)
	path, _, _ := pathAt(top, off, leafT, leafName(in))
	if lt.Kind() == cc.Array {
		// A string literal initialising a character array: one cell per byte.
		if p, ok := strip(e).(*cc.PrimaryExpression); ok && (p.Case == cc.PrimaryExpressionString || p.Case == cc.PrimaryExpressionLString) {
			data, _ := stringData(p)
			esz := pointeeSize(lt)
			et := b.tc.conv(lt.(*cc.ArrayType).Elem())
			n := lt.Size() / esz
			for i, r := range []byte(data) {
				if esz > 1 {
					break
				}
				if int64(i) >= n && n > 0 {
					break
				}
				*cells = append(*cells, ir.Init{Offset: off + int64(i), Path: path + "[" + strconv.Itoa(i) + "]", Type: et, Value: ir.IntConst(int64(r)), Pos: pos})
			}
			return
		}
	}
	if lt.Kind() == cc.Struct || lt.Kind() == cc.Union {
		// An aggregate from a compound literal: its own leaves.
		if pe, ok := strip(e).(*cc.PostfixExpression); ok && pe.Case == cc.PostfixExpressionComplit {
			for _, sub := range listLeaves(pe.InitializerList, nil) {
				b.staticRange(o, top, sub, off+sub.Offset(), cells)
			}
			return
		}
		failf(pos, "unsupported static initialiser of %s: %s", leafT, exprText(e))
	}
	v := b.constAddr(e, pos)
	if v == nil {
		if isFloat(lt) || isFloat(e.Type()) {
			b.prog.Warnings = append(b.prog.Warnings, ir.Diagnostic{Pos: pos, Msg: fmt.Sprintf("floating-point initialiser of %s%s ignored", o.Name, path)})
			return
		}
		failf(pos, "unsupported static initialiser %s", exprText(e))
	}
	if lt.Kind() == cc.Bool {
		if c, ok := v.(*ir.Const); ok && c.Val != 0 {
			v = ir.IntConst(1)
		}
	}
	if fld := in.Field(); fld != nil && fld.IsBitfield() {
		// Stored into the field's bits of its storage unit; merged below.
		c, ok := v.(*ir.Const)
		if !ok {
			failf(pos, "non-constant bit-field initialiser")
		}
		unit := fld.AccessBytes()
		if unit <= 0 {
			unit = fld.Type().Size()
		}
		mask := (int64(1) << uint(fld.ValueBits())) - 1
		*cells = append(*cells, ir.Init{Offset: off, Path: path, Type: unsignedOf(unit),
			Value: &ir.Const{Val: (c.Val & mask) << uint(fld.OffsetBits()), Unsigned: true}, Pos: pos})
		return
	}
	*cells = append(*cells, ir.Init{Offset: off, Path: path, Type: leafT, Value: v, Pos: pos})
}

// mergeBitFieldCells combines bit-field cells of one storage unit into a
// single cell (their bits are disjoint).
func mergeBitFieldCells(cells []ir.Init) []ir.Init {
	out := cells[:0]
	for _, c := range cells {
		if n := len(out); n > 0 && out[n-1].Offset == c.Offset {
			p, ok1 := out[n-1].Value.(*ir.Const)
			q, ok2 := c.Value.(*ir.Const)
			if ok1 && ok2 && p.Unsigned && q.Unsigned && out[n-1].Type.Size() == c.Type.Size() {
				out[n-1].Value = &ir.Const{Val: p.Val | q.Val, Unsigned: true}
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// constAddr evaluates an address or integer constant expression of a
// static initialiser: a *Const, an *Object or *Function, or
// Binary{OpAdd, object, *Const}. It returns nil if e is not one.
func (b *builder) constAddr(e cc.ExpressionNode, pos ir.Pos) ir.Expr {
	if c, ok := constOf(e); ok {
		return c
	}
	if u, ok := strip(e).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionLabelAddr && b.curFn != nil {
		return b.curFn.labelAddr(u.Token2.SrcStr(), pos)
	}
	if d, ok := b.addrDiff(e, pos); ok {
		return ir.IntConst(d)
	}
	obj, off, ok := b.addrConst(e, pos)
	if !ok {
		return nil
	}
	if off == 0 {
		return obj
	}
	if _, isFn := obj.(*ir.Function); isFn {
		return nil
	}
	return ir.Bin(ir.OpAdd, obj, ir.IntConst(off))
}

// addrConst evaluates e as a constant address: an object or function plus
// a byte offset. Every address constant GNU C accepts: &lvalue, an array
// (named, a member, a row of an array of arrays, *p of a pointer to an
// array) or function designator, casts, pointer or integer arithmetic with
// constants, ?: with a constant condition, a comma expression, _Generic.
func (b *builder) addrConst(e cc.ExpressionNode, pos ir.Pos) (ir.Expr, int64, bool) {
	e = strip(e)
	if undecayed(e).Kind() == cc.Array {
		return b.lvalueConst(e, pos)
	}
	switch x := e.(type) {
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && !isFloat(x.Type()) {
			return b.addrConst(x.CastExpression, pos)
		}
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if ok && d != nil && d.Type().Kind() == cc.Function {
				return b.funcByDecl(d, pos), 0, true
			}
		case cc.PrimaryExpressionGeneric:
			if a := x.GenericSelection.Associated(); a != nil {
				return b.addrConst(a.AssignmentExpression, pos)
			}
		}
	case *cc.ExpressionList:
		// (a, b): the operands before the last are constants without
		// effects in a static initialiser.
		for l := x; l != nil; l = l.ExpressionList {
			if l.ExpressionList == nil {
				return b.addrConst(l.AssignmentExpression, pos)
			}
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionAddrof:
			return b.lvalueConst(x.CastExpression, pos)
		case cc.UnaryExpressionDeref:
			if x.Type().Kind() == cc.Function || isFuncPtr(x.Type()) {
				return b.addrConst(x.CastExpression, pos) // *f is f
			}
		}
	case *cc.AdditiveExpression:
		if x.Case != cc.AdditiveExpressionAdd && x.Case != cc.AdditiveExpressionSub {
			break
		}
		// address ± constant, constant + address; integer arithmetic on an
		// address cast to an integer steps by bytes.
		l, r := x.AdditiveExpression, cc.ExpressionNode(x.MultiplicativeExpression)
		if c, ok := constOf(r); ok {
			if obj, off, ok := b.addrConst(l, pos); ok {
				d := c.Val * stepOf(l.Type())
				if x.Case == cc.AdditiveExpressionSub {
					d = -d
				}
				return obj, off + d, true
			}
		}
		if c, ok := constOf(l); ok && x.Case == cc.AdditiveExpressionAdd {
			if obj, off, ok := b.addrConst(r, pos); ok {
				return obj, off + c.Val*stepOf(r.Type()), true
			}
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond {
			if c, ok := constOf(x.LogicalOrExpression); ok {
				if c.Val != 0 {
					return b.addrConst(x.ExpressionList, pos)
				}
				return b.addrConst(x.ConditionalExpression, pos)
			}
			if isStringLiteral(x.LogicalOrExpression) {
				// A string literal is a non-null address: lkdtm's
				// CRASHPOINT_WRITE(sym), (sym) ? a : b with sym "do_IRQ".
				return b.addrConst(x.ExpressionList, pos)
			}
			return b.sameArmsAddr(x, pos)
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionComplit && undecayed(x).Kind() == cc.Array {
			return b.staticComplit(x), 0, true
		}
	}
	return nil, 0, false
}

// isStringLiteral reports whether e is a string literal, parentheses and
// casts aside.
func isStringLiteral(e cc.ExpressionNode) bool {
	for {
		switch x := strip(e).(type) {
		case *cc.PrimaryExpression:
			return x.Case == cc.PrimaryExpressionString || x.Case == cc.PrimaryExpressionLString
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionCast {
				return false
			}
			e = x.CastExpression
		default:
			return false
		}
	}
}

// addrDiff evaluates the difference of two constant addresses in one
// object (&a[3] - &a[0]), in elements for pointers, bytes for integers.
func (b *builder) addrDiff(e cc.ExpressionNode, pos ir.Pos) (int64, bool) {
	x, ok := strip(e).(*cc.AdditiveExpression)
	if !ok || x.Case != cc.AdditiveExpressionSub {
		return 0, false
	}
	lt, rt := x.AdditiveExpression.Type(), x.MultiplicativeExpression.Type()
	if isPtr(lt) != isPtr(rt) {
		return 0, false
	}
	lo, loff, ok1 := b.addrConst(x.AdditiveExpression, pos)
	ro, roff, ok2 := b.addrConst(x.MultiplicativeExpression, pos)
	if !ok1 || !ok2 || lo != ro {
		return 0, false
	}
	return (loff - roff) / stepOf(lt), true
}

// stepOf is the byte step of adding 1 to a value of type t: the element
// size for pointers, 1 for integers.
func stepOf(t cc.Type) int64 {
	if isPtr(t) {
		return pointeeSize(t)
	}
	return 1
}

// lvalueConst evaluates the address of a static lvalue.
func (b *builder) lvalueConst(e cc.ExpressionNode, pos ir.Pos) (ir.Expr, int64, bool) {
	switch x := strip(e).(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if !ok || d == nil {
				return nil, 0, false
			}
			if d.Type().Kind() == cc.Function {
				return b.funcByDecl(d, pos), 0, true
			}
			if d.StorageDuration() != cc.Static {
				return nil, 0, false
			}
			return b.objectOfStatic(d), 0, true
		case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
			return b.stringLiteral(x), 0, true
		case cc.PrimaryExpressionGeneric:
			if a := x.GenericSelection.Associated(); a != nil {
				return b.lvalueConst(a.AssignmentExpression, pos)
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect:
			if fld := x.Field(); fld != nil {
				if obj, off, ok := b.lvalueConst(x.PostfixExpression, pos); ok {
					return obj, off + fld.Offset(), true
				}
			}
		case cc.PostfixExpressionPSelect:
			if fld := x.Field(); fld != nil {
				if obj, off, ok := b.addrConst(x.PostfixExpression, pos); ok {
					return obj, off + fld.Offset(), true
				}
			}
		case cc.PostfixExpressionIndex:
			base, idx := x.PostfixExpression, x.ExpressionList
			if cc.IsIntegerType(base.Type()) {
				base, idx = idx, base
			}
			c, ok := constOf(idx)
			if !ok {
				return nil, 0, false
			}
			var obj ir.Expr
			var off int64
			if undecayed(base).Kind() == cc.Array {
				obj, off, ok = b.lvalueConst(base, pos)
			} else {
				obj, off, ok = b.addrConst(base, pos)
			}
			if ok {
				return obj, off + c.Val*elemSize(undecayed(x)), true
			}
		case cc.PostfixExpressionComplit:
			return b.staticComplit(x), 0, true
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			return b.addrConst(x.CastExpression, pos)
		}
	}
	return nil, 0, false
}

// objectOfStatic returns the object of a declarator with static storage.
func (b *builder) objectOfStatic(d *cc.Declarator) *ir.Object {
	if d.Linkage() == cc.None {
		if o, ok := b.statics[d]; ok {
			return o
		}
		// A block-scope static referenced from a static initialiser before
		// its function is lowered.
		o := &ir.Object{Name: "static." + d.Name(), Kind: ir.GlobalObj, CType: b.tc.conv(d.Type()), Bytes: sizeOf(d.Type()), Pos: posOf(d), Static: true}
		b.statics[d] = o
		b.newGlobal(o)
		return o
	}
	return b.objectByDecl(d)
}

// staticComplit creates the anonymous global of a compound literal in a
// static initialiser.
func (b *builder) staticComplit(x *cc.PostfixExpression) *ir.Object {
	b.ncompl++
	t := undecayed(x)
	o := &ir.Object{Name: fmt.Sprintf("complit.%d", b.ncompl), Kind: ir.GlobalObj, CType: b.tc.conv(t), Bytes: sizeOf(t), Pos: posOf(x), Static: true}
	b.newGlobal(o)
	irT := b.tc.conv(t)
	var cells []ir.Init
	for _, in := range listLeaves(x.InitializerList, nil) {
		b.staticRange(o, irT, in, in.Offset(), &cells)
	}
	sort.SliceStable(cells, func(i, j int) bool { return cells[i].Offset < cells[j].Offset })
	o.Init = mergeBitFieldCells(cells)
	return o
}

// Initialisers of automatic objects become stores.

// scalarInit evaluates the initialiser of a scalar.
func (f *fnBuilder) scalarInit(init *cc.Initializer, t cc.Type) ir.Expr {
	ls := leaves(init, nil)
	if len(ls) == 0 {
		return ir.IntConst(0)
	}
	e := ls[0].AssignmentExpression
	v := f.convert(f.rvalue(e), e.Type(), t, posOf(e), false)
	if v == nil {
		return ir.IntConst(0)
	}
	return v
}

// initObject initialises the object at dst (of type t): cells the
// initialiser does not mention are zeroed first, then each initialiser
// expression is evaluated and stored, in source order.
func (f *fnBuilder) initObject(dst *lvalue, t cc.Type, init *cc.Initializer, pos ir.Pos) {
	if init.Case == cc.InitializerExpr && !isAggregate(t) {
		e := init.AssignmentExpression
		f.store(dst, f.convert(f.rvalue(e), e.Type(), t, posOf(e), false), pos)
		return
	}
	f.initLeaves(dst, t, leaves(init, nil), pos)
}

func (f *fnBuilder) initLeaves(dst *lvalue, t cc.Type, ls []*cc.Initializer, pos ir.Pos) {
	irT := f.b.tc.conv(t)
	text := f.lvText(dst)
	if isAggregate(t) {
		type span struct{ lo, hi int64 }
		var covered []span
		for _, in := range ls {
			if fld := in.Field(); fld != nil && fld.IsBitfield() {
				continue // inserted into its zeroed storage unit
			}
			s := in.Type().Size()
			if s <= 0 {
				s = 1
			}
			covered = append(covered, span{in.Offset(), in.Offset() + s*in.Len()})
		}
		for _, c := range f.b.cellsOf(irT) {
			// A scalar cell an initialiser overlaps is written by it; an
			// opaque range is skipped only when one initialiser covers it.
			hit := false
			for _, s := range covered {
				if c.typ != nil && s.lo < c.off+c.size && c.off < s.hi || c.typ == nil && s.lo <= c.off && c.off+c.size <= s.hi {
					hit = true
					break
				}
			}
			if hit {
				continue
			}
			cl := f.cellLV(dst, text, c)
			if c.typ == nil {
				f.touch(cl, c.size, true, pos)
				continue
			}
			f.emit(&ir.Store{Val: ir.IntConst(0), Access: f.access(cl, c.size, pos)})
		}
	}
	for _, in := range ls {
		f.initLeaf(dst, irT, text, in)
	}
}

func (f *fnBuilder) initLeaf(dst *lvalue, top ir.Type, text string, in *cc.Initializer) {
	if n := in.Len(); n > 1 {
		f.initRange(dst, top, text, in, n)
		return
	}
	e := in.AssignmentExpression
	pos := posOf(e)
	lt := in.Type()
	leafT := f.b.tc.conv(lt)
	path, strct, field := pathAt(top, in.Offset(), leafT, leafName(in))
	lv := &lvalue{addr: addOff(dst.addr, in.Offset()), ct: lt, text: withPath(text, path), vol: dst.vol, strct: strct, field: field}
	if fld := in.Field(); fld != nil && fld.IsBitfield() {
		lv.bf = fld // at its storage unit, in.Offset()
	}
	if lt.Kind() == cc.Array {
		if p, ok := strip(e).(*cc.PrimaryExpression); ok && (p.Case == cc.PrimaryExpressionString || p.Case == cc.PrimaryExpressionLString) {
			data, _ := stringData(p)
			n := lt.Size()
			et := lt.(*cc.ArrayType).Elem()
			if pointeeSize(lt) != 1 {
				f.touch(lv, n, true, pos)
				return
			}
			// The characters and the NUL, then zeros to the end.
			stored := int64(len(data)) + 1
			if stored > n {
				stored = n
			}
			if rest := n - stored; rest > maxArrayCells {
				f.touch(f.at(lv, stored, "["+strconv.FormatInt(stored, 10)+"]", et), rest, true, pos)
			} else {
				stored = n
			}
			for i := int64(0); i < stored; i++ {
				var ch int64
				if i < int64(len(data)) {
					ch = int64(data[i])
				}
				el := &lvalue{addr: addOff(lv.addr, i), ct: et, text: lv.text + "[" + strconv.FormatInt(i, 10) + "]", vol: lv.vol, strct: strct, field: field}
				f.store(el, ir.IntConst(ch), pos)
			}
			return
		}
	}
	if isAggregate(lt) {
		f.copyAggregate(lv, f.lval(e), pos)
		return
	}
	f.store(lv, f.convert(f.rvalue(e), e.Type(), lt, pos, false), pos)
}

// initRange lowers a GNU range designator [lo ... hi] = v in an automatic
// object: v is evaluated once and stored in each element; a range of more
// than maxArrayCells elements is one Touch write (its values are lost).
func (f *fnBuilder) initRange(dst *lvalue, top ir.Type, text string, in *cc.Initializer, n int64) {
	e := in.AssignmentExpression
	pos := posOf(e)
	lt := in.Type()
	size := lt.Size()
	path, strct, field := pathAt(top, in.Offset(), f.b.tc.conv(lt), "")
	first := &lvalue{addr: addOff(dst.addr, in.Offset()), ct: lt, text: withPath(text, path), vol: dst.vol, strct: strct, field: field}
	if n > maxArrayCells || isAggregate(lt) || size <= 0 {
		f.effect(e)
		f.touch(first, n*size, true, pos)
		return
	}
	v := f.convert(f.rvalue(e), e.Type(), lt, pos, false) // stores assign no variable
	for k := int64(0); k < n; k++ {
		p, s, fl := pathAt(top, in.Offset()+k*size, f.b.tc.conv(lt), "")
		f.store(&lvalue{addr: addOff(dst.addr, in.Offset()+k*size), ct: lt, text: withPath(text, p), vol: dst.vol, strct: s, field: fl}, v, pos)
	}
}

// complit lowers a compound literal in a function: a fresh frame object,
// initialised in place.
func (f *fnBuilder) complit(x *cc.PostfixExpression) *lvalue {
	pos := posOf(x)
	t := undecayed(x)
	o := f.frameObject("complit", t, pos)
	lv := &lvalue{addr: o, ct: t, text: "(" + f.b.tc.conv(t).String() + "){...}"}
	if isAggregate(t) {
		f.initLeaves(lv, t, listLeaves(x.InitializerList, nil), pos)
	} else if ls := listLeaves(x.InitializerList, nil); len(ls) > 0 {
		e := ls[0].AssignmentExpression
		f.store(lv, f.convert(f.rvalue(e), e.Type(), t, pos, false), pos)
	} else {
		f.store(lv, ir.IntConst(0), pos)
	}
	return lv
}
