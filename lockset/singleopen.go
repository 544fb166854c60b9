package lockset

import (
	"fmt"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Single-open devices (Options.NoSingleOpen turns the rule off). Many
// character drivers admit one open file at a time: open takes a bit with
// test_and_set_bit and returns -EBUSY when it was set, release gives it
// back with clear_bit (drivers/watchdog's legacy drivers, watchdog_dev.c's
// _WDOG_DEV_OPEN). The VFS calls a file's other operations only between its
// ->open (that returned 0, do_dentry_open) and its ->release (__fput, after
// the last reference is gone), so while the bit is set one file is open and
// its release's code before clear_bit runs after every other operation of
// that file has returned.
//
// The bit is a read-write pseudo-lock: open takes it for writing where its
// test_and_set_bit succeeds, release holds it for writing from entry to its
// clear_bit, and every other operation of the same file_operations holds it
// for reading for its whole run. Readers share it, so two operations of the
// open file (two writes, a write and an ioctl) still race; release before
// clear_bit is ordered after them and after any other release, and open
// after its test_and_set_bit is ordered after the previous file's release
// up to its clear_bit. Release's code after clear_bit holds nothing: the
// next open may run beside it.
//
// The rule applies only where the program shows the protocol whole: the
// bit is a constant bit of an identified word (a global, or under
// one-device and lock-instances a struct field: one object per device, or
// an element of a global array indexed by the minor under one-device,
// lock-instances and lock-arrays: singleopen_minor.go);
// every return of open either holds the bit or returns a value known to be
// non-zero; open clears it only while holding it; release clears it at
// most once on every path and on some path; no other function clears or
// writes that word (other bits may be set and cleared, and its object
// freed: freeNames); and neither function is called by the driver or
// registered elsewhere.
//
// A path of release that returns without clearing the bit (watchdog_dev.c's
// watchdog_release when the device is gone, wdd == NULL) keeps the
// pseudo-lock held at its return: the bit then stays set, every later
// test_and_set_bit of it fails, so no operation of a later file runs after
// that path, and nothing after it needs ordering against one.

// singleOpenClass is the class of the single-open pseudo-locks.
const singleOpenClass = "single-open"

// entryLock is a lock an entry point holds from its entry, in a mode.
type entryLock struct {
	lock  int
	write bool
}

// setBitNames take a bit (test_and_set_bit) or only set one, never clear it.
var setBitNames = map[string]bool{
	"test_and_set_bit": true, "test_and_set_bit_lock": true, "set_bit": true, "test_bit": true,
	"_test_bit": true, "_test_bit_acquire": true, "test_bit_acquire": true, "const_test_bit": true,
	"const_test_bit_acquire": true,
}

// clearBitNames may clear a bit of their bitmap argument (argument 1).
var clearBitNames = map[string]bool{
	"clear_bit": true, "clear_bit_unlock": true, "test_and_clear_bit": true, "change_bit": true,
	"test_and_change_bit": true, "__clear_bit": true, "__change_bit": true, "__test_and_clear_bit": true,
	"__test_and_change_bit": true, "__clear_bit_unlock": true, "___clear_bit": true, "___change_bit": true,
	"___test_and_clear_bit": true, "___test_and_change_bit": true, "generic___clear_bit": true,
	"generic___change_bit": true, "generic___test_and_clear_bit": true, "generic___test_and_change_bit": true,
	"xor_unlock_is_negative_byte": true, "__set_bit": true, "___set_bit": true, "generic___set_bit": true,
	"__test_and_set_bit": true, "___test_and_set_bit": true, "generic___test_and_set_bit": true,
}

// releaseBitNames give a single-open bit back.
// (test_and_clear_bit clears it whatever it returns).
var releaseBitNames = map[string]bool{"clear_bit": true, "clear_bit_unlock": true, "test_and_clear_bit": true}

// singleOpenBit is one candidate bit: the word's target and the bit number.
type singleOpenBit struct {
	tgt *ir.Target
	bit int64
	// region is the word's region, from the bit operation's own access.
	region *ir.Region
}

func (b singleOpenBit) id() string { return fmt.Sprintf("single-open %s bit %d", b.tgt.Key, b.bit) }

// bitOf reads the bit and word of a bit operation's call.
func bitOf(c *ir.Call) (singleOpenBit, bool) {
	if len(c.Args) < 2 || len(c.ArgTargets) < 2 || c.ArgTargets[1] == nil {
		return singleOpenBit{}, false
	}
	k, ok := c.Args[0].(*ir.Const)
	t := c.ArgTargets[1]
	if !ok || !t.Exact && !t.Array || t.Key == "" {
		return singleOpenBit{}, false
	}
	return singleOpenBit{tgt: t, bit: k.Val}, true
}

// mayClear reports whether call c, of a clearing bit operation, may clear
// bit b: it names the bit or an unknown one, in the word or an unknown one.
func (b singleOpenBit) mayClear(c *ir.Call) bool {
	if len(c.Args) >= 1 && c.Callee.Name != "xor_unlock_is_negative_byte" { // its first argument is a mask
		if k, ok := c.Args[0].(*ir.Const); ok && k.Val != b.bit {
			return false
		}
	}
	if t := c.ArgTargets; len(t) >= 2 && t[1] != nil && (t[1].Exact || t[1].Array) && t[1].Key != b.tgt.Key {
		return false
	}
	return true
}

// singleOpen finds the single-open devices of the program and makes their
// bits pseudo-locks: the calls that take and give back a bit become lock
// operations, and the file's entry points hold it on entry (entryHeld).
// fields admits bits in struct fields (one-device and lock-instances).
func (f *facts) singleOpen(fields bool) {
	type fops struct {
		open, release *ir.EntryPoint
		others        []*ir.EntryPoint
	}
	byVar := map[string]*fops{}
	var vars []string
	for _, ep := range f.prog.EntryPoints {
		if ep.Struct != "file_operations" || ep.Var == "" || ep.Guessed {
			continue
		}
		fo := byVar[ep.Var]
		if fo == nil {
			fo = &fops{}
			byVar[ep.Var] = fo
			vars = append(vars, ep.Var)
		}
		switch ep.Field {
		case "open":
			fo.open = ep
		case "release":
			fo.release = ep
		default:
			fo.others = append(fo.others, ep)
		}
	}
	if f.makesFiles() {
		return
	}
	for _, v := range vars {
		fo := byVar[v]
		if fo.open == nil || fo.release == nil || !f.onlyEntry(fo.open) || !f.onlyEntry(fo.release) {
			continue
		}
		for _, b := range f.takenBits(fo.open.Func, fields) {
			stores := map[int]storeOp{} // open's and release's stores of the word (singleopen_rmw.go)
			if !f.singleOpenHolds(b, fo.open.Func, fo.release.Func, fo.others, stores) {
				continue
			}
			l := f.lock(b.id(), singleOpenClass, true)
			f.bindBit(b, l, fo.open.Func, fo.release.Func)
			f.bindWordStores(l, fo.open.Func, stores)
			f.bindWordStores(l, fo.release.Func, stores)
			f.holdSingleOpen(l, fo.release, fo.others)
		}
		f.singleOpenFlags(fo.open, fo.release, fo.others, fields)
	}
}

// holdSingleOpen makes release hold pseudo-lock l for writing from its
// entry, and the file's other operations for reading.
func (f *facts) holdSingleOpen(l int, release *ir.EntryPoint, others []*ir.EntryPoint) {
	f.entryHeld[release] = append(f.entryHeld[release], entryLock{lock: l, write: true})
	for _, ep := range others {
		f.entryHeld[ep] = append(f.entryHeld[ep], entryLock{lock: l})
	}
}

// fileMakers make a file with given file_operations without calling its
// ->open (fs/anon_inodes.c, fs/file_table.c): such a file does not hold
// the bit.
var fileMakers = map[string]bool{
	"anon_inode_getfile": true, "anon_inode_getfd": true, "anon_inode_getfile_fmode": true,
	"anon_inode_create_getfile": true, "anon_inode_create_getfd": true, "anon_inode_getfile_secure": true,
	"anon_inode_getfd_secure": true, "alloc_file_pseudo": true, "alloc_file_pseudo_noaccount": true,
	"alloc_file_clone": true, "alloc_file": true,
}

// makesFiles reports whether the driver calls a function of fileMakers.
func (f *facts) makesFiles() bool {
	for _, fn := range f.prog.Funcs {
		for _, blk := range fn.Blocks {
			for _, s := range blk.Stmts {
				if c, ok := s.(*ir.Call); ok {
					for _, t := range c.Callees() {
						if fileMakers[t.Name] {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// onlyEntry reports whether ep's function runs only as ep: no other entry
// point has it and no driver call reaches it. The front end gives the
// driver's calls of an entry point a copy of it under the same name
// (frontend/regions/split.go): a copy means the driver calls it.
func (f *facts) onlyEntry(ep *ir.EntryPoint) bool {
	if ep.Func == nil || ep.Func.External() {
		return false
	}
	for _, o := range f.prog.EntryPoints {
		if o != ep && o.Func == ep.Func {
			return false
		}
	}
	for _, fn := range f.prog.Funcs {
		if fn != ep.Func && fn.Name == ep.Func.Name && !fn.External() {
			return false
		}
		for _, c := range f.callees[fn] {
			if c == ep.Func {
				return false
			}
		}
	}
	return true
}

// takenBits lists the bits open's own body takes with test_and_set_bit,
// each once: a bit of a global, a struct field's under fields, an array
// element's indexed by the minor under fields and lock-arrays
// (singleopen_minor.go).
func (f *facts) takenBits(open *ir.Function, fields bool) []singleOpenBit {
	var out []singleOpenBit
	seen := map[string]bool{}
	for _, b := range open.Blocks {
		var word *ir.Region // of the helper access the front end puts before its call
		for _, s := range b.Stmts {
			if t, ok := s.(*ir.Touch); ok {
				word = t.Region
			}
			c, ok := s.(*ir.Call)
			if !ok {
				continue
			}
			at := word
			word = nil
			if c.Callee == nil || (c.Callee.Name != "test_and_set_bit" && c.Callee.Name != "test_and_set_bit_lock") {
				continue
			}
			bit, ok := bitOf(c)
			if !ok || at == nil || seen[bit.id()] || (!strings.HasPrefix(bit.tgt.Key, "global ") && !fields) {
				continue
			}
			if bit.tgt.Array && (!fields || !f.lockArrays || !minorIndexed(open, c.Args[1])) {
				continue
			}
			bit.region = at
			seen[bit.id()] = true
			out = append(out, bit)
		}
	}
	return out
}

// singleOpenHolds checks the protocol of bit b for open and release
// (others: the file's other operations); stores gets what open's and
// release's stores of the word do.
func (f *facts) singleOpenHolds(b singleOpenBit, open, release *ir.Function, others []*ir.EntryPoint, stores map[int]storeOp) bool {
	for _, fn := range f.prog.Funcs {
		if fn.External() {
			continue
		}
		for _, blk := range fn.Blocks {
			for _, s := range blk.Stmts {
				c, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				if c.Callee == nil {
					for _, t := range c.Targets {
						if clearBitNames[t.Name] {
							return false // a clear through a pointer: which bit, unknown
						}
					}
					continue
				}
				if !clearBitNames[c.Callee.Name] || !b.mayClear(c) {
					continue
				}
				mine, ok := bitOf(c)
				if fn != open && fn != release || !releaseBitNames[c.Callee.Name] || !ok || mine.id() != b.id() {
					return false
				}

			}
		}
	}
	return bitFlow(b, open, false, stores) && bitFlow(b, release, true, stores) &&
		!f.wordWritten(b, open, release, others, stores) &&
		(!b.tgt.Array || ownMinor(b, open) && ownMinor(b, release))
}

// wordWritten reports whether an access other than a bit operation's or a
// free's may write the word of bit b: a plain store or helper write to it,
// or an atomic write no bit operation makes. Open's and release's stores
// bitFlow admitted (stores), and the stores storeWriteOK admits, do not
// count (singleopen_rmw.go).
func (f *facts) wordWritten(b singleOpenBit, open, release *ir.Function, others []*ir.EntryPoint, stores map[int]storeOp) bool {
	plain := f.storesOf(b.region)
	for _, s := range f.sites {
		a := s.access
		if !s.write || a.Region != b.region {
			continue
		}
		if b.otherMember(a) {
			continue // another member of the struct
		}
		name, _, _ := strings.Cut(a.LValue, "(")
		if !s.plain() && (setBitNames[name] || clearBitNames[name]) {
			continue // a bit operation: singleOpenHolds read its call
		}
		if s.touch && freeNames[name] {
			continue // a free ends the object; it clears no bit of a live one
		}
		if st := plain[s.id]; st != nil && (stores[s.id] != 0 ||
			s.fn != open && s.fn != release && f.storeWriteOK(b, st, s.fn, open, release, others)) {
			continue
		}
		return true
	}
	return false
}

// freeNames free the object at one argument (devm_kfree's 1, the others'
// 0; models/helpers.go writes all of it). A free does not give the bit back to a live object: the word dies
// with it, and the next object of the type (a later device, whose bit
// kzalloc clears) is another device, which a field bit under one-device
// already counts as this one. A free while a file of the object is still
// open is a use-after-free of that file's later operations; the free's
// write still races with them (it holds no single-open bit).
var freeNames = map[string]bool{
	"kfree": true, "vfree": true, "kzfree": true, "kvfree": true, "kfree_sensitive": true, "devm_kfree": true,
}

// overlapPath reports whether member paths x and y may name overlapping
// cells: one is the other or a member or element of it.
func overlapPath(x, y string) bool {
	in := func(a, b string) bool {
		return a == b || strings.HasPrefix(a, b) && (a[len(b)] == '.' || a[len(b)] == '[')
	}
	return x == "" || y == "" || in(x, y) || in(y, x)
}

// bindBit makes the bit's test_and_set_bit calls in open acquisitions for
// writing on a zero result, and its clear_bit calls in open and release
// releases.
func (f *facts) bindBit(b singleOpenBit, l int, open, release *ir.Function) {
	for _, fn := range []*ir.Function{open, release} {
		for _, blk := range fn.Blocks {
			for _, s := range blk.Stmts {
				c, ok := s.(*ir.Call)
				if !ok || c.Callee == nil {
					continue
				}
				mine, ok := bitOf(c)
				if !ok || mine.id() != b.id() {
					continue
				}
				api := models.LockAPI{Name: c.Callee.Name, Class: singleOpenClass, Arg: 1}
				switch {
				case fn == open && (c.Callee.Name == "test_and_set_bit" || c.Callee.Name == "test_and_set_bit_lock"):
					api.Op, api.Mode, api.Cond = models.Acquire, models.Write, models.IfZero
				case releaseBitNames[c.Callee.Name]:
					api.Op = models.Release
				default:
					continue
				}
				f.callLock[c] = lockOp{api: api, lock: l}
				if f.ownLocks[fn] == nil {
					f.ownLocks[fn] = make(map[int]bool)
				}
				f.ownLocks[fn][l] = true
			}
		}
	}
}

// bitState is what bitFlow knows at a program point: whether the bit is
// held on every path (must), the variables holding an unexamined
// test_and_set_bit result of it, and the variables known to be non-zero.
type bitState struct {
	must    bool
	tas, nz map[*ir.Var]bool
	// orHeld: variables that are non-zero on every path where the bit is
	// not held (all of them while must holds): lp.c's `ret = -EBUSY; goto
	// out;` meets its success path, ret 0 with the bit held, at out.
	orHeld map[*ir.Var]bool
}

func (s bitState) clone() bitState {
	out := bitState{must: s.must, tas: map[*ir.Var]bool{}, nz: map[*ir.Var]bool{}, orHeld: map[*ir.Var]bool{}}
	for v := range s.tas {
		out.tas[v] = true
	}
	for v := range s.nz {
		out.nz[v] = true
	}
	for v := range s.orHeld {
		out.orHeld[v] = true
	}
	return out
}

// nonZeroOrHeld reports whether v is non-zero or the bit held in s.
func (s bitState) nonZeroOrHeld(v *ir.Var) bool { return s.must || s.nz[v] || s.orHeld[v] }

// give is the bit given back: only the non-zero variables stay in orHeld.
func (s *bitState) give() {
	s.must = false
	s.orHeld = map[*ir.Var]bool{}
	for v := range s.nz {
		s.orHeld[v] = true
	}
}

// meet joins the states of two paths; it reports whether s changed.
func (s *bitState) meet(o bitState) bool {
	changed := false
	if s.orHeld == nil {
		s.orHeld = map[*ir.Var]bool{}
	}
	if !s.must { // s.orHeld becomes what both paths say, from s's side
		for v := range s.orHeld {
			if !o.nonZeroOrHeld(v) {
				delete(s.orHeld, v)
				changed = true
			}
		}
	} else if !o.must { // s says every variable: o's say
		s.orHeld = map[*ir.Var]bool{}
		for _, m := range []map[*ir.Var]bool{o.nz, o.orHeld} {
			for v := range m {
				s.orHeld[v] = true
			}
		}
	}
	if !s.must {
		for v := range s.nz {
			if o.nonZeroOrHeld(v) && !s.orHeld[v] {
				s.orHeld[v] = true
				changed = true
			}
		}
	}
	if s.must && !o.must {
		s.must, changed = false, true
	}
	for _, m := range []struct{ dst, src map[*ir.Var]bool }{{s.tas, o.tas}, {s.nz, o.nz}} {
		for v := range m.dst {
			if !m.src[v] {
				delete(m.dst, v)
				changed = true
			}
		}
	}
	return changed
}

// bitFlow checks bit b's protocol in fn, path by path. In open (release
// false) the bit starts free, a test_and_set_bit takes it on the branch
// where its result is zero, a clear_bit must find it held on every path,
// and every return must hold it or return a value known to be non-zero
// (a failed open: no file). In release it starts held, must be held at
// every clear_bit (so no path clears it twice), some path must clear it,
// and nothing takes it; a return still holding it keeps the bit set for
// good (see singleOpen).
func bitFlow(b singleOpenBit, fn *ir.Function, release bool, stores map[int]storeOp) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	defs := ir.Definitions(fn)
	start := bitState{must: release, tas: map[*ir.Var]bool{}, nz: map[*ir.Var]bool{}, orHeld: map[*ir.Var]bool{}}
	cleared := false
	visit := func(blk *ir.Block, st *bitState) bool {
		for _, s := range blk.Stmts {
			held := st.must
			if w, ok := s.(*ir.Store); ok && w.Region == b.region && !b.otherMember(&w.Access) {
				if !wordStep(b, st, w, fn, defs, stores) {
					return false
				}
			} else if !bitStep(b, st, s, release) {
				return false
			}
			cleared = cleared || held && !st.must
		}
		t, ok := blk.Term.(*ir.Return)
		if !ok || release || st.must || nonZero(t.Val, *st) {
			return true
		}
		v, isVar := t.Val.(*ir.Var)
		return isVar && st.orHeld[v]
	}
	if !forwardFlow(fn.Blocks[0], start, visit, branchFacts) {
		return false
	}
	return cleared || !release
}

// bitStep applies statement s to st; false when s breaks the protocol.
func bitStep(b singleOpenBit, st *bitState, s ir.Stmt, release bool) bool {
	kill := func(v *ir.Var) {
		if v != nil {
			delete(st.tas, v)
			delete(st.nz, v)
			delete(st.orHeld, v)
		}
	}
	switch s := s.(type) {
	case *ir.Assign:
		src, isVar := s.Src.(*ir.Var)
		tas, nz := isVar && st.tas[src], isVar && st.nz[src] || nonZero(s.Src, *st)
		kill(s.Dst)
		if tas {
			st.tas[s.Dst] = true
		}
		if nz {
			st.nz[s.Dst] = true
		}
	case *ir.Havoc:
		for _, v := range s.Vars {
			kill(v)
		}
	case *ir.Load:
		kill(s.Dst)
	case *ir.Call:
		kill(s.Dst)
		if s.Callee == nil {
			return true
		}
		mine, ok := bitOf(s)
		if !ok || mine.id() != b.id() {
			return true
		}
		switch {
		case s.Callee.Name == "test_and_set_bit" || s.Callee.Name == "test_and_set_bit_lock":
			if release || s.Dst == nil {
				return false
			}
			st.tas[s.Dst] = true
		case releaseBitNames[s.Callee.Name]:
			if !st.must {
				return false
			}
			st.give()
		}
	}
	return true
}

// nonZero reports whether e is known to be non-zero in st.
func nonZero(e ir.Expr, st bitState) bool {
	switch e := e.(type) {
	case *ir.Const:
		return e.Val != 0
	case *ir.Var:
		return st.nz[e]
	}
	return false
}

// branchFacts adds what the two outcomes of a condition v OP c say: a
// test_and_set_bit result that is zero took the bit, and a variable that
// is not zero there is non-zero.
func branchFacts(cond ir.Expr, then, els *bitState) {
	if u, ok := cond.(*ir.Unary); ok && u.Op == ir.OpNot {
		branchFacts(u.X, els, then)
		return
	}
	bin, ok := cond.(*ir.Binary)
	if !ok {
		return
	}
	v, ok := bin.X.(*ir.Var)
	k, ok2 := bin.Y.(*ir.Const)
	if !ok || !ok2 || k.Unsigned {
		return
	}
	c := k.Val
	// zeroT/zeroE: v is zero on that branch; nzT/nzE: v is non-zero there.
	var zeroT, zeroE, nzT, nzE bool
	switch bin.Op {
	case ir.OpEq:
		zeroT, nzT, nzE = c == 0, c != 0, c == 0
	case ir.OpNe:
		zeroE, nzT, nzE = c == 0, c == 0, c != 0
	case ir.OpLt:
		nzT, nzE = c <= 0, c > 0
	case ir.OpLe:
		nzT, nzE = c < 0, c >= 0
	case ir.OpGt:
		nzT, nzE = c >= 0, c < 0
	case ir.OpGe:
		nzT, nzE = c > 0, c <= 0
	default:
		return
	}
	for _, x := range []struct {
		st       *bitState
		zero, nz bool
	}{{then, zeroT, nzT}, {els, zeroE, nzE}} {
		if x.zero && x.st.tas[v] {
			x.st.must = true
		}
		if x.nz {
			x.st.nz[v] = true
		}
		delete(x.st.tas, v)
	}
}
