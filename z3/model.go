//go:build cgo

package z3

/*
#include "shim.h"
*/
import "C"

import (
	"math/big"
	"runtime"
	"unsafe"
)

// Model is a satisfying assignment returned by Solver.Model. It stays valid
// after later checks and after the solver is closed.
type Model struct {
	ctx     *Context
	m       C.Z3_model
	slot    int32
	cleanup runtime.Cleanup
	closed  bool
}

func (m *Model) use() (*Context, error) {
	if m == nil || m.closed || m.m == nil || !m.ctx.enter() {
		return nil, ErrClosed
	}
	return m.ctx, nil
}

// Close releases the model. Idempotent.
func (m *Model) Close() {
	if m == nil || m.closed || m.m == nil {
		return
	}
	m.closed = true
	if m.ctx.closed {
		return
	}
	m.cleanup.Stop()
	m.ctx.releaseNow(m.slot)
}

// Eval returns the value of e in the model. With completion, constants the
// model does not mention get a default value (0, false, ...); without it
// they stay symbolic.
func (m *Model) Eval(e *Expr, completion bool) (*Expr, error) {
	c, err := m.use()
	if err != nil {
		return nil, err
	}
	a, ok := c.arg("Eval", e)
	if !ok {
		return nil, c.err
	}
	comp := C.int(0)
	if completion {
		comp = 1
	}
	v := C.w_eval(c.c, m.m, a, comp)
	if v == nil {
		return nil, c.z3Error("Eval")
	}
	return c.wrap("Eval", v), nil
}

// Bool returns the value of the Boolean term e (with completion); ok is
// false if it does not evaluate to true or false.
func (m *Model) Bool(e *Expr) (val, ok bool) {
	c, a, ok := m.evalArg("Bool", e)
	if !ok {
		return false, false
	}
	var v C.int
	switch C.w_model_bool(c.c, m.m, a, &v) {
	case C.V_OK:
		return v != 0, true
	case C.V_ERROR:
		c.fail(c.z3Error("Bool"))
	}
	return false, false
}

// Int64 returns the value of the integer or bit-vector term e (with
// completion; bit-vectors read unsigned); ok is false if it is not a
// numeral or does not fit an int64.
func (m *Model) Int64(e *Expr) (val int64, ok bool) {
	c, a, ok := m.evalArg("Int64", e)
	if !ok {
		return 0, false
	}
	var v C.int64_t
	switch C.w_model_int64(c.c, m.m, a, &v) {
	case C.V_OK:
		return int64(v), true
	case C.V_ERROR:
		c.fail(c.z3Error("Int64"))
	}
	return 0, false
}

// BigInt returns the value of the integer or bit-vector term e (with
// completion; bit-vectors read unsigned); ok is false if it is not a
// numeral.
func (m *Model) BigInt(e *Expr) (*big.Int, bool) {
	c, a, ok := m.evalArg("BigInt", e)
	if !ok {
		return nil, false
	}
	var s *C.char
	switch C.w_model_numeral(c.c, m.m, a, &s) {
	case C.V_OK:
		defer C.free(unsafe.Pointer(s))
		return new(big.Int).SetString(C.GoString(s), 10)
	case C.V_ERROR:
		c.fail(c.z3Error("BigInt"))
	}
	return nil, false
}

func (m *Model) evalArg(op string, e *Expr) (*Context, C.Z3_ast, bool) {
	c, err := m.use()
	if err != nil {
		return nil, nil, false
	}
	a, ok := c.arg(op, e)
	return c, a, ok
}

// String returns the model's assignments as text.
func (m *Model) String() string {
	c, err := m.use()
	if err != nil {
		return "<closed>"
	}
	return C.GoString(C.Z3_model_to_string(c.c, m.m))
}
