package entry

import (
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// URBs are named by the pointer member that holds them. usb_kill_urb(
// pm->config) passes a pointer, not an address objectKey names, and
// usb_fill_control_urb, inline, stores the completion through its own
// copy of that pointer. urbKey follows the pointer back to the member it
// was loaded from: "urb struct powermate_device.config". Such a name says
// which URB only if the member holds one URB for the device's life, which
// urbMembers checks (URBTops, then FactsWith drops the names that fail).

// urbPrefix starts every URB name.
const urbPrefix = "urb "

// urbKey names the URB pointer e of f holds by the member it was loaded
// from, through local copies (the inlined helper's parameter among them);
// "" when it comes from anywhere else (a parameter, a global pointer, an
// array element).
func (s *scanner) urbKey(f *ir.Function, e ir.Expr) string {
	for depth := 0; depth < maxDepth; depth++ {
		v, ok := e.(*ir.Var)
		if !ok || v.Param {
			return ""
		}
		defs := s.defsOf(f)[v]
		if len(defs) != 1 {
			return ""
		}
		switch d := defs[0].(type) {
		case *ir.Assign:
			e = d.Src
		case *ir.Load:
			if d.Struct == nil || d.Field == "" || strings.ContainsAny(d.Field, "[+") {
				return ""
			}
			return urbPrefix + "struct " + structName(d.Struct) + d.Field
		default:
			return ""
		}
	}
	return ""
}

// urbClass reports whether a registration row publishes or withdraws URBs.
func urbClass(api models.RegAPI) bool {
	return api.Publishes == models.ClassURB || api.Unpublishes == models.ClassURB
}

// urbTops returns, per URB name some call or fill uses, the function at
// the top of the one call chain that runs the one store into that member,
// nil when the member may hold several URBs in turn or at once: more than
// one store into it, a store of anything but usb_alloc_urb's result, a
// store in a loop or in a function run from several places, or a kernel
// helper's write (memset, memcpy) at the struct's start or at the member.
// FactsWith then keeps the name only when that function is an init entry
// point (a probe): with one device, the member holds the URB probe
// allocated until the device goes.
func (s *scanner) urbTops(names map[string]bool) map[string]*ir.Function {
	type store struct {
		n   int
		ok  bool
		fn  *ir.Function
		off int64
	}
	stores := make(map[string]*store, len(names))
	for k := range names {
		stores[k] = &store{}
	}
	helperWrites := make(map[string][]int64) // struct -> offsets a helper writes at
	for _, f := range s.prog.Funcs {
		for _, b := range f.Blocks {
			for _, stm := range b.Stmts {
				switch st := stm.(type) {
				case *ir.Store:
					if st.Struct == nil {
						continue
					}
					k := urbPrefix + "struct " + structName(st.Struct) + st.Field
					if x := stores[k]; x != nil {
						x.n++
						x.fn = f
						x.off = fieldOffset(st.Struct, st.Field)
						x.ok = s.allocatedURB(f, st.Val) && !s.inLoop(f, b) && !s.repeatedFn(f)
					}
				case *ir.Touch:
					if !st.Write || st.Free {
						continue
					}
					if bv, off, _ := s.base(f, st.Addr, 0); bv != nil {
						if v, ok := bv.(*ir.Var); ok {
							if ps := ir.PointeeStruct(v.CType); ps != nil {
								helperWrites[structName(ps)] = append(helperWrites[structName(ps)], off)
							}
						}
					}
				}
			}
		}
	}
	out := make(map[string]*ir.Function, len(names))
	for k, x := range stores {
		strct := strings.TrimPrefix(k, urbPrefix+"struct ")
		if i := strings.Index(strct, "."); i >= 0 {
			strct = strct[:i]
		}
		overwritten := slices.ContainsFunc(helperWrites[strct], func(off int64) bool { return off == 0 || off == x.off })
		if x.n != 1 || !x.ok || overwritten {
			out[k] = nil
			continue
		}
		out[k] = s.topOf(x.fn)
	}
	return out
}

// allocatedURB reports whether e is the result of usb_alloc_urb, through
// local copies.
func (s *scanner) allocatedURB(f *ir.Function, e ir.Expr) bool {
	for depth := 0; depth < maxDepth; depth++ {
		v, ok := e.(*ir.Var)
		if !ok || v.Param {
			return false
		}
		defs := s.defsOf(f)[v]
		if len(defs) != 1 {
			return false
		}
		switch d := defs[0].(type) {
		case *ir.Assign:
			e = d.Src
		case *ir.Call:
			return d.Callee != nil && d.Callee.Name == "usb_alloc_urb"
		default:
			return false
		}
	}
	return false
}

// topOf follows f's one caller up to a function no driver code calls; nil
// when a function on the way has several callers (repeatedFn has ruled
// out loops).
func (s *scanner) topOf(f *ir.Function) *ir.Function {
	for depth := 0; depth < maxDepth; depth++ {
		sites := s.callers[f]
		switch len(sites) {
		case 0:
			return f
		case 1:
			f = sites[0].caller
		default:
			return nil
		}
	}
	return nil
}

// urbNames collects the URB names of res's calls and sites.
func urbNames(res *Result) map[string]bool {
	names := make(map[string]bool)
	for _, co := range res.Objects {
		if strings.HasPrefix(co.Object, urbPrefix) {
			names[co.Object] = true
		}
	}
	for _, sites := range res.SitesOf {
		for _, st := range sites {
			if strings.HasPrefix(st.Object, urbPrefix) {
				names[st.Object] = true
			}
		}
	}
	return names
}

// dropURBNames blanks in r every URB name whose member is not set by an
// init entry point of eps alone (urbTops): the URB is then unnamed, as
// before, and no usb_kill_urb counts for it.
func dropURBNames(r *Result, eps []*ir.EntryPoint) {
	stands := make(map[string]bool, len(r.URBTops))
	for k, top := range r.URBTops {
		init, other := false, false
		for _, ep := range eps {
			if top != nil && ep.Func == top {
				init = init || ep.Role == ir.RoleInit
				other = other || ep.Role != ir.RoleInit
			}
		}
		stands[k] = init && !other
	}
	for c, co := range r.Objects {
		if strings.HasPrefix(co.Object, urbPrefix) && !stands[co.Object] {
			co.Object = ""
			r.Objects[c] = co
		}
	}
	for ep, sites := range r.SitesOf {
		for i, st := range sites {
			if strings.HasPrefix(st.Object, urbPrefix) && !stands[st.Object] {
				r.SitesOf[ep][i].Object = ""
			}
		}
	}
}
