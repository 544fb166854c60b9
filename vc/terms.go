package vc

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/whoopverify/whoop/z3"
)

// terms builds Z3 terms and keeps a reference to every one of them until
// the encoding is dropped: a term released mid-check would let Z3 reuse its
// id at a moment chosen by the Go garbage collector, and Z3's heuristics
// depend on ids.
type terms struct {
	zc      *z3.Context
	keep    []*z3.Expr
	decls   []*z3.FuncDecl
	err     error
	n       int // fresh-name counter
	tru     *z3.Expr
	fls     *z3.Expr
	intS    *z3.Sort
	boolS   *z3.Sort
	memS    *z3.Sort
	smallIn map[int64]*z3.Expr
}

func newTerms(zc *z3.Context) *terms {
	t := &terms{zc: zc, smallIn: make(map[int64]*z3.Expr)}
	t.intS, t.boolS = zc.IntSort(), zc.BoolSort()
	t.memS = zc.ArraySort(t.intS, t.intS)
	t.tru = t.k(zc.True())
	t.fls = t.k(zc.False())
	return t
}

// k keeps e and records the first construction error.
func (t *terms) k(e *z3.Expr) *z3.Expr {
	if !e.IsValid() && t.err == nil {
		t.err = t.zc.Err()
		if t.err == nil {
			t.err = fmt.Errorf("z3 returned an invalid term")
		}
	}
	t.keep = append(t.keep, e)
	return e
}

func (t *terms) isTrue(e *z3.Expr) bool  { return e == t.tru }
func (t *terms) isFalse(e *z3.Expr) bool { return e == t.fls }

func (t *terms) boolVal(b bool) *z3.Expr {
	if b {
		return t.tru
	}
	return t.fls
}

// fresh returns a new constant of sort s named prefix#n.
func (t *terms) fresh(prefix string, s *z3.Sort) *z3.Expr {
	t.n++
	return t.k(t.zc.Const(prefix+"#"+strconv.Itoa(t.n), s))
}

func (t *terms) freshInt(prefix string) *z3.Expr  { return t.fresh(prefix, t.intS) }
func (t *terms) freshBool(prefix string) *z3.Expr { return t.fresh(prefix, t.boolS) }
func (t *terms) freshMem(prefix string) *z3.Expr  { return t.fresh(prefix, t.memS) }

// zeroMem is a memory whose every cell is 0.
func (t *terms) zeroMem() *z3.Expr { return t.k(t.zc.ConstArray(t.intS, t.intv(0))) }

func (t *terms) named(name string, s *z3.Sort) *z3.Expr { return t.k(t.zc.Const(name, s)) }

func (t *terms) intv(v int64) *z3.Expr {
	if e, ok := t.smallIn[v]; ok {
		return e
	}
	e := t.k(t.zc.Int(v))
	t.smallIn[v] = e
	return e
}

func (t *terms) bigv(v *big.Int) *z3.Expr {
	if v.IsInt64() {
		return t.intv(v.Int64())
	}
	return t.k(t.zc.IntBig(v))
}

// and folds true and false operands.
func (t *terms) and(xs ...*z3.Expr) *z3.Expr {
	var keep []*z3.Expr
	for _, x := range xs {
		if t.isFalse(x) {
			return t.fls
		}
		if !t.isTrue(x) {
			keep = append(keep, x)
		}
	}
	switch len(keep) {
	case 0:
		return t.tru
	case 1:
		return keep[0]
	}
	return t.k(t.zc.And(keep...))
}

// or folds true and false operands.
func (t *terms) or(xs ...*z3.Expr) *z3.Expr {
	var keep []*z3.Expr
	for _, x := range xs {
		if t.isTrue(x) {
			return t.tru
		}
		if !t.isFalse(x) {
			keep = append(keep, x)
		}
	}
	switch len(keep) {
	case 0:
		return t.fls
	case 1:
		return keep[0]
	}
	return t.k(t.zc.Or(keep...))
}

func (t *terms) not(x *z3.Expr) *z3.Expr {
	switch {
	case t.isTrue(x):
		return t.fls
	case t.isFalse(x):
		return t.tru
	}
	return t.k(t.zc.Not(x))
}

// implies treats a nil premise as true.
func (t *terms) implies(a, b *z3.Expr) *z3.Expr {
	switch {
	case a == nil, t.isTrue(a):
		return b
	case t.isFalse(a), t.isTrue(b):
		return t.tru
	}
	return t.k(t.zc.Implies(a, b))
}

func (t *terms) eq(a, b *z3.Expr) *z3.Expr {
	if a == b {
		return t.tru
	}
	return t.k(t.zc.Eq(a, b))
}

func (t *terms) ite(c, a, b *z3.Expr) *z3.Expr {
	switch {
	case t.isTrue(c):
		return a
	case t.isFalse(c):
		return b
	case a == b:
		return a
	}
	return t.k(t.zc.Ite(c, a, b))
}

func (t *terms) add(xs ...*z3.Expr) *z3.Expr { return t.k(t.zc.Add(xs...)) }
func (t *terms) sub(a, b *z3.Expr) *z3.Expr  { return t.k(t.zc.Sub(a, b)) }
func (t *terms) mul(a, b *z3.Expr) *z3.Expr  { return t.k(t.zc.Mul(a, b)) }
func (t *terms) div(a, b *z3.Expr) *z3.Expr  { return t.k(t.zc.Div(a, b)) }
func (t *terms) mod(a, b *z3.Expr) *z3.Expr  { return t.k(t.zc.Mod(a, b)) }
func (t *terms) neg(a *z3.Expr) *z3.Expr     { return t.k(t.zc.Neg(a)) }
func (t *terms) lt(a, b *z3.Expr) *z3.Expr   { return t.k(t.zc.Lt(a, b)) }
func (t *terms) le(a, b *z3.Expr) *z3.Expr   { return t.k(t.zc.Le(a, b)) }
func (t *terms) gt(a, b *z3.Expr) *z3.Expr   { return t.k(t.zc.Gt(a, b)) }
func (t *terms) ge(a, b *z3.Expr) *z3.Expr   { return t.k(t.zc.Ge(a, b)) }

func (t *terms) sel(arr, idx *z3.Expr) *z3.Expr      { return t.k(t.zc.Select(arr, idx)) }
func (t *terms) store(arr, idx, v *z3.Expr) *z3.Expr { return t.k(t.zc.Store(arr, idx, v)) }
func (t *terms) apply(f *z3.FuncDecl, xs ...*z3.Expr) *z3.Expr {
	return t.k(t.zc.Apply(f, xs...))
}

func (t *terms) decl(name string, arity int) *z3.FuncDecl {
	dom := make([]*z3.Sort, arity)
	for i := range dom {
		dom[i] = t.intS
	}
	d := t.zc.FuncDecl(name, dom, t.intS)
	if !d.IsValid() && t.err == nil {
		t.err = fmt.Errorf("declare %s: %v", name, t.zc.Err())
	}
	t.decls = append(t.decls, d)
	return d
}

// same reports whether a and b are the same term.
func same(a, b *z3.Expr) bool { return a == b || a.ID() == b.ID() }
