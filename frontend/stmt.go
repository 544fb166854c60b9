package frontend

import (
	"regexp"

	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// switchState maps the case labels of the innermost switch to their blocks.
type switchState struct {
	cases map[*cc.LabeledStatement]*ir.Block
}

func (f *fnBuilder) compound(cs *cc.CompoundStatement) {
	if cs == nil {
		return
	}
	f.pushScope()
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		f.blockItem(l.BlockItem)
	}
	f.popScope(posOf(&cs.Token2))
}

func (f *fnBuilder) blockItem(it *cc.BlockItem) {
	if it == nil {
		return
	}
	switch it.Case {
	case cc.BlockItemDecl:
		f.declaration(it.Declaration)
	case cc.BlockItemStmt:
		f.stmt(it.Statement)
	case cc.BlockItemLabel:
		// __label__ declarations: labels are per function here.
	case cc.BlockItemFuncDef:
		failf(posOf(it.Declarator), "unsupported: nested function %s", it.Declarator.Name())
	}
}

// stmtExpr lowers a GNU statement expression; its value is the value of its
// last expression statement.
func (f *fnBuilder) stmtExpr(cs *cc.CompoundStatement, discard bool) ir.Expr {
	f.pushScope()
	v := f.stmtExprValue(cs, discard)
	f.popScope(posOf(&cs.Token2))
	return v
}

func (f *fnBuilder) stmtExprValue(cs *cc.CompoundStatement, discard bool) ir.Expr {
	var last *cc.BlockItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		if l.BlockItemList == nil {
			last = l.BlockItem
			break
		}
		f.blockItem(l.BlockItem)
	}
	if last == nil {
		return nil
	}
	if last.Case != cc.BlockItemStmt || last.Statement == nil {
		f.blockItem(last)
		return nil
	}
	// The value may follow labels (the kernel's ___wait_event ends with
	// `__out: __ret;`): the labels start blocks, the expression is the value.
	st := last.Statement
	for st.Case == cc.StatementLabeled && st.LabeledStatement.Case == cc.LabeledStatementLabel {
		ls := st.LabeledStatement
		f.startBlock(f.label(ls.Token.SrcStr()), posOf(ls))
		f.markTarget(f.label(ls.Token.SrcStr()))
		st = ls.Statement
	}
	if st.Case == cc.StatementExpr && st.ExpressionStatement.ExpressionList != nil {
		e := st.ExpressionStatement.ExpressionList
		if discard || e.Type() == nil || e.Type().Kind() == cc.Void {
			f.effect(e)
			return nil
		}
		return f.stable(f.rvalue(e), e.Type(), posOf(e))
	}
	f.stmt(st)
	return nil
}

func (f *fnBuilder) stmt(s *cc.Statement) {
	if s == nil {
		return
	}
	if err := f.b.st.ctx.Err(); err != nil {
		panic(cancelled{err})
	}
	switch s.Case {
	case cc.StatementLabeled:
		f.labeled(s.LabeledStatement)
	case cc.StatementCompound:
		f.compound(s.CompoundStatement)
	case cc.StatementExpr:
		if e := s.ExpressionStatement.ExpressionList; e != nil {
			f.effect(e)
		}
	case cc.StatementSelection:
		f.selection(s.SelectionStatement)
	case cc.StatementIteration:
		f.iteration(s.IterationStatement)
	case cc.StatementJump:
		f.jumpStmt(s.JumpStatement)
	case cc.StatementAsm:
		f.asm(s.AsmStatement.Asm)
	}
}

func (f *fnBuilder) label(name string) *ir.Block {
	b, ok := f.labels[name]
	if !ok {
		b = f.newBlock("label " + name)
		f.labels[name] = b
	}
	return b
}

// labelAddr lowers &&label: a distinct number per label, and the label
// becomes a target of computed gotos.
func (f *fnBuilder) labelAddr(name string, pos ir.Pos) ir.Expr {
	id, ok := f.labelIDs[name]
	if !ok {
		id = len(f.labelIDs) + 1
		f.labelIDs[name] = id
		f.addrLabels = append(f.addrLabels, f.label(name))
	}
	return ir.IntConst(int64(id))
}

