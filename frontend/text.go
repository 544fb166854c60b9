package frontend

import (
	"strings"

	"modernc.org/cc/v4"
)

// maxText bounds the length of lvalue texts.
const maxText = 120

// exprText prints an expression as readable C from its syntax tree: the
// lvalue texts of accesses ("file->f_pos", "buf[i]", "*ppos"). Parentheses
// are the source's. A READ_ONCE-style *(volatile T *)&x prints as x.
func exprText(n cc.ExpressionNode) string {
	var b strings.Builder
	writeExpr(&b, n, 0)
	s := b.String()
	if len(s) > maxText {
		s = s[:maxText-3] + "..."
	}
	return s
}

func tokText(t cc.Token) string { return t.SrcStr() }

// writeExpr prints n into b, or "..." once the text is long or deep.
func writeExpr(b *strings.Builder, n cc.ExpressionNode, depth int) {
	if n == nil {
		return
	}
	if b.Len() > maxText || depth > 200 {
		b.WriteString("...")
		return
	}
	w := exprWriter{b: b, d: depth + 1}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		w.primary(x)
	case *cc.PostfixExpression:
		w.postfix(x)
	case *cc.UnaryExpression:
		w.unary(x)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			w.expr(x.UnaryExpression)
			return
		}
		b.WriteString("(" + typeText(x.TypeName) + ")")
		w.expr(x.CastExpression)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			w.expr(x.LogicalOrExpression)
			return
		}
		w.expr(x.LogicalOrExpression)
		b.WriteString(" ? ")
		w.expr(x.ExpressionList)
		b.WriteString(" : ")
		w.expr(x.ConditionalExpression)
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if l != x {
				b.WriteString(", ")
			}
			w.expr(l.AssignmentExpression)
		}
	case *cc.ConstantExpression:
		w.expr(x.ConditionalExpression)
	default:
		if inner, l, op, r, ok := binaryParts(n); ok {
			if inner != nil {
				w.expr(inner)
				return
			}
			w.expr(l)
			b.WriteString(" " + tokText(op) + " ")
			w.expr(r)
			return
		}
		b.WriteString("?")
	}
}

// exprWriter is one level of writeExpr: its builder and the depth of the
// operands it prints.
type exprWriter struct {
	b *strings.Builder
	d int
}

func (w exprWriter) expr(n cc.ExpressionNode) { writeExpr(w.b, n, w.d) }

func (w exprWriter) primary(x *cc.PrimaryExpression) {
	switch x.Case {
	case cc.PrimaryExpressionExpr:
		if op := readOnceOperand(x.ExpressionList); op != nil {
			w.expr(strip(op)) // (*(volatile T *)&x) prints as x
			return
		}
		switch strip(x.ExpressionList).(type) {
		case *cc.PrimaryExpression, *cc.PostfixExpression:
			w.expr(x.ExpressionList) // (tp)->x prints as tp->x
		default:
			w.b.WriteByte('(')
			w.expr(x.ExpressionList)
			w.b.WriteByte(')')
		}
	case cc.PrimaryExpressionStmt:
		w.b.WriteString("({...})")
	case cc.PrimaryExpressionGeneric:
		w.b.WriteString("_Generic(...)")
	default:
		w.b.WriteString(tokText(x.Token))
	}
}

func (w exprWriter) postfix(x *cc.PostfixExpression) {
	b := w.b
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		w.expr(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		w.expr(x.PostfixExpression)
		b.WriteByte('[')
		w.expr(x.ExpressionList)
		b.WriteByte(']')
	case cc.PostfixExpressionCall:
		w.expr(x.PostfixExpression)
		b.WriteByte('(')
		for i, a := range args(x.ArgumentExpressionList) {
			if i > 0 {
				b.WriteString(", ")
			}
			w.expr(a)
		}
		b.WriteByte(')')
	case cc.PostfixExpressionSelect:
		w.expr(x.PostfixExpression)
		b.WriteString("." + tokText(x.Token2))
	case cc.PostfixExpressionPSelect:
		if op := addrOperand(x.PostfixExpression); op != nil && !isCast(x.PostfixExpression) {
			w.expr(op) // (&s)->f is s.f
			b.WriteString("." + tokText(x.Token2))
			return
		}
		w.expr(x.PostfixExpression)
		b.WriteString("->" + tokText(x.Token2))
	case cc.PostfixExpressionInc:
		w.expr(x.PostfixExpression)
		b.WriteString("++")
	case cc.PostfixExpressionDec:
		w.expr(x.PostfixExpression)
		b.WriteString("--")
	case cc.PostfixExpressionComplit:
		b.WriteString("(compound literal)")
	}
}

