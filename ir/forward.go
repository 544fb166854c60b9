package ir

import "slices"

// ForwardsTo returns the function fn only forwards to, or nil: fn's body
// is one block that calls a defined function other than fn with fn's
// parameters, each in its place and unchanged (at most copied through
// temporaries), and returns what the call returns (or nothing); fn has no
// frame objects, and the two functions' parameters have the same C types.
// Such a function (a compat_ioctl slot that passes its arguments to the
// driver's ioctl) makes on every call exactly the accesses of its callee.
func ForwardsTo(fn *Function) *Function {
	if len(fn.Blocks) != 1 || len(fn.Frame) > 0 {
		return nil
	}
	b := fn.Blocks[0]
	ret, ok := b.Term.(*Return)
	if !ok || ret.Halt || len(b.Stmts) == 0 {
		return nil
	}
	call, ok := b.Stmts[len(b.Stmts)-1].(*Call)
	if !ok || !forwardCallee(fn, call) {
		return nil
	}
	copyOf := make(map[*Var]*Var) // temporaries: the variable they copy
	src := func(v *Var) *Var {
		if w, ok := copyOf[v]; ok {
			return w
		}
		return v
	}
	for _, st := range b.Stmts[:len(b.Stmts)-1] {
		a, ok := st.(*Assign)
		if !ok {
			return nil
		}
		from, isVar := a.Src.(*Var)
		if !isVar || slices.Contains(fn.Params, a.Dst) {
			return nil
		}
		copyOf[a.Dst] = src(from)
	}
	for i, arg := range call.Args {
		v, ok := arg.(*Var)
		if !ok || src(v) != fn.Params[i] {
			return nil
		}
	}
	if ret.Val != nil {
		v, ok := ret.Val.(*Var)
		if !ok || call.Dst == nil || v != call.Dst {
			return nil
		}
	}
	return call.Callee
}

// forwardCallee: call is a direct call of a defined function other than fn
// with fn's number of parameters and their C types.
func forwardCallee(fn *Function, call *Call) bool {
	g := call.Callee
	if g == nil || g == fn || g.External() || call.Fn != nil || len(call.Targets) > 0 ||
		len(g.Params) != len(fn.Params) || len(call.Args) != len(fn.Params) {
		return false
	}
	for i, p := range fn.Params {
		q := g.Params[i]
		if p.CType == nil || q.CType == nil || p.CType.String() != q.CType.String() {
			return false
		}
	}
	return true
}
