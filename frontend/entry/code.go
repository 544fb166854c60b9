package entry

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// scanCode finds run-time registrations: calls of the registration table
// and stores of function addresses into struct fields.
func (s *scanner) scanCode() {
	for _, f := range s.prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				switch st := st.(type) {
				case *ir.Call:
					if st.Callee != nil && st.Callee.External() {
						s.call(f, b, st)
					}
				case *ir.Store:
					s.store(f, b, st)
				}
			}
		}
	}
}

// call handles a call of an external function.
func (s *scanner) call(f *ir.Function, b *ir.Block, c *ir.Call) {
	name := c.Callee.Name
	api, ok := models.Registration(name)
	if !ok {
		s.unknownCall(f, b, c)
		return
	}
	shown := name
	if api.Macro != "" {
		shown = api.Macro
	}
	repeated := s.inLoop(f, b) || s.repeatedFn(f)
	if api.Unpinned {
		for _, i := range api.Ops {
			if i < len(c.Args) {
				if _, d := s.objectKey(f, c.Args[i], ""); d != "" {
					s.unpinned[d] = true
				}
			}
		}
	}
	for _, cbk := range api.Callbacks {
		if cbk.Arg >= len(c.Args) {
			continue
		}
		fns, complete := s.funcs(f, c.Args[cbk.Arg], 0)
		if !complete {
			// A value from memory: the functions the escape analysis
			// says it may be, unless it may come from the kernel.
			fns, complete = s.esc.funcsOf(fns, c.Args[cbk.Arg])
		}
		if !complete {
			s.warnf(c.P, "%s: cannot tell which function argument %d is; its entry point is missing", shown, cbk.Arg+1)
		}
		row, known := models.OpsField(cbk.Struct, cbk.Field)
		if !known {
			continue
		}
		want := cbk.Struct
		obj, vr := "", ""
		if idx := instanceArg(api); idx >= 0 && idx < len(c.Args) {
			if len(api.Instance) > 0 {
				obj = s.numberKey(f, c.Args[idx])
			} else {
				obj, vr = s.objectKey(f, c.Args[idx], want)
			}
		}
		lock := ""
		if cbk.HeldLockArg >= 0 && cbk.HeldLockArg < len(c.Args) {
			lock, _ = s.objectKey(f, c.Args[cbk.HeldLockArg], pointee(c.Callee, cbk.HeldLockArg))
			if lock == "" {
				lock = "lock of " + shown + " at " + c.P.String()
			}
		}
		for _, fn := range fns {
			s.add(Site{Func: fn, Role: row.Role, Struct: cbk.Struct, Field: cbk.Field, Var: vr, Pos: c.P,
				In: f, Call: c, API: name, Object: obj, Repeated: repeated, HeldLock: lock,
				Note: "registered by " + shown})
		}
	}
}

func instanceArg(api models.RegAPI) int {
	if len(api.Instance) > 0 {
		return api.Instance[0]
	}
	return api.Object
}

// pointee returns the struct name argument i of external fn points to, per
// its signature ("spinlock_t" for blk_init_queue's lock).
func pointee(fn *ir.Function, i int) string {
	if fn.Sig == nil || i >= len(fn.Sig.Params) {
		return ""
	}
	return structName(ir.PointeeStruct(fn.Sig.Params[i]))
}

// unknownCall: a driver function whose address goes to a kernel function
// the tables do not know may be called back at any time.
func (s *scanner) unknownCall(f *ir.Function, b *ir.Block, c *ir.Call) {
	name := c.Callee.Name
	// A helper keeps no function it is passed, except an allocator that
	// may keep its arguments (devres_alloc's release function).
	if h, ok := models.HelperFor(name); ok && (h.NoEscape || h.Returns != models.ReturnsFresh) {
		return
	}
	if _, ok := models.Lock(name); ok {
		return
	}
	for i, a := range c.Args {
		for _, fn := range s.directFuncs(f, a) {
			s.add(Site{Func: fn, Role: ir.RoleEntry, Struct: name, Field: "arg" + strconv.Itoa(i+1), Pos: c.P, In: f,
				Call: c, API: name, Guessed: true, Escape: true, Repeated: s.inLoop(f, b) || s.repeatedFn(f),
				Note: "address passed to " + name + ", which whoop's registration table does not know"})
		}
	}
}

