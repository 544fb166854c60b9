package entry

import (
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// closedExports returns the export objects (EXPORT_SYMBOL, exportPrefix)
// whose symbol ir.Program.ClosedExports names (module-exports): the
// module's files are its only users, so it is neither an entry point
// other modules call at any time nor a way to the kernel: ad525x_dpot.c's
// ad_dpot_probe runs inside the probes of ad525x_dpot-i2c.c and -spi.c,
// and its ad_dpot_groups are their drivers' dev_groups.
func closedExports(prog *ir.Program) map[*ir.Object]bool {
	if len(prog.ClosedExports) == 0 {
		return nil
	}
	out := map[*ir.Object]bool{}
	for _, o := range prog.Objects {
		if strings.HasPrefix(o.Name, exportPrefix) && prog.ClosedExports[strings.TrimPrefix(o.Name, exportPrefix)] {
			out[o] = true
		}
	}
	return out
}

// UsedExports returns, sorted, the exported symbols of a program of
// several files (ir.Program.Files) that those files use themselves: a
// function another function calls or takes the address of, or whose
// address another object's initialiser holds; an object code or another
// initialiser names. The front end closes those no other file of the
// kernel tree names (ir.Program.ClosedExports).
func UsedExports(prog *ir.Program) []string {
	if len(prog.Files) < 2 {
		return nil
	}
	used := usedSymbols(prog)
	var out []string
	for _, o := range prog.Objects {
		if !strings.HasPrefix(o.Name, exportPrefix) {
			continue
		}
		for _, in := range o.Init {
			if sym := exportedSymbol(in.Value); sym != nil && used[sym] {
				out = append(out, strings.TrimPrefix(o.Name, exportPrefix))
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// usedSymbols returns the functions and objects the program's code and
// initialisers (but the export objects') name; a function's uses of
// itself do not count.
func usedSymbols(prog *ir.Program) map[any]bool {
	used := map[any]bool{}
	var self *ir.Function // the function whose code is read
	note := func(e ir.Expr) {
		ir.WalkExpr(e, func(x ir.Expr) {
			switch x := x.(type) {
			case *ir.Object:
				used[x] = true
			case *ir.Function:
				if x != self {
					used[x] = true
				}
			}
		})
	}
	for _, o := range prog.Objects {
		if strings.HasPrefix(o.Name, exportPrefix) {
			continue
		}
		for _, in := range o.Init {
			note(in.Value)
		}
	}
	for _, fn := range prog.Funcs {
		self = fn
		for _, b := range fn.Blocks {
			for _, st := range b.Stmts {
				if c, ok := st.(*ir.Call); ok && c.Callee != nil && c.Callee != fn {
					used[c.Callee] = true
				}
				for _, e := range ir.StmtExprs(st) {
					note(e)
				}
			}
			switch t := b.Term.(type) {
			case *ir.If:
				note(t.Cond)
			case *ir.Return:
				note(t.Val)
			}
		}
	}
	return used
}

// exportedSymbol returns the function or object an export object's cell
// holds the address of (through casts), or nil.
func exportedSymbol(e ir.Expr) any {
	var sym any
	ir.WalkExpr(e, func(x ir.Expr) {
		switch x := x.(type) {
		case *ir.Object:
			if sym == nil {
				sym = x
			}
		case *ir.Function:
			if sym == nil {
				sym = x
			}
		}
	})
	return sym
}
