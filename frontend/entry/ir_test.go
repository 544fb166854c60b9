package entry

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// Hand-built IR: the entry-point pass on programs as the lowering would
// produce them, independent of the C front end.

var (
	intT  = &ir.Basic{Kind: ir.Integer, Name: "int", Bytes: 4, Signed: true}
	ulT   = &ir.Basic{Kind: ir.Integer, Name: "unsigned long", Bytes: 8}
	voidT = &ir.Basic{Kind: ir.Void, Name: "void"}
)

type builder struct {
	prog *ir.Program
	line int
}

func newBuilder() *builder {
	return &builder{prog: &ir.Program{Path: "t.c", Sources: map[string]string{"t.c": ""}}}
}

func (b *builder) pos() ir.Pos { b.line++; return ir.Pos{File: "t.c", Line: b.line, Col: 1} }

func ptr(t ir.Type) ir.Type { return &ir.Pointer{Elem: t} }

// strct makes a struct whose fields are 8 bytes each, in order.
func strct(tag string, fields ...any) *ir.Struct {
	s := &ir.Struct{Tag: tag}
	for i := 0; i < len(fields); i += 2 {
		s.Fields = append(s.Fields, &ir.Field{Name: fields[i].(string), Type: fields[i+1].(ir.Type), Offset: int64(len(s.Fields)) * 8})
	}
	s.Bytes = int64(len(s.Fields)) * 8
	return s
}

func fnPtr(params ...ir.Type) ir.Type { return ptr(&ir.FuncType{Params: params, Result: intT}) }

// fn defines a function with the given parameter types; body adds
// statements to its single block.
func (b *builder) fn(name string, params []ir.Type, body func(f *ir.Function, blk *ir.Block)) *ir.Function {
	f := ir.NewFunction(name, &ir.FuncType{Params: params, Result: intT}, b.pos())
	for i, t := range params {
		f.NewParam(fmt.Sprintf("p%d", i), ir.Int, t, f.Pos)
	}
	blk := f.NewBlock("entry")
	if body != nil {
		body(f, blk)
	}
	blk.Term = &ir.Return{P: f.Pos}
	b.prog.AddFunc(f)
	return f
}

// ext declares an external function.
func (b *builder) ext(name string, params ...ir.Type) *ir.Function {
	f := ir.NewFunction(name, &ir.FuncType{Params: params, Result: intT}, ir.Pos{})
	b.prog.AddFunc(f)
	return f
}

func (b *builder) global(name string, t ir.Type, cells ...ir.Init) *ir.Object {
	o := &ir.Object{Name: name, Kind: ir.GlobalObj, CType: t, Bytes: t.Size(), Pos: b.pos(), Init: cells}
	b.prog.Objects = append(b.prog.Objects, o)
	return o
}

func (b *builder) cell(path string, v ir.Expr) ir.Init {
	return ir.Init{Path: path, Value: v, Pos: b.pos()}
}

func call(callee *ir.Function, line int, args ...ir.Expr) *ir.Call {
	return &ir.Call{Callee: callee, Args: args, P: ir.Pos{File: "t.c", Line: line, Col: 2}}
}

// describe prints entry points as "func role struct.field var [guessed] params".
func describe(eps []*ir.EntryPoint) []string {
	var out []string
	for _, e := range eps {
		s := fmt.Sprintf("%s %s %s.%s", e.Func.Name, e.Role, e.Struct, e.Field)
		if e.Var != "" {
			s += " var=" + e.Var
		}
		if e.Guessed {
			s += " guessed"
		}
		ks := make([]string, len(e.Params))
		for i, k := range e.Params {
			ks[i] = k.String()
		}
		s += " (" + strings.Join(ks, " ") + ")"
		out = append(out, s)
	}
	return out
}

func sameSet(t *testing.T, got, want []string) {
	t.Helper()
	g := append([]string(nil), got...)
	w := append([]string(nil), want...)
	sort.Strings(g)
	sort.Strings(w)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(g, "\n  "), strings.Join(w, "\n  "))
	}
}

