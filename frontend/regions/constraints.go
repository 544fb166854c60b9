package regions

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// build walks the program once and turns every statement into unification
// constraints, recording what the fixpoint must revisit.
func (g *graph) build() {
	g.kernelInts = kernelIntegers(g.prog, g.opts)
	g.slotLoadTypes = make(map[string]map[string]bool)
	g.computeLins()
	for _, o := range g.prog.Objects {
		g.objNode(o)
	}
	for _, o := range g.prog.Objects {
		g.initialiser(o)
	}
	for _, f := range g.prog.Funcs {
		for _, o := range f.Frame {
			g.objNode(o)
		}
	}
	g.entryPoints()
	order := 0
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				g.stmt(f, s, &order)
			}
			if r, ok := b.Term.(*ir.Return); ok && r.Val != nil && f.Ret != nil && carries(f.Ret) {
				if p := g.materialise(g.eval(r.Val)); p != nil {
					g.unify(*p, g.retVal(f))
				}
			}
		}
	}
}

// initialiser links the pointer cells of a global's static initialiser.
func (g *graph) initialiser(o *ir.Object) {
	n := g.objNode(o)
	for _, in := range o.Init {
		p := g.materialise(g.eval(in.Value))
		if p == nil {
			continue
		}
		size := int64(8)
		if in.Type != nil && in.Type.Size() > 0 {
			size = in.Type.Size()
		}
		dst := ptr{n: n, off: in.Offset}
		g.unify(g.linkOf(n, in.Offset, size), *p)
		g.stores = append(g.stores, pendingStore{dst: dst, val: *p, t: pointee(in.Type)})
	}
}

// entryPoints gives entry-point parameters the pointers the kernel passes.
func (g *graph) entryPoints() {
	for _, ep := range g.prog.EntryPoints {
		f := ep.Func
		for i, v := range f.Params {
			if !carries(v) {
				continue
			}
			kind := ir.ParamShared
			if ep.Params != nil && i < len(ep.Params) {
				kind = ep.Params[i]
			}
			p := g.valueOf(v)
			switch {
			case kind == ir.ParamFresh && !g.opts.NoFreshParams:
				n := g.newNode()
				n.r.flags = oFreshParam | oKernelContents
				pt := pointee(v.CType)
				n.r.labels = append(n.r.labels, label{text: "fresh *" + v.Name + " in " + f.Name, t: pt})
				g.addFact(ptr{n: n}, pt)
				g.unify(p, ptr{n: n})
			case kind == ir.ParamUser:
				g.unify(p, ptr{n: g.user()})
			default:
				g.addFlags(p, oKernel)
			}
		}
		if f.Ret != nil && carries(f.Ret) {
			// What an entry point returns, the kernel holds.
			g.escapes = append(g.escapes, escape{p: g.retVal(f), t: pointee(f.Ret.CType)})
		}
	}
}

func (g *graph) addr(e ir.Expr) ptr {
	if p := g.materialise(g.eval(e)); p != nil {
		return *p
	}
	return ptr{n: g.absolute()}
}

func (g *graph) record(f *ir.Function, s ir.Stmt, a *ir.Access, p ptr, size int64, touch bool, order *int) {
	*order++
	g.accesses = append(g.accesses, &accessRec{stmt: s, acc: a, fn: f, p: p, size: size, touch: touch, order: *order})
	// The syntactic member tells where the struct starts, when the access
	// is exactly that member (not an element of an array member, where the
	// address includes an index the path does not).
	if a.Struct != nil {
		ft := fieldType(a.Struct, a.Field)
		if off, ok := fieldOffset(a.Struct, a.Field); ok && ft != nil && ir.IsScalar(ft) && (touch || ft.Size() == size) {
			g.addFact(ptr{p.n, p.off - off}, a.Struct)
		}
	}
}

func accessSize(n int64) int64 {
	if n <= 0 {
		return 1
	}
	return n
}

