package regions

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// explain says, for a developer judging a race report, why different
// accesses fall into region reg (cell c of root r, named after anchor a):
// which abstraction put them together. "" when the region is one object's
// scalar, or thread-local (never reported).
func (g *graph) explain(r *node, c *cell, a anchor, reg *ir.Region) string {
	if reg.ThreadLocal {
		return ""
	}
	var why []string
	switch {
	case a.canonical:
		why = append(why, "type rule: every "+a.base+" the kernel can hand to the driver is one object")
	case strings.HasPrefix(a.base, "external ") || a.base == "kernel memory":
		why = append(why, "kernel memory of a scalar type: every such buffer the kernel can hand to the driver is one object")
	}
	var names, locals []string
	seen := make(map[string]bool)
	for _, o := range reg.Objects {
		if strings.HasPrefix(o.Name, "__whoop") {
			continue // whoop's own objects (module info)
		}
		n := "global " + o.Name
		if o.Kind == ir.LocalObj {
			n = "local " + o.Name
			if o.Func != nil {
				n += " in " + o.Func.Name
			}
			locals = append(locals, n)
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if len(locals) > 0 {
		how := "stored where other threads can reach it"
		if r.r.flags&oKernel != 0 {
			how = "reachable by the kernel"
		}
		why = append(why, "escaped local: "+listNames(locals)+" ("+how+")")
	}
	for _, l := range sortedLabels(r) {
		if strings.HasPrefix(l.text, "fresh ") && !seen[l.text] {
			seen[l.text] = true
			names = append(names, l.text)
		}
	}
	switch {
	case len(names) > 1 && len(names) == len(locals):
		why = append(why, "merged region: these locals are one object (pointers to them mix)")
	case len(names) > 1:
		why = append(why, "merged region: "+listNames(names)+" are one object (pointers to them mix)")
	}
	if bits := bitFieldsIn(a.t, c.lo-a.off, c.hi-c.lo); len(bits) > 1 {
		why = append(why, "shared bit-field word: "+listNames(bits)+" are stored in one unit; writing one rewrites the others")
	}
	if reg.Collapsed {
		why = append(why, "collapsed: accessed in incompatible ways (casts, pointer arithmetic), so its members are not told apart")
	} else if strings.Contains(reg.Name, "[]") {
		why = append(why, "array: all its elements are one region")
	}
	return strings.Join(why, "; ")
}

// listNames joins at most four names, "a, b and c", "a, b, c, d and 3 more".
func listNames(names []string) string {
	const most = 4
	if len(names) > most {
		rest := len(names) - most
		return strings.Join(names[:most], ", ") + " and " + itoa(rest) + " more"
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// bitFieldsIn names the bit-fields of type t whose storage overlaps bytes
// [rel, rel+size), with their member paths.
func bitFieldsIn(t ir.Type, rel, size int64) []string {
	if t == nil || size <= 0 {
		return nil
	}
	var out []string
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		for _, f := range u.Fields {
			fs := f.Type.Size()
			if fs <= 0 || f.Offset >= rel+size || rel >= f.Offset+fs {
				continue
			}
			if f.BitField {
				if f.Name != "" {
					out = append(out, f.Name)
				}
				continue
			}
			for _, b := range bitFieldsIn(f.Type, rel-f.Offset, size) {
				out = append(out, f.Name+"."+b)
			}
		}
	case *ir.Array:
		if es := u.Elem.Size(); es > 0 && rel >= 0 {
			i := rel / es
			return bitFieldsIn(u.Elem, rel-i*es, size)
		}
	}
	return out
}
