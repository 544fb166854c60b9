package regions

import "github.com/whoopverify/whoop/ir"

// A6 no-retained-locals: a kernel function that receives a pointer to a
// caller's stack local uses it during the call only (it fills in a result,
// reads a request) and keeps no pointer to it for another thread. The local
// is then lent, not escaped: still private to its call (thread-local), but,
// as for fresh parameters, the pointers stored in it may come from the
// kernel (oKernelContents), so what it points to is kernel-visible. Once a
// local is published by flow (stored into shared memory, merged with
// non-stack storage) it is shared as before. A call that also hands the
// kernel a driver function (a callback, directly or in a cell of an
// argument: on-stack work items, completions with a handler) may give the
// local to that callback in another thread: its locals escape, as do the
// locals given to a registration function of the models tables (the kernel
// keeps what it registers). So do the
// locals passed to a call of the kernel whose result may be a pointer
// (declared as one, or of unknown type) that the driver uses: it may point
// into the local (strchr on a local buffer), and the driver could publish
// it; a result declared as an integer is taken to be no pointer into a lent
// local.

// lend reports whether pointer p, passed as an argument of the external
// call whose arguments are call (nil: not a call argument), only lends
// stack memory; it then marks that memory's contents as kernel-made.
// perCall: the callee's row takes the argument to be a per-call object
// (an ops callback the kernel calls with a fresh one): the pointee of a
// fresh parameter, the caller's own per-call object, is lent to it too.
func (g *graph) lend(p ptr, call []*ptr, perCall bool) bool {
	if call == nil || g.opts.NoRetainedLocals {
		return false
	}
	r, _ := p.resolve()
	ok := stackOnly(r) || perCall && !g.opts.NoFreshParams && perCallOnly(r)
	if !ok || passesCallback(call) {
		return false
	}
	if r.r.flags&oKernelContents == 0 {
		r.r.flags |= oKernelContents
		g.touch(r.r)
	}
	return true
}

// perCallOnly reports whether root r is only frame objects and pointees
// of fresh parameters that the kernel cannot already reach.
func perCallOnly(r *node) bool {
	f := r.r.flags & (storageOrigins | oKernel)
	return f != 0 && f&^(oFrame|oFreshParam) == 0
}

// stackOnly reports whether root r is only frame objects that the kernel
// cannot already reach.
func stackOnly(r *node) bool {
	return r.r.flags&(storageOrigins|oKernel) == oFrame
}

// passesCallback reports whether a driver function is reachable from one
// of a call's arguments (an argument itself, or through the cells of the
// memory it points to: an on-stack work item, a local struct pointing to an
// ops table). The search is bounded; beyond the bound it answers yes.
func passesCallback(call []*ptr) bool {
	const budget = 64
	seen := make(map[*node]bool)
	var work []*node
	for _, a := range call {
		if a != nil {
			r, _ := a.resolve()
			work = append(work, r)
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[n] {
			continue
		}
		if len(seen) == budget {
			return true
		}
		seen[n] = true
		if driverCode(n) {
			return true
		}
		for _, c := range n.r.cells {
			if c.link != nil {
				t, _ := c.link.resolve()
				work = append(work, t)
			}
		}
	}
	return false
}

// driverCode reports whether root r holds a function of the driver.
func driverCode(r *node) bool {
	for _, f := range r.r.funcs {
		if !f.External() {
			return true
		}
	}
	return false
}

// A8 lent links: a lent local's cells may hold the kernel's pointers after
// the call, so what they point to is kernel-visible; but where the driver
// stored a pointer to one of its own stack objects (a list head's pointers
// to itself, an spi_message's transfer list linking the on-stack
// spi_transfer: include/linux/spi/spi.h, spi_sync_transfer), that object is
// lent with it, not escaped: the kernel function may read and write it
// during the call, and keeps it no longer than the local (A6). Assumed:
// the kernel does not replace such a pointer by one to shared memory that
// the driver then follows after the call.

// lendsLinks reports whether root n is a lent stack local whose links to
// the driver's own stack objects lend them rather than publish them.
func (g *graph) lendsLinks(n *node) bool {
	return !g.opts.NoLentLinks && !g.opts.NoRetainedLocals &&
		n.r.flags&oKernelContents != 0 && stackOnly(n)
}

// lendLink lends the stack-only memory p points into, if it is that: ok
// says it did (then it needs no kernel visibility), changed that it was
// not lent before. r is its root.
func (g *graph) lendLink(p ptr) (r *node, ok, changed bool) {
	r, _ = p.resolve()
	if !stackOnly(r) {
		return r, false, false
	}
	if r.r.flags&oKernelContents == 0 {
		r.r.flags |= oKernelContents
		g.touch(r.r)
		return r, true, true
	}
	return r, true, false
}

// bindArgs unifies the arguments of an indirect call with the parameters
// of the functions it may call. It waits until a driver function is among
// them (A6): arguments of calls into kernel code only are escaped or lent
// by resolveIndirect, and unifying them through the callee's signature
// would merge the locals of unrelated calls (one published, all shared).
func (g *graph) bindArgs(c *pendingIndirect) {
	c.bound = true
	rn, _ := c.fn.resolve()
	if rn.r.sig == nil {
		rn.r.sig = &sig{ret: ptr{n: g.newNode()}}
	}
	sg := rn.r.sig
	for len(sg.params) < len(c.args) {
		sg.params = append(sg.params, ptr{n: g.newNode()})
	}
	for i, p := range c.args {
		if p != nil {
			g.unify(*p, sg.params[i])
		}
	}
}

// mayReturnPointer reports whether a function of signature sig may return
// a pointer: its result is a pointer, or its signature is unknown.
func mayReturnPointer(sig *ir.FuncType) bool {
	return sig == nil || isPointer(sig.Result)
}
