package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Plain read-modify-writes of a single-open bit's word (lp.c: the word
// lp_table[minor].flags holds LP_BUSY, which open takes with
// test_and_set_bit, and other flags; open's error paths and release give
// LP_BUSY back with `LP_F(minor) &= ~LP_BUSY`, the ioctl sets and clears
// LP_ABORT with `|=` and `&= ~`, attach sets LP_EXIST, module init
// stores 0 before register_chrdev).
//
//   - A store `w = w & K` (the load of w just before it, same address)
//     whose constant K clears the bit gives it back, as clear_bit does: in
//     open and release, while held (bitFlow), and the pseudo-lock is
//     released just after the store, so release's load and store of the
//     word are inside it.
//   - A store `w = w | C`, or `w = w & K` whose K keeps the bit, changes
//     other bits only. Alone it leaves the bit as it was; it can undo a
//     change of the bit only by overlapping one (a lost update), which is
//     then a race on the word itself that stays reported. In open and
//     release it must hold the bit (bitFlow); in an operation of the same
//     file_operations (every entry point reaching it is one) it holds the
//     pseudo-lock for reading, so it cannot overlap a change of the bit
//     (only open past its test_and_set_bit and release before its give
//     change it, and both exclude readers; a failed test_and_set_bit
//     writes the bit's value back); elsewhere (lp.c's attach) only under
//     the single-open-rmw assumption.
//   - Any store in module init before its first call that may register
//     (a registration whoop knows, a call of a driver function or
//     through a pointer): the file_operations are not published yet, so
//     no file is open and no bit held (module init runs once, before
//     every other entry point of the module).

// storeKeeps: a store of the word that keeps the bit (a plain RMW).
const storeKeeps = storeGives + 1

// rmwEffect says what store s does to bit b: storeGives for `w = w & K`
// with the bit clear in K, storeKeeps for `w = w | C` or `w = w & K` with
// it set, 0 for anything else. The load must be the only definition of
// its variable and read the store's address with the store's size.
func rmwEffect(b singleOpenBit, s *ir.Store, defs map[*ir.Var][]ir.Stmt) storeOp {
	bin, ok := s.Val.(*ir.Binary)
	if !ok || (bin.Op != ir.OpAnd && bin.Op != ir.OpOr) || b.bit < 0 || b.bit >= 8*s.Size {
		return 0
	}
	v, ok := bin.X.(*ir.Var)
	k, ok2 := bin.Y.(*ir.Const)
	if !ok || !ok2 || len(defs[v]) != 1 {
		return 0
	}
	ld, ok := defs[v][0].(*ir.Load)
	if !ok || ld.Size != s.Size || !sameExpr(ld.Addr, s.Addr) {
		return 0
	}
	switch {
	case bin.Op == ir.OpOr:
		return storeKeeps
	case k.Val&(int64(1)<<b.bit) != 0:
		return storeKeeps
	}
	return storeGives
}

// sameExpr reports whether a and b are the same expression: the same
// variables, objects and constants under the same operators.
func sameExpr(a, b ir.Expr) bool {
	switch x := a.(type) {
	case *ir.Var:
		return x == b
	case *ir.Object:
		return x == b
	case *ir.Const:
		y, ok := b.(*ir.Const)
		return ok && *x == *y
	case *ir.Binary:
		y, ok := b.(*ir.Binary)
		return ok && x.Op == y.Op && sameExpr(x.X, y.X) && sameExpr(x.Y, y.Y)
	case *ir.Unary:
		y, ok := b.(*ir.Unary)
		return ok && x.Op == y.Op && sameExpr(x.X, y.X)
	}
	return false
}

// otherMember reports whether a is of another member of the word's struct.
func (b singleOpenBit) otherMember(a *ir.Access) bool {
	return b.tgt.Struct != nil && a.Struct == b.tgt.Struct && a.Field != "" && !overlapPath(a.Field, b.tgt.Path)
}

// storesOf maps the site of every store to region r to the store.
func (f *facts) storesOf(r *ir.Region) map[int]*ir.Store {
	out := map[int]*ir.Store{}
	for _, fn := range f.prog.Funcs {
		for _, blk := range fn.Blocks {
			for _, s := range blk.Stmts {
				if st, ok := s.(*ir.Store); ok && st.Region == r {
					out[st.Site] = st
				}
			}
		}
	}
	return out
}

// isWord reports whether store s writes bit b's word in fn: the word's
// region and member, and for an array bit the element of fn's minor.
func isWord(b singleOpenBit, fn *ir.Function, s *ir.Store) bool {
	if s.Region != b.region || s.Struct != b.tgt.Struct || b.tgt.Struct != nil && s.Field != b.tgt.Path {
		return false
	}
	return !b.tgt.Array || minorIndexed(fn, s.Addr)
}

// wordStep applies a store of bit b's word region in open or release
// (bitFlow) and records what it does in stores; false when it breaks the
// protocol: a store that is no RMW of the word, or one made while the bit
// is not held.
func wordStep(b singleOpenBit, st *bitState, s *ir.Store, fn *ir.Function, defs map[*ir.Var][]ir.Stmt, stores map[int]storeOp) bool {
	if !isWord(b, fn, s) {
		return false
	}
	op := rmwEffect(b, s, defs)
	if op == 0 || !st.must || stores[s.Site] != 0 && stores[s.Site] != op {
		return false
	}
	stores[s.Site] = op
	if op == storeGives {
		st.give()
	}
	return true
}

