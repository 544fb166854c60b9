package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Per-open objects (assumption per-open). A file_operations' ->release
// runs from __fput once the last reference to the file is gone
// (fs/file_table.c), so it overlaps no other operation of that file (rule
// file-release: the pair's two struct file parameters differ). When open
// stores into file->private_data an object it allocated (ppdev.c's
// pp_open: pp = kmalloc(...); file->private_data = pp), every open file
// has an object of its own: release's accesses through its own
// file->private_data and another operation's through its own are on two
// objects and never race. An access that reaches the object another way
// (a global pointer, the object handed to an interrupt handler) is
// checked as before, and so is everything else of the pair.
//
// The rule applies to the operations of one file_operations variable
// when
//   - its open stores a fresh allocation (a models helper that returns
//     fresh memory, kmalloc, kzalloc, ...) into its file parameter's
//     private_data, and does so on every path that may return 0 (misc_open
//     leaves the miscdevice there, shared by every file, otherwise);
//   - nothing else in the program writes a private_data field;
//   - the other side of the pair frees no object through its own
//     private_data (ppdev frees it only in release): a free elsewhere would
//     leave release using memory the next open may be handed.
//
// An access is the file's own when its address is the pointer loaded from
// the entry point's file parameter's private_data plus an offset, followed
// through local copies and through the parameters of callees every call
// of which (from the code the entry point runs) passes such a pointer (or,
// for the file, the entry point's file parameter).

// ownSites is what one entry point of a qualifying file_operations
// variable accesses of its file's object.
type ownSites struct {
	file  int          // the struct file parameter
	sites map[int]bool // accesses through the file's own private_data
	frees bool         // one of them frees
}

// fopsGroups groups the file operations by the file_operations
// variable they belong to: one group per kind of open file.
func fopsGroups(prog *ir.Program) map[string][]*ir.EntryPoint {
	groups := make(map[string][]*ir.EntryPoint)
	for _, ep := range prog.EntryPoints {
		if ep.Struct == "file_operations" && ep.Var != "" {
			groups[ep.Var] = append(groups[ep.Var], ep)
		}
	}
	return groups
}

// perOpenOf returns the entry points whose file's private_data is a
// per-open object, with their own accesses.
func perOpenOf(f *facts) map[*ir.EntryPoint]*ownSites {
	out := make(map[*ir.EntryPoint]*ownSites)
	groups := fopsGroups(f.prog)
	pdStores := privateDataWrites(f.prog)
	for _, v := range sortedKeys(groups) {
		var open *ir.EntryPoint
		for _, ep := range groups[v] {
			if ep.Field == "open" {
				open = ep
			}
		}
		if open == nil {
			continue
		}
		if row, ok := models.Row(open); !ok || !opensPerFile(open.Func, row.Object, pdStores) {
			continue
		}
		for _, ep := range groups[v] {
			row, ok := models.Row(ep)
			if !ok || row.Object < 0 || row.Object >= len(ep.Func.Params) {
				continue
			}
			out[ep] = ownAccesses(f, ep, row.Object)
		}
	}
	return out
}

// isPrivateData reports whether a names a struct file's private_data.
func isPrivateData(a *ir.Access) bool {
	return a.Struct != nil && a.Struct.Tag == "file" && a.Field == ".private_data"
}

// privateDataWrites returns every write of the program that may write a
// private_data field: stores and writing touches of the regions of the
// stores that name one.
func privateDataWrites(prog *ir.Program) []ir.Stmt {
	regions := make(map[*ir.Region]bool)
	eachStmt(prog, func(_ *ir.Function, st ir.Stmt) {
		if s, ok := st.(*ir.Store); ok && isPrivateData(&s.Access) && s.Region != nil {
			regions[s.Region] = true
		}
	})
	var out []ir.Stmt
	eachStmt(prog, func(_ *ir.Function, st ir.Stmt) {
		switch s := st.(type) {
		case *ir.Store:
			if isPrivateData(&s.Access) || regions[s.Region] {
				out = append(out, s)
			}
		case *ir.Touch:
			if s.Write && regions[s.Region] {
				out = append(out, s)
			}
		}
	})
	return out
}

func eachStmt(prog *ir.Program, fn func(*ir.Function, ir.Stmt)) {
	for _, g := range prog.Funcs {
		for _, b := range g.Blocks {
			for _, st := range b.Stmts {
				fn(g, st)
			}
		}
	}
}

