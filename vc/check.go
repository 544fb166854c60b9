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

// solve decides the obligations of en.
func (p *Prover) solve(ctx context.Context, zc *z3.Context, en *Encoding, fn *ir.Function, opts Options) (outs []Outcome, err error) {
	outs = make([]Outcome, en.NumObligations())
	for i := range outs {
		outs[i].Obligation = en.Obligation(i)
	}
	if len(outs) == 0 {
		return outs, nil
	}
	timed := opts.Timeout > 0 || p.cfg.Timeout > 0
	// start makes a solver holding the formula: one for all the queries,
	// or with Options.Fresh one per query (a tactic solver, non-incremental).
	start := func() (*z3.Solver, error) {
		var s *z3.Solver
		if opts.Fresh {
			s = zc.NewTacticSolver()
		} else {
			s = zc.NewSimpleSolver()
		}
		if opts.Timeout > 0 {
			s.SetTimeout(opts.Timeout)
		}
		if opts.Rlimit > 0 {
			s.SetRlimit(opts.Rlimit)
		}
		for _, c := range en.Constraints() {
			if err := s.Assert(c); err != nil {
				s.Close()
				return nil, err
			}
		}
		return s, nil
	}
	// q[i] selects obligation i in the joint query.
	q := make([]*z3.Expr, len(outs))
	notQ := make([]*z3.Expr, len(outs))
	some := make([]*z3.Expr, len(outs))
	for i := range outs {
		q[i] = en.Literal("select")
		notQ[i] = en.Not(q[i])
		some[i] = en.And(q[i], en.Fail(i))
	}
	joint := en.Or(some...)
	s, err := start()
	if err == nil {
		err = s.Assert(joint)
	}
	if err != nil {
		return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
	}
	defer func() { s.Close() }()
	// used is the context's resource count (cumulative over its solvers)
	// after the last check.
	var used uint64
	if opts.Spent != nil {
		defer func() { *opts.Spent += used }()
	}
	// check runs one query; s is then the solver holding its model. A
	// fresh solver takes the assumptions as units.
	check := func(as []*z3.Expr) (res z3.Result, err error) {
		if opts.Spent != nil {
			defer func() {
				if s != nil {
					used = max(used, s.RlimitCount())
				}
			}()
		}
		if !opts.Fresh {
			return s.CheckAssumptions(ctx, as...)
		}
		if s == nil {
			var err error
			if s, err = start(); err != nil {
				return z3.Unknown, err
			}
			if err := s.Assert(joint); err != nil {
				return z3.Unknown, err
			}
		}
		for _, a := range as {
			if err := s.Assert(a); err != nil {
				return z3.Unknown, err
			}
		}
		return s.Check(ctx)
	}
	// next readies a fresh solver's successor (after its model is read).
	next := func() {
		if opts.Fresh {
			s.Close()
			s = nil
		}
	}
	if opts.Refine {
		plain, rounds := check, 0
		var pins []*z3.Expr // literals, each implying one pin
		// check answers Sat only with a model exact on every abstracted
		// operation (Options.Refine). The pins of earlier rounds are
		// assumed until the query is unsatisfiable with them: the pins in
		// the unsat core are then dropped (all of them without cores, on a
		// fresh solver), and none in the core means unsatisfiable anyway.
		check = func(as []*z3.Expr) (z3.Result, error) {
			for {
				res, err := plain(append(slices.Clip(as), pins...))
				if res == z3.Unsat && len(pins) > 0 {
					if opts.Fresh {
						pins = nil
						next()
						continue
					}
					inCore := map[uint32]bool{}
					for _, c := range s.UnsatCore() {
						inCore[c.ID()] = true
					}
					kept := pins[:0]
					for _, l := range pins {
						if !inCore[l.ID()] {
							kept = append(kept, l)
						}
					}
					if len(kept) == len(pins) {
						return res, err
					}
					pins = kept
					continue
				}
				if res != z3.Sat {
					return res, err
				}
				m, err := s.Model()
				if err != nil {
					return z3.Unknown, err
				}
				if opts.Accept != nil && en.accept(m, opts.Accept) {
					m.Close()
					return res, nil
				}
				before := len(en.enc.constraints)
				n, more := en.refine(m)
				m.Close()
				if n == 0 {
					return res, nil
				}
				if rounds++; rounds > maxRefinements {
					return z3.Unknown, errRefineLimit
				}
				for _, pin := range more {
					l := en.Literal("pin")
					en.enc.constraints = append(en.enc.constraints, en.enc.implies(l, pin))
					pins = append(pins, l)
				}
				lemmas := en.enc.constraints[before:] // with the pins' definitions
				if opts.Fresh {
					next() // the next solver starts with the lemmas
					continue
				}
				for _, l := range lemmas {
					if err := s.Assert(l); err != nil {
						return z3.Unknown, err
					}
				}
			}
		}
	}
	done := make([]bool, len(outs))
	assume := func(only int) []*z3.Expr {
		as := make([]*z3.Expr, len(outs))
		for i := range outs {
			if !done[i] && (only < 0 || only == i) {
				as[i] = q[i]
			} else {
				as[i] = notQ[i]
			}
		}
		return as
	}
	if opts.Together && opts.Fresh && !opts.Refine && len(outs) > 1 {
		// Without unsat cores, together is one query: can all fail at once?
		as := assume(-1)
		for i := range outs {
			as = append(as, en.Fail(i))
		}
		if res, _ := check(as); res == z3.Sat {
			if _, err := p.failures(s, en, outs, done, -1); err != nil {
				return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
			}
		}
		next()
	}
	if opts.Together && !opts.Fresh && !opts.Refine && len(outs) > 1 {
		if err := p.together(ctx, s, en, outs, done, assume); err != nil {
			return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
		}
	}
	for {
		if !slices.Contains(done, false) {
			// Every obligation failed in some model: nothing is left to
			// prove (on a fresh solver the check would pay the whole
			// formula's preprocessing again to say so).
			return outs, nil
		}
		res, cerr := check(assume(-1))
		if res == z3.Unsat {
			for i := range outs {
				if !done[i] {
					outs[i].Status, done[i] = Proved, true
				}
			}
			return outs, nil
		}
		if res == z3.Sat {
			n, err := p.failures(s, en, outs, done, -1)
			if err != nil {
				return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
			}
			if n == 0 {
				return nil, fmt.Errorf("vc: check %s: model satisfies no failure term", fn.Name)
			}
			if opts.FirstFailure {
				markUnknown(outs, done, "not decided: the check stopped at its first failure")
				return outs, nil
			}
			if opts.Fresh {
				// The rest on one incremental solver (Options.Fresh).
				s.Close()
				opts.Fresh = false
				var err error
				if s, err = start(); err == nil {
					err = s.Assert(joint)
				}
				if err != nil {
					return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
				}
				continue
			}
			next()
			continue
		}
		// No answer: give up if cancelled, or if one obligation is left
		// (the query one by one would be the same), else try the rest one
		// by one.
		left := 0
		for i := range outs {
			if !done[i] {
				left++
			}
		}
		if ctx.Err() != nil || left == 1 && cerr == nil || errors.Is(cerr, errRefineLimit) {
			markUnknown(outs, done, unknownReason(s, cerr, timed))
			return outs, nil
		}
		if cerr != nil {
			return nil, fmt.Errorf("vc: check %s: %w", fn.Name, cerr)
		}
		next()
		break
	}
	for i := range outs {
		if done[i] {
			continue
		}
		res, cerr := check(assume(i))
		switch res {
		case z3.Unsat:
			outs[i].Status, done[i] = Proved, true
		case z3.Sat:
			if _, err := p.failures(s, en, outs, done, i); err != nil {
				return nil, fmt.Errorf("vc: check %s: %w", fn.Name, err)
			}
			if !done[i] {
				return nil, fmt.Errorf("vc: check %s: model does not fail obligation %v", fn.Name, outs[i].Obligation)
			}
		default:
			if cerr != nil && ctx.Err() == nil && !errors.Is(cerr, errRefineLimit) {
				return nil, fmt.Errorf("vc: check %s: %w", fn.Name, cerr)
			}
			outs[i].Status, outs[i].Reason, done[i] = Unknown, unknownReason(s, cerr, timed), true
			if ctx.Err() != nil {
				markUnknown(outs, done, outs[i].Reason)
				return outs, nil
			}
		}
		next()
	}
	return outs, nil
}

// together looks for one execution in which many obligations fail at once:
// it assumes every remaining obligation fails, drops the obligations of the
// unsat core while the query is unsatisfiable (they cannot all fail
// together; most often they cannot fail at all), and marks Failed those of a
// model it finds. It is only a shortcut: the caller's loop still decides
// every obligation it leaves.
func (p *Prover) together(ctx context.Context, s *z3.Solver, en *Encoding, outs []Outcome, done []bool, assume func(int) []*z3.Expr) error {
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
		res, _ := s.CheckAssumptions(ctx, as...)
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
