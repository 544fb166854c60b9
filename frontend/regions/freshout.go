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
// the pointer go, as a kmalloc result is; its pointers (a package's
// elements, an element's string or buffer) point into the block itself,
// so it is one collapsed node whose links are itself. With a buffer of
// the driver's own (a fixed length), the driver's object is unified with
// the block and collapsed: coarser, never fewer races. The member is an
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

// resolveBlocks collapses each such block and points the pointers read
// from it that nothing else accounts for back into it.
func (g *graph) resolveBlocks() {
	for _, b := range g.blocks {
		r, _ := find(b)
		g.addFold(r, &fold{lo: negInf, hi: posInf, base: 0, stride: 1})
		r, _ = find(r)
		for _, c := range r.r.cells {
			if c.link == nil {
				continue
			}
			lr, _ := c.link.resolve()
			if lr == r || lr.r.flags&(storageOrigins|oKernel|oFunction) != 0 || lr.r.sig != nil {
				continue
			}
			g.unify(*c.link, ptr{n: r})
			r, _ = find(r)
		}
	}
}
