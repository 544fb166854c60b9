package frontend

import (
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Callback tables: a row of the synchronous-callback table with a Table
// (dmi_check_system) gets no function but an array of structs, and calls
// the Field member of its elements. The driver's tables are its globals of
// that struct type (or arrays of it), with the driver functions their
// initialisers put in that member.

// syncSite is an entry point the entry pass finds: a function in a member
// ("dmi_system_id.callback").
type syncSite struct {
	fn  *ir.Function
	key string
}

// tables maps each callback table of the program to its callbacks.
type tables struct {
	cbs   map[*ir.Object][]*ir.Function
	strct map[*ir.Object]string
}

// findTables collects the program's callback tables.
func findTables(p *ir.Program) *tables {
	t := &tables{cbs: make(map[*ir.Object][]*ir.Function), strct: make(map[*ir.Object]string)}
	for _, o := range p.Objects {
		if o.Kind != ir.GlobalObj {
			continue
		}
		s := tableStruct(o.CType)
		field, ok := models.SyncTableField(s)
		if s == "" || !ok {
			continue
		}
		t.strct[o] = s
		for _, in := range o.Init {
			f, ok := in.Value.(*ir.Function)
			if ok && !f.External() && memberPath(in.Path) == "."+field {
				t.cbs[o] = append(t.cbs[o], f)
			}
		}
	}
	return t
}

// tableStruct returns the tag of the struct type t is, or is an array of.
func tableStruct(t ir.Type) string {
	if a, ok := ir.Unnamed(t).(*ir.Array); ok {
		t = a.Elem
	}
	if s, ok := ir.Unnamed(t).(*ir.Struct); ok {
		return s.Tag
	}
	return ""
}

// memberPath drops a leading array subscript: "[2].callback" -> ".callback".
func memberPath(path string) string {
	if strings.HasPrefix(path, "[") {
		if i := strings.IndexByte(path, ']'); i >= 0 {
			return path[i+1:]
		}
	}
	return path
}

// tableOf returns the global table e points into, if e names one.
func (t *tables) tableOf(e ir.Expr) *ir.Object {
	if b, ok := e.(*ir.Binary); ok && b.Op == ir.OpAdd {
		if _, ok := b.Y.(*ir.Const); ok {
			e = b.X
		}
	}
	if o, ok := e.(*ir.Object); ok {
		if _, ok := t.strct[o]; ok {
			return o
		}
	}
	return nil
}

// targets returns the callbacks a call with table argument arg may run:
// those of the table arg points into, or, when whoop cannot tell which,
// those of every table of the row's struct. It reports false when there
// are none or one takes another number of parameters than the row passes.
func (t *tables) targets(arg ir.Expr, row models.SyncCallback) ([]*ir.Function, bool) {
	var cbs []*ir.Function
	if o := t.tableOf(arg); o != nil {
		cbs = t.cbs[o]
	} else {
		for o, s := range t.strct {
			if s == row.Table {
				cbs = append(cbs, t.cbs[o]...)
			}
		}
		cbs = sortFuncs(cbs)
	}
	for _, cb := range cbs {
		if len(cb.Params) != len(row.Args) {
			return nil, false
		}
	}
	return cbs, len(cbs) > 0
}

// syncOnly returns the callbacks of the tables nothing but the rows'
// calls and the table readers (models.TableReader) use: a static table no
// other initialiser points to, whose address is never taken elsewhere
// (stored, passed on, written through). Only the rows' functions call
// those members, and the pass makes every such call explicit, so they are
// no entry points. A function also in a table that is used otherwise
// stays one.
func (t *tables) syncOnly(p *ir.Program) map[syncSite]bool {
	uses := make(map[*ir.Object]int)
	known := make(map[*ir.Object]int)
	count := func(e ir.Expr) {
		ir.WalkExpr(e, func(x ir.Expr) {
			if o, ok := x.(*ir.Object); ok {
				uses[o]++
			}
		})
	}
	for _, f := range p.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				for _, e := range ir.StmtExprs(s) {
					count(e)
				}
				if c, ok := s.(*ir.Call); ok {
					t.knownUses(c, known)
				}
			}
			if b.Term != nil {
				for _, e := range ir.TermExprs(b.Term) {
					count(e)
				}
			}
		}
	}
	for _, o := range p.Objects {
		for _, in := range o.Init {
			count(in.Value)
		}
	}
	only := make(map[syncSite]bool)
	other := make(map[syncSite]bool)
	for o, s := range t.strct {
		field, _ := models.SyncTableField(s)
		for _, f := range t.cbs[o] {
			site := syncSite{fn: f, key: s + "." + field}
			if o.Static && uses[o] == known[o] {
				only[site] = true
			} else {
				other[site] = true
			}
		}
	}
	for site := range other {
		delete(only, site)
	}
	return only
}

// knownUses counts the table arguments of call c that a row's function
// (at its table parameter) or a table reader of that struct receives.
func (t *tables) knownUses(c *ir.Call, known map[*ir.Object]int) {
	if c.Callee == nil || !c.Callee.External() {
		return
	}
	row, isRow := models.SyncCallbackFor(c.Callee.Name)
	for i, a := range c.Args {
		o := t.tableOf(a)
		if o == nil {
			continue
		}
		s := t.strct[o]
		if (isRow && row.Table == s && i == row.Fn && len(c.Args) == row.Arity) || models.TableReader(c.Callee.Name, s) {
			known[o]++
		}
	}
}

// dropSyncOnly removes the entry points syncOnly names.
func dropSyncOnly(eps []*ir.EntryPoint, only map[syncSite]bool) []*ir.EntryPoint {
	if len(only) == 0 {
		return eps
	}
	out := eps[:0]
	for _, ep := range eps {
		if !only[syncSite{fn: ep.Func, key: ep.Struct + "." + ep.Field}] {
			out = append(out, ep)
		}
	}
	return out
}

// sortFuncs sorts fs by name and position, without repeats.
func sortFuncs(fs []*ir.Function) []*ir.Function {
	slices.SortFunc(fs, func(a, b *ir.Function) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return a.Pos.Line - b.Pos.Line
	})
	return slices.Compact(fs)
}
