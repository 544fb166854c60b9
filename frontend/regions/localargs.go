package regions

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// Helpers called with a caller's own object and with shared memory. A
// parameter is one pointer value for every call, so apds990x's
// apds990x_read_byte(chip, reg, &status) in the interrupt handler and
// (chip, reg, &chip->revision) in detect, or pcwd_pci's
// pcipcwd_get_status(&status) in ioctl and (&pcipcwd_private.boot_status)
// in probe, made each caller's local one object with the shared member:
// the handler's write to its own status raced with every reader of the
// revision. Likewise i2c-tiny-usb's usb_read(..., pfunc, 4) into a kmalloc
// of usb_func's own and (..., pmsg->buf, pmsg->len) into the caller's
// message. The program tells them apart: the argument is the address of
// the caller's own stack object, or a variable that only ever holds what
// the caller's allocations return (fresh.go's allocation). So such calls
// form a group of their own (memberGroups), calling a copy of the helper
// whose parameter points to such objects only. Exact, not an assumption,
// as for members: the copies run the same code, and together they see
// every object the one helper saw.

// ownArgs says which arguments of direct calls are their caller's own
// objects. owner is each call's function; fresh caches freshVars.
type ownArgs struct {
	owner map[*ir.Call]*ir.Function
	fresh map[*ir.Function]map[*ir.Var]bool
}

// own reports whether argument i of c is the caller's own object.
func (o *ownArgs) own(c *ir.Call, i int) bool {
	f := o.owner[c]
	if f == nil || i >= len(c.Args) {
		return false
	}
	if obj, _, ok := objectOffset(c.Args[i]); ok {
		return obj.Kind == ir.LocalObj && obj.Func == f
	}
	v, ok := c.Args[i].(*ir.Var)
	if !ok {
		return false
	}
	if o.fresh[f] == nil {
		o.fresh[f] = freshVars(f)
	}
	return o.fresh[f][v]
}

// freshVars returns the local variables of f whose every definition is an
// allocation call's result or a copy of such a variable; a havoc (the
// declaration's uninitialised value) is none. Any grouping of the calls is
// exact: this only chooses which calls share a copy.
func freshVars(f *ir.Function) map[*ir.Var]bool {
	defs := ir.Definitions(f)
	for v, ds := range defs {
		defs[v] = slices.DeleteFunc(ds, func(s ir.Stmt) bool { _, havoc := s.(*ir.Havoc); return havoc })
	}
	out := make(map[*ir.Var]bool)
	done := make(map[*ir.Var]bool) // decided, or being decided (a cycle: no)
	var fresh func(v *ir.Var) bool
	fresh = func(v *ir.Var) bool {
		if done[v] {
			return out[v]
		}
		done[v] = true
		ok := !v.Param && len(defs[v]) > 0
		for _, s := range defs[v] {
			switch s := s.(type) {
			case *ir.Call:
				ok = ok && allocation(s)
			case *ir.Assign:
				src, isVar := s.Src.(*ir.Var)
				ok = ok && isVar && fresh(src)
			default:
				ok = false
			}
		}
		out[v] = ok
		return ok
	}
	for v := range defs {
		fresh(v)
	}
	return out
}

// ownAndShared reports whether calls pass in argument i their caller's
// own object in some calls and other pointers in others, and the first
// solution made them one node that may be shared: a copy for the own
// calls keeps those objects apart.
func (g *graph) ownAndShared(calls []*ir.Call, own *ownArgs, i int) bool {
	mine, other := false, false
	for _, c := range calls {
		args := g.direct[c]
		if i >= len(c.Args) || i >= len(args) || args[i] == nil {
			continue
		}
		if !own.own(c, i) {
			other = true
			continue
		}
		if r, _ := args[i].resolve(); stackOnly(r) {
			return false
		}
		mine = true
	}
	return mine && other
}
