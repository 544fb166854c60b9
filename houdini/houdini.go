package houdini

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	"github.com/whoopverify/whoop/z3"
)

// Options configure Run.
type Options struct {
	Workers int // parallel solvers (one Z3 context each); <= 1 sequential. The result does not depend on it.
	// Threads, when set, runs the solvers on these threads (at most
	// Threads.N() workers); when nil, each worker is a goroutine.
	Threads      *z3.Threads
	Budget       time.Duration // total time budget; 0 = none
	CheckTimeout time.Duration // per solver check; 0 = none
	// FunctionRlimit is Z3's deterministic resource budget per function,
	// over all its checks (0 = none). A function whose check runs out of
	// it, or gets no answer for another reason, is given up
	// (Result.GaveUp).
	FunctionRlimit uint64
	Inline         func(callee *ir.Function, depth int) bool
	MaxInlineDepth int
	CheapArith     bool // as vc.Options.CheapArith
	// Roots selects the functions checked on their own (nil: every function
	// with a body). A function left out is checked only where a root
	// inlines it, so its candidates must be used only in such contexts.
	Roots func(*ir.Function) bool
	// TrustFacts takes the non-candidate specs as true without checking
	// them: they are still assumed where they apply, but a check looks
	// only for models in which a candidate fails, and a function in which
	// no candidate is assumed or checked is skipped. Checking a fact can
	// only confirm it or fail with ErrNotConsistent, and on large drivers
	// that costs more than the inference (r8169: one such function's check
	// ran 1m45s). Callers whose facts are true by construction set it
	// outside their self-tests.
	TrustFacts bool
	// MaxStatements gives up, without a check, every function whose
	// formula encodes more statements (inlined callees included; 0: no
	// bound). Z3's preprocessing of such a formula is not bounded by
	// FunctionRlimit: r8169's PHY configuration (59,651 statements) took
	// 55.7 s for one check at a 2M budget and as long at a budget of 1.
	MaxStatements int
	// MaxTotalStatements bounds what all the checked functions encode
	// together (0: no bound): past it, the largest are given up as by
	// MaxStatements, the smallest kept first. Every formula is held at
	// once, one context per worker: floppy.c's 19 functions under the
	// per-function bound encode 369,337 statements, past a 4 GB cap.
	MaxTotalStatements int
}

// Result is the outcome of Run.
type Result struct {
	Kept     map[int]bool // Spec.ID of every candidate that survived
	Complete bool         // false if the budget or ctx ran out or a check was inconclusive: then Kept is nil
	Rounds   int          // synchronous rounds
	Checks   int          // solver checks
	// Units is the Z3 resource units the checks used, GaveUpUnits the
	// part spent by functions a check then gave up (GaveUp): counts of
	// the work that do not depend on the machine or its load (with
	// Workers > 1 they can differ by a few units: a worker's functions
	// share its Z3 context).
	Units       uint64
	GaveUpUnits uint64
	// Refuted maps the Spec.ID of each dropped candidate to where a
	// counterexample refuted it (debugging).
	Refuted map[int]string
	Reason  string // why the result is incomplete
	// GaveUp names the functions whose check gave no answer, in the order
	// given up: every candidate with an obligation in one of them is
	// dropped, and they are not checked again.
	GaveUp []string
	// Weakened names, sorted, the functions that own a candidate dropped
	// only because a function was given up (a callee's requires at a call
	// in it, its own ensures or loop invariants): their summaries are
	// weaker than Houdini would have proved.
	Weakened []string
}

// candidate is a spec Houdini may drop.
type candidate struct {
	spec  *ir.Spec
	owner *ir.Function
}

