package regions

import "github.com/whoopverify/whoop/ir"

// Handing a fresh parameter back (part of A1): a read_proc stores into
// its fresh out-parameter a pointer into its fresh page (ds1286.c,
// efirtc.c: *start = page + off). The kernel passed the page per call and
// already holds the pointer (fs/proc/generic.c, __proc_file_read up to
// Linux 3.9: the page comes from __get_free_page for this read, is
// copied from *start to the user and freed), so the store hands the
// kernel nothing it did not have: the page stays as per-call as A1 makes
// it. Treated as an escape, it made the page kernel memory of its type
// ("external char") and every call's sprintf into it raced with every
// other's. The cell's link is also what the kernel put there before the
// call; unification merges that with the page, so the rule asks that the
// driver never reads the out-parameter's object (it then never follows a
// pointer of the kernel's there). Everything else escapes as before: a
// pointer to an allocation or to a stack local stored there, or any
// pointer stored in an object the driver also reads or lets escape.
// Exact given A1, and off with it (Options.NoFreshParams).

// handsBack reports whether the pointer p, stored in a cell of root n,
// only gives the kernel back one of its own per-call objects.
func (g *graph) handsBack(n *node, p ptr) bool {
	const perCall = oFreshParam
	if g.opts.NoFreshParams || n.r.flags&(storageOrigins|oKernel) != perCall {
		return false
	}
	if r, _ := p.resolve(); r.r.flags&(storageOrigins|oKernel) != perCall {
		return false
	}
	return !g.driverReads()[n]
}

// readCache holds driverReads' answer for one state of the graph (every
// merge counts in graph.changes, and moves roots).
type readCache struct {
	at    int
	roots map[*node]bool
}

// driverReads returns the roots of the memory the driver reads: loads,
// and touches that do not only write (copies out of it, helpers reading
// it).
func (g *graph) driverReads() map[*node]bool {
	if c := &g.readRoots; c.roots != nil && c.at == g.changes {
		return c.roots
	}
	out := make(map[*node]bool)
	for _, a := range g.accesses {
		switch s := a.stmt.(type) {
		case *ir.Store:
			continue
		case *ir.Touch:
			if s.Write {
				continue
			}
		}
		r, _ := a.p.resolve()
		out[r] = true
	}
	g.readRoots = readCache{at: g.changes, roots: out}
	return out
}
