//go:build cgo

package z3

/*
#cgo LDFLAGS: -lz3
#include "shim.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Context owns one Z3 context and every Z3 object made in it. It must be
// used by one goroutine at a time; only Interrupt may be called from others.
type Context struct {
	c   C.Z3_context
	cfg Config
	err error // sticky first error since ClearErr

	// mu guards closed (written only by the owner) against Interrupt and the
	// cleanups, and guards pending.
	mu      sync.Mutex
	closed  bool
	pending []int32      // slots whose Go owner was collected; drained by the owner
	npend   atomic.Int32 // len(pending), read without the lock
	intr    atomic.Bool  // Interrupt was called; Z3 may hold a stale cancel
	spare   []int32

	// Owned references, touched only by the owning goroutine.
	handles []handle
	free    []int32
	enqueue func(int32) // cleanup function, allocated once

	// Scratch buffers for arguments (owner only).
	args, args2 []C.Z3_ast
	sorts       []C.Z3_sort
	relPtrs     []unsafe.Pointer
	relKinds    []C.uchar
	name        []byte

	boolSort, intSort *Sort
	bvSorts           map[uint]*Sort
	trueE, falseE     *Expr
	nums              map[numKey]*Expr // small numerals, kept until Close
}

// numKey identifies a cached numeral: bits 0 is Int.
type numKey struct {
	bits uint
	v    int64
}

// Small numerals are cached: they recur constantly in verification
// conditions, and Z3 4.8.12 creates numerals slowly when many dead ones
// await release (2.4 µs instead of 0.25 µs with 50k pending).
const (
	numCacheMin = -128
	numCacheMax = 1023
)

// handle is one reference owned by the binding.
type handle struct {
	p    unsafe.Pointer // Z3_ast, Z3_solver or Z3_model; nil when the slot is free
	kind C.uchar        // K_AST, K_SOLVER or K_MODEL
}

// Usable reports whether this build can create contexts: nil with cgo
// and libz3, ErrNoCgo without. It creates none (a context costs half a
// millisecond and 17 MB of tables).
func Usable() error { return nil }

// NewContext makes a reference-counted Z3 context whose errors are reported
// as Go errors (Z3's default error handler would exit the process).
func NewContext(cfg Config) (*Context, error) {
	c := C.w_mk_context()
	if c == nil {
		return nil, errors.New("z3: cannot create context")
	}
	ctx := &Context{c: c, cfg: cfg, bvSorts: make(map[uint]*Sort), nums: make(map[numKey]*Expr)}
	ctx.enqueue = ctx.queue
	ctx.boolSort = ctx.keepSort(C.w_bool_sort(c), "BoolSort")
	ctx.intSort = ctx.keepSort(C.w_int_sort(c), "IntSort")
	ctx.trueE = ctx.keepExpr(C.w_true(c), "True")
	ctx.falseE = ctx.keepExpr(C.w_false(c), "False")
	if ctx.err != nil {
		err := ctx.err
		ctx.Close()
		return nil, err
	}
	return ctx, nil
}

// Close releases every Z3 object of the context and the context itself. It
// is idempotent. Afterwards constructors return invalid expressions and
// other calls return ErrClosed.
//
// Close first drops every reference the binding still owns, then deletes
// the context: Z3_del_context on terms that are still referenced takes time
// quadratic in their depth.
func (c *Context) Close() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	c.pending, c.spare = nil, nil
	c.npend.Store(0)
	c.mu.Unlock()

	// Solvers and models first: they hold terms.
	ptrs := c.relPtrs[:0]
	kinds := c.relKinds[:0]
	for pass := 0; pass < 2; pass++ {
		for _, h := range c.handles {
			if h.p == nil || (pass == 0) == (h.kind == C.K_AST) {
				continue
			}
			ptrs = append(ptrs, h.p)
			kinds = append(kinds, h.kind)
		}
	}
	if len(ptrs) > 0 {
		C.w_release(c.c, C.uint(len(ptrs)), &ptrs[0], &kinds[0])
	}
	C.Z3_del_context(c.c)
	c.handles, c.free, c.relPtrs, c.relKinds = nil, nil, nil, nil
	c.args, c.args2, c.sorts, c.name = nil, nil, nil, nil
	c.bvSorts, c.nums = nil, nil
	return nil
}

// Interrupt asks a running check on this context to stop; the check then
// returns Unknown with reason "interrupted" (or "canceled"). Safe from any
// goroutine. An interrupt sent while no check runs is not remembered: the
// next operation on the owning goroutine clears it (a running Simplify or
// Model evaluation may fail with "canceled").
func (c *Context) Interrupt() {
	if c == nil {
		return
	}
	c.mu.Lock()
	if !c.closed {
		C.Z3_interrupt(c.c)
		c.intr.Store(true) // after the interrupt, so enter never clears too early
	}
	c.mu.Unlock()
}

// Err returns the first error recorded since the last ClearErr (a sort
// mismatch, an invalid argument, ...), ErrClosed after Close, else nil.
func (c *Context) Err() error {
	if c == nil || c.closed {
		return ErrClosed
	}
	return c.err
}

// ClearErr forgets the recorded error.
func (c *Context) ClearErr() {
	if c != nil {
		c.err = nil
	}
}

// AllocatedBytes returns Z3's estimate of the bytes it has allocated. The
// counter is process-wide: it covers every context in the process.
func (c *Context) AllocatedBytes() uint64 {
	return uint64(C.Z3_get_estimated_alloc_size())
}

// Collect runs a Go garbage collection and releases the Z3 references of
// the terms, solvers and models found unreachable whose cleanups have run
// by then (cleanups run just after the collection; the rest are released
// by later calls). Releases otherwise follow the Go collector, which is
// paced by Go heap growth only; a long-running caller may call Collect
// between jobs to keep Z3's memory low. The collection is process-wide.
func (c *Context) Collect() {
	if c == nil || c.closed {
		return
	}
	runtime.GC()
	c.enter()
}

// LiveHandles returns the number of Z3 references the context currently
// owns (terms, sorts, declarations, solvers, models), after releasing those
// whose Go values were collected.
func (c *Context) LiveHandles() int {
	if !c.enter() {
		return 0
	}
	return len(c.handles) - len(c.free)
}

// enter is called at the start of every operation on the owning goroutine:
// it reports whether the context is usable and releases the references
// queued by cleanups.
func (c *Context) enter() bool {
	if c == nil || c.closed {
		return false
	}
	if c.npend.Load() != 0 {
		c.drain()
	}
	if c.intr.Load() {
		c.intr.Store(false)
		C.w_clear_interrupt(c.c)
	}
	return true
}

// queue runs as a runtime cleanup on an arbitrary goroutine; it must not
// call Z3 (a context is not thread-safe), so it only records the slot.
func (c *Context) queue(slot int32) {
	c.mu.Lock()
	if !c.closed {
		c.pending = append(c.pending, slot)
		c.npend.Add(1)
	}
	c.mu.Unlock()
}

// drain releases the references whose owners were collected.
func (c *Context) drain() {
	c.mu.Lock()
	q := c.pending
	c.pending = c.spare[:0]
	c.npend.Store(0)
	c.mu.Unlock()
	ptrs := c.relPtrs[:0]
	kinds := c.relKinds[:0]
	for _, s := range q {
		h := c.handles[s]
		ptrs = append(ptrs, h.p)
		kinds = append(kinds, h.kind)
		c.handles[s] = handle{}
		c.free = append(c.free, s)
	}
	if len(ptrs) > 0 {
		C.w_release(c.c, C.uint(len(ptrs)), &ptrs[0], &kinds[0])
	}
	clear(ptrs) // do not keep freed C pointers around
	c.relPtrs, c.relKinds = ptrs[:0], kinds[:0]
	c.spare = q[:0]
}

// track records an owned reference and returns its slot.
func (c *Context) track(p unsafe.Pointer, kind C.uchar) int32 {
	if n := len(c.free); n > 0 {
		s := c.free[n-1]
		c.free = c.free[:n-1]
		c.handles[s] = handle{p: p, kind: kind}
		return s
	}
	c.handles = append(c.handles, handle{p: p, kind: kind})
	return int32(len(c.handles) - 1)
}

// releaseNow drops the reference in slot at once (explicit Close of a
// solver or model, on the owning goroutine).
func (c *Context) releaseNow(slot int32) {
	h := c.handles[slot]
	if h.p == nil {
		return
	}
	c.handles[slot] = handle{}
	c.free = append(c.free, slot)
	p := [1]unsafe.Pointer{h.p}
	k := [1]C.uchar{h.kind}
	C.w_release(c.c, 1, &p[0], &k[0])
}

// fail records err unless an earlier error is pending.
func (c *Context) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// z3Error reads the error left by the last failing Z3 call.
func (c *Context) z3Error(op string) *Error {
	var code C.int
	msg := C.GoString(C.w_errmsg(c.c, &code))
	if code == 0 {
		return &Error{Op: op, Msg: "Z3 returned no result"}
	}
	return &Error{Code: int(code), Msg: msg, Op: op}
}

// codeError turns an error code returned by a shim into an error.
func (c *Context) codeError(op string, code C.int) error {
	if code == 0 {
		return nil
	}
	msg := C.GoString(C.Z3_get_error_msg(c.c, C.Z3_error_code(code)))
	return &Error{Code: int(code), Msg: msg, Op: op}
}

// cstr returns name as a NUL-terminated byte slice in a reused buffer.
func (c *Context) cstr(name string) *C.char {
	c.name = append(append(c.name[:0], name...), 0)
	return (*C.char)(unsafe.Pointer(&c.name[0]))
}
