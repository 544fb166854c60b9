package regions

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Entry points the driver also calls. The kernel calls an entry point with
// its own objects (kernel-visible, or new per call: the rtc core's
// on-stack struct rtc_wkalrm for read_alarm), while the driver may call the
// same function with its own: rtc-cmos's suspend passes
// &cmos->saved_wkalrm to cmos_read_alarm, nvram's read passes the buffer
// it kmallocs to pc_nvram_read through arch_nvram_ops. Unification merged
// the two, so the core's per-call object became the driver's global (and
// raced with it), or the driver's private buffer the kernel's shared
// memory. The analysis is context-insensitive per function, and a region is
// per access: the only way to tell the two apart is two copies of the
// code. So the driver's calls of an entry point go to a copy of it (and of
// the functions it passes pointers to), and the entry point itself is
// left with the kernel's calls. This is exact, not an assumption: the
// copies run the same code, and together they see every object the one
// function saw.

// maxSplitStmts bounds the statements copied for one program; past it the
// remaining entry points keep the driver's calls (merged, as before).
const maxSplitStmts = 6000

// splitEntries copies, for every entry point with a pointer parameter that
// driver code also calls (directly, or through a function pointer the
// first solution of g resolves to it), the function and the functions it
// calls with pointer arguments, and redirects the driver's direct calls to
// the copies. It returns the map from each such entry point to its copy
// (for the indirect calls, which the next solution redirects), or nil.
func (g *graph) splitEntries() map[*ir.Function]*ir.Function {
	roots := g.driverCalledEntries()
	if len(roots) == 0 {
		return nil
	}
	copies := make(map[*ir.Function]*ir.Function)
	budget := maxSplitStmts
	var split []*ir.Function
	for _, f := range g.prog.Funcs {
		if !roots[f] {
			continue
		}
		closure := pointerCallees(f, copies)
		n := 0
		for _, h := range closure {
			n += stmtCount(h)
		}
		if n > budget || registers(closure) {
			continue
		}
		budget -= n
		for _, h := range closure {
			copies[h] = copyFunction(g.prog, h)
		}
		split = append(split, f)
	}
	if len(split) == 0 {
		return nil
	}
	g.insertCopies(copies)
	entries := make(map[*ir.Function]*ir.Function, len(split))
	for _, f := range split {
		entries[f] = copies[f]
	}
	isCopy := make(map[*ir.Function]bool, len(copies))
	for _, c := range copies {
		isCopy[c] = true
	}
	for _, f := range g.prog.Funcs {
		isCopy := isCopy[f]
		redirectCalls(f, func(callee *ir.Function) *ir.Function {
			if c, ok := entries[callee]; ok {
				return c
			}
			if isCopy {
				return copies[callee]
			}
			return nil
		})
	}
	return entries
}

// driverCalledEntries returns the entry-point functions with a pointer
// parameter that a call in the driver's code reaches.
func (g *graph) driverCalledEntries() map[*ir.Function]bool {
	entry := make(map[*ir.Function]bool)
	for _, ep := range g.prog.EntryPoints {
		if ep.Func != nil && !ep.Func.External() && hasPointerParam(ep.Func) {
			entry[ep.Func] = true
		}
	}
	called := make(map[*ir.Function]bool)
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				c, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				if entry[c.Callee] {
					called[c.Callee] = true
				}
				if fp, ok := g.fnPtrs[c]; ok {
					for _, t := range g.targetsOf(fp) {
						if entry[t] {
							called[t] = true
						}
					}
				}
			}
		}
	}
	return called
}

func hasPointerParam(f *ir.Function) bool {
	for _, v := range f.Params {
		if carries(v) {
			return true
		}
	}
	return false
}

