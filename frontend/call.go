package frontend

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
	"modernc.org/cc/v4"
)

// calleeDecl returns the function declarator a callee expression names
// directly (f, (f), &f, *f), or nil for a call through a pointer.
func calleeDecl(n cc.ExpressionNode) *cc.Declarator {
	for {
		switch x := strip(n).(type) {
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				if d, ok := x.ResolvedTo().(*cc.Declarator); ok && d != nil && d.Type().Kind() == cc.Function {
					return d
				}
			}
			return nil
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionAddrof || x.Case == cc.UnaryExpressionDeref {
				n = x.CastExpression
				continue
			}
			return nil
		default:
			return nil
		}
	}
}

func args(l *cc.ArgumentExpressionList) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for ; l != nil; l = l.ArgumentExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// calleeType returns the function type a call goes through.
func calleeType(n cc.ExpressionNode) *cc.FunctionType {
	t := n.Type()
	if pt, ok := t.(*cc.PointerType); ok {
		t = pt.Elem()
	}
	ft, _ := t.(*cc.FunctionType)
	return ft
}

// call lowers a function call. Kernel helpers from models.HelperFor get one
// Touch per memory effect before the Call. A struct argument is copied into
// a fresh frame object whose address is passed; a struct result is the
// address the callee returns (for external callees: a frame object with
// arbitrary contents).
func (f *fnBuilder) call(x *cc.PostfixExpression, discard bool) ir.Expr {
	pos := posOf(x)
	calleeNode := x.PostfixExpression
	argNodes := args(x.ArgumentExpressionList)
	d := calleeDecl(calleeNode)
	if d != nil {
		if v, done := f.builtin(d.Name(), x, argNodes, discard); done {
			return v
		}
	}
	ft := calleeType(calleeNode)
	var callee *ir.Function
	var fnExpr ir.Expr
	if d != nil {
		callee = f.b.funcByDecl(d, pos)
	} else {
		fnExpr = f.rvalue(calleeNode)
		for _, a := range argNodes {
			if f.mayAssignVars(a) {
				fnExpr = f.stable(fnExpr, calleeNode.Type(), pos)
				break
			}
		}
	}
	var params []*cc.Parameter
	if ft != nil {
		params = ft.Parameters()
		if len(params) == 1 && params[0].Type().Kind() == cc.Void {
			params = nil
		}
	}
	vals, lvs := f.callArgs(argNodes, params, pos)
	if callee != nil {
		vals = f.fitArity(callee, vals, pos)
		if callee.External() {
			if h, ok := models.HelperFor(callee.Name); ok && f.b.byFunc[callee].def == nil {
				f.touches(callee.Name, h, argNodes, vals, lvs, pos)
			} else if f.b.st.cfg.KernelCallsTouch && f.b.byFunc[callee].def == nil && !models.Describes(callee.Name) {
				f.opaqueTouches(callee.Name, params, argNodes, vals, lvs, pos)
			}
		}
	} else if f.b.st.cfg.KernelCallsTouch {
		// The target may be a kernel function (through a kernel ops
		// table); when it is the driver's, the touches only add accesses.
		f.opaqueTouches(exprText(calleeNode), params, argNodes, vals, lvs, pos)
	}
	var rt cc.Type
	if ft != nil {
		rt = ft.Result()
	}
	result := f.emitCall(&ir.Call{Callee: callee, Fn: fnExpr, Args: vals, P: pos}, rt, discard)
	if callee != nil && callee.NoReturn {
		f.terminate(&ir.Unreachable{P: pos})
	}
	return result
}

