package regions

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// A7 unpublished locals: a stack object (a local or parameter in the
// function's frame) is private to its activation until the function uses
// its address for anything but a direct access: passes it to a call,
// stores it, assigns it, compares it. Before that no other thread can hold
// a pointer to this activation's object, so the accesses that name it
// directly race with nothing, whatever region the flow-insensitive
// analysis gave the object (it may have escaped later in the function:
// struct nvmem_config cfg = {...}; devm_nvmem_register(dev, &cfg)). A
// pointer to it that some thread kept from an earlier call of the function
// points to an object whose lifetime has ended; a use of it is a use after
// return, which this rule does not report as a race.
//
// The analysis is a forward may-analysis per function over the blocks:
// the set of frame objects whose address may have been used on some path
// to the statement (loops join their back edges, so an address used in
// one iteration counts in the next). A direct access is one whose address
// is the object plus an offset that names no other object; the offset must
// be a constant inside the object, or, with the in-bounds assumption (A4),
// any integer. The touches a helper call makes come right before the call
// in the IR: they count as made during the call, so a call that uses the
// address makes its own touches of the object shared. Calls of the helper
// table's NoEscape functions and of locking functions use the address only
// during the call and keep no copy (as for the rest of the region
// analysis), unless the call returns it.

// markPrivate sets ir.Access.Private on the accesses A7 shows private.
func markPrivate(prog *ir.Program, opts Options) {
	if opts.NoUnpublishedLocals {
		return
	}
	for _, fn := range prog.Funcs {
		if len(fn.Frame) > 0 && len(fn.Blocks) > 0 {
			markPrivateIn(fn, opts)
		}
	}
}

// objSet is a set of frame objects of one function, by index in fn.Frame.
type objSet []uint64

func (s objSet) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s objSet) add(i int)      { s[i/64] |= 1 << (i % 64) }

// union adds t to s and reports whether s grew.
func (s objSet) union(t objSet) bool {
	grew := false
	for i := range s {
		if n := s[i] | t[i]; n != s[i] {
			s[i], grew = n, true
		}
	}
	return grew
}

