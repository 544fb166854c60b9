package ir

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Fprint writes the text form of p to w. The form is stable: the same
// program always prints the same bytes, so it serves golden tests.
func Fprint(w io.Writer, p *Program) error {
	pr := &printer{w: bufio.NewWriter(w), prog: p}
	pr.program()
	return pr.w.Flush()
}

// String returns the text form of p.
func (p *Program) String() string {
	var b strings.Builder
	Fprint(&b, p)
	return b.String()
}

// ExprString returns the text form of e.
func ExprString(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e, false)
	return b.String()
}

type printer struct {
	w    *bufio.Writer
	prog *Program
}

func (pr *printer) printf(format string, args ...any) { fmt.Fprintf(pr.w, format, args...) }

// pos prints a position, omitting the file when it is the program's own.
func (pr *printer) pos(p Pos) string {
	if !p.IsValid() {
		return ""
	}
	if p.File == pr.prog.Path {
		return fmt.Sprintf("  @%d:%d", p.Line, p.Col)
	}
	return "  @" + p.String()
}

func (pr *printer) program() {
	p := pr.prog
	pr.printf("program %s\n", p.Path)
	if len(p.Regions) > 0 {
		pr.printf("\n")
		for _, r := range p.Regions {
			pr.region(r)
		}
	}
	if len(p.Objects) > 0 {
		pr.printf("\n")
		for _, o := range p.Objects {
			pr.object(o, "")
		}
	}
	if len(p.Vars) > 0 {
		pr.printf("\n")
		for _, v := range p.Vars {
			pr.printf("var %s %s\n", v.Name, v.Kind)
		}
	}
	if len(p.EntryPoints) > 0 {
		pr.printf("\n")
		for _, e := range p.EntryPoints {
			pr.entryPoint(e)
		}
	}
	for _, f := range p.Funcs {
		if !f.External() {
			pr.printf("\n")
			pr.function(f)
		}
	}
	first := true
	for _, f := range p.Funcs {
		if f.External() {
			if first {
				pr.printf("\n")
				first = false
			}
			pr.extern(f)
		}
	}
}

func (pr *printer) region(r *Region) {
	pr.printf("region r%d %q", r.ID, r.Name)
	if r.Type != nil {
		pr.printf(" type %q", r.Type.String())
	}
	for _, flag := range []struct {
		on   bool
		name string
	}{{r.ThreadLocal, "thread-local"}, {r.ReadOnly, "read-only"}, {r.Collapsed, "collapsed"}} {
		if flag.on {
			pr.printf(" %s", flag.name)
		}
	}
	if len(r.Objects) > 0 {
		names := make([]string, len(r.Objects))
		for i, o := range r.Objects {
			names[i] = o.Name
		}
		pr.printf(" objects %s", strings.Join(names, ","))
	}
	pr.printf("\n")
}

func (pr *printer) entryPoint(e *EntryPoint) {
	pr.printf("entrypoint %s role %s", e.Func.Name, e.Role)
	if e.Struct != "" {
		pr.printf(" struct %s", e.Struct)
	}
	if e.Var != "" {
		pr.printf(" var %s", e.Var)
	}
	if e.Field != "" {
		pr.printf(" field %s", e.Field)
	}
	if len(e.Params) > 0 {
		ks := make([]string, len(e.Params))
		for i, k := range e.Params {
			ks[i] = k.String()
		}
		pr.printf(" params (%s)", strings.Join(ks, ", "))
	}
	if e.Guessed {
		pr.printf(" guessed")
	}
	pr.printf("%s\n", pr.pos(e.Pos))
}

func (pr *printer) extern(f *Function) {
	pr.printf("extern %s", f.Name)
	if f.Sig != nil {
		pr.printf(" %s", f.Sig)
	}
	if f.NoReturn {
		pr.printf(" noreturn")
	}
	if f.Synthetic {
		pr.printf(" implicit")
	}
	pr.printf("\n")
}

