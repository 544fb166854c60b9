package vc

import (
	"fmt"
	"math/big"
	"time"

	"github.com/whoopverify/whoop/ir"
)

// Status is the verdict on one obligation.
type Status int

const (
	Unknown Status = iota // the solver gave no answer (timeout, cancellation, incompleteness)
	Proved                // holds on every execution
	Failed                // fails on the execution in the outcome's Trace
)

func (s Status) String() string {
	switch s {
	case Proved:
		return "proved"
	case Failed:
		return "failed"
	}
	return "unknown"
}

// Options says what is in force and what is checked.
type Options struct {
	// Inline says whether a direct call to callee (with a body) at inlining
	// depth depth (0 = called from the checked function) is encoded by
	// inlining its body instead of through its contract. nil: never inline.
	// The same applies to each target of an indirect call. A recursive call
	// (callee already being inlined, or the checked function) is inlined
	// only while depth < MaxInlineDepth; no call is inlined at depth
	// HardInlineLimit or deeper.
	Inline         func(callee *ir.Function, depth int) bool
	MaxInlineDepth int
	// Specs filters which specs are in force: nil = all. Specs not in force
	// are neither assumed nor checked.
	Specs func(s *ir.Spec) bool
	// CheckAsserts, CheckEnsures, CheckCallRequires, CheckInvariants select
	// which obligations of the checked function (and its inlined callees)
	// are checked. Obligations not checked are assumed.
	CheckAsserts, CheckEnsures, CheckCallRequires, CheckInvariants bool
	// Asserts, when set, selects the Assert statements encoded (by ID):
	// the others are left out, neither checked nor assumed, as if absent.
	Asserts func(id int) bool
	Timeout time.Duration // per solver check; 0 = none
	// CheapArith abstracts bitwise operations, right shifts, division and
	// remainder into consistent uninterpreted functions (the same
	// arguments give the same result) instead of exact integer encodings:
	// sound, less precise, and much faster on code full of register masks.
	CheapArith bool
	// Refine makes models exact on the operations vc abstracts: division
	// and remainder by a variable become uninterpreted functions too (Z3's
	// non-linear integer division is what times out), and after every
	// satisfiable query each abstracted application is compared with exact
	// arithmetic at the model's values; lemmas (b = vb ⇒ r = op(a, vb))
	// rule out a disagreeing model and the query runs again, at most
	// maxRefinements times (then Unknown). An operation the model evaluates
	// with undefined arguments (division by zero, a shift by less than 0 or
	// more than 63), where the encoder knows the condition it executes
	// under, is excluded there: models describe executions free of those.
	// A failing trace is then a real execution (the explorer replays them);
	// Proved keeps its meaning for executions free of those undefined
	// operations (the abstraction only adds models), though a property of
	// a division by every divisor can now end Unknown at the round limit.
	// Together is not used under Refine.
	Refine bool
	// Accept, under Refine, is offered each satisfiable query's model
	// first, as the trace of the first obligation it fails (with the
	// model's initial memory, as Inspect): a model it takes is not refined.
	// A client that can check a trace itself (the explorer replays it)
	// then pays for refinement only where a model is really wrong.
	Accept func(t *Trace, mem func(r *ir.Region, addr *big.Int) (*big.Int, bool)) bool
	// FirstFailure stops at the first model that fails an obligation: the
	// obligations that model does not fail are left Unknown. For a bug
	// finder that queries again for what is left.
	FirstFailure bool
	// IndependentAsserts checks Assert statements without assuming them
	// afterwards (Boogie assumes a checked assertion). For assertions that
	// are independent properties, such as one race assertion per region,
	// that is sound, and one model can then fail several of them.
	IndependentAsserts bool
	// Together first looks for one execution in which many obligations
	// fail at once (Prover.together): several traces from one model
	// instead of one model each, when obligations fail independently.
	Together bool
	// Fresh checks each query with a new tactic solver (z3
	// NewTacticSolver) instead of one incremental solver: every query
	// pays Z3's preprocessing again, which on a very large formula (a big
	// driver's pair program) more than pays for itself. Together is then
	// not used (it needs unsat cores). After the first model the
	// remaining queries share one incremental solver: those that follow
	// it decide less, and re-preprocessing the formula for each was most
	// of their time (r8169's runtime_suspend/rtl_init_one pair: 9 queries,
	// one per race).
	Fresh bool
	// Rlimit, when not 0, is Z3's resource budget for each check: a
	// deterministic bound, unlike Timeout, so where a check stops does
	// not depend on the machine's load.
	Rlimit uint64
	// Spent, when not nil, is added the Z3 resource units the checks of
	// the query used: a count of the solver's work that does not depend
	// on the machine's load (the explorer's statistics).
	Spent *uint64
	// Cost, when not nil, is added the solver checks the query made and
	// the Z3 resource units they used (--stats: where a pair check's
	// time went, in counts that do not depend on the machine's load).
	Cost *Cost
	// NoSteps leaves Trace.Steps empty; TraceVars, when set, restricts
	// Trace.Values to the variables it accepts. Reading a long path and
	// every variable from each model is the main cost of a failing check.
	NoSteps   bool
	TraceVars func(*ir.Var) bool
	// Inspect, when set, is called with each failing trace while its
	// model is alive; mem reads a cell of a region's memory at entry to
	// the checked function in that model (the explorer's replay reads
	// its oracle and the initial memory through it).
	Inspect func(t *Trace, mem func(r *ir.Region, addr *big.Int) (*big.Int, bool))
	// Info is the program's analysis from Prepare, shared by every check of
	// the same program; nil analyses the program again for each check.
	Info *Info
}

