package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// A struct device is released once (assumption device-release-once;
// Options.NoReleaseOnce turns it off). kobject_put calls device_release
// (drivers/base/core.c) from kobject_cleanup when the last reference to
// the device's kobject is dropped (kref_put in kobject_put), once per
// device, and device_release calls one of dev->release, type->release and
// class->dev_release. So two runs of one release callback are the
// releases of two devices: its accesses through its struct device
// parameter, and through the container it finds with container_of (the
// parameter minus a constant offset: rtc/class.c's rtc_device_release,
// kfree(rtc)), are to two objects and never race. Everything else of the
// pair (globals, pointers loaded from the object: dev_get_drvdata, the
// parent) is checked as before.
//
// Only for the pair of a release callback with itself: the same
// container_of offset on two devices gives two containers, while two
// different callbacks may find one container from two devices embedded
// in it. And only for a callback that runs only as the release of a
// struct device: no other entry point has its function and no driver
// code calls it (onlyEntry), so it never runs twice on one device.

// releaseRows are the rows of the release callback of a struct device:
// dev->release (guessed: an assignment to a struct device's release
// field), type->release and class->dev_release.
var releaseRows = map[[2]string]bool{
	{"device", "release"}: true, {"device_type", "release"}: true, {"class", "dev_release"}: true,
}

// releaseOnceOf returns the release callbacks of a struct device that
// qualify, with their accesses through their device (param 0).
func releaseOnceOf(f *facts) map[*ir.EntryPoint]*ownSites {
	out := make(map[*ir.EntryPoint]*ownSites)
	for _, ep := range f.prog.EntryPoints {
		if !releaseRows[[2]string{ep.Struct, ep.Field}] || !f.onlyEntry(ep) || len(ep.Func.Params) != 1 {
			continue
		}
		out[ep] = deviceAccesses(f, ep)
	}
	return out
}

// releaseOncePair returns the sites of pair p's two sides through their
// own devices when p pairs a qualifying release callback with itself.
func (in *instrumenter) releaseOncePair(p Pair) (t, u map[int]bool) {
	o, ok := in.releaseOnce[p.First]
	if !ok || p.First != p.Second || len(o.sites) == 0 {
		return nil, nil
	}
	return o.sites, o.sites
}

// deviceAccesses finds the accesses ep makes through its device
// parameter or the container of it, in every function it runs.
func deviceAccesses(f *facts, ep *ir.EntryPoint) *ownSites {
	funcs := f.reach(ep.Func)
	return accessesThrough(funcs, derivedVars(funcs, ep.Func, 0), offsetBase, 0)
}

// offsetBase is baseVar that also takes a constant subtracted
// (container_of: __mptr - offsetof(type, member)).
func offsetBase(e ir.Expr) *ir.Var {
	if x, ok := e.(*ir.Binary); ok && x.Op == ir.OpSub {
		if _, k := x.Y.(*ir.Const); k {
			return offsetBase(x.X)
		}
		return nil
	}
	if x, ok := e.(*ir.Binary); ok && x.Op == ir.OpAdd {
		if offsetOnly(x.Y) {
			return offsetBase(x.X)
		}
		if offsetOnly(x.X) {
			return offsetBase(x.Y)
		}
		return nil
	}
	return baseVar(e)
}

// derivedVars returns the variables of funcs (run from entry) that hold
// parameter param of entry plus or minus an offset. A greatest fixpoint:
// every variable and parameter starts derived and loses it when one of
// its definitions, or one call passing it, gives it something else; the
// entry's other parameters are not derived.
func derivedVars(funcs []*ir.Function, entry *ir.Function, param int) map[*ir.Var]bool {
	defs := make(map[*ir.Function]map[*ir.Var][]ir.Stmt, len(funcs))
	isOwn := make(map[*ir.Var]bool)
	for _, g := range funcs {
		defs[g] = ir.Definitions(g)
		for v, ds := range defs[g] {
			defs[g][v] = slices.DeleteFunc(ds, func(d ir.Stmt) bool { return deadHavoc(g, d, v) })
		}
		for _, p := range g.Params {
			isOwn[p] = true
		}
		for v := range defs[g] {
			isOwn[v] = true
		}
	}
	for i, p := range entry.Params {
		isOwn[p] = i == param && len(defs[entry][p]) == 0
	}
	ownExpr := func(e ir.Expr) bool { v := offsetBase(e); return v != nil && isOwn[v] }
	for changed := true; changed; {
		changed = false
		drop := func(v *ir.Var, keep bool) {
			if !keep && isOwn[v] {
				isOwn[v], changed = false, true
			}
		}
		for _, g := range funcs {
			for v, ds := range defs[g] {
				for _, d := range ds {
					a, ok := d.(*ir.Assign)
					drop(v, ok && ownExpr(a.Src))
				}
			}
			for _, call := range calls(g) {
				for _, t := range call.Callees() {
					if t.External() || !slices.Contains(funcs, t) {
						continue
					}
					for j, p := range t.Params {
						drop(p, j < len(call.Args) && ownExpr(call.Args[j]))
					}
				}
			}
		}
	}
	return isOwn
}

// deadHavoc reports whether d is a havoc of v (an uninitialised
// declaration: struct watchdog_core_data *wd_data;) that no statement
// reads: in its block, only assignments that do not read v follow it up
// to one that assigns v.
func deadHavoc(g *ir.Function, d ir.Stmt, v *ir.Var) bool {
	h, ok := d.(*ir.Havoc)
	if !ok || len(h.Vars) != 1 {
		return false
	}
	for _, b := range g.Blocks {
		i := slices.Index(b.Stmts, d)
		if i < 0 {
			continue
		}
		for _, st := range b.Stmts[i+1:] {
			a, ok := st.(*ir.Assign)
			if !ok || mentions(a.Src, v) {
				return false
			}
			if a.Dst == v {
				return true
			}
		}
		return false
	}
	return false
}

// mentions reports whether e reads v.
func mentions(e ir.Expr, v *ir.Var) bool {
	found := false
	ir.WalkExpr(e, func(x ir.Expr) {
		if y, ok := x.(*ir.Var); ok && y == v {
			found = true
		}
	})
	return found
}
