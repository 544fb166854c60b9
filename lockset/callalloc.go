package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Per-call allocations (assumption call-allocations). Two objects live at
// once are disjoint: the allocator (mm/slub.c, mm/vmalloc.c, devres)
// hands out memory no live object occupies. An access a function makes
// through a pointer that must point into an object allocated during its
// own run (its kzalloc, or the result of a driver function that returns
// its own allocation or an error code) is an access to an object of the
// entry point's current call; two such accesses of two concurrent calls
// are on two objects, whatever the objects' region and wherever the
// pointers went since. So the race condition (harness.go, race) excludes
// a pair of selections that are both such accesses. An access through a
// pointer loaded from memory, or a parameter, is checked as before, and
// so is one call's allocation against another call's pointer to it.
// Could hide: a use after free, when one side still uses its object after
// it was freed and the other side's allocation got that memory.
//
// rtc/class.c in 6.12: two calls of the exported devm_rtc_allocate_device
// (or devm_rtc_device_register) write the pie timer and the id of the
// rtc each allocated (rtc_allocate_device's kzalloc, returned up).

// callAllocSites returns the sites that access an object of their own
// function's call.
func callAllocSites(prog *ir.Program) map[int]bool {
	rets := callOwnReturns(prog)
	out := make(map[int]bool)
	for _, fn := range prog.Funcs {
		if len(fn.Blocks) == 0 {
			continue
		}
		own := callOwnVars(fn, rets)
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				if a := ir.AccessOf(s); a != nil && callOwnExpr(a.Addr, own) {
					out[a.Site] = true
				}
			}
		}
	}
	return out
}

// callOwnReturns says which functions return a pointer into an object of
// their own call, NULL or an error code on every path (a greatest
// fixpoint: a recursion returning its own result is decided by its other
// returns).
func callOwnReturns(prog *ir.Program) map[*ir.Function]bool {
	rets := make(map[*ir.Function]bool)
	for _, fn := range prog.Funcs {
		if len(fn.Blocks) > 0 && fn.Ret != nil {
			rets[fn] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for fn, ok := range rets {
			if ok && !returnsCallOwn(fn, rets) {
				rets[fn], changed = false, true
			}
		}
	}
	return rets
}

// returnsCallOwn reports whether every return of fn gives an own pointer, a
// constant or an int (ERR_PTR of an errno, never an object's address).
func returnsCallOwn(fn *ir.Function, rets map[*ir.Function]bool) bool {
	own := callOwnVars(fn, rets)
	small := intVars(fn)
	for _, b := range fn.Blocks {
		r, ok := b.Term.(*ir.Return)
		if !ok || r.Val == nil {
			continue
		}
		if _, isConst := r.Val.(*ir.Const); isConst || callOwnExpr(r.Val, own) || intExpr(r.Val, small) {
			continue
		}
		return false
	}
	return true
}

// callDefs returns each variable's definitions in fn, but the havoc of a
// declaration: using an uninitialised pointer is undefined behaviour.
func callDefs(fn *ir.Function) map[*ir.Var][]ir.Stmt {
	defs := make(map[*ir.Var][]ir.Stmt)
	for _, b := range fn.Blocks {
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *ir.Assign:
				defs[s.Dst] = append(defs[s.Dst], s)
			case *ir.Load:
				defs[s.Dst] = append(defs[s.Dst], s)
			case *ir.Call:
				if s.Dst != nil {
					defs[s.Dst] = append(defs[s.Dst], s)
				}
			}
		}
	}
	return defs
}

// callOwnVars returns the variables of fn every definition of which points
// into an object allocated during fn's call: an allocator's result, the
// result of a driver function of rets, or such a variable plus an offset.
func callOwnVars(fn *ir.Function, rets map[*ir.Function]bool) map[*ir.Var]bool {
	defs := callDefs(fn)
	own := make(map[*ir.Var]bool)
	for v := range defs {
		own[v] = !v.Param // a parameter's first value is the caller's
	}
	ok := func(d ir.Stmt) bool {
		switch d := d.(type) {
		case *ir.Assign:
			return callOwnExpr(d.Src, own)
		case *ir.Call:
			if d.Callee == nil {
				return false
			}
			if d.Callee.External() {
				h, known := models.HelperFor(d.Callee.Name)
				return known && h.Returns == models.ReturnsFresh
			}
			return rets[d.Callee]
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for v, is := range own {
			if !is {
				continue
			}
			for _, d := range defs[v] {
				if !ok(d) {
					own[v], changed = false, true
					break
				}
			}
		}
	}
	return own
}

// callOwnExpr reports whether e is an own variable plus offsets that are not
// negative constants and name no pointer (A4 keeps them in the object).
func callOwnExpr(e ir.Expr, own map[*ir.Var]bool) bool {
	switch e := e.(type) {
	case *ir.Var:
		return own[e]
	case *ir.Binary:
		if e.Op != ir.OpAdd {
			return false
		}
		return callOwnExpr(e.X, own) && callOffset(e.Y) || callOwnExpr(e.Y, own) && callOffset(e.X)
	}
	return false
}

// callOffset reports whether e can only be a non-negative offset or an
// integer variable's multiple: constants not negative, integer-typed
// variables, and sums and products of them.
func callOffset(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const:
		return e.Val >= 0 // an unsigned wrap-around is a negative offset
	case *ir.Var:
		b, ok := ir.Unnamed(e.CType).(*ir.Basic)
		return ok && b.Kind == ir.Integer
	case *ir.Binary:
		return (e.Op == ir.OpAdd || e.Op == ir.OpMul) && callOffset(e.X) && callOffset(e.Y)
	}
	return false
}

// intVars returns the variables of fn that hold an int value: of a C
// integer type of at most 4 bytes, or, whatever their type, defined only
// from such values and constants (the temporaries of an inlined
// ERR_PTR(err)).
func intVars(fn *ir.Function) map[*ir.Var]bool {
	defs := callDefs(fn)
	small := make(map[*ir.Var]bool)
	for v := range defs {
		small[v] = !v.Param || intTyped(v)
	}
	for changed := true; changed; {
		changed = false
		for v, is := range small {
			if !is || intTyped(v) {
				continue
			}
			for _, d := range defs[v] {
				if a, isAssign := d.(*ir.Assign); !isAssign || !intExpr(a.Src, small) {
					small[v], changed = false, true
					break
				}
			}
		}
	}
	return small
}

// intTyped reports whether v has a C integer type of at most 4 bytes.
func intTyped(v *ir.Var) bool {
	b, ok := ir.Unnamed(v.CType).(*ir.Basic)
	return v.CType != nil && ok && b.Kind == ir.Integer && b.Bytes <= 4
}

// intExpr reports whether e is a constant or an int variable.
func intExpr(e ir.Expr, small map[*ir.Var]bool) bool {
	switch e := e.(type) {
	case *ir.Const:
		return true
	case *ir.Var:
		if s, ok := small[e]; ok {
			return s
		}
		return intTyped(e)
	}
	return false
}
