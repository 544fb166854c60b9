package ir

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ValidationError lists every problem Validate found.
type ValidationError struct{ Problems []string }

func (e *ValidationError) Error() string {
	const max = 20
	ps := e.Problems
	more := ""
	if len(ps) > max {
		more = fmt.Sprintf("\n... and %d more", len(ps)-max)
		ps = ps[:max]
	}
	return "invalid IR:\n" + strings.Join(ps, "\n") + more
}

// Validate checks the structural invariants of p: every block is terminated
// and belongs to its function, every successor and callee exists, every
// expression is well-kinded, every local is assigned on all paths before it
// is read, every Old appears only in postconditions and invariants, access
// sites and assertion ids are unique, and, once regions are assigned, every
// access names one of p.Regions. It returns nil or a *ValidationError.
func Validate(p *Program) error {
	v := &validator{
		prog:    p,
		funcs:   make(map[*Function]bool, len(p.Funcs)),
		objects: make(map[*Object]bool, len(p.Objects)),
		ghosts:  make(map[*Var]bool, len(p.Vars)),
		regions: make(map[*Region]bool, len(p.Regions)),
		sites:   make(map[int]lazy),
		asserts: make(map[int]bool),
		specs:   make(map[int]bool),
	}
	for _, f := range p.Funcs {
		if v.funcs[f] {
			v.errf("function %s listed twice", f.Name)
		}
		v.funcs[f] = true
	}
	for _, o := range p.Objects {
		v.objects[o] = true
		if o.Kind == LocalObj {
			v.errf("object %s: local object among program objects", o.Name)
		}
	}
	for _, g := range p.Vars {
		v.ghosts[g] = true
		if g.Func != nil {
			v.errf("ghost %s belongs to function %s", g.Name, g.Func.Name)
		}
	}
	for _, r := range p.Regions {
		v.regions[r] = true
	}
	for _, o := range p.Objects {
		for _, in := range o.Init {
			v.expr(nil, in.Value, at("object %s init %s", o.Name, in.Path), false)
		}
	}
	for _, e := range p.EntryPoints {
		if !v.funcs[e.Func] {
			v.errf("entry point %s: function not in program", e.Func.Name)
		} else if e.Func.External() {
			v.errf("entry point %s: function has no body", e.Func.Name)
		}
		if e.Params != nil && len(e.Params) != len(e.Func.Params) {
			v.errf("entry point %s: %d parameter kinds for %d parameters", e.Func.Name, len(e.Params), len(e.Func.Params))
		}
	}
	for _, f := range p.Funcs {
		v.function(f)
	}
	if len(v.problems) > 0 {
		return &ValidationError{Problems: v.problems}
	}
	return nil
}

type validator struct {
	prog     *Program
	funcs    map[*Function]bool
	objects  map[*Object]bool
	ghosts   map[*Var]bool
	regions  map[*Region]bool
	sites    map[int]lazy
	asserts  map[int]bool
	specs    map[int]bool
	problems []string

	fn     *Function
	locals map[*Var]bool
	frame  map[*Object]bool
}

// lazy is a problem location formatted only when a problem is reported:
// formatting every statement's location eagerly dominated validation time
// on large programs (issue 11).
type lazy func() string

func (l lazy) String() string { return l() }

// at formats its arguments when the location is printed.
func at(format string, args ...any) lazy {
	return func() string { return fmt.Sprintf(format, args...) }
}

// plus appends suffix to l when printed.
func (l lazy) plus(suffix string) lazy { return func() string { return l() + suffix } }

func (v *validator) errf(format string, args ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, args...))
}

