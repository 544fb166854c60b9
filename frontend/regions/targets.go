package regions

import (
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// callTargets fills Call.Targets of indirect calls and Call.ArgTargets of
// calls to external functions.
func (g *graph) callTargets() {
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				c, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				if fp, ok := g.fnPtrs[c]; ok {
					if fn, ok := g.funcConst(c.Fn, 0); ok {
						// The callee is syntactically one function.
						c.Targets = []*ir.Function{fn}
					} else {
						c.Targets = g.arityTargets(c, g.targetsOf(fp))
					}
					for i, t := range c.Targets {
						if cp, ok := g.split[t]; ok {
							c.Targets[i] = cp // the driver's call (split.go)
						}
					}
				}
				if args, ok := g.calls[c]; ok {
					c.ArgTargets = make([]*ir.Target, len(args))
					for i, p := range args {
						if p != nil {
							c.ArgTargets[i] = g.target(*p, paramPointee(c.Callee, i), c.Args[i])
						}
					}
				}
			}
		}
	}
}

func (g *graph) targetsOf(p ptr) []*ir.Function {
	r, _ := p.resolve()
	seen := make(map[*ir.Function]bool)
	var fs []*ir.Function
	for _, f := range r.r.funcs {
		if !seen[f] {
			seen[f] = true
			fs = append(fs, f)
		}
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

// arityTargets keeps the targets an indirect call can reach under A2
// (typed kernel): a function called through a pointer of another type is
// undefined behaviour (C11 6.5.2.2p9) and kCFI traps it. A target is
// dropped when it takes another number of parameters (and is not
// variadic), or when an argument that is a variable of type S* (passed
// as is: the kernel builds with -Werror=incompatible-pointer-types, so
// the pointer's prototype takes S* or void * there) meets a parameter of
// type S'* for another named struct S'. A collapsed node's function set
// (every address-taken function of the file) would otherwise make a
// show callback call a release.
func (g *graph) arityTargets(c *ir.Call, fs []*ir.Function) []*ir.Function {
	if g.opts.NoTypeAssumption {
		return fs
	}
	out := fs[:0:0]
	for _, f := range fs {
		if callable(c, f) {
			out = append(out, f)
		}
	}
	return out
}

// callable reports whether call c may reach f by the rules of
// arityTargets.
func callable(c *ir.Call, f *ir.Function) bool {
	if f.Sig == nil || f.Sig.Variadic {
		return true
	}
	// The signature, not Params: an external function (a kernel helper
	// like clear_bit) has no parameter variables.
	if len(f.Sig.Params) != len(c.Args) {
		return false
	}
	for i, a := range c.Args {
		v, ok := a.(*ir.Var)
		if !ok {
			continue
		}
		as, ps := namedStruct(pointee(v.CType)), namedStruct(pointee(f.Sig.Params[i]))
		if as != "" && ps != "" && as != ps {
			return false
		}
	}
	return true
}

// namedStruct returns the tag of a named struct or union type, or "".
func namedStruct(t ir.Type) string {
	if s := isStruct(t); s != nil {
		return s.Tag
	}
	return ""
}

// target describes what pointer p (statically pointing to want) points to.
func (g *graph) target(p ptr, want ir.Type, arg ir.Expr) *ir.Target {
	r, off := p.resolve()
	f := r.r.flags
	if f&storageOrigins == 0 {
		// An integer, a function, or a pointer nothing is known of (an
		// untyped kernel value): unknown.
		return nil
	}
	if want == nil {
		if v, ok := arg.(*ir.Var); ok {
			want = pointee(v.CType)
		}
	}
	x := r.norm(off)
	t := &ir.Target{}
	if obj, objOff, ok := g.addrConst(arg, 0); ok && obj.Kind == ir.GlobalObj && f&oCanonical == 0 {
		// The argument names one global object syntactically (&obj + c):
		// its identity does not depend on what else the node holds.
		if c := cellAt(r, x); c != nil && c.region != nil {
			t.Region = c.region
		}
		t.Objects = []*ir.Object{obj}
		t.Struct = isStruct(obj.CType)
		wantKey := ""
		if want != nil && factType(want) {
			wantKey = typeKey(want)
		}
		path, ok := pathTo(obj.CType, objOff, wantKey)
		if !ok && wantKey != "" {
			path, ok = pathTo(obj.CType, objOff, "")
		}
		t.Path = path
		t.Key = "global " + obj.Name + path
		t.Exact = ok && !strings.Contains(path, "[]")
		t.Array = ok && strings.Contains(path, "[]")
		if !ok {
			t.Why = "its offset within global " + obj.Name + " is not one member's"
		}
		return t
	}
	if vr, d := g.viewed(r, x, x+1); vr != r {
		// Embedded bytes the canonical node holds (views.go).
		r, x = vr, vr.norm(x+d)
	}
	if c := cellAt(r, x); c != nil && c.region != nil {
		t.Region = c.region
	}
	// Named, and so identified, where its region is named.
	r, x = g.namedAt(r, x, x+1)
	for _, o := range g.objectsIn(r, negInf, posInf, false) {
		if o.obj.Kind == ir.GlobalObj {
			t.Objects = append(t.Objects, o.obj)
		}
	}
	a := g.anchorFor(r, x, x+1)
	collapsed := r.collapsed() || foldedBelow(r, a)
	path := ""
	pathOK := false
	if a.t != nil && !collapsed {
		wantKey := ""
		if want != nil && factType(want) {
			wantKey = typeKey(want)
		}
		path, pathOK = pathTo(a.t, x-a.off, wantKey)
		if !pathOK && wantKey != "" {
			path, pathOK = pathTo(a.t, x-a.off, "")
		}
	}
	t.Struct = a.st
	t.Path = path
	t.Key = a.base + path
	folded := g.foldedAt(r, x, a)
	exactButIndex := a.identity && pathOK && !collapsed && (a.canonical || a.globals <= 1) && !folded
	t.Exact = exactButIndex && !strings.Contains(path, "[]")
	t.Array = exactButIndex && strings.Contains(path, "[]")
	if !exactButIndex {
		t.Why = inexactWhy(a, collapsed, folded, pathOK)
	}
	return t
}

// inexactWhy says why a pointer into anchor a names no single cell, in the
// order targetOf tests it, so that a warning can point the developer at
// the cause ("" when none applies).
func inexactWhy(a anchor, collapsed, folded, pathOK bool) string {
	switch {
	case a.t == nil || a.base == "":
		return "whoop cannot tell what it points to"
	case collapsed:
		return "whoop's region analysis does not tell the members of " + a.base + " apart: casts or pointer arithmetic mix them"
	case !a.identity:
		return "it points into " + a.base + ", which is not one object whoop can name"
	case !a.canonical && a.globals > 1:
		return "it may point into any of " + itoa(a.globals) + " global objects"
	case folded:
		return "pointer arithmetic leaves its place within " + a.base + " unknown"
	case !pathOK:
		return "its offset within " + a.base + " is not one member's"
	}
	return ""
}

// foldedAt reports whether offset x of r stands for several offsets of the
// anchor object because of a fold that pointer arithmetic made: a
// canonical struct repeated in an array of itself keeps its identity (all
// objects of the type are one lock identity anyway). Folded array members
// show as "[]" in the path instead.
func (g *graph) foldedAt(r *node, x int64, a anchor) bool {
	size := int64(0)
	if a.t != nil {
		size = elemType(a.t).Size()
	}
	fs := r.r.folds
	for {
		f := foldAt(fs, x)
		if f == nil {
			return false
		}
		if !f.typed && !(a.canonical && !f.bounded() && f.stride >= size) {
			return true
		}
		x = f.base + mod(x-f.base, f.stride)
		fs = f.inner
	}
}

// addrConst recognises an address that is one global object plus a
// constant: &obj, &obj + c, or a variable assigned only such a value.
func (g *graph) addrConst(e ir.Expr, depth int) (*ir.Object, int64, bool) {
	if depth > 16 {
		return nil, 0, false
	}
	switch e := e.(type) {
	case *ir.Object:
		return e, 0, true
	case *ir.Binary:
		switch e.Op {
		case ir.OpAdd:
			if o, off, ok := g.addrConst(e.X, depth+1); ok {
				if l := g.linExpr(e.Y); !l.bot && l.s == 0 {
					return o, off + l.c, true
				}
			}
			if o, off, ok := g.addrConst(e.Y, depth+1); ok {
				if l := g.linExpr(e.X); !l.bot && l.s == 0 {
					return o, off + l.c, true
				}
			}
		case ir.OpSub:
			if o, off, ok := g.addrConst(e.X, depth+1); ok {
				if l := g.linExpr(e.Y); !l.bot && l.s == 0 {
					return o, off - l.c, true
				}
			}
		}
	case *ir.Var:
		defs := g.linDefs[e]
		if g.linTop[e] || len(defs) != 1 {
			return nil, 0, false
		}
		return g.addrConst(defs[0], depth+1)
	}
	return nil, 0, false
}

// funcConst recognises a callee that is one function: &f, or a variable
// assigned only &f.
func (g *graph) funcConst(e ir.Expr, depth int) (*ir.Function, bool) {
	switch e := e.(type) {
	case *ir.Function:
		return e, true
	case *ir.Var:
		defs := g.linDefs[e]
		if depth > 16 || g.linTop[e] || len(defs) != 1 {
			return nil, false
		}
		return g.funcConst(defs[0], depth+1)
	}
	return nil, false
}
