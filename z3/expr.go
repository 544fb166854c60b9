//go:build cgo

package z3

/*
#include "shim.h"
*/
import "C"

import (
	"math/big"
	"runtime"
	"strings"
	"unsafe"
)

// Expr is a Z3 term (Bool, Int, bit-vector, array, ...). A valid Expr owns
// one Z3 reference, released some time after the Expr becomes unreachable
// (or at Context.Close). A failed construction returns an invalid Expr.
type Expr struct {
	ctx *Context
	a   C.Z3_ast
}

// Sort is a Z3 sort. Like Expr it owns a reference.
type Sort struct {
	ctx *Context
	s   C.Z3_sort
}

// FuncDecl is an uninterpreted function symbol.
type FuncDecl struct {
	ctx *Context
	d   C.Z3_func_decl
}

// wrap takes ownership of a reference returned by a shim, or records the
// Z3 error if the shim returned NULL.
func (c *Context) wrap(op string, a C.Z3_ast) *Expr {
	if a == nil {
		c.fail(c.z3Error(op))
		return &Expr{ctx: c}
	}
	e := &Expr{ctx: c, a: a}
	own(c, e, unsafe.Pointer(a))
	return e
}

// own records the reference of a new term, sort or declaration p held by
// the Go value v: released when v is collected, or at Close with KeepTerms.
func own[T any](c *Context, v *T, p unsafe.Pointer) {
	slot := c.track(p, C.K_AST)
	if !c.cfg.KeepTerms {
		runtime.AddCleanup(v, c.enqueue, slot)
	}
}

func (c *Context) wrapSort(op string, s C.Z3_sort) *Sort {
	if s == nil {
		c.fail(c.z3Error(op))
		return &Sort{ctx: c}
	}
	so := &Sort{ctx: c, s: s}
	own(c, so, unsafe.Pointer(s))
	return so
}

// keepSort and keepExpr own a reference until Close (cached values).
func (c *Context) keepSort(s C.Z3_sort, op string) *Sort {
	if s == nil {
		c.fail(c.z3Error(op))
		return &Sort{ctx: c}
	}
	c.track(unsafe.Pointer(s), C.K_AST)
	return &Sort{ctx: c, s: s}
}

func (c *Context) keepExpr(a C.Z3_ast, op string) *Expr {
	if a == nil {
		c.fail(c.z3Error(op))
		return &Expr{ctx: c}
	}
	c.track(unsafe.Pointer(a), C.K_AST)
	return &Expr{ctx: c, a: a}
}

// invalid records err (if the context is open) and returns an invalid Expr.
func (c *Context) invalid(op, msg string) *Expr {
	if c != nil && !c.closed {
		c.fail(&Error{Op: op, Msg: msg})
	}
	return &Expr{ctx: c}
}

// arg checks that e is a valid term of this context.
func (c *Context) arg(op string, e *Expr) (C.Z3_ast, bool) {
	switch {
	case e == nil || e.a == nil:
		c.fail(&Error{Op: op, Msg: "invalid expression argument (nil or the result of a failed construction)"})
		return nil, false
	case e.ctx != c:
		c.fail(&Error{Op: op, Msg: "expression argument belongs to another context"})
		return nil, false
	}
	return e.a, true
}

func (c *Context) sortArg(op string, s *Sort) (C.Z3_sort, bool) {
	switch {
	case s == nil || s.s == nil:
		c.fail(&Error{Op: op, Msg: "invalid sort argument (nil or the result of a failed construction)"})
		return nil, false
	case s.ctx != c:
		c.fail(&Error{Op: op, Msg: "sort argument belongs to another context"})
		return nil, false
	}
	return s.s, true
}

// argList loads xs into buf (a reused scratch buffer).
func (c *Context) argList(op string, buf []C.Z3_ast, xs []*Expr) ([]C.Z3_ast, bool) {
	buf = buf[:0]
	for _, x := range xs {
		a, ok := c.arg(op, x)
		if !ok {
			return buf, false
		}
		buf = append(buf, a)
	}
	return buf, true
}

// IsValid reports whether e is a usable term: constructed without error in
// a context that is still open.
func (e *Expr) IsValid() bool {
	return e != nil && e.a != nil && e.ctx != nil && !e.ctx.closed
}

// String returns the SMT-LIB2 text of e.
func (e *Expr) String() string {
	if !e.IsValid() || !e.ctx.enter() {
		return "<invalid>"
	}
	return C.GoString(C.Z3_ast_to_string(e.ctx.c, e.a))
}

// Sort returns the sort of e.
func (e *Expr) Sort() *Sort {
	if !e.IsValid() || !e.ctx.enter() {
		if e == nil {
			return &Sort{}
		}
		return &Sort{ctx: e.ctx}
	}
	return e.ctx.wrapSort("Sort", C.w_get_sort(e.ctx.c, e.a))
}