func (v *validator) function(f *Function) {
	v.fn = f
	v.locals = make(map[*Var]bool)
	v.frame = make(map[*Object]bool)
	for _, x := range f.Params {
		v.local(f, x)
		if !x.Param {
			v.errf("%s: parameter %s not marked Param", f.Name, x.Name)
		}
	}
	for _, x := range f.Locals {
		v.local(f, x)
	}
	if f.Ret != nil {
		v.local(f, f.Ret)
	}
	for _, o := range f.Frame {
		v.frame[o] = true
		if o.Kind != LocalObj || o.Func != f {
			v.errf("%s: frame object %s is not a local of this function", f.Name, o.Name)
		}
	}
	for _, s := range f.Requires {
		v.spec(s, Requires, at("%s requires #%d", f.Name, s.ID))
	}
	for _, s := range f.Ensures {
		v.spec(s, Ensures, at("%s ensures #%d", f.Name, s.ID))
	}
	for _, g := range f.Modifies {
		if !v.ghosts[g] {
			v.errf("%s: modifies %s, which is not a ghost global", f.Name, g.Name)
		}
	}
	if f.External() {
		return
	}
	for i, b := range f.Blocks {
		where := at("%s %s", f.Name, b)
		if b.Index != i {
			v.errf("%s: index %d at position %d", where, b.Index, i)
		}
		if b.Func != f {
			v.errf("%s: block belongs to another function", where)
		}
		for _, s := range b.Invariants {
			v.spec(s, Invariant, at("%s invariant #%d", where, s.ID))
		}
		for _, s := range b.Stmts {
			v.stmt(s, where)
		}
		if b.Term == nil {
			v.errf("%s: not terminated", where)
			continue
		}
		for _, s := range b.Term.Succs() {
			if s == nil || s.Index >= len(f.Blocks) || f.Blocks[s.Index] != s {
				v.errf("%s: successor not in function", where)
			}
		}
		switch t := b.Term.(type) {
		case *If:
			v.kinded(t.Cond, Bool, where.plus(" if"))
		case *Return:
			if t.Val != nil {
				if f.Ret == nil {
					v.errf("%s: returns a value from a void function", where)
				}
				v.kinded(t.Val, Int, where.plus(" return"))
			}
		}
	}
	if len(v.problems) == 0 {
		v.definiteAssignment(f)
	}
}

func (v *validator) local(f *Function, x *Var) {
	if x.Func != f {
		v.errf("%s: variable %s belongs to another function", f.Name, x.Name)
	}
	if v.locals[x] {
		v.errf("%s: variable %s declared twice", f.Name, x.Name)
	}
	v.locals[x] = true
}

func (v *validator) spec(s *Spec, want SpecKind, where lazy) {
	if s.Kind != want {
		v.errf("%s: kind %s", where, s.Kind)
	}
	if v.specs[s.ID] {
		v.errf("%s: duplicate spec id", where)
	}
	v.specs[s.ID] = true
	v.kinded(s.Cond, Bool, where)
	v.expr(v.fn, s.Cond, where, want != Requires)
}

func (v *validator) stmt(s Stmt, block lazy) {
	where := at("%s %s", block, s.Pos())
	for _, e := range StmtExprs(s) {
		v.expr(v.fn, e, where, false)
	}
	for _, d := range StmtDefs(s) {
		v.varRef(d, where)
	}
	switch s := s.(type) {
	case *Assign:
		v.kinded(s.Src, s.Dst.Kind, where.plus(" assign "+s.Dst.Name))
	case *Assume:
		v.kinded(s.Cond, Bool, where.plus(" assume"))
	case *Assert:
		v.kinded(s.Cond, Bool, where.plus(" assert"))
		if v.asserts[s.ID] {
			v.errf("%s: duplicate assert id %d", where, s.ID)
		}
		v.asserts[s.ID] = true
	case *Load:
		if s.Dst.Kind != Int {
			v.errf("%s: load into bool %s", where, s.Dst.Name)
		}
		v.access(&s.Access, where)
	case *Store:
		v.kinded(s.Val, Int, where.plus(" store"))
		v.access(&s.Access, where)
	case *Touch:
		v.access(&s.Access, where)
		if s.Len != nil {
			v.kinded(s.Len, Int, where.plus(" touch len"))
		}
	case *Equate:
		if s.A == nil || s.B == nil {
			v.errf("%s: equate of a missing region", where)
		}
	case *Call:
		if s.Callee == nil && s.Fn == nil {
			v.errf("%s: call without callee", where)
		}
		if s.Callee != nil && !v.funcs[s.Callee] {
			v.errf("%s: callee %s not in program", where, s.Callee.Name)
		}
		for _, t := range s.Targets {
			if !v.funcs[t] {
				v.errf("%s: indirect target %s not in program", where, t.Name)
			}
		}
		if s.Callee != nil && s.Callee.Sig != nil && !s.Callee.Sig.Variadic && !s.Callee.Synthetic &&
			len(s.Args) != len(s.Callee.Sig.Params) {
			v.errf("%s: %s called with %d arguments, wants %d", where, s.Callee.Name, len(s.Args), len(s.Callee.Sig.Params))
		}
		if s.Callee != nil && !s.Callee.External() && len(s.Args) != len(s.Callee.Params) {
			v.errf("%s: %s called with %d arguments, has %d parameters", where, s.Callee.Name, len(s.Args), len(s.Callee.Params))
		}
		if s.ArgTargets != nil && len(s.ArgTargets) != len(s.Args) {
			v.errf("%s: %d argument targets for %d arguments", where, len(s.ArgTargets), len(s.Args))
		}
		for _, a := range s.Args {
			v.kinded(a, Int, where.plus(" argument"))
		}
		if s.Dst != nil && s.Dst.Kind != Int {
			v.errf("%s: call result into bool %s", where, s.Dst.Name)
		}
	}
}

