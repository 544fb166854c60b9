package vc

import (
	"errors"
	"math/big"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/z3"
)

// maxRefinements bounds the lemmas rounds of one Prover.Check under
// Options.Refine; past it the remaining obligations are Unknown.
const maxRefinements = 64

// errRefineLimit is the reason an obligation is Unknown when refinement
// did not converge within maxRefinements rounds.
var errRefineLimit = errors.New("arithmetic refinement limit")

// abstraction is one application r = op(a, b) of an uninterpreted function
// that stands for an exact operation (b is nil for a wrap). reach lists the
// conditions under which C evaluates it, where the encoder knows them: an
// undefined operation (division by zero, a shift out of 0..63) is excluded
// only there.
type abstraction struct {
	op      ir.Op
	a, b, r *z3.Expr
	reach   []*z3.Expr
	unknown bool // evaluated somewhere the encoder does not know the condition of
}

// abstract records r = op(a, b) for refinement and returns r.
func (e *encoder) abstract(sc *scope, op ir.Op, a, b, r *z3.Expr) *z3.Expr {
	if !e.opts.Refine {
		return r
	}
	ab, ok := e.absIdx[r.ID()]
	if !ok {
		ab = &abstraction{op: op, a: a, b: b, r: r}
		e.absIdx[r.ID()] = ab
		e.abs = append(e.abs, ab)
	}
	if sc == nil || sc.reach == nil {
		ab.unknown = true
	} else {
		ab.reach = append(ab.reach, sc.reach)
	}
	return r
}

// refine compares every abstracted application with exact arithmetic at
// the values the model m gives its arguments and adds lemmas, true of
// the exact operations, that the model violates: b = vb ⇒ r = op(a, vb)
// with op(a, vb) encoded exactly (a ground instance where that is not
// possible). An undefined operation gives reach ⇒ defined. The lemmas go
// to the encoding's constraints (a fresh solver starts with them); refine
// returns how many. No lemma: the model agrees with exact arithmetic wherever it
// evaluates an abstracted operation with defined arguments.
//
// pins are the premises of those lemmas (b = vb): assumed in the next
// query, they make the refined operations exact there, so refinement
// converges instead of the solver moving each divisor to a value not yet
// refined.
func (en *Encoding) refine(m *z3.Model) (lemmas int, pins []*z3.Expr) {
	e := en.enc
	for _, ab := range e.abs {
		if l, pin := e.lemma(m, ab); l != nil {
			e.constraints = append(e.constraints, l)
			lemmas++
			if pin != nil {
				pins = append(pins, pin)
			}
		}
	}
	return lemmas, pins
}

func (e *encoder) lemma(m *z3.Model, ab *abstraction) (lemma, pin *z3.Expr) {
	va, ok := m.BigInt(ab.a)
	if !ok {
		return nil, nil
	}
	vr, ok := m.BigInt(ab.r)
	if !ok {
		return nil, nil
	}
	if bits, signed, ok := ab.op.Wrap(); ok {
		if vr.Cmp(ir.WrapValue(va, bits, signed)) == 0 {
			return nil, nil
		}
		return e.eq(ab.r, e.wrap(ab.a, bits, signed)), nil
	}
	vb, ok := m.BigInt(ab.b)
	if !ok {
		return nil, nil
	}
	var exact *big.Int
	switch ab.op {
	case ir.OpDiv, ir.OpRem:
		if vb.Sign() == 0 {
			return e.defined(m, ab, e.not(e.eq(ab.b, e.intv(0)))), nil
		}
		if ab.op == ir.OpDiv {
			exact = new(big.Int).Quo(va, vb)
		} else {
			exact = new(big.Int).Rem(va, vb)
		}
	case ir.OpShl, ir.OpShr:
		if !vb.IsInt64() || vb.Int64() < 0 || vb.Int64() > 63 {
			return e.defined(m, ab, e.and(e.ge(ab.b, e.intv(0)), e.le(ab.b, e.intv(63)))), nil
		}
		if ab.op == ir.OpShl {
			exact = new(big.Int).Lsh(va, uint(vb.Int64()))
		} else {
			exact = new(big.Int).Rsh(va, uint(vb.Int64()))
		}
	case ir.OpAnd:
		exact = new(big.Int).And(va, vb)
	case ir.OpOr:
		exact = new(big.Int).Or(va, vb)
	case ir.OpXor:
		exact = new(big.Int).Xor(va, vb)
	default:
		return nil, nil
	}
	if vr.Cmp(exact) == 0 {
		return nil, nil
	}
	if ab.op == ir.OpShl || ab.op == ir.OpShr {
		// Every defined shift at once: b in 0..63 ⇒ r = ite(b = 0, a op 0,
		// ite(b = 1, ...)). One lemma, where point lemmas could take 64
		// rounds to prove a property of all shifts.
		t := e.exactWith(ab.op, ab.a, big.NewInt(63))
		for k := int64(62); k >= 0; k-- {
			t = e.ite(e.eq(ab.b, e.intv(k)), e.exactWith(ab.op, ab.a, big.NewInt(k)), t)
		}
		inRange := e.and(e.ge(ab.b, e.intv(0)), e.le(ab.b, e.intv(63)))
		return e.implies(inRange, e.eq(ab.r, t)), e.eq(ab.b, e.bigv(vb))
	}
	// The exact operation with b fixed at vb: linear in a.
	if t := e.exactWith(ab.op, ab.a, vb); t != nil {
		pin = e.eq(ab.b, e.bigv(vb))
		return e.implies(pin, e.eq(ab.r, t)), pin
	}
	if isBitwise(ab.op) {
		if t := e.exactWith(ab.op, ab.b, va); t != nil {
			pin = e.eq(ab.a, e.bigv(va))
			return e.implies(pin, e.eq(ab.r, t)), pin
		}
	}
	pin = e.and(e.eq(ab.a, e.bigv(va)), e.eq(ab.b, e.bigv(vb)))
	return e.implies(pin, e.eq(ab.r, e.bigv(exact))), pin
}

// defined returns reach ⇒ ok for an operation the model evaluates with
// undefined arguments, or nil if C may evaluate it where the encoder does
// not know the condition, or the model does not evaluate it at all.
func (e *encoder) defined(m *z3.Model, ab *abstraction, ok *z3.Expr) *z3.Expr {
	if ab.unknown || len(ab.reach) == 0 {
		return nil
	}
	for _, r := range ab.reach {
		if v, _ := m.Bool(r); v {
			return e.implies(e.or(ab.reach...), ok)
		}
	}
	return nil
}

// exactWith encodes x op c exactly for a constant c, or returns nil.
func (e *encoder) exactWith(op ir.Op, x *z3.Expr, c *big.Int) *z3.Expr {
	switch op {
	case ir.OpDiv, ir.OpRem:
		q, r := e.divConst(x, c)
		if op == ir.OpDiv {
			return q
		}
		return r
	case ir.OpShl:
		return e.mul(x, e.bigv(new(big.Int).Lsh(big.NewInt(1), uint(c.Int64()))))
	case ir.OpShr:
		return e.div(x, e.bigv(new(big.Int).Lsh(big.NewInt(1), uint(c.Int64()))))
	case ir.OpAnd, ir.OpOr, ir.OpXor:
		if t, _ := e.bitwiseTrivial(op, x, c); t != nil {
			return t
		}
		return e.bitwiseConst(op, x, c)
	}
	return nil
}

func isBitwise(op ir.Op) bool { return op == ir.OpAnd || op == ir.OpOr || op == ir.OpXor }
