package vc

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/z3"
)

// Prover checks functions. Each Check runs in a Z3 context of its own
// (created and closed by Check), so that results do not depend on earlier
// checks or on when the garbage collector releases terms. Not safe for
// concurrent use: one Prover per goroutine.
type Prover struct {
	cfg    z3.Config
	closed bool
}

// NewProver returns a prover whose solvers use cfg's defaults. It fails if
// Z3 is unusable (no cgo, no libz3). It makes no context: each check or
// session makes its own (a probe context was half a millisecond at the
// start of every pair-check worker).
func NewProver(cfg z3.Config) (*Prover, error) {
	if err := z3.Usable(); err != nil {
		return nil, fmt.Errorf("vc: %w", err)
	}
	return &Prover{cfg: cfg}, nil
}

// Close releases the prover. Checks after Close fail.
func (p *Prover) Close() error {
	p.closed = true
	return nil
}

// Check checks the obligations of fn (with its inlined callees) selected by
// opts, and returns one Outcome per obligation, in source order (then
// encoding order). A solver timeout gives Unknown for the obligations it
// covered, never a wrong verdict. ctx cancels.
//
// All obligations are first checked together (one query for "some
// obligation fails"); every obligation failing in a model gets that model's
// trace, and the query is repeated without them until it is unsatisfiable.
// If the joint query gives no answer, the rest are checked one by one.
func (p *Prover) Check(ctx context.Context, prog *ir.Program, fn *ir.Function, opts Options) (outs []Outcome, err error) {
	if p == nil || p.closed {
		return nil, errors.New("vc: check on a closed prover")
	}
	if fn == nil {
		return nil, errors.New("vc: check of a nil function")
	}
	defer func() {
		if r := recover(); r != nil {
			outs, err = nil, fmt.Errorf("vc: check %s: internal error: %v", fn.Name, r)
		}
	}()
	zc, err := z3.NewContext(p.contextConfig())
	if err != nil {
		return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
	}
	defer zc.Close()
	outs, _, err = p.check(ctx, zc, prog, fn, opts)
	return outs, err
}

// Session runs several checks in one Z3 context, cheaper than a context per
// check. It keeps every term alive until Close, so no term is released
// between checks at a moment the garbage collector chooses: the same
// sequence of checks always gives the same results. Not safe for
// concurrent use.
type Session struct {
	p  *Prover
	zc *z3.Context
}

// NewSession starts a session of p.
func (p *Prover) NewSession() (*Session, error) {
	if p == nil || p.closed {
		return nil, errors.New("vc: session on a closed prover")
	}
	zc, err := z3.NewContext(p.contextConfig())
	if err != nil {
		return nil, fmt.Errorf("vc: %w", err)
	}
	return &Session{p: p, zc: zc}, nil
}

// contextConfig is the configuration of the prover's contexts: they live
// for one check or one session, so they keep every term (z3.Config
// KeepTerms): cheaper, and Z3 then sees the same term ids, and gives the
// same models, whenever the Go collector runs.
func (p *Prover) contextConfig() z3.Config {
	cfg := p.cfg
	cfg.KeepTerms = true
	return cfg
}

// Check is Prover.Check within the session's context.
func (s *Session) Check(ctx context.Context, prog *ir.Program, fn *ir.Function, opts Options) (outs []Outcome, err error) {
	if s.zc == nil {
		return nil, errors.New("vc: check on a closed session")
	}
	if fn == nil {
		return nil, errors.New("vc: check of a nil function")
	}
	defer func() {
		if r := recover(); r != nil {
			outs, err = nil, fmt.Errorf("vc: check %s: internal error: %v", fn.Name, r)
		}
	}()
	outs, _, err = s.p.check(ctx, s.zc, prog, fn, opts)
	return outs, err
}

// Close releases the session's context.
func (s *Session) Close() error {
	if s.zc == nil {
		return nil
	}
	err := s.zc.Close()
	s.zc = nil
	return err
}