// storeWriteOK reports whether a store of the word region of bit b, which
// bitFlow did not see, leaves the bit alone (see above): a keeping RMW in
// an operation of the same file_operations, or anywhere under
// single-open-rmw, or any store of module init before it may register.
// A helper open or release calls is neither: bitFlow does not follow it.
func (f *facts) storeWriteOK(b singleOpenBit, s *ir.Store, fn, open, release *ir.Function, others []*ir.EntryPoint) bool {
	if f.beforeRegistration(s, fn) {
		return true
	}
	if rmwEffect(b, s, ir.Definitions(fn)) != storeKeeps || s.Region != b.region ||
		f.reaches(open, fn) || f.reaches(release, fn) {
		return false
	}
	return f.singleOpenRMW || f.onlyFrom(fn, others)
}

// onlyFrom reports whether every entry point that reaches fn is one of eps.
func (f *facts) onlyFrom(fn *ir.Function, eps []*ir.EntryPoint) bool {
	for _, ep := range f.prog.EntryPoints {
		if ep.Func == nil || !f.reaches(ep.Func, fn) {
			continue
		}
		found := false
		for _, o := range eps {
			found = found || o == ep
		}
		if !found {
			return false
		}
	}
	return true
}

// reaches reports whether fn is from (or a function it may call).
func (f *facts) reaches(from, fn *ir.Function) bool {
	for _, g := range f.reach(from) {
		if g == fn {
			return true
		}
	}
	return false
}

// beforeRegistration reports whether statement s of fn runs only in
// module init before, on every path, any call that may register
// something: s is in init's own body, or in a function whose one call in
// the program (a direct call) runs so, before such a call of its own
// (lp.c's lp_init, which lp_init_module calls).
func (f *facts) beforeRegistration(s ir.Stmt, fn *ir.Function) bool {
	return f.beforeRegistrationDepth(s, fn, 0)
}

func (f *facts) beforeRegistrationDepth(s ir.Stmt, fn *ir.Function, depth int) bool {
	if depth > 4 || len(fn.Blocks) == 0 || !firstInFunc(s, fn, f.mayRegister) {
		return false
	}
	for _, ep := range f.prog.EntryPoints {
		if ep.Func == fn {
			return ep.Role == ir.RoleInit && models.IsModuleLevel(ep) && f.onlyEntry(ep)
		}
	}
	site, caller := f.onlyCall(fn)
	return site != nil && f.beforeRegistrationDepth(site, caller, depth+1)
}

// onlyCall returns the one call of fn in the program, and its function:
// nil when fn is called at several places, through a pointer, or never.
func (f *facts) onlyCall(fn *ir.Function) (*ir.Call, *ir.Function) {
	var site *ir.Call
	var caller *ir.Function
	for _, g := range f.prog.Funcs {
		for _, blk := range g.Blocks {
			for _, x := range blk.Stmts {
				c, ok := x.(*ir.Call)
				if !ok {
					continue
				}
				for _, t := range c.Callees() {
					if t != fn {
						continue
					}
					if site != nil || c.Callee != fn {
						return nil, nil
					}
					site, caller = c, g
				}
			}
		}
	}
	return site, caller
}

// firstInFunc reports whether s runs, on every path of fn that reaches
// it, before any call for which stop holds.
func firstInFunc(s ir.Stmt, fn *ir.Function, stop func(*ir.Call) bool) bool {
	may := map[*ir.Block]bool{} // a stopping call may have run before the block
	seen := map[*ir.Block]bool{fn.Blocks[0]: true}
	work := []*ir.Block{fn.Blocks[0]}
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		cur := may[blk]
		for _, x := range blk.Stmts {
			if x == s && cur {
				return false
			}
			if c, ok := x.(*ir.Call); ok && stop(c) {
				cur = true
			}
		}
		for _, succ := range blk.Term.Succs() {
			if !seen[succ] || cur && !may[succ] {
				seen[succ] = true
				may[succ] = may[succ] || cur
				work = append(work, succ)
			}
		}
	}
	return true
}

// mayRegister reports whether call c may register something: a
// registration whoop knows, a driver function, a call through a pointer.
func (f *facts) mayRegister(c *ir.Call) bool {
	if _, ok := f.callReg[c]; ok {
		return true
	}
	if c.Callee == nil {
		return true
	}
	return !c.Callee.External()
}

// bindWordStores makes the stores that give bit b back in fn releases of
// its pseudo-lock l just after the store.
func (f *facts) bindWordStores(l int, fn *ir.Function, stores map[int]storeOp) {
	for _, blk := range fn.Blocks {
		for _, s := range blk.Stmts {
			st, ok := s.(*ir.Store)
			if !ok || stores[st.Site] != storeGives {
				continue
			}
			api := models.LockAPI{Name: "single-open clear", Class: singleOpenClass, Arg: -1, Op: models.Release}
			ops := f.storeLock[st]
			ops.after = f.flagCall(st, lockOp{api: api, lock: l})
			f.storeLock[st] = ops
			if f.ownLocks[fn] == nil {
				f.ownLocks[fn] = make(map[int]bool)
			}
			f.ownLocks[fn][l] = true
		}
	}
}
