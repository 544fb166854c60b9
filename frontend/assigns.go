package frontend

import "modernc.org/cc/v4"

// mayAssignVars reports whether evaluating n may assign a variable: an
// assignment, ++ or --, or a statement expression. Calls cannot assign the
// caller's variables (address-taken locals live in memory), so an
// expression whose only side effects are calls does not count. Results are
// memoised per node; side-effect-free expressions are answered by cc.
func (f *fnBuilder) mayAssignVars(n cc.ExpressionNode) bool {
	if n == nil || n.Pure() {
		return false
	}
	if r, ok := f.assigns[n]; ok {
		return r
	}
	r := f.assignsIn(n)
	f.assigns[n] = r
	return r
}

func (f *fnBuilder) assignsIn(n cc.ExpressionNode) bool {
	any := func(ns ...cc.ExpressionNode) bool {
		for _, x := range ns {
			if f.mayAssignVars(x) {
				return true
			}
		}
		return false
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return any(x.ExpressionList)
		case cc.PrimaryExpressionStmt:
			return true
		case cc.PrimaryExpressionGeneric:
			if a := x.GenericSelection.Associated(); a != nil {
				return any(a.AssignmentExpression)
			}
		}
		return false
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec, cc.PostfixExpressionComplit:
			return true
		case cc.PostfixExpressionCall:
			if any(x.PostfixExpression) {
				return true
			}
			for _, a := range args(x.ArgumentExpressionList) {
				if any(a) {
					return true
				}
			}
			return false
		case cc.PostfixExpressionIndex:
			return any(x.PostfixExpression, x.ExpressionList)
		}
		return any(x.PostfixExpression, x.PrimaryExpression)
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			return true
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr,
			cc.UnaryExpressionAlignofType, cc.UnaryExpressionLabelAddr:
			return false
		}
		return any(x.PostfixExpression, x.CastExpression, x.UnaryExpression)
	case *cc.CastExpression:
		return any(x.UnaryExpression, x.CastExpression)
	case *cc.MultiplicativeExpression:
		return any(x.MultiplicativeExpression, x.CastExpression)
	case *cc.AdditiveExpression:
		return any(x.AdditiveExpression, x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		return any(x.ShiftExpression, x.AdditiveExpression)
	case *cc.RelationalExpression:
		return any(x.RelationalExpression, x.ShiftExpression)
	case *cc.EqualityExpression:
		return any(x.EqualityExpression, x.RelationalExpression)
	case *cc.AndExpression:
		return any(x.AndExpression, x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		return any(x.ExclusiveOrExpression, x.AndExpression)
	case *cc.InclusiveOrExpression:
		return any(x.InclusiveOrExpression, x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression:
		return any(x.LogicalAndExpression, x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		return any(x.LogicalOrExpression, x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		return any(x.LogicalOrExpression, x.ExpressionList, x.ConditionalExpression)
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			return true
		}
		return any(x.ConditionalExpression)
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if any(l.AssignmentExpression) {
				return true
			}
		}
		return false
	case *cc.ConstantExpression:
		return any(x.ConditionalExpression)
	}
	return true
}
