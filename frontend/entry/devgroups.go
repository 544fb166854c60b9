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
	refs := addressRefs(prog)
	isGroups := func(path string) bool { return strings.HasSuffix(path, "dev_groups") }
	isAttrs := func(path string) bool { return path == ".attrs" }
	out := map[string]string{}
	for _, drv := range prog.Objects {
		for _, grps := range refs.linked(drv, isGroups) {
			for _, g := range grps {
				if refs[g] != 1 {
					continue
				}
				for _, attrs := range refs.linked(g, isAttrs) {
					for _, a := range attrs {
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

// objectRefs counts, per object, the initialiser cells and code that take
// its address; any use in code counts 1<<20 (it disqualifies).
type objectRefs map[*ir.Object]int

func addressRefs(prog *ir.Program) objectRefs {
	refs := objectRefs{}
	for _, o := range prog.Objects {
		for _, in := range o.Init {
			if t := initTarget(in.Value); t != nil {
				refs[t]++
			}
		}
	}
	code := func(e ir.Expr) {
		ir.WalkExpr(e, func(x ir.Expr) {
			if o, ok := x.(*ir.Object); ok {
				refs[o] += 1 << 20
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
	return refs
}

// initTarget returns the object an initialiser cell points to (at or into).
func initTarget(e ir.Expr) *ir.Object {
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

// arrayMembers returns the objects an array's cells point to, false if any
// cell is something else (a non-zero constant, an address inside an
// object: &dev_attr_foo.attr is the attribute's first member, so its
// address is the attribute's own).
func arrayMembers(arr *ir.Object) ([]*ir.Object, bool) {
	var out []*ir.Object
	for _, in := range arr.Init {
		switch v := in.Value.(type) {
		case *ir.Const:
			if v.Val != 0 {
				return nil, false
			}
		case *ir.Object:
			out = append(out, v)
		default:
			return nil, false
		}
	}
	return out, true
}

// linked returns, per cell of o whose path matches, the members of the
// array it points to when nothing else refers to that array.
func (refs objectRefs) linked(o *ir.Object, match func(path string) bool) [][]*ir.Object {
	var out [][]*ir.Object
	for _, in := range o.Init {
		if !match(in.Path) {
			continue
		}
		if arr := initTarget(in.Value); arr != nil && refs[arr] == 1 {
			if list, ok := arrayMembers(arr); ok {
				out = append(out, list)
			}
		}
	}
	return out
}

// setsGroups reports whether the driver names a member whose name ends in
// "groups" (a device's groups, a device_type's, a class's dev_groups or
// class_groups) in an initialiser or a store (models.Facts.SetsGroups).
func setsGroups(prog *ir.Program) bool {
	for _, o := range prog.Objects {
		for _, in := range o.Init {
			if strings.HasSuffix(in.Path, "groups") {
				return true
			}
		}
	}
	for _, fn := range prog.Funcs {
		for _, b := range fn.Blocks {
			for _, st := range b.Stmts {
				if s, ok := st.(*ir.Store); ok && strings.HasSuffix(s.Field, "groups") {
					return true
				}
			}
		}
	}
	return false
}
