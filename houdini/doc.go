// Package houdini infers which candidate contracts of a program hold.
//
// It receives an *ir.Program whose specs (requires, ensures, loop
// invariants) are partly candidates (Spec.Candidate) and returns the
// largest set of candidates that is consistent: every kept candidate holds
// on every execution when all kept candidates and all non-candidate specs
// are assumed. That set is unique (the union of consistent sets is
// consistent), so the result does not depend on the order of checks or on
// the number of workers. Apply then rewrites the program: refuted
// candidates are removed and kept ones become ordinary specs that vc
// checks and assumes.
//
// The engine (Boogie's Houdini, with the assumption-literal variant of
// z3-notes §3 A): every function with a body is encoded once by vc, each
// candidate behind a guard literal (assumed as guard ⇒ cond, failing only
// when the guard is true). One solver per function holds the encoding and
// the disjunction of its failure terms; a check assumes the guards of the
// alive candidates and the negated guards of the dropped ones. A model is a
// real execution under the alive candidates, so every candidate false in it
// is dropped at once; unsat means the function is consistent with the alive
// set. Rounds are synchronous: each round checks, in parallel over the
// workers, the functions whose formula mentions a candidate dropped in the
// previous round by another function (a dropped requires or invariant of P
// affects P; a dropped ensures of P affects P's callers and every function
// that inlines them, because only those formulas mention it). Each worker
// owns one Z3 context and the solvers of its functions.
//
// Assert statements are assumed during inference (they are the property,
// checked later). Non-candidate, non-free specs are assumed and checked; a
// failing one is an error naming the spec. Candidate ensures of functions
// without a body can never be established and are dropped at the start.
//
// When the budget or the context runs out, Run returns Complete=false and no
// candidates: the caller must not assume any. A check that gives no answer
// within its own limits (Options.FunctionRlimit, CheckTimeout, or a theory Z3
// cannot decide) gives that function up instead: every candidate with an
// obligation in its formula is dropped and it is not checked again. The
// rest is still a consistent set (each other function is checked against
// it), only smaller; Result.GaveUp names such functions. The result then
// depends on where the limit falls, which an rlimit (Z3's count of its own
// steps) makes repeatable, unlike a time limit.
package houdini
