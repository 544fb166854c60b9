package regions

import (
	"fmt"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// typeInfo caches what the analysis derives from C types.
type typeInfo struct {
	keys  map[ir.Type]string
	folds map[ir.Type][]*fold
}

func newTypeInfo() *typeInfo {
	return &typeInfo{keys: make(map[ir.Type]string), folds: make(map[ir.Type][]*fold)}
}

// structKey identifies a struct type: its name when it has one (C gives one
// type per tag in a translation unit), else its declaration.
func structKey(s *ir.Struct) string {
	if s.Tag != "" || s.Typedef != "" {
		return s.Name()
	}
	return fmt.Sprintf("%s@%p", s.Name(), s)
}

// key identifies a type for de-duplicating facts.
func (ti *typeInfo) key(t ir.Type) string {
	if k, ok := ti.keys[t]; ok {
		return k
	}
	var k string
	if s, ok := ir.Unnamed(t).(*ir.Struct); ok {
		k = structKey(s)
	} else {
		k = ir.Unnamed(t).String()
	}
	ti.keys[t] = k
	return k
}

func typeKey(t ir.Type) string {
	if s, ok := ir.Unnamed(t).(*ir.Struct); ok {
		return structKey(s)
	}
	return ir.Unnamed(t).String()
}

// foldsOf returns the array folds of an object of type t at offset 0.
func (ti *typeInfo) foldsOf(t ir.Type) []*fold {
	if fs, ok := ti.folds[t]; ok {
		return fs
	}
	ti.folds[t] = nil // break (impossible) cycles
	var fs []*fold
	switch u := ir.Unnamed(t).(type) {
	case *ir.Array:
		// Flexible and zero-length arrays get no fold from the type: the
		// extent of their elements is unknown (a non-constant index into
		// one folds the tail, see foldWithin).
		if es := u.Elem.Size(); es > 0 && u.Len > 0 {
			inner := ti.foldsOf(u.Elem)
			if u.Len == 1 {
				fs = cloneFolds(inner)
			} else {
				fs = []*fold{{lo: 0, hi: u.Len * es, base: 0, stride: es, inner: cloneFolds(inner), typed: true}}
			}
		}
	case *ir.Struct:
		for _, f := range u.Fields {
			for _, sub := range ti.foldsOf(f.Type) {
				fs = addFold(fs, sub.shifted(f.Offset))
			}
		}
	}
	ti.folds[t] = fs
	return fs
}

func cloneFolds(fs []*fold) []*fold {
	out := make([]*fold, len(fs))
	for i, f := range fs {
		out[i] = f.clone()
	}
	return out
}

// flexibleTail returns the offset of t's trailing flexible or zero-length
// array member (through trailing struct members), or -1.
func flexibleTail(t ir.Type) int64 {
	s := isStruct(t)
	if s == nil || s.Union || len(s.Fields) == 0 {
		return -1
	}
	last := s.Fields[len(s.Fields)-1]
	if a, ok := ir.Unnamed(last.Type).(*ir.Array); ok && a.Len <= 0 {
		return last.Offset
	}
	if in := flexibleTail(last.Type); in >= 0 {
		return last.Offset + in
	}
	return -1
}

// pointee returns the type a pointer type points to, or nil.
func pointee(t ir.Type) ir.Type {
	if t == nil {
		return nil
	}
	if p, ok := ir.Unnamed(t).(*ir.Pointer); ok {
		return p.Elem
	}
	return nil
}

func isPointer(t ir.Type) bool {
	if t == nil {
		return false
	}
	_, ok := ir.Unnamed(t).(*ir.Pointer)
	return ok
}

// factType reports whether t can describe memory: a complete-enough object
// type (not void, not a function).
func factType(t ir.Type) bool {
	if t == nil {
		return false
	}
	switch u := ir.Unnamed(t).(type) {
	case *ir.Basic:
		return u.Kind != ir.Void
	case *ir.FuncType:
		return false
	case *ir.Struct:
		return true
	case *ir.Array:
		return factType(u.Elem)
	}
	return true
}

// carries reports whether variable v may hold a pointer: Int variables of
// pointer type or of an integer type wide enough for a kernel address
// (x86-64 kernel addresses do not fit in 32 bits).
func carries(v *ir.Var) bool {
	if v == nil || v.Kind != ir.Int {
		return false
	}
	if v.CType == nil {
		return true
	}
	if b, ok := ir.Unnamed(v.CType).(*ir.Basic); ok {
		return b.Kind == ir.Integer && b.Bytes >= 8
	}
	return true
}

// scalarClass names the external node a scalar type belongs to. Integer
// types of one size share a node (signedness and typedefs may alias), all
// pointer types share one.
func scalarClass(t ir.Type) (string, int64) {
	switch u := ir.Unnamed(t).(type) {
	case *ir.Pointer:
		return "pointer", 8
	case *ir.Basic:
		if u.Kind == ir.Float {
			return u.Name, u.Bytes
		}
		switch u.Bytes {
		case 1:
			return "char", 1
		case 2:
			return "short", 2
		case 4:
			return "int", 4
		case 8:
			return "long", 8
		}
		return u.Name, u.Bytes
	}
	return ir.Unnamed(t).String(), t.Size()
}

// structPointee returns S when t is a pointer to struct (or union) S.
func structPointee(t ir.Type) *ir.Struct {
	if pt := pointee(t); pt != nil {
		return isStruct(pt)
	}
	return nil
}

// externalName is the name of an external node's memory: its scalar class,
// or the pointer type for a pointer-to-struct class ("struct device *").
func externalName(t ir.Type, class string) string {
	if s := structPointee(t); s != nil && strings.HasPrefix(class, "pointer to ") {
		return s.Name() + " *"
	}
	return class
}

// isStruct returns t's struct type if t is a struct or union.
func isStruct(t ir.Type) *ir.Struct {
	s, _ := ir.Unnamed(t).(*ir.Struct)
	return s
}

// elemType expands an array type to its innermost element type; the
// element at offset 0 stands for all (they are folded together).
func elemType(t ir.Type) ir.Type {
	for {
		a, ok := ir.Unnamed(t).(*ir.Array)
		if !ok {
			return t
		}
		t = a.Elem
	}
}

// fieldOffset returns the offset of the member path (".a.b", "[].c") in s.
func fieldOffset(t ir.Type, path string) (int64, bool) {
	var off int64
	for path != "" {
		switch {
		case path[0] == '.':
			end := 1
			for end < len(path) && path[end] != '.' && path[end] != '[' {
				end++
			}
			name := path[1:end]
			path = path[end:]
			s := isStruct(t)
			if s == nil {
				return 0, false
			}
			f, o, ok := findField(s, name)
			if !ok {
				return 0, false
			}
			off += o
			t = f.Type
		case path[0] == '[':
			end := 1
			for end < len(path) && path[end] != ']' {
				end++
			}
			if end == len(path) {
				return 0, false
			}
			a, ok := ir.Unnamed(t).(*ir.Array)
			if !ok {
				return 0, false
			}
			idx := path[1:end]
			path = path[end+1:]
			if idx != "" {
				var n int64
				if _, err := fmt.Sscanf(idx, "%d", &n); err != nil {
					return 0, false
				}
				off += n * a.Elem.Size()
			}
			t = a.Elem
		default:
			return 0, false
		}
	}
	return off, true
}

// fieldType returns the type of the member path in t, or nil.
func fieldType(t ir.Type, path string) ir.Type {
	for path != "" {
		switch {
		case path[0] == '.':
			end := 1
			for end < len(path) && path[end] != '.' && path[end] != '[' {
				end++
			}
			s := isStruct(t)
			if s == nil {
				return nil
			}
			f, _, ok := findField(s, path[1:end])
			if !ok {
				return nil
			}
			t, path = f.Type, path[end:]
		case path[0] == '[':
			end := 1
			for end < len(path) && path[end] != ']' {
				end++
			}
			a, ok := ir.Unnamed(t).(*ir.Array)
			if !ok || end == len(path) {
				return nil
			}
			t, path = a.Elem, path[end+1:]
		default:
			return nil
		}
	}
	return t
}

// findField finds a named member of s, looking through anonymous members.
func findField(s *ir.Struct, name string) (*ir.Field, int64, bool) {
	for _, f := range s.Fields {
		if f.Name == name {
			return f, f.Offset, true
		}
	}
	for _, f := range s.Fields {
		if f.Name == "" {
			if in := isStruct(f.Type); in != nil {
				if g, o, ok := findField(in, name); ok {
					return g, f.Offset + o, true
				}
			}
		}
	}
	return nil, 0, false
}