func TestOpsInitialisers(t *testing.T) {
	b := newBuilder()
	file := strct("file")
	inode := strct("inode")
	module := strct("module")
	fops := strct("file_operations", "owner", ptr(module), "read", fnPtr(), "release", fnPtr(), "llseek", fnPtr())
	misc := strct("miscdevice", "minor", intT, "fops", ptr(fops))
	read := b.fn("my_read", []ir.Type{ptr(file), ptr(intT), ulT, ptr(intT)}, nil)
	rel := b.fn("my_release", []ir.Type{ptr(inode), ptr(file)}, nil)
	noLlseek := b.ext("no_llseek")
	this := &ir.Object{Name: "__this_module", Kind: ir.GlobalObj, CType: module, Extern: true}
	b.prog.Objects = append(b.prog.Objects, this)
	fo := b.global("my_fops", fops, b.cell(".owner", this), b.cell(".read", read), b.cell(".release", rel),
		b.cell(".llseek", noLlseek))
	b.global("my_misc", misc, b.cell(".minor", ir.IntConst(5)), b.cell(".fops", fo))
	initF := b.fn("my_init", nil, nil)
	exitF := b.fn("my_exit", nil, nil)
	initcall := ptr(&ir.FuncType{Result: intT})
	b.global("__whoop_module_init", initcall, b.cell("", initF))
	b.global("__whoop_module_exit", initcall, b.cell("", exitF))

	res := Analyse(b.prog)
	sameSet(t, describe(res.EntryPoints), []string{
		"my_read entry file_operations.read var=my_fops (shared user scalar fresh)",
		"my_release entry file_operations.release var=my_fops (shared shared)",
		"my_init init module_init. ()",
		"my_exit exit module_exit. ()",
	})
	if !res.Owned["my_fops"] {
		t.Errorf("owned: %v", res.Owned)
	}
	// Deterministic order: by registration position.
	for i := 1; i < len(res.EntryPoints); i++ {
		if posLess(res.EntryPoints[i].Pos, res.EntryPoints[i-1].Pos) {
			t.Errorf("entry points out of order at %d", i)
		}
	}
}

func TestNestedAndEmbedded(t *testing.T) {
	b := newBuilder()
	dev := strct("device")
	pdev := strct("platform_device")
	pm := strct("dev_pm_ops", "suspend", fnPtr(), "resume", fnPtr(), "runtime_idle", fnPtr())
	drv := strct("device_driver", "name", ptr(intT), "pm", ptr(pm))
	pdrv := strct("platform_driver", "probe", fnPtr(), "remove", fnPtr(), "driver", drv)
	probe := b.fn("p_probe", []ir.Type{ptr(pdev)}, nil)
	remove := b.fn("p_remove", []ir.Type{ptr(pdev)}, nil)
	susp := b.fn("p_suspend", []ir.Type{ptr(dev)}, nil)
	res := b.fn("p_resume", []ir.Type{ptr(dev)}, nil)
	pmo := b.global("p_pm", pm, b.cell(".suspend", susp), b.cell(".resume", res))
	b.global("p_driver", pdrv, b.cell(".probe", probe), b.cell(".remove", remove), b.cell(".driver.pm", pmo))
	// An unreferenced dev_pm_ops stays standalone.
	idle := b.fn("q_idle", []ir.Type{ptr(dev)}, nil)
	b.global("q_pm", pm, b.cell(".runtime_idle", idle))
	// An array of drivers: each element is its own variable.
	probe2 := b.fn("a_probe", []ir.Type{ptr(pdev)}, nil)
	b.global("drvs", &ir.Array{Elem: pdrv, Len: 2}, b.cell("[1].probe", probe2))

	got := describe(Analyse(b.prog).EntryPoints)
	sameSet(t, got, []string{
		"p_probe init platform_driver.probe var=p_driver (shared)",
		"p_remove exit platform_driver.remove var=p_driver (shared)",
		"p_suspend entry platform_driver.driver.pm.suspend var=p_driver (shared)",
		"p_resume entry platform_driver.driver.pm.resume var=p_driver (shared)",
		"q_idle entry dev_pm_ops.runtime_idle var=q_pm (shared)",
		"a_probe init platform_driver.probe var=drvs[1] (shared)",
	})
}

func TestUnknownAndLocalStructs(t *testing.T) {
	b := newBuilder()
	b.prog.Sources["t.c"] = "struct my_table { int (*op)(void); };\n"
	foo := strct("foo_ops", "frobnicate", fnPtr(), "foo_remove", fnPtr())
	mine := strct("my_table", "op", fnPtr())
	f1 := b.fn("frob", nil, nil)
	f2 := b.fn("gone", nil, nil)
	f3 := b.fn("internal", nil, nil)
	b.global("fops2", foo, b.cell(".frobnicate", f1), b.cell(".foo_remove", f2))
	b.global("table", mine, b.cell(".op", f3))
	res := Analyse(b.prog)
	sameSet(t, describe(res.EntryPoints), []string{
		"frob entry foo_ops.frobnicate var=fops2 guessed ()",
		"gone exit foo_ops.foo_remove var=fops2 guessed ()",
	})
	for _, ep := range res.EntryPoints {
		if !strings.Contains(ep.Note, "not in whoop's entry-point table") {
			t.Errorf("%s: note %q", ep.Func.Name, ep.Note)
		}
	}
}