// store handles a store of a function address into memory.
func (s *scanner) store(f *ir.Function, b *ir.Block, st *ir.Store) {
	var fns []*ir.Function
	if st.Struct != nil && isFuncPointer(fieldType(st.Struct, st.Field)) {
		// Into a function-pointer member: a value loaded from memory
		// (w->func = ops->wake) is whatever the escape analysis says may
		// be there, as for a registration call's callback. Without this
		// a driver function that reaches a kernel struct's member only
		// through the driver's own table was no entry point at all.
		var complete bool
		if fns, complete = s.storedFuncs(f, st.Val); !complete && s.kernelMember(st) {
			s.warnf(st.P, "cannot tell which function is stored into %s; its entry point is missing", st.LValue)
		}
	} else {
		fns = s.directFuncs(f, st.Val)
	}
	for _, fn := range fns {
		s.storeFunc(f, b, st, fn)
	}
}

// storedFuncs returns the driver functions a stored value may be, following
// memory with the escape analysis; complete is false when it may come from
// the kernel (fns are then those followed without memory, as directFuncs
// finds them).
func (s *scanner) storedFuncs(f *ir.Function, val ir.Expr) ([]*ir.Function, bool) {
	fns, complete := s.funcs(f, val, 0)
	if complete {
		return fns, true
	}
	return s.esc.funcsOf(fns, val)
}

// kernelMember reports whether a store writes a member of a struct type
// the kernel knows (not the driver's own, not private), where the kernel
// may call what is stored.
func (s *scanner) kernelMember(st *ir.Store) bool {
	steps := walkPath(st.Struct, st.Field).steps
	if len(steps) == 0 {
		return false
	}
	last := steps[len(steps)-1]
	return !s.esc.private[last.owner] && !s.local[last.strct] && last.strct != ""
}

func (s *scanner) storeFunc(f *ir.Function, b *ir.Block, st *ir.Store, fn *ir.Function) {
	var steps []step
	if st.Struct != nil {
		steps = walkPath(st.Struct, st.Field).steps
	}
	base, off, global := s.base(f, st.Addr, 0)
	repeated := s.inLoop(f, b) || s.repeatedFn(f)
	if len(steps) == 0 {
		if g, ok := base.(*ir.Object); ok && global && off == 0 && isFuncPointer(g.CType) {
			// The driver's own function-pointer variable, unless it escapes.
			if ok, why := s.esc.objEscapes(g); ok {
				s.add(Site{Func: fn, Role: ir.RoleEntry, Struct: "global", Var: g.Name, Pos: st.P, In: f,
					Guessed: true, Escape: true, Repeated: repeated, Object: "global " + g.Name,
					Note: "stored into " + st.LValue + ", a variable of the driver's own, but " + why})
			}
			return
		}
		ok, why := s.esc.memEscapes(st.Addr)
		if !ok {
			return // memory only the driver reaches
		}
		s.add(Site{Func: fn, Role: ir.RoleEntry, Struct: "memory", Field: st.LValue, Pos: st.P, In: f,
			Guessed: true, Escape: true, Repeated: repeated,
			Note: "address stored through " + st.LValue + ", whose struct type whoop cannot tell; " + why})
		return
	}
	last := steps[len(steps)-1]
	top := topLinked(steps)
	site := Site{Func: fn, Pos: st.P, In: f, Repeated: repeated}
	row, known := models.OpsField(last.strct, last.field)
	helper, byHelper := helperRow(st.LValue, last.field)
	switch {
	case byHelper:
		// A kernel header's inline helper made the store
		// (usb_fill_int_urb's urb->complete = complete_fn): the row of
		// that helper's callback says more than the member's.
		site.Role = helper.Role
		site.Struct, site.Field = helper.Struct, helper.Field
		site.Note = "stored into " + st.LValue
	case known:
		site.Role = row.Role
		site.Struct = steps[top].strct
		site.Field = fieldPath(steps[top:])
		site.Note = "stored into " + st.LValue
	case s.esc.private[last.owner]:
		// A struct type no kernel prototype mentions: the kernel cannot
		// call through its members, wherever the object is (the
		// local-types assumption).
		return
	case s.local[last.strct] || last.strct == "":
		// The driver's own struct: only the driver calls through it,
		// unless the memory stored into escapes.
		ok, why := s.esc.memEscapes(st.Addr)
		if !ok {
			return
		}
		site.Role = models.GuessRole(last.field)
		site.Struct, site.Field = last.strct, last.field
		site.Guessed, site.Escape = true, true
		site.Note = "stored into " + st.LValue + "; struct " + displayStruct(last.strct) + " is the driver's own, but " +
			why + "; role guessed from field name " + last.field
	default:
		site.Role = models.GuessRole(last.field)
		site.Struct, site.Field = last.strct, last.field
		site.Guessed = true
		site.Note = "stored into " + st.LValue + "; struct " + last.strct +
			" is not in whoop's entry-point table: role guessed from field name " + last.field
	}
	// The container's object: a global (its designator) or a struct type key.
	if o, ok := base.(*ir.Object); ok && global {
		if p := pathAtOffset(o.CType, off-fieldOffset(st.Struct, st.Field)); p != "+" {
			site.Var = o.Name + p
			site.Object = "global " + site.Var
		}
	} else if v, ok := base.(*ir.Var); ok {
		if ps := ir.PointeeStruct(v.CType); ps != nil && structName(ps) != last.strct {
			if p := pathAtOffset(ps, off-fieldOffset(st.Struct, st.Field)); p != "+" && p != "" {
				site.Object = "struct " + structName(ps) + p
			}
		} else if byHelper && helper.Class == models.ClassURB {
			site.Object = s.urbKey(f, v) // the URB a usb_fill_*_urb fills
		}
	}
	s.add(site)
}