func (g *graph) stmt(f *ir.Function, s ir.Stmt, order *int) {
	switch s := s.(type) {
	case *ir.Assign:
		if carries(s.Dst) {
			if p := g.materialise(g.eval(s.Src)); p != nil {
				g.unify(g.valueOf(s.Dst), *p)
			}
		}
	case *ir.Load:
		p := g.addr(s.Addr)
		size := accessSize(s.Size)
		g.record(f, s, &s.Access, p, size, false, order)
		if carries(s.Dst) {
			if g.kernelSlot(&s.Access) && (isStruct(pointee(s.Dst.CType)) != nil || typedCopiesOnly(f, s.Dst)) {
				g.noteSlotLoad(f, s)
				g.unify(g.valueOf(s.Dst), g.slotLoad(p, size))
			} else if g.kernelIntegerLoad(s) {
				// A12: the kernel's integer points to nothing of the
				// driver's (kernelints.go); the cell is still read.
				rn, off := p.resolve()
				g.addCell(rn, []span{{off, off + size}})
			} else {
				g.plain = append(g.plain, p)
				g.unify(g.valueOf(s.Dst), g.linkOf(p.n, p.off, size))
			}
		} else {
			rn, off := p.resolve()
			g.addCell(rn, []span{{off, off + size}})
		}
		g.cellType(p, size, s.Dst.CType)
	case *ir.Store:
		p := g.addr(s.Addr)
		size := accessSize(s.Size)
		g.record(f, s, &s.Access, p, size, false, order)
		if g.storesDriverFunction(s) {
			if o, _, ok := objectOffset(s.Addr); !ok || o.Kind != ir.GlobalObj {
				// An object holding a driver function is how the kernel
				// calls it back with that object: a wait entry's func
				// (init_waitqueue_func_entry, DEFINE_WAIT_FUNC) gets the
				// entry, which the helper table's NoEscape rows for
				// queuing it would otherwise keep thread-local when it
				// lives on the stack or in a fresh allocation. (A global
				// one is shared already.)
				g.escapes = append(g.escapes, escape{p: p})
			}
		}
		if v := g.materialise(g.eval(s.Val)); v != nil {
			var t ir.Type
			if vv, ok := s.Val.(*ir.Var); ok {
				t = pointee(vv.CType)
			}
			if g.kernelSlot(&s.Access) {
				// The kernel hands the pointer back: the slot's own link
				// is the kernel's, and the object meets it in its
				// canonical node (slots.go).
				g.slotLink(p, size)
				g.escapes = append(g.escapes, escape{p: *v, slot: &p, slotType: t, slotKey: slotKey(&s.Access)})
				g.slots = append(g.slots, slotOp{cell: p, size: size, val: *v, store: true})
			} else {
				g.plain = append(g.plain, p)
				g.unify(g.linkOf(p.n, p.off, size), *v)
			}
			g.stores = append(g.stores, pendingStore{dst: p, val: *v, t: t})
		} else {
			rn, off := p.resolve()
			g.addCell(rn, []span{{off, off + size}})
		}
		if vv, ok := s.Val.(*ir.Var); ok {
			g.cellType(p, size, vv.CType)
		}
	case *ir.Touch:
		p := g.addr(s.Addr)
		n := int64(-1)
		if s.Len == nil {
			if s.Size > 0 {
				n = s.Size
			}
		} else if l := g.linExpr(s.Len); !l.bot && l.s == 0 {
			n = max(l.c, 0)
		}
		g.record(f, s, &s.Access, p, n, true, order)
		if v, ok := s.Addr.(*ir.Var); ok {
			if g.touchAt == nil {
				g.touchAt = make(map[*ir.Var]*ir.Access)
			}
			g.touchAt[v] = &s.Access
		}
	case *ir.Call:
		g.call(f, s)
	}
}

// cellType notes the C type an access gives the cell at p.
func (g *graph) cellType(p ptr, size int64, t ir.Type) {
	if t == nil {
		return
	}
	rn, off := p.resolve()
	h, _ := hullIn(rn.r.folds, off, off+size, g.scratch)
	if c := cellAt(rn, h.lo); c != nil {
		c.types = mergeTypes(c.types, []ir.Type{t})
	}
}