func (pr *printer) object(o *Object, indent string) {
	pr.printf("%sobject %s %s", indent, o.Name, o.Kind)
	if o.CType != nil {
		pr.printf(" %q", o.CType.String())
	}
	pr.printf(" size %d", o.Bytes)
	if o.Static {
		pr.printf(" static")
	}
	if o.Const {
		pr.printf(" const")
	}
	if o.Extern {
		pr.printf(" extern")
	}
	if o.Kind == StringObj {
		pr.printf(" %s", strconv.Quote(o.Data))
	}
	pr.printf("%s\n", pr.pos(o.Pos))
	for _, in := range o.Init {
		pr.printf("%s  init +%d %s = %s\n", indent, in.Offset, in.Path, ExprString(in.Value))
	}
}

func (pr *printer) function(f *Function) {
	var b strings.Builder
	b.WriteString("func ")
	b.WriteString(f.Name)
	b.WriteByte('(')
	for i, v := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(v.Name)
		b.WriteByte(' ')
		b.WriteString(v.Kind.String())
	}
	b.WriteByte(')')
	if f.Ret != nil {
		b.WriteString(" " + f.Ret.Name + " " + f.Ret.Kind.String())
	}
	pr.printf("%s", b.String())
	var attrs []string
	if f.Static {
		attrs = append(attrs, "static")
	}
	if f.Inline {
		attrs = append(attrs, "inline")
	}
	if f.NoReturn {
		attrs = append(attrs, "noreturn")
	}
	if f.Section != "" {
		attrs = append(attrs, "section "+f.Section)
	}
	if len(attrs) > 0 {
		pr.printf(" [%s]", strings.Join(attrs, " "))
	}
	if f.Sig != nil {
		pr.printf("  // %s", f.Sig)
	}
	pr.printf("%s\n", pr.pos(f.Pos))
	for _, s := range f.Requires {
		pr.spec(s, "  ")
	}
	for _, s := range f.Ensures {
		pr.spec(s, "  ")
	}
	if len(f.Modifies) > 0 {
		names := make([]string, len(f.Modifies))
		for i, v := range f.Modifies {
			names[i] = v.Name
		}
		pr.printf("  modifies %s\n", strings.Join(names, ", "))
	}
	for _, o := range f.Frame {
		pr.object(o, "  ")
	}
	for _, blk := range f.Blocks {
		pr.printf("%s:", blk)
		if blk.Comment != "" {
			pr.printf(" // %s", blk.Comment)
		}
		pr.printf("\n")
		for _, s := range blk.Invariants {
			pr.spec(s, "  ")
		}
		for _, s := range blk.Stmts {
			pr.printf("  %s%s\n", stmtString(s), pr.pos(s.Pos()))
		}
		if blk.Term != nil {
			pr.printf("  %s%s\n", termString(blk.Term), pr.pos(blk.Term.Pos()))
		} else {
			pr.printf("  <no terminator>\n")
		}
	}
}

func (pr *printer) spec(s *Spec, indent string) {
	pr.printf("%s%s", indent, s.Kind)
	if s.Free {
		pr.printf(" free")
	}
	if s.Candidate {
		pr.printf(" candidate")
	}
	pr.printf(" #%d %s", s.ID, ExprString(s.Cond))
	if s.Tag != "" {
		pr.printf("  // %s", s.Tag)
	}
	pr.printf("\n")
}

func accessString(op string, a *Access, extra string) string {
	var b strings.Builder
	b.WriteString(op)
	if a.Mode != Plain {
		b.WriteString(" " + a.Mode.String())
	}
	if a.RMW {
		b.WriteString(" rmw")
	}
	if a.Private {
		b.WriteString(" private")
	}
	fmt.Fprintf(&b, " %d", a.Size)
	if a.Region != nil {
		fmt.Fprintf(&b, " [%s]", a.Region.Name)
	}
	b.WriteString(" ")
	b.WriteString(ExprString(a.Addr))
	if a.Len != nil {
		b.WriteString(" len " + ExprString(a.Len))
	}
	b.WriteString(extra)
	fmt.Fprintf(&b, "  ; %s #%d", a.LValue, a.Site)
	return b.String()
}