// ID returns Z3's id of e, unique among live terms of the context (Z3
// reuses the ids of freed terms). 0 for an invalid Expr.
func (e *Expr) ID() uint32 {
	if !e.IsValid() || !e.ctx.enter() {
		return 0
	}
	return uint32(C.Z3_get_ast_id(e.ctx.c, e.a))
}

// IsValid reports whether s is a usable sort.
func (s *Sort) IsValid() bool {
	return s != nil && s.s != nil && s.ctx != nil && !s.ctx.closed
}

// String returns the SMT-LIB2 name of s.
func (s *Sort) String() string {
	if !s.IsValid() || !s.ctx.enter() {
		return "<invalid>"
	}
	return C.GoString(C.Z3_sort_to_string(s.ctx.c, s.s))
}

// IsValid reports whether f is a usable declaration.
func (f *FuncDecl) IsValid() bool {
	return f != nil && f.d != nil && f.ctx != nil && !f.ctx.closed
}

// String returns the SMT-LIB2 declaration of f.
func (f *FuncDecl) String() string {
	if !f.IsValid() || !f.ctx.enter() {
		return "<invalid>"
	}
	return C.GoString(C.Z3_func_decl_to_string(f.ctx.c, f.d))
}

// BoolSort returns the Boolean sort.
func (c *Context) BoolSort() *Sort {
	if !c.enter() {
		return &Sort{ctx: c}
	}
	return c.boolSort
}

// IntSort returns the sort of mathematical integers.
func (c *Context) IntSort() *Sort {
	if !c.enter() {
		return &Sort{ctx: c}
	}
	return c.intSort
}

// BVSort returns the sort of bit-vectors of the given width (> 0).
func (c *Context) BVSort(bits uint) *Sort {
	if !c.enter() {
		return &Sort{ctx: c}
	}
	if s, ok := c.bvSorts[bits]; ok {
		return s
	}
	if bits == 0 || bits > 1<<31 {
		c.fail(&Error{Op: "BVSort", Msg: "bit-vector width must be between 1 and 2^31"})
		return &Sort{ctx: c}
	}
	s := c.keepSort(C.w_bv_sort(c.c, C.uint(bits)), "BVSort")
	if s.s != nil {
		c.bvSorts[bits] = s
	}
	return s
}

// ArraySort returns the sort of arrays from domain to rng.
func (c *Context) ArraySort(domain, rng *Sort) *Sort {
	if !c.enter() {
		return &Sort{ctx: c}
	}
	d, ok1 := c.sortArg("ArraySort", domain)
	r, ok2 := c.sortArg("ArraySort", rng)
	if !ok1 || !ok2 {
		return &Sort{ctx: c}
	}
	return c.wrapSort("ArraySort", C.w_array_sort(c.c, d, r))
}

// Const returns the constant called name of sort s. The same name and sort
// give the same term.
func (c *Context) Const(name string, s *Sort) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	so, ok := c.sortArg("Const", s)
	if !ok {
		return &Expr{ctx: c}
	}
	if strings.IndexByte(name, 0) >= 0 {
		return c.invalid("Const", "name contains a NUL byte")
	}
	return c.wrap("Const", C.w_const(c.c, c.cstr(name), so))
}

// FreshConst returns a constant distinct from every other, named after
// prefix.
func (c *Context) FreshConst(prefix string, s *Sort) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	so, ok := c.sortArg("FreshConst", s)
	if !ok {
		return &Expr{ctx: c}
	}
	if strings.IndexByte(prefix, 0) >= 0 {
		return c.invalid("FreshConst", "prefix contains a NUL byte")
	}
	return c.wrap("FreshConst", C.w_fresh_const(c.c, c.cstr(prefix), so))
}

// BoolVal returns true or false.
func (c *Context) BoolVal(b bool) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	if b {
		return c.trueE
	}
	return c.falseE
}

// True returns the Boolean constant true.
func (c *Context) True() *Expr { return c.BoolVal(true) }

// False returns the Boolean constant false.
func (c *Context) False() *Expr { return c.BoolVal(false) }

// Int returns the integer numeral v.
func (c *Context) Int(v int64) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	if v >= numCacheMin && v <= numCacheMax {
		return c.cachedNum(numKey{0, v}, c.intSort)
	}
	return c.wrap("Int", C.w_int64(c.c, C.int64_t(v), c.intSort.s))
}

// cachedNum returns the numeral k.v of sort s from the cache, making it on
// first use.
func (c *Context) cachedNum(k numKey, s *Sort) *Expr {
	if e, ok := c.nums[k]; ok {
		return e
	}
	e := c.keepExpr(C.w_int64(c.c, C.int64_t(k.v), s.s), "numeral")
	if e.a != nil {
		c.nums[k] = e
	}
	return e
}

