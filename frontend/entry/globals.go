package entry

import (
	"regexp"
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// scanner holds the indexes one Analyse builds over the program.
type scanner struct {
	prog     *ir.Program
	sites    []Site
	warnings []ir.Diagnostic
	owned    map[string]bool
	unpinned map[string]bool // ops published where files do not pin the module (proc_create)
	// callers lists the direct call sites of each defined function.
	callers map[*ir.Function][]callSite
	defs    map[*ir.Function]map[*ir.Var][]ir.Stmt
	loops   map[*ir.Function]map[*ir.Block]bool
	rep     map[*ir.Function]int8 // 0 unknown, 1 no, 2 yes, 3 in progress
	local   map[string]bool       // struct type names declared in the driver's own sources
	esc     *escape
}

type callSite struct {
	caller *ir.Function
	block  *ir.Block
	call   *ir.Call
}

func newScanner(prog *ir.Program) *scanner {
	s := &scanner{prog: prog, owned: map[string]bool{}, unpinned: map[string]bool{}, callers: map[*ir.Function][]callSite{},
		defs: map[*ir.Function]map[*ir.Var][]ir.Stmt{}, loops: map[*ir.Function]map[*ir.Block]bool{},
		rep: map[*ir.Function]int8{}}
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if c, ok := st.(*ir.Call); ok && c.Callee != nil && !c.Callee.External() {
					s.callers[c.Callee] = append(s.callers[c.Callee], callSite{f, b, c})
				}
			}
		}
	}
	s.local = localStructs(prog)
	s.esc = escapes(prog, prog.ExternLinkage)
	return s
}

// localStructs returns the struct tags and typedef names the driver's own
// sources define ("struct foo {" or "} foo;" after a typedef struct).
func localStructs(prog *ir.Program) map[string]bool {
	out := map[string]bool{}
	files := make([]string, 0, len(prog.Sources))
	for f := range prog.Sources {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		src := prog.Sources[f]
		for _, m := range structDef.FindAllStringSubmatch(src, -1) {
			out[m[1]] = true
		}
		for _, m := range typedefEnd.FindAllStringSubmatch(src, -1) {
			out[m[1]] = true
		}
	}
	return out
}

var (
	structDef  = regexp.MustCompile(`\b(?:struct|union)\s+([A-Za-z_]\w*)\s*\{`)
	typedefEnd = regexp.MustCompile(`\}\s*([A-Za-z_]\w*)\s*;`)
)

// named reports whether the driver's sources name word (NETIF_F_LLTX,
// watchdog_stop_on_reboot).
func (s *scanner) named(word string) bool {
	for _, src := range s.prog.Sources {
		if strings.Contains(src, word) {
			return true
		}
	}
	return false
}

func (s *scanner) add(st Site) { s.sites = append(s.sites, st) }

func (s *scanner) warnf(pos ir.Pos, format string, args ...any) {
	s.warnings = append(s.warnings, ir.Diagnostic{Pos: pos, Msg: "entry points: " + sprintf(format, args...)})
}

// Module-level globals the model headers leave (headers.md rule 7).
const (
	moduleInitVar = "__whoop_module_init"
	moduleExitVar = "__whoop_module_exit"
	initcallPfx   = "__whoop_initcall_"
	exitcallPfx   = "__whoop_exitcall_"
)

// scanGlobals finds entry points in static initialisers.
func (s *scanner) scanGlobals() {
	// Objects reached through an attributing link (a driver's .driver.pm)
	// belong to the variable that points to them.
	attributed := map[*ir.Object]bool{}
	for _, o := range s.prog.Objects {
		for _, in := range o.Init {
			t, ok := addrOf(in.Value)
			if !ok || t.Kind != ir.GlobalObj {
				continue
			}
			if ch := walkPath(o.CType, in.Path); len(ch.steps) > 0 {
				last := ch.steps[len(ch.steps)-1]
				if l, ok := models.LinkOf(last.strct, last.field); ok && l.Pointer && l.Attribute {
					attributed[t] = true
				}
			}
		}
	}
	for _, o := range s.prog.Objects {
		if o.Kind != ir.GlobalObj || len(o.Init) == 0 {
			continue
		}
		if s.moduleGlobal(o) {
			continue
		}
		if attributed[o] {
			continue
		}
		s.object(o, o, nil, "", map[*ir.Object]bool{})
	}
}

