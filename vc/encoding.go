package vc

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/z3"
)

// EncodeConfig adjusts Encode for clients that drive the solver themselves.
type EncodeConfig struct {
	// Guarded says which specs are guarded by a literal (Encoding.Guard):
	// where such a spec is assumed, guard ⇒ cond is assumed; where it is
	// checked, it fails only if its guard is true. Literals are named
	// "guard!<Spec.ID>", so encodings of different functions in one
	// context share them.
	Guarded func(*ir.Spec) bool
	// NoTraces skips the state snapshots traces need (Encoding.Trace then
	// returns traces without values).
	NoTraces bool
	// DeadGhosts leaves out, at a merge, the constant and the constraints
	// of every ghost that nothing can read afterwards (no statement,
	// terminator or spec reachable from there, in the function or in the
	// activations that inline it): they constrain only that constant, so
	// the formula has the same models on everything else. Only with
	// NoTraces, whose traces would show such a ghost's value.
	DeadGhosts bool
	// Done, when closed, stops the encoding: Encode returns ErrCanceled.
	// A pair program can take minutes to encode; a deadline must not wait
	// for it.
	Done <-chan struct{}
}

// ErrCanceled is Encode's error when EncodeConfig.Done was closed.
var ErrCanceled = errors.New("vc: encoding canceled")

// encodeCanceled is the panic that unwinds an encoding when Done closes.
type encodeCanceled struct{}

// Encoding is the verification condition of one function in a Z3 context:
// constraints that describe its executions, and per obligation a failure
// term that is true in a model of the constraints iff the obligation fails
// on that execution. It keeps every term it made alive until it is dropped.
type Encoding struct {
	enc  *encoder
	obls []*oblig // in report order
}

// Encode builds the verification condition of fn (with its inlined
// callees) under opts. Errors are malformed input: a variable out of
// scope, a ghost assigned outside the checked function's Modifies, a
// broken control-flow graph.
func Encode(zc *z3.Context, prog *ir.Program, fn *ir.Function, opts Options, cfg EncodeConfig) (en *Encoding, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(encodeCanceled); ok {
				en, err = nil, ErrCanceled
				return
			}
			en, err = nil, fmt.Errorf("vc: encode %s: internal error: %v", fn.Name, r)
		}
	}()
	if fn.External() {
		return nil, fmt.Errorf("vc: encode %s: function has no body", fn.Name)
	}
	pi := opts.Info.view(prog)
	e := &encoder{
		terms:   newTerms(zc),
		pi:      pi,
		opts:    opts,
		guarded: cfg.Guarded,
		traces:  !cfg.NoTraces,
		top:     fn,
		allowed: make([]bool, len(pi.ghosts)),
		oblIdx:  make(map[oblKey]int),
		guards:  make(map[*ir.Spec]*z3.Expr),
		ufs:     make(map[string]*z3.FuncDecl),
		divs:    make(map[divKey][2]*z3.Expr),
		absIdx:  make(map[uint32]*abstraction),
		done:    cfg.Done,
	}
	if cfg.DeadGhosts && cfg.NoTraces {
		e.reads = newGhostReads(pi)
	}
	for _, g := range fn.Modifies {
		if i, ok := pi.ghostIdx[g]; ok {
			e.allowed[i] = true
		}
	}
	e.run()
	if e.failure == nil && e.err != nil {
		e.failure = e.err
	}
	if e.failure != nil {
		return nil, fmt.Errorf("vc: encode %s: %w", fn.Name, e.failure)
	}
	for _, o := range e.obls {
		fails := make([]*z3.Expr, len(o.insts))
		for i, in := range o.insts {
			fails[i] = in.fail
		}
		o.fail = e.or(fails...)
	}
	obls := slices.Clone(e.obls)
	slices.SortStableFunc(obls, func(a, b *oblig) int {
		if c := comparePos(a.Pos, b.Pos); c != 0 {
			return c
		}
		return cmp.Compare(a.order, b.order)
	})
	if e.err != nil {
		return nil, fmt.Errorf("vc: encode %s: %w", fn.Name, e.err)
	}
	return &Encoding{enc: e, obls: obls}, nil
}

// comparePos orders positions by file, line and column; invalid ones last.
func comparePos(a, b ir.Pos) int {
	if a.IsValid() != b.IsValid() {
		if a.IsValid() {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(a.File, b.File); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Line, b.Line); c != 0 {
		return c
	}
	return cmp.Compare(a.Col, b.Col)
}

// Constraints returns the formula describing the function's executions.
func (en *Encoding) Constraints() []*z3.Expr { return en.enc.constraints }

// NumObligations returns the number of checked obligations.
func (en *Encoding) NumObligations() int { return len(en.obls) }

// Obligation returns obligation i (source order).
func (en *Encoding) Obligation(i int) Obligation { return en.obls[i].Obligation }

// Fail returns the failure term of obligation i.
func (en *Encoding) Fail(i int) *z3.Expr { return en.obls[i].fail }

// Guarded reports whether obligation i is a guarded spec.
func (en *Encoding) Guarded(i int) bool { return en.obls[i].guard != nil }

// GuardLit is a guarded spec and its literal.
type GuardLit struct {
	Spec *ir.Spec
	Lit  *z3.Expr
}

// Guards returns the guard literals the formula mentions (assumed or
// checked specs), in first-use order.
func (en *Encoding) Guards() []GuardLit {
	out := make([]GuardLit, len(en.enc.guardOrder))
	for i, s := range en.enc.guardOrder {
		out[i] = GuardLit{s, en.enc.guards[s]}
	}
	return out
}

// Or returns the disjunction of xs, made in the encoding's context and
// kept alive with it.
func (en *Encoding) Or(xs ...*z3.Expr) *z3.Expr { return en.enc.or(xs...) }

// And returns the conjunction of xs (see Or).
func (en *Encoding) And(xs ...*z3.Expr) *z3.Expr { return en.enc.and(xs...) }

// Not returns the negation of x (see Or).
func (en *Encoding) Not(x *z3.Expr) *z3.Expr { return en.enc.not(x) }

// Literal returns a fresh Boolean constant named after prefix (see Or).
func (en *Encoding) Literal(prefix string) *z3.Expr { return en.enc.freshBool(prefix) }

// Statements is the number of statements encoded, inlined callees
// included: the size of the formula, known before any solver call.
func (en *Encoding) Statements() int { return en.enc.nstmts }
