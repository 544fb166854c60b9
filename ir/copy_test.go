package ir

import (
	"strings"
	"testing"
)

// copyOf copies f into a new function of p with c's hooks, mapping every
// parameter, local and block, as the region pass's per-entry copies do.
func copyOf(p *Program, f *Function, c *Copier) *Function {
	g := NewFunction(f.Name+"_copy", f.Sig, f.Pos)
	if c.Vars == nil {
		c.Vars = make(map[*Var]Expr)
	}
	c.Blocks = make(map[*Block]*Block)
	for _, v := range f.Params {
		if _, ok := c.Vars[v]; !ok {
			c.Vars[v] = g.NewParam(v.Name, v.Kind, v.CType, v.Pos)
		}
	}
	for _, v := range f.Locals {
		c.Vars[v] = g.NewLocal(v.Name, v.Kind, v.CType, v.Pos)
	}
	g.Ret = &Var{Name: "ret", Kind: Int, Func: g}
	c.Vars[f.Ret] = g.Ret
	for _, b := range f.Blocks {
		c.Blocks[b] = g.NewBlock(b.Comment)
	}
	for _, b := range f.Blocks {
		nb := c.Blocks[b]
		for _, s := range b.Stmts {
			nb.Add(c.Stmt(s))
		}
		nb.Term = c.Term(b.Term)
	}
	g.ComputePreds()
	p.AddFunc(g)
	return g
}

// A plain copy with new access sites (the region pass's per-entry copies)
// prints as the original under the copy's name, and shares no variable
// with it.
func TestCopierPlainCopy(t *testing.T) {
	p, f := counter()
	g := copyOf(p, f, &Copier{Access: func(a Access) Access {
		a.Site = p.NewSite()
		return a
	}})
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	text := p.String()
	orig := text[strings.Index(text, "func bump("):strings.Index(text, "func bump_copy(")]
	cp := text[strings.Index(text, "func bump_copy("):]
	want := strings.NewReplacer("func bump(", "func bump_copy(", "#1", "#4", "#2", "#5", "#3", "#6").Replace(orig)
	if strings.TrimSpace(cp) != strings.TrimSpace(want) {
		t.Errorf("copy:\n%s\nwant:\n%s", cp, want)
	}
	for _, b := range g.Blocks {
		for _, s := range b.Stmts {
			for _, e := range StmtExprs(s) {
				WalkExpr(e, func(x Expr) {
					if v, ok := x.(*Var); ok && v.Func != g {
						t.Errorf("copy uses %s of %v", v.Name, v.Func.Name)
					}
				})
			}
		}
	}
}

// The inliner's hooks: a parameter bound to a constant argument is folded
// into the body (the if on a constant keeps its branches; Fold sees the
// comparison), accesses get new sites and positions, and the lvalue says
// where it came from.
func TestCopierHooks(t *testing.T) {
	p, f := counter()
	at := Pos{"t.c", 9, 1}
	sites := 0
	c := &Copier{
		Vars: map[*Var]Expr{f.Params[0]: IntConst(4096)},
		Fold: func(e Expr) Expr {
			if b, ok := e.(*Binary); ok {
				if x, ok := b.X.(*Const); ok {
					if y, ok := b.Y.(*Const); ok && b.Op == OpAdd {
						return IntConst(x.Val + y.Val)
					}
				}
			}
			return e
		},
		Pos: func(Pos) Pos { return at },
		Access: func(a Access) Access {
			sites++
			a.Site, a.P, a.LValue = 100+sites, at, a.LValue+" (in bump)"
			return a
		},
	}
	g := copyOf(p, f, c)
	var got []string
	for _, b := range g.Blocks {
		for _, s := range b.Stmts {
			a := AccessOf(s)
			got = append(got, a.LValue)
			if a.P != at || a.Site <= 100 {
				t.Errorf("access %s at %v site %d, want %v and a new site", a.LValue, a.P, a.Site, at)
			}
			if k, ok := a.Addr.(*Const); !ok || k.Val != 4096 {
				t.Errorf("access address %v, want the argument 4096", a.Addr)
			}
		}
		if b.Term.Pos() != at {
			t.Errorf("terminator at %v, want %v", b.Term.Pos(), at)
		}
	}
	if strings.Join(got, ",") != "*p (in bump),*p (in bump),*p (in bump)" || sites != 3 {
		t.Errorf("lvalues %v after %d sites", got, sites)
	}
}

// A variable the copy does not map goes to Unmapped; without it, the
// variable itself (a ghost global both share).
func TestCopierUnmapped(t *testing.T) {
	p, f := counter()
	ghost := p.NewVar("ghost", Int)
	c := &Copier{Vars: map[*Var]Expr{}}
	if c.Var(ghost) != ghost || c.Expr(ghost) != ghost {
		t.Error("an unmapped ghost global is not kept")
	}
	var asked *Var
	c.Unmapped = func(v *Var) *Var { asked = v; return ghost }
	if c.Expr(f.Params[0]) != ghost || asked != f.Params[0] {
		t.Error("Unmapped was not asked for the parameter")
	}
	o := &Object{Name: "g"}
	n := &Object{Name: "g'"}
	if c.Expr(o) != o {
		t.Error("an unmapped object is not kept")
	}
	c.UnmappedObject = func(*Object) *Object { return n }
	if c.Expr(o) != n {
		t.Error("UnmappedObject was not asked")
	}
}
