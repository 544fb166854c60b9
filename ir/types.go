package ir

import (
	"fmt"
	"strings"
)

// Type is a C type, kept for naming regions, matching entry-point signatures
// and printing. Analyses compute on Kind (Int or Bool), not on Type.
type Type interface {
	// String is the C spelling, e.g. "struct file *", "unsigned long", "loff_t".
	String() string
	// Size is the size in bytes, or -1 when unknown (incomplete types, void).
	Size() int64
}

// BasicKind classifies scalar C types.
type BasicKind uint8

const (
	Void BasicKind = iota
	Integer
	Float
)

// Basic is void, an integer type (including _Bool, char, enums) or a floating type.
type Basic struct {
	Kind   BasicKind
	Name   string // "int", "unsigned long", "_Bool", "enum foo", "double"
	Bytes  int64
	Signed bool
}

func (t *Basic) String() string { return t.Name }
func (t *Basic) Size() int64 {
	if t.Kind == Void {
		return -1
	}
	return t.Bytes
}

// Pointer is a pointer type.
type Pointer struct{ Elem Type }

func (t *Pointer) String() string {
	if f, ok := Unnamed(t.Elem).(*FuncType); ok {
		return f.Result.String() + " (*)" + f.paramList()
	}
	s := t.Elem.String()
	if strings.HasSuffix(s, "*") {
		return s + "*"
	}
	return s + " *"
}
func (t *Pointer) Size() int64 { return 8 }

// Array is an array type; Len is -1 for flexible or unknown-length arrays.
type Array struct {
	Elem Type
	Len  int64
}

func (t *Array) String() string {
	if t.Len < 0 {
		return t.Elem.String() + "[]"
	}
	return fmt.Sprintf("%s[%d]", t.Elem.String(), t.Len)
}
func (t *Array) Size() int64 {
	if t.Len < 0 || t.Elem.Size() < 0 {
		return -1
	}
	return t.Len * t.Elem.Size()
}

// Struct is a struct or union type. Identity is pointer identity: the front
// end creates one *Struct per C declaration.
type Struct struct {
	Tag        string // "" for anonymous
	Typedef    string // a typedef name that denotes this type, e.g. "spinlock_t"
	Union      bool
	Fields     []*Field
	Bytes      int64
	Incomplete bool
	// Local: declared in one of the program's own source files, not in a
	// header, so other translation units (the kernel's) cannot name its
	// members unless a prototype they share mentions it (the entry-point
	// pass checks that).
	Local bool
}

// Name is the name used in region names and reports: "struct file",
// "union foo", or the typedef for anonymous types ("spinlock_t").
func (t *Struct) Name() string {
	kw := "struct"
	if t.Union {
		kw = "union"
	}
	switch {
	case t.Tag != "":
		return kw + " " + t.Tag
	case t.Typedef != "":
		return t.Typedef
	default:
		return kw + " <anonymous>"
	}
}
func (t *Struct) String() string { return t.Name() }
func (t *Struct) Size() int64 {
	if t.Incomplete {
		return -1
	}
	return t.Bytes
}

// Field returns the direct field with the given name, or nil.
func (t *Struct) Field(name string) *Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Field is a struct or union member. Anonymous struct/union members have an
// empty Name and their own fields are reached through Type.
type Field struct {
	Name     string
	Type     Type
	Offset   int64 // bytes from the start of the enclosing struct
	BitField bool
	BitOff   int // bit offset within the storage unit at Offset
	BitWidth int
}

// FuncType is a function type.
type FuncType struct {
	Params     []Type
	ParamNames []string
	Result     Type // *Basic{Kind: Void} for void functions
	Variadic   bool
}

func (t *FuncType) paramList() string {
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range t.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	if t.Variadic {
		if len(t.Params) > 0 {
			b.WriteString(", ")
		}
		b.WriteString("...")
	}
	if len(t.Params) == 0 && !t.Variadic {
		b.WriteString("void")
	}
	b.WriteByte(')')
	return b.String()
}
func (t *FuncType) String() string { return t.Result.String() + " " + t.paramList() }
func (t *FuncType) Size() int64    { return -1 }

// Named is a typedef name other than for a struct: loff_t, size_t, u32, ...
type Named struct {
	Name       string
	Underlying Type
}

func (t *Named) String() string { return t.Name }
func (t *Named) Size() int64    { return t.Underlying.Size() }

// Unnamed strips typedef names.
func Unnamed(t Type) Type {
	for {
		n, ok := t.(*Named)
		if !ok {
			return t
		}
		t = n.Underlying
	}
}

// PointeeStruct returns the struct a pointer type points to, or nil.
func PointeeStruct(t Type) *Struct {
	p, ok := Unnamed(t).(*Pointer)
	if !ok {
		return nil
	}
	s, _ := Unnamed(p.Elem).(*Struct)
	return s
}

// IsScalar reports whether values of t are held in one Int variable.
func IsScalar(t Type) bool {
	switch u := Unnamed(t).(type) {
	case *Basic:
		return u.Kind != Void
	case *Pointer:
		return true
	}
	return false
}
