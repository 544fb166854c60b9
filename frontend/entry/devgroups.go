package entry

import (
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// devGroups finds the sysfs attributes whose only way to the kernel is a
// bus driver's dev_groups (models.Facts.DevGroups): a driver object (of a
// type the dev-groups rule names) whose initialiser sets its dev_groups to
// a groups array, whose groups' attrs arrays list the attribute. The
// attribute must not escape once those dev_groups cells are left out of
// the escape analysis (groupsEscape), and no code may name it: an
// attribute also passed to device_create_file, or a group also in a
// class's groups or exported, is published some other way, and the rule
// that keeps it apart from probe and remove would hide races. Another
// initialiser may list it (ad525x_dpot.c's dpot_attrib_wipers, which
// is_visible only compares with its argument) as long as that does not
// let it out. The drivers of a module may share one groups array. A group
// maps to its drivers too, for its is_visible.
func devGroups(prog *ir.Program) map[string][]string {
	refs := addressRefs(prog)
	isAttrs := func(path string) bool { return path == ".attrs" }
	type link struct{ drv, obj *ir.Object }
	var cands []link
	drivers := map[*ir.Object]bool{}
	for _, drv := range prog.Objects {
		if !devGroupsDriver(drv) {
			continue
		}
		for _, arr := range groupsArrays(drv) {
			grps, ok := arrayMembers(arr)
			if !ok {
				continue
			}
			drivers[drv] = true
			for _, g := range grps {
				cands = append(cands, link{drv, g})
				for _, in := range g.Init {
					if !isAttrs(in.Path) {
						continue
					}
					if attrs := initTarget(in.Value); attrs != nil {
						if list, ok := arrayMembers(attrs); ok {
							for _, a := range list {
								cands = append(cands, link{drv, a})
							}
						}
					}
				}
			}
		}
	}
	if len(cands) == 0 {
		return map[string][]string{}
	}
	esc := escapesSkipping(prog, prog.ExternLinkage, func(o *ir.Object, in ir.Init) bool {
		return drivers[o] && isDevGroups(in.Path)
	})
	out := map[string][]string{}
	for _, c := range cands {
		if refs[c.obj] >= 1<<20 {
			continue
		}
		if gone, _ := esc.objEscapes(c.obj); gone || slices.Contains(out[c.obj.Name], c.drv.Name) {
			continue
		}
		out[c.obj.Name] = append(out[c.obj.Name], c.drv.Name)
	}
	return out
}

// devGroupsDrivers are the bus-driver types of the dev-groups rule
// (models/pairs.go): really_probe adds their dev_groups after probe.
var devGroupsDrivers = map[string]bool{"i2c_driver": true, "platform_driver": true, "pci_driver": true,
	"spi_driver": true, "usb_driver": true}

func devGroupsDriver(o *ir.Object) bool {
	st, _ := ir.Unnamed(o.CType).(*ir.Struct)
	return devGroupsDrivers[structName(st)]
}

func isDevGroups(path string) bool { return strings.HasSuffix(path, "dev_groups") }

// groupsArrays returns the arrays o's dev_groups cells point to.
func groupsArrays(o *ir.Object) []*ir.Object {
	var out []*ir.Object
	for _, in := range o.Init {
		if isDevGroups(in.Path) {
			if arr := initTarget(in.Value); arr != nil {
				out = append(out, arr)
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