// Run computes the largest consistent set of candidate specs of prog.
func Run(ctx context.Context, prog *ir.Program, opts Options) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("houdini: internal error: %v", r)
		}
	}()
	cands, index, err := collect(prog)
	if err != nil {
		return nil, err
	}
	if opts.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Budget)
		defer cancel()
	}
	res = &Result{Refuted: make(map[int]string)}
	alive := make([]bool, len(cands))
	for i, c := range cands {
		alive[i] = true
		if c.spec.Kind == ir.Ensures && c.owner.External() {
			alive[i] = false
			res.Refuted[c.spec.ID] = c.owner.Name + ": no body to establish it"
		}
	}
	var mentions map[*ir.Function]bool
	if opts.TrustFacts {
		mentions = mentionsCandidates(prog)
	}
	var procs []*ir.Function
	for _, f := range prog.Funcs {
		if !f.External() && (opts.Roots == nil || opts.Roots(f)) && (mentions == nil || mentions[f]) {
			procs = append(procs, f)
		}
	}
	info, err := vc.Prepare(prog)
	if err != nil {
		return nil, fmt.Errorf("houdini: %w", err)
	}
	e := &engine{
		prog:  prog,
		cands: cands,
		index: index,
		vcOpts: vc.Options{
			Inline:            opts.Inline,
			MaxInlineDepth:    opts.MaxInlineDepth,
			CheckEnsures:      true,
			CheckCallRequires: true,
			CheckInvariants:   true,
			CheapArith:        opts.CheapArith,
			Info:              info,
		},
		timeout:    opts.CheckTimeout,
		rlimit:     opts.FunctionRlimit,
		trustFacts: opts.TrustFacts,
		maxStmts:   opts.MaxStatements,
		maxTotal:   opts.MaxTotalStatements,
	}
	if err := e.run(ctx, procs, alive, opts.Workers, opts.Threads, res); err != nil {
		return nil, err
	}
	if !res.Complete {
		res.Kept = nil
		return res, nil
	}
	res.Kept = make(map[int]bool)
	for i, c := range cands {
		if alive[i] {
			res.Kept[c.spec.ID] = true
		}
	}
	return res, nil
}

// collect lists the candidates of prog in program order and maps their
// spec IDs to indices.
func collect(prog *ir.Program) ([]candidate, map[*ir.Spec]int, error) {
	var cands []candidate
	index := make(map[*ir.Spec]int)
	ids := make(map[int]*ir.Spec)
	add := func(f *ir.Function, specs []*ir.Spec) error {
		for _, s := range specs {
			if prev, dup := ids[s.ID]; dup && prev != s {
				return fmt.Errorf("houdini: %s: spec id %d used twice", f.Name, s.ID)
			}
			ids[s.ID] = s
			if !s.Candidate {
				continue
			}
			if _, seen := index[s]; seen {
				continue
			}
			index[s] = len(cands)
			cands = append(cands, candidate{spec: s, owner: f})
		}
		return nil
	}
	for _, f := range prog.Funcs {
		if err := add(f, f.Requires); err != nil {
			return nil, nil, err
		}
		if err := add(f, f.Ensures); err != nil {
			return nil, nil, err
		}
		for _, b := range f.Blocks {
			if err := add(f, b.Invariants); err != nil {
				return nil, nil, err
			}
		}
	}
	return cands, index, nil
}

// Apply removes refuted candidates from prog and marks kept ones as proven
// (Candidate=false), so later vc checks use exactly the survivors. With an
// incomplete result every candidate is removed.
func Apply(prog *ir.Program, res *Result) {
	keep := func(s *ir.Spec) bool { return res != nil && res.Complete && res.Kept[s.ID] }
	filter := func(specs []*ir.Spec) []*ir.Spec {
		out := specs[:0]
		for _, s := range specs {
			if !s.Candidate {
				out = append(out, s)
			} else if keep(s) {
				s.Candidate = false
				out = append(out, s)
			}
		}
		clear(specs[len(out):])
		return out
	}
	for _, f := range prog.Funcs {
		f.Requires = filter(f.Requires)
		f.Ensures = filter(f.Ensures)
		for _, b := range f.Blocks {
			b.Invariants = filter(b.Invariants)
		}
	}
}

// ErrNotConsistent wraps the error returned when a non-candidate spec does
// not hold even with every surviving candidate assumed.
var ErrNotConsistent = errors.New("non-candidate spec does not hold")
