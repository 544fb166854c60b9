package entry

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// devGroups finds the sysfs attributes whose only way to the kernel is a
// driver's dev_groups (models.Facts.DevGroups): a driver object whose
// initialiser sets a dev_groups member to a groups array, whose groups'
// attrs arrays list the attribute. Every object of that chain must be
// referenced from nowhere else (no other initialiser, no code): an
// attribute also passed to device_create_file, or a group also in a class's
// groups, is published some other way, and the rule that keeps it apart
// from probe and remove would hide races.
func devGroups(prog *ir.Program) map[string]string {
	// refs counts, per object, the initialiser cells and code that take its
	// address.
	refs := map[*ir.Object]int{}
	target := func(e ir.Expr) *ir.Object {
		switch x := e.(type) {
		case *ir.Object:
			return x
		case *ir.Binary:
			if o, ok := x.X.(*ir.Object); ok && x.Op == ir.OpAdd {
				return o
			}
		}
		return nil
	}
	for _, o := range prog.Objects {
		for _, in := range o.Init {
			if t := target(in.Value); t != nil {
				refs[t]++
			}
		}
	}
	code := func(e ir.Expr) {
		ir.WalkExpr(e, func(x ir.Expr) {
			if o, ok := x.(*ir.Object); ok {
				refs[o] += 1 << 20 // any use in code disqualifies
			}
		})
	}
	for _, fn := range prog.Funcs {
		for _, b := range fn.Blocks {
			for _, st := range b.Stmts {
				for _, e := range ir.StmtExprs(st) {
					code(e)
				}
			}
			switch t := b.Term.(type) {
			case *ir.If:
				code(t.Cond)
			case *ir.Return:
				code(t.Val)
			}
		}
	}
	// members returns the objects an array's cells point to, nil if any
	// cell is something else (a non-zero constant, an address in the
	// middle of another object).
	members := func(arr *ir.Object, offsetOK func(*ir.Object, int64) bool) ([]*ir.Object, bool) {
		var out []*ir.Object
		for _, in := range arr.Init {
			switch v := in.Value.(type) {
			case *ir.Const:
				if v.Val != 0 {
					return nil, false
				}
			case *ir.Object:
				out = append(out, v)
			case *ir.Binary:
				o, ok := v.X.(*ir.Object)
				c, cok := v.Y.(*ir.Const)
				if !ok || !cok || !offsetOK(o, c.Val) {
					return nil, false
				}
				out = append(out, o)
			default:
				return nil, false
			}
		}
		return out, true
	}
	whole := func(*ir.Object, int64) bool { return false }
	// An attribute array lists &dev_attr_foo.attr, the first member.
	attrMember := func(_ *ir.Object, off int64) bool { return off == 0 }
	out := map[string]string{}
	for _, drv := range prog.Objects {
		for _, in := range drv.Init {
			if !strings.HasSuffix(in.Path, "dev_groups") {
				continue
			}
			groups := target(in.Value)
			if groups == nil || refs[groups] != 1 {
				continue
			}
			grps, ok := members(groups, whole)
			if !ok {
				continue
			}
			for _, g := range grps {
				if refs[g] != 1 {
					continue
				}
				for _, gin := range g.Init {
					if gin.Path != ".attrs" {
						continue
					}
					attrs := target(gin.Value)
					if attrs == nil || refs[attrs] != 1 {
						continue
					}
					list, ok := members(attrs, attrMember)
					if !ok {
						continue
					}
					for _, a := range list {
						if refs[a] == 1 {
							out[a.Name] = drv.Name
						}
					}
				}
			}
		}
	}
	return out
}
