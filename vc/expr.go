package vc

import (
	"math/big"
	"math/bits"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/z3"
)

// scope resolves the variables of an expression.
type scope struct {
	info   *funcInfo  // whose locals are visible; nil: none
	ghosts []*z3.Expr // current ghost values
	locals []*z3.Expr // current values of info's variables; nil at a call site
	old    []*z3.Expr // ghost values for Old; nil where Old is not allowed
	objs   map[*ir.Object]*z3.Expr
	// bind overrides variables (a callee's parameters and Ret at a call
	// site). With freshLocals, other variables of info get a fresh
	// constant each, remembered in bind.
	bind        map[*ir.Var]*z3.Expr
	freshLocals bool
	// reach is the condition under which C evaluates the expression being
	// translated, where known (Options.Refine's undefined-operation
	// lemmas); nil elsewhere.
	reach *z3.Expr
}

// conditional translates x as evaluated only under a further condition
// (a short-circuit operand, a branch of ?:): its reach is not known.
func (e *encoder) conditional(sc *scope, x ir.Expr) (*z3.Expr, *big.Int) {
	if !e.opts.Refine {
		return e.val(sc, x) // reach is only read under Refine
	}
	saved := sc.reach
	sc.reach = nil
	defer func() { sc.reach = saved }()
	return e.val(sc, x)
}

// maxExactBits is the largest number of set bits in a constant mask for
// which &, | and ^ are encoded exactly by bit extraction.
const maxExactBits = 8

func (e *encoder) expr(sc *scope, x ir.Expr) *z3.Expr {
	t, _ := e.val(sc, x)
	return t
}

// val translates x; c is x's value when x is an integer constant.
func (e *encoder) val(sc *scope, x ir.Expr) (t *z3.Expr, c *big.Int) {
	switch x := x.(type) {
	case nil:
		e.fail("missing expression")
		return e.intv(0), nil
	case *ir.Const:
		v := big.NewInt(x.Val)
		if x.Unsigned && x.Val < 0 {
			v.SetUint64(uint64(x.Val))
		}
		return e.bigv(v), v
	case *ir.BoolConst:
		return e.boolVal(x.Val), nil
	case *ir.Var:
		return e.variable(sc, x), nil
	case *ir.Old:
		if x.X == nil {
			e.fail("old() of nothing")
			return e.intv(0), nil
		}
		i, ok := e.pi.ghostIdx[x.X]
		if !ok {
			e.fail("old(%s): not a ghost global", x.X.Name)
			return e.zero(x.X.Kind), nil
		}
		if sc.old == nil {
			e.fail("old(%s) outside a postcondition or invariant", x.X.Name)
			return sc.ghosts[i], nil
		}
		return sc.old[i], nil
	case *ir.Object:
		if x.Kind != ir.LocalObj {
			a := e.pi.globalAddr(x)
			return e.bigv(a), new(big.Int).Set(a)
		}
		if a, ok := sc.objs[x]; ok {
			return a, nil
		}
		// A frame object of another activation (a callee's, named in its
		// contract): some address in the frame area.
		a := e.freshInt("addr." + x.Name)
		e.constraints = append(e.constraints, e.ge(a, e.intv(frameBase)))
		if sc.objs != nil {
			sc.objs[x] = a
		}
		return a, nil
	case *ir.Function:
		a := e.pi.funcAddress(x)
		return e.intv(a), big.NewInt(a)
	case *ir.Unary:
		return e.unary(sc, x)
	case *ir.Binary:
		if x.Op == ir.OpLAnd || x.Op == ir.OpLOr {
			return e.junction(sc, x), nil
		}
		return e.binary(sc, x)
	case *ir.Ite:
		cond := e.expr(sc, x.Cond)
		a, ca := e.conditional(sc, x.Then)
		b, cb := e.conditional(sc, x.Else)
		if e.isTrue(cond) {
			return a, ca
		}
		if e.isFalse(cond) {
			return b, cb
		}
		return e.ite(cond, a, b), nil
	}
	e.fail("unknown expression %T", x)
	return e.intv(0), nil
}

func (e *encoder) zero(k ir.Kind) *z3.Expr {
	if k == ir.Bool {
		return e.fls
	}
	return e.intv(0)
}