func (v *validator) access(a *Access, where lazy) {
	v.kinded(a.Addr, Int, where.plus(" address"))
	if a.Site == 0 {
		v.errf("%s: access %q has no site number", where, a.LValue)
	} else if prev, dup := v.sites[a.Site]; dup {
		v.errf("%s: access site #%d also used at %s", where, a.Site, prev)
	} else {
		v.sites[a.Site] = where
	}
	if len(v.prog.Regions) > 0 {
		if a.Region == nil {
			v.errf("%s: access %q has no region", where, a.LValue)
		} else if !v.regions[a.Region] {
			v.errf("%s: region %q not in program", where, a.Region.Name)
		}
	}
}

func (v *validator) varRef(x *Var, where lazy) {
	if x.Func == nil {
		if !v.ghosts[x] {
			v.errf("%s: global %s not in program", where, x.Name)
		}
		return
	}
	if v.fn == nil || !v.locals[x] {
		v.errf("%s: variable %s not declared in this function", where, x.Name)
	}
}

// expr checks references inside e. oldOK allows Old.
func (v *validator) expr(f *Function, e Expr, where lazy, oldOK bool) {
	WalkExpr(e, func(x Expr) {
		switch x := x.(type) {
		case nil:
			v.errf("%s: nil expression", where)
		case *Var:
			v.varRef(x, where)
		case *Object:
			if x.Kind == LocalObj {
				if !v.frame[x] {
					v.errf("%s: local object %s not in this function's frame", where, x.Name)
				}
			} else if !v.objects[x] {
				v.errf("%s: object %s not in program", where, x.Name)
			}
		case *Function:
			if !v.funcs[x] {
				v.errf("%s: function %s not in program", where, x.Name)
			}
		case *Old:
			if !oldOK {
				v.errf("%s: old(%s) outside a postcondition or invariant", where, x.X.Name)
			}
			if !x.X.Global() {
				v.errf("%s: old(%s) of a local", where, x.X.Name)
			}
		case *Unary:
			want := Int
			if x.Op == OpNot {
				want = Bool
			} else if _, _, wrap := x.Op.Wrap(); x.Op != OpNeg && x.Op != OpBitNot && !wrap {
				v.errf("%s: %s is not a unary operator", where, x.Op)
			}
			v.kinded(x.X, want, where)
		case *Binary:
			switch {
			case x.Op <= OpShr || (x.Op >= OpLt && x.Op <= OpGe):
				v.kinded(x.X, Int, where)
				v.kinded(x.Y, Int, where)
			case x.Op == OpEq || x.Op == OpNe:
				if x.X != nil && x.Y != nil && x.X.ValueKind() != x.Y.ValueKind() {
					v.errf("%s: %s compares %s with %s", where, x.Op, x.X.ValueKind(), x.Y.ValueKind())
				}
			case x.Op >= OpLAnd && x.Op <= OpImplies:
				v.kinded(x.X, Bool, where)
				v.kinded(x.Y, Bool, where)
			default:
				v.errf("%s: %s is not a binary operator", where, x.Op)
			}
		case *Ite:
			v.kinded(x.Cond, Bool, where)
			if x.Then != nil && x.Else != nil && x.Then.ValueKind() != x.Else.ValueKind() {
				v.errf("%s: conditional arms of different kinds", where)
			}
		}
	})
}

func (v *validator) kinded(e Expr, want Kind, where lazy) {
	if e == nil {
		v.errf("%s: missing expression", where)
		return
	}
	if e.ValueKind() != want {
		v.errf("%s: %s has kind %s, want %s", where, ExprString(e), e.ValueKind(), want)
	}
}

// definiteAssignment reports locals read on some path before any assignment.
// Parameters are assigned at entry; Ret is only named by contracts.
func (v *validator) definiteAssignment(f *Function) {
	UnassignedReads(f, func(x *Var, b *Block, s Stmt) {
		pos := b.Term.Pos()
		if s != nil {
			pos = s.Pos()
		}
		v.errf("%s: %s may be read before it is assigned", at("%s %s %s", f.Name, b, pos), x.Name)
	})
}