// callArgs evaluates a call's arguments in order: an aggregate is
// passed as a copy, &object and an array as the object's address (lvs
// keeps their lvalues, for a helper's touches), the rest converted to
// their parameter's type. An argument that may assign variables makes
// the values before it stable first.
func (f *fnBuilder) callArgs(argNodes []cc.ExpressionNode, params []*cc.Parameter, pos ir.Pos) ([]ir.Expr, []*lvalue) {
	vals := make([]ir.Expr, len(argNodes))
	lvs := make([]*lvalue, len(argNodes))
	for i, a := range argNodes {
		if i > 0 && f.mayAssignVars(a) {
			for j := 0; j < i; j++ {
				vals[j] = f.stable(vals[j], argNodes[j].Type(), pos)
			}
		}
		at := a.Type()
		switch {
		case at.Kind() == cc.Struct || at.Kind() == cc.Union:
			src := f.lval(a)
			tmp := f.frameObject("arg", at, pos)
			f.copyAggregate(&lvalue{addr: tmp, ct: at, text: exprText(a)}, src, posOf(a))
			vals[i] = tmp
		case addrOperand(a) != nil && !isFuncDesignator(addrOperand(a)):
			lv := f.lval(addrOperand(a))
			if lv.v != nil || lv.bf != nil {
				vals[i] = f.rvalue(a)
			} else {
				lvs[i] = lv
				vals[i] = lv.addr
			}
		case undecayed(a).Kind() == cc.Array:
			lv := f.lval(a)
			lvs[i] = lv
			vals[i] = lv.addr
		default:
			v := f.rvalue(a)
			if i < len(params) {
				v = f.convert(v, at, params[i].Type(), posOf(a), false)
			} else if at.Kind() == cc.Void || v == nil {
				v = ir.IntConst(0)
			}
			vals[i] = v
		}
	}
	return vals, lvs
}

// emitCall emits c and gives its result, of C type rt: none for void
// or a discarded scalar; an aggregate a kernel function returns is a
// fresh frame object of unknown contents, one a driver function returns
// is reached through a pointer.
func (f *fnBuilder) emitCall(c *ir.Call, rt cc.Type, discard bool) ir.Expr {
	var result ir.Expr
	switch {
	case rt == nil || rt.Kind() == cc.Void:
	case isAggregate(rt):
		if c.Callee != nil && f.b.byFunc[c.Callee].def == nil {
			f.emit(c)
			o := f.frameObject("result", rt, c.P)
			f.havocObject(&lvalue{addr: o, ct: rt, text: c.Callee.Name + "()"}, c.P)
			return o
		}
		dst := f.temp(&ir.Pointer{Elem: f.b.tc.conv(rt)}, c.P)
		c.Dst = dst
		result = dst
	case !discard:
		dst := f.temp(f.b.tc.conv(rt), c.P)
		c.Dst = dst
		result = dst
	}
	f.emit(c)
	return result
}

func isFuncDesignator(n cc.ExpressionNode) bool {
	if p, ok := strip(n).(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		if d, ok := p.ResolvedTo().(*cc.Declarator); ok && d != nil {
			return d.Type().Kind() == cc.Function
		}
	}
	return false
}

// fitArity makes the argument list match the callee's parameters where the
// IR requires it: a defined function gets exactly its parameters (extra
// arguments of a variadic call were evaluated and are dropped; missing ones
// of an unprototyped call are arbitrary), a prototyped external exactly its
// prototype's.
func (f *fnBuilder) fitArity(callee *ir.Function, vals []ir.Expr, pos ir.Pos) []ir.Expr {
	sig := callee.Sig
	defined := f.b.byFunc[callee].def != nil
	want := -1
	switch {
	case defined:
		want = len(sig.Params)
	case sig != nil && !sig.Variadic && !callee.Synthetic:
		want = len(sig.Params)
	}
	if want < 0 || len(vals) == want {
		return vals
	}
	if len(vals) > want {
		return vals[:want]
	}
	for len(vals) < want {
		vals = append(vals, f.havocTemp(sig.Params[len(vals)], pos))
	}
	return vals
}

