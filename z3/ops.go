//go:build cgo

package z3

/*
#include "shim.h"
*/
import "C"

// opNames names the shim's op codes in error messages.
var opNames = [C.OP_COUNT]string{
	C.OP_NOT: "Not", C.OP_NEG: "Neg", C.OP_BVNOT: "BVNot", C.OP_BVNEG: "BVNeg", C.OP_SIMPLIFY: "Simplify",
	C.OP_IMPLIES: "Implies", C.OP_IFF: "Iff", C.OP_XOR: "Xor", C.OP_EQ: "Eq",
	C.OP_DIV: "Div", C.OP_MOD: "Mod", C.OP_REM: "Rem",
	C.OP_LT: "Lt", C.OP_LE: "Le", C.OP_GT: "Gt", C.OP_GE: "Ge",
	C.OP_BVADD: "BVAdd", C.OP_BVSUB: "BVSub", C.OP_BVMUL: "BVMul",
	C.OP_BVUDIV: "BVUDiv", C.OP_BVSDIV: "BVSDiv", C.OP_BVUREM: "BVURem", C.OP_BVSREM: "BVSRem", C.OP_BVSMOD: "BVSMod",
	C.OP_BVAND: "BVAnd", C.OP_BVOR: "BVOr", C.OP_BVXOR: "BVXor",
	C.OP_BVSHL: "BVShl", C.OP_BVLSHR: "BVLShr", C.OP_BVASHR: "BVAShr",
	C.OP_BVULT: "BVULt", C.OP_BVULE: "BVULe", C.OP_BVUGT: "BVUGt", C.OP_BVUGE: "BVUGe",
	C.OP_BVSLT: "BVSLt", C.OP_BVSLE: "BVSLe", C.OP_BVSGT: "BVSGt", C.OP_BVSGE: "BVSGe",
	C.OP_CONCAT: "Concat", C.OP_SELECT: "Select",
	C.OP_ITE: "Ite", C.OP_STORE: "Store",
	C.OP_AND: "And", C.OP_OR: "Or", C.OP_ADD: "Add", C.OP_SUB: "Sub", C.OP_MUL: "Mul", C.OP_DISTINCT: "Distinct",
	C.OP_ZEROEXT: "ZeroExt", C.OP_SIGNEXT: "SignExt", C.OP_INT2BV: "Int2BV", C.OP_BV2INT: "BV2Int",
	C.OP_ROTL: "RotateLeft", C.OP_ROTR: "RotateRight",
}

func (c *Context) op1(op C.int, a *Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	name := opNames[op]
	x, ok := c.arg(name, a)
	if !ok {
		return &Expr{ctx: c}
	}
	return c.wrap(name, C.w_op1(c.c, op, x))
}

func (c *Context) op2(op C.int, a, b *Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	name := opNames[op]
	x, ok1 := c.arg(name, a)
	y, ok2 := c.arg(name, b)
	if !ok1 || !ok2 {
		return &Expr{ctx: c}
	}
	return c.wrap(name, C.w_op2(c.c, op, x, y))
}

func (c *Context) op3(op C.int, a, b, d *Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	name := opNames[op]
	x, ok1 := c.arg(name, a)
	y, ok2 := c.arg(name, b)
	z, ok3 := c.arg(name, d)
	if !ok1 || !ok2 || !ok3 {
		return &Expr{ctx: c}
	}
	return c.wrap(name, C.w_op3(c.c, op, x, y, z))
}

// opn builds an n-ary term; empty is returned for no arguments (nil: error).
func (c *Context) opn(op C.int, xs []*Expr, empty func() *Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	name := opNames[op]
	as, ok := c.argList(name, c.args, xs)
	c.args = as
	if !ok {
		return &Expr{ctx: c}
	}
	if len(as) == 0 {
		if empty == nil {
			return c.invalid(name, "needs at least one argument")
		}
		return empty()
	}
	return c.wrap(name, C.w_opn(c.c, op, C.uint(len(as)), &as[0]))
}

func (c *Context) opu(op C.int, u uint, a *Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	name := opNames[op]
	x, ok := c.arg(name, a)
	if !ok {
		return &Expr{ctx: c}
	}
	if u > 1<<31 {
		return c.invalid(name, "parameter too large")
	}
	return c.wrap(name, C.w_opu(c.c, op, C.uint(u), x))
}

// Boolean.

// Not returns ¬a.
func (c *Context) Not(a *Expr) *Expr { return c.op1(C.OP_NOT, a) }

// And returns the conjunction of xs; And() is true.
func (c *Context) And(xs ...*Expr) *Expr { return c.opn(C.OP_AND, xs, c.True) }

// Or returns the disjunction of xs; Or() is false.
func (c *Context) Or(xs ...*Expr) *Expr { return c.opn(C.OP_OR, xs, c.False) }

// Implies returns a ⇒ b.
func (c *Context) Implies(a, b *Expr) *Expr { return c.op2(C.OP_IMPLIES, a, b) }

// Iff returns a ⇔ b.
func (c *Context) Iff(a, b *Expr) *Expr { return c.op2(C.OP_IFF, a, b) }

