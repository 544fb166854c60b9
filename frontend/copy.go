package frontend

import (
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// cell is one scalar piece of an aggregate, or an opaque byte range (typ
// nil) for a large array or a union without a member covering it.
type cell struct {
	off, size int64
	path      string  // ".a.b[2]" from the aggregate
	typ       ir.Type // scalar type; nil for an opaque range
	strct     *ir.Struct
	field     string
}

// maxArrayCells bounds element-wise treatment of arrays: a larger array is
// one opaque range (copied and zeroed with Touch accesses).
const maxArrayCells = 16

// cellsOf flattens an aggregate type into cells, memoised per type.
func (b *builder) cellsOf(t ir.Type) []cell {
	if b.cells == nil {
		b.cells = make(map[ir.Type][]cell)
	}
	if cs, ok := b.cells[t]; ok {
		return cs
	}
	var out []cell
	flatten(t, 0, "", nil, "", &out, 0)
	b.cells[t] = out
	return out
}

func countCells(t ir.Type, depth int) int {
	if depth > 32 {
		return 1
	}
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		n := 0
		for _, f := range u.Fields {
			n += countCells(f.Type, depth+1)
			if n > maxArrayCells {
				break
			}
		}
		return n
	case *ir.Array:
		if u.Len <= 0 {
			return 0
		}
		if u.Len > maxArrayCells {
			return maxArrayCells + 1
		}
		return int(u.Len) * countCells(u.Elem, depth+1)
	}
	return 1
}

func flatten(t ir.Type, base int64, path string, strct *ir.Struct, field string, out *[]cell, depth int) {
	if depth > 32 {
		if s := t.Size(); s > 0 {
			*out = append(*out, cell{off: base, size: s, path: path, strct: strct, field: field})
		}
		return
	}
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		if u.Incomplete || u.Bytes <= 0 {
			return
		}
		if u.Union {
			for _, f := range u.Fields {
				if f.Type.Size() == u.Bytes && !f.BitField {
					flattenField(u, f, base, path, strct, field, out, depth)
					return
				}
			}
			*out = append(*out, cell{off: base, size: u.Bytes, path: path, strct: strct, field: field})
			return
		}
		for i := 0; i < len(u.Fields); i++ {
			f := u.Fields[i]
			if f.BitField {
				// One cell per run of bit-fields sharing bytes.
				lo := f.Offset
				hi := f.Offset + int64(f.BitOff+f.BitWidth+7)/8
				j := i + 1
				for ; j < len(u.Fields) && u.Fields[j].BitField && u.Fields[j].Offset < hi; j++ {
					g := u.Fields[j]
					if e := g.Offset + int64(g.BitOff+g.BitWidth+7)/8; e > hi {
						hi = e
					}
				}
				if hi > lo {
					name := f.Name
					*out = append(*out, cell{off: base + lo, size: hi - lo, path: path + "." + name,
						typ: unsignedOf(hi - lo), strct: u, field: "." + name})
				}
				i = j - 1
				continue
			}
			flattenField(u, f, base, path, strct, field, out, depth)
		}
	case *ir.Array:
		if u.Len <= 0 {
			return
		}
		es := u.Elem.Size()
		if es <= 0 {
			return
		}
		if countCells(u, depth) > maxArrayCells {
			*out = append(*out, cell{off: base, size: u.Len * es, path: path, strct: strct, field: field})
			return
		}
		for i := int64(0); i < u.Len; i++ {
			flatten(u.Elem, base+i*es, path+"["+strconv.FormatInt(i, 10)+"]", strct, field, out, depth+1)
		}
	default:
		if s := t.Size(); s > 0 {
			*out = append(*out, cell{off: base, size: s, path: path, typ: t, strct: strct, field: field})
		}
	}
}

// flattenField flattens member f of struct u. Members of anonymous structs
// and unions keep the enclosing named struct, as their C text does.
func flattenField(u *ir.Struct, f *ir.Field, base int64, path string, strct *ir.Struct, field string, out *[]cell, depth int) {
	if f.Name == "" {
		if strct == nil {
			strct, field = u, ""
		}
		flatten(f.Type, base+f.Offset, path, strct, field, out, depth+1)
		return
	}
	flatten(f.Type, base+f.Offset, path+"."+f.Name, u, "."+f.Name, out, depth+1)
}

// copyAggregate copies the contents of src to dst, scalar by scalar (a
// Load and a Store per cell); opaque ranges are a Touch read and a Touch
// write.
func (f *fnBuilder) copyAggregate(dst, src *lvalue, pos ir.Pos) {
	t := f.b.tc.conv(dst.ct)
	dt, st := f.lvText(dst), f.lvText(src)
	for _, c := range f.b.cellsOf(t) {
		sl := f.cellLV(src, st, c)
		dl := f.cellLV(dst, dt, c)
		if c.typ == nil {
			f.touch(sl, c.size, false, pos)
			f.touch(dl, c.size, true, pos)
			continue
		}
		v := f.temp(c.typ, pos)
		f.emit(&ir.Load{Dst: v, Access: f.access(sl, c.size, pos)})
		f.emit(&ir.Store{Val: v, Access: f.access(dl, c.size, pos)})
	}
}

func (f *fnBuilder) cellLV(lv *lvalue, text string, c cell) *lvalue {
	r := &lvalue{addr: addOff(lv.addr, c.off), text: withPath(text, c.path), vol: lv.vol, strct: c.strct, field: c.field}
	if r.strct == nil {
		r.strct, r.field = lv.strct, lv.field
	}
	return r
}

func (f *fnBuilder) touch(lv *lvalue, size int64, write bool, pos ir.Pos) {
	a := f.access(lv, size, pos)
	f.emit(&ir.Touch{Write: write, Access: a})
}

// havocObject gives every cell of the aggregate at lv an arbitrary value.
func (f *fnBuilder) havocObject(lv *lvalue, pos ir.Pos) {
	t := f.b.tc.conv(lv.ct)
	text := f.lvText(lv)
	for _, c := range f.b.cellsOf(t) {
		cl := f.cellLV(lv, text, c)
		if c.typ == nil {
			f.touch(cl, c.size, true, pos)
			continue
		}
		f.emit(&ir.Store{Val: f.havocTemp(c.typ, pos), Access: f.access(cl, c.size, pos)})
	}
}

// withPath appends a member or index path to an lvalue text, adding
// parentheses where C needs them: (*p).a, not *p.a.
func withPath(text, path string) string {
	if path == "" || text == "" || strings.HasSuffix(text, "}") {
		return text + path
	}
	if text[0] == '*' || text[0] == '&' || text[0] == '-' || text[0] == '(' && !strings.HasSuffix(text, ")") || strings.ContainsAny(text, " ") && !strings.HasSuffix(text, ")") {
		return "(" + text + ")" + path
	}
	return text + path
}
