//go:build cgo

package z3

/*
#include "shim.h"
*/
import "C"

import (
	"context"
	"math"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"
)

// interruptEvery is how often a cancelled check is re-interrupted: an
// interrupt that arrives just before Z3 starts checking is not remembered.
const interruptEvery = 2 * time.Millisecond

// Solver is a Z3 solver (Z3_mk_solver: incremental, push/pop, assumptions).
// It belongs to its context's goroutine.
type Solver struct {
	ctx     *Context
	s       C.Z3_solver
	slot    int32
	cleanup runtime.Cleanup
	closed  bool
	err     error // creation error

	timeout   time.Duration
	rlimit    uint64
	relevancy int // smt.relevancy + 1; 0 leaves Z3's default
	nassume   int // assumptions of the last check, to size the core buffer
	// exhausted: the last check ended Unknown having spent its rlimit,
	// whatever reason Z3 gives (4.8.12 sometimes says only "unknown").
	exhausted bool
}

// NewSolver returns a solver (Z3_mk_solver) with the context's default
// timeout and rlimit. On a closed context its methods return ErrClosed.
//
// Z3's default solver runs a fresh non-incremental tactic pipeline for a
// Check made before any Push or assumptions (about 2 ms even for a trivial
// formula), and its incremental core afterwards (microseconds). Callers
// that check many small formulas should Push once, use CheckAssumptions,
// or use NewSimpleSolver.
func (c *Context) NewSolver() *Solver { return c.newSolver(0) }

// NewSimpleSolver returns Z3's incremental SMT core without tactic
// preprocessing (Z3_mk_simple_solver): cheap checks of small formulas,
// possibly slower on large bit-vector problems.
func (c *Context) NewSimpleSolver() *Solver { return c.newSolver(1) }

// NewTacticSolver returns Z3's SMT core run as the "smt" tactic
// (Z3_mk_solver_from_tactic): every check starts afresh on all the
// assertions, with the preprocessing the incremental core skips. On a
// large formula checked once or twice (a whole driver's pair program,
// tens of thousands of assertions) that was up to 8x faster than the
// incremental core; each check pays the preprocessing again, so it does
// not suit many small checks. Assumptions are asserted as units by the
// caller (vc does); unsat cores are not available.
func (c *Context) NewTacticSolver() *Solver { return c.newSolver(2) }

func (c *Context) newSolver(kind int) *Solver {
	if !c.enter() {
		return &Solver{ctx: c, closed: true}
	}
	mode := C.int(kind)
	p := C.w_mk_solver(c.c, mode)
	if p == nil {
		err := c.z3Error("NewSolver")
		c.fail(err)
		return &Solver{ctx: c, err: err}
	}
	s := &Solver{ctx: c, s: p, slot: c.track(unsafe.Pointer(p), C.K_SOLVER)}
	s.cleanup = runtime.AddCleanup(s, c.enqueue, s.slot)
	s.timeout, s.rlimit = c.cfg.Timeout, c.cfg.Rlimit
	if s.timeout > 0 || s.rlimit > 0 {
		s.applyLimits()
	}
	return s
}

// use reports the context if s can be used.
func (s *Solver) use() (*Context, error) {
	switch {
	case s == nil:
		return nil, ErrClosed
	case s.err != nil:
		return nil, s.err
	case s.closed || s.s == nil || !s.ctx.enter():
		return nil, ErrClosed
	}
	return s.ctx, nil
}

// Close releases the solver. Idempotent; later calls return ErrClosed.
func (s *Solver) Close() {
	if s == nil || s.closed || s.s == nil {
		return
	}
	s.closed = true
	if s.ctx.closed {
		return // Context.Close released it
	}
	s.cleanup.Stop()
	s.ctx.releaseNow(s.slot)
}

// SetTimeout sets the wall-clock limit of each check; 0 means none. A check
// that runs out returns Unknown with ReasonUnknown "timeout".
func (s *Solver) SetTimeout(d time.Duration) {
	if _, err := s.use(); err != nil {
		return
	}
	s.timeout = d
	s.applyLimits()
}

