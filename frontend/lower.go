package frontend

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
	"modernc.org/cc/v4"
)

// builder lowers one translation unit. Driver functions are lowered in
// source order; functions defined in model headers are lowered on first
// reference (the inline pass splices them into their callers).
type builder struct {
	st   *state
	prog *ir.Program
	tc   *typeConv
	unit *unit // the unit whose code is being lowered

	funcs   map[string]*funcEntry
	byFunc  map[*ir.Function]*funcEntry
	objects map[string]*objEntry
	statics map[*cc.Declarator]*ir.Object
	strs    map[string]*ir.Object
	objKey  map[*ir.Object][2]int // sort key: {0, TU index} for file scope, {1, creation} otherwise
	seq     int
	queue   []*funcEntry
	warned  map[string]bool
	nstr    int
	ncompl  int
	cells   map[ir.Type][]cell // flattened aggregates, by type
	curFn   *fnBuilder         // the function whose static locals are initialised (&&label)
}

// funcEntry is what the translation unit says about one function name.
type funcEntry struct {
	name  string
	decls []*cc.Declarator // every declaration, definition included
	def   *cc.FunctionDefinition
	order int  // index of the definition (or first declaration) in the TU
	model bool // defined in a model header
	fn    *ir.Function
	unit  *unit // the unit of the definition
}

// objEntry is what the translation unit says about one file-scope object.
type objEntry struct {
	name  string
	first *cc.Declarator
	def   *cc.Declarator // the defining declaration (initialised or tentative), or nil
	init  *cc.Initializer
	order int
	model bool
	obj   *ir.Object
	unit  *unit // the unit whose names its initialiser uses
}

// lowerError is a front-end error at a position; lowering panics with it and
// recovers at the function boundary.
type lowerError struct {
	pos ir.Pos
	msg string
}

func lowerPass(st *state) error {
	b := &builder{
		st:      st,
		prog:    st.prog,
		funcs:   make(map[string]*funcEntry),
		byFunc:  make(map[*ir.Function]*funcEntry),
		objects: make(map[string]*objEntry),
		statics: make(map[*cc.Declarator]*ir.Object),
		strs:    make(map[string]*ir.Object),
		objKey:  make(map[*ir.Object][2]int),
		warned:  make(map[string]bool),
	}
	b.tc = newTypeConv(b.prog)
	b.tc.local = map[string]bool{}
	for _, u := range st.units {
		b.tc.local[u.path] = true
	}
	if len(st.units) > 1 {
		b.tc.ownFile = map[string]bool{}
		for _, u := range st.units {
			b.tc.ownFile[u.path] = true
		}
	}
	st.modelFuncs = make(map[*ir.Function]bool)
	linkRenames(st.units)
	// Every unit is indexed before any object or function is built: a
	// declaration in one unit may be defined in a later one.
	order := 0
	var objs []*objEntry
	var funcs []*funcEntry
	for _, u := range st.units {
		b.unit = u
		o, f := b.collect(u, &order)
		objs, funcs = append(objs, o...), append(funcs, f...)
	}
	for _, e := range objs {
		b.unit = e.unit
		if err := b.catch(func() { b.globalObject(e) }); err != nil {
			return err
		}
	}
	for _, e := range funcs {
		b.function(e)
	}
	for len(b.queue) > 0 {
		if err := st.ctx.Err(); err != nil {
			return err
		}
		e := b.queue[0]
		b.queue = b.queue[1:]
		if err := b.lowerFunc(e); err != nil {
			return err
		}
	}
	b.finish()
	return nil
}

