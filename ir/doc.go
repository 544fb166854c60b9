// Package ir is whoop's intermediate program: the hub every analysis reads.
//
// The front end lowers one C translation unit into a *Program; the entry-point
// pass fills Program.EntryPoints; the region pass assigns a *Region to every
// memory access; the lockset pass then builds an instrumented copy (ghost
// variables, contracts) that vc and houdini prove. No stage re-reads C.
//
// Model of a program:
//
//   - Values are scalars of two kinds, Int (mathematical integers: C integers,
//     pointers and enums alike; the wrap operators OpWrapU8 ... OpWrapS64
//     reduce one to a C type's range where the front end models overflow)
//     and Bool. Expressions (Expr) are side-effect
//     free trees over variables (*Var), constants and addresses of objects and
//     functions.
//   - Memory is byte-addressed. Every C object whose address is taken, and every
//     aggregate, lives in memory as an *Object (globals, string literals, and
//     address-taken locals in Function.Frame, fresh per activation). Loads and
//     stores name the *Region of the cells they touch, the C lvalue text, and
//     their source position, so reports never need the C source again.
//   - A Function is a control-flow graph of Blocks; each block holds Stmts and
//     ends in one Terminator. External functions have no blocks.
//   - Contracts (Spec: requires, ensures, loop invariants) and ghost globals
//     (Program.Vars) exist for instrumentation; the front end produces none.
//
// The printer (Fprint) gives a stable, diffable text form used by golden
// tests; Validate checks the structural invariants every pass must keep.
package ir
