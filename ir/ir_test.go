package ir

import (
	"errors"
	"strings"
	"testing"
)

var intT = &Basic{Kind: Integer, Name: "int", Bytes: 4, Signed: true}

// counter builds: int bump(int *p) { if (*p > 0) *p = *p + 1; return *p; }
func counter() (*Program, *Function) {
	p := &Program{Path: "t.c"}
	f := NewFunction("bump", &FuncType{Params: []Type{&Pointer{Elem: intT}}, Result: intT}, Pos{"t.c", 1, 5})
	p.AddFunc(f)
	ptr := f.NewParam("p", Int, &Pointer{Elem: intT}, Pos{"t.c", 1, 15})
	f.Ret = &Var{Name: "ret", Kind: Int, Func: f}
	x := f.NewLocal("", Int, nil, Pos{})
	y := f.NewLocal("", Int, nil, Pos{})
	entry, then, done := f.NewBlock("entry"), f.NewBlock("then"), f.NewBlock("done")
	acc := func(line int) Access {
		return Access{Addr: ptr, Size: 4, LValue: "*p", Site: p.NewSite(), P: Pos{"t.c", line, 3}}
	}
	entry.Add(&Load{Dst: x, Access: acc(2)})
	entry.Term = &If{Cond: Bin(OpGt, x, IntConst(0)), Then: then, Else: done, P: Pos{"t.c", 2, 3}}
	then.Add(&Store{Val: Bin(OpAdd, x, IntConst(1)), Access: acc(3)})
	then.Term = &Jump{Target: done}
	done.Add(&Load{Dst: y, Access: acc(4)})
	done.Term = &Return{Val: y, P: Pos{"t.c", 4, 3}}
	f.ComputePreds()
	return p, f
}

func TestPrintAndValidate(t *testing.T) {
	p, _ := counter()
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	want := `program t.c

func bump(p int) ret int  // int (int *)  @1:5
b0: // entry
  t0 := load 4 p  ; *p #1  @2:3
  if t0 > 0 then b1 else b2  @2:3
b1: // then
  store 4 p := t0 + 1  ; *p #2  @3:3
  goto b2
b2: // done
  t1 := load 4 p  ; *p #3  @4:3
  return t1  @4:3
`
	if got := p.String(); got != want {
		t.Errorf("print:\n%s\nwant:\n%s", got, want)
	}
}