// collect indexes a translation unit and returns the driver's own objects
// and defined functions it adds. order counts external declarations across
// the units.
func (b *builder) collect(u *unit, order *int) (driverObjs []*objEntry, driverFuncs []*funcEntry) {
	b.aliases(u)
	for l := u.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		*order++
		i := *order
		if ed == nil {
			continue
		}
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			fd := ed.FunctionDefinition
			d := fd.Declarator
			e := b.funcEntry(b.link(d.Name()), i)
			e.decls = append(e.decls, d)
			if b.st.cfg.Kernel != nil && b.st.isModel(d.Position().Filename) && tableFunc(d.Name()) {
				continue // the table's semantics, not the header's body
			}
			if e.def == nil {
				e.def = fd
				e.unit = u
				e.order = i
				e.model = b.st.isModel(d.Position().Filename)
				if !e.model {
					driverFuncs = append(driverFuncs, e)
				}
			}
		case cc.ExternalDeclarationDecl:
			for _, id := range namedDeclarators(ed.Declaration) {
				d := id.Declarator
				if d.Type().Kind() == cc.Function {
					e := b.funcEntry(b.link(d.Name()), i)
					e.decls = append(e.decls, d)
					continue
				}
				name := b.link(d.Name())
				e, ok := b.objects[name]
				if !ok {
					e = &objEntry{name: name, first: d, order: i, model: b.st.isModel(d.Position().Filename), unit: u}
					b.objects[name] = e
					if !e.model {
						driverObjs = append(driverObjs, e)
					}
				}
				isDef := !d.IsExtern() || id.Case == cc.InitDeclaratorInit
				if isDef && (e.def == nil || e.init == nil && id.Case == cc.InitDeclaratorInit) {
					e.def = d
					e.unit = u
					if id.Case == cc.InitDeclaratorInit {
						e.init = id.Initializer
					}
				}
			}
		}
	}
	return driverObjs, driverFuncs
}

// aliases makes each name declared with GCC's alias attribute (void
// f(int) __attribute__((alias("g"))), int v __attribute__((alias("w"))))
// or an asm label (int v __asm__("w")) a name of its target: a call of f is a call of g, an access of v one of
// w. Lowered as a function or object of its own, f had no body (an
// unknown external) and v was another object, and their races were lost.
// Only the driver's own declarations are renamed.
func (b *builder) aliases(u *unit) {
	for l := u.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil || ed.Case != cc.ExternalDeclarationDecl {
			continue
		}
		for _, id := range namedDeclarators(ed.Declaration) {
			if b.st.isModel(id.Declarator.Position().Filename) {
				// The headers' own: fortify-string.h's __RENAME gives
				// __real_strscpy the name of the out-of-line sized_strscpy,
				// which would here be the fortified inline that calls it.
				continue
			}
			target := ""
			if a := id.Declarator.Type().Attributes(); a != nil {
				target = a.Alias()
			}
			if id.Asm != nil && id.Asm.AsmArgList == nil {
				// An asm label names the symbol the declaration links to:
				// extern void my_unlock(struct mutex *) __asm__("mutex_unlock").
				if l, err := strconv.Unquote(id.Asm.Token3.SrcStr()); err == nil {
					target = l
				}
			}
			if target == "" || target == id.Declarator.Name() {
				continue
			}
			if u.renames == nil {
				u.renames = map[string]string{}
			}
			if r, ok := u.renames[target]; ok {
				target = r
			}
			u.renames[id.Declarator.Name()] = target
		}
	}
}

// link returns the program's name for a file-scope name of the unit being
// lowered: itself, or the unit's own renaming of an internal-linkage name
// another unit defines too.
func (b *builder) link(name string) string {
	if r, ok := b.unit.renames[name]; ok {
		return r
	}
	return name
}

// namedDeclarators returns the init-declarators of a declaration that
// declare a name: not typedefs, not anonymous.
func namedDeclarators(decl *cc.Declaration) []*cc.InitDeclarator {
	var out []*cc.InitDeclarator
	for il := decl.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
		id := il.InitDeclarator
		if id == nil || id.Declarator == nil || id.Declarator.IsTypename() || id.Declarator.Name() == "" {
			continue
		}
		out = append(out, id)
	}
	return out
}

func (b *builder) funcEntry(name string, order int) *funcEntry {
	e, ok := b.funcs[name]
	if !ok {
		e = &funcEntry{name: name, order: order}
		b.funcs[name] = e
	}
	return e
}

