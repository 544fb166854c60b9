package regions

import "github.com/whoopverify/whoop/ir"

// Rounding a pointer to an alignment (PTR_ALIGN, ALIGN, ALIGN_DOWN and
// roundup on an address: include/linux/align.h, include/linux/math.h)
// hides it in a mask or a division, which resolveUnknowns would read as a
// pointer to anywhere in its node and collapse the node. The result lies
// within the alignment of the pointer it came from:
//
//	(x + c) & ~m      in [x + c - m, x + c]   (m = 2^n - 1)
//	((x + c) / k) * k  in [x + c - (k - 1), x + c]
//
// so it is that pointer plus an unknown offset of at most m: pointer
// arithmetic with a variable index, which folds the innermost struct or
// array around it (A4, resolveStrides) rather than the whole node. Off
// A4 that fold is the whole node, stride 1: the collapse of before.
// i2c-ismt.c's PTR_ALIGN(&priv->buffer[0], 16) and hpilo.c's
// roundup((unsigned long)dma_va, ILO_START_ALIGN) collapsed struct
// ismt_priv and the ccb's DMA block (testdata/align.c).

// maxAlignBits bounds the alignments read this way (2 MiB, a huge page):
// a mask clearing more low bits is not an alignment.
const maxAlignBits = 21

// quotient is a pointer-carrying value divided by a constant: multiplied
// back by the same constant it is the pointer rounded down.
type quotient struct {
	v  value
	by int64
}

// constOf returns v's value when it is an integer constant.
func constOf(v value) (int64, bool) {
	if v.base != nil || len(v.unknown) > 0 || v.l.bot || v.l.s != 0 {
		return 0, false
	}
	return v.l.c, true
}

// alignMask reports the m of a mask ~m clearing the n low bits.
func alignMask(c int64) (int64, bool) {
	m := ^c
	return m, m >= 0 && m < 1<<maxAlignBits && m&(m+1) == 0
}

// rounded evaluates x op y when it rounds a pointer (see above); ok is
// false for every other operation.
func rounded(op ir.Op, x, y value) (value, bool) {
	if op == ir.OpAnd || op == ir.OpMul {
		if _, isConst := constOf(x); isConst {
			x, y = y, x
		}
	}
	c, isConst := constOf(y)
	if !isConst {
		return value{}, false
	}
	switch op {
	case ir.OpAnd:
		if m, ok := alignMask(c); ok && x.base != nil && x.quot == nil {
			return alignedBy(x, m), true
		}
	case ir.OpDiv:
		if c > 1 && x.base != nil && x.quot == nil {
			w := x.demote()
			w.l = topLin
			w.quot = &quotient{v: x, by: c}
			return w, true
		}
	case ir.OpMul:
		if x.quot != nil && x.quot.by == c {
			return alignedBy(x.quot.v, c-1), true
		}
	}
	return value{}, false
}

// alignedBy is pointer value v moved down by an unknown amount of at most
// m: a variable index, anchored at the lowest offset the result can have
// that is not below the pointer's own (x + c with 0 <= c is the pointer
// moved up to round it, ALIGN's x + m), reaching up to m bytes past it:
// the walk folds the innermost struct or array around all of them.
func alignedBy(v value, m int64) value {
	if v.l.bot {
		return v
	}
	if !v.anchored && v.l.s == 0 {
		c := v.l.c
		v.anchor, v.anchored = min(max(c-m, 0), c), true
	}
	v.l = lin{c: v.l.c, s: 1}
	v.reach = max(v.reach, m)
	return v
}

// typedIndex reports whether y is an integer index added to the
// pointer-typed base of x, whose hidden pointers then do not reach the
// sum: C pointer arithmetic yields a pointer into the object its pointer
// operand points to (C11 6.5.6p8), whatever the integer was computed
// from (A4). That integer is an address only in address conversions:
// virt_to_page(buf) is vmemmap + (__pa(buf) >> PAGE_SHIFT), a struct
// page, not the buffer (dma_map_single, sg_set_buf). Off A4 the hidden
// pointers go with the sum, which collapses their node.
func (g *graph) typedIndex(x, y value) bool {
	return !g.opts.NoBoundsAssumption && x.base != nil && x.typed && y.base == nil
}
