package explore

import (
	"math/big"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// C's integers in the explorer. The program comes lowered with C's
// integer semantics (Options.Exact: operations that overflow and
// narrowing conversions wrap), so what is left is where values enter a
// thread: what the environment gives (an external function's result, a
// havoc, an argument, a helper's written bytes) and what memory holds
// (a guessed initial cell). Each is a value of its C type: the encoding
// assumes it in range (an execution outside it is none), the replay
// wraps a value a drive chose into it, as the hardware would truncate
// it (the low bytes of a little-endian cell). A hardware read returns a
// value of its width even when its C type is wider (models.ReadBits).

// intRange returns the least and greatest value of C integer type t;
// ok is false for pointers, aggregates and unknown types.
func intRange(t ir.Type) (lo, hi *big.Int, ok bool) {
	if t == nil {
		return nil, nil, false
	}
	b, isBasic := ir.Unnamed(t).(*ir.Basic)
	if !isBasic || b.Kind != ir.Integer || b.Bytes <= 0 || b.Bytes > 8 {
		return nil, nil, false
	}
	if b.Name == "_Bool" {
		return new(big.Int), big.NewInt(1), true
	}
	return bitsRange(int(b.Bytes*8), b.Signed)
}

// bitsRange is the range of an integer of bits bits.
func bitsRange(bits int, signed bool) (lo, hi *big.Int, ok bool) {
	if signed {
		hi = new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
		lo = new(big.Int).Neg(hi)
		return lo, hi.Sub(hi, big.NewInt(1)), true
	}
	hi = new(big.Int).Lsh(big.NewInt(1), uint(bits))
	return new(big.Int), hi.Sub(hi, big.NewInt(1)), true
}

// fitTo reduces v into the range of C type t as a conversion would
// (unchanged for other types).
func fitTo(v *big.Int, t ir.Type) *big.Int {
	b, ok := ir.Unnamed(typeOr(t)).(*ir.Basic)
	if !ok || b.Kind != ir.Integer || b.Bytes <= 0 || b.Bytes > 8 {
		return v
	}
	if b.Name == "_Bool" {
		return boolInt(v.Sign() != 0)
	}
	return ir.WrapValue(v, int(b.Bytes*8), b.Signed)
}

func typeOr(t ir.Type) ir.Type {
	if t == nil {
		return &ir.Basic{}
	}
	return t
}

// resultBits is the width a hardware read of external function f
// returns; 0 when f is none.
func resultBits(f *ir.Function) int {
	if f == nil {
		return 0
	}
	b, _ := models.ReadBits(f.Name)
	return b
}

// fitResult is fitTo for the result of external function f into dst's
// type, a hardware read to its width first.
func fitResult(v *big.Int, f *ir.Function, t ir.Type) *big.Int {
	if b := resultBits(f); b > 0 {
		v = ir.WrapValue(v, b, false)
	}
	return fitTo(v, t)
}

// constOf is the ir constant for v (an int64, or an unsigned 64-bit one).
func constOf(v *big.Int) ir.Expr {
	if v.IsInt64() {
		return ir.IntConst(v.Int64())
	}
	return &ir.Const{Val: int64(v.Uint64()), Unsigned: true}
}

// inRange is lo <= x <= hi for C type t, or nil when t bounds nothing.
func inRange(x ir.Expr, t ir.Type) ir.Expr {
	lo, hi, ok := intRange(t)
	if !ok {
		return nil
	}
	return ir.And(ir.Bin(ir.OpLe, constOf(lo), x), ir.Bin(ir.OpLe, x, constOf(hi)))
}

// assumeRange emits assume lo <= v <= hi for v's C type (and, for the
// result of hardware read f, its width).
func (c *cloner) assumeRange(b *ir.Block, v *ir.Var, f *ir.Function, pos ir.Pos) {
	if v == nil || v.Kind != ir.Int {
		return
	}
	if bits := resultBits(f); bits > 0 {
		lo, hi, _ := bitsRange(bits, false)
		b.Add(&ir.Assume{Cond: ir.And(ir.Bin(ir.OpLe, constOf(lo), v), ir.Bin(ir.OpLe, v, constOf(hi))), P: pos})
	}
	if cond := inRange(v, v.CType); cond != nil {
		b.Add(&ir.Assume{Cond: cond, P: pos})
	}
}

// wrapTo is v converted to C type t (nil when t bounds nothing).
func wrapTo(v ir.Expr, t ir.Type) ir.Expr {
	b, ok := ir.Unnamed(typeOr(t)).(*ir.Basic)
	if !ok || b.Kind != ir.Integer || b.Bytes <= 0 || b.Bytes > 8 {
		return nil
	}
	if b.Name == "_Bool" {
		return &ir.Ite{Cond: ir.Bin(ir.OpNe, v, ir.IntConst(0)), Then: ir.IntConst(1), Else: ir.IntConst(0)}
	}
	return ir.Wrap(v, int(b.Bytes*8), b.Signed)
}

// fitVar converts v, an environment's value, to its C type (and the
// result of hardware read f to its width), as the replay does (fitTo):
// a conversion rather than an assumption, which vc makes exact only
// where a model needs it (vc.Options.Refine), where bounds on every value
// the environment gives made queries several times slower (ds1286).
func (c *cloner) fitVar(b *ir.Block, v *ir.Var, f *ir.Function, pos ir.Pos) {
	if v == nil || v.Kind != ir.Int {
		return
	}
	var x ir.Expr = v
	if bits := resultBits(f); bits > 0 {
		x = ir.Wrap(x, bits, false)
	}
	if w := wrapTo(x, v.CType); w != nil {
		x = w
	}
	if x != ir.Expr(v) {
		b.Add(&ir.Assign{Dst: v, Src: x, P: pos})
	}
}