// SetRlimit sets Z3's deterministic resource budget per check (0 = none;
// values above 2^32-1 are clamped). A check that runs out returns Unknown
// with ReasonUnknown "canceled".
func (s *Solver) SetRlimit(n uint64) {
	if _, err := s.use(); err != nil {
		return
	}
	s.rlimit = n
	s.applyLimits()
}

// SetRelevancy sets the SMT core's relevancy propagation (smt.relevancy:
// 0 off, 1, 2 = Z3's default). Relevancy filters which atoms the core
// reasons about: it pays where a model must be found among many
// irrelevant atoms, and costs where the query is refuted (Houdini's
// checks, houdini/engine.go).
func (s *Solver) SetRelevancy(level uint) {
	if _, err := s.use(); err != nil {
		return
	}
	s.relevancy = int(min(level, 2)) + 1
	s.applyLimits()
}

func (s *Solver) applyLimits() {
	ms := uint64(math.MaxUint32) // Z3's "no timeout"
	if s.timeout > 0 {
		ms = max(1, min(uint64(s.timeout.Milliseconds()), math.MaxUint32-1))
	}
	rl := min(s.rlimit, math.MaxUint32)
	code := C.w_solver_limits(s.ctx.c, s.s, C.uint(ms), C.uint(rl), C.int(s.relevancy-1))
	if err := s.ctx.codeError("SetLimits", code); err != nil {
		s.ctx.fail(err)
	}
}

// Assert adds e (a Boolean term) to the solver.
func (s *Solver) Assert(e *Expr) error {
	c, err := s.use()
	if err != nil {
		return err
	}
	a, ok := c.arg("Assert", e)
	if !ok {
		return c.err
	}
	return c.codeError("Assert", C.w_assert(c.c, s.s, a))
}

// Push opens a scope. Errors are recorded in the context's Err.
func (s *Solver) Push() {
	c, err := s.use()
	if err != nil {
		return
	}
	if err := c.codeError("Push", C.w_push(c.c, s.s)); err != nil {
		c.fail(err)
	}
}

// Pop closes n scopes, dropping their assertions.
func (s *Solver) Pop(n uint) error {
	c, err := s.use()
	if err != nil {
		return err
	}
	if n > math.MaxUint32 {
		return &Error{Op: "Pop", Msg: "scope count out of range"}
	}
	return c.codeError("Pop", C.w_pop(c.c, s.s, C.uint(n)))
}

// NumScopes returns the number of open scopes.
func (s *Solver) NumScopes() uint {
	c, err := s.use()
	if err != nil {
		return 0
	}
	return uint(C.Z3_solver_get_num_scopes(c.c, s.s))
}

// Reset removes every assertion and scope; limits are kept.
func (s *Solver) Reset() {
	c, err := s.use()
	if err != nil {
		return
	}
	if err := c.codeError("Reset", C.w_reset(c.c, s.s)); err != nil {
		c.fail(err)
		return
	}
	if s.timeout > 0 || s.rlimit > 0 {
		s.applyLimits()
	}
}

// Check decides the satisfiability of the assertions. It honours ctx: if
// ctx is done before the check it returns at once, and if it is done during
// the check Z3 is interrupted; either way the result is Unknown with
// ctx.Err(). A check that finishes with sat or unsat returns that answer.
// An error recorded in the context's Err is returned before checking.
func (s *Solver) Check(ctx context.Context) (Result, error) {
	return s.check(ctx, "Check", nil)
}

// CheckAssumptions is Check with the Boolean assumptions added for this
// check only; after Unsat, UnsatCore returns a subset of them that is
// unsatisfiable with the assertions.
func (s *Solver) CheckAssumptions(ctx context.Context, assumptions ...*Expr) (Result, error) {
	return s.check(ctx, "CheckAssumptions", assumptions)
}