func (f *fnBuilder) labeled(ls *cc.LabeledStatement) {
	pos := posOf(ls)
	switch ls.Case {
	case cc.LabeledStatementLabel:
		f.startBlock(f.label(ls.Token.SrcStr()), pos)
		f.markTarget(f.label(ls.Token.SrcStr()))
	case cc.LabeledStatementCaseLabel, cc.LabeledStatementRange, cc.LabeledStatementDefault:
		if f.sw == nil {
			failf(pos, "case label not within a switch statement")
		}
		b, ok := f.sw.cases[ls]
		if !ok {
			failf(pos, "case label not within a switch statement")
		}
		f.startBlock(b, pos)
	}
	f.stmt(ls.Statement)
}

func (f *fnBuilder) selection(s *cc.SelectionStatement) {
	pos := posOf(s)
	switch s.Case {
	case cc.SelectionStatementIf, cc.SelectionStatementIfElse:
		then, join := f.newBlock("if.then"), f.newBlock("if.end")
		els := join
		if s.Case == cc.SelectionStatementIfElse {
			els = f.newBlock("if.else")
		}
		f.branch(s.ExpressionList, then, els)
		f.cur = then
		f.stmt(s.Statement)
		if f.cur != nil {
			f.jump(join, pos)
		}
		if s.Case == cc.SelectionStatementIfElse {
			f.cur = els
			f.stmt(s.Statement2)
			if f.cur != nil {
				f.jump(join, pos)
			}
		}
		f.cur = join
	case cc.SelectionStatementSwitch:
		f.switchStmt(s)
	}
}

// switchStmt lowers a switch: the tag is evaluated once, compared with each
// case in order (ranges as lo <= tag && tag <= hi), then default; case
// bodies fall through.
func (f *fnBuilder) switchStmt(s *cc.SelectionStatement) {
	pos := posOf(s)
	// The tag is only read by the dispatch, before any case body runs.
	tag := f.rvalue(s.ExpressionList)
	if isFloat(s.ExpressionList.Type()) {
		tag = f.havocTemp(longType, pos)
	}
	exit := f.newBlock("switch.end")
	sw := &switchState{cases: make(map[*cc.LabeledStatement]*ir.Block)}
	var labels []*cc.LabeledStatement
	collectCases(s.Statement, &labels)
	var deflt *ir.Block
	for _, ls := range labels {
		b := f.newBlock("case")
		sw.cases[ls] = b
		if ls.Case == cc.LabeledStatementDefault {
			b.Comment = "default"
			deflt = b
		}
	}
	if deflt == nil {
		deflt = exit
	}
	for _, ls := range labels {
		if ls.Case == cc.LabeledStatementDefault {
			continue
		}
		lp := posOf(ls)
		lo, ok := intValue(ls.ConstantExpression.Value())
		if !ok {
			failf(lp, "case label is not an integer constant")
		}
		var cond ir.Expr = ir.Eq(tag, lo)
		if ls.Case == cc.LabeledStatementRange {
			hi, ok := intValue(ls.ConstantExpression2.Value())
			if !ok {
				failf(lp, "case range bound is not an integer constant")
			}
			cond = ir.And(ir.Bin(ir.OpLe, lo, tag), ir.Bin(ir.OpLe, tag, hi))
		}
		next := f.newBlock("switch.next")
		f.terminate(&ir.If{Cond: cond, Then: sw.cases[ls], Else: next, P: lp})
		f.cur = next
	}
	f.jump(deflt, pos)
	saved := f.sw
	f.sw = sw
	f.brk = append(f.brk, exit)
	f.markTarget(exit)
	f.stmt(s.Statement)
	f.brk = f.brk[:len(f.brk)-1]
	f.sw = saved
	if f.cur != nil {
		f.jump(exit, pos)
	}
	f.cur = exit
}

// collectCases appends the case and default labels of a switch body in
// source order, not descending into nested switches.
func collectCases(s *cc.Statement, out *[]*cc.LabeledStatement) {
	if s == nil {
		return
	}
	switch s.Case {
	case cc.StatementLabeled:
		ls := s.LabeledStatement
		if ls.Case != cc.LabeledStatementLabel {
			*out = append(*out, ls)
		}
		collectCases(ls.Statement, out)
	case cc.StatementCompound:
		for l := s.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			if it := l.BlockItem; it != nil && it.Case == cc.BlockItemStmt {
				collectCases(it.Statement, out)
			}
		}
	case cc.StatementSelection:
		if s.SelectionStatement.Case != cc.SelectionStatementSwitch {
			collectCases(s.SelectionStatement.Statement, out)
			collectCases(s.SelectionStatement.Statement2, out)
		}
	case cc.StatementIteration:
		collectCases(s.IterationStatement.Statement, out)
	}
}

