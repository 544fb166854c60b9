package explore

import (
	"math/big"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Atomic operations and bit operations run with their values
// (models.Atomic): the call's read-modify-write of its cell happens at
// one point, where its write access is (the helper's Touch that writes
// the cell, else the one that reads it, else the call itself), so
// nothing comes between its read and its write, and the call then
// returns what the operation computed there. Before, their results were
// arbitrary and the bytes they wrote too: machzwd's zf_open passed
// test_and_set_bit on a set bit.

// atomicSite is one call of an atomic operation and where its effect is.
type atomicSite struct {
	call *ir.Call
	api  models.AtomicAPI
	// at is the statement where the operation reads and writes its cell:
	// a Touch before the call, or the call.
	at ir.Stmt
}

// atomicSites maps each atomic call of f, and the statement where its
// effect is, to the site.
func atomicSites(f *ir.Function) map[ir.Stmt]*atomicSite {
	var out map[ir.Stmt]*atomicSite
	for _, b := range f.Blocks {
		for i, st := range b.Stmts {
			call, ok := st.(*ir.Call)
			if !ok || call.Callee == nil || !call.Callee.External() {
				continue
			}
			api, ok := models.Atomic(call.Callee.Name)
			if !ok || api.Cell >= len(call.Args) {
				continue
			}
			site := &atomicSite{call: call, api: api, at: call}
			cell := ir.ExprString(call.Args[api.Cell])
			var read ir.Stmt
			for j := i - 1; j >= 0; j-- {
				t, ok := b.Stmts[j].(*ir.Touch)
				if !ok {
					break
				}
				if ir.ExprString(t.Addr) != cell {
					continue
				}
				if t.Write && site.at == call {
					site.at = t
				}
				if !t.Write && read == nil {
					read = t
				}
			}
			if site.at == call && read != nil {
				site.at = read
			}
			if out == nil {
				out = make(map[ir.Stmt]*atomicSite)
			}
			out[call] = site
			out[site.at] = site
		}
	}
	return out
}

// region is the region of the operation's cell.
func (a *atomicSite) region() *ir.Region {
	if t, ok := a.at.(*ir.Touch); ok {
		return t.Region
	}
	if a.api.Cell < len(a.call.ArgTargets) && a.call.ArgTargets[a.api.Cell] != nil {
		return a.call.ArgTargets[a.api.Cell].Region
	}
	return nil
}

// bytes is the cell's width (the size argument of __xchg, a constant).
func (a *atomicSite) bytes() int64 {
	if a.api.SizeArg >= 0 && a.api.SizeArg < len(a.call.Args) {
		if c, ok := a.call.Args[a.api.SizeArg].(*ir.Const); ok && c.Val > 0 && c.Val <= 8 {
			return c.Val
		}
		return 8
	}
	return a.api.Bytes
}

// signed: the cell holds a signed integer (an atomic_t's int; for an
// exchange on any scalar, the region's type says).
func (a *atomicSite) signed() bool {
	if a.api.SizeArg < 0 {
		return a.api.Signed
	}
	if r := a.region(); r != nil {
		if b, ok := ir.Unnamed(typeOr(r.Type)).(*ir.Basic); ok && b.Kind == ir.Integer {
			return b.Signed
		}
	}
	return false
}

// isBit reports whether the operation is on a bit of a bitmap.
func (a *atomicSite) isBit() bool { return a.api.Op >= models.AtomicBitSet }

// writes reports whether the operation may write its cell.
func (a *atomicSite) writes() bool {
	return a.api.Op != models.AtomicRead && a.api.Op != models.AtomicBitTest
}

// operand returns operand o of the call (args are its clone's or
// replay's values), or nil when the call lacks it.
func operandExpr(o models.Operand, args []ir.Expr) ir.Expr {
	if o.Arg < 0 {
		return ir.IntConst(o.Const)
	}
	if o.Arg < len(args) {
		return args[o.Arg]
	}
	return nil
}

// atomicExprs encodes the operation on old, the cell's value: the value
// it leaves in the cell and what it returns (nil for void). args are the
// call's arguments in the clone; for a bit operation, old is the word
// holding the bit.
func (a *atomicSite) atomicExprs(old ir.Expr, args []ir.Expr) (next, ret ir.Expr, ok bool) {
	api := a.api
	v, w := operandExpr(api.V, args), operandExpr(api.W, args)
	if v == nil && api.V.Arg >= 0 || w == nil && api.W.Arg >= 0 {
		return nil, nil, false
	}
	bits, signed := int(a.bytes()*8), a.signed()
	wrap := func(e ir.Expr) ir.Expr { return ir.Wrap(e, bits, signed) }
	one := ir.IntConst(1)
	if a.isBit() {
		// The bit's mask in its word: 1 << (nr & 63); bitv is old & mask.
		var mask ir.Expr = ir.Bin(ir.OpShl, one, ir.Bin(ir.OpAnd, v, ir.IntConst(63)))
		if c, isConst := v.(*ir.Const); isConst && !c.Unsigned && c.Val >= 0 {
			mask = constOf(new(big.Int).Lsh(big.NewInt(1), uint(c.Val%64)))
		}
		bitv := ir.Bin(ir.OpAnd, old, mask)
		set := ir.Bin(ir.OpNe, bitv, ir.IntConst(0))
		switch api.Op {
		case models.AtomicBitSet:
			next = &ir.Ite{Cond: set, Then: old, Else: ir.Bin(ir.OpAdd, old, mask)}
		case models.AtomicBitClear:
			next = ir.Bin(ir.OpSub, old, bitv)
		case models.AtomicBitChange:
			next = &ir.Ite{Cond: set, Then: ir.Bin(ir.OpSub, old, mask), Else: ir.Bin(ir.OpAdd, old, mask)}
		default:
			next = old
		}
		if api.Result == models.ResultBit {
			ret = &ir.Ite{Cond: set, Then: one, Else: ir.IntConst(0)}
		}
		return next, ret, true
	}
	if api.Neg && v != nil {
		v = &ir.Unary{Op: ir.OpNeg, X: v}
	}
	// The operands of a counter's operation have its type already (the
	// call converted them); those of an exchange on any scalar are
	// unsigned longs, narrowed to the cell's width.
	conv := func(e ir.Expr) ir.Expr { return e }
	if api.SizeArg >= 0 {
		conv = wrap
	}
	zero := ir.IntConst(0)
	var done ir.Expr
	switch api.Op {
	case models.AtomicRead:
		next = old
	case models.AtomicSet, models.AtomicXchg:
		next = conv(v)
	case models.AtomicAdd:
		next = wrap(ir.Bin(ir.OpAdd, old, v))
	case models.AtomicAnd:
		next = wrap(ir.Bin(ir.OpAnd, old, v))
	case models.AtomicOr:
		next = wrap(ir.Bin(ir.OpOr, old, v))
	case models.AtomicXor:
		next = wrap(ir.Bin(ir.OpXor, old, v))
	case models.AtomicAndNot:
		next = wrap(ir.Bin(ir.OpAnd, old, &ir.Unary{Op: ir.OpBitNot, X: v}))
	case models.AtomicCmpxchg:
		next = &ir.Ite{Cond: ir.Eq(old, conv(v)), Then: conv(w), Else: old}
	case models.AtomicAddUnless:
		done = ir.Bin(ir.OpNe, old, w)
		next = &ir.Ite{Cond: done, Then: wrap(ir.Bin(ir.OpAdd, old, v)), Else: old}
	case models.AtomicIncUnlessNeg:
		done = ir.Bin(ir.OpGe, old, zero)
		next = &ir.Ite{Cond: done, Then: wrap(ir.Bin(ir.OpAdd, old, one)), Else: old}
	case models.AtomicDecUnlessPos:
		done = ir.Bin(ir.OpLe, old, zero)
		next = &ir.Ite{Cond: done, Then: wrap(ir.Bin(ir.OpSub, old, one)), Else: old}
	case models.AtomicDecIfPositive:
		next = &ir.Ite{Cond: ir.Bin(ir.OpGt, old, zero), Then: ir.Bin(ir.OpSub, old, one), Else: old}
	default:
		return nil, nil, false
	}
	flag := func(c ir.Expr) ir.Expr { return &ir.Ite{Cond: c, Then: one, Else: zero} }
	switch api.Result {
	case models.ResultOld:
		ret = old
	case models.ResultNew:
		ret = next
	case models.ResultZero:
		ret = flag(ir.Eq(next, zero))
	case models.ResultNegative:
		ret = flag(ir.Bin(ir.OpLt, next, zero))
	case models.ResultDone:
		if done == nil {
			return nil, nil, false
		}
		ret = flag(done)
	case models.ResultOldMinus:
		ret = wrap(ir.Bin(ir.OpSub, old, one))
	}
	return next, ret, true
}

// wordExpr is the address of the cell the operation reads and writes:
// the pointer argument, and for a bit operation the word holding bit nr,
// addr + 8*(nr >> 6).
func (a *atomicSite) wordExpr(addr ir.Expr, args []ir.Expr) ir.Expr {
	if !a.isBit() {
		return addr
	}
	v := operandExpr(a.api.V, args)
	if c, ok := v.(*ir.Const); ok && !c.Unsigned && c.Val >= 0 {
		if c.Val < 64 {
			return addr
		}
		return ir.Bin(ir.OpAdd, addr, ir.IntConst(8*(c.Val/64)))
	}
	return ir.Bin(ir.OpAdd, addr, ir.Bin(ir.OpMul, ir.Bin(ir.OpShr, v, ir.IntConst(6)), ir.IntConst(8)))
}

// atomicEffect emits the operation of site at its effect point: the cell
// at addr (the word of the bit) is read and written in one step, and what
// the call returns is kept for it. It returns the cell's address.
func (c *cloner) atomicEffect(cur *ir.Block, site *atomicSite, addr ir.Expr, acc *ir.Access) ir.Expr {
	args := make([]ir.Expr, len(site.call.Args))
	for i, a := range site.call.Args {
		args[i] = c.expr(a)
	}
	word := c.stable(cur, site.wordExpr(addr, args), acc.P)
	a := *acc
	a.Size = site.bytes()
	reg := site.region()
	old := c.tmp("atomic_old", ir.Int)
	c.load(cur, reg, &a, word, old)
	lo, hi, _ := bitsRange(int(a.Size*8), site.signed())
	cur.Add(&ir.Assume{Cond: ir.And(ir.Bin(ir.OpLe, constOf(lo), old), ir.Bin(ir.OpLe, old, constOf(hi))), P: acc.P})
	next, ret, ok := site.atomicExprs(old, args)
	if !ok {
		c.s.fail("%s: %s without its operands", acc.P, site.call.Callee.Name)
		return word
	}
	if site.writes() {
		c.store(cur, reg, &a, word, next)
	}
	if ret != nil {
		rv := c.tmp("atomic_ret", ir.Int)
		cur.Add(&ir.Assign{Dst: rv, Src: ret, P: acc.P})
		c.atomicRet[site.call] = rv
	}
	return word
}

// atomicCall gives an atomic call its value: what its effect computed
// (at the call itself when no Touch carries it). It reports false for
// every other call.
func (c *cloner) atomicCall(cur *ir.Block, call *ir.Call, args []ir.Expr, dst *ir.Var, pos ir.Pos) bool {
	if call == nil {
		return false
	}
	site := c.atomics[call]
	if site == nil {
		return false
	}
	if site.at == call {
		acc := &ir.Access{P: pos, Mode: site.api.Mode(), LValue: call.Callee.Name + "(" + ir.ExprString(call.Args[site.api.Cell]) + ")"}
		addr := c.stable(cur, args[site.api.Cell], pos)
		c.deref(cur, call.Args[site.api.Cell], addr, pos)
		c.atomicEffect(cur, site, addr, acc)
	}
	rv, ok := c.atomicRet[call]
	if dst == nil {
		return true
	}
	if !ok {
		// A void operation's value used, or its effect point not on this
		// path: the value is arbitrary, as an unknown function's.
		c.oracle(cur, dst, pos)
		return true
	}
	var v ir.Expr = rv
	if site.api.SizeArg >= 0 {
		if b, isInt := ir.Unnamed(typeOr(dst.CType)).(*ir.Basic); isInt && b.Kind == ir.Integer && b.Bytes > 0 && b.Bytes <= 8 {
			v = ir.Wrap(v, int(b.Bytes*8), b.Signed)
		}
	}
	cur.Add(&ir.Assign{Dst: dst, Src: v, P: pos})
	return true
}

// atomicValues is atomicExprs on values, for the replay.
func (a *atomicSite) atomicValues(old *big.Int, args []*big.Int) (next, ret *big.Int, ok bool) {
	api := a.api
	operand := func(o models.Operand) *big.Int {
		if o.Arg < 0 {
			return big.NewInt(o.Const)
		}
		if o.Arg < len(args) {
			return args[o.Arg]
		}
		return nil
	}
	v, w := operand(api.V), operand(api.W)
	if v == nil || w == nil {
		return nil, nil, false
	}
	if a.isBit() {
		return bitValues(api.Op, api.Result, old, v)
	}
	bits, signed := int(a.bytes()*8), a.signed()
	wrap := func(x *big.Int) *big.Int { return ir.WrapValue(x, bits, signed) }
	if api.Neg {
		v = new(big.Int).Neg(v)
	}
	conv := func(x *big.Int) *big.Int { return x }
	if api.SizeArg >= 0 {
		conv = wrap
	}
	next, done, ok := atomicNext(api.Op, old, v, w, wrap, conv)
	if !ok {
		return nil, nil, false
	}
	return next, atomicResult(api.Result, old, next, done, wrap), true
}

// bitValues is atomicValues for the bit operations: bit v of old set,
// cleared or flipped, and the bit's old value when the API returns it.
func bitValues(op models.AtomicOp, result models.AtomicResult, old, v *big.Int) (next, ret *big.Int, ok bool) {
	if v.Sign() < 0 {
		return nil, nil, false
	}
	bit := int(new(big.Int).Rem(v, big.NewInt(64)).Int64())
	next = new(big.Int).Set(old)
	switch op {
	case models.AtomicBitSet:
		next.SetBit(next, bit, 1)
	case models.AtomicBitClear:
		next.SetBit(next, bit, 0)
	case models.AtomicBitChange:
		next.SetBit(next, bit, old.Bit(bit)^1)
	}
	if result == models.ResultBit {
		ret = boolInt(old.Bit(bit) == 1)
	}
	return next, ret, true
}

// atomicNext is the cell's value after an arithmetic atomic op on old
// with operands v and w (wrapped to the cell's width); done says
// whether a conditional op (add_unless, inc_unless_negative, ...) acted.
func atomicNext(op models.AtomicOp, old, v, w *big.Int, wrap, conv func(*big.Int) *big.Int) (next *big.Int, done, ok bool) {
	one := big.NewInt(1)
	switch op {
	case models.AtomicRead:
		next = old
	case models.AtomicSet, models.AtomicXchg:
		next = conv(v)
	case models.AtomicAdd:
		next = wrap(new(big.Int).Add(old, v))
	case models.AtomicAnd:
		next = wrap(new(big.Int).And(old, v))
	case models.AtomicOr:
		next = wrap(new(big.Int).Or(old, v))
	case models.AtomicXor:
		next = wrap(new(big.Int).Xor(old, v))
	case models.AtomicAndNot:
		next = wrap(new(big.Int).AndNot(old, v))
	case models.AtomicCmpxchg:
		next = old
		if old.Cmp(conv(v)) == 0 {
			next = conv(w)
		}
	case models.AtomicAddUnless:
		done = old.Cmp(w) != 0
		next = old
		if done {
			next = wrap(new(big.Int).Add(old, v))
		}
	case models.AtomicIncUnlessNeg:
		done = old.Sign() >= 0
		next = old
		if done {
			next = wrap(new(big.Int).Add(old, one))
		}
	case models.AtomicDecUnlessPos:
		done = old.Sign() <= 0
		next = old
		if done {
			next = wrap(new(big.Int).Sub(old, one))
		}
	case models.AtomicDecIfPositive:
		next = old
		if old.Sign() > 0 {
			next = new(big.Int).Sub(old, one)
		}
	default:
		return nil, false, false
	}
	return next, done, true
}

// atomicResult is what an atomic op returns, by its API's result kind.
func atomicResult(kind models.AtomicResult, old, next *big.Int, done bool, wrap func(*big.Int) *big.Int) *big.Int {
	switch kind {
	case models.ResultOld:
		return old
	case models.ResultNew:
		return next
	case models.ResultZero:
		return boolInt(next.Sign() == 0)
	case models.ResultNegative:
		return boolInt(next.Sign() < 0)
	case models.ResultDone:
		return boolInt(done)
	case models.ResultOldMinus:
		return wrap(new(big.Int).Sub(old, big.NewInt(1)))
	}
	return nil
}

// wordValue is wordExpr on values.
func (a *atomicSite) wordValue(addr *big.Int, args []*big.Int) *big.Int {
	if !a.isBit() || a.api.V.Arg < 0 || a.api.V.Arg >= len(args) {
		return addr
	}
	w := new(big.Int).Rsh(args[a.api.V.Arg], 6)
	return w.Add(addr, w.Mul(w, big.NewInt(8)))
}

// stable evaluates e, an expression of the clone, once: the access and
// its check use the same value (addrVar for the clone's own expressions).
func (c *cloner) stable(b *ir.Block, e ir.Expr, pos ir.Pos) ir.Expr {
	switch e.(type) {
	case *ir.Const, *ir.Object, *ir.Var:
		return e
	}
	a := c.tmp("addr", ir.Int)
	b.Add(&ir.Assign{Dst: a, Src: e, P: pos})
	return a
}
