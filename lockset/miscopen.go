package lockset

import (
	"github.com/whoopverify/whoop/ir"
)

// Misc devices' open (Options.NoMiscOpen turns the rule off). The misc
// core's misc_open (drivers/char/misc.c) is the open of every file of
// MISC_MAJOR: it takes the global misc_mtx, finds the miscdevice of the
// minor, replaces file->f_op with its fops and calls their ->open, and
// unlocks only after ->open returned. So the ->open of file_operations
// that reach the kernel only through a miscdevice run one at a time,
// whichever device and file: they hold misc_mtx, a kernel lock, for
// writing for their whole run.
//
// Applied only where the program shows the fops reach the kernel that way
// alone: the file_operations variable is named only by the .fops
// initialiser of global miscdevices (no code takes its address, so no
// cdev_init, register_chrdev, proc or debugfs file gets it), those
// miscdevices' .fops is never read by the driver, their address is passed
// only to misc_register and misc_deregister, and open is no other entry
// point's function nor called by the driver.

// miscMtx is the id of the misc core's global mutex.
const miscMtx = "misc_mtx"

// miscCalls take a miscdevice and hand its fops to nobody else.
var miscCalls = map[string]bool{"misc_register": true, "misc_deregister": true}

// miscOpen makes the open of every misc-only file_operations hold misc_mtx
// from its entry (entryHeld).
func (f *facts) miscOpen() {
	for _, ep := range f.prog.EntryPoints {
		if ep.Struct != "file_operations" || ep.Field != "open" || ep.Var == "" || ep.Guessed {
			continue
		}
		if !f.onlyEntry(ep) || !f.miscOnly(ep.Var) {
			continue
		}
		l := f.lock(miscMtx, "kernel", false)
		f.entryHeld[ep] = append(f.entryHeld[ep], entryLock{lock: l, write: true})
	}
}

// miscOnly reports whether file_operations variable v reaches the kernel
// only through the .fops of global miscdevices that only misc_register
// and misc_deregister see.
func (f *facts) miscOnly(v string) bool {
	fops := f.prog.Object(v)
	// Both must have internal linkage: another translation unit could
	// name an external fops or miscdevice and register it another way.
	if fops == nil || fops.Extern || !fops.Static {
		return false
	}
	holders := map[*ir.Object]int64{} // miscdevice -> offset of its .fops
	for _, o := range f.prog.Objects {
		for _, in := range o.Init {
			if !mentionsObject(in.Value, fops) {
				continue
			}
			if o.Kind != ir.GlobalObj || o.Extern || !o.Static || structTag(o.CType) != "miscdevice" || in.Path != ".fops" {
				return false
			}
			holders[o] = in.Offset
		}
	}
	if len(holders) == 0 {
		return false
	}
	for _, fn := range f.prog.Funcs {
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				if !f.miscStmtOK(s, fops, holders) {
					return false
				}
			}
			for _, e := range ir.TermExprs(b.Term) {
				if mentionsObject(e, fops) || mentionsAnyObject(e, holders) {
					return false
				}
			}
		}
	}
	return true
}

// miscStmtOK reports whether statement s leaves fops to the misc core: it
// does not name fops, and names a holder only as the argument of a
// miscCalls call or as the address of a load of a field other than .fops.
func (f *facts) miscStmtOK(s ir.Stmt, fops *ir.Object, holders map[*ir.Object]int64) bool {
	for _, e := range ir.StmtExprs(s) {
		if mentionsObject(e, fops) {
			return false
		}
	}
	switch s := s.(type) {
	case *ir.Call:
		if s.Callee != nil && miscCalls[s.Callee.Name] {
			for _, a := range s.Args {
				if _, ok := a.(*ir.Object); !ok && mentionsAnyObject(a, holders) {
					return false
				}
			}
			return true
		}
	case *ir.Load:
		if o, off, ok := objectOffset(s.Addr); ok {
			if fo, held := holders[o]; held {
				return off+s.Size <= fo || fo+8 <= off // the .fops pointer unread
			}
		}
	}
	for _, e := range ir.StmtExprs(s) {
		if mentionsAnyObject(e, holders) {
			return false
		}
	}
	return true
}

// objectOffset reads an address o or o+k.
func objectOffset(e ir.Expr) (*ir.Object, int64, bool) {
	switch e := e.(type) {
	case *ir.Object:
		return e, 0, true
	case *ir.Binary:
		o, ok := e.X.(*ir.Object)
		k, kok := e.Y.(*ir.Const)
		if e.Op == ir.OpAdd && ok && kok {
			return o, k.Val, true
		}
	}
	return nil, 0, false
}

// mentionsObject reports whether e names object o.
func mentionsObject(e ir.Expr, o *ir.Object) bool {
	found := false
	ir.WalkExpr(e, func(x ir.Expr) {
		if x == ir.Expr(o) {
			found = true
		}
	})
	return found
}

// mentionsAnyObject reports whether e names an object of set.
func mentionsAnyObject(e ir.Expr, set map[*ir.Object]int64) bool {
	found := false
	ir.WalkExpr(e, func(x ir.Expr) {
		if o, ok := x.(*ir.Object); ok {
			if _, in := set[o]; in {
				found = true
			}
		}
	})
	return found
}

// structTag names the struct type t is (through typedefs), or "".
func structTag(t ir.Type) string {
	if st, ok := ir.Unnamed(t).(*ir.Struct); ok && st != nil {
		if st.Tag != "" {
			return st.Tag
		}
		return st.Typedef
	}
	return ""
}