func TestRunTimeRegistrations(t *testing.T) {
	b := newBuilder()
	timer := strct("timer_list", "entry", ulT, "function", fnPtr(ulT), "data", ulT)
	work := strct("work_struct", "data", ulT, "func", fnPtr())
	priv := strct("my_priv", "lock", intT, "work", work, "timer", timer)
	netops := strct("net_device_ops", "ndo_open", fnPtr())
	netdev := strct("net_device", "netdev_ops", ptr(netops))
	requestIRQ := b.ext("request_irq", intT, fnPtr(), ulT, ptr(intT), ptr(voidT))
	setupTimer := b.ext("setup_timer", ptr(timer), fnPtr(ulT), ulT)
	initWork := b.ext("__INIT_WORK", ptr(work), fnPtr())
	kfoo := b.ext("kernel_frobnicate", fnPtr())
	printk := b.ext("printk", ptr(intT))

	handler := b.fn("my_irq", []ir.Type{intT, ptr(voidT)}, nil)
	multi := b.fn("multi_irq", []ir.Type{intT, ptr(voidT)}, nil)
	tick := b.fn("my_tick", []ir.Type{ulT}, nil)
	wfn := b.fn("my_work", []ir.Type{ptr(work)}, nil)
	cbk := b.fn("my_callback", nil, nil)
	nopen := b.fn("my_open", []ir.Type{ptr(netdev)}, nil)
	ops := b.global("my_netdev_ops", netops, b.cell(".ndo_open", nopen))
	gtimer := b.global("g_timer", timer)

	// A helper that registers what its caller passes.
	helper := b.fn("setup_irq_helper", []ir.Type{fnPtr(intT, ptr(voidT))}, func(f *ir.Function, blk *ir.Block) {
		blk.Add(call(requestIRQ, 100, ir.IntConst(3), f.Params[0], ir.IntConst(0), ir.IntConst(0), ir.IntConst(0)))
	})
	b.fn("my_probe", []ir.Type{ptr(priv), ptr(netdev)}, func(f *ir.Function, blk *ir.Block) {
		p, nd := f.Params[0], f.Params[1]
		h := f.NewLocal("h", ir.Int, fnPtr(intT, ptr(voidT)), ir.Pos{})
		blk.Add(&ir.Assign{Dst: h, Src: handler})
		blk.Add(call(requestIRQ, 10, ir.IntConst(5), h, ir.IntConst(0), ir.IntConst(0), p))
		blk.Add(call(helper, 11, multi))
		blk.Add(call(requestIRQ, 12, ir.IntConst(6), multi, ir.IntConst(0), ir.IntConst(0), p))
		blk.Add(call(setupTimer, 13, gtimer, tick, ir.IntConst(0)))
		w := ir.Bin(ir.OpAdd, p, ir.IntConst(8))
		blk.Add(call(initWork, 14, w, wfn))
		blk.Add(call(initWork, 15, ir.Bin(ir.OpAdd, p, ir.IntConst(8)), wfn))
		blk.Add(call(kfoo, 16, cbk))
		blk.Add(call(printk, 17, cbk))
		// dev->netdev_ops = &my_netdev_ops: the ops object's entry points.
		blk.Add(&ir.Store{Val: ops, Access: ir.Access{Addr: nd, Size: 8, LValue: "dev->netdev_ops",
			Struct: netdev, Field: ".netdev_ops", Site: b.prog.NewSite(), P: ir.Pos{File: "t.c", Line: 18}}})
		// priv->timer.function = my_tick (a second registration of the same timer? no: another object).
		blk.Add(&ir.Store{Val: tick, Access: ir.Access{Addr: ir.Bin(ir.OpAdd, p, ir.IntConst(40)), Size: 8,
			LValue: "priv->timer.function", Struct: timer, Field: ".function", Site: b.prog.NewSite(),
			P: ir.Pos{File: "t.c", Line: 19}}})
		// A value loaded from memory: not resolvable.
		loaded := f.NewLocal("fp", ir.Int, nil, ir.Pos{})
		blk.Add(&ir.Load{Dst: loaded, Access: ir.Access{Addr: p, Size: 8, LValue: "priv->fp", Site: b.prog.NewSite()}})
		blk.Add(call(requestIRQ, 20, ir.IntConst(7), loaded, ir.IntConst(0), ir.IntConst(0), p))
		// The same value stored into a kernel struct's function pointer.
		blk.Add(&ir.Store{Val: loaded, Access: ir.Access{Addr: ir.Bin(ir.OpAdd, p, ir.IntConst(40)), Size: 8,
			LValue: "priv->timer.function", Struct: priv, Field: ".timer.function", Site: b.prog.NewSite(),
			P: ir.Pos{File: "t.c", Line: 21}}})
	})
	b.global("probe_ptr_unused", intT)

	res := Analyse(b.prog)
	sameSet(t, describe(res.EntryPoints), []string{
		"my_open entry net_device_ops.ndo_open var=my_netdev_ops (shared)",
		"my_irq irq request_irq.handler (scalar shared)",
		"multi_irq irq request_irq.handler (scalar shared)",
		// g_timer's and priv->timer's: one entry point, of no one variable.
		"my_tick timer timer_list.function (scalar)",
		"my_work work work_struct.func (shared)",
		"my_callback entry kernel_frobnicate.arg1 guessed ()",
	})
	facts := FactsOf(b.prog, res.EntryPoints)
	rep := map[string]bool{}
	for ep := range facts.Repeated {
		rep[ep.Func.Name+" "+ep.Var] = true
	}
	// multi_irq is registered at two call sites (lines 12 and 100):
	// several lines may run it at once; my_tick for two timers; my_work
	// twice for one object.
	if !reflect.DeepEqual(rep, map[string]bool{"multi_irq ": true, "my_tick ": true}) {
		t.Errorf("repeated: %v", rep)
	}
	if len(res.Warnings) != 2 || !strings.Contains(res.Warnings[0].Msg, "request_irq: cannot tell which function argument 2 is") ||
		res.Warnings[0].Pos.Line != 20 ||
		!strings.HasSuffix(res.Warnings[1].Msg, "cannot tell which function is stored into priv->timer.function; its entry point is missing") ||
		res.Warnings[1].Pos.Line != 21 {
		t.Errorf("warnings: %v", res.Warnings)
	}
	// Find records the warnings once, however often it runs.
	Find(b.prog)
	Find(b.prog)
	if len(b.prog.Warnings) != 2 {
		t.Errorf("program warnings: %v", b.prog.Warnings)
	}
	sites := SitesOf(b.prog, res.EntryPoints)
	for _, ep := range res.EntryPoints {
		if ep.Func.Name == "my_work" {
			if n := len(sites[ep]); n != 2 || sites[ep][0].Object != "struct my_priv.work" || sites[ep][0].API != "__INIT_WORK" {
				t.Errorf("my_work sites: %+v", sites[ep])
			}
		}
	}
}

