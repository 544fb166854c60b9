package entry

import (
	"sort"
	"strconv"

	"github.com/whoopverify/whoop/ir"
)

// maxDepth bounds how far values are followed through assignments and
// call sites.
const maxDepth = 6

// funcs returns the driver functions expression e (in function f) may
// evaluate to, following locals through their assignments and parameters
// through the direct call sites of f. complete is false when some value
// comes from memory or elsewhere whoop cannot follow.
func (s *scanner) funcs(f *ir.Function, e ir.Expr, depth int) (fns []*ir.Function, complete bool) {
	seen := map[*ir.Function]bool{}
	complete = s.collect(f, e, depth, seen, map[*ir.Var]bool{})
	for fn := range seen {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Name < fns[j].Name })
	return fns, complete
}

func (s *scanner) collect(f *ir.Function, e ir.Expr, depth int, out map[*ir.Function]bool, visiting map[*ir.Var]bool) bool {
	if depth > maxDepth {
		return false
	}
	switch e := e.(type) {
	case *ir.Function:
		if !e.External() {
			out[e] = true
		}
		return true
	case *ir.Const:
		return true // NULL, or a number: no function
	case *ir.Ite:
		a := s.collect(f, e.Then, depth+1, out, visiting)
		b := s.collect(f, e.Else, depth+1, out, visiting)
		return a && b
	case *ir.Binary:
		// A cast through an integer may leave "fn + 0".
		if c, ok := e.Y.(*ir.Const); ok && c.Val == 0 && e.Op == ir.OpAdd {
			return s.collect(f, e.X, depth+1, out, visiting)
		}
		return false
	case *ir.Var:
		if visiting[e] {
			return true
		}
		visiting[e] = true
		defer delete(visiting, e)
		if e.Param {
			idx := paramIndex(f, e)
			sites := s.callers[f]
			if idx < 0 || len(sites) == 0 {
				return false
			}
			ok := true
			for _, cs := range sites {
				if idx >= len(cs.call.Args) || !s.collect(cs.caller, cs.call.Args[idx], depth+1, out, map[*ir.Var]bool{}) {
					ok = false
				}
			}
			return ok
		}
		defs := s.defsOf(f)[e]
		if len(defs) == 0 {
			return false
		}
		ok := true
		for _, d := range defs {
			switch d := d.(type) {
			case *ir.Assign:
				if !s.collect(f, d.Src, depth+1, out, visiting) {
					ok = false
				}
			case *ir.Load:
				if !s.constCell(f, d, depth, out) && !s.localCell(f, d, depth, out) {
					ok = false
				}
			default:
				ok = false
			}
		}
		return ok
	}
	return false
}

// constCell follows a load from a const global (a static const ops table
// copied member by member: adap->irqchip = cht_wc_i2c_irq_chip): the cell
// holds its initialiser, and only the one member loaded, not every
// function of the table. C forbids writing const storage, so this is
// exact; anything else (a writable global, an address whoop cannot split
// into an object and a constant offset) is left to the escape analysis.
func (s *scanner) constCell(f *ir.Function, ld *ir.Load, depth int, out map[*ir.Function]bool) bool {
	b, off, global := s.base(f, ld.Addr, depth+1)
	o, ok := b.(*ir.Object)
	if !ok || !global || !o.Const || o.Extern {
		return false
	}
	for _, in := range o.Init {
		switch {
		case in.Offset == off:
			return s.collect(f, in.Value, depth+1, out, map[*ir.Var]bool{})
		case in.Offset > off:
			return true // no initialiser: zero, no function
		}
	}
	return true
}

// localCell follows a load from a local object that its function only
// loads and stores at constant offsets (a compound literal copied member
// by member: nsm.c's nsm->hwrng = (struct hwrng){ .read = nsm_rng_read }):
// the cell holds what the stores at that very offset put there, and only
// that, not every function stored anywhere in the object. Stores are
// taken in any order (a loop may run them before the load); a store that
// overlaps the cell at another offset, or any other use of the object's
// address (handed to a call, stored, kept in a variable), leaves the
// load to the escape analysis.
func (s *scanner) localCell(f *ir.Function, ld *ir.Load, depth int, out map[*ir.Function]bool) bool {
	b, off, global := s.base(f, ld.Addr, depth+1)
	o, ok := b.(*ir.Object)
	if !ok || global || o.Kind == ir.GlobalObj {
		return false
	}
	at := func(addr ir.Expr) (int64, bool) {
		if b, off, _ := s.base(f, addr, depth+1); b == o {
			return off, true
		}
		return 0, false
	}
	var vals []ir.Expr
	for _, blk := range f.Blocks {
		for _, st := range blk.Stmts {
			switch st := st.(type) {
			case *ir.Load:
				if _, ok := at(st.Addr); ok {
					continue
				}
			case *ir.Store:
				if o2, ok := at(st.Addr); ok && !mentions(st.Val, o) {
					switch {
					case o2 == off && st.Size == ld.Size:
						vals = append(vals, st.Val)
					case o2+st.Size > off && off+ld.Size > o2:
						return false // a partial overwrite of the cell
					}
					continue
				}
			}
			for _, x := range ir.StmtExprs(st) {
				if mentions(x, o) {
					return false
				}
			}
		}
		for _, x := range ir.TermExprs(blk.Term) {
			if mentions(x, o) {
				return false
			}
		}
	}
	for _, v := range vals {
		if !s.collect(f, v, depth+1, out, map[*ir.Var]bool{}) {
			return false
		}
	}
	return true
}

