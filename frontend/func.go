package frontend

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// fnBuilder lowers one function body.
type fnBuilder struct {
	b     *builder
	fn    *ir.Function
	entry *funcEntry
	cur   *ir.Block // nil after a terminator: the next statement is unreachable

	vars   map[*cc.Declarator]*ir.Var
	objs   map[*cc.Declarator]*ir.Object
	labels map[string]*ir.Block
	// addrLabels are the labels whose address is taken (&&label), the
	// targets of computed gotos.
	addrLabels []*ir.Block
	labelIDs   map[string]int
	brk, cont  []*ir.Block
	sw         *switchState
	frameNames map[string]bool
	retObj     *ir.Object
	temps      map[*ir.Var]bool // temporaries: assigned exactly once
	assigns    map[cc.ExpressionNode]bool
	cl         cleanupState // scopes with cleanup attributes (cleanupattr.go)
}

func (b *builder) lowerFunc(e *funcEntry) error {
	if e.unit != nil {
		b.unit = e.unit // the body's names are its unit's
	}
	fn := b.function(e)
	f := &fnBuilder{
		b:          b,
		fn:         fn,
		entry:      e,
		vars:       make(map[*cc.Declarator]*ir.Var),
		objs:       make(map[*cc.Declarator]*ir.Object),
		labels:     make(map[string]*ir.Block),
		labelIDs:   make(map[string]int),
		frameNames: make(map[string]bool),
		temps:      make(map[*ir.Var]bool),
		assigns:    make(map[cc.ExpressionNode]bool),
	}
	return b.catch(f.body)
}

// body lowers the parameters and the compound statement of the function.
func (f *fnBuilder) body() {
	def := f.entry.def
	ft, ok := def.Declarator.Type().(*cc.FunctionType)
	if !ok {
		failf(posOf(def.Declarator), "function %s has no function type", f.fn.Name)
	}
	res := ft.Result()
	if res.Kind() != cc.Void {
		rt := f.b.tc.conv(res)
		if isAggregate(res) {
			rt = &ir.Pointer{Elem: rt}
		}
		f.fn.Ret = &ir.Var{Name: "return", Kind: ir.Int, CType: rt, Pos: posOf(def.Declarator), Func: f.fn}
	}
	f.cur = f.fn.NewBlock("entry")
	params := ft.Parameters()
	if len(params) == 1 && params[0].Type().Kind() == cc.Void {
		params = nil
	}
	for i, p := range params {
		f.param(i, p)
	}
	f.compound(def.CompoundStatement)
	if f.cur != nil {
		var val ir.Expr
		if f.fn.Ret != nil && f.fn.Name == "main" {
			val = ir.IntConst(0)
		}
		f.cur.Term = &ir.Return{Val: val, P: posOf(&def.CompoundStatement.Token2)}
		f.cur = nil
	}
	f.resolveGotos()
	finishFunction(f.fn)
}

func (f *fnBuilder) param(i int, p *cc.Parameter) {
	d := p.Declarator
	name := p.Name()
	if name == "" {
		name = fmt.Sprintf("arg%d", i)
	}
	t := p.Type()
	pos := posOf(p)
	switch {
	case isAggregate(t):
		// By value: the caller passes the address of its copy; the callee
		// copies it into its own frame object at entry.
		v := f.fn.NewParam(name, ir.Int, &ir.Pointer{Elem: f.b.tc.conv(t)}, pos)
		o := f.frameObject(name, t, pos)
		if d != nil {
			f.objs[d] = o
		}
		f.copyAggregate(&lvalue{addr: o, text: name, ct: t}, &lvalue{addr: v, text: name, ct: t}, pos)
	case d != nil && d.AddressTaken():
		v := f.fn.NewParam(name, ir.Int, f.b.tc.conv(t), pos)
		o := f.frameObject(name, t, pos)
		f.objs[d] = o
		f.store(&lvalue{addr: o, ct: t, text: name}, v, pos)
	default:
		v := f.fn.NewParam(name, ir.Int, f.b.tc.conv(t), pos)
		if d != nil {
			f.vars[d] = v
		}
	}
}

// frameObject adds a local object to the function's frame.
func (f *fnBuilder) frameObject(name string, t cc.Type, pos ir.Pos) *ir.Object {
	n := name
	for i := 1; f.frameNames[n]; i++ {
		n = fmt.Sprintf("%s.%d", name, i)
	}
	f.frameNames[n] = true
	o := &ir.Object{Name: n, Kind: ir.LocalObj, CType: f.b.tc.conv(t), Bytes: sizeOf(t), Pos: pos, Func: f.fn}
	f.fn.Frame = append(f.fn.Frame, o)
	return o
}

// block management

func (f *fnBuilder) newBlock(comment string) *ir.Block { return f.fn.NewBlock(comment) }

// emit appends s to the current block, opening an unreachable block after
// a terminator.
func (f *fnBuilder) emit(s ir.Stmt) {
	if f.cur == nil {
		f.cur = f.newBlock("unreachable")
	}
	f.cur.Add(s)
}

// terminate ends the current block with t.
func (f *fnBuilder) terminate(t ir.Terminator) {
	if f.cur == nil {
		f.cur = f.newBlock("unreachable")
	}
	f.cur.Term = t
	f.cur = nil
}

func (f *fnBuilder) jump(to *ir.Block, pos ir.Pos) { f.terminate(&ir.Jump{Target: to, P: pos}) }

// startBlock makes b current, falling through into it from the current block.
func (f *fnBuilder) startBlock(b *ir.Block, pos ir.Pos) {
	if f.cur != nil {
		f.jump(b, pos)
	}
	f.cur = b
}