// HardInlineLimit bounds inlining depth whatever Options.Inline says.
const HardInlineLimit = 64

// CheckAll returns Options that check every obligation, inline nothing and
// keep every spec in force.
func CheckAll() Options {
	return Options{CheckAsserts: true, CheckEnsures: true, CheckCallRequires: true, CheckInvariants: true}
}

// Kind says what sort of obligation an Obligation is.
type Kind uint8

const (
	AssertStmt         Kind = iota // an Assert statement
	RequiresAtCall                 // a callee's requires at a call site
	EnsuresAtReturn                // the checked function's ensures at a return
	InvariantOnEntry               // a loop invariant on entry to the loop
	InvariantPreserved             // a loop invariant at the end of an iteration (a back edge)
)

func (k Kind) String() string {
	switch k {
	case RequiresAtCall:
		return "requires at call"
	case EnsuresAtReturn:
		return "ensures at return"
	case InvariantOnEntry:
		return "invariant on entry"
	case InvariantPreserved:
		return "invariant preserved"
	}
	return "assert"
}

// Obligation identifies what was checked: an Assert (by Assert.ID) or a
// Spec (by Spec.ID) at a place (a call site for a callee's requires; the
// entry edge or back edge for an invariant).
type Obligation struct {
	AssertID int          // != 0 for an Assert statement
	Spec     *ir.Spec     // != nil for a spec obligation
	Func     *ir.Function // the function whose body contains the obligation (an inlined callee for inlined code)
	Pos      ir.Pos
	Kind     Kind
	// Block holds the assert, the call, the return, the loop header
	// (InvariantOnEntry) or the source of the back edge (InvariantPreserved).
	Block *ir.Block
	Call  *ir.Call // for RequiresAtCall
}

func (o Obligation) String() string {
	what := fmt.Sprintf("assert #%d", o.AssertID)
	if o.Spec != nil {
		what = fmt.Sprintf("%s #%d (%s)", o.Spec.Kind, o.Spec.ID, o.Kind)
	}
	fn := "?"
	if o.Func != nil {
		fn = o.Func.Name
	}
	return fmt.Sprintf("%s in %s at %s", what, fn, o.Pos)
}

// Outcome is the verdict on one obligation.
type Outcome struct {
	Obligation
	Status Status
	Trace  *Trace // for Failed
	Reason string // for Unknown: "timeout", "canceled", or Z3's reason
}

// Trace is a counterexample from the model.
type Trace struct {
	// Steps are the blocks taken, in order, up to the failing point, with
	// inlined callees nested by Depth. At a loop header the path continues
	// from an arbitrary iteration satisfying the invariants.
	Steps []Step
	// Values of every ghost global (prog.Vars) and every local (parameters,
	// locals, Ret) of the function containing the failing obligation, at
	// the failing point.
	Values map[*ir.Var]Value
}

// Step is one block of a trace.
type Step struct {
	Func  *ir.Function
	Block *ir.Block
	Depth int // 0 for the checked function, n for a callee inlined n calls deep
}

// Value is the value of a variable in a trace.
type Value struct {
	Int    *big.Int
	Bool   bool
	IsBool bool
}

func (v Value) String() string {
	if v.IsBool {
		return fmt.Sprint(v.Bool)
	}
	if v.Int == nil {
		return "?"
	}
	return v.Int.String()
}

// Cost counts solver work: checks made and Z3 resource units used.
type Cost struct {
	Queries int
	Units   uint64
}

// Add adds c2 to c.
func (c *Cost) Add(c2 Cost) {
	c.Queries += c2.Queries
	c.Units += c2.Units
}