func (e *encoder) variable(sc *scope, v *ir.Var) *z3.Expr {
	if t, ok := sc.bind[v]; ok {
		return t
	}
	if i, ok := e.pi.ghostIdx[v]; ok {
		return sc.ghosts[i]
	}
	if sc.info != nil {
		if i, ok := sc.info.varIdx[v]; ok {
			if sc.locals != nil {
				return sc.locals[i]
			}
			if sc.freshLocals {
				t := e.freshVar(sc.info.fn.Name+"."+v.Name, v.Kind)
				sc.bind[v] = t
				return t
			}
		}
	}
	e.fail("variable %s is not in scope", v.Name)
	return e.zero(v.Kind)
}

func (e *encoder) freshVar(name string, k ir.Kind) *z3.Expr {
	if k == ir.Bool {
		return e.freshBool(name)
	}
	return e.freshInt(name)
}

func (e *encoder) unary(sc *scope, x *ir.Unary) (*z3.Expr, *big.Int) {
	t, c := e.val(sc, x.X)
	switch x.Op {
	case ir.OpNot:
		return e.not(t), nil
	case ir.OpNeg:
		if c != nil {
			v := new(big.Int).Neg(c)
			return e.bigv(v), v
		}
		return e.neg(t), nil
	case ir.OpBitNot:
		if c != nil {
			v := new(big.Int).Not(c)
			return e.bigv(v), v
		}
		return e.sub(e.neg(t), e.intv(1)), nil // ~x = -x-1 in two's complement
	}
	if bits, signed, ok := x.Op.Wrap(); ok {
		if c != nil {
			v := ir.WrapValue(c, bits, signed)
			return e.bigv(v), v
		}
		if e.opts.CheapArith {
			// Arbitrary but consistent: a sound stand-in where exact
			// arithmetic is too dear.
			return e.abstract(sc, x.Op, t, nil, e.apply(e.uf("wrap"), t, e.intv(int64(x.Op)))), nil
		}
		if e.opts.Refine {
			// Exact where the value is in range, refined where a model
			// needs it to wrap: an exact wrap's quotient per operation
			// made the explorer's queries on a program lowered with C's
			// integers several times slower (dtlk: 4.9 s to over 2 min),
			// and almost every value stays in range.
			lo, hi := wrapRange(bits, signed)
			in := e.and(e.le(e.bigv(lo), t), e.le(t, e.bigv(hi)))
			return e.abstract(sc, x.Op, t, nil, e.ite(in, t, e.apply(e.uf("wrap"), t, e.intv(int64(x.Op))))), nil
		}
		return e.wrap(t, bits, signed), nil
	}
	e.fail("%s is not a unary operator", x.Op)
	return t, nil
}

func (e *encoder) binary(sc *scope, x *ir.Binary) (*z3.Expr, *big.Int) {
	a, ca := e.val(sc, x.X)
	var b *z3.Expr
	var cb *big.Int
	if x.Op == ir.OpImplies {
		b, cb = e.conditional(sc, x.Y)
	} else {
		b, cb = e.val(sc, x.Y)
	}
	both := ca != nil && cb != nil
	fold := func(v *big.Int) (*z3.Expr, *big.Int) { return e.bigv(v), v }
	switch x.Op {
	case ir.OpAdd:
		if both {
			return fold(new(big.Int).Add(ca, cb))
		}
		return e.add(a, b), nil
	case ir.OpSub:
		if both {
			return fold(new(big.Int).Sub(ca, cb))
		}
		return e.sub(a, b), nil
	case ir.OpMul:
		if both {
			return fold(new(big.Int).Mul(ca, cb))
		}
		return e.mul(a, b), nil
	case ir.OpDiv:
		if both && cb.Sign() != 0 {
			return fold(new(big.Int).Quo(ca, cb)) // truncated, as in C
		}
		if (e.opts.CheapArith || e.opts.Refine && cb == nil) && !(cb != nil && cb.IsInt64() && cb.Int64() == 1) {
			return e.abstract(sc, x.Op, a, b, e.apply(e.uf("cdiv"), a, b)), nil
		}
		if cb != nil && cb.Sign() != 0 && ca == nil {
			q, _ := e.divConst(a, cb)
			return q, nil
		}
		return e.cdiv(a, ca, b), nil
	case ir.OpRem:
		if both && cb.Sign() != 0 {
			return fold(new(big.Int).Rem(ca, cb))
		}
		if e.opts.CheapArith || e.opts.Refine && cb == nil {
			return e.abstract(sc, x.Op, a, b, e.apply(e.uf("crem"), a, b)), nil
		}
		if cb != nil && cb.Sign() != 0 && ca == nil {
			_, r := e.divConst(a, cb)
			return r, nil
		}
		return e.crem(a, ca, b), nil
	case ir.OpAnd, ir.OpOr, ir.OpXor:
		return e.bitwise(sc, x.Op, a, ca, b, cb)
	case ir.OpShl, ir.OpShr:
		return e.shift(sc, x.Op, a, ca, b, cb)
	case ir.OpEq:
		return e.eq(a, b), nil
	case ir.OpNe:
		return e.not(e.eq(a, b)), nil
	case ir.OpLt:
		return e.lt(a, b), nil
	case ir.OpLe:
		return e.le(a, b), nil
	case ir.OpGt:
		return e.gt(a, b), nil
	case ir.OpGe:
		return e.ge(a, b), nil
	case ir.OpLAnd:
		return e.and(a, b), nil
	case ir.OpLOr:
		return e.or(a, b), nil
	case ir.OpImplies:
		return e.implies(a, b), nil
	}
	e.fail("%s is not a binary operator", x.Op)
	return a, nil
}

