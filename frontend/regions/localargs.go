package regions

import "github.com/whoopverify/whoop/ir"

// Helpers called with a caller's stack local and with shared memory. A
// parameter is one pointer value for every call, so apds990x's
// apds990x_read_byte(chip, reg, &status) in the interrupt handler and
// (chip, reg, &chip->revision) in detect, or pcwd_pci's
// pcipcwd_get_status(&status) in ioctl and (&pcipcwd_private.boot_status)
// in probe, made each caller's local one object with the shared member:
// the handler's write to its own status raced with every reader of the
// revision. The program tells them apart: the argument is the address of
// the caller's own stack object. So such calls form a group of their own
// (memberGroups), calling a copy of the helper whose parameter points to
// locals only. Exact, not an assumption, as for members: the copies run
// the same code, and together they see every object the one helper saw.

// ownLocal reports whether e, an argument of a call in f, is the address
// of (a place in) a stack object of f.
func ownLocal(f *ir.Function, e ir.Expr) bool {
	o, _, ok := objectOffset(e)
	return ok && f != nil && o.Kind == ir.LocalObj && o.Func == f
}

// localAndShared reports whether calls (each in the function owner gives)
// pass in argument i the caller's own stack object in some calls and
// other pointers in others, and the first solution made them one node
// that is more than stack objects: a copy for the local calls keeps the
// locals apart.
func (g *graph) localAndShared(calls []*ir.Call, owner map[*ir.Call]*ir.Function, i int) bool {
	local, other := false, false
	for _, c := range calls {
		args := g.direct[c]
		if i >= len(c.Args) || i >= len(args) || args[i] == nil {
			continue
		}
		if !ownLocal(owner[c], c.Args[i]) {
			other = true
			continue
		}
		if r, _ := args[i].resolve(); stackOnly(r) || r.collapsed() {
			return false
		}
		local = true
	}
	return local && other
}