// opensPerFile reports whether open (its struct file is parameter
// fileParam) is the only writer
// of private_data (writes), storing there a fresh allocation of its own on
// every path that may return 0.
func opensPerFile(open *ir.Function, fileParam int, writes []ir.Stmt) bool {
	if fileParam < 0 || fileParam >= len(open.Params) || len(writes) == 0 {
		return false
	}
	file := open.Params[fileParam]
	defs := ir.Definitions(open)
	mine := make(map[ir.Stmt]bool)
	for _, b := range open.Blocks {
		for _, st := range b.Stmts {
			mine[st] = true
		}
	}
	for _, w := range writes {
		s, ok := w.(*ir.Store)
		if !ok || !mine[s] || baseVar(s.Addr) != file || len(defs[file]) > 0 || !freshVar(s.Val, defs) {
			return false
		}
	}
	return storedOnSuccess(open, writes)
}

// freshVar reports whether e is a variable every definition of which is
// a call of an allocator or a copy of such a variable. The havoc of an
// uninitialised declaration (struct pp_struct *pp;) does not count: a
// store of that value would be undefined behaviour.
func freshVar(e ir.Expr, defs map[*ir.Var][]ir.Stmt) bool {
	seen := make(map[*ir.Var]bool)
	var fresh func(v *ir.Var) bool
	fresh = func(v *ir.Var) bool {
		if seen[v] {
			return true // a cycle of copies adds no other value
		}
		seen[v] = true
		allocated := false
		for _, d := range defs[v] {
			switch s := d.(type) {
			case *ir.Havoc:
			case *ir.Assign:
				src, ok := s.Src.(*ir.Var)
				if !ok || !fresh(src) {
					return false
				}
				allocated = true
			case *ir.Call:
				if s.Callee == nil || !s.Callee.External() {
					return false
				}
				if h, known := models.HelperFor(s.Callee.Name); !known || h.Returns != models.ReturnsFresh {
					return false
				}
				allocated = true
			default:
				return false
			}
		}
		return allocated
	}
	v, ok := e.(*ir.Var)
	return ok && fresh(v)
}

// storedOnSuccess reports whether every path of fn to a return that may
// return 0 passes one of the writes (a forward must analysis over blocks).
func storedOnSuccess(fn *ir.Function, writes []ir.Stmt) bool {
	isWrite := make(map[ir.Stmt]bool, len(writes))
	for _, w := range writes {
		isWrite[w] = true
	}
	fn.ComputePreds()
	out := make(map[*ir.Block]bool, len(fn.Blocks))
	for _, b := range fn.Blocks {
		out[b] = true // optimistic: a greatest fixpoint
	}
	for changed := true; changed; {
		changed = false
		for i, b := range fn.Blocks {
			st := i != 0 // stored on every path to b's start
			for _, p := range b.Preds {
				st = st && out[p]
			}
			for _, s := range b.Stmts {
				st = st || isWrite[s]
			}
			if out[b] != st {
				out[b], changed = st, true
			}
		}
	}
	for _, b := range fn.Blocks {
		r, ok := b.Term.(*ir.Return)
		if !ok || out[b] {
			continue
		}
		if c, isConst := r.Val.(*ir.Const); isConst && c.Val != 0 {
			continue // an error code
		}
		return false
	}
	return true
}

// baseVar returns the variable an address expression offsets (v, v + e,
// e + v with e free of variables that are not offsets), or nil.
func baseVar(e ir.Expr) *ir.Var {
	switch x := e.(type) {
	case *ir.Var:
		return x
	case *ir.Binary:
		if x.Op != ir.OpAdd {
			return nil
		}
		if offsetOnly(x.Y) {
			return baseVar(x.X)
		}
		if offsetOnly(x.X) {
			return baseVar(x.Y)
		}
	}
	return nil
}

// offsetOnly reports whether e is a constant or an array index times a
// constant element size (&p->data[i]): an offset into the object, trusted
// in bounds as the unpublished-allocations rule trusts it.
func offsetOnly(e ir.Expr) bool {
	switch x := e.(type) {
	case *ir.Const:
		return true
	case *ir.Binary:
		if x.Op != ir.OpMul {
			return false
		}
		_, cx := x.X.(*ir.Const)
		_, cy := x.Y.(*ir.Const)
		return cx || cy
	}
	return false
}

// ownAccesses finds the accesses entry point ep (struct file parameter
// file) makes through its file's private_data, in every function it runs.
func ownAccesses(f *facts, ep *ir.EntryPoint, file int) *ownSites {
	funcs := f.reach(ep.Func)
	return accessesThrough(funcs, ownVars(funcs, ep.Func, file), baseVar, file)
}

