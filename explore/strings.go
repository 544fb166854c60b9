package explore

import "github.com/whoopverify/whoop/ir"

// stringHolders adds to holders the string literals the program's own
// code may read, in the regions the region pass names "string" but that
// list no objects: without their bytes in the initial memory a thread
// read garbage from a literal (dtlk_write_bytes("\030\001?", 3) read
// -14 where C has 24), and the strict check rejected the trace. A
// literal only handed to kernel functions (a printk format) is left out:
// nothing of the driver reads it, and its bytes would cost every query.
func stringHolders(prog *ir.Program, holders map[*ir.Object][]*ir.Region) {
	var strs []*ir.Region
	for _, r := range prog.Regions {
		if r.Name == "string" && len(r.Objects) == 0 {
			strs = append(strs, r)
		}
	}
	if len(strs) == 0 {
		return
	}
	read := make(map[*ir.Object]bool)
	var note func(e ir.Expr)
	note = func(e ir.Expr) {
		switch e := e.(type) {
		case *ir.Object:
			if e.Kind == ir.StringObj {
				read[e] = true
			}
		case *ir.Unary:
			note(e.X)
		case *ir.Binary:
			note(e.X)
			note(e.Y)
		case *ir.Ite:
			note(e.Cond)
			note(e.Then)
			note(e.Else)
		}
	}
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				switch st := st.(type) {
				case *ir.Assign:
					note(st.Src)
				case *ir.Store:
					note(st.Val)
				case *ir.Load:
					note(st.Addr)
				case *ir.Call:
					if st.Callee == nil || !st.Callee.External() {
						for _, a := range st.Args {
							note(a)
						}
					}
				}
			}
		}
	}
	for _, o := range prog.Objects {
		if read[o] && len(holders[o]) == 0 {
			holders[o] = strs
		}
	}
}

// distinctObjects is the harness's condition on parameter i of f (a in
// thread 1) and the parameter of the other thread (b) the pair keeps
// apart (lockset's DistinctParams: a file being released is not the file
// being read): two objects, so disjoint when their struct's size is
// known, not just different addresses four bytes apart (the strict
// check rejected those traces).
func distinctObjects(f *ir.Function, i int, a, b ir.Expr) ir.Expr {
	if i < len(f.Params) {
		if st := ir.PointeeStruct(f.Params[i].CType); st != nil && st.Size() > 0 {
			size := ir.IntConst(st.Size())
			return ir.Or(ir.Bin(ir.OpLe, ir.Bin(ir.OpAdd, a, size), b), ir.Bin(ir.OpLe, ir.Bin(ir.OpAdd, b, size), a))
		}
	}
	return ir.Bin(ir.OpNe, a, b)
}
