package regions

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// A9 and failed registrations (assumption failed-registration): a fresh
// object whose pointer went only to a registration that failed
// (models.FailedKeepsNothing: an Errno row that returned non-zero,
// device_create_with_groups that returned an error pointer) is
// unpublished again on the path that tests the failure: the kernel undid
// the registration and kept no pointer, so the error path's accesses,
// its kfree among them, are private (gpiod_export's kfree(data) after
// device_create_with_groups failed, 6.12 drivers/gpio/gpiolib-sysfs.c:646).
// freshState.via[s] names the result variable of the one registration
// call site s escaped through (1 + its index in freshFn.results; 0: it
// escaped some other way, or through two calls).

// failResult is a registration call's result variable and how it fails.
type failResult struct {
	idx int
	ptr bool // an error pointer, not a negative errno
}

// failedCall returns the result of call s when s is a registration whose
// failure keeps nothing.
func (f *freshFn) failedCall(s *ir.Call) (failResult, bool) {
	if f.results == nil || s.Dst == nil || s.Callee == nil || !s.Callee.External() {
		return failResult{}, false
	}
	r, ok := f.results[s.Dst]
	if !ok {
		return failResult{}, false
	}
	ptr, ok := models.FailedKeepsNothing(s.Callee.Name)
	return failResult{idx: r.idx, ptr: ptr}, ok && ptr == r.ptr
}

// findResults collects the result variables of fn's failure-undoing
// registration calls; a variable both kinds of call assign is left out.
func findResults(fn *ir.Function) map[*ir.Var]failResult {
	out := make(map[*ir.Var]failResult)
	bad := make(map[*ir.Var]bool)
	for _, b := range fn.Blocks {
		for _, s := range b.Stmts {
			c, ok := s.(*ir.Call)
			if !ok || c.Dst == nil || c.Callee == nil || !c.Callee.External() {
				continue
			}
			ptr, ok := models.FailedKeepsNothing(c.Callee.Name)
			if !ok {
				continue
			}
			if r, seen := out[c.Dst]; seen && r.ptr != ptr {
				bad[c.Dst] = true
				continue
			}
			if _, seen := out[c.Dst]; !seen {
				out[c.Dst] = failResult{idx: len(out), ptr: ptr}
			}
		}
	}
	for v := range bad {
		delete(out, v)
	}
	return out
}

// failureEdge reports which successor of b's If is the failure of the
// registration whose result variable the condition tests: then is true
// for Then. The condition is resolved through b's own copies (t := dev;
// c := IS_ERR's comparison).
func (f *freshFn) failureEdge(b *ir.Block) (r failResult, then bool, ok bool) {
	t, isIf := b.Term.(*ir.If)
	if !isIf || len(f.results) == 0 {
		return failResult{}, false, false
	}
	cond, neg := f.boolOf(b, t.Cond, 0)
	bin, isBin := cond.(*ir.Binary)
	if !isBin {
		return failResult{}, false, false
	}
	v, isVar := f.resolve(b, bin.X, 0).(*ir.Var)
	c, isConst := f.resolve(b, bin.Y, 0).(*ir.Const)
	if !isVar || !isConst {
		return failResult{}, false, false
	}
	r, ok = f.results[v]
	if !ok {
		return failResult{}, false, false
	}
	switch {
	case r.ptr && bin.Op == ir.OpGe && c.Val < 0 && c.Val >= -4095: // IS_ERR: >= (unsigned long)-MAX_ERRNO
		then = true
	case !r.ptr && c.Val == 0 && (bin.Op == ir.OpNe || bin.Op == ir.OpLt):
		then = true
	case !r.ptr && c.Val == 0 && bin.Op == ir.OpEq:
		then = false
	default:
		return failResult{}, false, false
	}
	return r, then != neg, true
}

// boolOf strips the int-bool conversions of a condition: (c ? 1 : 0) != 0
// is c, (c ? 1 : 0) == 0 and !c are c negated (neg).
func (f *freshFn) boolOf(b *ir.Block, e ir.Expr, depth int) (ir.Expr, bool) {
	if depth > 8 {
		return e, false
	}
	e = f.resolve(b, e, 0)
	switch x := e.(type) {
	case *ir.Unary:
		if x.Op == ir.OpNot {
			c, neg := f.boolOf(b, x.X, depth+1)
			return c, !neg
		}
	case *ir.Ite:
		if isConst(x.Then, 1) && isConst(x.Else, 0) {
			return f.boolOf(b, x.Cond, depth+1)
		}
	case *ir.Binary:
		if (x.Op == ir.OpNe || x.Op == ir.OpEq) && isConst(f.resolve(b, x.Y, 0), 0) {
			if _, isCond := f.resolve(b, x.X, 0).(*ir.Ite); isCond {
				c, neg := f.boolOf(b, x.X, depth+1)
				return c, neg != (x.Op == ir.OpEq)
			}
		}
	}
	return e, false
}

func isConst(e ir.Expr, v int64) bool {
	c, ok := e.(*ir.Const)
	return ok && c.Val == v
}

// resolve replaces a variable by the source of its last assignment in
// b, when nothing after that assignment in b redefines what the source
// names; variables of f.results stay (they are what the test names).
func (f *freshFn) resolve(b *ir.Block, e ir.Expr, depth int) ir.Expr {
	v, ok := e.(*ir.Var)
	if !ok || depth > 8 {
		return e
	}
	if _, isResult := f.results[v]; isResult {
		return v
	}
	for k := len(b.Stmts) - 1; k >= 0; k-- {
		if !defines(b.Stmts[k], v) {
			continue
		}
		a, isAssign := b.Stmts[k].(*ir.Assign)
		if !isAssign {
			return e
		}
		for _, later := range b.Stmts[k+1:] {
			redefined := false
			ir.WalkExpr(a.Src, func(x ir.Expr) {
				if w, isVar := x.(*ir.Var); isVar && defines(later, w) {
					redefined = true
				}
			})
			if redefined {
				return e
			}
		}
		return f.resolve(b, a.Src, depth+1)
	}
	return e
}

// defines reports whether statement s assigns variable v.
func defines(s ir.Stmt, v *ir.Var) bool {
	switch s := s.(type) {
	case *ir.Assign:
		return s.Dst == v
	case *ir.Load:
		return s.Dst == v
	case *ir.Call:
		return s.Dst == v
	case *ir.Havoc:
		for _, w := range s.Vars {
			if w == v {
				return true
			}
		}
	}
	return false
}