// moduleGlobal handles __whoop_module_init and friends.
func (s *scanner) moduleGlobal(o *ir.Object) bool {
	var strct string
	switch {
	case o.Name == moduleInitVar:
		strct = models.ModuleInit
	case o.Name == moduleExitVar:
		strct = models.ModuleExit
	case strings.HasPrefix(o.Name, initcallPfx):
		strct = models.Initcall
	case strings.HasPrefix(o.Name, exitcallPfx):
		strct = models.Exitcall
	default:
		return false
	}
	for _, in := range o.Init {
		f, ok := in.Value.(*ir.Function)
		if !ok || f.External() {
			continue
		}
		row, _ := models.Row(&ir.EntryPoint{Struct: strct})
		s.add(Site{Func: f, Role: row.Role, Struct: strct, Pos: in.Pos, Object: "module"})
	}
	return true
}

// object records the function cells of global o, attributed to outer
// (o itself, or the variable whose attributing link reaches o) with the
// given prefix chain.
func (s *scanner) object(outer, o *ir.Object, prefix []step, prefixPath string, seen map[*ir.Object]bool) {
	if seen[o] {
		return
	}
	seen[o] = true
	for _, in := range o.Init {
		ch := walkPath(o.CType, in.Path)
		steps := append(append([]step(nil), prefix...), ch.steps...)
		index := ch.index
		if len(prefix) > 0 {
			index = prefixPath
		}
		if f, ok := in.Value.(*ir.Function); ok {
			if f.External() {
				continue
			}
			s.fnCell(outer, o, index, steps, f, in.Pos)
			continue
		}
		if in.Path != "" && strings.HasSuffix(in.Path, ".owner") {
			if t, ok := addrOf(in.Value); ok && t.Name == "__this_module" {
				s.owned[designator(outer.Name, index, steps[:len(steps)-1])] = true
			}
		}
		t, ok := addrOf(in.Value)
		if !ok || t.Kind != ir.GlobalObj || len(steps) == 0 {
			continue
		}
		last := steps[len(steps)-1]
		if l, ok := models.LinkOf(last.strct, last.field); ok && l.Pointer && l.Attribute {
			s.object(outer, t, steps, index, seen)
		}
	}
}

// fnCell records function f found at chain steps of variable outer, in
// the initialiser of object holder (outer or an object it links to).
func (s *scanner) fnCell(outer, holder *ir.Object, index string, steps []step, f *ir.Function, pos ir.Pos) {
	if len(steps) == 0 {
		// A bare function-pointer global (or array of them): the
		// driver's own, unless it escapes.
		if strings.HasPrefix(outer.Name, exportPrefix) {
			if s.esc.closed[outer] {
				// Only the module's own files call it (module-exports).
				return
			}
			// EXPORT_SYMBOL(f): other modules call it in any context.
			s.add(Site{Func: f, Role: ir.RoleEntry, Struct: "export", Pos: f.Pos,
				Guessed: true, Escape: true, Object: "export " + f.Name,
				Note: "exported with EXPORT_SYMBOL: other modules may call it"})
			return
		}
		if ok, why := s.esc.objEscapes(holder); ok {
			s.add(Site{Func: f, Role: ir.RoleEntry, Struct: "global", Var: outer.Name + index, Pos: pos,
				Guessed: true, Escape: true, Object: "global " + outer.Name + index,
				Note: "function pointer in a global of the driver's own, but " + why})
		}
		return
	}
	last := steps[len(steps)-1]
	top := topLinked(steps)
	st := Site{Func: f, Pos: pos}
	if row, ok := models.OpsField(last.strct, last.field); ok {
		st.Role = row.Role
		st.Struct = steps[top].strct
		st.Field = fieldPath(steps[top:])
		st.Var = designator(outer.Name, index, steps[:top])
	} else {
		st.Role = models.GuessRole(last.field)
		st.Struct = last.strct
		st.Field = last.field
		st.Var = designator(outer.Name, index, steps[:len(steps)-1])
		st.Guessed = true
		if s.esc.private[last.owner] {
			// A struct type no kernel prototype mentions: the kernel
			// cannot call through its members (the local-types
			// assumption).
			return
		}
		if s.local[last.strct] || last.strct == "" {
			// The driver's own struct: only the driver can call through
			// it, unless the struct escapes.
			ok, why := s.esc.objEscapes(holder)
			if !ok {
				return
			}
			st.Escape = true
			st.Note = "struct " + displayStruct(last.strct) + " is the driver's own, but " + why +
				"; role guessed from field name " + last.field
		} else {
			st.Note = "struct " + last.strct + " is not in whoop's entry-point table: role guessed from field name " + last.field
		}
	}
	st.Object = "global " + st.Var
	s.add(st)
}