func (g *graph) call(f *ir.Function, s *ir.Call) {
	args := make([]*ptr, len(s.Args))
	for i, a := range s.Args {
		args[i] = g.materialise(g.eval(a))
	}
	switch {
	case s.Callee != nil && !s.Callee.External():
		callee := s.Callee
		g.direct[s] = args
		for i, p := range args {
			if p != nil && i < len(callee.Params) && carries(callee.Params[i]) {
				g.unify(*p, g.valueOf(callee.Params[i]))
			}
		}
		if s.Dst != nil && carries(s.Dst) && callee.Ret != nil && carries(callee.Ret) {
			g.unify(g.valueOf(s.Dst), g.retVal(callee))
		}
	case s.Callee != nil:
		g.calls[s] = args
		g.externalCall(f, s, s.Callee, args)
	default:
		fn := g.materialise(g.eval(s.Fn))
		if fn == nil {
			fn = &ptr{n: g.newNode()}
		}
		g.fnPtrs[s] = *fn
		rn, _ := fn.resolve()
		if rn.r.sig == nil {
			rn.r.sig = &sig{ret: ptr{n: g.newNode()}}
		}
		pi := &pendingIndirect{call: s, fn: *fn, args: args}
		if g.opts.NoRetainedLocals {
			g.bindArgs(pi)
		}
		sg := rn.r.sig
		if s.Dst != nil && carries(s.Dst) {
			g.unify(g.valueOf(s.Dst), sg.ret)
		}
		var ft *ir.FuncType
		if v, ok := s.Fn.(*ir.Var); ok {
			if t, ok := ir.Unnamed(pointee(v.CType)).(*ir.FuncType); ok {
				ft = t
			}
		}
		pi.ftype = ft
		pi.lends = s.Dst == nil || !carries(s.Dst) || (ft != nil && !isPointer(ft.Result))
		pi.perCall = perCallArgs(f, s)
		pi.keepsNone = opsKeepNoPointer(f, s)
		g.indirect = append(g.indirect, pi)
	}
}

// externalCall applies what a kernel function does to pointers: the
// helper table's semantics, or escape for unknown functions.
func (g *graph) externalCall(f *ir.Function, s *ir.Call, callee *ir.Function, args []*ptr) {
	h, known := models.HelperFor(callee.Name)
	_, isLock := models.Lock(callee.Name)
	if !models.KeepsNoPointer(callee.Name) {
		var call []*ptr // the call may lend stack locals (A6)
		_, registers := models.Registration(callee.Name)
		if !registers && !(s.Dst != nil && carries(s.Dst) && (!known || h.Returns == models.ReturnsExternal) && mayReturnPointer(callee.Sig)) {
			call = args
		}
		for i, p := range args {
			switch {
			case p == nil:
			case byValue(callee, i):
				// The lowering passes a struct argument as the address of a
				// private copy: the kernel gets the copy's contents.
				g.escapes = append(g.escapes, escape{p: *p, contents: true, call: call})
			default:
				g.escapes = append(g.escapes, escape{p: *p, t: paramPointee(callee, i), call: call})
			}
		}
	}
	if known && h.Copy != nil {
		d, sr := h.Copy[0], h.Copy[1]
		if d < len(args) && sr < len(args) && args[d] != nil && args[sr] != nil {
			n := int64(-1)
			for _, a := range h.Accesses {
				if a.Arg == d && a.Len == models.LenArg && a.LenArg < len(s.Args) {
					if l := g.linExpr(s.Args[a.LenArg]); !l.bot && l.s == 0 {
						n = l.c
					}
				}
			}
			g.copies = append(g.copies, pendingCopy{dst: *args[d], src: *args[sr], n: n,
				dstArg: s.Args[d], srcArg: s.Args[sr]})
		}
	}
	if known && h.FreshOut != nil {
		g.freshOut(f, callee, args, *h.FreshOut)
	}
	if s.Dst == nil || !carries(s.Dst) {
		return
	}
	dst := g.valueOf(s.Dst)
	switch {
	case isLock && !known:
		// Lock calls return status or saved flags.
	case known && h.Returns == models.ReturnsFresh:
		n := g.newNode()
		n.r.flags = oFresh
		n.r.labels = append(n.r.labels, label{text: "fresh " + callee.Name + " in " + f.Name})
		g.unify(dst, ptr{n: n})
	case known && h.Returns == models.ReturnsArg:
		if h.RetArg < len(args) && args[h.RetArg] != nil {
			g.unify(dst, *args[h.RetArg])
		}
	case known && h.Returns == models.ReturnsScalar:
	case known && h.Returns == models.ReturnsCurrent && !g.opts.NoCurrentPerThread && !g.opts.NoTypeAssumption:
		g.unify(dst, g.currentTask(callee))
	default:
		// Kernel memory of the result's static type (see canonicalise).
		p := ptr{n: g.newNode()}
		g.addFlags(p, oKernel)
		if callee.Sig != nil {
			if pt := pointee(callee.Sig.Result); pt != nil {
				g.addFact(p, pt)
			}
		}
		g.unify(dst, p)
	}
}