// opaqueTouches emits what a kernel function no table describes may do
// with its pointer arguments when the kernel-calls assumption is dropped:
// read the object each points to, of unknown length, and write it unless
// the parameter points to const (a variadic argument is only read, as
// printk's are).
func (f *fnBuilder) opaqueTouches(name string, params []*cc.Parameter, argNodes []cc.ExpressionNode, vals []ir.Expr, lvs []*lvalue, pos ir.Pos) {
	for i, an := range argNodes {
		if i >= len(vals) {
			break
		}
		var elem cc.Type
		switch t := an.Type().(type) {
		case *cc.PointerType:
			elem = t.Elem()
		case *cc.ArrayType:
			elem = t.Elem()
		}
		if elem == nil || elem.Kind() == cc.Function {
			continue
		}
		if _, isConst := vals[i].(*ir.Const); isConst {
			continue // NULL or a number
		}
		if o, ok := vals[i].(*ir.Object); ok && o.Kind == ir.StringObj {
			continue // a string literal: nothing writes it, so reading it races with nothing
		}
		write := false
		if i < len(params) {
			if ppt, ok := params[i].Type().(*cc.PointerType); ok {
				write = !ppt.Elem().Attributes().IsConst()
			}
		}
		a := ir.Access{Addr: vals[i], Mode: ir.Plain, Size: -1, P: pos,
			LValue: name + "(" + exprText(an) + ")", Site: f.b.prog.NewSite()}
		if lv := lvs[i]; lv != nil {
			a.Struct, a.Field = lv.strct, lv.field
		}
		f.emit(&ir.Touch{Write: write, Access: a})
	}
}

// touches emits the memory effects of kernel helper name on its pointer
// arguments.
func (f *fnBuilder) touches(name string, h models.Helper, argNodes []cc.ExpressionNode, vals []ir.Expr, lvs []*lvalue, pos ir.Pos) {
	for _, acc := range h.Accesses {
		f.helperTouch(name, acc, argNodes, vals, lvs, pos)
	}
	if h.Format != models.NoFormat {
		f.formatTouches(name, h, argNodes, vals, lvs, pos)
	}
}

// formatTouches emits what a formatted-I/O helper does through its
// variadic pointer arguments: what the conversions of a literal format
// say (models.FormatUses); with a format whoop cannot read, printf's
// family reads and scanf's writes what each pointer argument points to,
// of unknown length.
func (f *fnBuilder) formatTouches(name string, h models.Helper, argNodes []cc.ExpressionNode, vals []ir.Expr, lvs []*lvalue, pos ir.Pos) {
	first := h.FormatArg + 1
	if first > len(vals) || first > len(argNodes) {
		return
	}
	var uses []models.FormatUse
	known := false
	if o, ok := vals[h.FormatArg].(*ir.Object); ok && o.Kind == ir.StringObj {
		uses, known = models.FormatUses(h.Format, o.Data)
	}
	for i := first; i < len(vals) && i < len(argNodes); i++ {
		u := models.FormatUse{Access: true, Write: h.Format == models.ScanfFormat, Len: models.LenUnknown}
		if known {
			if i-first >= len(uses) {
				break // arguments no conversion takes
			}
			u = uses[i-first]
		}
		if !u.Access || !pointsToData(argNodes[i].Type()) {
			continue
		}
		if _, isConst := vals[i].(*ir.Const); isConst {
			continue // NULL or a number
		}
		if o, ok := vals[i].(*ir.Object); ok && o.Kind == ir.StringObj {
			continue // a string literal: nothing writes it
		}
		f.helperTouch(name, models.ArgAccess{Arg: i, Write: u.Write, Len: u.Len}, argNodes, vals, lvs, pos)
	}
}

// pointsToData reports whether an argument of type t points to an object
// (not a function).
func pointsToData(t cc.Type) bool {
	var elem cc.Type
	switch t := t.(type) {
	case *cc.PointerType:
		elem = t.Elem()
	case *cc.ArrayType:
		elem = t.Elem()
	}
	return elem != nil && elem.Kind() != cc.Function
}

// nullPage bounds the addresses a helper's constant pointer argument can
// name without an oops: the kernel maps nothing below 4096 (NULL plus an
// offset).
const nullPage = 4096