func TestValidateFindsProblems(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(p *Program, f *Function)
		want   string
	}{
		{"unterminated", func(p *Program, f *Function) { f.Blocks[1].Term = nil }, "b1: not terminated"},
		{"use before def", func(p *Program, f *Function) {
			f.Blocks[0].Stmts = nil
		}, "t0 may be read before it is assigned"},
		{"kind", func(p *Program, f *Function) {
			f.Blocks[0].Term.(*If).Cond = f.Locals[0]
		}, "has kind int, want bool"},
		{"callee", func(p *Program, f *Function) {
			f.Blocks[1].Add(&Call{Callee: NewFunction("ghost", nil, Pos{}), P: Pos{"t.c", 3, 1}})
		}, "callee ghost not in program"},
		{"site", func(p *Program, f *Function) {
			f.Blocks[2].Stmts[0].(*Load).Site = 1
		}, "access site #1 also used"},
		{"region", func(p *Program, f *Function) {
			p.Regions = []*Region{{ID: 1, Name: "int"}}
		}, "has no region"},
		{"old", func(p *Program, f *Function) {
			g := p.NewVar("g", Bool)
			f.Blocks[1].Add(&Assume{Cond: &Old{X: g}})
		}, "old(g) outside a postcondition"},
		{"foreign var", func(p *Program, f *Function) {
			other := NewFunction("other", nil, Pos{})
			f.Blocks[1].Add(&Assign{Dst: &Var{Name: "z", Func: other}, Src: IntConst(1)})
		}, "variable z not declared in this function"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, f := counter()
			c.break_(p, f)
			err := Validate(p)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
}

func TestSourceLine(t *testing.T) {
	p := &Program{Sources: map[string]string{"a.c": "one\r\ntwo\nthree"}}
	for n, want := range map[int]string{1: "one", 2: "two", 3: "three", 4: "", 0: ""} {
		if got := p.SourceLine("a.c", n); got != want {
			t.Errorf("line %d = %q, want %q", n, got, want)
		}
	}
}

func TestFolding(t *testing.T) {
	x := &Var{Name: "x", Kind: Bool}
	for _, c := range []struct {
		e    Expr
		want string
	}{
		{And(True, x, True), "x"},
		{And(x, False), "false"},
		{Or(), "false"},
		{Or(False, x), "x"},
		{Not(Not(x)), "x"},
		{Implies(True, x), "x"},
		{Implies(x, True), "true"},
	} {
		if got := ExprString(c.e); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

func TestTypeStrings(t *testing.T) {
	file := &Struct{Tag: "file"}
	fp := &Pointer{Elem: file}
	for _, c := range []struct {
		t    Type
		want string
	}{
		{fp, "struct file *"},
		{&Pointer{Elem: fp}, "struct file **"},
		{&Array{Elem: intT, Len: 4}, "int[4]"},
		{&Pointer{Elem: &FuncType{Params: []Type{fp}, Result: intT}}, "int (*)(struct file *)"},
		{&Struct{Typedef: "spinlock_t"}, "spinlock_t"},
		{&Named{Name: "loff_t", Underlying: intT}, "loff_t"},
	} {
		if got := c.t.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	if PointeeStruct(&Named{Name: "fp", Underlying: fp}) != file {
		t.Error("PointeeStruct through typedef")
	}
}

func TestOnCycle(t *testing.T) {
	// 1 -> 2 -> 3 -> 2, 3 -> 4, 4 -> 4, 5 -> 1
	edges := map[int][]int{1: {2}, 2: {3}, 3: {2, 4}, 4: {4}, 5: {1}}
	got := OnCycle([]int{1, 5}, func(n int) []int { return edges[n] })
	want := map[int]bool{2: true, 3: true, 4: true}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for n := range want {
		if !got[n] {
			t.Errorf("%d not on a cycle", n)
		}
	}
}

// CycleComponents tells cycles apart: 2 and 3 share one, 4 (a self edge)
// has its own, and the nodes off every cycle have none.
func TestCycleComponents(t *testing.T) {
	// 1 -> 2 -> 3 -> 2, 3 -> 4, 4 -> 4, 5 -> 1, 6 -> 7 -> 6, 4 -> 6
	edges := map[int][]int{1: {2}, 2: {3}, 3: {2, 4}, 4: {4, 6}, 5: {1}, 6: {7}, 7: {6}}
	got := CycleComponents([]int{1, 5}, func(n int) []int { return edges[n] })
	if len(got) != 5 {
		t.Fatalf("got %v, want 2, 3, 4, 6 and 7", got)
	}
	for _, n := range []int{1, 5} {
		if _, ok := got[n]; ok {
			t.Errorf("%d is on no cycle, got component %d", n, got[n])
		}
	}
	if got[2] != got[3] || got[6] != got[7] {
		t.Errorf("one cycle split: %v", got)
	}
	if got[2] == got[4] || got[4] == got[6] || got[2] == got[6] {
		t.Errorf("distinct cycles merged: %v", got)
	}
}

// Wrap reduces constants as C does and prints its operator as a call;
// Validate accepts it on Int and every operator maps back to its type.
func TestWrap(t *testing.T) {
	x := &Var{Name: "x", Kind: Int}
	for _, c := range []struct {
		e    Expr
		want string
	}{
		{Wrap(IntConst(256), 8, false), "0"},
		{Wrap(IntConst(255), 8, true), "-1"},
		{Wrap(IntConst(-1), 32, false), "4294967295"},
		{Wrap(IntConst(1<<31), 32, true), "-2147483648"},
		{Wrap(IntConst(-1), 64, false), "18446744073709551615"},
		{Wrap(&Const{Val: -1, Unsigned: true}, 64, true), "-1"},
		{Wrap(Bin(OpAdd, x, IntConst(1)), 16, false), "wrap_u16(x + 1)"},
		{Bin(OpLt, Wrap(x, 32, true), IntConst(0)), "wrap_s32(x) < 0"},
		{Wrap(Wrap(x, 32, true), 8, false), "wrap_u8(x)"},
		{Wrap(Wrap(x, 8, false), 32, true), "wrap_u8(x)"},
		{Wrap(Wrap(x, 8, true), 64, true), "wrap_s8(x)"},
		{Wrap(Wrap(x, 8, true), 64, false), "wrap_u64(wrap_s8(x))"},
		{Unwrap(Wrap(x, 32, false), 16), "x"},
		{Unwrap(Wrap(x, 16, false), 32), "wrap_u16(x)"},
	} {
		if got := ExprString(c.e); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	for _, bits := range []int{8, 16, 32, 64} {
		for _, signed := range []bool{false, true} {
			op, ok := WrapOp(bits, signed)
			b, s, isWrap := op.Wrap()
			if !ok || !isWrap || b != bits || s != signed {
				t.Errorf("WrapOp(%d, %v) = %v, %v; Wrap() = %d, %v, %v", bits, signed, op, ok, b, s, isWrap)
			}
		}
	}
	if _, ok := WrapOp(12, false); ok {
		t.Error("WrapOp accepted 12 bits")
	}
	if _, _, ok := OpNeg.Wrap(); ok {
		t.Error("OpNeg is a wrap operator")
	}
	p, f := counter()
	f.Blocks[1].Stmts[0].(*Store).Val = Wrap(Bin(OpAdd, f.Blocks[0].Stmts[0].(*Load).Dst, IntConst(1)), 32, true)
	if err := Validate(p); err != nil {
		t.Errorf("Validate rejects a wrap: %v", err)
	}
	f.Blocks[1].Stmts[0].(*Store).Val = &Unary{Op: OpWrapS32, X: True}
	if err := Validate(p); err == nil {
		t.Error("Validate accepts a wrap of a Bool")
	}
}