// UnassignedReads calls report once for each local of f that some path
// from f's entry reads before any assignment, at its first such read in
// block order (s is nil for a read by the block's terminator). Unreachable
// blocks read nothing.
func UnassignedReads(f *Function, report func(x *Var, b *Block, s Stmt)) {
	index := exposedLocals(f)
	if len(index) == 0 {
		return
	}
	preds := predecessors(f)
	in := assignedOnEntry(f, index, preds)
	reported := make(map[*Var]bool)
	use := func(e Expr, defined bitset, b *Block, s Stmt) {
		WalkExpr(e, func(x Expr) {
			if x, ok := x.(*Var); ok {
				if i, ok := index[x]; ok && !defined.has(i) && !reported[x] {
					reported[x] = true
					report(x, b, s)
				}
			}
		})
	}
	for _, b := range f.Blocks {
		if b.Index != 0 && len(preds[b.Index]) == 0 {
			continue // unreachable
		}
		defined := append(bitset(nil), in[b.Index]...)
		for _, s := range b.Stmts {
			for _, e := range StmtExprs(s) {
				use(e, defined, b, s)
			}
			for _, d := range StmtDefs(s) {
				if i, ok := index[d]; ok {
					defined.set(i)
				}
			}
		}
		for _, e := range TermExprs(b.Term) {
			use(e, defined, b, nil)
		}
	}
}

// bitset is a set of small integers, one bit each.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) set(i int)      { s[i/64] |= 1 << (i % 64) }
func (s bitset) intersect(t bitset) {
	for w := range s {
		s[w] &= t[w]
	}
}

// exposedLocals numbers the locals some block reads before that block
// assigns them: only those can be read unassigned, and the dataflow tracks
// just them (lowering makes most temporaries block-local, so 10,000
// statements stay cheap: issue 11).
func exposedLocals(f *Function) map[*Var]int {
	all := make(map[*Var]int, len(f.Locals))
	for _, x := range f.Locals {
		all[x] = len(all)
	}
	stamp := make([]int, len(all))
	exposed := make(map[*Var]bool)
	for _, b := range f.Blocks {
		mark := b.Index + 1
		see := func(e Expr) {
			WalkExpr(e, func(x Expr) {
				if x, ok := x.(*Var); ok {
					if i, ok := all[x]; ok && stamp[i] != mark {
						exposed[x] = true
					}
				}
			})
		}
		for _, s := range b.Stmts {
			for _, e := range StmtExprs(s) {
				see(e)
			}
			for _, d := range StmtDefs(s) {
				if i, ok := all[d]; ok {
					stamp[i] = mark
				}
			}
		}
		if b.Term != nil {
			for _, e := range TermExprs(b.Term) {
				see(e)
			}
		}
	}
	index := make(map[*Var]int)
	for _, x := range f.Locals {
		if exposed[x] {
			index[x] = len(index)
		}
	}
	return index
}

func predecessors(f *Function) [][]*Block {
	preds := make([][]*Block, len(f.Blocks))
	for _, b := range f.Blocks {
		for _, s := range b.Term.Succs() {
			preds[s.Index] = append(preds[s.Index], b)
		}
	}
	return preds
}

// assignedOnEntry returns, per block, the locals of index assigned on
// every path to the block's start.
func assignedOnEntry(f *Function, index map[*Var]int, preds [][]*Block) []bitset {
	n := len(index)
	full := newBitset(n)
	for i := range n {
		full.set(i)
	}
	in := make([]bitset, len(f.Blocks))
	for i := range in {
		in[i] = append(bitset(nil), full...)
	}
	in[0] = newBitset(n)
	// defs[b] lists the variables b assigns; out[b] caches in[b] plus
	// defs[b] and is recomputed only when in[b] changed (dirty), so a
	// pass allocates nothing on large functions (issue 11).
	defs := make([][]int, len(f.Blocks))
	for _, b := range f.Blocks {
		for _, s := range b.Stmts {
			for _, d := range StmtDefs(s) {
				if i, ok := index[d]; ok {
					defs[b.Index] = append(defs[b.Index], i)
				}
			}
		}
	}
	outs := make([]bitset, len(f.Blocks))
	dirty := make([]bool, len(f.Blocks))
	for i := range dirty {
		dirty[i] = true
	}
	out := func(b *Block) bitset {
		if dirty[b.Index] {
			o := append(outs[b.Index][:0], in[b.Index]...)
			for _, i := range defs[b.Index] {
				o.set(i)
			}
			outs[b.Index], dirty[b.Index] = o, false
		}
		return outs[b.Index]
	}
	cur := newBitset(n)
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks[1:] {
			copy(cur, full)
			for _, p := range preds[b.Index] {
				cur.intersect(out(p))
			}
			if !slices.Equal(cur, in[b.Index]) {
				copy(in[b.Index], cur)
				dirty[b.Index] = true
				changed = true
			}
		}
	}
	return in
}

// ErrInvalid matches every *ValidationError with errors.Is.
var ErrInvalid = errors.New("invalid IR")

// Is makes errors.Is(err, ErrInvalid) true for validation errors.
func (e *ValidationError) Is(target error) bool { return target == ErrInvalid }
