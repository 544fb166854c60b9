package z3

import (
	"errors"
	"fmt"
	"time"
)

// Config holds the per-context defaults applied to every new Solver.
type Config struct {
	Timeout time.Duration // default per-check timeout for solvers of this context (0 = none)
	Rlimit  uint64        // default resource limit per check (0 = none); deterministic budget
	// KeepTerms keeps every term, sort and function declaration until the
	// context closes instead of releasing it when its Go value is
	// collected. Meant for short-lived contexts: no per-term cleanup to
	// register (the costliest part of making a term, and a lock shared by
	// all goroutines), and Z3 never reuses a term id, so its id-ordered
	// heuristics, and so its models, do not depend on when the Go collector
	// runs. Memory grows with every term made until Close.
	KeepTerms bool
}

// Result is the outcome of a satisfiability check.
type Result int

// Check results.
const (
	Unknown Result = iota
	Sat
	Unsat
)

// String returns "unknown", "sat" or "unsat".
func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// ErrClosed is returned (or recorded in Context.Err) when a closed context,
// solver or model is used.
var ErrClosed = errors.New("z3: use of closed context, solver or model")

// ErrNoCgo is returned by NewContext in builds without cgo.
var ErrNoCgo = errors.New("z3: this binary was built without cgo; the Z3 solver needs cgo (CGO_ENABLED=1, a C compiler) and the system Z3 library (Debian/Ubuntu: apt-get install libz3-dev)")

// Error is an error reported by Z3 itself, or by the binding when an
// argument is unusable (Code 0 then).
type Error struct {
	Code int    // Z3_error_code (12 = Z3_EXCEPTION, the code of sort errors), or 0
	Msg  string // Z3's message
	Op   string // the binding function that failed, e.g. "And"
}

func (e *Error) Error() string {
	if e.Op == "" {
		return fmt.Sprintf("z3: %s (error code %d)", e.Msg, e.Code)
	}
	return fmt.Sprintf("z3: %s: %s (error code %d)", e.Op, e.Msg, e.Code)
}