func (s *Solver) check(ctx context.Context, op string, assumptions []*Expr) (Result, error) {
	c, err := s.use()
	if err != nil {
		return Unknown, err
	}
	if c.err != nil {
		return Unknown, c.err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	as, ok := c.argList(op, c.args, assumptions)
	c.args = as
	if !ok {
		return Unknown, c.err
	}
	var ap *C.Z3_ast
	if len(as) > 0 {
		ap = &as[0]
	}
	s.nassume = len(as)

	var stop func() bool
	var running atomic.Bool
	var watcherDone chan struct{}
	if ctx.Done() != nil {
		running.Store(true)
		watcherDone = make(chan struct{})
		stop = context.AfterFunc(ctx, func() {
			defer close(watcherDone)
			for running.Load() {
				c.Interrupt()
				time.Sleep(interruptEvery)
			}
		})
	}
	var code C.int
	var before uint64
	if s.rlimit > 0 {
		before = uint64(C.w_rlimit_count(c.c, s.s))
	}
	r := C.w_check(c.c, s.s, C.uint(len(as)), ap, &code)
	s.exhausted = s.rlimit > 0 && code == 0 && r == C.Z3_L_UNDEF &&
		uint64(C.w_rlimit_count(c.c, s.s))-before >= min(s.rlimit, math.MaxUint32)
	if stop != nil {
		running.Store(false)
		if !stop() {
			<-watcherDone // no interrupt may outlive this call
		}
	}
	switch {
	case code == 0 && r == C.Z3_L_TRUE:
		return Sat, nil
	case code == 0 && r == C.Z3_L_FALSE:
		return Unsat, nil
	case ctx.Err() != nil: // an interrupted check may also leave "canceled"
		return Unknown, ctx.Err()
	case code != 0:
		return Unknown, c.codeError(op, code)
	}
	return Unknown, nil
}

// UnsatCore returns, after an Unsat CheckAssumptions, a subset of its
// assumptions that is unsatisfiable together with the assertions (empty
// after Sat). Errors are recorded in the context's Err.
func (s *Solver) UnsatCore() []*Expr {
	c, err := s.use()
	if err != nil {
		return nil
	}
	buf := make([]C.Z3_ast, max(s.nassume, 1))
	var code C.int
	n := int(C.w_unsat_core(c.c, s.s, C.uint(len(buf)), &buf[0], &code))
	if code == 0 && n > len(buf) {
		buf = make([]C.Z3_ast, n)
		n = int(C.w_unsat_core(c.c, s.s, C.uint(len(buf)), &buf[0], &code))
	}
	if code != 0 {
		c.fail(c.codeError("UnsatCore", code))
		return nil
	}
	core := make([]*Expr, n)
	for i := range core {
		core[i] = c.wrap("UnsatCore", buf[i])
	}
	return core
}

// ReasonUnknown explains the last Unknown: "timeout", "canceled" (the
// rlimit ran out, whatever Z3 itself says, or an interrupt),
// "interrupted", "incomplete ...", ...
func (s *Solver) ReasonUnknown() string {
	c, err := s.use()
	if err != nil {
		return ""
	}
	if s.exhausted {
		return "canceled"
	}
	return C.GoString(C.Z3_solver_get_reason_unknown(c.c, s.s))
}

// RlimitCount returns Z3's resource counter for the solver's context:
// cumulative and deterministic, so the difference across a check is what
// the check spent in the units SetRlimit bounds. 0 if unavailable.
func (s *Solver) RlimitCount() uint64 {
	c, err := s.use()
	if err != nil {
		return 0
	}
	return uint64(C.w_rlimit_count(c.c, s.s))
}

// Model returns the model of the last Sat check.
func (s *Solver) Model() (*Model, error) {
	c, err := s.use()
	if err != nil {
		return nil, err
	}
	p := C.w_get_model(c.c, s.s)
	if p == nil {
		return nil, c.z3Error("Model")
	}
	m := &Model{ctx: c, m: p, slot: c.track(unsafe.Pointer(p), C.K_MODEL)}
	m.cleanup = runtime.AddCleanup(m, c.enqueue, m.slot)
	return m, nil
}

// String returns the solver's assertions in SMT-LIB2.
func (s *Solver) String() string {
	c, err := s.use()
	if err != nil {
		return "<closed>"
	}
	return C.GoString(C.Z3_solver_to_string(c.c, s.s))
}