// check runs one check in zc and returns its outcomes and encoding.
func (p *Prover) check(ctx context.Context, zc *z3.Context, prog *ir.Program, fn *ir.Function, opts Options) (outs []Outcome, en *Encoding, err error) {
	en, err = Encode(zc, prog, fn, opts, EncodeConfig{Done: ctx.Done()})
	if errors.Is(err, ErrCanceled) {
		return nil, nil, ctx.Err()
	}
	if err != nil {
		return nil, nil, err
	}
	outs, err = p.solve(ctx, zc, en, fn, opts)
	return outs, en, err
}

// solve decides the obligations of en: those that fail together first
// (Options.Together), then all that are left in one query, repeated
// without the failed ones until it is unsatisfiable; if that query gives
// no answer, one by one.
func (p *Prover) solve(ctx context.Context, zc *z3.Context, en *Encoding, fn *ir.Function, opts Options) (outs []Outcome, err error) {
	outs = make([]Outcome, en.NumObligations())
	for i := range outs {
		outs[i].Obligation = en.Obligation(i)
	}
	if len(outs) == 0 {
		return outs, nil
	}
	sv := newSolving(p, zc, en, opts, outs)
	if err := sv.restart(); err != nil {
		return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
	}
	defer func() { sv.s.Close() }()
	if opts.Spent != nil {
		defer func() { *opts.Spent += sv.used }()
	}
	if opts.Together && opts.Fresh && !opts.Refine && len(outs) > 1 {
		if err := sv.allFail(ctx); err != nil {
			return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
		}
	}
	if opts.Together && !opts.Fresh && !opts.Refine && len(outs) > 1 {
		check := func(as []*z3.Expr) (z3.Result, error) {
			return sv.counted(sv.s, func() (z3.Result, error) { return sv.s.CheckAssumptions(ctx, as...) })
		}
		if err := p.together(sv.s, en, outs, sv.done, sv.assume, check); err != nil {
			return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
		}
	}
	finished, err := sv.allAtOnce(ctx)
	if err == nil && !finished {
		err = sv.oneByOne(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
	}
	return outs, nil
}

// solving is the state of one solve.
type solving struct {
	p    *Prover
	zc   *z3.Context
	en   *Encoding
	opts Options // Fresh is dropped after the first failure (allAtOnce)
	outs []Outcome
	done []bool
	// q[i] selects obligation i in the joint query.
	q, notQ []*z3.Expr
	joint   *z3.Expr
	timed   bool
	// s holds the formula: one solver for all the queries, or with
	// Options.Fresh one per query (nil between them).
	s *z3.Solver
	// used is the context's resource count (cumulative over its solvers)
	// after the last query.
	used   uint64
	pins   []*z3.Expr // Options.Refine: literals, each implying one pin
	rounds int        // Options.Refine: refinements so far
}

func newSolving(p *Prover, zc *z3.Context, en *Encoding, opts Options, outs []Outcome) *solving {
	sv := &solving{p: p, zc: zc, en: en, opts: opts, outs: outs, done: make([]bool, len(outs)),
		q: make([]*z3.Expr, len(outs)), notQ: make([]*z3.Expr, len(outs)),
		timed: opts.Timeout > 0 || p.cfg.Timeout > 0}
	some := make([]*z3.Expr, len(outs))
	for i := range outs {
		sv.q[i] = en.Literal("select")
		sv.notQ[i] = en.Not(sv.q[i])
		some[i] = en.And(sv.q[i], en.Fail(i))
	}
	sv.joint = en.Or(some...)
	return sv
}

// restart makes s a new solver holding the formula and the joint query.
func (sv *solving) restart() error {
	s, err := sv.start()
	if err == nil {
		err = s.Assert(sv.joint)
	}
	sv.s = s
	return err
}

// start makes a solver holding the formula: a tactic solver,
// non-incremental, with Options.Fresh.
func (sv *solving) start() (*z3.Solver, error) {
	var s *z3.Solver
	if sv.opts.Fresh {
		s = sv.zc.NewTacticSolver()
	} else {
		s = sv.zc.NewSimpleSolver()
	}
	if sv.opts.Timeout > 0 {
		s.SetTimeout(sv.opts.Timeout)
	}
	if sv.opts.Rlimit > 0 {
		s.SetRlimit(sv.opts.Rlimit)
	}
	for _, c := range sv.en.Constraints() {
		if err := s.Assert(c); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// assume selects the obligations not done (only the one given, if only >=
// 0) in the joint query.
func (sv *solving) assume(only int) []*z3.Expr {
	as := make([]*z3.Expr, len(sv.outs))
	for i := range sv.outs {
		if !sv.done[i] && (only < 0 || only == i) {
			as[i] = sv.q[i]
		} else {
			as[i] = sv.notQ[i]
		}
	}
	return as
}

// check runs one query; s is then the solver holding its model.
func (sv *solving) check(ctx context.Context, as []*z3.Expr) (z3.Result, error) {
	if sv.opts.Refine {
		return sv.refined(ctx, as)
	}
	return sv.query(ctx, as)
}

// query runs one query as it is. A fresh solver takes the assumptions as
// units.
func (sv *solving) query(ctx context.Context, as []*z3.Expr) (res z3.Result, err error) {
	if sv.opts.Spent != nil {
		defer func() {
			if sv.s != nil {
				sv.used = max(sv.used, sv.s.RlimitCount())
			}
		}()
	}
	if !sv.opts.Fresh {
		return sv.counted(sv.s, func() (z3.Result, error) { return sv.s.CheckAssumptions(ctx, as...) })
	}
	if sv.s == nil {
		if err := sv.restart(); err != nil {
			return z3.Unknown, err
		}
	}
	for _, a := range as {
		if err := sv.s.Assert(a); err != nil {
			return z3.Unknown, err
		}
	}
	return sv.counted(sv.s, func() (z3.Result, error) { return sv.s.Check(ctx) })
}

// counted runs one check on s and adds it to Options.Cost. The resource
// counter is the context's, so the difference across the check is what
// it used, on a fresh solver too.
func (sv *solving) counted(s *z3.Solver, check func() (z3.Result, error)) (z3.Result, error) {
	if sv.opts.Cost == nil {
		return check()
	}
	before := s.RlimitCount()
	res, err := check()
	sv.opts.Cost.Queries++
	sv.opts.Cost.Units += s.RlimitCount() - before
	return res, err
}

// next readies a fresh solver's successor (after its model is read).
func (sv *solving) next() {
	if sv.opts.Fresh {
		sv.s.Close()
		sv.s = nil
	}
}

// refined answers Sat only with a model exact on every abstracted
// operation (Options.Refine). The pins of earlier rounds are assumed
// until the query is unsatisfiable with them: the pins in the unsat core
// are then dropped, and none in the core means unsatisfiable anyway.
func (sv *solving) refined(ctx context.Context, as []*z3.Expr) (z3.Result, error) {
	en := sv.en
	for {
		res, err := sv.query(ctx, append(slices.Clip(as), sv.pins...))
		if res == z3.Unsat && len(sv.pins) > 0 {
			if !sv.dropPins() {
				return res, err
			}
			continue
		}
		if res != z3.Sat {
			return res, err
		}
		m, err := sv.s.Model()
		if err != nil {
			return z3.Unknown, err
		}
		if sv.opts.Accept != nil && en.accept(m, sv.opts.Accept) {
			m.Close()
			return res, nil
		}
		before := len(en.enc.constraints)
		n, more := en.refine(m)
		m.Close()
		if n == 0 {
			return res, nil
		}
		if sv.rounds++; sv.rounds > maxRefinements {
			return z3.Unknown, errRefineLimit
		}
		if err := sv.pin(more, before); err != nil {
			return z3.Unknown, err
		}
	}
}

// dropPins drops the pins in the unsat core (all of them on a fresh
// solver, which gives no cores); false if none is in it.
func (sv *solving) dropPins() bool {
	if sv.opts.Fresh {
		sv.pins = nil
		sv.next()
		return true
	}
	inCore := map[uint32]bool{}
	for _, c := range sv.s.UnsatCore() {
		inCore[c.ID()] = true
	}
	kept := sv.pins[:0]
	for _, l := range sv.pins {
		if !inCore[l.ID()] {
			kept = append(kept, l)
		}
	}
	if len(kept) == len(sv.pins) {
		return false
	}
	sv.pins = kept
	return true
}

// pin adds a pin literal for each of more, and gives the solver the
// lemmas of the refinement (the constraints from before on, with the
// pins' definitions); the next fresh solver starts with them.
func (sv *solving) pin(more []*z3.Expr, before int) error {
	en := sv.en
	for _, pin := range more {
		l := en.Literal("pin")
		en.enc.constraints = append(en.enc.constraints, en.enc.implies(l, pin))
		sv.pins = append(sv.pins, l)
	}
	lemmas := en.enc.constraints[before:]
	if sv.opts.Fresh {
		sv.next()
		return nil
	}
	for _, l := range lemmas {
		if err := sv.s.Assert(l); err != nil {
			return err
		}
	}
	return nil
}

// allFail asks a fresh solver whether all obligations fail at once:
// without unsat cores, that is Together's one query.
func (sv *solving) allFail(ctx context.Context) error {
	as := sv.assume(-1)
	for i := range sv.outs {
		as = append(as, sv.en.Fail(i))
	}
	if res, _ := sv.check(ctx, as); res == z3.Sat {
		if _, err := sv.p.failures(sv.s, sv.en, sv.outs, sv.done, -1); err != nil {
			return err
		}
	}
	sv.next()
	return nil
}

// allAtOnce repeats the query "some obligation left fails" until it is
// unsatisfiable; finished is false if it gave no answer and the
// obligations left are to be checked one by one.
func (sv *solving) allAtOnce(ctx context.Context) (finished bool, err error) {
	for {
		if !slices.Contains(sv.done, false) {
			// Every obligation failed in some model: nothing is left to
			// prove (on a fresh solver the check would pay the whole
			// formula's preprocessing again to say so).
			return true, nil
		}
		res, cerr := sv.check(ctx, sv.assume(-1))
		switch res {
		case z3.Unsat:
			for i := range sv.outs {
				if !sv.done[i] {
					sv.outs[i].Status, sv.done[i] = Proved, true
				}
			}
			return true, nil
		case z3.Sat:
			n, err := sv.p.failures(sv.s, sv.en, sv.outs, sv.done, -1)
			if err != nil {
				return false, err
			}
			if n == 0 {
				return false, errors.New("model satisfies no failure term")
			}
			if sv.opts.FirstFailure {
				markUnknown(sv.outs, sv.done, "not decided: the check stopped at its first failure")
				return true, nil
			}
			if sv.opts.Fresh {
				// The rest on one incremental solver (Options.Fresh).
				sv.s.Close()
				sv.opts.Fresh = false
				if err := sv.restart(); err != nil {
					return false, err
				}
				continue
			}
			sv.next()
			continue
		}
		return sv.noAnswer(ctx, cerr)
	}
}

// noAnswer: give up if cancelled, or if one obligation is left (the query
// one by one would be the same); else the rest are for oneByOne.
func (sv *solving) noAnswer(ctx context.Context, cerr error) (finished bool, err error) {
	left := 0
	for i := range sv.outs {
		if !sv.done[i] {
			left++
		}
	}
	if ctx.Err() != nil || left == 1 && cerr == nil || errors.Is(cerr, errRefineLimit) {
		markUnknown(sv.outs, sv.done, unknownReason(sv.s, cerr, sv.timed))
		return true, nil
	}
	if cerr != nil {
		return false, cerr
	}
	sv.next()
	return false, nil
}

// oneByOne decides each obligation left in a query of its own.
func (sv *solving) oneByOne(ctx context.Context) error {
	outs, done := sv.outs, sv.done
	for i := range outs {
		if done[i] {
			continue
		}
		res, cerr := sv.check(ctx, sv.assume(i))
		switch res {
		case z3.Unsat:
			outs[i].Status, done[i] = Proved, true
		case z3.Sat:
			if _, err := sv.p.failures(sv.s, sv.en, outs, done, i); err != nil {
				return err
			}
			if !done[i] {
				return fmt.Errorf("model does not fail obligation %v", outs[i].Obligation)
			}
		default:
			if cerr != nil && ctx.Err() == nil && !errors.Is(cerr, errRefineLimit) {
				return cerr
			}
			outs[i].Status, outs[i].Reason, done[i] = Unknown, unknownReason(sv.s, cerr, sv.timed), true
			if ctx.Err() != nil {
				markUnknown(outs, done, outs[i].Reason)
				return nil
			}
		}
		sv.next()
	}
	return nil
}

// together looks for one execution in which many obligations fail at once:
// it assumes every remaining obligation fails, drops the obligations of the
// unsat core while the query is unsatisfiable (they cannot all fail
// together; most often they cannot fail at all), and marks Failed those of a
// model it finds. It is only a shortcut: the caller's loop still decides
// every obligation it leaves.
func (p *Prover) together(s *z3.Solver, en *Encoding, outs []Outcome, done []bool, assume func(int) []*z3.Expr, check func([]*z3.Expr) (z3.Result, error)) error {
	const maxCores = 4
	lit := make([]*z3.Expr, len(outs))
	owner := make(map[uint32]int, len(outs))
	for i := range outs {
		lit[i] = en.Literal("all")
		owner[lit[i].ID()] = i
		if err := s.Assert(en.Or(en.Not(lit[i]), en.Fail(i))); err != nil {
			return err
		}
	}
	active := make([]bool, len(outs))
	n := 0
	for i := range outs {
		if !done[i] {
			active[i] = true
			n++
		}
	}
	for round := 0; round <= maxCores && n > 1; round++ {
		as := assume(-1)
		for i := range outs {
			if active[i] {
				as = append(as, lit[i])
			}
		}
		res, _ := check(as)
		switch res {
		case z3.Sat:
			_, err := p.failures(s, en, outs, done, -1)
			return err
		case z3.Unsat:
			dropped := 0
			for _, c := range s.UnsatCore() {
				if i, ok := owner[c.ID()]; ok && active[i] {
					active[i] = false
					n--
					dropped++
				}
			}
			if dropped == 0 {
				return nil
			}
		default:
			return nil // no answer: leave it all to the caller's loop
		}
	}
	return nil
}

// failures marks Failed, with traces, the obligations (only the one given,
// if only >= 0) that fail in the solver's model, and counts them.
func (p *Prover) failures(s *z3.Solver, en *Encoding, outs []Outcome, done []bool, only int) (int, error) {
	m, err := s.Model()
	if err != nil {
		return 0, err
	}
	defer m.Close()
	n := 0
	for i := range outs {
		if done[i] || (only >= 0 && i != only) {
			continue
		}
		if v, ok := m.Bool(en.Fail(i)); ok && v {
			outs[i].Status, outs[i].Trace, done[i] = Failed, en.Trace(m, i), true
			n++
		}
	}
	return n, nil
}

func markUnknown(outs []Outcome, done []bool, reason string) {
	for i := range outs {
		if !done[i] {
			outs[i].Status, outs[i].Reason, done[i] = Unknown, reason, true
		}
	}
}

// unknownReason says why a check gave no answer: "timeout" (the solver's
// time limit or the context's deadline), "canceled" (the context),
// "resource limit" (the configured rlimit) or Z3's own reason.
func unknownReason(s *z3.Solver, err error, timeout bool) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case err != nil:
		return err.Error()
	}
	r := s.ReasonUnknown()
	switch {
	case r == "timeout", (r == "canceled" || r == "interrupted") && timeout:
		// Z3 4.8.12 reports a solver time-out as "canceled".
		return "timeout"
	case r == "canceled":
		return "resource limit"
	case r == "":
		return "unknown"
	}
	return r
}
