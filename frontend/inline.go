package frontend

import (
	"slices"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// maxInlineStmts bounds the size of a model-header helper (after its own
// helpers are inlined) that is inlined at call sites; a larger one stays a
// called function.
const maxInlineStmts = 4000

// maxInlineDepth bounds nested inlining within one function.
const maxInlineDepth = 16

// inliner splices the bodies of functions defined in model headers into
// their callers (IR-level inlining). Spliced statements take the call
// site's position, so reports point at driver lines, and their lvalue texts
// say which helper they come from: "next->prev (in __list_add)".
type inliner struct {
	prog       *ir.Program
	model      map[*ir.Function]bool
	isModel    func(file string) bool
	expanded   map[*ir.Function]bool
	inProgress map[*ir.Function]bool
}

func inlinePass(st *state) error {
	in := &inliner{
		prog:       st.prog,
		isModel:    st.isModel,
		model:      st.modelFuncs,
		expanded:   make(map[*ir.Function]bool),
		inProgress: make(map[*ir.Function]bool),
	}
	for _, f := range st.prog.Funcs {
		if err := st.ctx.Err(); err != nil {
			return err
		}
		if !f.External() && !in.model[f] {
			in.expand(f)
		}
	}
	in.prune()
	return nil
}

// expand inlines the model-helper calls in f, once.
func (in *inliner) expand(f *ir.Function) {
	if in.expanded[f] || in.inProgress[f] {
		return
	}
	in.inProgress[f] = true
	changed := false
	// chain[b] lists the helpers whose inlined body b belongs to: a call to
	// one of them there is recursion and stays a call.
	chain := make(map[*ir.Block][]*ir.Function)
	for bi := 0; bi < len(f.Blocks); bi++ {
		b := f.Blocks[bi]
		for i := 0; i < len(b.Stmts); i++ {
			c, ok := b.Stmts[i].(*ir.Call)
			if !ok || c.Callee == nil || !in.model[c.Callee] || c.Callee.External() || c.Callee == f {
				continue
			}
			g := c.Callee
			if slices.Contains(chain[b], g) || len(chain[b]) >= maxInlineDepth {
				continue
			}
			in.expand(g)
			if in.inProgress[g] || size(g) > maxInlineStmts {
				continue // recursion, or too big: stays a call
			}
			first := len(f.Blocks)
			in.splice(f, b, i, c, g)
			inner := append(append([]*ir.Function(nil), chain[b]...), g)
			for _, nb := range f.Blocks[first:] {
				chain[nb] = inner
			}
			chain[f.Blocks[first]] = chain[b] // the continuation
			changed = true
			break // the rest of b moved to a new block, visited later
		}
	}
	if changed {
		finishFunction(f)
	}
	delete(in.inProgress, f)
	in.expanded[f] = true
}

func size(f *ir.Function) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Stmts) + 1
	}
	return n
}

// splice replaces the call c at b.Stmts[i] of f with a copy of g's body.
func (in *inliner) splice(f *ir.Function, b *ir.Block, i int, c *ir.Call, g *ir.Function) {
	pos := c.P
	cont := splitAt(f, b, i, b.Comment)

	// A parameter the helper never assigns is replaced by its argument:
	// the inlined body assigns no variable of the caller before it returns.
	assigned := make(map[*ir.Var]bool)
	for _, gb := range g.Blocks {
		for _, s := range gb.Stmts {
			for _, d := range ir.StmtDefs(s) {
				assigned[d] = true
			}
		}
	}
	vars := make(map[*ir.Var]ir.Expr, len(g.Params)+len(g.Locals))
	for k, p := range g.Params {
		var arg ir.Expr = ir.IntConst(0)
		if k < len(c.Args) {
			arg = c.Args[k]
		}
		if !assigned[p] {
			vars[p] = arg
			continue
		}
		nv := f.NewLocal(g.Name+"."+p.Name, ir.Int, p.CType, pos)
		vars[p] = nv
		b.Add(&ir.Assign{Dst: nv, Src: arg, P: pos})
	}
	for _, v := range g.Locals {
		name := ""
		if !isTemp(v) {
			name = g.Name + "." + v.Name
		}
		vars[v] = f.NewLocal(name, v.Kind, v.CType, pos)
	}
	objs := make(map[*ir.Object]*ir.Object, len(g.Frame))
	for _, o := range g.Frame {
		no := *o
		no.Name = frameName(f, g.Name+"."+o.Name)
		no.Func = f
		no.Pos = pos
		f.Frame = append(f.Frame, &no)
		objs[o] = &no
	}
	blocks := make(map[*ir.Block]*ir.Block, len(g.Blocks))
	for _, gb := range g.Blocks {
		blocks[gb] = f.NewBlock("inline " + g.Name)
	}
	cl := inlineCopier(in.prog, vars, objs, pos, g.Name)
	for _, gb := range g.Blocks {
		nb := blocks[gb]
		for _, s := range gb.Stmts {
			nb.Add(cl.Stmt(s))
		}
		switch t := gb.Term.(type) {
		case *ir.Jump:
			nb.Term = &ir.Jump{Target: blocks[t.Target], P: pos}
		case *ir.If:
			switch c := cl.Expr(t.Cond).(type) {
			case *ir.BoolConst:
				target := blocks[t.Else]
				if c.Val {
					target = blocks[t.Then]
				}
				nb.Term = &ir.Jump{Target: target, P: pos}
			default:
				nb.Term = &ir.If{Cond: c, Then: blocks[t.Then], Else: blocks[t.Else], P: pos}
			}
		case *ir.Return:
			if c.Dst != nil {
				var v ir.Expr = ir.IntConst(0)
				if t.Val != nil {
					v = cl.Expr(t.Val)
				}
				nb.Add(&ir.Assign{Dst: c.Dst, Src: v, P: pos})
			}
			nb.Term = &ir.Jump{Target: cont, P: pos}
		default:
			nb.Term = &ir.Unreachable{P: pos}
		}
	}
	b.Term = &ir.Jump{Target: blocks[g.Blocks[0]], P: pos}
}

