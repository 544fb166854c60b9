package explore

import (
	"math/big"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// The strict check's calls, terminators, expressions, atomics and locks.

func (c *checker) call(th *sThread, f *sFrame, st *ir.Call, vals *valueQueue) error {
	args := make([]*big.Int, len(st.Args))
	for i, e := range st.Args {
		v, err := c.eval(f, e, st.P)
		if err != nil {
			return err
		}
		args[i] = v
	}
	callee := st.Callee
	if callee == nil {
		fn, err := c.eval(f, st.Fn, st.P)
		if err != nil {
			return err
		}
		if fn.IsInt64() {
			callee = c.byAddr[fn.Int64()]
		}
		if callee != nil && !contains(st.Targets, callee) {
			return rejectf(st.P, "an indirect call reaches %s, none of its targets", callee.Name)
		}
	}
	switch {
	case callee == nil:
		return c.result(th, f, st, nil, vals) // a function of the kernel's
	case !callee.External():
		th.pending = &sCall{fn: callee, args: args, dst: st.Dst}
		if st.Dst != nil && callee.Ret == nil {
			return rejectf(st.P, "the value of void %s is used", callee.Name)
		}
		return nil
	}
	if api, ok := models.Lock(callee.Name); ok {
		return c.lock(th, f, st, api, args, vals)
	}
	if err := c.proto.call(c, th, st, callee, args); err != nil {
		return err
	}
	h, _ := models.HelperFor(callee.Name)
	if site := c.atomicSite(f.fn, st); site != nil && st.Callee != nil {
		if site.at == st {
			addr := args[site.api.Cell]
			if addr.Cmp(big.NewInt(nullPage)) < 0 {
				th.done = true
				return nil
			}
			if err := c.atomic(th, f, site, addr, site.region(), site.api.Mode(), vals, st.P); err != nil {
				return err
			}
		}
		if st.Dst != nil {
			ret, ok := th.atomicRet[st]
			delete(th.atomicRet, st)
			if !ok {
				return c.result(th, f, st, callee, vals)
			}
			if site.api.SizeArg >= 0 {
				ret = fitTo(ret, st.Dst.CType)
			}
			got, err := vals.next(callee.Name + "'s result")
			if err != nil {
				return err
			}
			if got.Cmp(ret) != 0 {
				return rejectf(st.P, "%s returns %s in the trace, %s as the kernel runs it", callee.Name, got, ret)
			}
			if !fits(ret, st.Dst.CType) {
				return rejectf(st.P, "%s returns %s, no %s", callee.Name, ret, st.Dst.CType)
			}
			f.vars[st.Dst] = ret
		}
	} else {
		switch {
		case h.Returns == models.ReturnsFresh && st.Dst != nil:
			p, err := vals.next(callee.Name + "'s result")
			if err != nil {
				return err
			}
			if p.Sign() != 0 {
				if err := c.fresh(p, allocSize(callee.Name, args), zeroingAllocator[callee.Name], st.P, callee.Name+"'s object"); err != nil {
					return err
				}
			}
			f.vars[st.Dst] = p
		case h.Returns == models.ReturnsArg && st.Dst != nil && h.RetArg < len(args):
			if err := c.assign(f, st.Dst, args[h.RetArg], vals, st.P); err != nil {
				return err
			}
		case st.Dst != nil:
			if err := c.result(th, f, st, callee, vals); err != nil {
				return err
			}
		}
	}
	if callee.NoReturn || h.NoReturn {
		th.done = true
	}
	return nil
}

func (q *valueQueue) peek() string {
	if len(q.vs) == 0 || q.vs[0] == nil {
		return "nothing"
	}
	return q.vs[0].String()
}

func contains(fs []*ir.Function, f *ir.Function) bool {
	for _, g := range fs {
		if g == f {
			return true
		}
	}
	return false
}

// zeroingAllocator: the allocation starts all zero.
var zeroingAllocator = map[string]bool{
	"kzalloc": true, "kcalloc": true, "vzalloc": true, "devm_kzalloc": true, "kmem_cache_zalloc": true,
	"get_zeroed_page": true, "kvzalloc": true, "kvcalloc": true, "kzalloc_node": true, "devm_kcalloc": true,
	"dma_zalloc_coherent": true, "kzalloc_noprof": true, "kcalloc_noprof": true, "kvzalloc_noprof": true,
}

// result takes what the environment returns from an unknown or external
// function f (nil: through a pointer the trace does not resolve): a value
// of the result's type, of a hardware read's width.
func (c *checker) result(th *sThread, f *sFrame, st *ir.Call, fn *ir.Function, vals *valueQueue) error {
	if st.Dst == nil {
		return nil
	}
	v, err := vals.next("a result")
	if err != nil {
		return err
	}
	if bits := resultBits(fn); bits > 0 && (v.Sign() < 0 || v.BitLen() > bits) {
		return rejectf(st.P, "%s returns %s, wider than its %d bits", fn.Name, v, bits)
	}
	if st.Dst.Kind == ir.Bool && v.Sign() != 0 && v.Cmp(big.NewInt(1)) != 0 || !fits(v, st.Dst.CType) {
		return rejectf(st.P, "a call returns %s, no %s", v, st.Dst.CType)
	}
	f.vars[st.Dst] = v
	return nil
}

func (c *checker) atomicSite(fn *ir.Function, st ir.Stmt) *atomicSite {
	if c.proto.atomics == nil {
		c.proto.atomics = make(map[*ir.Function]map[ir.Stmt]*atomicSite)
	}
	m, ok := c.proto.atomics[fn]
	if !ok {
		m = atomicSites(fn)
		c.proto.atomics[fn] = m
	}
	return m[st]
}

// atomic runs an atomic or bit operation on its cell, as the kernel does,
// and compares with the trace's cell and value.
func (c *checker) atomic(th *sThread, f *sFrame, site *atomicSite, addr *big.Int, reg *ir.Region, mode ir.AccessMode, vals *valueQueue, pos ir.Pos) error {
	api := site.api
	args := make([]*big.Int, len(site.call.Args))
	for i, e := range site.call.Args {
		v, err := c.eval(f, e, pos)
		if err != nil {
			return err
		}
		args[i] = v
	}
	opnd := func(o models.Operand) *big.Int {
		if o.Arg < 0 {
			return big.NewInt(o.Const)
		}
		if o.Arg < len(args) {
			return args[o.Arg]
		}
		return new(big.Int)
	}
	v, w := opnd(api.V), opnd(api.W)
	bytes := api.Bytes
	if api.SizeArg >= 0 {
		bytes = 8
		if api.SizeArg < len(args) && args[api.SizeArg].IsInt64() && args[api.SizeArg].Int64() > 0 && args[api.SizeArg].Int64() <= 8 {
			bytes = args[api.SizeArg].Int64()
		}
	}
	cell := addr
	if api.Op >= models.AtomicBitSet {
		if v.Sign() < 0 {
			return rejectf(pos, "%s of bit %s", site.call.Callee.Name, v)
		}
		cell = new(big.Int).Add(addr, new(big.Int).Lsh(new(big.Int).Rsh(v, 6), 3))
	}
	cellT := &ir.Basic{Kind: ir.Integer, Name: "the operation's cell", Bytes: bytes, Signed: site.signed()}
	name := site.call.Callee.Name
	gotWord, err := vals.next(name + "'s cell")
	if err != nil {
		return err
	}
	gotOld, err := vals.next(name + "'s old value")
	if err != nil {
		return err
	}
	gotNext, err := vals.next(name + "'s new value")
	if err != nil {
		return err
	}
	if gotWord.Cmp(cell) != 0 {
		return rejectf(pos, "%s updates the cell at %s in the trace, at %s as the kernel runs it", name, gotWord, cell)
	}
	old, err := c.read(cell, bytes, cellT, gotOld, pos, name+"'s cell")
	if err != nil {
		return err
	}
	// A set uses nothing of what the cell held: the trace may have it
	// wrong (the explorer's memory of a zeroed allocation is arbitrary).
	if old.Cmp(gotOld) != 0 && api.Op != models.AtomicSet {
		return rejectf(pos, "%s finds %s in its cell in the trace, %s under C's semantics", name, gotOld, old)
	}
	next, ret := kernelAtomic(api, old, v, w, int(bytes*8), site.signed())
	if next.Cmp(gotNext) != 0 {
		return rejectf(pos, "%s leaves %s in its cell in the trace, %s as the kernel runs it (it held %s)", name, gotNext, next, old)
	}
	c.access(th, cell, false, mode)
	if api.Op != models.AtomicRead && api.Op != models.AtomicBitTest {
		c.mem[cell.String()] = next
		c.access(th, cell, true, mode)
	}
	if ret != nil {
		th.atomicRet[site.call] = ret
	}
	return nil
}

// kernelAtomic is what an atomic or bit operation leaves in its cell,
// which held old, and what it returns (nil: nothing), as the kernel's
// implementations do (arch/x86/include/asm/atomic.h, bitops.h;
// include/linux/atomic/atomic-arch-fallback.h for add_unless and
// dec_if_positive).
func kernelAtomic(api models.AtomicAPI, old, v, w *big.Int, bits int, signed bool) (next, ret *big.Int) {
	b := func(x bool) *big.Int {
		if x {
			return big.NewInt(1)
		}
		return new(big.Int)
	}
	cut := func(x *big.Int) *big.Int { return ir.WrapValue(x, bits, signed) }
	if api.Op >= models.AtomicBitSet {
		bit := uint(new(big.Int).Rem(v, big.NewInt(64)).Int64())
		mask := new(big.Int).Lsh(big.NewInt(1), bit)
		was := new(big.Int).And(old, mask).Sign() != 0
		switch api.Op {
		case models.AtomicBitSet:
			next = new(big.Int).Or(old, mask)
		case models.AtomicBitClear:
			next = new(big.Int).AndNot(old, mask)
		case models.AtomicBitChange:
			next = new(big.Int).Xor(old, mask)
		default:
			next = old
		}
		if api.Result == models.ResultBit {
			ret = b(was)
		}
		return next, ret
	}
	if api.Neg {
		v = new(big.Int).Neg(v)
	}
	if api.SizeArg >= 0 {
		v, w = cut(v), cut(w)
	}
	changed := true
	switch api.Op {
	case models.AtomicRead:
		next = old
	case models.AtomicSet, models.AtomicXchg:
		next = v
	case models.AtomicAdd:
		next = cut(new(big.Int).Add(old, v))
	case models.AtomicAnd:
		next = cut(new(big.Int).And(old, v))
	case models.AtomicOr:
		next = cut(new(big.Int).Or(old, v))
	case models.AtomicXor:
		next = cut(new(big.Int).Xor(old, v))
	case models.AtomicAndNot:
		next = cut(new(big.Int).AndNot(old, v))
	case models.AtomicCmpxchg:
		next = old
		if old.Cmp(v) == 0 {
			next = w
		}
	case models.AtomicAddUnless:
		changed = old.Cmp(w) != 0
	case models.AtomicIncUnlessNeg:
		changed, v = old.Sign() >= 0, big.NewInt(1)
	case models.AtomicDecUnlessPos:
		changed, v = old.Sign() <= 0, big.NewInt(-1)
	case models.AtomicDecIfPositive:
		changed, v = old.Sign() > 0, big.NewInt(-1)
	}
	if next == nil {
		next = old
		if changed {
			next = cut(new(big.Int).Add(old, v))
		}
	}
	switch api.Result {
	case models.ResultOld:
		ret = old
	case models.ResultNew:
		ret = next
	case models.ResultZero:
		ret = b(next.Sign() == 0)
	case models.ResultNegative:
		ret = b(next.Sign() < 0)
	case models.ResultDone:
		ret = b(changed)
	case models.ResultOldMinus:
		ret = cut(new(big.Int).Sub(old, big.NewInt(1)))
	}
	return next, ret
}

// lock runs a locking call on the checker's own lock table: an acquire
// needs the lock free (or held for reading, by a reader), a trylock that
// the trace lets succeed too.
func (c *checker) lock(th *sThread, f *sFrame, st *ir.Call, api models.LockAPI, args []*big.Int, vals *valueQueue) error {
	key := "global " + api.Global
	if api.Arg >= 0 {
		if api.Arg >= len(args) {
			return rejectf(st.P, "%s without its lock", api.Name)
		}
		key = args[api.Arg].String()
	}
	if c.sems[st] {
		if api.Op == models.Acquire {
			return rejectf(st.P, "%s passes a semaphore the explorer does not model", api.Name)
		}
		return c.result(th, f, st, nil, vals)
	}
	cell := c.locks[key]
	if cell == nil {
		cell = new(big.Int)
	}
	free := cell.Sign() == 0
	taken := big.NewInt(-1)
	if api.Mode == models.Read {
		free = cell.Sign() >= 0
		taken = new(big.Int).Add(cell, big.NewInt(1))
	}
	switch api.Op {
	case models.Acquire:
		ok := true
		if api.Cond != models.Always {
			v, err := vals.next(api.Name + "'s result")
			if err != nil {
				return err
			}
			ok = v.Sign() == 0
			if api.Cond == models.IfNonZero {
				ok = !ok
			}
			if st.Dst != nil {
				if !fits(v, st.Dst.CType) {
					return rejectf(st.P, "%s returns %s, no %s", api.Name, v, st.Dst.CType)
				}
				f.vars[st.Dst] = v
			}
		} else if err := c.result(th, f, st, nil, vals); err != nil {
			return err
		}
		if ok && !free {
			return rejectf(st.P, "%s takes a lock that is held", api.Name)
		}
		if ok {
			c.locks[key] = taken
		}
		return nil
	case models.Release:
		next := new(big.Int)
		if cell.Sign() > 0 {
			next.Sub(cell, big.NewInt(1))
		}
		c.locks[key] = next
	case models.Downgrade:
		if cell.Cmp(big.NewInt(-1)) == 0 {
			c.locks[key] = big.NewInt(1)
		}
	}
	return c.result(th, f, st, nil, vals)
}

func (c *checker) term(th *sThread, ev traceEvent) error {
	pos := ev.block.Term.Pos()
	f, err := c.top(th, pos)
	if err != nil {
		return err
	}
	if f.block != ev.block || f.next != len(f.block.Stmts) {
		return rejectf(pos, "the trace leaves a block of %s the program is not at the end of", f.fn.Name)
	}
	switch t := f.block.Term.(type) {
	case *ir.Jump:
		f.block, f.next = t.Target, 0
	case *ir.If:
		v, err := c.eval(f, t.Cond, t.P)
		if err != nil {
			return err
		}
		to := t.Else
		if v.Sign() != 0 {
			to = t.Then
		}
		if to != ev.to {
			return rejectf(t.P, "the condition is %v under C's semantics: the trace takes the other branch", v.Sign() != 0)
		}
		f.block, f.next = to, 0
	case *ir.Return:
		var v *big.Int
		vals := &valueQueue{vs: ev.vals, pos: t.P}
		if t.Val != nil {
			if v, err = c.eval(f, t.Val, t.P); err != nil {
				return err
			}
			if got, err := vals.next("the returned value"); err != nil || got.Cmp(v) != 0 {
				return rejectf(t.P, "%s returns %s in the trace, %s under C's semantics", f.fn.Name, vals.peek(), v)
			}
		} else if f.fn.Ret != nil {
			if v, err = vals.next("the returned value"); err != nil {
				return err
			}
		}
		if f.fn.Ret != nil && v != nil && !fits(v, f.fn.Ret.CType) {
			return rejectf(t.P, "%s returns %s, no %s", f.fn.Name, v, f.fn.Ret.CType)
		}
		th.stack = th.stack[:len(th.stack)-1]
		if len(th.stack) == 0 {
			if th.opener != nil {
				return c.opened(th, v)
			}
			th.running = false
			return c.proto.finish(th, v)
		}
		if f.dst != nil && v != nil {
			th.stack[len(th.stack)-1].vars[f.dst] = v
		}
	default:
		th.done = true
	}
	return nil
}

// eval evaluates e in activation f (nil: globals only) with C's
// semantics as the program spells them: mathematical operations, the
// wrap operators where C converts or overflows, truncating division.
func (c *checker) eval(f *sFrame, e ir.Expr, pos ir.Pos) (*big.Int, error) {
	switch e := e.(type) {
	case *ir.Const:
		if e.Unsigned {
			return new(big.Int).SetUint64(uint64(e.Val)), nil
		}
		return big.NewInt(e.Val), nil
	case *ir.BoolConst:
		if e.Val {
			return big.NewInt(1), nil
		}
		return new(big.Int), nil
	case *ir.Var:
		if f != nil {
			if v, ok := f.vars[e]; ok {
				return v, nil
			}
		}
		return nil, rejectf(pos, "%s is read before it is set", varName(e))
	case *ir.Object:
		if f != nil {
			if v, ok := f.frame[e]; ok {
				return v, nil
			}
		}
		if v, ok := c.l.objs[e]; ok {
			return v, nil
		}
		return nil, rejectf(pos, "%s has no address", e.Name)
	case *ir.Function:
		if v, ok := c.l.funcs[e]; ok {
			return big.NewInt(v), nil
		}
		return nil, rejectf(pos, "%s has no address", e.Name)
	case *ir.Ite:
		cond, err := c.eval(f, e.Cond, pos)
		if err != nil {
			return nil, err
		}
		if cond.Sign() != 0 {
			return c.eval(f, e.Then, pos)
		}
		return c.eval(f, e.Else, pos)
	case *ir.Unary:
		x, err := c.eval(f, e.X, pos)
		if err != nil {
			return nil, err
		}
		switch e.Op {
		case ir.OpNeg:
			return new(big.Int).Neg(x), nil
		case ir.OpBitNot:
			return new(big.Int).Not(x), nil
		case ir.OpNot:
			return boolInt(x.Sign() == 0), nil
		}
		if bits, signed, ok := e.Op.Wrap(); ok {
			return ir.WrapValue(x, bits, signed), nil
		}
	case *ir.Binary:
		return c.binary(f, e, pos)
	}
	return nil, rejectf(pos, "an expression the check cannot evaluate (%T)", e)
}

func (c *checker) binary(f *sFrame, e *ir.Binary, pos ir.Pos) (*big.Int, error) {
	x, err := c.eval(f, e.X, pos)
	if err != nil {
		return nil, err
	}
	switch {
	case e.Op == ir.OpLAnd && x.Sign() == 0:
		return new(big.Int), nil
	case e.Op == ir.OpLOr && x.Sign() != 0, e.Op == ir.OpImplies && x.Sign() == 0:
		return big.NewInt(1), nil
	}
	y, err := c.eval(f, e.Y, pos)
	if err != nil {
		return nil, err
	}
	z := new(big.Int)
	switch e.Op {
	case ir.OpAdd:
		return z.Add(x, y), nil
	case ir.OpSub:
		return z.Sub(x, y), nil
	case ir.OpMul:
		return z.Mul(x, y), nil
	case ir.OpDiv, ir.OpRem:
		if y.Sign() == 0 {
			return nil, rejectf(pos, "a division by zero")
		}
		if e.Op == ir.OpDiv {
			return z.Quo(x, y), nil
		}
		return z.Rem(x, y), nil
	case ir.OpAnd:
		return z.And(x, y), nil
	case ir.OpOr:
		return z.Or(x, y), nil
	case ir.OpXor:
		return z.Xor(x, y), nil
	case ir.OpShl, ir.OpShr:
		if !y.IsInt64() || y.Int64() < 0 || y.Int64() > 63 {
			return nil, rejectf(pos, "a shift by %s", y)
		}
		if e.Op == ir.OpShl {
			return z.Lsh(x, uint(y.Int64())), nil
		}
		return z.Rsh(x, uint(y.Int64())), nil
	}
	cmp := x.Cmp(y)
	switch e.Op {
	case ir.OpEq:
		return boolInt(cmp == 0), nil
	case ir.OpNe:
		return boolInt(cmp != 0), nil
	case ir.OpLt:
		return boolInt(cmp < 0), nil
	case ir.OpLe:
		return boolInt(cmp <= 0), nil
	case ir.OpGt:
		return boolInt(cmp > 0), nil
	case ir.OpGe:
		return boolInt(cmp >= 0), nil
	case ir.OpLAnd, ir.OpLOr, ir.OpImplies:
		return boolInt(y.Sign() != 0), nil
	}
	return nil, rejectf(pos, "an operator the check does not know (%s)", e.Op)
}

// raceHolds checks the race the replay reports: the thread's last
// statement accessed the cell, and the other thread wrote it after that
// (one of the two accesses plain), with no lock the checker saw held by
// both.
func (c *checker) raceHolds() error {
	r := c.l.race
	if r == nil {
		return &rejection{msg: "the trace reaches no failing race check"}
	}
	a := c.threads[r.thread]
	if a == nil {
		return &rejection{msg: "the racing thread never ran"}
	}
	var mine *sAccess
	for i := range a.accesses {
		if a.accesses[i].addr.Cmp(r.addr) == 0 {
			mine = &a.accesses[i]
		}
	}
	if mine == nil {
		return &rejection{msg: "the racing thread's last statement does not access the racing cell"}
	}
	for _, w := range c.writes {
		if w.thread != r.thread && w.thread != initThread && w.event > a.last && w.addr.Cmp(r.addr) == 0 && (mine.plain || w.plain) {
			return nil
		}
	}
	return &rejection{msg: "the other thread writes the racing cell at no point after the access"}
}

// allocSize is the size of the object allocator name returns given args:
// its size argument (times the count of an array allocator), else the
// room the replay gives every allocation (allocStride).
func allocSize(name string, args []*big.Int) int64 {
	arg := func(i int) int64 {
		if i < len(args) && args[i].IsInt64() && args[i].Int64() > 0 && args[i].Int64() < allocStride {
			return args[i].Int64()
		}
		return 0
	}
	name = strings.TrimSuffix(name, "_noprof")
	var n int64
	switch name {
	case "kmalloc", "kzalloc", "vmalloc", "vzalloc", "kvmalloc", "kvzalloc", "kmalloc_node", "kzalloc_node":
		n = arg(0)
	case "devm_kzalloc", "devm_kmalloc":
		n = arg(1)
	case "kcalloc", "kmalloc_array", "kvcalloc", "kvmalloc_array":
		n = arg(0) * arg(1)
	case "devm_kcalloc", "devm_kmalloc_array":
		n = arg(1) * arg(2)
	}
	if n <= 0 || n > allocStride {
		return allocStride
	}
	return n
}