// temp returns a fresh temporary holding a value of C type t.
func (f *fnBuilder) temp(t ir.Type, pos ir.Pos) *ir.Var {
	v := f.fn.NewLocal("", ir.Int, t, pos)
	f.temps[v] = true
	return v
}

// assignVar emits v := val. When val is the temporary the last statement
// just defined, that statement defines v instead (no copy).
func (f *fnBuilder) assignVar(v *ir.Var, val ir.Expr, pos ir.Pos) {
	if t, ok := val.(*ir.Var); ok && f.temps[t] && f.cur != nil && len(f.cur.Stmts) > 0 &&
		len(f.fn.Locals) > 0 && f.fn.Locals[len(f.fn.Locals)-1] == t && t != v {
		switch s := f.cur.Stmts[len(f.cur.Stmts)-1].(type) {
		case *ir.Load:
			if s.Dst == t {
				s.Dst = v
				f.dropTemp(t)
				return
			}
		case *ir.Call:
			if s.Dst == t {
				s.Dst = v
				f.dropTemp(t)
				return
			}
		case *ir.Assign:
			if s.Dst == t {
				s.Dst = v
				f.dropTemp(t)
				return
			}
		}
	}
	f.emit(&ir.Assign{Dst: v, Src: val, P: pos})
}

func (f *fnBuilder) dropTemp(t *ir.Var) {
	f.fn.Locals = f.fn.Locals[:len(f.fn.Locals)-1]
	delete(f.temps, t)
}

// havocTemp returns a temporary with an arbitrary value.
func (f *fnBuilder) havocTemp(t ir.Type, pos ir.Pos) *ir.Var {
	v := f.temp(t, pos)
	f.emit(&ir.Havoc{Vars: []*ir.Var{v}, P: pos})
	return v
}

// nondet returns a fresh Bool temporary with an arbitrary value.
func (f *fnBuilder) nondet(pos ir.Pos) *ir.Var {
	v := f.fn.NewLocal("", ir.Bool, nil, pos)
	f.emit(&ir.Havoc{Vars: []*ir.Var{v}, P: pos})
	return v
}

// isAggregate reports whether values of t live only in memory.
func isAggregate(t cc.Type) bool {
	switch t.Kind() {
	case cc.Struct, cc.Union, cc.Array:
		return true
	}
	return false
}

func isFloat(t cc.Type) bool {
	return t != nil && (cc.IsFloatingPointType(t) || cc.IsComplexType(t))
}

// local declarations

// localVar returns the variable or frame object of an automatic declarator,
// creating it when a jump skipped the declaration.
func (f *fnBuilder) localOf(d *cc.Declarator) (*ir.Var, *ir.Object) {
	if v, ok := f.vars[d]; ok {
		return v, nil
	}
	if o, ok := f.objs[d]; ok {
		return nil, o
	}
	return f.declareLocal(d)
}

func (f *fnBuilder) declareLocal(d *cc.Declarator) (*ir.Var, *ir.Object) {
	t := d.Type()
	pos := posOf(d)
	if isAggregate(t) || d.AddressTaken() || t.Kind() == cc.Function {
		o := f.frameObject(d.Name(), t, pos)
		f.objs[d] = o
		return nil, o
	}
	v := f.fn.NewLocal(d.Name(), ir.Int, f.b.tc.conv(t), pos)
	f.vars[d] = v
	return v, nil
}

// staticLocal returns the global object of a block-scope static.
func (f *fnBuilder) staticLocal(d *cc.Declarator) *ir.Object {
	if o, ok := f.b.statics[d]; ok {
		return o
	}
	t := d.Type()
	o := &ir.Object{
		Name:   f.fn.Name + "." + d.Name(),
		Kind:   ir.GlobalObj,
		CType:  f.b.tc.conv(t),
		Bytes:  sizeOf(t),
		Pos:    posOf(d),
		Static: true,
		Const:  isConstObject(d),
	}
	f.b.statics[d] = o
	f.b.newGlobal(o)
	return o
}

// declaration lowers a block-scope declaration.
func (f *fnBuilder) declaration(decl *cc.Declaration) {
	if decl == nil || decl.Case != cc.DeclarationDecl {
		return
	}
	for il := decl.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
		id := il.InitDeclarator
		if id == nil || id.Declarator == nil {
			continue
		}
		d := id.Declarator
		if d.IsTypename() || d.Type().Kind() == cc.Function || d.Name() == "" {
			continue
		}
		var init *cc.Initializer
		if id.Case == cc.InitDeclaratorInit {
			init = id.Initializer
		}
		switch {
		case d.IsExtern() || d.Linkage() != cc.None:
			// A block-scope extern names a file-scope object.
		case d.StorageDuration() == cc.Static:
			if d.Name() == "__func__" {
				continue
			}
			o := f.staticLocal(d)
			if init != nil && o.Init == nil {
				f.b.curFn = f
				o.Init = f.b.staticInit(o, d.Type(), init)
				f.b.curFn = nil
			}
		default:
			f.autoDecl(d, init)
			if fn := cleanupOf(decl, id); fn != "" {
				f.registerCleanup(fn, d)
			}
		}
	}
}

// autoDecl lowers an automatic variable declaration: a Havoc for an
// uninitialised scalar (its value is indeterminate on every entry to the
// scope), stores for an initialiser.
func (f *fnBuilder) autoDecl(d *cc.Declarator, init *cc.Initializer) {
	pos := posOf(d)
	v, o := f.declareLocal(d)
	if init == nil {
		if v != nil {
			f.emit(&ir.Havoc{Vars: []*ir.Var{v}, P: pos})
		}
		return
	}
	if v != nil {
		f.assignVar(v, f.scalarInit(init, d.Type()), pos)
		return
	}
	f.initObject(&lvalue{addr: o, text: d.Name(), ct: d.Type()}, d.Type(), init, pos)
}
