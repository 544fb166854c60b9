package regions

import "github.com/whoopverify/whoop/ir"

// Kernel integers (A12, Options.NoKernelIntegers): an integer global the
// kernel defines (extern) and the driver only reads holds the kernel's
// integer, not a pointer into the driver's objects. x86's address
// translation reads three of them: __pa(buf) is buf - __START_KERNEL_map
// + phys_base, virt_to_page(buf) is (struct page *)vmemmap_base +
// (__pa(buf) >> PAGE_SHIFT), __va(phys) is phys + page_offset_base
// (arch/x86/include/asm/page_64.h, page_64_types.h,
// arch/x86/mm/physaddr.c). Their loads were links of the one "external
// long" cell, so the sum buf + phys_base looked like a pointer that may
// point into what any kernel unsigned long points to: the driver's
// buffer was merged with, and collapsed like, the vmemmap's struct page
// (i2c-ismt.c's dma_map_single of priv->buffer). Now what such a load
// gives points to nothing known: used as an address it is kernel memory
// of the type it is used as (orphans, the type rule), and adding it to a
// pointer leaves the pointer's own object. It can hide a race through a
// driver pointer the kernel keeps in an integer global and the driver
// reads back, or through an address the driver makes from one (__va of a
// buffer's physical address reaches kernel memory, not the buffer).

// kernelIntegers returns the extern integer globals whose every use in
// the program is as the address of a load.
func kernelIntegers(prog *ir.Program, opts Options) map[*ir.Object]bool {
	if opts.NoKernelIntegers {
		return nil
	}
	out := make(map[*ir.Object]bool)
	for _, o := range prog.Objects {
		if o.Extern && !o.Const && isIntegerType(o.CType) {
			out[o] = true
		}
	}
	if len(out) == 0 {
		return nil
	}
	other := func(e ir.Expr) {
		ir.WalkExpr(e, func(x ir.Expr) {
			if o, ok := x.(*ir.Object); ok {
				delete(out, o)
			}
		})
	}
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if l, ok := s.(*ir.Load); ok {
					if _, direct := l.Addr.(*ir.Object); direct {
						continue
					}
				}
				for _, e := range ir.StmtExprs(s) {
					other(e)
				}
			}
			for _, e := range ir.TermExprs(b.Term) {
				other(e)
			}
		}
	}
	for _, o := range prog.Objects {
		for _, in := range o.Init {
			other(in.Value)
		}
	}
	return out
}

func isIntegerType(t ir.Type) bool {
	if t == nil {
		return false
	}
	b, ok := ir.Unnamed(t).(*ir.Basic)
	return ok && b.Kind == ir.Integer
}

// kernelIntegerLoad reports whether l reads a kernel integer.
func (g *graph) kernelIntegerLoad(l *ir.Load) bool {
	o, ok := l.Addr.(*ir.Object)
	return ok && g.kernelInts[o]
}