func markPrivateIn(fn *ir.Function, opts Options) {
	index := make(map[*ir.Object]int, len(fn.Frame))
	for i, o := range fn.Frame {
		index[o] = i
	}
	words := (len(fn.Frame) + 63) / 64
	newSet := func() objSet { return make(objSet, words) }

	// Fixpoint of the used-address sets at block entry.
	in := make([]objSet, len(fn.Blocks))
	for i := range in {
		in[i] = newSet()
	}
	pos := make(map[*ir.Block]int, len(fn.Blocks))
	for i, b := range fn.Blocks {
		pos[b] = i
	}
	// Every block is visited once at least: a block whose entry set stays
	// empty still adds what it uses to its successors'.
	queued := make([]bool, len(fn.Blocks))
	work := make([]int, len(fn.Blocks))
	for i := range work {
		work[i], queued[i] = i, true
	}
	for len(work) > 0 {
		i := work[0]
		work = work[1:]
		queued[i] = false
		b := fn.Blocks[i]
		out := newSet()
		copy(out, in[i])
		walkBlock(b, index, opts, out, nil)
		for _, s := range b.Term.Succs() {
			j, ok := pos[s]
			if !ok {
				continue
			}
			if in[j].union(out) && !queued[j] {
				queued[j] = true
				work = append(work, j)
			}
		}
	}
	// Only blocks the entry reaches are marked: the fixpoint says nothing
	// of code it cannot reach, should some mechanism the edges do not show
	// reach it after all.
	reached := make([]bool, len(fn.Blocks))
	stack := []int{0}
	reached[0] = true
	for len(stack) > 0 {
		b := fn.Blocks[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		for _, s := range b.Term.Succs() {
			if j, ok := pos[s]; ok && !reached[j] {
				reached[j] = true
				stack = append(stack, j)
			}
		}
	}
	for i, b := range fn.Blocks {
		if reached[i] {
			walkBlock(b, index, opts, in[i], func(a *ir.Access) { a.Private = true })
		}
	}
}

// walkBlock runs b's statements over used (the objects whose address may
// have been used before), updating it; private, when not nil, is called
// with each direct access to an object whose address is still unused.
func walkBlock(b *ir.Block, index map[*ir.Object]int, opts Options, used objSet, private func(*ir.Access)) {
	for k, s := range b.Stmts {
		if a := ir.AccessOf(s); a != nil && private != nil && shared(a.Region) {
			if i, ok := directAccess(a, index, opts); ok && !used.has(i) && !touchOfUsingCall(b.Stmts, k, i, index) {
				private(a)
			}
		}
		usedBy(s, index, func(i int) { used.add(i) })
	}
	for _, e := range ir.TermExprs(b.Term) {
		objectsIn(e, index, func(i int) { used.add(i) })
	}
}

// shared reports whether r may be seen by several threads: only there is
// Private news.
func shared(r *ir.Region) bool { return r != nil && !r.ThreadLocal && !r.ReadOnly }

// touchOfUsingCall reports whether statement k is one of the touches of the
// helper call right after them (same position) and that call uses the
// address of frame object i.
func touchOfUsingCall(stmts []ir.Stmt, k, i int, index map[*ir.Object]int) bool {
	c, ok := callOfTouch(stmts, k)
	if !ok {
		return false
	}
	uses := false
	usedBy(c, index, func(o int) { uses = uses || o == i })
	return uses
}

// callOfTouch returns the helper call whose memory effects statement k
// belongs to: k and the statements up to the call are Touches at the
// call's position (a helper's effects are lowered as Touches just before
// it).
func callOfTouch(stmts []ir.Stmt, k int) (*ir.Call, bool) {
	t, ok := stmts[k].(*ir.Touch)
	if !ok {
		return nil, false
	}
	for j := k + 1; j < len(stmts); j++ {
		switch s := stmts[j].(type) {
		case *ir.Touch:
			continue
		case *ir.Call:
			return s, s.P == t.P
		}
		return nil, false
	}
	return nil, false
}

// directAccess returns the frame object that access a names directly: its
// address is the object plus an offset that mentions no other object and
// keeps the access inside it (A4 for an offset or a length that is not a
// constant).
func directAccess(a *ir.Access, index map[*ir.Object]int, opts Options) (int, bool) {
	o, off, ok := objectOffset(a.Addr)
	if !ok {
		return 0, false
	}
	i, ok := index[o]
	if !ok || o.Kind != ir.LocalObj {
		return 0, false
	}
	start := int64(0)
	if off != nil {
		c, isConst := off.(*ir.Const)
		if !isConst {
			return i, !opts.NoBoundsAssumption
		}
		start = c.Val
	}
	n := a.Size
	if a.Len != nil {
		c, isConst := a.Len.(*ir.Const)
		if !isConst {
			return i, !opts.NoBoundsAssumption && start >= 0
		}
		n = c.Val
	}
	if n < 0 || o.Bytes < 0 {
		// An unknown length, or an object of unknown size.
		return i, !opts.NoBoundsAssumption && start >= 0
	}
	return i, start >= 0 && start+n <= o.Bytes
}

// objectOffset splits addr into a frame object and an offset expression
// (nil for none) that mentions no object or function.
func objectOffset(addr ir.Expr) (*ir.Object, ir.Expr, bool) {
	switch e := addr.(type) {
	case *ir.Object:
		return e, nil, true
	case *ir.Binary:
		if e.Op != ir.OpAdd {
			return nil, nil, false
		}
		if o, ok := e.X.(*ir.Object); ok && !mentionsAddress(e.Y) {
			return o, e.Y, true
		}
		if o, ok := e.Y.(*ir.Object); ok && !mentionsAddress(e.X) {
			return o, e.X, true
		}
		for _, xy := range [2][2]ir.Expr{{e.X, e.Y}, {e.Y, e.X}} {
			if o, off, ok := objectOffset(xy[0]); ok && !mentionsAddress(xy[1]) {
				if off == nil {
					return o, xy[1], true
				}
				return o, ir.Bin(ir.OpAdd, off, xy[1]), true
			}
		}
	}
	return nil, nil, false
}

// mentionsAddress reports whether e contains an object's or function's
// address.
func mentionsAddress(e ir.Expr) bool {
	found := false
	ir.WalkExpr(e, func(x ir.Expr) {
		switch x.(type) {
		case *ir.Object, *ir.Function:
			found = true
		}
	})
	return found
}

// objectsIn calls f with the index of every frame object whose address
// appears in e.
func objectsIn(e ir.Expr, index map[*ir.Object]int, f func(int)) {
	ir.WalkExpr(e, func(x ir.Expr) {
		if o, ok := x.(*ir.Object); ok {
			if i, ok := index[o]; ok {
				f(i)
			}
		}
	})
}

// usedBy calls f with every frame object whose address s uses other than
// as the address of its own direct access.
func usedBy(s ir.Stmt, index map[*ir.Object]int, f func(int)) {
	switch s := s.(type) {
	case *ir.Load, *ir.Store, *ir.Touch:
		a := ir.AccessOf(s)
		if _, _, ok := objectOffset(a.Addr); !ok {
			// Otherwise the address only locates this access.
			objectsIn(a.Addr, index, f)
		}
		if a.Len != nil {
			objectsIn(a.Len, index, f)
		}
		if st, ok := s.(*ir.Store); ok {
			objectsIn(st.Val, index, f)
		}
	case *ir.Call:
		if keepsNoAddress(s) {
			return
		}
		for _, e := range ir.StmtExprs(s) {
			objectsIn(e, index, f)
		}
	default:
		for _, e := range ir.StmtExprs(s) {
			objectsIn(e, index, f)
		}
	}
}

// keepsNoAddress reports whether call s uses its pointer arguments only
// during the call: a NoEscape helper or a locking function of the models
// tables whose result is unused or not one of its arguments, and not one
// that links its argument into a kernel list (linksArgument).
func keepsNoAddress(s *ir.Call) bool {
	if s.Callee == nil || !s.Callee.External() || linksArgument[s.Callee.Name] || !models.KeepsNoPointer(s.Callee.Name) {
		return false
	}
	h, known := models.HelperFor(s.Callee.Name)
	return s.Dst == nil || !known || h.Returns != models.ReturnsArg
}

// linksArgument holds the NoEscape helpers that link a caller's wait queue
// entry into a queue head other threads walk (a waker reads the entry and
// may unlink it) until remove_wait_queue or finish_wait: for A7 the
// entry's address is used there. The region analysis still takes their
// NoEscape rows at their word: a queued entry is thread-local there unless
// other flow shares it.
var linksArgument = map[string]bool{
	"add_wait_queue": true, "add_wait_queue_exclusive": true,
	"prepare_to_wait": true, "prepare_to_wait_exclusive": true, "prepare_to_wait_event": true,
}
