package regions

import (
	"sort"

	"github.com/whoopverify/whoop/ir"
)

// Fresh objects of the driver's own struct types (A14,
// Options.NoFreshLocalTypes). The type rule makes every struct S in
// kernel-visible memory the canonical S, because the kernel may hand the
// driver any S it holds as an S *. A struct type declared in the driver's
// own source (ir.Struct.Local) has no kernel code that names it: the
// kernel hands its objects back only where the driver receives an S * it
// did not make (a slot read as S *, a parameter, container_of from a
// kernel struct), and each of those gives a kernel-visible node that is
// not one of the driver's allocations. Until one such node exists, the
// driver's allocations of S stay their own objects however visible they
// are: cm109's irq_data and ctl_data, two usb_alloc_coherent buffers of
// struct cm109_ctl_packet that the driver reaches only through its own
// members, were one canonical object. Once one exists, every allocation
// of S joins the canonical S, as before; the decision only goes that way,
// so the fixpoint stays monotone. It can hide a race through kernel code
// that stores one such object's address where the driver reads another's
// (the kernel writing the driver's own members), or hands one back as an
// untyped pointer the driver uses without naming S.

// keepApart reports whether canonicalise leaves the struct object a of
// kernel-visible root n off its canonical node for now, recording it: n
// is one of the driver's allocations, or a placeholder (memory no object
// accounts for yet: a member's link that a later unification may join to
// an allocation). A root with other storage needs the canonical node:
// demand unifies the objects kept apart so far with it.
func (g *graph) keepApart(n *node, a typedFact) bool {
	if g.opts.NoFreshLocalTypes || g.opts.NoTypeAssumption || a.s == nil || !a.s.Local {
		return false
	}
	key := structKey(a.s)
	if g.demanded[key] {
		return false
	}
	// An earlier struct of the same canonicalise may have joined n to
	// another node: its flags are the root's.
	root, _ := find(n)
	if f := root.r.flags & storageOrigins; f == oFresh || f == 0 {
		g.apart[key] = append(g.apart[key], ptr{n, a.raw})
		return true
	}
	g.demand(key, a.s, a.t)
	return false
}

// demand makes the canonical node of a local struct type and joins the
// objects kept apart to it.
func (g *graph) demand(key string, s *ir.Struct, t ir.Type) {
	g.demanded[key] = true
	c := ptr{n: g.canonNode(s, t)}
	for _, p := range g.apart[key] {
		g.unify(p, c)
	}
	delete(g.apart, key)
}

// settleApart runs once the rest of the fixpoint is stable. A kept-apart
// placeholder still without storage is then memory the kernel provides,
// an S it may hand over, unless it is what a member of another kept-apart
// object points to (the link of a callback's dev->irq_data, which joins
// the probe's allocation once that dev is settled). It demands the first
// type, in name order, with an independent placeholder (or, when all are
// dependent, the first with any), and reports whether it demanded one.
func (g *graph) settleApart() bool {
	keys := make([]string, 0, len(g.apart))
	for k := range g.apart {
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return false
	}
	sort.Strings(keys)
	dependent := make(map[*node]bool)
	for _, k := range keys {
		for _, p := range g.apart[k] {
			r, _ := p.resolve()
			for _, c := range r.r.cells {
				if c.link != nil {
					l, _ := c.link.resolve()
					dependent[l] = true
				}
			}
		}
	}
	first := ""
	for _, k := range keys {
		for _, p := range g.apart[k] {
			r, _ := p.resolve()
			if r.r.flags&storageOrigins == oFresh {
				continue
			}
			if !dependent[r] {
				g.demandKey(k)
				return true
			}
			if first == "" {
				first = k
			}
		}
	}
	if first != "" {
		g.demandKey(first)
		return true
	}
	return false
}

// demandKey demands the type of the objects kept apart under key.
func (g *graph) demandKey(key string) {
	p := g.apart[key][0]
	r, off := p.resolve()
	for _, f := range r.r.facts {
		if s := isStruct(elemType(f.t)); s != nil && structKey(s) == key && r.norm(f.off) == r.norm(off) {
			g.demand(key, s, f.t)
			return
		}
	}
	for _, f := range r.r.facts {
		if s := isStruct(elemType(f.t)); s != nil && structKey(s) == key {
			g.demand(key, s, f.t)
			return
		}
	}
}
