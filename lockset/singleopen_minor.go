package lockset

import (
	"github.com/whoopverify/whoop/ir"
)

// Single-open per minor (lp.c: test_and_set_bit(LP_BUSY_BIT_POS,
// &lp_table[minor].flags), minor = iminor(inode)). The bit is then in an
// element of a global array, one element per minor, and the target of the
// bit operation is exact but for the index (ir.Target.Array). The rule
// takes the whole array's bit as one pseudo-lock, which is exact for one
// minor: open and release index the array with the minor of the inode the
// VFS passes them (do_dentry_open and __fput pass the file's f_inode to
// both), so they take and give back the same element, and under
// one-device the driver drives one device, so one minor. Two files of two
// minors hold two bits at once, which the one pseudo-lock orders: as
// lock-arrays takes an array of locks for one lock. So an array bit is a
// candidate only under one-device, lock-instances and lock-arrays, and
// only where open and release index it with their inode's minor.

// minorIndexed reports whether addr is &array[minor] plus a constant,
// where minor is the minor number of fn's inode parameter (parameter 0,
// never assigned): i_rdev loaded from it, masked with MINORMASK by
// iminor, through local copies that every definition agrees on.
func minorIndexed(fn *ir.Function, addr ir.Expr) bool {
	if len(fn.Params) == 0 {
		return false
	}
	defs := ir.Definitions(fn)
	inode := fn.Params[0]
	if len(defs[inode]) > 0 {
		return false
	}
	idx := arrayIndex(addr)
	return idx != nil && isMinor(idx, inode, defs, map[*ir.Var]bool{})
}

// arrayIndex returns v of an address &object + v*size (+ constants).
func arrayIndex(e ir.Expr) *ir.Var {
	b, ok := e.(*ir.Binary)
	if !ok || b.Op != ir.OpAdd {
		return nil
	}
	if _, k := b.Y.(*ir.Const); k {
		return arrayIndex(b.X)
	}
	if _, obj := b.X.(*ir.Object); !obj {
		return nil
	}
	m, ok := b.Y.(*ir.Binary)
	if !ok || m.Op != ir.OpMul {
		return nil
	}
	if _, k := m.Y.(*ir.Const); k {
		v, _ := m.X.(*ir.Var)
		return v
	}
	return nil
}

// isMinor reports whether every definition of v gives it the minor of
// inode: a load of inode->i_rdev, masked or copied.
func isMinor(v, inode *ir.Var, defs map[*ir.Var][]ir.Stmt, seen map[*ir.Var]bool) bool {
	if seen[v] {
		return true // a cycle of copies adds no other value
	}
	seen[v] = true
	if len(defs[v]) == 0 {
		return false
	}
	for _, d := range defs[v] {
		switch s := d.(type) {
		case *ir.Load:
			if s.Struct == nil || s.Struct.Tag != "inode" || s.Field != ".i_rdev" || offsetBase(s.Addr) != inode {
				return false
			}
		case *ir.Assign:
			src := s.Src
			if b, ok := src.(*ir.Binary); ok && b.Op == ir.OpAnd {
				if _, k := b.Y.(*ir.Const); k {
					src = b.X
				}
			}
			w, ok := src.(*ir.Var)
			if !ok || !isMinor(w, inode, defs, seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// ownMinor reports whether every operation of array bit b in fn (open or
// release) indexes the array with fn's minor.
func ownMinor(b singleOpenBit, fn *ir.Function) bool {
	for _, blk := range fn.Blocks {
		for _, s := range blk.Stmts {
			c, ok := s.(*ir.Call)
			if !ok || c.Callee == nil {
				continue
			}
			if mine, ok := bitOf(c); ok && mine.id() == b.id() && !minorIndexed(fn, c.Args[1]) {
				return false
			}
		}
	}
	return true
}
