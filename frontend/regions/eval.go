package regions

import "github.com/whoopverify/whoop/ir"

// lin is the integer part of a value: c plus some multiple of s (s == 0:
// exactly c; s == 1: any integer). bot marks "no value yet" in the fixpoint.
type lin struct {
	c, s int64
	bot  bool
}

var topLin = lin{s: 1}

func (a lin) add(b lin) lin {
	if a.bot || b.bot {
		return lin{bot: true}
	}
	return lin{c: a.c + b.c, s: gcd(a.s, b.s)}
}

func (a lin) neg() lin {
	if a.bot {
		return a
	}
	return lin{c: -a.c, s: a.s}
}

func (a lin) mul(b lin) lin {
	switch {
	case a.bot || b.bot:
		return lin{bot: true}
	case a.s == 0 && b.s == 0:
		return lin{c: a.c * b.c}
	case b.s == 0:
		return lin{c: a.c * b.c, s: a.s * abs(b.c)}
	case a.s == 0:
		return lin{c: a.c * b.c, s: b.s * abs(a.c)}
	}
	return topLin
}

func join(a, b lin) lin {
	switch {
	case a.bot:
		return b
	case b.bot:
		return a
	}
	return lin{c: a.c, s: gcd(gcd(a.s, b.s), a.c-b.c)}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// value is an abstract scalar: an optional pointer base plus an integer
// offset (lin), and pointers that may hide in it at an unknown offset.
type value struct {
	base    *ptr
	typed   bool // the base came from a pointer-typed operand
	asIndex lin  // the integer meaning of the base operand (a variable's lin)
	l       lin
	unknown []ptr
	// anchor is the constant offset the base had when a variable index was
	// first added to it (&a[i - 1] is anchored at a): the index's own
	// constant must not move the pointer out of the array (A4).
	anchor   int64
	anchored bool
	// quot: the value is a pointer divided by a constant (align.go).
	quot *quotient
	// reach: how far past its anchor a rounded pointer may lie (align.go).
	reach int64
}

// anchorIndex notes where a pointer stood when the variable index i is
// added to it, if that is the first variable part of its offset.
func (v *value) anchorIndex(i lin) {
	if v.base != nil && !v.anchored && !v.l.bot && v.l.s == 0 && !i.bot && i.s != 0 {
		v.anchor, v.anchored = v.l.c, true
	}
}

// demote turns a pointer-carrying operand into an index: its pointer may
// still hide in the result (lazily, see pendingUnknown).
func (v value) demote() value {
	if v.base == nil {
		return v
	}
	return value{l: v.l.add(v.asIndex), unknown: append(v.unknown, *v.base)}
}

func (v value) dropAll() value {
	w := value{l: topLin, unknown: v.unknown}
	if v.base != nil {
		w.unknown = append(w.unknown, *v.base)
	}
	return w
}

// eval computes the abstract value of e. It may unify (the arms of a
// conditional that both hold pointers).
func (g *graph) eval(e ir.Expr) value {
	switch e := e.(type) {
	case nil:
		return value{l: topLin}
	case *ir.Const:
		return value{l: lin{c: e.Val}}
	case *ir.BoolConst:
		return value{l: topLin}
	case *ir.Var:
		if e.Kind != ir.Int {
			return value{l: topLin}
		}
		if carries(e) {
			p := g.valueOf(e)
			return value{base: &p, typed: isPointer(e.CType), asIndex: g.linOf(e)}
		}
		return value{l: g.linOf(e)}
	case *ir.Object:
		p := ptr{n: g.objNode(e)}
		return value{base: &p, typed: true, asIndex: topLin}
	case *ir.Function:
		p := ptr{n: g.fnNode(e)}
		return value{base: &p, typed: true, asIndex: topLin}
	case *ir.Old:
		return value{l: topLin}
	case *ir.Unary:
		x := g.eval(e.X)
		if bits, _, ok := e.Op.Wrap(); ok && bits == 64 {
			// Full-width wrap: the identity on the values the analysis
			// tracks (addresses and offsets in range); keeps pointers
			// that pass through unsigned long arithmetic.
			return x
		}
		switch e.Op {
		case ir.OpNeg:
			if x.base == nil {
				x.l = x.l.neg()
				return x
			}
		case ir.OpBitNot:
			if x.base == nil {
				x.l = x.l.neg().add(lin{c: -1})
				return x
			}
		default:
			return value{l: topLin}
		}
		return x.dropAll()
	case *ir.Ite:
		a, b := g.eval(e.Then), g.eval(e.Else)
		switch {
		case a.base != nil && b.base != nil:
			a.anchored = false
			g.unify(ptr{a.base.n, a.base.off + a.l.c}, ptr{b.base.n, b.base.off + b.l.c})
			a.l = join(lin{s: a.l.s}, lin{s: b.l.s})
			a.typed = a.typed || b.typed
		case a.base == nil && b.base != nil:
			a, b = b, a
			a.l = join(a.l, b.l)
		case a.base != nil:
			a.l = join(a.l, b.l)
		default:
			a.l = join(a.l, b.l)
		}
		a.unknown = append(a.unknown, b.unknown...)
		a.quot = nil
		return a
	case *ir.Binary:
		return g.evalBinary(e)
	}
	return value{l: topLin}
}

func (g *graph) evalBinary(e *ir.Binary) value {
	if e.Op >= ir.OpEq {
		return value{l: topLin}
	}
	x, y := g.eval(e.X), g.eval(e.Y)
	if r, ok := rounded(e.Op, x, y); ok {
		return r
	}
	x.quot, y.quot = nil, nil
	switch e.Op {
	case ir.OpAdd:
		if x.base != nil && y.base != nil {
			// Only one operand is the base: the pointer-typed one, else the
			// left. The other is an index that may still hide a pointer.
			if y.typed && !x.typed {
				x, y = y, x
			}
			y = y.demote()
		} else if y.base != nil {
			x, y = y, x
		}
		x.anchorIndex(y.l)
		x.l = x.l.add(y.l)
		if !g.typedIndex(x, y) {
			x.unknown = append(x.unknown, y.unknown...)
		}
		return x
	case ir.OpSub:
		switch {
		case x.base != nil && y.base != nil && x.typed && !y.typed:
			y = y.demote() // pointer minus an integer that might hold a pointer
		case x.base != nil && y.base != nil:
			// A pointer difference is an integer (C defines it only within
			// one object).
			return value{l: topLin, unknown: append(x.unknown, y.unknown...)}
		case y.base != nil:
			return value{l: topLin, unknown: append(append(x.unknown, y.unknown...), *y.base)}
		}
		x.anchorIndex(y.l)
		x.l = x.l.add(y.l.neg())
		x.unknown = append(x.unknown, y.unknown...)
		return x
	}
	// Any other operator: the result is an integer; a pointer operand may
	// still hide in it at an unknown offset (alignment masks, tagged
	// pointers), which only matters if the result is used as a pointer.
	x, y = x.demote(), y.demote()
	w := value{unknown: append(x.unknown, y.unknown...)}
	switch {
	case e.Op == ir.OpMul:
		w.l = x.l.mul(y.l)
	case e.Op == ir.OpShl && !y.l.bot && y.l.s == 0 && y.l.c >= 0 && y.l.c < 62:
		w.l = x.l.mul(lin{c: int64(1) << y.l.c})
	case !x.l.bot && !y.l.bot && x.l.s == 0 && y.l.s == 0:
		if c, ok := foldConst(e.Op, x.l.c, y.l.c); ok {
			w.l = lin{c: c}
		} else {
			w.l = topLin
		}
	default:
		w.l = topLin
	}
	return w
}

func foldConst(op ir.Op, a, b int64) (int64, bool) {
	switch op {
	case ir.OpMul:
		return a * b, true
	case ir.OpDiv:
		if b != 0 {
			return a / b, true
		}
	case ir.OpRem:
		if b != 0 {
			return a % b, true
		}
	case ir.OpAnd:
		return a & b, true
	case ir.OpOr:
		return a | b, true
	case ir.OpXor:
		return a ^ b, true
	case ir.OpShl:
		if b >= 0 && b < 64 {
			return a << b, true
		}
	case ir.OpShr:
		if b >= 0 && b < 64 {
			return a >> b, true
		}
	}
	return 0, false
}

// materialise turns a value into a pointer, registering the pending
// constraints its arithmetic implies. It returns nil for non-pointers.
func (g *graph) materialise(v value) *ptr {
	if v.base == nil && len(v.unknown) == 0 {
		return nil
	}
	var p ptr
	if v.base == nil {
		p = ptr{n: g.newNode()}
	} else {
		p = ptr{v.base.n, v.base.off}
		switch {
		case v.anchored && !v.l.bot && v.l.s != 0:
			p.off += v.anchor + mod(v.l.c-v.anchor, v.l.s)
		case !v.l.bot:
			p.off += v.l.c
			if v.l.c != 0 {
				g.moves = append(g.moves, *v.base)
			}
		}
	}
	if v.base != nil && (v.l.bot || v.l.s != 0) {
		s := v.l.s
		if v.l.bot || s == 0 {
			s = 1
		}
		g.strides = append(g.strides, pendingStride{p, s, v.reach})
	}
	for _, u := range v.unknown {
		g.unknowns = append(g.unknowns, pendingUnknown{result: p, src: u})
	}
	return &p
}

// linOf is the integer meaning of variable v (constant and stride), from
// the assignments that define it; other definitions make it arbitrary.
func (g *graph) linOf(v *ir.Var) lin {
	if l, ok := g.lins[v]; ok {
		return l
	}
	return topLin
}

// computeLins solves the lin of every variable defined only by
// assignments, as a fixpoint (loops such as i += 4 give stride 4).
func (g *graph) computeLins() {
	var vars []*ir.Var
	def := func(v *ir.Var) {
		if _, seen := g.linDefs[v]; !seen {
			vars = append(vars, v)
			g.linDefs[v] = nil
		}
	}
	for _, f := range g.prog.Funcs {
		for _, v := range f.Params {
			if c, ok := g.constParams[v]; ok {
				def(v)
				g.linDefs[v] = append(g.linDefs[v], &ir.Const{Val: c})
				continue
			}
			g.linTop[v] = true
		}
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				switch s := s.(type) {
				case *ir.Assign:
					def(s.Dst)
					g.linDefs[s.Dst] = append(g.linDefs[s.Dst], s.Src)
				case *ir.Load:
					if o, _, ok := objectOffset(s.Addr); ok && readOnlyTable(o) {
						def(s.Dst)
						g.linLoads[s.Dst] = append(g.linLoads[s.Dst], s)
						continue
					}
					g.linTop[s.Dst] = true
				default:
					for _, d := range ir.StmtDefs(s) {
						g.linTop[d] = true
					}
				}
			}
		}
	}
	for _, v := range vars {
		if !g.linTop[v] {
			g.lins[v] = lin{bot: true}
		}
	}
	for changed, round := true, 0; changed && round < 50; round++ {
		changed = false
		for _, v := range vars {
			if g.linTop[v] {
				continue
			}
			l := lin{bot: true}
			for _, e := range g.linDefs[v] {
				l = join(l, g.linExpr(e))
			}
			for _, ld := range g.linLoads[v] {
				l = join(l, g.tableValue(ld))
			}
			if old := g.lins[v]; old != l {
				g.lins[v] = l
				changed = true
			}
		}
		if round == 49 && changed {
			for _, v := range vars {
				if !g.linTop[v] {
					g.lins[v] = topLin
				}
			}
		}
	}
	for _, v := range vars {
		if l := g.lins[v]; l.bot {
			g.lins[v] = topLin // never assigned on a reachable path
		}
	}
	for v := range g.linTop {
		delete(g.lins, v)
	}
}