func (f *fnBuilder) iteration(s *cc.IterationStatement) {
	pos := posOf(s)
	exit := f.newBlock("loop.end")
	switch s.Case {
	case cc.IterationStatementWhile:
		head, body := f.newBlock("while.head"), f.newBlock("while.body")
		f.startBlock(head, pos)
		f.branch(s.ExpressionList, body, exit)
		f.cur = body
		f.loopBody(s.Statement, exit, head)
		if f.cur != nil {
			f.jump(head, pos)
		}
	case cc.IterationStatementDo:
		body, cond := f.newBlock("do.body"), f.newBlock("do.cond")
		f.startBlock(body, pos)
		f.loopBody(s.Statement, exit, cond)
		f.startBlock(cond, pos)
		f.branch(s.ExpressionList, body, exit)
	case cc.IterationStatementFor, cc.IterationStatementForDecl:
		cond, step := s.ExpressionList2, s.ExpressionList3
		if s.Case == cc.IterationStatementForDecl {
			// The declaration's scope is the for statement: its
			// cleanups run at loop.end (and so after a break).
			f.pushScope()
			defer func() { f.cur = exit; f.popScope(pos) }()
			f.declaration(s.Declaration)
			cond, step = s.ExpressionList, s.ExpressionList2
		} else if s.ExpressionList != nil {
			f.effect(s.ExpressionList)
		}
		head, body, next := f.newBlock("for.head"), f.newBlock("for.body"), f.newBlock("for.step")
		f.startBlock(head, pos)
		if cond != nil {
			f.branch(cond, body, exit)
		} else {
			f.jump(body, pos)
		}
		f.cur = body
		f.loopBody(s.Statement, exit, next)
		f.startBlock(next, pos)
		if step != nil {
			f.effect(step)
		}
		f.jump(head, pos)
	}
	f.cur = exit
}

func (f *fnBuilder) loopBody(s *cc.Statement, brk, cont *ir.Block) {
	f.brk = append(f.brk, brk)
	f.cont = append(f.cont, cont)
	f.markTarget(brk)
	f.markTarget(cont)
	f.stmt(s)
	f.brk = f.brk[:len(f.brk)-1]
	f.cont = f.cont[:len(f.cont)-1]
}

func (f *fnBuilder) jumpStmt(j *cc.JumpStatement) {
	pos := posOf(j)
	switch j.Case {
	case cc.JumpStatementGoto:
		f.jumpOut(f.label(j.Token2.SrcStr()), pos)
	case cc.JumpStatementGotoExpr:
		f.effect(j.ExpressionList)
		if len(f.addrLabels) == 0 {
			f.terminate(&ir.Unreachable{P: pos})
			return
		}
		f.nondetJump(f.addrLabels, pos)
	case cc.JumpStatementContinue:
		if len(f.cont) == 0 {
			failf(pos, "continue statement not within a loop")
		}
		f.jumpOut(f.cont[len(f.cont)-1], pos)
	case cc.JumpStatementBreak:
		if len(f.brk) == 0 {
			failf(pos, "break statement not within a loop or switch")
		}
		f.jumpOut(f.brk[len(f.brk)-1], pos)
	case cc.JumpStatementReturn:
		f.returnStmt(j, pos)
	}
}

// nondetJump continues at any one of targets.
func (f *fnBuilder) nondetJump(targets []*ir.Block, pos ir.Pos) {
	for i, t := range targets {
		if i == len(targets)-1 {
			f.jump(t, pos)
			return
		}
		next := f.newBlock("goto.next")
		f.terminate(&ir.If{Cond: f.nondet(pos), Then: t, Else: next, P: pos})
		f.cur = next
	}
}

// returnStmt lowers return. A struct or union result is copied into the
// function's return object, whose address is returned.
func (f *fnBuilder) returnStmt(j *cc.JumpStatement, pos ir.Pos) {
	e := j.ExpressionList
	if e == nil {
		f.beforeReturn(pos)
		f.terminate(&ir.Return{P: pos})
		return
	}
	if f.fn.Ret == nil {
		f.effect(e)
		f.beforeReturn(pos)
		f.terminate(&ir.Return{P: pos})
		return
	}
	rt := f.entry.def.Declarator.Type().(*cc.FunctionType).Result()
	if isAggregate(rt) {
		if f.retObj == nil {
			f.retObj = f.frameObject("return", rt, pos)
		}
		src := f.lval(e)
		f.copyAggregate(&lvalue{addr: f.retObj, ct: rt, text: "return"}, src, pos)
		f.beforeReturn(pos)
		f.terminate(&ir.Return{Val: f.retObj, P: pos})
		return
	}
	v := f.convert(f.rvalue(e), e.Type(), rt, pos, false)
	if v == nil {
		v = ir.IntConst(0)
	}
	f.beforeReturn(pos)
	f.terminate(&ir.Return{Val: v, P: pos})
}