// helperTouch emits one memory effect acc of kernel helper name.
func (f *fnBuilder) helperTouch(name string, acc models.ArgAccess, argNodes []cc.ExpressionNode, vals []ir.Expr, lvs []*lvalue, pos ir.Pos) {
	if acc.Arg >= len(vals) || acc.Arg >= len(argNodes) {
		return
	}
	if c, ok := vals[acc.Arg].(*ir.Const); ok && c.Val >= 0 && c.Val < nullPage {
		// NULL (or a small number): the helper either tests it (kfree,
		// acpi_evaluate_object's optional buffers) or oopses; neither
		// touches memory another thread can race on.
		return
	}
	a := ir.Access{Addr: vals[acc.Arg], Mode: acc.Mode, P: pos, Free: acc.Frees}
	if a.Mode == ir.Atomic && f.b.st.cfg.AtomicsPlain {
		a.Mode = ir.Plain
	}
	switch acc.Len {
	case models.LenArg:
		a.Size = -1
		if acc.LenArg < len(vals) {
			a.Len = vals[acc.LenArg]
			if c, ok := a.Len.(*ir.Const); ok {
				a.Size = c.Val
			}
		}
	case models.LenPointee:
		a.Size = -1
		if pt, ok := argNodes[acc.Arg].Type().(*cc.PointerType); ok {
			if s := pt.Elem().Size(); s > 0 && pt.Elem().Kind() != cc.Void {
				a.Size = s
			}
		}
	case models.LenConst:
		a.Size = acc.Const
	default:
		a.Size = -1
	}
	argText := exprText(argNodes[acc.Arg])
	lv := lvs[acc.Arg]
	switch {
	case acc.Len == models.LenPointee && lv != nil:
		a.LValue = f.lvText(lv)
	case acc.Len == models.LenPointee:
		a.LValue = "*" + argText
	default:
		a.LValue = name + "(" + argText + ")"
	}
	if lv != nil {
		a.Struct, a.Field = lv.strct, lv.field
		if lv.vol && a.Mode == ir.Plain && !f.b.st.cfg.VolatilePlain {
			a.Mode = ir.Marked
		}
	}
	a.Site = f.b.prog.NewSite()
	f.emit(&ir.Touch{Write: acc.Write, Access: a})
}

// builtin lowers compiler builtins that are not ordinary calls. It reports
// false for everything else (including __builtin_memcpy and friends, which
// are ordinary helper calls).
func (f *fnBuilder) builtin(name string, x *cc.PostfixExpression, argNodes []cc.ExpressionNode, discard bool) (ir.Expr, bool) {
	pos := posOf(x)
	switch name {
	case "__builtin_expect", "__builtin_expect_with_probability", "__builtin_assume_aligned":
		if len(argNodes) == 0 {
			return ir.IntConst(0), true
		}
		v := f.value(argNodes[0], discard)
		for _, a := range argNodes[1:] {
			if f.mayAssignVars(a) {
				v = f.stable(v, argNodes[0].Type(), pos)
				f.effect(a)
			}
		}
		return v, true
	case "__builtin_constant_p", "__ccgo__types_compatible_p":
		if c, ok := intValue(x.Value()); ok {
			return c, true
		}
		return ir.IntConst(0), true
	case "__builtin_choose_expr":
		if len(argNodes) == 3 {
			if c, ok := intValue(argNodes[0].Value()); ok {
				if c.Val != 0 {
					return f.value(argNodes[1], discard), true
				}
				return f.value(argNodes[2], discard), true
			}
		}
		failf(pos, "__builtin_choose_expr with a non-constant condition")
	case "__builtin_unreachable", "__builtin_trap", "__builtin_abort":
		f.terminate(&ir.Unreachable{P: pos})
		return nil, true
	case "__builtin_va_start", "__builtin_va_end", "__builtin_prefetch", "__builtin_va_arg_impl":
		for _, a := range argNodes {
			f.effect(a)
		}
		if name == "__builtin_va_arg_impl" {
			return f.havocTemp(&ir.Pointer{Elem: voidType}, pos), true
		}
		return nil, true
	case "__builtin_object_size", "__builtin_dynamic_object_size":
		// Fortified string functions (6.12's fortify-string.h) ask for
		// the size of what a pointer points into: unknown, which gcc
		// answers with (size_t)-1 for types 0 and 1 (the largest size)
		// and 0 for types 2 and 3 (the smallest), so they check nothing.
		// The value is a size_t: as the int -1 it made a branch on
		// "== SIZE_MAX" dead, and every access in it with it. The
		// pointer goes nowhere.
		for _, a := range argNodes {
			f.effect(a)
		}
		if len(argNodes) == 2 {
			if c, ok := intValue(argNodes[1].Value()); ok && c.Val&2 != 0 {
				return ir.IntConst(0), true
			}
		}
		return &ir.Const{Val: -1, Unsigned: true}, true
	}
	return nil, false
}
