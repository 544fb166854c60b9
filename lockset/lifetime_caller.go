package lockset

import (
	"github.com/whoopverify/whoop/ir"
)

// An exported function runs holding a reference to the objects its
// pointer parameters point to (assumption caller-reference;
// Options.NoCallerRef turns it off). The kernel's convention for a
// refcounted object: whoever hands a pointer to it to a function holds a
// reference for the call (rtc drivers call __devm_rtc_register_device
// with the rtc devm_rtc_allocate_device gave them, whose reference devres
// drops at detach, after probe). A struct device's release runs only
// after its last reference is dropped (device-release-ref), so on one
// device it never runs beside such a call; on two, the two containers
// differ. So an exported function's accesses through a parameter of type
// T * and a release callback's accesses through its own container of
// type T (T holding the released struct device at the release's
// container_of offset) do not race. Applied only where the function's
// code drops no device reference itself (no put_device, kobject_put or
// device_unregister, no release callback, no function whose address it
// passes that may do either: a devm action run on failure), since the
// reference it drops may be the caller's; everything else of the pair is
// checked as before.

// callerSites are an exported function's accesses through its pointer
// parameters, per container struct tag.
type callerSites map[string]map[int]bool

// callerRefOf returns the exported functions' accesses through their
// pointer parameters to the container of a released device (rel).
func callerRefOf(f *facts, rel map[*ir.EntryPoint]*devSites) map[*ir.EntryPoint]callerSites {
	tags := make(map[string]bool)
	releases := make(map[*ir.Function]bool)
	for ep, d := range rel {
		releases[ep.Func] = true
		if d.container != "" {
			tags[d.container] = true
		}
	}
	out := make(map[*ir.EntryPoint]callerSites)
	if len(tags) == 0 {
		return out
	}
	for _, ep := range f.prog.EntryPoints {
		if ep.Struct != "export" || ep.Func == nil || ep.Func.External() || f.dropsReference(ep.Func, releases) {
			continue
		}
		funcs := f.reach(ep.Func)
		for i, p := range ep.Func.Params {
			s := ir.PointeeStruct(p.CType)
			if s == nil || !tags[s.Tag] {
				continue
			}
			tag := s.Tag
			if out[ep] == nil {
				out[ep] = make(callerSites)
			}
			sites := accessesThrough(funcs, derivedVars(funcs, ep.Func, i), offsetBase, 0).sites
			if out[ep][tag] == nil {
				out[ep][tag] = make(map[int]bool)
			}
			for site := range sites {
				out[ep][tag][site] = true
			}
		}
	}
	return out
}

// callerRefPair returns the sites of pair p's sides through their own
// objects when p pairs a qualifying release with an exported function
// handed a pointer to the release's container type.
func (in *instrumenter) callerRefPair(p Pair) (t, u map[int]bool) {
	if r := in.releaseRef[p.First]; r != nil && r.container != "" {
		if s := in.callerRef[p.Second][r.container]; s != nil {
			return r.sites, s
		}
	}
	if r := in.releaseRef[p.Second]; r != nil && r.container != "" {
		if s := in.callerRef[p.First][r.container]; s != nil {
			return s, r.sites
		}
	}
	return nil, nil
}

// dropsReference reports whether fn's code may drop a device reference:
// it calls a put (devicePuts) or a release callback, or passes the
// address of a function that is external or whose code may.
func (f *facts) dropsReference(fn *ir.Function, releases map[*ir.Function]bool) bool {
	seen := make(map[*ir.Function]bool)
	var drops func(g *ir.Function) bool
	drops = func(g *ir.Function) bool {
		if seen[g] {
			return false
		}
		seen[g] = true
		for _, h := range f.reach(g) {
			puts, named := callsAndValues(h)
			if releases[h] || puts {
				return true
			}
			for _, v := range named {
				if v.External() || drops(v) {
					return true
				}
			}
		}
		return false
	}
	return drops(fn)
}

// callsAndValues reports whether g calls a put of devicePuts, and
// returns the functions whose address g's statements use as a value.
func callsAndValues(g *ir.Function) (puts bool, named []*ir.Function) {
	visit := func(x ir.Expr) {
		if h, ok := x.(*ir.Function); ok {
			named = append(named, h)
		}
	}
	for _, b := range g.Blocks {
		for _, st := range b.Stmts {
			if c, ok := st.(*ir.Call); ok {
				puts = puts || c.Callee != nil && devicePuts[c.Callee.Name]
				for _, a := range c.Args {
					ir.WalkExpr(a, visit)
				}
				continue
			}
			for _, e := range ir.StmtExprs(st) {
				ir.WalkExpr(e, visit)
			}
		}
	}
	return puts, named
}

// containerTag returns the struct tag of a variable of own holding a
// pointer to a struct with a struct device at the container_of offset
// (0 when the release finds none), or "" if there is none or several.
func containerTag(funcs []*ir.Function, own map[*ir.Var]bool, offsets map[int64]bool) string {
	if len(offsets) > 1 {
		return ""
	}
	var off int64
	for o := range offsets {
		off = o
	}
	tag := ""
	for _, g := range funcs {
		for _, v := range append(append([]*ir.Var(nil), g.Params...), g.Locals...) {
			if !own[v] {
				continue
			}
			s := ir.PointeeStruct(v.CType)
			if s == nil || s.Tag == "device" || !hasDeviceAt(s, off) {
				continue
			}
			if tag != "" && tag != s.Tag {
				return ""
			}
			tag = s.Tag
		}
	}
	return tag
}

// hasDeviceAt reports whether s has a struct device member at offset off.
func hasDeviceAt(s *ir.Struct, off int64) bool {
	for _, fd := range s.Fields {
		if d, ok := ir.Unnamed(fd.Type).(*ir.Struct); ok && fd.Offset == off && d.Tag == "device" {
			return true
		}
	}
	return false
}