// Xor returns a ⊕ b.
func (c *Context) Xor(a, b *Expr) *Expr { return c.op2(C.OP_XOR, a, b) }

// Eq returns a = b (any sort, both the same).
func (c *Context) Eq(a, b *Expr) *Expr { return c.op2(C.OP_EQ, a, b) }

// Distinct returns that xs are pairwise different; true for fewer than two.
func (c *Context) Distinct(xs ...*Expr) *Expr {
	if len(xs) < 2 {
		for _, x := range xs {
			if !c.enter() {
				return &Expr{ctx: c}
			}
			if _, ok := c.arg("Distinct", x); !ok {
				return &Expr{ctx: c}
			}
		}
		return c.True()
	}
	return c.opn(C.OP_DISTINCT, xs, nil)
}

// Ite returns if cond then then else els.
func (c *Context) Ite(cond, then, els *Expr) *Expr { return c.op3(C.OP_ITE, cond, then, els) }

// Integer arithmetic.

// Add returns the sum of xs; Add() is 0.
func (c *Context) Add(xs ...*Expr) *Expr {
	return c.opn(C.OP_ADD, xs, func() *Expr { return c.Int(0) })
}

// Sub returns xs[0] - xs[1] - ...; it needs at least one argument.
func (c *Context) Sub(xs ...*Expr) *Expr { return c.opn(C.OP_SUB, xs, nil) }

// Mul returns the product of xs; Mul() is 1.
func (c *Context) Mul(xs ...*Expr) *Expr {
	return c.opn(C.OP_MUL, xs, func() *Expr { return c.Int(1) })
}

// Div returns SMT-LIB integer division: a = b*(a div b) + (a mod b) with
// 0 <= a mod b < |b| (floor for b > 0). Division by zero is unspecified:
// any value, but the same for equal arguments.
func (c *Context) Div(a, b *Expr) *Expr { return c.op2(C.OP_DIV, a, b) }

// Mod returns a mod b (non-negative for b ≠ 0).
func (c *Context) Mod(a, b *Expr) *Expr { return c.op2(C.OP_MOD, a, b) }

// Rem returns a rem b: a mod b, negated when b < 0 (Z3's definition).
func (c *Context) Rem(a, b *Expr) *Expr { return c.op2(C.OP_REM, a, b) }

// Neg returns -a.
func (c *Context) Neg(a *Expr) *Expr { return c.op1(C.OP_NEG, a) }

// Lt returns a < b.
func (c *Context) Lt(a, b *Expr) *Expr { return c.op2(C.OP_LT, a, b) }

// Le returns a ≤ b.
func (c *Context) Le(a, b *Expr) *Expr { return c.op2(C.OP_LE, a, b) }

// Gt returns a > b.
func (c *Context) Gt(a, b *Expr) *Expr { return c.op2(C.OP_GT, a, b) }

// Ge returns a ≥ b.
func (c *Context) Ge(a, b *Expr) *Expr { return c.op2(C.OP_GE, a, b) }

// Bit-vectors (both operands of the same width).

// BVAdd returns a + b mod 2^n.
func (c *Context) BVAdd(a, b *Expr) *Expr { return c.op2(C.OP_BVADD, a, b) }

// BVSub returns a - b mod 2^n.
func (c *Context) BVSub(a, b *Expr) *Expr { return c.op2(C.OP_BVSUB, a, b) }

// BVMul returns a * b mod 2^n.
func (c *Context) BVMul(a, b *Expr) *Expr { return c.op2(C.OP_BVMUL, a, b) }

// BVUDiv returns unsigned a / b (all ones when b = 0).
func (c *Context) BVUDiv(a, b *Expr) *Expr { return c.op2(C.OP_BVUDIV, a, b) }

// BVSDiv returns signed a / b, rounding toward zero.
func (c *Context) BVSDiv(a, b *Expr) *Expr { return c.op2(C.OP_BVSDIV, a, b) }

// BVURem returns unsigned a % b (a when b = 0).
func (c *Context) BVURem(a, b *Expr) *Expr { return c.op2(C.OP_BVUREM, a, b) }

// BVSRem returns signed a % b, sign of a (C's %).
func (c *Context) BVSRem(a, b *Expr) *Expr { return c.op2(C.OP_BVSREM, a, b) }

// BVSMod returns signed a mod b, sign of b.
func (c *Context) BVSMod(a, b *Expr) *Expr { return c.op2(C.OP_BVSMOD, a, b) }

// BVAnd returns bitwise a & b.
func (c *Context) BVAnd(a, b *Expr) *Expr { return c.op2(C.OP_BVAND, a, b) }

// BVOr returns bitwise a | b.
func (c *Context) BVOr(a, b *Expr) *Expr { return c.op2(C.OP_BVOR, a, b) }

// BVXor returns bitwise a ^ b.
func (c *Context) BVXor(a, b *Expr) *Expr { return c.op2(C.OP_BVXOR, a, b) }