func displayStruct(name string) string {
	if name == "" {
		return "(anonymous)"
	}
	return name
}

// topLinked returns the index of the outermost step from which every step
// down to the last is a known link, so the entry point is attributed to
// the outermost struct the tables can resolve.
func topLinked(steps []step) int {
	top := len(steps) - 1
	for top > 0 {
		prev := steps[top-1]
		l, ok := models.LinkOf(prev.strct, prev.field)
		if !ok || l.To != steps[top].strct {
			break
		}
		top--
	}
	return top
}

func fieldPath(steps []step) string {
	names := make([]string, len(steps))
	for i, st := range steps {
		names[i] = st.field
	}
	return strings.Join(names, ".")
}

// designator is the C designator of the struct reached by steps from
// variable name (with its array index prefix): "drv", "drvs[1]", "dev.fops".
func designator(name, index string, steps []step) string {
	d := name + index
	for _, st := range steps {
		d += "." + st.field + st.index
	}
	return d
}

// step is one member selection of a path: struct type name and field.
type step struct {
	strct, field string
	owner        *ir.Struct // the struct type strct names
	index        string     // array subscripts after the field ("[2]")
}

type chain struct {
	index string // subscripts before the first member ("[1]" of an array of structs)
	steps []step
}

// walkPath follows an initialiser or access path (".driver.pm", "[1].probe")
// through type t and returns the member selections it makes. Members of
// anonymous structs and unions are found through them.
func walkPath(t ir.Type, path string) chain {
	var ch chain
	cur := t
	for rest := path; rest != ""; {
		switch rest[0] {
		case '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return ch
			}
			if len(ch.steps) == 0 {
				ch.index += rest[:end+1]
			} else {
				ch.steps[len(ch.steps)-1].index += rest[:end+1]
			}
			if a, ok := ir.Unnamed(cur).(*ir.Array); ok {
				cur = a.Elem
			} else {
				return ch
			}
			rest = rest[end+1:]
		case '.':
			rest = rest[1:]
			end := strings.IndexAny(rest, ".[")
			if end < 0 {
				end = len(rest)
			}
			name := rest[:end]
			rest = rest[end:]
			st, ok := ir.Unnamed(cur).(*ir.Struct)
			if !ok {
				return ch
			}
			owner, fld := findField(st, name, 0)
			if fld == nil {
				return ch
			}
			ch.steps = append(ch.steps, step{strct: structName(owner), field: name, owner: owner})
			cur = fld.Type
		default:
			return ch // "+off": no path
		}
	}
	return ch
}

// findField finds field name in st or, through anonymous members, in a
// struct nested in it; it returns the named struct that declares it (the
// outer one for anonymous members).
func findField(st *ir.Struct, name string, depth int) (*ir.Struct, *ir.Field) {
	if f := st.Field(name); f != nil {
		return st, f
	}
	if depth > 8 {
		return nil, nil
	}
	for _, f := range st.Fields {
		if f.Name != "" {
			continue
		}
		if inner, ok := ir.Unnamed(f.Type).(*ir.Struct); ok {
			if _, g := findField(inner, name, depth+1); g != nil {
				return st, g
			}
		}
	}
	return nil, nil
}

// structName is the name the tables use for a struct type: its tag, or
// the typedef of an anonymous struct.
func structName(st *ir.Struct) string {
	if st == nil {
		return ""
	}
	if st.Tag != "" {
		return st.Tag
	}
	return st.Typedef
}

// addrOf returns the object an initialiser value or expression is the
// address of (possibly with an offset).
func addrOf(e ir.Expr) (*ir.Object, bool) {
	switch e := e.(type) {
	case *ir.Object:
		return e, true
	case *ir.Binary:
		if e.Op == ir.OpAdd {
			if o, ok := e.X.(*ir.Object); ok {
				if _, ok := e.Y.(*ir.Const); ok {
					return o, true
				}
			}
		}
	}
	return nil, false
}
