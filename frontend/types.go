package frontend

import (
	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// typeConv converts cc types to ir types. Struct and union types get one
// *ir.Struct per declaration (keyed by tag, or by the first member for
// anonymous ones), completed when the definition is seen.
type typeConv struct {
	prog    *ir.Program
	cache   map[cc.Type]ir.Type
	structs map[any]*ir.Struct
	// ownFile holds the files of a module's parts: a struct tag defined in
	// one of them is that file's own (two parts may each define their
	// struct foo); nil for a single file.
	ownFile map[string]bool
	// local holds the files of the program's own source (every part of a
	// module, or the one file): their struct types are ir.Struct.Local.
	local map[string]bool
	named map[string]*ir.Named
}

func newTypeConv(prog *ir.Program) *typeConv {
	return &typeConv{
		prog:    prog,
		cache:   make(map[cc.Type]ir.Type),
		structs: make(map[any]*ir.Struct),
		named:   make(map[string]*ir.Named),
	}
}

var (
	voidType  = &ir.Basic{Kind: ir.Void, Name: "void"}
	intType   = &ir.Basic{Kind: ir.Integer, Name: "int", Bytes: 4, Signed: true}
	longType  = &ir.Basic{Kind: ir.Integer, Name: "long", Bytes: 8, Signed: true}
	ulongType = &ir.Basic{Kind: ir.Integer, Name: "unsigned long", Bytes: 8}
	charType  = &ir.Basic{Kind: ir.Integer, Name: "char", Bytes: 1, Signed: true}
)

// conv returns the ir type of t.
func (tc *typeConv) conv(t cc.Type) ir.Type {
	if t == nil {
		return intType
	}
	if r, ok := tc.cache[t]; ok {
		return r
	}
	var r ir.Type
	if td := t.Typedef(); td != nil && t.Kind() != cc.Struct && t.Kind() != cc.Union {
		name := td.Name()
		if n, ok := tc.named[name]; ok {
			r = n
		} else {
			n := &ir.Named{Name: name}
			tc.named[name] = n
			tc.cache[t] = n // before converting the underlying type: cycles
			n.Underlying = tc.structural(t)
			r = n
		}
	} else {
		r = tc.structural(t)
	}
	tc.cache[t] = r
	return r
}

func (tc *typeConv) structural(t cc.Type) ir.Type {
	switch x := t.(type) {
	case *cc.PointerType:
		return &ir.Pointer{Elem: tc.conv(x.Elem())}
	case *cc.ArrayType:
		n := x.Len()
		if x.IsIncomplete() || x.IsVLA() || n < 0 {
			n = -1
		}
		return &ir.Array{Elem: tc.conv(x.Elem()), Len: n}
	case *cc.StructType:
		return tc.structType(x, false)
	case *cc.UnionType:
		return tc.structType(x, true)
	case *cc.FunctionType:
		return tc.funcType(x)
	case *cc.EnumType:
		name := "enum"
		tagTok := x.Tag()
		if tag := tagTok.SrcStr(); tag != "" {
			name += " " + tag
		}
		u := x.UnderlyingType()
		return &ir.Basic{Kind: ir.Integer, Name: name, Bytes: u.Size(), Signed: cc.IsSignedInteger(u)}
	case *cc.PredefinedType:
		return basicType(x)
	}
	return intType
}

var kindNames = map[cc.Kind]string{
	cc.Bool: "_Bool", cc.Char: "char", cc.SChar: "signed char", cc.UChar: "unsigned char",
	cc.Short: "short", cc.UShort: "unsigned short", cc.Int: "int", cc.UInt: "unsigned int",
	cc.Long: "long", cc.ULong: "unsigned long", cc.LongLong: "long long", cc.ULongLong: "unsigned long long",
	cc.Int128: "__int128", cc.UInt128: "unsigned __int128",
	cc.Float: "float", cc.Double: "double", cc.LongDouble: "long double",
	cc.Float32: "_Float32", cc.Float64: "_Float64", cc.Float128: "_Float128",
	cc.ComplexFloat: "_Complex float", cc.ComplexDouble: "_Complex double", cc.ComplexLongDouble: "_Complex long double",
}

func basicType(t *cc.PredefinedType) *ir.Basic {
	k := t.Kind()
	name, ok := kindNames[k]
	if !ok {
		name = k.String()
	}
	switch {
	case k == cc.Void:
		return voidType
	case cc.IsIntegerType(t):
		return &ir.Basic{Kind: ir.Integer, Name: name, Bytes: t.Size(), Signed: cc.IsSignedInteger(t)}
	}
	return &ir.Basic{Kind: ir.Float, Name: name, Bytes: t.Size(), Signed: true}
}

type structKey struct {
	union bool
	tag   string
	file  string // the module part that defines it in its own file; "" for a header's
}

// structIdentity returns the key that identifies a struct or union
// declaration across the copies cc makes of its type, and across the units
// of a module, which share their headers' types.
func structIdentity(t cc.Type, union bool, tag string, first *cc.Field, file string) any {
	if tag != "" {
		return structKey{union, tag, file}
	}
	if first != nil && first.Declarator() != nil {
		return first.Declarator()
	}
	return t
}

type ccStruct interface {
	cc.Type
	NumFields() int
	FieldByIndex(int) *cc.Field
	Tag() cc.Token
}

func (tc *typeConv) structType(t ccStruct, union bool) *ir.Struct {
	tagTok := t.Tag()
	tag := tagTok.SrcStr()
	var first *cc.Field
	if t.NumFields() > 0 {
		first = t.FieldByIndex(0)
	}
	file := ""
	if tc.ownFile != nil && tc.ownFile[tagTok.Position().Filename] {
		file = tagTok.Position().Filename
	}
	key := structIdentity(t, union, tag, first, file)
	s, ok := tc.structs[key]
	if !ok {
		s = &ir.Struct{Tag: tag, Union: union, Incomplete: true, Bytes: -1}
		tc.structs[key] = s
		tc.prog.Structs = append(tc.prog.Structs, s)
	}
	if s.Typedef == "" {
		if td := t.Typedef(); td != nil {
			s.Typedef = td.Name()
		}
	}
	if s.Incomplete && !t.IsIncomplete() {
		s.Incomplete = false
		s.Bytes = t.Size()
		// Where the definition is (an anonymous struct has no tag: its
		// first member says).
		where := tagTok.Position().Filename
		if tag == "" && first != nil && first.Declarator() != nil {
			where = first.Declarator().Position().Filename
		}
		s.Local = where != "" && tc.local[where]
		tc.cache[t] = s // fields may point back to s
		n := t.NumFields()
		fields := make([]*ir.Field, 0, n)
		for i := 0; i < n; i++ {
			f := t.FieldByIndex(i)
			if f == nil {
				continue
			}
			irf := &ir.Field{Name: f.Name(), Type: tc.conv(f.Type()), Offset: f.Offset()}
			if f.IsBitfield() {
				irf.BitField = true
				irf.BitOff = f.OffsetBits()
				irf.BitWidth = int(f.ValueBits())
			}
			fields = append(fields, irf)
		}
		s.Fields = fields
	}
	return s
}

func (tc *typeConv) funcType(t *cc.FunctionType) *ir.FuncType {
	ft := &ir.FuncType{Result: tc.conv(t.Result()), Variadic: t.IsVariadic() || t.MaxArgs() < 0}
	params := t.Parameters()
	if len(params) == 1 && params[0].Type().Kind() == cc.Void {
		params = nil
	}
	for _, p := range params {
		ft.Params = append(ft.Params, tc.conv(p.Type()))
		ft.ParamNames = append(ft.ParamNames, p.Name())
	}
	return ft
}