// asm lowers an inline assembly statement: the input operands are
// evaluated (their reads happen), every output operand gets an arbitrary
// value, and asm goto may continue at any of its labels. The instructions
// themselves are not modelled, except that a locked instruction's memory
// operands are atomic accesses (lockedAsm).
func (f *fnBuilder) asm(a *cc.Asm) {
	if a == nil {
		return
	}
	pos := posOf(a)
	locked := lockedAsm(a.Token3.SrcStr()) && !f.b.st.cfg.AtomicsPlain
	section := 0
	var gotoLabels []*ir.Block
	for al := a.AsmArgList; al != nil; al = al.AsmArgList {
		for el := al.AsmExpressionList; el != nil; el = el.AsmExpressionList {
			operand := asmOperand(el.AssignmentExpression)
			switch section {
			case 0: // outputs
				// A global register variable (the kernel's
				// current_stack_pointer, tied by ASM_CALL_CONSTRAINT)
				// is a CPU register: every thread has its own, so the
				// asm writes no shared memory through it.
				if operand != nil && !globalRegister(operand) {
					lv := f.lval(operand)
					switch {
					case lv.v != nil:
						f.emit(&ir.Havoc{Vars: []*ir.Var{lv.v}, P: pos})
					case isAggregate(lv.ct):
						// A struct or array in memory ("=m"(s)): every
						// cell may be written.
						f.havocObject(lv, pos)
					case locked && lv.bf == nil && lv.ct.Size() > 0:
						acc := f.access(lv, lv.ct.Size(), pos)
						acc.Mode = ir.Atomic
						f.emit(&ir.Store{Val: f.havocTemp(f.b.tc.conv(lv.ct), pos), Access: acc})
					default:
						f.store(lv, f.havocTemp(f.b.tc.conv(lv.ct), pos), pos)
					}
				}
			case 1: // inputs
				switch {
				case operand == nil:
				case isAggregate(undecayed(operand)):
					// A struct or array in memory ("m"(s)): the
					// instructions may read all of it.
					lv := f.lval(operand)
					f.touch(lv, sizeOf(lv.ct), false, pos)
				default:
					f.effect(operand)
				}
			case 3: // asm goto labels
				if name := identName(el.AssignmentExpression); name != "" {
					gotoLabels = append(gotoLabels, f.label(name))
				}
			}
		}
		section++
	}
	if len(gotoLabels) > 0 {
		fall := f.newBlock("asm.fallthrough")
		f.nondetJump(append(gotoLabels, fall), pos)
		f.cur = fall
	}
}

// lockedInsn matches an x86 instruction that is atomic on its memory
// operand: one with a lock prefix (LOCK_PREFIX ends in "lock "), or xchg,
// which locks without one (arch/x86/include/asm/cmpxchg.h's __xchg_op).
var lockedInsn = regexp.MustCompile(`(^|[\s;"]|\\[nt])(lock[\s;]|lock\\[nt]|xchg)`)

// lockedAsm reports whether an asm template runs a locked instruction:
// then its "+m"/"=m" operands are atomic read-modify-writes, as the
// kernel's xchg, cmpxchg and smp_store_mb (set_current_state) use them,
// and, like the atomic_t operations, never race with each other (the
// kernel memory model; under --no-assume marked-atomics they are plain).
func lockedAsm(template string) bool {
	return lockedInsn.MatchString(template)
}

// globalRegister reports whether n names a file-scope register variable
// (GCC's register T x asm("reg")).
func globalRegister(n cc.ExpressionNode) bool {
	p, ok := strip(n).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return false
	}
	d, ok := p.ResolvedTo().(*cc.Declarator)
	return ok && d != nil && d.IsRegister() && d.StorageDuration() == cc.Static
}

// asmOperand returns the C expression of an asm operand "constraint"(expr),
// which cc parses as a call of the constraint string.
func asmOperand(n cc.ExpressionNode) cc.ExpressionNode {
	if p, ok := strip(n).(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall {
		if p.ArgumentExpressionList != nil {
			return p.ArgumentExpressionList.AssignmentExpression
		}
	}
	return nil
}
