package regions

import (
	"sort"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// anchor is the object a cell is named after.
type anchor struct {
	base      string     // "struct file", "global nvram_len", "local buf in foo"
	t         ir.Type    // type of the object at off, for field paths; nil: no path
	off       int64      // normalised offset of the object's start
	st        *ir.Struct // t when it is a struct
	canonical bool
	identity  bool // names one object, one allocation site or one struct type
	globals   int  // number of global objects named
}

// anchorFor chooses what to name the bytes [lo, hi) of root r after. The
// precedence: the outermost canonical struct covering them; external
// memory; global objects; string literals; locals; fresh parameters; fresh
// allocations; user, absolute, kernel and unknown memory.
func (g *graph) anchorFor(r *node, lo, hi int64) anchor {
	f := r.r.flags
	structs, _ := g.splitFacts(r)
	bestStruct := func() (typedFact, bool) {
		var best typedFact
		found := false
		for _, s := range structs {
			inTail := false
			if tail := flexibleTail(s.t); tail >= 0 && lo >= s.off+tail {
				inTail = true // elements of a flexible array member
			}
			if !inTail && (s.off > lo || (s.size > 0 && hi > s.off+s.size) || (s.size == 0 && lo != s.off)) {
				continue
			}
			if !found || betterStruct(g, s, best) {
				best, found = s, true
			}
		}
		return best, found
	}
	if f&oCanonical != 0 {
		if s, ok := bestStruct(); ok {
			return anchor{base: s.s.Name(), t: s.t, off: s.off, st: s.s, canonical: true, identity: true}
		}
	}
	if f&oExternal != 0 {
		for _, l := range r.r.labels {
			if strings.HasPrefix(l.text, "external ") || l.text == "kernel memory" {
				return anchor{base: l.text}
			}
		}
	}
	if f&(oGlobal|oConst) != 0 {
		var names []string
		var first objAt
		for _, o := range g.objectsIn(r, lo, hi, false) {
			if o.obj.Kind != ir.GlobalObj {
				continue
			}
			if len(names) == 0 {
				first = o
			}
			names = append(names, o.obj.Name)
		}
		if len(names) > 0 {
			a := anchor{base: "global " + joinNames(names), t: first.obj.CType, off: r.norm(first.off),
				identity: true, globals: len(names)}
			a.st = isStruct(a.t)
			return a
		}
	}
	if f&oString != 0 {
		return anchor{base: "string"}
	}
	if f&oFrame != 0 {
		for _, o := range g.objectsIn(r, lo, hi, false) {
			if o.obj.Kind == ir.LocalObj {
				fn := ""
				if o.obj.Func != nil {
					fn = o.obj.Func.Name
				}
				a := anchor{base: "local " + o.obj.Name + " in " + fn, t: o.obj.CType, off: r.norm(o.off), identity: true}
				a.st = isStruct(a.t)
				return a
			}
		}
	}
	for _, want := range []string{"fresh *", "fresh ", currentLabel} {
		for _, l := range sortedLabels(r) {
			if !strings.HasPrefix(l.text, want) {
				continue
			}
			a := anchor{base: l.text, t: l.t, off: r.norm(l.off), identity: true}
			if a.t == nil || !factType(a.t) {
				a.t = nil
				if s, ok := bestStruct(); ok {
					a.t, a.off = s.t, s.off
				}
			}
			a.st = isStruct(a.t)
			return a
		}
	}
	for _, l := range sortedLabels(r) {
		if l.text == "user memory" || l.text == "absolute memory" {
			return anchor{base: l.text}
		}
	}
	if s, ok := bestStruct(); ok {
		if f&oKernel != 0 {
			return anchor{base: s.s.Name(), t: s.t, off: s.off, st: s.s, canonical: true, identity: true}
		}
		return anchor{base: "unknown " + s.s.Name(), t: s.t, off: s.off, st: s.s}
	}
	if f&oKernel != 0 {
		return anchor{base: "external memory"}
	}
	return anchor{base: "unknown memory"}
}

// betterStruct orders candidate anchors: bigger first, then canonical
// types, then by name and offset.
func betterStruct(g *graph, a, b typedFact) bool {
	if a.size != b.size {
		return a.size > b.size
	}
	_, ca := g.canon[structKey(a.s)]
	_, cb := g.canon[structKey(b.s)]
	if ca != cb {
		return ca
	}
	if a.s.Name() != b.s.Name() {
		return a.s.Name() < b.s.Name()
	}
	return a.off < b.off
}

func sortedLabels(r *node) []label {
	ls := append([]label(nil), r.r.labels...)
	sort.SliceStable(ls, func(i, j int) bool { return ls[i].text < ls[j].text })
	return ls
}

// objectsIn returns the objects of root r whose storage overlaps [lo, hi)
// (all of them if withAll and none does), in program order.
func (g *graph) objectsIn(r *node, lo, hi int64, fallback bool) []objAt {
	var out []objAt
	for _, o := range r.r.objs {
		if o.obj.Kind == ir.StringObj {
			continue
		}
		a := o.off
		b := posInf
		if o.obj.Bytes >= 0 {
			b = a + max(o.obj.Bytes, 1)
		}
		for _, s := range imageIn(r.r.folds, a, b, nil) {
			if s.lo < hi && lo < s.hi {
				out = append(out, o)
				break
			}
		}
	}
	if len(out) == 0 && fallback {
		for _, o := range r.r.objs {
			if o.obj.Kind != ir.StringObj {
				out = append(out, o)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return g.objOrder(out[i].obj) < g.objOrder(out[j].obj) })
	// One entry per object.
	dedup := out[:0]
	for i, o := range out {
		if i == 0 || out[i-1].obj != o.obj {
			dedup = append(dedup, o)
		}
	}
	return dedup
}

func (g *graph) objOrder(o *ir.Object) int {
	if g.order == nil {
		g.order = make(map[*ir.Object]int)
		n := 0
		for _, x := range g.prog.Objects {
			g.order[x] = n
			n++
		}
		for _, f := range g.prog.Funcs {
			for _, x := range f.Frame {
				g.order[x] = n
				n++
			}
		}
	}
	if i, ok := g.order[o]; ok {
		return i
	}
	return 1 << 30
}

// fieldPath names the bytes [rel, rel+size) of an object of type t: the
// member path of the innermost member containing them ("[]" for array
// elements), and the member's type when the bytes are exactly one scalar.
// Bytes that span several members of the innermost struct get the range
// of members they overlap: ".unit[].{disk_in..ref_count}".
func fieldPath(t ir.Type, rel, size int64, prefer []ir.Type) (string, ir.Type) {
	if t == nil {
		return "", nil
	}
	if rel == 0 && size == t.Size() && ir.IsScalar(t) {
		return "", t
	}
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		var in []*ir.Field
		for i, f := range u.Fields {
			fs := f.Type.Size()
			flexible := i == len(u.Fields)-1 && fs <= 0
			if f.Offset <= rel && (fs < 0 || rel+size <= f.Offset+fs || flexible) {
				in = append(in, f)
			}
		}
		if len(in) == 0 {
			return memberSpan(u, rel, size), nil
		}
		// Union members overlap: prefer the first that names the bytes
		// exactly with a type the accesses use, then the first that names
		// them exactly, else the smallest.
		best := in[0]
		var exact string
		var exactT ir.Type
		for _, f := range in {
			p, ft := fieldPath(f.Type, rel-f.Offset, size, prefer)
			if ft != nil {
				for _, t := range prefer {
					if typeKey(t) == typeKey(ft) {
						return memberName(f) + p, ft
					}
				}
				if exactT == nil {
					exact, exactT = memberName(f)+p, ft
				}
			}
			if fs, bs := f.Type.Size(), best.Type.Size(); fs >= 0 && (bs < 0 || fs < bs) {
				best = f
			}
		}
		if exactT != nil {
			return exact, exactT
		}
		p, ft := fieldPath(best.Type, rel-best.Offset, size, prefer)
		return memberName(best) + p, ft
	case *ir.Array:
		es := u.Elem.Size()
		if es <= 0 || rel < 0 {
			return "", nil
		}
		i := rel / es
		if rel-i*es+size > es {
			return "", nil
		}
		p, ft := fieldPath(u.Elem, rel-i*es, size, prefer)
		return "[]" + p, ft
	}
	return "", nil
}

func memberName(f *ir.Field) string {
	if f.Name == "" {
		return ""
	}
	return "." + f.Name
}

// memberSpan names the members of s that [rel, rel+size) overlaps.
func memberSpan(s *ir.Struct, rel, size int64) string {
	var first, last string
	for _, f := range s.Fields {
		fs := max(f.Type.Size(), 1)
		if f.Offset < rel+size && rel < f.Offset+fs && f.Name != "" {
			if first == "" {
				first = f.Name
			}
			last = f.Name
		}
	}
	switch {
	case rel <= 0 && size >= s.Size():
		return ""
	case first == "":
		return ".{padding}"
	case first == last:
		return ".{" + first + "}"
	}
	return ".{" + first + ".." + last + "}"
}

// pathTo returns the member path of the member of t at rel whose type is
// want (the outermost such), or the outermost member starting at rel.
func pathTo(t ir.Type, rel int64, want string) (string, bool) {
	if t == nil {
		return "", false
	}
	if rel == 0 && (want == "" || typeKey(t) == want) {
		return "", true
	}
	var b strings.Builder
	for {
		switch u := ir.Unnamed(t).(type) {
		case *ir.Struct:
			var best *ir.Field
			for _, f := range u.Fields {
				fs := f.Type.Size()
				if f.Offset <= rel && (fs < 0 || rel < f.Offset+fs || (fs == 0 && rel == f.Offset)) {
					best = f
					if want != "" && f.Offset == rel && typeKey(f.Type) == want {
						break
					}
				}
			}
			if best == nil {
				return b.String(), false
			}
			if best.Name != "" {
				b.WriteString("." + best.Name)
			}
			rel -= best.Offset
			t = best.Type
		case *ir.Array:
			es := u.Elem.Size()
			if es <= 0 {
				return b.String(), false
			}
			b.WriteString("[]")
			rel = mod(rel, es)
			t = u.Elem
		default:
			return b.String(), rel == 0 && want == ""
		}
		if rel == 0 && (want == "" || typeKey(t) == want) {
			return b.String(), true
		}
	}
}

// joinNames lists merged objects: "a|b", or "a|b|+3" for more.
func joinNames(names []string) string {
	if len(names) <= 3 {
		return strings.Join(names, "|")
	}
	return names[0] + "|" + names[1] + "|+" + itoa(len(names)-2)
}

func itoa(n int) string { return strconv.Itoa(n) }