// junction translates a chain of one connective (ir.And and ir.Or nest
// to the left) into one n-ary Z3 term. Binary nesting made Z3's rewriter
// flatten every prefix of the chain on assertion, quadratic in its length:
// a race assertion names every access site of a long function (issue 11).
func (e *encoder) junction(sc *scope, x *ir.Binary) *z3.Expr {
	var leaves []ir.Expr
	stack := []ir.Expr{x}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b, ok := top.(*ir.Binary); ok && b.Op == x.Op {
			stack = append(stack, b.Y, b.X) // X first: operand order kept
			continue
		}
		leaves = append(leaves, top)
	}
	ts := make([]*z3.Expr, len(leaves))
	for i, l := range leaves {
		if i == 0 {
			ts[i] = e.expr(sc, l)
		} else {
			ts[i], _ = e.conditional(sc, l) // short-circuit: evaluated only after the leaves before it
		}
	}
	if x.Op == ir.OpLAnd {
		return e.and(ts...)
	}
	return e.or(ts...)
}

// divConst returns C's quotient and remainder of a by the constant d != 0:
// fresh q and r with a = d*q + r, where r has a's sign and |r| < |d|. The
// constraints hold for exactly one (q, r) for every a, so they are asserted
// unconditionally. One pair of constants per (a, d) is cheaper for Z3 than
// Euclidean div/mod under a sign test.
func (e *encoder) divConst(a *z3.Expr, d *big.Int) (q, r *z3.Expr) {
	key := divKey{a.ID(), d.String()}
	if qr, ok := e.divs[key]; ok {
		return qr[0], qr[1]
	}
	q, r = e.freshInt("quot"), e.freshInt("rem")
	bound := e.bigv(new(big.Int).Sub(new(big.Int).Abs(d), big.NewInt(1)))
	zero := e.intv(0)
	nonneg := e.ge(a, zero)
	e.constraints = append(e.constraints,
		e.eq(a, e.add(e.mul(e.bigv(d), q), r)),
		e.implies(nonneg, e.and(e.le(zero, r), e.le(r, bound))),
		e.implies(e.not(nonneg), e.and(e.le(e.neg(bound), r), e.le(r, zero))))
	e.divs[key] = [2]*z3.Expr{q, r}
	return q, r
}

// wrapRange is the range of a C integer type of bits.
func wrapRange(bits int, signed bool) (lo, hi *big.Int) {
	m := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	if signed {
		hi = new(big.Int).Rsh(m, 1)
		return new(big.Int).Neg(hi), hi.Sub(hi, big.NewInt(1))
	}
	return new(big.Int), m.Sub(m, big.NewInt(1))
}

// wrap reduces a to the range of a C integer type of bits, as two's
// complement does: unsigned a mod 2^bits, signed ((a + 2^(bits-1)) mod
// 2^bits) - 2^(bits-1), with Euclidean mod.
func (e *encoder) wrap(a *z3.Expr, bits int, signed bool) *z3.Expr {
	m := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	if !signed {
		return e.modConst(a, m)
	}
	h := e.bigv(new(big.Int).Rsh(m, 1))
	return e.sub(e.modConst(e.add(a, h), m), h)
}