// pointerCallees returns f and, transitively, the driver functions it
// calls directly that take a pointer parameter (through which a caller's
// object could reach them), in discovery order, leaving out those already
// copied.
func pointerCallees(f *ir.Function, copied map[*ir.Function]*ir.Function) []*ir.Function {
	seen := map[*ir.Function]bool{f: true}
	out := []*ir.Function{f}
	for i := 0; i < len(out); i++ {
		for _, b := range out[i].Blocks {
			for _, s := range b.Stmts {
				c, ok := s.(*ir.Call)
				if !ok || c.Callee == nil || c.Callee.External() || seen[c.Callee] || !hasPointerParam(c.Callee) {
					continue
				}
				seen[c.Callee] = true
				out = append(out, c.Callee)
			}
		}
	}
	kept := out[:0]
	for _, h := range out {
		if _, ok := copied[h]; !ok {
			kept = append(kept, h)
		}
	}
	return kept
}

// registers reports whether one of fs calls a registration function of
// the models tables: the lockset counts registration call sites (which
// withdrawal undoes which, what publishes an entry point), and a copy
// would count twice.
func registers(fs []*ir.Function) bool {
	for _, f := range fs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok && c.Callee != nil {
					if _, reg := models.Registration(c.Callee.Name); reg {
						return true
					}
				}
			}
		}
	}
	return false
}

func stmtCount(f *ir.Function) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Stmts) + 1
	}
	return n
}

// insertCopies puts each copy right after its original in prog.Funcs.
func (g *graph) insertCopies(copies map[*ir.Function]*ir.Function) {
	funcs := make([]*ir.Function, 0, len(g.prog.Funcs)+len(copies))
	for _, f := range g.prog.Funcs {
		funcs = append(funcs, f)
		if c, ok := copies[f]; ok {
			funcs = append(funcs, c)
		}
	}
	g.prog.Funcs = funcs
}

// redirectCalls replaces the callee of f's direct calls by to(callee) when
// that is not nil.
func redirectCalls(f *ir.Function, to func(*ir.Function) *ir.Function) {
	for _, b := range f.Blocks {
		for _, s := range b.Stmts {
			if c, ok := s.(*ir.Call); ok && c.Callee != nil {
				if n := to(c.Callee); n != nil {
					c.Callee = n
				}
			}
		}
	}
}

// copyFunction returns a copy of f under the same name: new variables,
// frame objects, blocks and access sites, the same positions and texts.
// The copy is not in prog.Funcs.
func copyFunction(prog *ir.Program, f *ir.Function) *ir.Function {
	c := ir.NewFunction(f.Name, f.Sig, f.Pos)
	c.Static, c.Inline, c.NoReturn, c.Section, c.Synthetic = f.Static, f.Inline, f.NoReturn, f.Section, f.Synthetic
	cp := &funcCopier{prog: prog, vars: make(map[*ir.Var]*ir.Var), objs: make(map[*ir.Object]*ir.Object),
		blocks: make(map[*ir.Block]*ir.Block)}
	for _, v := range f.Params {
		cp.vars[v] = c.NewParam(v.Name, v.Kind, v.CType, v.Pos)
	}
	for _, v := range f.Locals {
		cp.vars[v] = c.NewLocal(v.Name, v.Kind, v.CType, v.Pos)
	}
	if f.Ret != nil {
		r := *f.Ret
		r.Func = c
		c.Ret = &r
		cp.vars[f.Ret] = c.Ret
	}
	for _, o := range f.Frame {
		no := *o
		no.Func = c
		c.Frame = append(c.Frame, &no)
		cp.objs[o] = &no
	}
	for _, b := range f.Blocks {
		cp.blocks[b] = c.NewBlock(b.Comment)
	}
	for _, b := range f.Blocks {
		nb := cp.blocks[b]
		for _, s := range b.Stmts {
			nb.Add(cp.stmt(s))
		}
		nb.Term = cp.term(b.Term)
	}
	c.ComputePreds()
	return c
}

