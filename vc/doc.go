// Package vc turns an ir procedure into verification conditions for Z3 and
// checks them.
//
// It receives an *ir.Program and one *ir.Function with a body, plus Options
// (which specs are in force, which obligations to check, which callees to
// inline), and returns one Outcome per obligation: Proved, Failed with a
// counterexample Trace (the blocks taken, with inlined callees, and the
// values of the ghosts and of the failing function's locals), or Unknown
// (solver timeout, cancellation, incompleteness). Houdini uses the lower-level
// Encode, which returns the same formula with per-spec guard literals.
//
// # Encoding
//
// Loops are cut at the targets of the retreating edges of a depth-first
// search from the entry (so irreducible graphs from goto are handled) and at
// every block carrying invariants. The remaining acyclic graph is encoded
// forward in passive form: every block has a reachability literal (the
// disjunction of its incoming edges), assignments substitute terms (no
// equations), and variables whose values differ on incoming edges get a
// fresh constant constrained per edge (edge ⇒ v = value). Assume c and every
// obligation (after it is checked) strengthen the current reachability term
// (r := r ∧ c), so an obligation is checked on the executions that satisfy
// everything before it — Boogie's "assert c = check c; assume c" — and never
// on executions cut off later. An obligation fails in a model iff its failure
// term r ∧ ¬c is true there.
//
// At a cut point the invariants are checked on the merged entry state, the
// variables the loop may modify are havocked (locals assigned in the natural
// loop, ghost globals assigned there or in the effects of any callee, region
// arrays written there or by callees; every such variable of the function if
// the graph is irreducible), and the invariants are assumed. Each retreating
// edge checks the invariants and ends the path. Old(g) in an invariant is
// g's value at entry to the enclosing activation.
//
// Calls go through the callee's contract: its requires are checked at the
// call site (parameters bound to the arguments), the ghost globals in its
// Modifies, the region arrays it may write (computed transitively from the
// bodies) and the call's Dst are havocked, and its ensures are assumed
// (Old(g) = the value just before the call, Ret = the new Dst). A call is
// inlined instead when Options.Inline says so: requires are checked at the
// call site, the body is encoded in a fresh frame, free ensures are assumed
// at its returns, and non-free ensures are neither checked nor assumed there
// (they are the callee's own obligations, checked when the callee is
// checked). A Halt return (ir.Return.Halt) of an inlined callee is not
// merged at its caller's continuation: it leaves every inlined activation
// at once and resumes after the checked function's own call it happened
// under, like a return of that callee (in the checked function itself it is
// an ordinary return). lockset uses it to end a side that has stopped
// without a test after every call on the way. Indirect calls choose nondeterministically among Targets (the
// function pointer's value is not constrained); with no Targets they only
// havoc Dst.
//
// # Values
//
// Integers are mathematical integers (Z3 Int). C overflow and wrap-around
// are modelled only where the program says so, with the wrap operators
// (ir.OpWrapU8 ... ir.OpWrapS64: a mod 2^n, shifted into the signed range
// for signed types, with a fresh quotient and remainder per operand, or an
// uninterpreted function under CheapArith). Without them, a property that
// holds only because of wrap-around is reported failed, and one that fails
// only because of wrap-around is proved. Division and
// remainder truncate toward zero, encoded exactly with Z3 div/mod and a sign
// test (division by zero is Z3's unspecified total function). Shifts by a
// constant 0..63 are exact (multiplication, floor division: arithmetic right
// shift); other shifts are uninterpreted functions. ~x is exactly -x-1.
// x & c, x | c and x ^ c are exact for constants c that are 0, -1, 2^k-1 or
// have at most eight bits set; otherwise &, |, ^ are uninterpreted functions
// (consistent: equal arguments give equal results; arguments of these
// commutative operators are ordered). Operations on two constants are
// folded.
//
// Options.Refine turns the abstractions into a refinement loop for
// clients that need real executions (the explorer): division and
// remainder by a variable become uninterpreted functions too, and a
// model is compared with exact arithmetic at the values it gives each
// abstracted application; a disagreement adds a lemma (b = vb ⇒ r =
// op(a, vb), exact and linear in a; for a shift, the exact value for
// every amount 0..63 at once) and the query runs again, with the last
// rounds' premises assumed while they are satisfiable, so the solver
// does not just move a divisor to a value not yet refined. An operation
// C leaves undefined (division by zero, a shift out of 0..63) in a
// statement the model executes is excluded under that statement's
// reachability; in a short-circuit operand or a branch of ?: it is left
// alone. Failed then means a real, defined execution; Proved is as
// without Refine, but for executions with those undefined operations.
//
// Memory: one Z3 array Int→Int per ir.Region (one shared array for accesses
// without a region). A cell is identified by its start address: Load is a
// select, Store a store; accesses of different sizes at overlapping
// addresses of one region are not related, so loads from a Collapsed region
// return arbitrary values. Touch with Write havocs the region's array; Touch
// read does nothing. Memory is arbitrary at function entry (static
// initialisers are not assumed). Global objects have fixed, distinct,
// non-overlapping addresses in declaration order (≥ 2^20, with gaps),
// functions have distinct addresses below that, and frame objects get fresh
// addresses ≥ 2^48, disjoint from each other and from the frames of the
// enclosing inlined activations. NULL (0) is none of these.
//
// # Checking
//
// Check asks one query "some selected obligation fails" (a selector literal
// per obligation, as assumptions); every obligation false in the model is
// Failed with that model's trace, and the query is repeated without them
// until it is unsatisfiable (the rest are Proved). If the joint query gives
// no answer, the remaining obligations are checked one at a time, each
// with the per-check timeout; cancellation makes the rest Unknown. The zero
// Options check nothing and assume everything; CheckAll checks everything.
//
// Z3 terms are never released during a check (each Check uses a Z3 context
// of its own, Encode keeps every term it makes), so Z3's internal term
// numbering, and with it every verdict and trace, is the same on every run.
//
// # Soundness assumptions (each can hide a bug)
//
//   - Mathematical integers (above): no overflow or wrap-around, unless the
//     program says where C wraps with the wrap operators (ir.OpWrapU8 ...,
//     which the front end emits with Config.ExactInts).
//   - Unknown indirect calls (no Targets) and external functions touch no
//     memory except through the Touch statements the front end emits, and
//     an indirect call reaches only its Targets.
//   - Concrete object addresses make comparisons between addresses of
//     distinct objects fixed.
//   - A cell is identified by its start address (accesses that overlap at
//     different start addresses in a non-collapsed region are unrelated).
//   - The contracts of called functions: a proof through a contract is only
//     as good as the callee's own check (and Free specs are trusted).
package vc