// BVShl returns a << b (0 when b ≥ n).
func (c *Context) BVShl(a, b *Expr) *Expr { return c.op2(C.OP_BVSHL, a, b) }

// BVLShr returns logical a >> b.
func (c *Context) BVLShr(a, b *Expr) *Expr { return c.op2(C.OP_BVLSHR, a, b) }

// BVAShr returns arithmetic a >> b.
func (c *Context) BVAShr(a, b *Expr) *Expr { return c.op2(C.OP_BVASHR, a, b) }

// BVNot returns bitwise ^a.
func (c *Context) BVNot(a *Expr) *Expr { return c.op1(C.OP_BVNOT, a) }

// BVNeg returns -a mod 2^n.
func (c *Context) BVNeg(a *Expr) *Expr { return c.op1(C.OP_BVNEG, a) }

// BVULt returns unsigned a < b.
func (c *Context) BVULt(a, b *Expr) *Expr { return c.op2(C.OP_BVULT, a, b) }

// BVULe returns unsigned a ≤ b.
func (c *Context) BVULe(a, b *Expr) *Expr { return c.op2(C.OP_BVULE, a, b) }

// BVUGt returns unsigned a > b.
func (c *Context) BVUGt(a, b *Expr) *Expr { return c.op2(C.OP_BVUGT, a, b) }

// BVUGe returns unsigned a ≥ b.
func (c *Context) BVUGe(a, b *Expr) *Expr { return c.op2(C.OP_BVUGE, a, b) }

// BVSLt returns signed a < b.
func (c *Context) BVSLt(a, b *Expr) *Expr { return c.op2(C.OP_BVSLT, a, b) }

// BVSLe returns signed a ≤ b.
func (c *Context) BVSLe(a, b *Expr) *Expr { return c.op2(C.OP_BVSLE, a, b) }

// BVSGt returns signed a > b.
func (c *Context) BVSGt(a, b *Expr) *Expr { return c.op2(C.OP_BVSGT, a, b) }

// BVSGe returns signed a ≥ b.
func (c *Context) BVSGe(a, b *Expr) *Expr { return c.op2(C.OP_BVSGE, a, b) }

// Extract returns bits hi..lo of a (hi ≥ lo, hi < width), hi-lo+1 wide.
func (c *Context) Extract(hi, lo uint, a *Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	x, ok := c.arg("Extract", a)
	if !ok {
		return &Expr{ctx: c}
	}
	if hi > 1<<31 {
		return c.invalid("Extract", "index out of range")
	}
	var bad C.int
	r := C.w_extract(c.c, C.uint(hi), C.uint(lo), x, &bad)
	if bad != 0 {
		return c.invalid("Extract", "needs a bit-vector with lo <= hi < width")
	}
	return c.wrap("Extract", r)
}

// Concat returns a followed by b (a in the high bits).
func (c *Context) Concat(a, b *Expr) *Expr { return c.op2(C.OP_CONCAT, a, b) }

// ZeroExt returns a widened by extra zero bits.
func (c *Context) ZeroExt(extra uint, a *Expr) *Expr { return c.opu(C.OP_ZEROEXT, extra, a) }

// SignExt returns a widened by extra copies of its sign bit.
func (c *Context) SignExt(extra uint, a *Expr) *Expr { return c.opu(C.OP_SIGNEXT, extra, a) }

// RotateLeft returns a rotated left by n bits.
func (c *Context) RotateLeft(n uint, a *Expr) *Expr { return c.opu(C.OP_ROTL, n, a) }

// RotateRight returns a rotated right by n bits.
func (c *Context) RotateRight(n uint, a *Expr) *Expr { return c.opu(C.OP_ROTR, n, a) }

// BV2Int returns the integer value of a, read as two's complement if signed.
func (c *Context) BV2Int(a *Expr, signed bool) *Expr {
	var u uint
	if signed {
		u = 1
	}
	return c.opu(C.OP_BV2INT, u, a)
}

// Int2BV returns a mod 2^bits as a bits-wide bit-vector.
func (c *Context) Int2BV(bits uint, a *Expr) *Expr {
	if bits == 0 {
		if !c.enter() {
			return &Expr{ctx: c}
		}
		return c.invalid("Int2BV", "bit-vector width must be positive")
	}
	return c.opu(C.OP_INT2BV, bits, a)
}

// Arrays.

// Select returns arr[idx].
func (c *Context) Select(arr, idx *Expr) *Expr { return c.op2(C.OP_SELECT, arr, idx) }

// Store returns arr with arr[idx] = val.
func (c *Context) Store(arr, idx, val *Expr) *Expr { return c.op3(C.OP_STORE, arr, idx, val) }

// ConstArray returns the array over domain that maps every index to val.
func (c *Context) ConstArray(domain *Sort, val *Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	d, ok1 := c.sortArg("ConstArray", domain)
	v, ok2 := c.arg("ConstArray", val)
	if !ok1 || !ok2 {
		return &Expr{ctx: c}
	}
	return c.wrap("ConstArray", C.w_const_array(c.c, d, v))
}
