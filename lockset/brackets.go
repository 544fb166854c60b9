package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Callback brackets (models.CallbackBrackets; Options.NoCallbackLocks
// turns them off). The kernel calls some callbacks of one device only
// after another returned, on the same thread, with nothing in between
// that could release a lock of the driver's: usb_reset_device calls
// ->post_reset only after ->pre_reset returned 0. A lock the opening
// callback holds on every return, and did not hold on entry, is then held
// on entry to those callbacks (entryHeld), for writing where it is held
// for writing on every return. A return without it (ati_remote2's
// pre_reset returns early on its second interface) carries nothing.
//
// Applied only under one device and one lock per lock field (neither
// ManyDevices nor LockInstancesDistinct): the carried lock is the lock
// field as the must-held analysis names it, which is one instance only
// when the driver has one.

// carryBrackets adds to f.entryHeld the locks each bracket's opening
// callback leaves held for the callbacks inside it.
// A bracket whose ID is among ignore (Options.IgnoreRules) is left out.
func (in *instrumenter) carryBrackets(ignore []string) {
	f := in.f
	if f.lockInstances {
		return
	}
	for _, br := range models.CallbackBrackets() {
		if slices.Contains(ignore, br.ID) {
			continue
		}
		for _, open := range f.prog.EntryPoints {
			if !bracketRow(open, br.Open) {
				continue
			}
			var inside []*ir.EntryPoint
			for _, ep := range f.prog.EntryPoints {
				if ep == open || !bracketRowIn(ep, br.Inside) || ep.Var != open.Var {
					continue
				}
				if ep.Var != "" || f.staticOnly(open, ep) {
					inside = append(inside, ep)
				}
			}
			if len(inside) == 0 {
				continue
			}
			for _, el := range in.leftHeld(open) {
				for _, ep := range inside {
					f.entryHeld[ep] = append(f.entryHeld[ep], el)
				}
			}
		}
	}
}

// leftHeld returns the identified driver locks ep holds on every return
// and did not hold on entry.
func (in *instrumenter) leftHeld(ep *ir.EntryPoint) []entryLock {
	start, exit := in.heldAtReturn(ep)
	var out []entryLock
	for l, info := range in.f.locks {
		if info.pseudo() || !info.protects() || info.class == "kernel" || start.any.has(l) || !exit.any.has(l) {
			continue
		}
		out = append(out, entryLock{lock: l, write: exit.w.has(l)})
	}
	return out
}

// bracketRow reports whether ep is the known (not guessed) callback key.
func bracketRow(ep *ir.EntryPoint, key string) bool {
	if ep.Guessed {
		return false
	}
	r, ok := models.Row(ep)
	return ok && r.Key() == key
}

func bracketRowIn(ep *ir.EntryPoint, keys []string) bool {
	for _, k := range keys {
		if bracketRow(ep, k) {
			return true
		}
	}
	return false
}

// staticOnly reports whether inside, an entry point of no ops variable
// (its ops struct was copied at run time: i2c-cht-wc.c copies its const
// irq_chip into a struct it allocated), belongs to a struct whose
// callback open is: every static initialiser of open's struct type that
// names inside's function in its field names open's function in open's
// field, some does, neither function's address is taken by code, and no
// code stores a function or a constant (NULL) into open's field of such
// a struct (a copy made member by member stores loaded values).
func (f *facts) staticOnly(open, inside *ir.EntryPoint) bool {
	ro, ok1 := models.Row(open)
	ri, ok2 := models.Row(inside)
	if !ok1 || !ok2 || ro.Struct != ri.Struct || open.Func == nil || inside.Func == nil {
		return false
	}
	named := 0
	for _, o := range f.prog.Objects {
		if structTag(o.CType) != ro.Struct {
			continue
		}
		if initNames(o, "."+ri.Field, inside.Func) {
			if !initNames(o, "."+ro.Field, open.Func) {
				return false
			}
			named++
		}
	}
	return named > 0 && !f.codeNames(open.Func, inside.Func) && !f.setsField(ro.Struct, "."+ro.Field)
}

// initNames reports whether o's initialiser puts fn at path.
func initNames(o *ir.Object, path string, fn *ir.Function) bool {
	for _, in := range o.Init {
		if in.Path == path && in.Value == ir.Expr(fn) {
			return true
		}
	}
	return false
}

// codeNames reports whether a statement or terminator of the program
// names the address of a or b.
func (f *facts) codeNames(a, b *ir.Function) bool {
	names := func(e ir.Expr) bool {
		found := false
		ir.WalkExpr(e, func(x ir.Expr) {
			if x == ir.Expr(a) || x == ir.Expr(b) {
				found = true
			}
		})
		return found
	}
	for _, fn := range f.prog.Funcs {
		for _, blk := range fn.Blocks {
			for _, st := range blk.Stmts {
				for _, e := range ir.StmtExprs(st) {
					if names(e) {
						return true
					}
				}
			}
			for _, e := range ir.TermExprs(blk.Term) {
				if names(e) {
					return true
				}
			}
		}
	}
	return false
}

// setsField reports whether code stores a function address or a constant
// into member field of a struct strct.
func (f *facts) setsField(strct, field string) bool {
	for _, fn := range f.prog.Funcs {
		for _, blk := range fn.Blocks {
			for _, st := range blk.Stmts {
				s, ok := st.(*ir.Store)
				if !ok || s.Struct == nil || structTag(s.Struct) != strct || s.Field != field {
					continue
				}
				switch s.Val.(type) {
				case *ir.Function, *ir.Const:
					return true
				}
			}
		}
	}
	return false
}
