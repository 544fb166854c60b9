package frontend

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// GCC's cleanup attribute: `T v __attribute__((cleanup(fn)))` calls fn(&v)
// whenever v goes out of scope: at the end of its block, and when a return,
// goto, break or continue leaves the block, innermost variable first. The
// kernel's guard(), scoped_guard() and __free() (linux/cleanup.h) are built
// on it, so a lock taken by a guard is released exactly there; dropping the
// release would make later accesses look protected.

// cleanupScope is one C scope (a compound statement, a for statement with a
// declaration, a statement expression) and its variables with cleanups.
type cleanupScope struct {
	id       int
	cleanups []cleanupAction
}

type cleanupAction struct {
	fn  string
	d   *cc.Declarator
	pos ir.Pos
}

// scopeSnap is a scope and how many of its cleanups were registered at a
// jump: a forward goto leaves only the variables declared before it.
type scopeSnap struct {
	s *cleanupScope
	n int
}

// pendingGoto is a goto whose label's scopes were not known yet: its
// cleanups go into a block of their own once the function is lowered.
type pendingGoto struct {
	block  *ir.Block
	from   []scopeSnap
	target *ir.Block
	pos    ir.Pos
}

// cleanupState is the fnBuilder's part of the cleanup machinery.
type cleanupState struct {
	scopes  []*cleanupScope
	nscopes int
	chainOf map[*ir.Block][]int // the scopes a label or loop target lies in
	pending []pendingGoto
	active  int // registered cleanups of the open scopes
}

func (f *fnBuilder) pushScope() {
	f.cl.nscopes++
	f.cl.scopes = append(f.cl.scopes, &cleanupScope{id: f.cl.nscopes})
}

// popScope closes the innermost scope, running its cleanups when control
// falls off its end.
func (f *fnBuilder) popScope(pos ir.Pos) {
	s := f.cl.scopes[len(f.cl.scopes)-1]
	f.runScope(s, len(s.cleanups), pos)
	f.cl.active -= len(s.cleanups)
	f.cl.scopes = f.cl.scopes[:len(f.cl.scopes)-1]
}

func (f *fnBuilder) chain() []int {
	ids := make([]int, len(f.cl.scopes))
	for i, s := range f.cl.scopes {
		ids[i] = s.id
	}
	return ids
}

// markTarget records the scopes a jump target lies in (a label where it is
// defined, a loop's break and continue targets where the body starts).
func (f *fnBuilder) markTarget(b *ir.Block) {
	if f.cl.chainOf == nil {
		f.cl.chainOf = make(map[*ir.Block][]int)
	}
	f.cl.chainOf[b] = f.chain()
}

// jumpOut jumps to target, first running the cleanups of the scopes the
// jump leaves. A goto to a label not yet seen goes through a block filled
// in by resolveGotos.
func (f *fnBuilder) jumpOut(target *ir.Block, pos ir.Pos) {
	if f.cl.active == 0 || f.cur == nil {
		f.jump(target, pos)
		return
	}
	tc, ok := f.cl.chainOf[target]
	if !ok {
		t := f.newBlock("goto.cleanup")
		from := make([]scopeSnap, len(f.cl.scopes))
		for i, s := range f.cl.scopes {
			from[i] = scopeSnap{s, len(s.cleanups)}
		}
		f.cl.pending = append(f.cl.pending, pendingGoto{block: t, from: from, target: target, pos: pos})
		f.jump(t, pos)
		return
	}
	from := make([]scopeSnap, len(f.cl.scopes))
	for i, s := range f.cl.scopes {
		from[i] = scopeSnap{s, len(s.cleanups)}
	}
	f.leave(from, tc, pos)
	f.jump(target, pos)
}

// leave runs, innermost first, the cleanups of the scopes in from that are
// not among the target's scopes.
func (f *fnBuilder) leave(from []scopeSnap, target []int, pos ir.Pos) {
	k := 0
	for k < len(from) && k < len(target) && from[k].s.id == target[k] {
		k++
	}
	for i := len(from) - 1; i >= k; i-- {
		f.runScope(from[i].s, from[i].n, pos)
	}
}