// splitAt removes statement i of b and moves the statements after it, and
// b's terminator, into a new block (comment), which it returns; b is left
// open at its end for what replaces statement i.
func splitAt(f *ir.Function, b *ir.Block, i int, comment string) *ir.Block {
	cont := f.NewBlock(comment)
	cont.Stmts = append(cont.Stmts, b.Stmts[i+1:]...)
	cont.Term = b.Term
	b.Stmts = b.Stmts[:i]
	return cont
}

func isTemp(v *ir.Var) bool {
	if len(v.Name) < 2 || v.Name[0] != 't' {
		return false
	}
	for _, c := range v.Name[1:] {
		if c < '0' || c > '9' {
			return c == '_'
		}
	}
	return true
}

func frameName(f *ir.Function, name string) string {
	taken := func(n string) bool {
		for _, o := range f.Frame {
			if o.Name == n {
				return true
			}
		}
		return false
	}
	if !taken(name) {
		return name
	}
	for i := 1; ; i++ {
		n := name + "." + strconv.Itoa(i)
		if !taken(n) {
			return n
		}
	}
}

// inlineCopier copies a helper's body into its caller at the call's
// position: parameters the body never assigns become the call's
// arguments, constants they bring in are folded, every access gets a
// new site and its lvalue says which helper it came from.
func inlineCopier(prog *ir.Program, vars map[*ir.Var]ir.Expr, objs map[*ir.Object]*ir.Object, pos ir.Pos, helper string) *ir.Copier {
	suffix := " (in " + helper + ")"
	return &ir.Copier{
		Vars:    vars,
		Objects: objs,
		Fold:    foldCopied,
		Pos:     func(ir.Pos) ir.Pos { return pos },
		Access: func(a ir.Access) ir.Access {
			a.P = pos
			a.Site = prog.NewSite()
			if !strings.Contains(a.LValue, " (in ") {
				a.LValue += suffix
			}
			return a
		},
	}
}

// foldCopied folds a copied binary expression over constants, and a
// conditional whose condition became a constant.
func foldCopied(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case *ir.Binary:
		return simplify(x.Op, x.X, x.Y)
	case *ir.Ite:
		if b, ok := x.Cond.(*ir.BoolConst); ok {
			if b.Val {
				return x.Then
			}
			return x.Else
		}
	}
	return e
}

// prune drops the model-header functions nothing refers to any more, the
// external functions only they called, and objects only they used.
func (in *inliner) prune() {
	p := in.prog
	keepF := make(map[*ir.Function]bool)
	keepO := make(map[*ir.Object]bool)
	var work []*ir.Function
	markF := func(f *ir.Function) {
		if !keepF[f] {
			keepF[f] = true
			work = append(work, f)
		}
	}
	var markExpr func(e ir.Expr)
	var objWork []*ir.Object
	markO := func(o *ir.Object) {
		if o.Kind != ir.LocalObj && !keepO[o] {
			keepO[o] = true
			objWork = append(objWork, o)
		}
	}
	markExpr = func(e ir.Expr) {
		ir.WalkExpr(e, func(x ir.Expr) {
			switch x := x.(type) {
			case *ir.Function:
				markF(x)
			case *ir.Object:
				markO(x)
			}
		})
	}
	for _, f := range p.Funcs {
		if !f.External() && !in.model[f] {
			markF(f)
		}
	}
	for _, o := range p.Objects {
		if o.Kind == ir.GlobalObj && !in.isModel(o.Pos.File) {
			markO(o)
		}
	}
	for len(work) > 0 || len(objWork) > 0 {
		if len(objWork) > 0 {
			o := objWork[0]
			objWork = objWork[1:]
			for _, c := range o.Init {
				markExpr(c.Value)
			}
			continue
		}
		f := work[0]
		work = work[1:]
		if in.model[f] && !f.External() {
			in.expand(f)
		}
		walkRefs(f, markExpr, markF)
	}
	funcs := p.Funcs[:0]
	for _, f := range p.Funcs {
		if keepF[f] {
			funcs = append(funcs, f)
		}
	}
	p.Funcs = funcs
	objs := p.Objects[:0]
	for _, o := range p.Objects {
		if keepO[o] {
			objs = append(objs, o)
		}
	}
	p.Objects = objs
}