// catch runs fn, turning a lowerError panic into an InputError and a
// cancellation (see fnBuilder.stmt) into the context's error. Other panics
// are bugs: runPass reports them.
func (b *builder) catch(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			switch x := r.(type) {
			case *lowerError:
				err = inputErrorf(x.pos, "%s", x.msg)
			case cancelled:
				err = x.err
			default:
				panic(r)
			}
		}
	}()
	fn()
	return nil
}

// cancelled carries a context error out of deep lowering recursion.
type cancelled struct{ err error }

func failf(pos ir.Pos, format string, args ...any) {
	panic(&lowerError{pos: pos, msg: fmt.Sprintf(format, args...)})
}

func posOf(n cc.Node) ir.Pos {
	if n == nil {
		return ir.Pos{}
	}
	p := n.Position()
	return ir.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// function returns the ir.Function of e, creating it on first use. A
// function defined in a model header is queued for lowering then.
func (b *builder) function(e *funcEntry) *ir.Function {
	if e.fn != nil {
		return e.fn
	}
	d := (*cc.Declarator)(nil)
	if e.def != nil {
		d = e.def.Declarator
	} else if len(e.decls) > 0 {
		d = e.decls[0]
	}
	var sig *ir.FuncType
	pos := ir.Pos{}
	if d != nil {
		if ft, ok := d.Type().(*cc.FunctionType); ok {
			sig = b.tc.funcType(ft)
		}
		pos = posOf(d)
	}
	if sig == nil {
		sig = &ir.FuncType{Result: intType, Variadic: true}
	}
	fn := ir.NewFunction(e.name, sig, pos)
	for _, dd := range e.decls {
		attrs := dd.Type().Attributes()
		if dd.IsStatic() || dd.Linkage() == cc.Internal {
			fn.Static = true
		}
		if dd.IsInline() {
			fn.Inline = true
		}
		if attrs != nil {
			if attrs.IsAttrSet("noreturn") || attrs.IsAttrSet("__noreturn__") {
				fn.NoReturn = true
			}
			if fn.Section == "" {
				fn.Section = sectionOf(attrs)
			}
		}
	}
	if h, ok := models.HelperFor(e.name); ok && h.NoReturn && e.def == nil {
		fn.NoReturn = true
	}
	e.fn = fn
	b.byFunc[fn] = e
	b.prog.AddFunc(fn)
	if e.def != nil {
		b.queue = append(b.queue, e)
		if e.model {
			b.st.modelFuncs[fn] = true
		}
	}
	return fn
}

func sectionOf(a *cc.Attributes) string {
	for _, key := range []string{"__section__", "section"} {
		for _, v := range a.AttrValue(key) {
			if s, ok := v.(cc.StringValue); ok {
				return strings.TrimRight(string(s), "\x00")
			}
		}
	}
	return ""
}

// funcByDecl returns the ir.Function a declarator denotes; implicit
// declarations become synthetic externals with a warning.
func (b *builder) funcByDecl(d *cc.Declarator, use ir.Pos) *ir.Function {
	name := b.link(d.Name())
	e, ok := b.funcs[name]
	if !ok {
		e = b.funcEntry(name, 1<<30)
		e.decls = append(e.decls, d)
	}
	fn := b.function(e)
	if d.IsSynthetic() && e.def == nil && len(e.decls) == 1 && !strings.HasPrefix(name, "__builtin_") {
		fn.Synthetic = true
		if !b.warned[name] {
			b.warned[name] = true
			b.prog.Warnings = append(b.prog.Warnings, ir.Diagnostic{Pos: use, Msg: fmt.Sprintf("implicit declaration of function '%s'", name)})
		}
	}
	return fn
}

// objectByDecl returns the object of a file-scope (or block-scope extern)
// declarator, creating it on first use.
func (b *builder) objectByDecl(d *cc.Declarator) *ir.Object {
	name := b.link(d.Name())
	e, ok := b.objects[name]
	if !ok {
		e = &objEntry{name: name, first: d, order: 1 << 30, model: b.st.isModel(d.Position().Filename), unit: b.unit}
		if !d.IsExtern() {
			e.def = d
		}
		b.objects[name] = e
	}
	return b.globalObject(e)
}

func (b *builder) globalObject(e *objEntry) *ir.Object {
	if e.obj != nil {
		return e.obj
	}
	d := e.def
	if d == nil {
		d = e.first
	}
	t := d.Type()
	o := &ir.Object{
		Name:   e.name,
		Kind:   ir.GlobalObj,
		CType:  b.tc.conv(t),
		Bytes:  sizeOf(t),
		Pos:    posOf(d),
		Static: d.IsStatic() || d.Linkage() == cc.Internal,
		Const:  isConstObject(d),
		Extern: e.def == nil,
	}
	e.obj = o
	b.addObject(o, [2]int{0, e.order})
	if e.init != nil {
		o.Init = b.staticInit(o, t, e.init)
	}
	return o
}

func (b *builder) addObject(o *ir.Object, key [2]int) {
	b.objKey[o] = key
	b.prog.Objects = append(b.prog.Objects, o)
}

func isConstObject(d *cc.Declarator) bool {
	if d.IsConst() {
		return true
	}
	a := d.Type().Attributes()
	return a != nil && a.IsConst()
}

// sizeOf is the size of t in bytes, or -1 when unknown.
func sizeOf(t cc.Type) int64 {
	if t == nil || t.IsIncomplete() {
		return -1
	}
	if at, ok := t.(*cc.ArrayType); ok && at.IsVLA() {
		return -1
	}
	s := t.Size()
	if s < 0 {
		return -1
	}
	return s
}

// stringObject returns the (shared) object of a string literal.
func (b *builder) stringObject(data string, elem int64) *ir.Object {
	key := fmt.Sprintf("%d:%s", elem, data)
	if o, ok := b.strs[key]; ok {
		return o
	}
	b.nstr++
	n := int64(len(data)) + 1
	if elem > 1 {
		n = (int64(len([]rune(data))) + 1) * elem
	}
	et := charType
	if elem > 1 {
		et = &ir.Basic{Kind: ir.Integer, Name: "wchar_t", Bytes: elem, Signed: true}
	}
	o := &ir.Object{
		Name:  fmt.Sprintf("str.%d", b.nstr),
		Kind:  ir.StringObj,
		CType: &ir.Array{Elem: et, Len: n / elem},
		Bytes: n,
		Data:  data,
		Const: true,
	}
	b.strs[key] = o
	b.seq++
	b.addObject(o, [2]int{1, b.seq})
	return o
}

// newGlobal adds an object that is not a file-scope declaration (static
// locals, file-scope compound literals).
func (b *builder) newGlobal(o *ir.Object) {
	b.seq++
	b.addObject(o, [2]int{1, b.seq})
}

// finish orders functions and objects deterministically: defined
// functions in translation-unit order, then externals by name; file-scope
// objects in declaration order, then the others in creation order.
func (b *builder) finish() {
	for _, u := range b.st.units {
		if u.vfs == nil {
			continue
		}
		for name, src := range u.vfs.originals {
			// In tree mode the tree's headers are the environment, not
			// the driver's own sources (entry.localStructs reads these).
			if !b.st.isModel(name) {
				b.prog.Sources[name] = src
			}
		}
	}
	sortProgram(b.prog, func(f *ir.Function) int {
		if e := b.byFunc[f]; e != nil {
			return e.order
		}
		return 1 << 30
	}, b.objKey)
}

func sortProgram(p *ir.Program, order func(*ir.Function) int, objKey map[*ir.Object][2]int) {
	sort.SliceStable(p.Funcs, func(i, j int) bool {
		fi, fj := p.Funcs[i], p.Funcs[j]
		if fi.External() != fj.External() {
			return !fi.External()
		}
		if fi.External() {
			return fi.Name < fj.Name
		}
		return order(fi) < order(fj)
	})
	sort.SliceStable(p.Objects, func(i, j int) bool {
		ki, kj := objKey[p.Objects[i]], objKey[p.Objects[j]]
		if ki[0] != kj[0] {
			return ki[0] < kj[0]
		}
		return ki[1] < kj[1]
	})
}