// modConst returns a mod m for a constant m > 0 (Euclidean: 0 <= r < m):
// fresh q and r with a = m*q + r, asserted unconditionally as divConst's.
func (e *encoder) modConst(a *z3.Expr, m *big.Int) *z3.Expr {
	key := divKey{a.ID(), "mod " + m.String()}
	if qr, ok := e.divs[key]; ok {
		return qr[1]
	}
	q, r := e.freshInt("wq"), e.freshInt("wr")
	e.constraints = append(e.constraints,
		e.eq(a, e.add(e.mul(e.bigv(m), q), r)),
		e.le(e.intv(0), r),
		e.le(r, e.bigv(new(big.Int).Sub(m, big.NewInt(1)))))
	e.divs[key] = [2]*z3.Expr{q, r}
	return r
}

type divKey struct {
	dividend uint32
	divisor  string
}

// cdiv is C's truncating division: Z3's div is Euclidean, which agrees
// with truncation for a non-negative dividend.
func (e *encoder) cdiv(a *z3.Expr, ca *big.Int, b *z3.Expr) *z3.Expr {
	pos := e.div(a, b)
	if ca != nil && ca.Sign() >= 0 {
		return pos
	}
	negd := e.neg(e.div(e.neg(a), b))
	if ca != nil {
		return negd
	}
	return e.ite(e.ge(a, e.intv(0)), pos, negd)
}

// crem is C's remainder, which has the sign of the dividend.
func (e *encoder) crem(a *z3.Expr, ca *big.Int, b *z3.Expr) *z3.Expr {
	pos := e.mod(a, b)
	if ca != nil && ca.Sign() >= 0 {
		return pos
	}
	negr := e.neg(e.mod(e.neg(a), b))
	if ca != nil {
		return negr
	}
	return e.ite(e.ge(a, e.intv(0)), pos, negr)
}

func (e *encoder) shift(sc *scope, op ir.Op, a *z3.Expr, ca *big.Int, b *z3.Expr, cb *big.Int) (*z3.Expr, *big.Int) {
	if cb != nil && cb.Sign() >= 0 && cb.Cmp(big.NewInt(63)) <= 0 {
		k := uint(cb.Uint64())
		if ca != nil {
			v := new(big.Int)
			if op == ir.OpShl {
				v.Lsh(ca, k)
			} else {
				v.Rsh(ca, k) // arithmetic for negative values
			}
			return e.bigv(v), v
		}
		if k == 0 {
			return a, nil
		}
		p := e.bigv(new(big.Int).Lsh(big.NewInt(1), k))
		if op == ir.OpShl {
			return e.mul(a, p), nil
		}
		if e.opts.CheapArith {
			return e.abstract(sc, op, a, b, e.apply(e.uf("shr"), a, b)), nil
		}
		return e.div(a, p), nil // floor division: arithmetic shift
	}
	if ca != nil && ca.Sign() == 0 {
		return e.intv(0), big.NewInt(0)
	}
	name := "shl"
	if op == ir.OpShr {
		name = "shr"
	}
	return e.abstract(sc, op, a, b, e.apply(e.uf(name), a, b)), nil
}

func (e *encoder) bitwise(sc *scope, op ir.Op, a *z3.Expr, ca *big.Int, b *z3.Expr, cb *big.Int) (*z3.Expr, *big.Int) {
	if ca != nil && cb != nil {
		v := new(big.Int)
		switch op {
		case ir.OpAnd:
			v.And(ca, cb)
		case ir.OpOr:
			v.Or(ca, cb)
		default:
			v.Xor(ca, cb)
		}
		return e.bigv(v), v
	}
	if ca != nil { // constant on the right
		a, b, cb = b, a, ca
	}
	if cb != nil {
		if t, c := e.bitwiseTrivial(op, a, cb); t != nil {
			return t, c
		}
		if !e.opts.CheapArith {
			if t := e.bitwiseConst(op, a, cb); t != nil {
				return t, nil
			}
		}
	} else if same(a, b) {
		if op == ir.OpXor {
			return e.intv(0), big.NewInt(0)
		}
		return a, nil
	}
	name := map[ir.Op]string{ir.OpAnd: "band", ir.OpOr: "bor", ir.OpXor: "bxor"}[op]
	if b.ID() < a.ID() { // commutative: one argument order
		a, b = b, a
	}
	return e.abstract(sc, op, a, b, e.apply(e.uf(name), a, b)), nil
}