// linExpr is the integer meaning of e, ignoring pointers.
func (g *graph) linExpr(e ir.Expr) lin {
	switch e := e.(type) {
	case *ir.Const:
		return lin{c: e.Val}
	case *ir.Var:
		if l, ok := g.lins[e]; ok {
			return l
		}
		return topLin
	case *ir.Unary:
		x := g.linExpr(e.X)
		if bits, _, ok := e.Op.Wrap(); ok && bits == 64 {
			return x // as in eval
		}
		switch e.Op {
		case ir.OpNeg:
			return x.neg()
		case ir.OpBitNot:
			return x.neg().add(lin{c: -1})
		}
	case *ir.Ite:
		return join(g.linExpr(e.Then), g.linExpr(e.Else))
	case *ir.Binary:
		x, y := g.linExpr(e.X), g.linExpr(e.Y)
		if x.bot || y.bot {
			return lin{bot: true}
		}
		switch e.Op {
		case ir.OpAdd:
			return x.add(y)
		case ir.OpSub:
			return x.add(y.neg())
		case ir.OpMul:
			return x.mul(y)
		case ir.OpShl:
			if y.s == 0 && y.c >= 0 && y.c < 62 {
				return x.mul(lin{c: int64(1) << y.c})
			}
		default:
			if e.Op < ir.OpEq && x.s == 0 && y.s == 0 {
				if c, ok := foldConst(e.Op, x.c, y.c); ok {
					return lin{c: c}
				}
			}
		}
	}
	return topLin
}