// funcCopier maps one function's variables, frame objects and blocks to
// those of its copy.
type funcCopier struct {
	prog   *ir.Program
	vars   map[*ir.Var]*ir.Var
	objs   map[*ir.Object]*ir.Object
	blocks map[*ir.Block]*ir.Block
}

func (cp *funcCopier) v(x *ir.Var) *ir.Var {
	if n, ok := cp.vars[x]; ok {
		return n
	}
	return x // a ghost global
}

func (cp *funcCopier) expr(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case *ir.Var:
		return cp.v(x)
	case *ir.Object:
		if n, ok := cp.objs[x]; ok {
			return n
		}
		return x
	case *ir.Old:
		return &ir.Old{X: cp.v(x.X)}
	case *ir.Unary:
		return &ir.Unary{Op: x.Op, X: cp.expr(x.X)}
	case *ir.Binary:
		return &ir.Binary{Op: x.Op, X: cp.expr(x.X), Y: cp.expr(x.Y)}
	case *ir.Ite:
		return &ir.Ite{Cond: cp.expr(x.Cond), Then: cp.expr(x.Then), Else: cp.expr(x.Else)}
	}
	return e // nil, constants, functions
}

func (cp *funcCopier) access(a ir.Access) ir.Access {
	a.Addr = cp.expr(a.Addr)
	a.Len = cp.expr(a.Len)
	a.Region = nil
	a.Site = cp.prog.NewSite()
	return a
}

func (cp *funcCopier) stmt(s ir.Stmt) ir.Stmt {
	switch x := s.(type) {
	case *ir.Assign:
		return &ir.Assign{Dst: cp.v(x.Dst), Src: cp.expr(x.Src), P: x.P}
	case *ir.Havoc:
		vs := make([]*ir.Var, len(x.Vars))
		for i, v := range x.Vars {
			vs[i] = cp.v(v)
		}
		return &ir.Havoc{Vars: vs, P: x.P}
	case *ir.Assume:
		return &ir.Assume{Cond: cp.expr(x.Cond), P: x.P}
	case *ir.Assert:
		return &ir.Assert{Cond: cp.expr(x.Cond), ID: x.ID, Msg: x.Msg, P: x.P}
	case *ir.Load:
		return &ir.Load{Dst: cp.v(x.Dst), Access: cp.access(x.Access)}
	case *ir.Store:
		return &ir.Store{Val: cp.expr(x.Val), Access: cp.access(x.Access)}
	case *ir.Touch:
		return &ir.Touch{Write: x.Write, Access: cp.access(x.Access)}
	case *ir.Call:
		n := &ir.Call{Callee: x.Callee, Fn: cp.expr(x.Fn), P: x.P}
		if x.Dst != nil {
			n.Dst = cp.v(x.Dst)
		}
		n.Args = make([]ir.Expr, len(x.Args))
		for i, a := range x.Args {
			n.Args[i] = cp.expr(a)
		}
		return n
	}
	return s // Equate: regions, not variables
}

func (cp *funcCopier) term(t ir.Terminator) ir.Terminator {
	switch x := t.(type) {
	case *ir.Jump:
		return &ir.Jump{Target: cp.blocks[x.Target], P: x.P}
	case *ir.If:
		return &ir.If{Cond: cp.expr(x.Cond), Then: cp.blocks[x.Then], Else: cp.blocks[x.Else], P: x.P}
	case *ir.Return:
		return &ir.Return{Val: cp.expr(x.Val), P: x.P, Halt: x.Halt}
	case *ir.Unreachable:
		return &ir.Unreachable{P: x.P}
	}
	return t
}

// allSplit reports whether root n holds functions and all are entry
// points whose driver calls go to copies.
func (g *graph) allSplit(n *node) bool {
	if len(n.r.funcs) == 0 || g.split == nil {
		return false
	}
	for _, f := range n.r.funcs {
		if _, ok := g.split[f]; !ok {
			return false
		}
	}
	return true
}
