package regions_test

import (
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend/regions"
	"github.com/whoopverify/whoop/ir"
)

var (
	intT  = &ir.Basic{Kind: ir.Integer, Name: "int", Bytes: 4, Signed: true}
	longT = &ir.Basic{Kind: ir.Integer, Name: "long", Bytes: 8, Signed: true}
	voidT = &ir.Basic{Kind: ir.Void, Name: "void"}
)

// handBuilt is, in C:
//
//	struct s { int a; int b; long c; };
//	static struct s g;
//	static int h(struct s *q) { q->b = 1; return 0; }
//	void f(struct s *p) {          // an entry point, p shared
//		int (*fp)(struct s *) = h;
//		p->a = 1;
//		g.a = 2; g.b = 3;
//		__touch_write(&g, 16);    // a helper touching all of g
//		fp(p);
//	}
func handBuilt() *ir.Program {
	s := &ir.Struct{Tag: "s", Bytes: 16, Fields: []*ir.Field{
		{Name: "a", Type: intT, Offset: 0}, {Name: "b", Type: intT, Offset: 4}, {Name: "c", Type: longT, Offset: 8}}}
	sp := &ir.Pointer{Elem: s}
	prog := &ir.Program{Path: "hand.c", Structs: []*ir.Struct{s}}
	g := &ir.Object{Name: "g", Kind: ir.GlobalObj, CType: s, Bytes: 16, Static: true}
	prog.Objects = append(prog.Objects, g)
	pos := func(l int) ir.Pos { return ir.Pos{File: "hand.c", Line: l, Col: 2} }
	acc := func(addr ir.Expr, size int64, lv string, l int) ir.Access {
		return ir.Access{Addr: addr, Size: size, LValue: lv, Site: prog.NewSite(), P: pos(l)}
	}

	ft := &ir.FuncType{Params: []ir.Type{sp}, Result: intT}
	h := ir.NewFunction("h", ft, pos(3))
	prog.AddFunc(h)
	q := h.NewParam("q", ir.Int, sp, pos(3))
	h.Ret = &ir.Var{Name: "ret", Kind: ir.Int, CType: intT, Func: h}
	hb := h.NewBlock("entry")
	hb.Add(&ir.Store{Val: ir.IntConst(1), Access: acc(ir.Bin(ir.OpAdd, q, ir.IntConst(4)), 4, "q->b", 3)})
	hb.Term = &ir.Return{Val: ir.IntConst(0), P: pos(3)}

	f := ir.NewFunction("f", &ir.FuncType{Params: []ir.Type{sp}, Result: voidT}, pos(4))
	prog.AddFunc(f)
	p := f.NewParam("p", ir.Int, sp, pos(4))
	fp := f.NewLocal("fp", ir.Int, &ir.Pointer{Elem: ft}, pos(5))
	b := f.NewBlock("entry")
	b.Add(&ir.Assign{Dst: fp, Src: h, P: pos(5)})
	b.Add(&ir.Store{Val: ir.IntConst(1), Access: acc(p, 4, "p->a", 6)})
	b.Add(&ir.Store{Val: ir.IntConst(2), Access: acc(g, 4, "g.a", 7)})
	b.Add(&ir.Store{Val: ir.IntConst(3), Access: acc(ir.Bin(ir.OpAdd, g, ir.IntConst(4)), 4, "g.b", 7)})
	b.Add(&ir.Touch{Write: true, Access: acc(g, 16, "__touch_write(&g)", 8)})
	b.Add(&ir.Call{Fn: fp, Args: []ir.Expr{p}, P: pos(9)})
	b.Term = &ir.Return{P: pos(10)}
	prog.EntryPoints = []*ir.EntryPoint{{Func: f, Role: ir.RoleEntry, Params: []ir.ParamKind{ir.ParamShared}}}
	return prog
}

func TestHandBuilt(t *testing.T) {
	prog := handBuilt()
	if err := regions.Analyze(prog, regions.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := ir.Validate(prog); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range prog.Regions {
		names = append(names, r.Name)
	}
	if got, want := strings.Join(names, ", "), "global g.a, global g.b, global g.c, struct s.a, struct s.b"; got != want {
		t.Errorf("regions %s, want %s", got, want)
	}
	text := prog.String()
	for _, want := range []string{
		"store 4 [struct s.a] p := 1  ; p->a",
		"store 4 [struct s.b] q + 4 := 1  ; q->b",
		"touch write 16 [global g.a] &g  ; __touch_write(&g) #5",
		"touch write 16 [global g.b] &g  ; __touch_write(&g) #6",
		"touch write 16 [global g.c] &g  ; __touch_write(&g) #7",
		"call (*fp)(p) targets {h}",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	if again := handBuilt(); regions.Analyze(again, regions.Options{}) != nil || again.String() != text {
		t.Errorf("not deterministic:\n%s\nthen\n%s", text, again.String())
	}
}

// TestInternalErrorIsAnError: broken IR makes Analyze fail, not panic.
func TestInternalErrorIsAnError(t *testing.T) {
	prog := handBuilt()
	f := prog.Func("f")
	f.Blocks[0].Stmts = append(f.Blocks[0].Stmts, &ir.Load{Access: ir.Access{Addr: ir.IntConst(0), Size: 4, Site: prog.NewSite()}})
	err := regions.Analyze(prog, regions.Options{})
	if err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Fatalf("got %v, want an internal error", err)
	}
}