// beforeReturn runs every open scope's cleanups (the return value is
// already computed).
func (f *fnBuilder) beforeReturn(pos ir.Pos) {
	if f.cl.active == 0 {
		return
	}
	for i := len(f.cl.scopes) - 1; i >= 0; i-- {
		s := f.cl.scopes[i]
		f.runScope(s, len(s.cleanups), pos)
	}
}

// resolveGotos fills the blocks of forward gotos out of cleanup scopes.
func (f *fnBuilder) resolveGotos() {
	for _, p := range f.cl.pending {
		f.cur = p.block
		tc, ok := f.cl.chainOf[p.target]
		if !ok {
			tc = nil // a label in a statement expression: leave every scope
		}
		f.leave(p.from, tc, p.pos)
		f.jump(p.target, p.pos)
	}
	f.cl.pending = nil
	f.cur = nil
}

// runScope emits the first n cleanups of s, last declared first.
func (f *fnBuilder) runScope(s *cleanupScope, n int, pos ir.Pos) {
	for i := n - 1; i >= 0 && f.cur != nil; i-- {
		f.emitCleanup(s.cleanups[i], pos)
	}
}

// registerCleanup notes a declared variable with a cleanup attribute.
func (f *fnBuilder) registerCleanup(fn string, d *cc.Declarator) {
	if len(f.cl.scopes) == 0 {
		f.pushScope()
	}
	s := f.cl.scopes[len(f.cl.scopes)-1]
	s.cleanups = append(s.cleanups, cleanupAction{fn: fn, d: d, pos: posOf(d)})
	f.cl.active++
}

// emitCleanup calls fn(&v). A variable kept in a register is first stored
// into a frame object, whose address the cleanup gets: the variable is dead
// after its cleanup, so writes through that address do not matter.
func (f *fnBuilder) emitCleanup(a cleanupAction, pos ir.Pos) {
	e, ok := f.b.funcs[f.b.link(a.fn)]
	if !ok {
		failf(a.pos, "cleanup function %s of %s is not declared", a.fn, a.d.Name())
	}
	callee := f.b.function(e)
	var arg ir.Expr
	if o, ok := f.objs[a.d]; ok {
		arg = o
	} else if v, ok := f.vars[a.d]; ok {
		tmp := f.frameObject("cleanup."+a.d.Name(), a.d.Type(), pos)
		f.store(&lvalue{addr: tmp, ct: a.d.Type(), text: a.d.Name()}, v, pos)
		arg = tmp
	} else {
		failf(a.pos, "cleanup of %s: the variable was not lowered", a.d.Name())
	}
	f.emit(&ir.Call{Callee: callee, Args: f.fitArity(callee, []ir.Expr{arg}, pos), P: pos})
}

// cleanupOf returns the function named by a cleanup attribute of the
// declaration of id, or "".
func cleanupOf(decl *cc.Declaration, id *cc.InitDeclarator) string {
	if fn := cleanupIn(id.AttributeSpecifierList); fn != "" {
		return fn
	}
	for ds := decl.DeclarationSpecifiers; ds != nil; ds = ds.DeclarationSpecifiers {
		if fn := cleanupIn(ds.AttributeSpecifierList); fn != "" {
			return fn
		}
		if ds.TypeQualifier != nil {
			if fn := cleanupIn(ds.TypeQualifier.AttributeSpecifierList); fn != "" {
				return fn
			}
		}
	}
	return ""
}

func cleanupIn(l *cc.AttributeSpecifierList) string {
	for ; l != nil; l = l.AttributeSpecifierList {
		if l.AttributeSpecifier == nil {
			continue
		}
		for vl := l.AttributeSpecifier.AttributeValueList; vl != nil; vl = vl.AttributeValueList {
			v := vl.AttributeValue
			if v == nil || v.Case != cc.AttributeValueExpr || strings.Trim(v.Token.SrcStr(), "_") != "cleanup" {
				continue
			}
			if args := v.ArgumentExpressionList; args != nil && args.ArgumentExpressionList == nil {
				if pe, ok := args.AssignmentExpression.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
					return pe.Token.SrcStr()
				}
			}
		}
	}
	return ""
}