// bitwiseTrivial returns x op c for the constants c that need no
// encoding (x & 0, x | 0, x ^ 0, x & -1), else nil.
func (e *encoder) bitwiseTrivial(op ir.Op, x *z3.Expr, c *big.Int) (*z3.Expr, *big.Int) {
	switch {
	case c.Sign() == 0 && op == ir.OpAnd:
		return e.intv(0), big.NewInt(0)
	case c.Sign() == 0:
		return x, nil // x | 0, x ^ 0
	case op == ir.OpAnd && c.IsInt64() && c.Int64() == -1:
		return x, nil
	}
	return nil, nil
}

// bitwiseConst encodes x op c exactly when c allows it, else returns nil.
func (e *encoder) bitwiseConst(op ir.Op, x *z3.Expr, c *big.Int) *z3.Expr {
	and := e.andConst(x, c)
	if and == nil {
		return nil
	}
	switch op {
	case ir.OpAnd:
		return and
	case ir.OpOr: // x | c = x + c - (x & c)
		return e.sub(e.add(x, e.bigv(c)), and)
	default: // x ^ c = x + c - 2(x & c)
		return e.sub(e.add(x, e.bigv(c)), e.mul(e.intv(2), and))
	}
}

// andConst encodes x & c exactly, or returns nil.
func (e *encoder) andConst(x *z3.Expr, c *big.Int) *z3.Expr {
	if c.Sign() < 0 { // x & ~m = x - (x & m)
		m := new(big.Int).Not(c)
		xm := e.andConst(x, m)
		if xm == nil {
			return nil
		}
		return e.sub(x, xm)
	}
	if c.Sign() == 0 {
		return e.intv(0)
	}
	if low := new(big.Int).Add(c, big.NewInt(1)); low.BitLen() > 0 && onlyBit(low) {
		return e.mod(x, e.bigv(low)) // the low bits: Euclidean mod is non-negative
	}
	n := 0
	for _, w := range c.Bits() {
		n += bits.OnesCount(uint(w))
	}
	if n > maxExactBits {
		return e.andRuns(x, c)
	}
	var sum []*z3.Expr
	for i := 0; i < c.BitLen(); i++ {
		if c.Bit(i) == 0 {
			continue
		}
		p := new(big.Int).Lsh(big.NewInt(1), uint(i))
		bit := e.mod(e.div(x, e.bigv(p)), e.intv(2))
		if i == 0 {
			bit = e.mod(x, e.intv(2))
		}
		sum = append(sum, e.mul(e.bigv(p), bit))
	}
	if len(sum) == 1 {
		return sum[0]
	}
	return e.add(sum...)
}

// andRuns encodes x & c for c > 0 by its runs of one bits: the run of
// bits lo..hi-1 of x is (x mod 2^hi) - (x mod 2^lo). Exact; nil when c has
// more than maxExactBits runs (a register mask such as 0xfbff has two).
func (e *encoder) andRuns(x *z3.Expr, c *big.Int) *z3.Expr {
	var sum []*z3.Expr
	runs := 0
	for i := 0; i < c.BitLen(); {
		if c.Bit(i) == 0 {
			i++
			continue
		}
		lo := i
		for i < c.BitLen() && c.Bit(i) == 1 {
			i++
		}
		runs++
		if runs > maxExactBits {
			return nil
		}
		hi := e.mod(x, e.bigv(new(big.Int).Lsh(big.NewInt(1), uint(i))))
		if lo == 0 {
			sum = append(sum, hi)
		} else {
			sum = append(sum, e.sub(hi, e.mod(x, e.bigv(new(big.Int).Lsh(big.NewInt(1), uint(lo))))))
		}
	}
	if len(sum) == 1 {
		return sum[0]
	}
	return e.add(sum...)
}

// onlyBit reports whether v > 0 is a power of two.
func onlyBit(v *big.Int) bool {
	return v.Sign() > 0 && new(big.Int).And(v, new(big.Int).Sub(v, big.NewInt(1))).Sign() == 0
}

// uf returns the uninterpreted function name: Int × Int → Int.
func (e *encoder) uf(name string) *z3.FuncDecl {
	if d, ok := e.ufs[name]; ok {
		return d
	}
	d := e.decl(name, 2)
	e.ufs[name] = d
	return d
}