// mentions reports whether e uses object o (its address).
func mentions(e ir.Expr, o *ir.Object) bool {
	found := false
	ir.WalkExpr(e, func(x ir.Expr) { found = found || x == o })
	return found
}

// directFuncs returns the driver functions e may be, ignoring values it
// cannot follow (stores and unknown calls only care about known ones).
func (s *scanner) directFuncs(f *ir.Function, e ir.Expr) []*ir.Function {
	switch e.(type) {
	case *ir.Function, *ir.Var, *ir.Ite, *ir.Binary:
		fns, _ := s.funcs(f, e, 0)
		return fns
	}
	return nil
}

func paramIndex(f *ir.Function, v *ir.Var) int {
	for i, p := range f.Params {
		if p == v {
			return i
		}
	}
	return -1
}

// defsOf returns, per variable of f, the statements that assign it.
func (s *scanner) defsOf(f *ir.Function) map[*ir.Var][]ir.Stmt {
	if d, ok := s.defs[f]; ok {
		return d
	}
	d := ir.Definitions(f)
	s.defs[f] = d
	return d
}

// base splits an address expression into a base (a global or local
// *ir.Object, or a pointer *ir.Var with a struct pointee type) and a
// constant byte offset; global reports a global object base.
func (s *scanner) base(f *ir.Function, e ir.Expr, depth int) (b any, off int64, global bool) {
	if depth > maxDepth {
		return nil, 0, false
	}
	switch e := e.(type) {
	case *ir.Object:
		return e, 0, e.Kind == ir.GlobalObj
	case *ir.Binary:
		if e.Op != ir.OpAdd {
			return nil, 0, false
		}
		if c, ok := e.Y.(*ir.Const); ok {
			b, o, g := s.base(f, e.X, depth+1)
			return b, o + c.Val, g
		}
		if c, ok := e.X.(*ir.Const); ok {
			b, o, g := s.base(f, e.Y, depth+1)
			return b, o + c.Val, g
		}
	case *ir.Var:
		typed := ir.PointeeStruct(e.CType) != nil
		if !e.Param {
			if defs := s.defsOf(f)[e]; len(defs) == 1 {
				if a, ok := defs[0].(*ir.Assign); ok {
					// A typed pointer names its struct better than the
					// arithmetic it came from (netdev_priv), unless that
					// is the address of a global.
					if b, o, g := s.base(f, a.Src, depth+1); b != nil && (!typed || g) {
						return b, o, g
					}
				}
			}
		}
		if typed {
			return e, 0, false
		}
	}
	return nil, 0, false
}

// objectKey identifies the object an address argument points to, for
// telling registrations of the same object from different ones:
// "global zf_timer", "global sonypi_device.input_work",
// "struct rtl8139_private.thread". want is the struct type of the
// registered object: a bare pointer of that very type identifies nothing.
// designator is the C designator of a global object, else "".
func (s *scanner) objectKey(f *ir.Function, e ir.Expr, want string) (key, designator string) {
	b, off, global := s.base(f, e, 0)
	switch b := b.(type) {
	case *ir.Object:
		if !global {
			return "", "" // a local: a new object per activation
		}
		p := pathAtOffset(b.CType, off)
		if p == "+" {
			p = "+" + strconv.FormatInt(off, 10)
		}
		return "global " + b.Name + p, b.Name + p
	case *ir.Var:
		st := ir.PointeeStruct(b.CType)
		if st == nil || (off == 0 && structName(st) == want) {
			return "", ""
		}
		p := pathAtOffset(st, off)
		if p == "+" {
			return "", ""
		}
		return "struct " + structName(st) + p, ""
	}
	return "", ""
}

// numberKey identifies an interrupt line: only a constant tells lines apart.
func (s *scanner) numberKey(f *ir.Function, e ir.Expr) string {
	for depth := 0; depth < maxDepth; depth++ {
		switch x := e.(type) {
		case *ir.Const:
			return "irq " + strconv.FormatInt(x.Val, 10)
		case *ir.Var:
			defs := s.defsOf(f)[x]
			if x.Param || len(defs) != 1 {
				return ""
			}
			a, ok := defs[0].(*ir.Assign)
			if !ok {
				return ""
			}
			e = a.Src
		default:
			return ""
		}
	}
	return ""
}

// inLoop reports whether block b of f lies on a cycle of the CFG.
func (s *scanner) inLoop(f *ir.Function, b *ir.Block) bool {
	if m, ok := s.loops[f]; ok {
		return m[b]
	}
	m := ir.LoopBlocks(f)
	s.loops[f] = m
	return m[b]
}

// repeatedFn reports whether driver function f may run several times
// while its registrations stay live: it is called from two or more places,
// or from a loop, or from such a function.
func (s *scanner) repeatedFn(f *ir.Function) bool {
	switch s.rep[f] {
	case 1, 3:
		return false
	case 2:
		return true
	}
	s.rep[f] = 3
	sites := s.callers[f]
	r := len(sites) > 1
	if len(sites) == 1 {
		r = s.inLoop(sites[0].caller, sites[0].block) || s.repeatedFn(sites[0].caller)
	}
	if r {
		s.rep[f] = 2
	} else {
		s.rep[f] = 1
	}
	return r
}
