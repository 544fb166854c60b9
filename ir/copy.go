package ir

// Copier copies the statements, expressions and terminators of one
// function's body into another function, mapping the variables, frame
// objects and blocks it was given. The front end's inliner, the region
// pass's per-entry-point copies and the lockset instrumentation each copy
// bodies; they differ only in the hooks below, so the walk over the IR's
// node types is written once, here.
type Copier struct {
	// Vars maps a variable to its copy. The inliner maps a parameter the
	// body never assigns to the call's argument, any expression.
	Vars map[*Var]Expr
	// Objects maps frame objects (and, for the lockset copy, globals).
	Objects map[*Object]*Object
	// Blocks maps the source function's blocks to the copy's.
	Blocks map[*Block]*Block
	// Unmapped gives the copy of a variable Vars lacks (nil: itself, as
	// for ghost globals the copies share).
	Unmapped func(*Var) *Var
	// UnmappedObject gives the copy of an object Objects lacks (nil:
	// itself); the lockset copy maps globals into its new program.
	UnmappedObject func(*Object) *Object
	// Func maps a function used as a value (nil: itself).
	Func func(*Function) Expr
	// Fold simplifies each Binary and Ite the copy builds (nil: kept as
	// built); the inliner folds the constants its arguments bring in.
	Fold func(Expr) Expr
	// Access adjusts a copied access, after its address and length were
	// copied (nil: kept): a new site, a position, no region yet.
	Access func(Access) Access
	// Pos gives the position of a copied statement or terminator (nil:
	// its own).
	Pos func(Pos) Pos
}

// Var returns the copy of variable x, which must map to a variable.
func (c *Copier) Var(x *Var) *Var {
	if n, ok := c.Vars[x].(*Var); ok {
		return n
	}
	if c.Unmapped != nil {
		return c.Unmapped(x)
	}
	return x
}

// Expr returns a copy of e over the mapped variables and objects.
func (c *Copier) Expr(e Expr) Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *Var:
		if n, ok := c.Vars[x]; ok {
			return n
		}
		return c.Var(x)
	case *Object:
		if n, ok := c.Objects[x]; ok {
			return n
		}
		if c.UnmappedObject != nil {
			return c.UnmappedObject(x)
		}
		return x
	case *Function:
		if c.Func != nil {
			return c.Func(x)
		}
		return x
	case *Unary:
		return &Unary{Op: x.Op, X: c.Expr(x.X)}
	case *Binary:
		return c.fold(&Binary{Op: x.Op, X: c.Expr(x.X), Y: c.Expr(x.Y)})
	case *Ite:
		return c.fold(&Ite{Cond: c.Expr(x.Cond), Then: c.Expr(x.Then), Else: c.Expr(x.Else)})
	case *Old:
		return &Old{X: c.Var(x.X)}
	}
	return e // constants
}

func (c *Copier) fold(e Expr) Expr {
	if c.Fold != nil {
		return c.Fold(e)
	}
	return e
}

func (c *Copier) pos(p Pos) Pos {
	if c.Pos != nil {
		return c.Pos(p)
	}
	return p
}

// CopyAccess copies an access's address and length, then applies the
// Access hook.
func (c *Copier) CopyAccess(a Access) Access {
	a.Addr = c.Expr(a.Addr)
	a.Len = c.Expr(a.Len)
	if c.Access != nil {
		a = c.Access(a)
	}
	return a
}

// Stmt returns a copy of s. An Equate names regions, not variables, and
// is shared.
func (c *Copier) Stmt(s Stmt) Stmt {
	switch x := s.(type) {
	case *Assign:
		return &Assign{Dst: c.Var(x.Dst), Src: c.Expr(x.Src), P: c.pos(x.P)}
	case *Havoc:
		vs := make([]*Var, len(x.Vars))
		for i, v := range x.Vars {
			vs[i] = c.Var(v)
		}
		return &Havoc{Vars: vs, P: c.pos(x.P)}
	case *Assume:
		return &Assume{Cond: c.Expr(x.Cond), P: c.pos(x.P)}
	case *Assert:
		return &Assert{Cond: c.Expr(x.Cond), ID: x.ID, Msg: x.Msg, P: c.pos(x.P)}
	case *Load:
		return &Load{Dst: c.Var(x.Dst), Access: c.CopyAccess(x.Access)}
	case *Store:
		return &Store{Val: c.Expr(x.Val), Access: c.CopyAccess(x.Access)}
	case *Touch:
		return &Touch{Write: x.Write, Access: c.CopyAccess(x.Access)}
	case *Call:
		n := &Call{Callee: x.Callee, Fn: c.Expr(x.Fn), P: c.pos(x.P)}
		if x.Dst != nil {
			n.Dst = c.Var(x.Dst)
		}
		n.Args = make([]Expr, len(x.Args))
		for i, a := range x.Args {
			n.Args[i] = c.Expr(a)
		}
		n.Targets = append([]*Function(nil), x.Targets...)
		return n
	}
	return s
}

// Term returns a copy of t over the mapped blocks.
func (c *Copier) Term(t Terminator) Terminator {
	switch x := t.(type) {
	case *Jump:
		return &Jump{Target: c.Blocks[x.Target], P: c.pos(x.P)}
	case *If:
		return &If{Cond: c.Expr(x.Cond), Then: c.Blocks[x.Then], Else: c.Blocks[x.Else], P: c.pos(x.P)}
	case *Return:
		return &Return{Val: c.Expr(x.Val), P: c.pos(x.P), Halt: x.Halt}
	case *Unreachable:
		return &Unreachable{P: c.pos(x.P)}
	}
	return t
}
