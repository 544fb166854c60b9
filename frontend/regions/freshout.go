package regions

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Results a kernel function allocates into the caller's struct (models:
// Helper.FreshOut): acpi_evaluate_object(handle, path, args, &buffer) with
// buffer.length = ACPI_ALLOCATE_BUFFER stores a new block in
// buffer.pointer for each call, which the caller kfrees. The block is a
// fresh allocation (oFresh), private to the call until the driver lets
// the pointer go, as a kmalloc result is. Its pointers (a package's
// elements, an element's string or buffer) point to other parts of the
// block: fresh nodes of their own, as the parts do not overlap (A4: an
// access through the elements pointer stays in the elements). With a
// buffer of the driver's own (a fixed length), the driver's object is
// unified with the block: as shared as it was. The member is an
// ordinary cell, not a kernel slot (slots.go): the kernel fills it for the
// caller, it keeps no driver pointer there.

// freshOut records the allocation call s of external callee stores
// through argument o.Arg, if the argument is a pointer to a struct with
// member o.Field.
func (g *graph) freshOut(f *ir.Function, callee *ir.Function, args []*ptr, o models.FreshOut) {
	if o.Arg >= len(args) || args[o.Arg] == nil {
		return
	}

	st := isStruct(paramPointee(callee, o.Arg))
	if st == nil {
		return
	}
	fld, off, ok := findField(st, o.Field)
	if !ok || fld.Type == nil || fld.Type.Size() <= 0 {
		return
	}
	n := g.newNode()
	n.r.flags = oFresh
	n.r.labels = append(n.r.labels, label{text: "fresh " + callee.Name + " in " + f.Name})
	g.blocks = append(g.blocks, n)
	p := *args[o.Arg]
	g.unify(g.linkOf(p.n, p.off+off, fld.Type.Size()), ptr{n: n})
}

// resolveBlocks makes the memory the pointers read from each block point
// to, when nothing else accounts for it, part of the block's allocation:
// a fresh node of its own (a package's elements, an element's string or
// buffer). Pointers the driver stores there, or the kernel's, keep their
// nodes.
func (g *graph) resolveBlocks() {
	for i := 0; i < len(g.blocks); i++ {
		r, _ := find(g.blocks[i])
		label := r.r.labels
		for _, c := range r.r.cells {
			if c.link == nil {
				continue
			}
			lr, _ := c.link.resolve()
			if lr.r.flags&(storageOrigins|oKernel|oFunction) != 0 || lr.r.sig != nil {
				continue
			}
			lr.r.flags |= oFresh
			lr.r.labels = append(lr.r.labels, label...)
			g.touch(lr.r)
			g.blocks = append(g.blocks, lr)
		}
	}
}