// IntBig returns the integer numeral v.
func (c *Context) IntBig(v *big.Int) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	if v == nil {
		return c.invalid("IntBig", "nil *big.Int")
	}
	if v.IsInt64() {
		return c.wrap("IntBig", C.w_int64(c.c, C.int64_t(v.Int64()), c.intSort.s))
	}
	return c.wrap("IntBig", C.w_numeral(c.c, c.cstr(v.String()), c.intSort.s))
}

// BV returns the bits-wide bit-vector numeral v mod 2^bits (so negative v
// gives its two's complement).
func (c *Context) BV(v int64, bits uint) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	if bits > 64 && v < 0 {
		return c.BVBig(big.NewInt(v), bits)
	}
	s := c.BVSort(bits)
	if s.s == nil {
		return &Expr{ctx: c}
	}
	u := uint64(v)
	if bits < 64 {
		u &= 1<<bits - 1
	}
	if u <= numCacheMax {
		return c.cachedNum(numKey{bits, int64(u)}, s)
	}
	return c.wrap("BV", C.w_uint64(c.c, C.uint64_t(u), s.s))
}

// BVBig returns the bits-wide bit-vector numeral v mod 2^bits.
func (c *Context) BVBig(v *big.Int, bits uint) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	if v == nil {
		return c.invalid("BVBig", "nil *big.Int")
	}
	s := c.BVSort(bits)
	if s.s == nil {
		return &Expr{ctx: c}
	}
	m := new(big.Int).Lsh(big.NewInt(1), bits)
	n := new(big.Int).Mod(v, m) // Euclidean: never negative
	if n.IsUint64() {
		return c.wrap("BVBig", C.w_uint64(c.c, C.uint64_t(n.Uint64()), s.s))
	}
	return c.wrap("BVBig", C.w_numeral(c.c, c.cstr(n.String()), s.s))
}

// FuncDecl declares an uninterpreted function name: domain -> rng.
func (c *Context) FuncDecl(name string, domain []*Sort, rng *Sort) *FuncDecl {
	if !c.enter() {
		return &FuncDecl{ctx: c}
	}
	r, ok := c.sortArg("FuncDecl", rng)
	if !ok {
		return &FuncDecl{ctx: c}
	}
	c.sorts = c.sorts[:0]
	for _, s := range domain {
		d, ok := c.sortArg("FuncDecl", s)
		if !ok {
			return &FuncDecl{ctx: c}
		}
		c.sorts = append(c.sorts, d)
	}
	if strings.IndexByte(name, 0) >= 0 {
		c.fail(&Error{Op: "FuncDecl", Msg: "name contains a NUL byte"})
		return &FuncDecl{ctx: c}
	}
	var dp *C.Z3_sort
	if len(c.sorts) > 0 {
		dp = &c.sorts[0]
	}
	d := C.w_func_decl(c.c, c.cstr(name), C.uint(len(c.sorts)), dp, r)
	if d == nil {
		c.fail(c.z3Error("FuncDecl"))
		return &FuncDecl{ctx: c}
	}
	f := &FuncDecl{ctx: c, d: d}
	own(c, f, unsafe.Pointer(d))
	return f
}

// Apply returns f(args...).
func (c *Context) Apply(f *FuncDecl, args ...*Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	if f == nil || f.d == nil {
		return c.invalid("Apply", "invalid function declaration")
	}
	if f.ctx != c {
		return c.invalid("Apply", "function declaration belongs to another context")
	}
	as, ok := c.argList("Apply", c.args, args)
	c.args = as
	if !ok {
		return &Expr{ctx: c}
	}
	var ap *C.Z3_ast
	if len(as) > 0 {
		ap = &as[0]
	}
	return c.wrap("Apply", C.w_app(c.c, f.d, C.uint(len(as)), ap))
}

// Simplify returns Z3's simplification of e (ground terms become numerals
// or true/false).
func (c *Context) Simplify(e *Expr) *Expr { return c.op1(C.OP_SIMPLIFY, e) }

// Substitute replaces every from[i] in e by to[i] (simultaneously).
func (c *Context) Substitute(e *Expr, from, to []*Expr) *Expr {
	if !c.enter() {
		return &Expr{ctx: c}
	}
	a, ok := c.arg("Substitute", e)
	if !ok {
		return &Expr{ctx: c}
	}
	if len(from) != len(to) {
		return c.invalid("Substitute", "from and to differ in length")
	}
	if len(from) == 0 {
		return c.wrap("Substitute", C.w_substitute(c.c, a, 0, nil, nil))
	}
	fs, ok1 := c.argList("Substitute", c.args, from)
	c.args = fs
	ts, ok2 := c.argList("Substitute", c.args2, to)
	c.args2 = ts
	if !ok1 || !ok2 {
		return &Expr{ctx: c}
	}
	return c.wrap("Substitute", C.w_substitute(c.c, a, C.uint(len(fs)), &fs[0], &ts[0]))
}
