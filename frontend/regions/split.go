package regions

import (
	"slices"

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
	fwd := g.slotForwarders()
	roots := g.driverCalledEntries(fwd)
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
			if fwd[f] == callee {
				return nil // the kernel's call, passed on
			}
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

// slotForwarders maps each entry-point function that only passes its
// parameters on to another entry point's function of the same ops table
// (ir.ForwardsTo; a compat_ioctl calling the unlocked_ioctl) to that
// function. Its call is the kernel's call of the other slot, with the
// kernel's objects: it stays with the entry point, not with a copy
// (splitEntries), so that the two slots check the same code.
func (g *graph) slotForwarders() map[*ir.Function]*ir.Function {
	var fwd map[*ir.Function]*ir.Function
	for _, w := range g.prog.EntryPoints {
		if w.Func == nil || w.Var == "" {
			continue
		}
		to := ir.ForwardsTo(w.Func)
		if to == nil {
			continue
		}
		for _, ep := range g.prog.EntryPoints {
			if ep.Func == to && ep.Struct == w.Struct && ep.Var == w.Var && slices.Equal(ep.Params, w.Params) {
				if fwd == nil {
					fwd = make(map[*ir.Function]*ir.Function)
				}
				fwd[w.Func] = to
			}
		}
	}
	return fwd
}

// driverCalledEntries returns the entry-point functions with a pointer
// parameter that a call in the driver's code reaches (a slot forwarder's
// call is the kernel's).
func (g *graph) driverCalledEntries(fwd map[*ir.Function]*ir.Function) map[*ir.Function]bool {
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
				if !ok || fwd[f] != nil && fwd[f] == c.Callee {
					continue
				}
				if entry[c.Callee] {
					called[c.Callee] = true
				}
				if fp, ok := g.fnPtrs[c]; ok {
					for _, t := range g.arityTargets(c, g.targetsOf(fp)) {
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
// the models tables that installs callbacks (INIT_WORK, setup_timer,
// request_irq): the entry-point pass makes a registration site of each
// such call (which objects an entry point has, whether its function is
// called from several places: frontend/entry), and a copy would count
// one site twice. A registration that installs none (schedule_work,
// mod_timer, cancel_work_sync, free_irq) makes no site: the lockset
// takes its effect per call, from the call's own arguments
// (lockset.classifyCall, entry.callObjects), the copy's are the
// original's, and an execution runs one of the two, so copying it is
// exact (rtc_timer_remove's schedule_work(&rtc->irqwork)).
func registers(fs []*ir.Function) bool {
	for _, f := range fs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok && c.Callee != nil {
					if api, reg := models.Registration(c.Callee.Name); reg && (len(api.Callbacks) > 0 || len(api.Ops) > 0) {
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
	cp := &ir.Copier{Vars: make(map[*ir.Var]ir.Expr), Objects: make(map[*ir.Object]*ir.Object),
		Blocks: make(map[*ir.Block]*ir.Block),
		Access: func(a ir.Access) ir.Access {
			a.Region = nil
			a.Site = prog.NewSite()
			return a
		}}
	for _, v := range f.Params {
		cp.Vars[v] = c.NewParam(v.Name, v.Kind, v.CType, v.Pos)
	}
	for _, v := range f.Locals {
		cp.Vars[v] = c.NewLocal(v.Name, v.Kind, v.CType, v.Pos)
	}
	if f.Ret != nil {
		r := *f.Ret
		r.Func = c
		c.Ret = &r
		cp.Vars[f.Ret] = c.Ret
	}
	for _, o := range f.Frame {
		no := *o
		no.Func = c
		c.Frame = append(c.Frame, &no)
		cp.Objects[o] = &no
	}
	for _, b := range f.Blocks {
		cp.Blocks[b] = c.NewBlock(b.Comment)
	}
	for _, b := range f.Blocks {
		nb := cp.Blocks[b]
		for _, s := range b.Stmts {
			nb.Add(cp.Stmt(s))
		}
		nb.Term = cp.Term(b.Term)
	}
	c.ComputePreds()
	return c
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