// helperRow returns the callback row of the inline kernel helper whose
// body made a store (the inliner suffixes its lvalues " (in helper)"), for
// the member it stores into, if the tables have one.
func helperRow(lvalue, field string) (models.OpsRow, bool) {
	i := strings.LastIndex(lvalue, " (in ")
	if i < 0 || !strings.HasSuffix(lvalue, ")") {
		return models.OpsRow{}, false
	}
	return models.OpsField(lvalue[i+len(" (in "):len(lvalue)-1], field)
}

// fieldOffset is the byte offset of member path field within st, or 0.
func fieldOffset(st *ir.Struct, field string) int64 {
	off, _ := fieldAt(st, field)
	return off
}

// fieldType is the type of member path field of st, nil when the path
// leaves st's members (an array subscript, an unknown name).
func fieldType(st *ir.Struct, field string) ir.Type {
	_, t := fieldAt(st, field)
	return t
}

// fieldAt follows member path field through st: the offset reached and
// the type there (nil when the path cannot be followed to its end).
func fieldAt(st *ir.Struct, field string) (int64, ir.Type) {
	var cur ir.Type = st
	var off int64
	for _, name := range splitFields(field) {
		s, ok := ir.Unnamed(cur).(*ir.Struct)
		if !ok {
			return off, nil
		}
		fo, fld := fieldAndOffset(s, name)
		if fld == nil {
			return off, nil
		}
		off += fo
		cur = fld.Type
	}
	return off, cur
}

func splitFields(path string) []string {
	var out []string
	name := ""
	for _, r := range path + "." {
		if r == '.' {
			if name != "" {
				out = append(out, name)
			}
			name = ""
			continue
		}
		name += string(r)
	}
	return out
}

// fieldAndOffset finds name in st or its anonymous members, with the offset
// from the start of st.
func fieldAndOffset(st *ir.Struct, name string) (int64, *ir.Field) {
	if f := st.Field(name); f != nil {
		return f.Offset, f
	}
	for _, f := range st.Fields {
		if f.Name != "" {
			continue
		}
		if inner, ok := ir.Unnamed(f.Type).(*ir.Struct); ok {
			if o, g := fieldAndOffset(inner, name); g != nil {
				return f.Offset + o, g
			}
		}
	}
	return 0, nil
}

func isFuncPointer(t ir.Type) bool {
	p, ok := ir.Unnamed(t).(*ir.Pointer)
	if !ok {
		return false
	}
	_, ok = ir.Unnamed(p.Elem).(*ir.FuncType)
	return ok
}

// pathAtOffset returns the member path (".a.b", "[2]") of the object at
// byte offset off within type t: the outermost member starting exactly
// there, "" at offset 0, "+" when off is outside t.
func pathAtOffset(t ir.Type, off int64) string {
	if off == 0 {
		return ""
	}
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		for _, f := range u.Fields {
			size := f.Type.Size()
			if off < f.Offset || (size > 0 && off >= f.Offset+size) {
				continue
			}
			rest := pathAtOffset(f.Type, off-f.Offset)
			if rest == "+" {
				continue
			}
			if f.Name == "" {
				return rest
			}
			return "." + f.Name + rest
		}
	case *ir.Array:
		if es := u.Elem.Size(); es > 0 {
			i := off / es
			rest := pathAtOffset(u.Elem, off-i*es)
			if rest != "+" {
				return "[" + strconv.FormatInt(i, 10) + "]" + rest
			}
		}
	}
	return "+"
}
