package frontend

import (
	"modernc.org/cc/v4"

	"github.com/whoopverify/whoop/ir"
)

// C integer semantics when integers are not assumed ideal (Config.ExactInts):
// every operation that can leave its type's range with in-range operands
// (+, -, *, /, <<, unary - and ~ of an unsigned type, ++, --) and every
// conversion to a type that cannot hold all of the source type's values
// wraps, as two's-complement hardware does (the kernel builds with
// -fno-strict-overflow); operands of arithmetic, bitwise and comparison
// operators are first converted to their common type, so -1 < 1u is false.
// Operations whose result stays in range (&, |, ^, >>, %) need no wrap.
// Values read from shared memory stay arbitrary integers, not limited to
// their type's range: that over-approximates, it cannot hide a race.

// intBits returns the width in bits and the signedness of a C integer type
// (enums included, _Bool and pointers excluded); ok is false for other
// types and for widths without a wrap operator (__int128).
func intBits(t cc.Type) (bits int, signed, ok bool) {
	if t == nil || !cc.IsIntegerType(t) || t.Kind() == cc.Bool {
		return 0, false, false
	}
	bits = int(t.Size()) * 8
	if _, ok := ir.WrapOp(bits, false); !ok {
		return 0, false, false
	}
	return bits, cc.IsSignedInteger(t), true
}

// holds reports whether integer type to can represent every value of
// integer type from.
func holds(to, from cc.Type) bool {
	tb, ts, ok1 := intBits(to)
	fb, fs, ok2 := intBits(from)
	if !ok1 || !ok2 {
		return true // not integers we model: nothing to wrap
	}
	switch {
	case ts == fs:
		return tb >= fb
	case ts: // unsigned into signed
		return tb > fb
	default: // signed into unsigned
		return false
	}
}

// exactInts reports whether integer overflow is modelled.
func (f *fnBuilder) exactInts() bool { return f.b.st.cfg.ExactInts }

// wrapTo reduces v to the range of integer type t when integer overflow is
// modelled; otherwise, or for other types, it returns v.
func (f *fnBuilder) wrapTo(v ir.Expr, t cc.Type) ir.Expr {
	if !f.exactInts() || v == nil {
		return v
	}
	bits, signed, ok := intBits(t)
	if !ok {
		return v
	}
	return ir.Wrap(v, bits, signed)
}

// convertInt converts v from integer type from to integer type to: a wrap
// when to cannot hold every value of from and overflow is modelled.
func (f *fnBuilder) convertInt(v ir.Expr, from, to cc.Type) ir.Expr {
	if !f.exactInts() || holds(to, from) {
		return v
	}
	return f.wrapTo(v, to)
}

// mayOverflow reports whether op can leave its operands' type with
// operands in range.
func mayOverflow(op ir.Op) bool {
	switch op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpShl:
		return true
	}
	return false
}

// intOperands converts the operands of a binary operator on integer types
// xt and yt to the type the operation is done in, and returns that type:
// the promoted left operand type for shifts, the usual arithmetic
// conversion otherwise. Without overflow modelling, or when an operand is
// not an integer, it returns the operands unchanged and a nil type.
func (f *fnBuilder) intOperands(op ir.Op, x, y ir.Expr, xt, yt cc.Type) (ir.Expr, ir.Expr, cc.Type) {
	if !f.exactInts() {
		return x, y, nil
	}
	if _, _, ok := intBits(xt); !ok {
		return x, y, nil
	}
	if _, _, ok := intBits(yt); !ok {
		return x, y, nil
	}
	if op == ir.OpShl || op == ir.OpShr {
		ct := cc.IntegerPromotion(xt)
		return f.convertInt(x, xt, ct), y, ct
	}
	ct := cc.UsualArithmeticConversions(xt, yt)
	if ct == nil {
		return x, y, nil
	}
	return f.convertInt(x, xt, ct), f.convertInt(y, yt, ct), ct
}