// readOnlyTable reports whether o is a driver's const global with its
// contents in this translation unit: the kernel maps it read-only
// (.rodata), so its initialiser is its value.
func readOnlyTable(o *ir.Object) bool {
	return o.Kind == ir.GlobalObj && o.Const && !o.Extern && o.Bytes > 0
}

// tableValue is the lin of a load from a read-only table at a constant
// offset (lm93_block_read_cmds[fbn].len in a copy whose fbn is a
// constant): the initialiser's constant there, 0 where nothing
// initialises it, else top.
func (g *graph) tableValue(ld *ir.Load) lin {
	o, offExpr, _ := objectOffset(ld.Addr)
	off := lin{}
	if offExpr != nil {
		off = g.linExpr(offExpr)
	}
	if off.bot {
		return off
	}
	if off.s != 0 || off.c < 0 || ld.Size <= 0 || off.c+ld.Size > o.Bytes {
		return topLin
	}
	for _, in := range o.Init {
		size := int64(-1)
		if in.Type != nil {
			size = in.Type.Size()
		}
		if in.Offset >= off.c+ld.Size || (size > 0 && in.Offset+size <= off.c) {
			continue
		}
		if c, ok := in.Value.(*ir.Const); ok && in.Offset == off.c && size == ld.Size {
			return lin{c: c.Val}
		}
		return topLin
	}
	return lin{} // zero-initialised
}