func TestLoopMakesRepeated(t *testing.T) {
	b := newBuilder()
	requestIRQ := b.ext("request_irq", intT, fnPtr(), ulT, ptr(intT), ptr(voidT))
	h := b.fn("loop_irq", []ir.Type{intT, ptr(voidT)}, nil)
	f := ir.NewFunction("loop_probe", &ir.FuncType{Result: intT}, b.pos())
	entryB, body, done := f.NewBlock("entry"), f.NewBlock("body"), f.NewBlock("done")
	entryB.Term = &ir.Jump{Target: body}
	body.Add(call(requestIRQ, 30, ir.IntConst(1), h, ir.IntConst(0), ir.IntConst(0), ir.IntConst(0)))
	body.Term = &ir.If{Cond: ir.True, Then: body, Else: done}
	done.Term = &ir.Return{}
	b.prog.AddFunc(f)
	res := Analyse(b.prog)
	facts := FactsOf(b.prog, res.EntryPoints)
	if len(res.EntryPoints) != 1 || !facts.Repeated[res.EntryPoints[0]] {
		t.Errorf("entry points %v, repeated %v", describe(res.EntryPoints), facts.Repeated)
	}
}

func TestLLTXFact(t *testing.T) {
	b := newBuilder()
	if FactsOf(b.prog, nil).LLTX {
		t.Error("LLTX without mention")
	}
	b.prog.Sources["t.c"] = "dev->features |= NETIF_F_LLTX;"
	if !FactsOf(b.prog, nil).LLTX {
		t.Error("LLTX not seen")
	}
}

func TestStopOnRebootFact(t *testing.T) {
	b := newBuilder()
	if FactsOf(b.prog, nil).StopOnReboot {
		t.Error("StopOnReboot without mention")
	}
	for _, src := range []string{"watchdog_stop_on_reboot(&wdd);", "set_bit(WDOG_STOP_ON_REBOOT, &wdd->status);"} {
		b.prog.Sources["t.c"] = src
		if !FactsOf(b.prog, nil).StopOnReboot {
			t.Errorf("StopOnReboot not seen in %q", src)
		}
	}
}
