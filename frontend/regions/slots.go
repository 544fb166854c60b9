package regions

import "github.com/whoopverify/whoop/ir"

// Kernel slots: a void * member of a kernel struct (request_queue.queuedata,
// gendisk.private_data, file.private_data, device.driver_data) is where a
// driver parks its own pointers for the kernel to hand back. One slot type
// often holds pointers of several types: sx8 keeps its host in the queuedata
// of one request queue and a port, embedded in the host, in that of the
// others. Unifying every stored pointer with the slot's link made the host
// periodic with the port's offset, which folded its members onto each other
// until the host collapsed, and its lock could no longer be named.
//
// Under the typed-kernel assumption (A2) the slot needs no link of its own
// to the stored objects: a pointer stored there is handed to the kernel
// (it escapes, so its objects join the canonical nodes of their struct
// types), and a pointer loaded from there is the kernel's (the link is
// kernel-visible, so the driver's use of it as S* makes it canonical S).
// Both sides meet in canonical S, the object the driver stored and the one
// it reads back, by type. Only stores of struct pointers and loads into
// struct pointers take this path. Everything else that reads the slot's
// cell (a load into void *, such as dev_get_drvdata's or a kfree's
// argument, a load through another type or through no member, a copy of
// the bytes) sees the link, so a struct pointer stored into a cell that
// anything reads that way is unified with the link as before
// (resolveSlots). Off A2 (NoTypeAssumption) slots are ordinary cells.

// slotStore is a struct pointer val stored into the kernel slot at dst.
type slotStore struct {
	dst  ptr
	size int64
	val  ptr
	done bool // unified with the link
}

// slotRead is a load, at p, that reads a cell's link.
type slotRead struct{ p ptr }

// kernelSlot reports whether a is an access to a void * member of a struct
// the kernel defines (not one of the driver's own types).
func (g *graph) kernelSlot(a *ir.Access) bool {
	if g.opts.NoTypeAssumption || a.Struct == nil || a.Struct.Local {
		return false
	}
	ft := fieldType(a.Struct, a.Field)
	if ft == nil {
		return false
	}
	pt, ok := ir.Unnamed(ft).(*ir.Pointer)
	if !ok {
		return false
	}
	b, ok := ir.Unnamed(pt.Elem).(*ir.Basic)
	return ok && b.Kind == ir.Void
}

// slotLoad returns the pointer a load of the slot at p into a struct
// pointer gives: the kernel's own, a node that canonicalisation joins to
// canonical S by the driver's use of it.
func (g *graph) slotLoad(p ptr, size int64) ptr {
	g.slotLink(p, size)
	n := ptr{n: g.newNode()}
	g.addFlags(n, oKernel)
	return n
}

// slotLink returns the link of the slot cell at p, kernel-visible.
func (g *graph) slotLink(p ptr, size int64) ptr {
	l := g.linkOf(p.n, p.off, size)
	g.addFlags(l, oKernel)
	return l
}

// resolveSlots unifies with its slot's link each stored struct pointer
// whose cell something reads plainly, or whose node a copy moves pointers
// in or out of.
func (g *graph) resolveSlots() {
	pending := false
	for i := range g.slots {
		if !g.slots[i].done {
			pending = true
			break
		}
	}
	if !pending {
		return
	}
	read := make(map[*cell]bool)
	for _, l := range g.plain {
		r, off := l.p.resolve()
		if c := cellAt(r, r.norm(off)); c != nil {
			read[c] = true
		}
	}
	copied := make(map[*node]bool)
	for _, c := range g.copies {
		dr, _ := c.dst.resolve()
		sr, _ := c.src.resolve()
		copied[dr], copied[sr] = true, true
	}
	var todo []*slotStore
	for i := range g.slots {
		st := &g.slots[i]
		if st.done {
			continue
		}
		r, off := st.dst.resolve()
		if c := cellAt(r, r.norm(off)); c == nil || read[c] || copied[r] {
			todo = append(todo, st)
		}
	}
	for _, st := range todo {
		st.done = true
		g.unify(g.linkOf(st.dst.n, st.dst.off, st.size), st.val)
	}
}
