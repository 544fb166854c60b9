package findings

import (
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// Shapes: what the code at an access does with the value (lockset.Access.Shape).
const (
	RMW        = "rmw"         // a read whose value flows into a write of the same lvalue in the function, or that write
	Inc        = "inc"         // an rmw that adds or subtracts: x++, x += n
	Const      = "const"       // a write of a constant
	Null       = "null"        // a write of 0 to a pointer (NULL)
	Cond       = "cond"        // a read whose value decides a branch
	Check      = "check"       // a read that decides a branch, with the same lvalue accessed again after it
	AfterCheck = "after-check" // an access to an lvalue after a read of it decided a branch
	Twice      = "twice"       // one of two reads of the same lvalue on one line
	Free       = "free"        // a helper that frees the memory (kfree, vfree, ...)
	Init       = "init"        // a helper that (re)initialises the memory (memset, INIT_LIST_HEAD, ...)
	Setup      = "setup"       // a write by module init or a probe: reported, so made after it published the other side
)

// maxDeps bounds the reads tracked into one variable: the shapes are hints
// for ranking, and a generated function must not make them quadratic.
const maxDeps = 64

// Annotate sets the Shape of every access of res's races from prog, the
// program res was computed from. It changes nothing else.
func Annotate(prog *ir.Program, res *lockset.FileResult) {
	if prog == nil || res == nil {
		return
	}
	cache := map[string]map[siteKey][]string{}
	setup := map[string]bool{} // entry points that set the device up
	for _, ep := range res.EntryPoints {
		if ep.Role == ir.RoleInit {
			setup[ep.Name()] = true
		}
	}
	for i := range res.Pairs {
		for j := range res.Pairs[i].Races {
			r := &res.Pairs[i].Races[j]
			for k := range r.Accesses {
				a := &r.Accesses[k]
				shapes, ok := cache[a.Func]
				if !ok {
					shapes = analyse(prog.Func(a.Func))
					cache[a.Func] = shapes
				}
				a.Shape = shapes[siteKey{pos: a.Pos, lvalue: a.LValue, write: a.Kind == lockset.Write}]
				if a.Kind == lockset.Write && setup[a.EntryPoint] {
					a.Shape = append(slices.Clone(a.Shape), Setup)
				}
			}
		}
	}
}

// siteKey finds an ir access from a reported one.
type siteKey struct {
	pos    ir.Pos
	lvalue string
	write  bool
}

// fnAccess is one access of a function with the shapes found for it.
type fnAccess struct {
	acc    *ir.Access
	write  bool
	load   *ir.Load // nil for stores and touches
	shapes map[string]bool
}

// analyse returns the shapes of fn's accesses by site key.
func analyse(fn *ir.Function) map[siteKey][]string {
	if fn == nil || fn.External() {
		return map[siteKey][]string{}
	}
	sc := scanFunction(fn)
	sc.closeDeps()
	rmw := storeShapes(sc.stores, sc.accs, sc.readsOf)
	for _, c := range sc.conds {
		for _, fa := range sc.readsOf(c) {
			fa.shapes[Cond] = true
		}
	}
	for _, p := range rmw {
		if p[0].shapes[Cond] {
			p[1].shapes[Cond] = true // if (--x == 0): the count decides
		}
	}
	checkShapes(sc.accs)
	return shapesBySite(sc.accs)
}

// fnScan is what analyse gathers from a function's statements.
type fnScan struct {
	accs   []*fnAccess
	byLoad map[*ir.Load]*fnAccess
	stores []*ir.Store
	conds  []ir.Expr                     // branch conditions and ?: tests
	deps   map[*ir.Var]map[*ir.Load]bool // the reads a variable's value comes from
	flows  []valueFlow
}

// valueFlow is an assignment of dst from srcs (an Assign, or a call's
// result from its arguments).
type valueFlow struct {
	dst  *ir.Var
	srcs []ir.Expr
}

func scanFunction(fn *ir.Function) *fnScan {
	sc := &fnScan{byLoad: map[*ir.Load]*fnAccess{}, deps: map[*ir.Var]map[*ir.Load]bool{}}
	for _, b := range fn.Blocks {
		for _, s := range b.Stmts {
			sc.stmt(s)
		}
		if t, ok := b.Term.(*ir.If); ok {
			sc.conds = append(sc.conds, t.Cond)
		}
	}
	return sc
}

func (sc *fnScan) stmt(s ir.Stmt) {
	switch s := s.(type) {
	case *ir.Load:
		fa := &fnAccess{acc: &s.Access, load: s, shapes: map[string]bool{}}
		sc.accs = append(sc.accs, fa)
		sc.byLoad[s] = fa
		if s.Dst != nil {
			addDep(sc.deps, s.Dst, s)
		}
		if s.RMW {
			fa.shapes[RMW] = true // a bit-field store's read of its word
		}
	case *ir.Store:
		fa := &fnAccess{acc: &s.Access, write: true, shapes: map[string]bool{}}
		sc.accs = append(sc.accs, fa)
		sc.stores = append(sc.stores, s)
		sc.conds = iteConds(s.Val, sc.conds)
	case *ir.Touch:
		fa := &fnAccess{acc: &s.Access, write: s.Write, shapes: map[string]bool{}}
		if s.Write {
			touchShape(fa)
		}
		sc.accs = append(sc.accs, fa)
	case *ir.Assign:
		sc.flows = append(sc.flows, valueFlow{s.Dst, []ir.Expr{s.Src}})
		sc.conds = iteConds(s.Src, sc.conds)
	case *ir.Call:
		if s.Dst != nil {
			sc.flows = append(sc.flows, valueFlow{s.Dst, s.Args})
		}
		for _, a := range s.Args {
			sc.conds = iteConds(a, sc.conds)
		}
	}
}

// closeDeps propagates the reads each variable's value comes from along
// the flows, to a fixpoint.
func (sc *fnScan) closeDeps() {
	for changed := true; changed; {
		changed = false
		for _, f := range sc.flows {
			for _, e := range f.srcs {
				for _, v := range exprVars(e, nil) {
					for l := range sc.deps[v] {
						if !sc.deps[f.dst][l] && addDep(sc.deps, f.dst, l) {
							changed = true
						}
					}
				}
			}
		}
	}
}

// readsOf returns the accesses whose values e may hold.
func (sc *fnScan) readsOf(e ir.Expr) []*fnAccess {
	var out []*fnAccess
	for _, v := range exprVars(e, nil) {
		for l := range sc.deps[v] {
			out = append(out, sc.byLoad[l])
		}
	}
	return out
}

// shapesBySite collects the accesses' shapes by site key, sorted.
func shapesBySite(accs []*fnAccess) map[siteKey][]string {
	out := map[siteKey][]string{}
	for _, fa := range accs {
		if len(fa.shapes) == 0 {
			continue
		}
		k := siteKey{pos: fa.acc.P, lvalue: fa.acc.LValue, write: fa.write}
		for s := range fa.shapes {
			if !slices.Contains(out[k], s) {
				out[k] = append(out[k], s)
			}
		}
		slices.Sort(out[k])
	}
	return out
}

// addDep records that v's value may come from load l; it reports whether
// it did (false: known already or over maxDeps).
func addDep(deps map[*ir.Var]map[*ir.Load]bool, v *ir.Var, l *ir.Load) bool {
	m := deps[v]
	if m == nil {
		m = map[*ir.Load]bool{}
		deps[v] = m
	}
	if m[l] || len(m) >= maxDeps {
		return false
	}
	m[l] = true
	return true
}

// storeShapes marks read-modify-writes, increments and constant stores; it
// returns the (read, write) pairs of the read-modify-writes.
func storeShapes(stores []*ir.Store, accs []*fnAccess, readsOf func(ir.Expr) []*fnAccess) (rmw [][2]*fnAccess) {
	byStore := map[*ir.Access]*fnAccess{}
	for _, fa := range accs {
		byStore[fa.acc] = fa
	}
	for _, s := range stores {
		sf := byStore[&s.Access]
		val := unwrap(s.Val)
		switch c := val.(type) {
		case *ir.Const:
			sf.shapes[Const] = true
			if c.Val == 0 && isPointer(s.Region) {
				sf.shapes[Null] = true
			}
		case *ir.BoolConst:
			sf.shapes[Const] = true
		}
		for _, fa := range readsOf(s.Val) {
			if !sameCell(fa.acc, &s.Access) {
				continue
			}
			fa.shapes[RMW], sf.shapes[RMW] = true, true
			rmw = append(rmw, [2]*fnAccess{fa, sf})
			if b, ok := val.(*ir.Binary); ok && (b.Op == ir.OpAdd || b.Op == ir.OpSub) {
				fa.shapes[Inc], sf.shapes[Inc] = true, true
			}
		}
	}
	return rmw
}

// checkShapes marks a read that decides a branch and the accesses of the
// same lvalue after it, and reads of one lvalue twice on a line.
func checkShapes(accs []*fnAccess) {
	type cell struct {
		region *ir.Region
		lvalue string
	}
	groups := map[cell][]*fnAccess{}
	for _, a := range accs {
		k := cell{a.acc.Region, a.acc.LValue}
		groups[k] = append(groups[k], a)
	}
	for _, g := range groups {
		for _, a := range g {
			if a.load == nil {
				continue
			}
			for _, b := range g {
				if a == b {
					continue
				}
				if a.shapes[Cond] && ir.ComparePos(b.acc.P, a.acc.P) > 0 {
					a.shapes[Check], b.shapes[AfterCheck] = true, true
				}
				if b.load != nil && b.acc.P.File == a.acc.P.File && b.acc.P.Line == a.acc.P.Line && !a.load.RMW && !b.load.RMW {
					a.shapes[Twice], b.shapes[Twice] = true, true
				}
			}
		}
	}
}

// touchShape marks a helper's write that frees or initialises memory; the
// front end names such an access "helper(arg)".
func touchShape(fa *fnAccess) {
	name, _, ok := strings.Cut(fa.acc.LValue, "(")
	if !ok {
		return
	}
	switch {
	case strings.Contains(name, "free"):
		fa.shapes[Free] = true
	case name == "memset" || name == "memzero_explicit" || strings.HasPrefix(name, "init_") ||
		strings.HasPrefix(name, "INIT_") || strings.HasPrefix(name, "__init_") || strings.HasSuffix(name, "_init"):
		fa.shapes[Init] = true
	}
}

// sameCell: two accesses name the same lvalue of the same region.
func sameCell(a, b *ir.Access) bool {
	return a.Region == b.Region && a.LValue == b.LValue
}

func isPointer(r *ir.Region) bool {
	if r == nil || r.Type == nil {
		return false
	}
	_, ok := ir.Unnamed(r.Type).(*ir.Pointer)
	return ok
}

// unwrap drops the wrap operators the front end puts around C arithmetic.
func unwrap(e ir.Expr) ir.Expr {
	for {
		u, ok := e.(*ir.Unary)
		if !ok {
			return e
		}
		if _, _, wrap := u.Op.Wrap(); !wrap {
			return e
		}
		e = u.X
	}
}

// exprVars appends the variables e reads to out.
func exprVars(e ir.Expr, out []*ir.Var) []*ir.Var {
	switch e := e.(type) {
	case *ir.Var:
		out = append(out, e)
	case *ir.Unary:
		out = exprVars(e.X, out)
	case *ir.Binary:
		out = exprVars(e.Y, exprVars(e.X, out))
	case *ir.Ite:
		out = exprVars(e.Else, exprVars(e.Then, exprVars(e.Cond, out)))
	case *ir.Old:
		out = append(out, e.X)
	}
	return out
}

// iteConds appends the conditions of the conditional expressions in e.
func iteConds(e ir.Expr, out []ir.Expr) []ir.Expr {
	switch e := e.(type) {
	case *ir.Unary:
		out = iteConds(e.X, out)
	case *ir.Binary:
		out = iteConds(e.Y, iteConds(e.X, out))
	case *ir.Ite:
		out = append(out, e.Cond)
		out = iteConds(e.Else, iteConds(e.Then, iteConds(e.Cond, out)))
	}
	return out
}