// byValue reports whether parameter i of f is a struct or union passed by
// value.
func byValue(f *ir.Function, i int) bool {
	return f.Sig != nil && i < len(f.Sig.Params) && isStruct(f.Sig.Params[i]) != nil
}

// paramPointee is the static pointee type of parameter i of f, if any.
func paramPointee(f *ir.Function, i int) ir.Type {
	if f.Sig == nil || i >= len(f.Sig.Params) {
		return nil
	}
	return pointee(f.Sig.Params[i])
}

// storesDriverFunction reports whether store s puts one of the driver's
// functions into memory: named in the store, or through a function pointer
// variable at a place where the entry-point pass registered a driver
// function (a helper that sets a wait entry's func from its parameter).
func (g *graph) storesDriverFunction(s *ir.Store) bool {
	switch v := s.Val.(type) {
	case *ir.Function:
		return !v.External()
	case *ir.Var:
		if _, isFn := ir.Unnamed(pointee(v.CType)).(*ir.FuncType); !isFn || !s.P.IsValid() {
			return false
		}
		for _, ep := range g.prog.EntryPoints {
			if ep.Var == "" && ep.Pos == s.P {
				return true
			}
		}
	}
	return false
}

// perCallArgs marks the arguments of indirect call s that the row of the
// ops field it calls through takes to be per-call objects (models.Fresh:
// rtc_class_ops.read_time's struct rtc_time, which the rtc core passes on
// from its own caller). The function pointer must be loaded, in f, from
// that field only. nil when there is no such row.
func perCallArgs(f *ir.Function, s *ir.Call) []bool {
	v, ok := s.Fn.(*ir.Var)
	if !ok {
		return nil
	}
	var from *ir.Access
	for _, b := range f.Blocks {
		for _, st := range b.Stmts {
			if ld, ok := st.(*ir.Load); ok && ld.Dst == v {
				if from != nil {
					return nil
				}
				from = &ld.Access
			}
		}
	}
	if from == nil || from.Struct == nil || from.Struct.Tag == "" {
		return nil
	}
	row, ok := models.OpsField(from.Struct.Tag, strings.TrimPrefix(from.Field, "."))
	if !ok {
		return nil
	}
	out := make([]bool, len(s.Args))
	for i := range out {
		out[i] = i < len(row.Params) && row.Params[i] == models.Fresh
	}
	return out
}

// opsKeepNoPointer reports whether indirect call s goes through kernel ops
// members that keep no pointer (models.OpsKeepsNoPointer: parport's
// synchronous data transfers): the function pointer is defined, in f,
// only by loads from such members (ppdev's pp_read picks epp_read_addr or
// epp_read_data into one variable).
func opsKeepNoPointer(f *ir.Function, s *ir.Call) bool {
	v, ok := s.Fn.(*ir.Var)
	if !ok || v.Param {
		return false
	}
	n := 0
	for _, b := range f.Blocks {
		for _, st := range b.Stmts {
			switch st := st.(type) {
			case *ir.Load:
				if st.Dst != v {
					continue
				}
				a := &st.Access
				if a.Struct == nil || !models.OpsKeepsNoPointer(a.Struct.Tag, strings.TrimPrefix(a.Field, ".")) {
					return false
				}
				n++
			case *ir.Assign:
				if st.Dst == v {
					return false
				}
			case *ir.Call:
				if st.Dst == v {
					return false
				}
			}
		}
	}
	return n > 0
}