// accessesThrough collects the sites of funcs whose address is based (by
// base) on a variable of isOwn, and whether one of them frees.
func accessesThrough(funcs []*ir.Function, isOwn map[*ir.Var]bool, base func(ir.Expr) *ir.Var, file int) *ownSites {
	own := &ownSites{file: file, sites: make(map[int]bool)}
	for _, g := range funcs {
		for _, b := range g.Blocks {
			for _, st := range b.Stmts {
				a := ir.AccessOf(st)
				if a == nil {
					continue
				}
				if v := base(a.Addr); v != nil && isOwn[v] {
					own.sites[a.Site] = true
					own.frees = own.frees || a.Free
				}
			}
		}
	}
	return own
}

// ownVars returns the variables of funcs (run from entry, whose struct
// file is parameter file) that hold a pointer into the file's own
// private_data object. A greatest fixpoint: every variable and parameter
// starts as a file and as an own pointer, and loses each when one of its
// definitions, or one call passing it, gives it something else.
func ownVars(funcs []*ir.Function, entry *ir.Function, file int) map[*ir.Var]bool {
	defs := make(map[*ir.Function]map[*ir.Var][]ir.Stmt, len(funcs))
	isFile := make(map[*ir.Var]bool)
	isOwn := make(map[*ir.Var]bool)
	for _, g := range funcs {
		defs[g] = ir.Definitions(g)
		for _, p := range g.Params {
			isFile[p], isOwn[p] = true, true
		}
		for v := range defs[g] {
			isFile[v], isOwn[v] = true, true
		}
	}
	for i, p := range entry.Params {
		isOwn[p] = false
		isFile[p] = i == file
	}
	fileExpr := func(e ir.Expr) bool { v, ok := e.(*ir.Var); return ok && v != nil && isFile[v] }
	ownExpr := func(e ir.Expr) bool { v := baseVar(e); return v != nil && isOwn[v] }
	for changed := true; changed; {
		changed = false
		drop := func(set map[*ir.Var]bool, v *ir.Var, keep bool) {
			if !keep && set[v] {
				set[v], changed = false, true
			}
		}
		for _, g := range funcs {
			for v, ds := range defs[g] {
				for _, d := range ds {
					a, ok := d.(*ir.Assign)
					drop(isFile, v, ok && fileExpr(a.Src))
					drop(isOwn, v, ownDef(d, fileExpr, ownExpr))
				}
			}
			for _, call := range calls(g) {
				for _, t := range call.Callees() {
					if t.External() || !slices.Contains(funcs, t) {
						continue
					}
					for j, p := range t.Params {
						drop(isFile, p, j < len(call.Args) && fileExpr(call.Args[j]))
						drop(isOwn, p, j < len(call.Args) && ownExpr(call.Args[j]))
					}
				}
			}
		}
	}
	return isOwn
}

// calls returns fn's call statements.
func calls(fn *ir.Function) []*ir.Call {
	var out []*ir.Call
	for _, b := range fn.Blocks {
		for _, st := range b.Stmts {
			if c, ok := st.(*ir.Call); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// ownDef reports whether definition d makes an own pointer: a load of a
// file's private_data, or a copy of an own pointer plus an offset.
func ownDef(d ir.Stmt, fileExpr, ownExpr func(ir.Expr) bool) bool {
	switch s := d.(type) {
	case *ir.Load:
		base := baseVar(s.Addr)
		return isPrivateData(&s.Access) && base != nil && fileExpr(base) && s.Size == 8
	case *ir.Assign:
		return ownExpr(s.Src)
	}
	return false
}

// perOpenPair returns the own accesses of pair p's two sides when the
// per-open rule applies to it: both are operations of one qualifying
// file_operations variable, one is its release, the pair's files differ
// (file-release), and a side that is not release frees nothing of its own.
func (in *instrumenter) perOpenPair(p Pair) (t, u map[int]bool) {
	ot, okT := in.perOpen[p.First]
	ou, okU := in.perOpen[p.Second]
	if !okT || !okU || p.First.Var != p.Second.Var {
		return nil, nil
	}
	relT, relU := p.First.Field == "release", p.Second.Field == "release"
	if !relT && !relU || !relT && ot.frees || !relU && ou.frees {
		return nil, nil
	}
	if !slices.Contains(p.DistinctParams, [2]int{ot.file, ou.file}) {
		return nil, nil
	}
	return ot.sites, ou.sites
}
