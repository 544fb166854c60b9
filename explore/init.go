package explore

import (
	"sort"

	"github.com/whoopverify/whoop/ir"
)

// maxZeroCells bounds the cells of one object (per access size) that the
// explorer sets to zero before the module loads; the cells of a larger
// object beyond it start arbitrary, as the lockset check assumes for all
// memory. Documented in doc.go.
const maxZeroCells = 512

// cell is one scalar of a global object's initial contents.
type cell struct {
	addr    ir.Expr
	size    int64
	val     ir.Expr
	regions []*ir.Region
}

// initialCells returns the initial contents of prog's global and string
// objects: every cell an access of the program can read is zero (static
// storage), then the static initialiser's values and string bytes. Each
// cell is stored in every region holding the object: a region only reads
// the cells it holds, so the others are never looked at.
func initialCells(prog *ir.Program) []cell {
	holders := make(map[*ir.Object][]*ir.Region)
	for _, r := range prog.Regions {
		for _, o := range r.Objects {
			if o.Kind != ir.LocalObj {
				holders[o] = append(holders[o], r)
			}
		}
	}
	stringHolders(prog, holders)
	// Offsets read at a constant place in an object, and the access sizes
	// used anywhere in each region.
	type key struct {
		o   *ir.Object
		off int64
	}
	exact := make(map[key]int64)
	sizes := make(map[*ir.Region]map[int64]bool)
	prog.Accesses(func(_ *ir.Function, _ ir.Stmt, a *ir.Access) {
		if a.Region == nil {
			return
		}
		size := a.Size
		if size <= 0 {
			// A helper's access of unknown length (a bit operation on
			// the words of a bitmap, a memset): its words are zero too.
			size = 8
		}
		if o, off, ok := constAddr(a.Addr); ok && a.Size > 0 {
			exact[key{o, off}] = size
			return
		}
		if sizes[a.Region] == nil {
			sizes[a.Region] = make(map[int64]bool)
		}
		sizes[a.Region][size] = true
	})
	var out []cell
	add := func(o *ir.Object, off, size int64, val ir.Expr) {
		out = append(out, cell{addr: at(o, off), size: size, val: val, regions: holders[o]})
	}
	for _, o := range prog.Objects {
		if o.Kind == ir.LocalObj || o.Extern || len(holders[o]) == 0 {
			continue
		}
		zero := make(map[int64]int64)
		for k, size := range exact {
			if k.o == o {
				zero[k.off] = size
			}
		}
		for _, r := range holders[o] {
			szs := make([]int64, 0, len(sizes[r]))
			for size := range sizes[r] {
				szs = append(szs, size)
			}
			sort.Slice(szs, func(i, j int) bool { return szs[i] < szs[j] })
			for _, size := range szs {
				if o.Bytes <= 0 {
					continue
				}
				for off := int64(0); off+size <= o.Bytes && off/size < maxZeroCells; off += size {
					if _, ok := zero[off]; !ok {
						zero[off] = size
					}
				}
			}
		}
		offs := make([]int64, 0, len(zero))
		for off := range zero {
			offs = append(offs, off)
		}
		sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
		for _, off := range offs {
			add(o, off, zero[off], ir.IntConst(0))
		}
		for _, in := range o.Init {
			size := int64(8)
			if in.Type != nil && in.Type.Size() > 0 {
				size = in.Type.Size()
			}
			add(o, in.Offset, size, in.Value)
		}
		for i := 0; i < len(o.Data) && i < maxZeroCells; i++ {
			add(o, int64(i), 1, ir.IntConst(int64(o.Data[i])))
		}
	}
	return out
}

func at(o *ir.Object, off int64) ir.Expr {
	if off == 0 {
		return o
	}
	return ir.Bin(ir.OpAdd, o, ir.IntConst(off))
}

// constAddr matches the address o or o + c.
func constAddr(e ir.Expr) (*ir.Object, int64, bool) {
	switch e := e.(type) {
	case *ir.Object:
		if e.Kind != ir.LocalObj {
			return e, 0, true
		}
	case *ir.Binary:
		if e.Op != ir.OpAdd {
			break
		}
		if o, ok := e.X.(*ir.Object); ok && o.Kind != ir.LocalObj {
			if c, ok := e.Y.(*ir.Const); ok {
				return o, c.Val, true
			}
		}
	}
	return nil, 0, false
}
