package regions

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

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
// it reads back, by type. Only stores of pointers to struct objects (the
// stored pointer's node has a struct starting where it points) and loads
// into struct pointers take this path. A cell that anything also uses
// another way (a load into void * used as such, a kfree's argument, though
// an inlined dev_get_drvdata's void * result only copied into struct
// pointers counts as a load into them, typedCopiesOnly; a store of a
// pointer to a buffer without a struct; an access through another type or
// through no member; a copy of the bytes) keeps
// one link for everything, as any cell does: its slot stores and loads are
// unified with the link as before (resolveSlots). Off A2
// (NoTypeAssumption) slots are ordinary cells.

// slotOp is a store of the pointer val into the kernel slot at cell, or a
// load of the slot into the struct pointer val (a kernel-made node).
type slotOp struct {
	cell  ptr
	size  int64
	val   ptr
	store bool
	done  bool // unified with the link
}

// kernelSlot reports whether a is an access to a void * member of a struct
// the kernel defines (not one of the driver's own types).
func (g *graph) kernelSlot(a *ir.Access) bool {
	if g.opts.NoTypeAssumption || a.Struct == nil || a.Struct.Local {
		return false
	}
	if models.FreshOutMember(a.Struct.Tag, strings.TrimPrefix(a.Field, ".")) {
		// A buffer descriptor (struct acpi_buffer.pointer) the kernel
		// fills for the caller (freshout.go): an ordinary cell.
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

// typedCopiesOnly reports whether the only uses of v in f are copies into
// struct pointer variables (data := t, where t is the void * result of an
// inlined dev_get_drvdata): a slot load into v is then one into those
// struct pointers, since nothing uses the loaded value another way.
func typedCopiesOnly(f *ir.Function, v *ir.Var) bool {
	copies := 0
	uses := func(es []ir.Expr) bool {
		found := false
		for _, e := range es {
			ir.WalkExpr(e, func(x ir.Expr) {
				if x == ir.Expr(v) {
					found = true
				}
			})
		}
		return found
	}
	for _, b := range f.Blocks {
		for _, s := range b.Stmts {
			if a, ok := s.(*ir.Assign); ok && a.Src == ir.Expr(v) {
				if isStruct(pointee(a.Dst.CType)) == nil {
					return false
				}
				copies++
				continue
			}
			if uses(ir.StmtExprs(s)) {
				return false
			}
		}
		if uses(ir.TermExprs(b.Term)) {
			return false
		}
	}
	return copies > 0
}

// slotLoad returns the pointer a load of the slot at p into a struct
// pointer gives: the kernel's own, a node that canonicalisation joins to
// canonical S by the driver's use of it.
func (g *graph) slotLoad(p ptr, size int64) ptr {
	g.slotLink(p, size)
	n := ptr{n: g.newNode()}
	g.addFlags(n, oKernel)
	g.slots = append(g.slots, slotOp{cell: p, size: size, val: n})
	return n
}

// slotLink returns the link of the slot cell at p, kernel-visible.
func (g *graph) slotLink(p ptr, size int64) ptr {
	l := g.linkOf(p.n, p.off, size)
	g.addFlags(l, oKernel)
	return l
}

// resolveSlots unifies with its slot's link each slot store and load of a
// cell that something else loads or stores a pointer through, or that
// holds a pointer to no struct object, or of a node that a copy moves
// pointers in or out of.
func (g *graph) resolveSlots() {
	roots := make(map[*node]bool)
	for i := range g.slots {
		if !g.slots[i].done {
			r, _ := g.slots[i].cell.resolve()
			roots[r] = true
		}
	}
	if len(roots) == 0 {
		return
	}
	// Only the nodes holding pending slots matter: most of the program's
	// loads and stores are elsewhere, and this runs every round.
	used := make(map[*cell]bool)
	for _, p := range g.plain {
		if r, off := p.resolve(); roots[r] {
			if c := cellAt(r, r.norm(off)); c != nil {
				used[c] = true
			}
		}
	}
	// A stored pointer to no struct object (a buffer the driver reads back
	// as a struct) reaches the typed loads only through the link.
	for i := range g.slots {
		if op := &g.slots[i]; op.store && !op.done {
			if r, off := op.val.resolve(); len(g.structsAt(r, off)) == 0 {
				cr, coff := op.cell.resolve()
				if c := cellAt(cr, cr.norm(coff)); c != nil {
					used[c] = true
				}
			}
		}
	}
	copied := make(map[*node]bool)
	for _, c := range g.copies {
		dr, _ := c.dst.resolve()
		sr, _ := c.src.resolve()
		copied[dr], copied[sr] = true, true
	}
	var todo []*slotOp
	for i := range g.slots {
		op := &g.slots[i]
		if op.done {
			continue
		}
		r, off := op.cell.resolve()
		if c := cellAt(r, r.norm(off)); c == nil || used[c] || copied[r] {
			todo = append(todo, op)
		}
	}
	for _, op := range todo {
		op.done = true
		g.unify(g.linkOf(op.cell.n, op.cell.off, op.size), op.val)
	}
}

// Typed slots (A13, Options.NoTypedSlots): a pointer of static type S *
// stored into a slot escapes as an S: the kernel hands it back as the
// driver stored it, not as a pointer to a struct embedded at its start;
// unless the program reads that slot member (the same kernel struct
// member, in any function) into a pointer to another struct type that
// starts where the stored pointer points: then every struct there joins
// its canonical node, as for an untyped escape. It can hide a race through
// kernel code that reads the slot as the embedded struct's type and hands
// that to the driver (a v4l2_fh at the start of a driver's per-file
// struct stored whole in file->private_data, read by the v4l2 core). hpilo.c stores its struct ccb_data *
// in file->private_data and reads it back only as struct ccb_data *; the
// untyped escape also joined the struct ccb at its start (driver_ccb)
// with canonical struct ccb, the device's control block in I/O memory,
// which merged the driver's per-file object with the kernel's char
// memory and collapsed it.

// slotKey names the kernel struct member a slot access is to.
func slotKey(a *ir.Access) string {
	return structKey(a.Struct) + a.Field
}

// noteSlotLoad records the struct types a slot load gives the driver: the
// loaded pointer's, or those of the struct pointers its void * is only
// copied into (typedCopiesOnly).
func (g *graph) noteSlotLoad(f *ir.Function, l *ir.Load) {
	key := slotKey(&l.Access)
	if g.slotLoadTypes[key] == nil {
		g.slotLoadTypes[key] = make(map[string]bool)
	}
	if s := isStruct(pointee(l.Dst.CType)); s != nil {
		g.slotLoadTypes[key][structKey(s)] = true
		return
	}
	for _, b := range f.Blocks {
		for _, st := range b.Stmts {
			if a, ok := st.(*ir.Assign); ok && a.Src == ir.Expr(l.Dst) {
				if s := isStruct(pointee(a.Dst.CType)); s != nil {
					g.slotLoadTypes[key][structKey(s)] = true
				}
			}
		}
	}
}

// slotEscapeType returns the type a slot store's pointer escapes as: its
// static pointee struct, unless a load of the slot reads another struct
// type starting there; nil (untyped) otherwise.
func (g *graph) slotEscapeType(e escape) ir.Type {
	s := isStruct(e.slotType)
	if s == nil || g.opts.NoTypeAssumption || g.opts.NoTypedSlots {
		return nil
	}
	r, off := e.p.resolve()
	loads := g.slotLoadTypes[e.slotKey]
	for _, t := range g.structsAt(r, off) {
		if t != s && structKey(t) != structKey(s) && loads[structKey(t)] {
			return nil
		}
	}
	return e.slotType
}