func (w exprWriter) unary(x *cc.UnaryExpression) {
	b := w.b
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		w.expr(x.PostfixExpression)
	case cc.UnaryExpressionInc:
		b.WriteString("++")
		w.expr(x.UnaryExpression)
	case cc.UnaryExpressionDec:
		b.WriteString("--")
		w.expr(x.UnaryExpression)
	case cc.UnaryExpressionDeref:
		if op := addrOperand(x.CastExpression); op != nil {
			w.expr(strip(op)) // *&x and READ_ONCE's *(volatile T *)&x
			return
		}
		b.WriteByte('*')
		w.expr(x.CastExpression)
	case cc.UnaryExpressionSizeofExpr:
		b.WriteString("sizeof ")
		w.expr(x.UnaryExpression)
	case cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofType:
		b.WriteString(tokText(x.Token) + "(" + typeText(x.TypeName) + ")")
	case cc.UnaryExpressionLabelAddr:
		b.WriteString("&&" + tokText(x.Token2))
	case cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionImag, cc.UnaryExpressionReal:
		b.WriteString(tokText(x.Token) + " ")
		w.expr(x.UnaryExpression)
	default:
		b.WriteString(tokText(x.Token))
		w.expr(x.CastExpression)
	}
}

// binaryParts splits a node of C's binary-operator grammar levels: either
// the one operand of its pass-through case (inner), or left op right.
func binaryParts(n cc.ExpressionNode) (inner, l cc.ExpressionNode, op cc.Token, r cc.ExpressionNode, ok bool) {
	switch x := n.(type) {
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			return x.CastExpression, nil, op, nil, true
		}
		return nil, x.MultiplicativeExpression, x.Token, x.CastExpression, true
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			return x.MultiplicativeExpression, nil, op, nil, true
		}
		return nil, x.AdditiveExpression, x.Token, x.MultiplicativeExpression, true
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return x.AdditiveExpression, nil, op, nil, true
		}
		return nil, x.ShiftExpression, x.Token, x.AdditiveExpression, true
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			return x.ShiftExpression, nil, op, nil, true
		}
		return nil, x.RelationalExpression, x.Token, x.ShiftExpression, true
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			return x.RelationalExpression, nil, op, nil, true
		}
		return nil, x.EqualityExpression, x.Token, x.RelationalExpression, true
	}
	return bitwiseParts(n)
}

// bitwiseParts is binaryParts for the bitwise, logical and assignment
// levels.
func bitwiseParts(n cc.ExpressionNode) (inner, l cc.ExpressionNode, op cc.Token, r cc.ExpressionNode, ok bool) {
	switch x := n.(type) {
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return x.EqualityExpression, nil, op, nil, true
		}
		return nil, x.AndExpression, x.Token, x.EqualityExpression, true
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return x.AndExpression, nil, op, nil, true
		}
		return nil, x.ExclusiveOrExpression, x.Token, x.AndExpression, true
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return x.ExclusiveOrExpression, nil, op, nil, true
		}
		return nil, x.InclusiveOrExpression, x.Token, x.ExclusiveOrExpression, true
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return x.InclusiveOrExpression, nil, op, nil, true
		}
		return nil, x.LogicalAndExpression, x.Token, x.InclusiveOrExpression, true
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return x.LogicalAndExpression, nil, op, nil, true
		}
		return nil, x.LogicalOrExpression, x.Token, x.LogicalAndExpression, true
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return x.ConditionalExpression, nil, op, nil, true
		}
		return nil, x.UnaryExpression, x.Token, x.AssignmentExpression, true
	}
	return nil, nil, op, nil, false
}

// readOnceOperand returns x when n is *(T *)&x under parentheses.
func readOnceOperand(n cc.ExpressionNode) cc.ExpressionNode {
	if n == nil {
		return nil
	}
	u, ok := strip(n).(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionDeref {
		return nil
	}
	return addrOperand(u.CastExpression)
}

func isCast(n cc.ExpressionNode) bool {
	c, ok := strip(n).(*cc.CastExpression)
	return ok && c.Case == cc.CastExpressionCast
}

// typeText prints a type name from its tokens.
func typeText(tn *cc.TypeName) string {
	if tn == nil {
		return "?"
	}
	var b strings.Builder
	for _, t := range cc.NodeTokens(tn) {
		s := t.SrcStr()
		if b.Len() > 0 && s != "*" && s != ")" && s != "[" && s != "]" && !strings.HasSuffix(b.String(), "(") && !strings.HasSuffix(b.String(), "*") {
			b.WriteByte(' ')
		} else if b.Len() > 0 && s == "*" && !strings.HasSuffix(b.String(), "*") && !strings.HasSuffix(b.String(), "(") {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}