func stmtString(s Stmt) string {
	switch s := s.(type) {
	case *Assign:
		return s.Dst.Name + " := " + ExprString(s.Src)
	case *Havoc:
		names := make([]string, len(s.Vars))
		for i, v := range s.Vars {
			names[i] = v.Name
		}
		return "havoc " + strings.Join(names, ", ")
	case *Assume:
		return "assume " + ExprString(s.Cond)
	case *Assert:
		str := fmt.Sprintf("assert #%d %s", s.ID, ExprString(s.Cond))
		if s.Msg != "" {
			str += "  ; " + s.Msg
		}
		return str
	case *Load:
		return s.Dst.Name + " := " + accessString("load", &s.Access, "")
	case *Store:
		return accessString("store", &s.Access, " := "+ExprString(s.Val))
	case *Touch:
		op := "touch read"
		if s.Write {
			op = "touch write"
		}
		return accessString(op, &s.Access, "")
	case *Equate:
		return "assume memory " + s.A.Name + " == " + s.B.Name
	case *Call:
		var b strings.Builder
		b.WriteString("call ")
		if s.Dst != nil {
			b.WriteString(s.Dst.Name + " := ")
		}
		if s.Callee != nil {
			b.WriteString(s.Callee.Name)
		} else {
			b.WriteString("(*" + ExprString(s.Fn) + ")")
		}
		b.WriteByte('(')
		for i, a := range s.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(ExprString(a))
		}
		b.WriteByte(')')
		if s.Callee == nil {
			names := make([]string, len(s.Targets))
			for i, t := range s.Targets {
				names[i] = t.Name
			}
			b.WriteString(" targets {" + strings.Join(names, ", ") + "}")
		}
		var keys []string
		for i, t := range s.ArgTargets {
			if t != nil {
				keys = append(keys, fmt.Sprintf("%d:%s", i, t.Key))
			}
		}
		if len(keys) > 0 {
			b.WriteString("  ; points-to " + strings.Join(keys, " "))
		}
		return b.String()
	}
	return fmt.Sprintf("<%T>", s)
}

func termString(t Terminator) string {
	switch t := t.(type) {
	case *Jump:
		return "goto " + t.Target.String()
	case *If:
		return "if " + ExprString(t.Cond) + " then " + t.Then.String() + " else " + t.Else.String()
	case *Return:
		kw := "return"
		if t.Halt {
			kw = "halt"
		}
		if t.Val == nil {
			return kw
		}
		return kw + " " + ExprString(t.Val)
	case *Unreachable:
		return "unreachable"
	}
	return fmt.Sprintf("<%T>", t)
}

func writeExpr(b *strings.Builder, e Expr, nested bool) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Var:
		b.WriteString(e.Name)
	case *Const:
		if e.Unsigned && e.Val < 0 {
			b.WriteString(strconv.FormatUint(uint64(e.Val), 10))
		} else {
			b.WriteString(strconv.FormatInt(e.Val, 10))
		}
	case *BoolConst:
		b.WriteString(strconv.FormatBool(e.Val))
	case *Object:
		b.WriteString("&" + e.Name)
	case *Function:
		b.WriteString("&" + e.Name)
	case *Old:
		b.WriteString("old(" + e.X.Name + ")")
	case *Unary:
		b.WriteString(e.Op.String())
		if _, _, wrap := e.Op.Wrap(); wrap {
			b.WriteByte('(')
			writeExpr(b, e.X, false)
			b.WriteByte(')')
			break
		}
		writeExpr(b, e.X, true)
	case *Binary:
		if nested {
			b.WriteByte('(')
		}
		writeExpr(b, e.X, true)
		b.WriteString(" " + e.Op.String() + " ")
		writeExpr(b, e.Y, true)
		if nested {
			b.WriteByte(')')
		}
	case *Ite:
		b.WriteByte('(')
		writeExpr(b, e.Cond, true)
		b.WriteString(" ? ")
		writeExpr(b, e.Then, true)
		b.WriteString(" : ")
		writeExpr(b, e.Else, true)
		b.WriteByte(')')
	default:
		fmt.Fprintf(b, "<%T>", e)
	}
}
