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

func writeExpr(b *strings.Builder, n cc.ExpressionNode, depth int) {
	if n == nil {
		return
	}
	if b.Len() > maxText || depth > 200 {
		b.WriteString("...")
		return
	}
	d := depth + 1
	bin := func(x cc.ExpressionNode, op cc.Token, y cc.ExpressionNode) {
		writeExpr(b, x, d)
		b.WriteString(" " + tokText(op) + " ")
		writeExpr(b, y, d)
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			if op := readOnceOperand(x.ExpressionList); op != nil {
				writeExpr(b, strip(op), d) // (*(volatile T *)&x) prints as x
				return
			}
			switch strip(x.ExpressionList).(type) {
			case *cc.PrimaryExpression, *cc.PostfixExpression:
				writeExpr(b, x.ExpressionList, d) // (tp)->x prints as tp->x
			default:
				b.WriteByte('(')
				writeExpr(b, x.ExpressionList, d)
				b.WriteByte(')')
			}
		case cc.PrimaryExpressionStmt:
			b.WriteString("({...})")
		case cc.PrimaryExpressionGeneric:
			b.WriteString("_Generic(...)")
		default:
			b.WriteString(tokText(x.Token))
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			writeExpr(b, x.PrimaryExpression, d)
		case cc.PostfixExpressionIndex:
			writeExpr(b, x.PostfixExpression, d)
			b.WriteByte('[')
			writeExpr(b, x.ExpressionList, d)
			b.WriteByte(']')
		case cc.PostfixExpressionCall:
			writeExpr(b, x.PostfixExpression, d)
			b.WriteByte('(')
			for i, a := range args(x.ArgumentExpressionList) {
				if i > 0 {
					b.WriteString(", ")
				}
				writeExpr(b, a, d)
			}
			b.WriteByte(')')
		case cc.PostfixExpressionSelect:
			writeExpr(b, x.PostfixExpression, d)
			b.WriteString("." + tokText(x.Token2))
		case cc.PostfixExpressionPSelect:
			if op := addrOperand(x.PostfixExpression); op != nil && !isCast(x.PostfixExpression) {
				// (&s)->f is s.f
				writeExpr(b, op, d)
				b.WriteString("." + tokText(x.Token2))
				return
			}
			writeExpr(b, x.PostfixExpression, d)
			b.WriteString("->" + tokText(x.Token2))
		case cc.PostfixExpressionInc:
			writeExpr(b, x.PostfixExpression, d)
			b.WriteString("++")
		case cc.PostfixExpressionDec:
			writeExpr(b, x.PostfixExpression, d)
			b.WriteString("--")
		case cc.PostfixExpressionComplit:
			b.WriteString("(compound literal)")
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			writeExpr(b, x.PostfixExpression, d)
		case cc.UnaryExpressionInc:
			b.WriteString("++")
			writeExpr(b, x.UnaryExpression, d)
		case cc.UnaryExpressionDec:
			b.WriteString("--")
			writeExpr(b, x.UnaryExpression, d)
		case cc.UnaryExpressionDeref:
			if op := addrOperand(x.CastExpression); op != nil {
				writeExpr(b, strip(op), d) // *&x and READ_ONCE's *(volatile T *)&x
				return
			}
			b.WriteByte('*')
			writeExpr(b, x.CastExpression, d)
		case cc.UnaryExpressionSizeofExpr:
			b.WriteString("sizeof ")
			writeExpr(b, x.UnaryExpression, d)
		case cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofType:
			b.WriteString(tokText(x.Token) + "(" + typeText(x.TypeName) + ")")
		case cc.UnaryExpressionLabelAddr:
			b.WriteString("&&" + tokText(x.Token2))
		case cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionImag, cc.UnaryExpressionReal:
			b.WriteString(tokText(x.Token) + " ")
			writeExpr(b, x.UnaryExpression, d)
		default:
			b.WriteString(tokText(x.Token))
			writeExpr(b, x.CastExpression, d)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			writeExpr(b, x.UnaryExpression, d)
			return
		}
		b.WriteString("(" + typeText(x.TypeName) + ")")
		writeExpr(b, x.CastExpression, d)
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			writeExpr(b, x.CastExpression, d)
			return
		}
		bin(x.MultiplicativeExpression, x.Token, x.CastExpression)
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			writeExpr(b, x.MultiplicativeExpression, d)
			return
		}
		bin(x.AdditiveExpression, x.Token, x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			writeExpr(b, x.AdditiveExpression, d)
			return
		}
		bin(x.ShiftExpression, x.Token, x.AdditiveExpression)
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			writeExpr(b, x.ShiftExpression, d)
			return
		}
		bin(x.RelationalExpression, x.Token, x.ShiftExpression)
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			writeExpr(b, x.RelationalExpression, d)
			return
		}
		bin(x.EqualityExpression, x.Token, x.RelationalExpression)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			writeExpr(b, x.EqualityExpression, d)
			return
		}
		bin(x.AndExpression, x.Token, x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			writeExpr(b, x.AndExpression, d)
			return
		}
		bin(x.ExclusiveOrExpression, x.Token, x.AndExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			writeExpr(b, x.ExclusiveOrExpression, d)
			return
		}
		bin(x.InclusiveOrExpression, x.Token, x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			writeExpr(b, x.InclusiveOrExpression, d)
			return
		}
		bin(x.LogicalAndExpression, x.Token, x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			writeExpr(b, x.LogicalAndExpression, d)
			return
		}
		bin(x.LogicalOrExpression, x.Token, x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			writeExpr(b, x.LogicalOrExpression, d)
			return
		}
		writeExpr(b, x.LogicalOrExpression, d)
		b.WriteString(" ? ")
		writeExpr(b, x.ExpressionList, d)
		b.WriteString(" : ")
		writeExpr(b, x.ConditionalExpression, d)
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			writeExpr(b, x.ConditionalExpression, d)
			return
		}
		bin(x.UnaryExpression, x.Token, x.AssignmentExpression)
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if l != x {
				b.WriteString(", ")
			}
			writeExpr(b, l.AssignmentExpression, d)
		}
	case *cc.ConstantExpression:
		writeExpr(b, x.ConditionalExpression, d)
	default:
		b.WriteString("?")
	}
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
