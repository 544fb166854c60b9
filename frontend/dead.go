package frontend

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// deadPass drops the static functions that nothing live can reach: the
// inline functions of a driver's own header that this file never calls
// (fs3270's raw3270.h string allocator). A static function has internal
// linkage, so only this translation unit can call it or take its address;
// if no entry point, non-static function or global initialiser leads to
// it, it never runs. Left in, its code still fed the memory analysis:
// its parameters, which no caller binds, count as kernel memory, and
// alloc_string's char arithmetic on struct list_head pointers folded the
// canonical list_head that every embedded list head of the driver joins.
//
// Live: the entry points (module_init and module_exit included, whose
// aliases name them only as strings), every function with external
// linkage, every function a global's initialiser or a live function's
// code mentions (called, or its address taken), transitively.
func deadPass(st *state) error {
	p := st.prog
	live := make(map[*ir.Function]bool)
	var work []*ir.Function
	mark := func(f *ir.Function) {
		if f != nil && !live[f] {
			live[f] = true
			work = append(work, f)
		}
	}
	refs := func(e ir.Expr) {
		ir.WalkExpr(e, func(x ir.Expr) {
			if f, ok := x.(*ir.Function); ok {
				mark(f)
			}
		})
	}
	for _, ep := range p.EntryPoints {
		mark(ep.Func)
	}
	for _, f := range p.Funcs {
		if !f.Static || f.External() {
			mark(f)
		}
	}
	for _, o := range p.Objects {
		for _, in := range o.Init {
			refs(in.Value)
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, o := range f.Frame {
			for _, in := range o.Init {
				refs(in.Value)
			}
		}
		walkRefs(f, refs, mark)
	}
	p.Funcs = slices.DeleteFunc(p.Funcs, func(f *ir.Function) bool { return !live[f] })
	return nil
}

// walkRefs calls expr for every expression f's code reads and callee for
// every function a call of f names (its callee and resolved targets).
func walkRefs(f *ir.Function, expr func(ir.Expr), callee func(*ir.Function)) {
	for _, b := range f.Blocks {
		for _, s := range b.Stmts {
			for _, e := range ir.StmtExprs(s) {
				expr(e)
			}
			if c, ok := s.(*ir.Call); ok {
				if c.Callee != nil {
					callee(c.Callee)
				}
				for _, t := range c.Targets {
					callee(t)
				}
			}
		}
		for _, e := range ir.TermExprs(b.Term) {
			expr(e)
		}
	}
}
