// Package z3 is whoop's thin cgo binding to the system Z3 library (Debian
// libz3-dev 4.8.12; the binary links libz3.so.4 dynamically).
//
// It receives Go values (names, int64 and *big.Int numerals, sorts, terms)
// and returns Z3 terms, check results (Sat, Unsat, Unknown plus Z3's
// reason), unsat cores and model values. Supported: Bool, Int, BitVec(n)
// and Array sorts; Boolean connectives, ite, distinct; integer arithmetic
// and comparisons; bit-vector arithmetic, bitwise operations, shifts,
// comparisons, extract, concat and extension; arrays (select, store,
// constant arrays); uninterpreted functions; solvers with push/pop,
// assumptions, unsat cores, timeouts, resource limits and interruption.
//
// # Errors
//
// Z3's default error handler prints and calls exit(1). Every context here
// installs a NULL handler instead and reads Z3's error code after each call,
// so every Z3 error becomes a Go error and the process never exits:
//
//   - A constructor never panics. On error (sort mismatch, bad extract,
//     nil or foreign argument) it returns an invalid *Expr (IsValid false)
//     and records the first such error in Context.Err until ClearErr;
//     invalid arguments give invalid results. Check and CheckAssumptions
//     return the recorded error instead of checking, so an encoding bug is
//     never silently checked as a weaker formula.
//   - Solver and Model methods with an error result return it; the others
//     (Push, Reset, SetTimeout, UnsatCore, Model.Bool, ...) record it in
//     Context.Err.
//   - After Close, constructors return invalid values, Err returns
//     ErrClosed, and solver and model methods return ErrClosed.
//   - Without cgo the package still compiles (nocgo.go) and NewContext
//     returns ErrNoCgo, which says cgo and libz3-dev are needed.
//
// # Ownership and reference counting
//
// Contexts use Z3's reference counting (Z3_mk_context_rc). Each
// constructor makes one cgo call that runs the Z3 function, reads the error
// code and takes a reference before any other Z3 call could free the
// result. Each Go value (*Expr, *Sort, *FuncDecl, *Solver, *Model) owns one
// reference, recorded in the context's handle table:
//
//   - When a Go value becomes unreachable, a runtime.AddCleanup only queues
//     its slot (under a mutex). The context's owning goroutine releases
//     queued references at the start of its next call into the package.
//     Z3 is never called from a cleanup: a Z3 context is not thread-safe
//     and 4.8.12 has no concurrent dec_ref, so a cleanup that called
//     Z3_dec_ref would crash the process.
//   - Solver.Close and Model.Close release at once; Close on the context
//     releases every reference still owned (solvers and models first) and
//     then deletes the context. Releasing first matters: Z3_del_context
//     with deep terms still referenced takes time quadratic in the depth
//     (about 20 s for a 20k-deep chain; about 3 ms this way).
//   - Releases follow Go garbage collection, which is paced by the Go heap,
//     not Z3's. Measured: 100k iterations of two new numerals each grew
//     Z3's heap by about 66 MB without explicit collection and by about
//     1 MB with runtime.GC every 2000 iterations; holding every term grows
//     it by about 300 MB. Context.Collect forces a collection and release.
//   - Close is required: an unclosed context keeps its Z3 memory until the
//     process exits.
//   - Small numerals (Int -128..1023, BV 0..1023) are cached per context
//     and kept until Close: they recur in every verification condition, and
//     Z3 4.8.12 creates numerals slowly while many dead ones await release.
//   - Z3 reuses the ids of freed terms, so Expr.ID is unique only among
//     live terms, and the moment terms are freed depends on the Go
//     collector. Z3 heuristics that order by id, and so the models it
//     returns, could then differ between runs; results (sat/unsat) do not
//     depend on it. A context made with Config.KeepTerms releases no term
//     before Close: ids are never reused, models are reproducible, and no
//     cleanup is registered per term (whoop's verification contexts live
//     for one check or one group of checks and use it).
//
// # Threads
//
// A Context and everything made from it belong to one goroutine at a time
// (they may move between goroutines with proper synchronisation). Use one
// context per goroutine for parallelism; contexts are independent and run
// in parallel safely. Interrupt is the only method safe to call from
// another goroutine: it stops a running check. An interrupt that arrives
// while no check runs does not stop the next check, but Z3 would fail the
// next Simplify or model evaluation with "canceled"; the binding notices
// and clears it (an empty check, ~0.1 ms) on the owner's next call.
//
// Z3_mk_solver (NewSolver) runs a non-incremental tactic pipeline for a
// Check made before any Push or assumptions (~2 ms even for a trivial
// formula) and its incremental core afterwards (~7 µs); NewSimpleSolver is
// always the incremental core.
//
// Check(ctx) honours ctx: a done ctx returns Unknown with ctx.Err() at
// once; if ctx is done during the check, a watcher goroutine calls
// Z3_interrupt every 2 ms until the check returns (one interrupt could
// land just before Z3 starts and be lost), and the result is Unknown with
// ctx.Err(). A check that still finishes Sat or Unsat returns that answer.
//
// Z3_get_estimated_alloc_size (Context.AllocatedBytes) is process-wide.
package z3
