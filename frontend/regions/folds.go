package regions

// A node's offsets are grouped into equivalence classes by folds: a fold
// says that inside its extent [lo, hi) offsets x and x+stride are the same
// abstract cell (array elements are folded into one). Folds nest: inner
// folds live inside the canonical element window [base, base+stride) of
// their parent. Adding folds only ever coarsens the equivalence, so every
// result computed under an older fold set stays valid (monotonicity is what
// makes the fixpoint sound).

const (
	negInf = -(int64(1) << 60)
	posInf = int64(1) << 60
)

func isInf(x int64) bool { return x <= negInf || x >= posInf }

func shiftBound(x, d int64) int64 {
	if isInf(x) {
		return x
	}
	return x + d
}

// mod is the Euclidean remainder: 0 <= mod(a, m) < m for m > 0.
func mod(a, m int64) int64 {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// span is a half-open byte interval [lo, hi).
type span struct{ lo, hi int64 }

type fold struct {
	lo, hi int64 // extent; lo may be negInf and hi posInf
	base   int64 // start of the canonical element window; always finite
	stride int64
	inner  []*fold // folds inside [base, base+stride)
	typed  bool    // an array of a C type, rather than pointer arithmetic or a merge
	// member is the size of the smallest scalar member of a fold that
	// only merges pointers to scalar members of one struct (foldBetween),
	// 0 for every other fold. Such a fold is exact for accesses of at most
	// that size through those pointers, and for nothing else: arithmetic
	// from them, or a wider access, folds the struct as before (resolveStrides,
	// resolveMemberWalks).
	member int64
}

func (f *fold) bounded() bool { return !isInf(f.lo) && !isInf(f.hi) }

func (f *fold) shifted(d int64) *fold {
	g := &fold{lo: shiftBound(f.lo, d), hi: shiftBound(f.hi, d), base: f.base + d, stride: f.stride, typed: f.typed, member: f.member}
	for _, in := range f.inner {
		g.inner = append(g.inner, in.shifted(d))
	}
	return g
}

func (f *fold) clone() *fold { return f.shifted(0) }

// normIn maps offset x to its canonical representative under folds fs.
func normIn(fs []*fold, x int64) int64 {
	for {
		f := foldAt(fs, x)
		if f == nil {
			return x
		}
		x = f.base + mod(x-f.base, f.stride)
		fs = f.inner
	}
}

func foldAt(fs []*fold, x int64) *fold {
	lo, hi := 0, len(fs)
	for lo < hi {
		m := (lo + hi) / 2
		if fs[m].hi <= x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(fs) && fs[lo].lo <= x {
		return fs[lo]
	}
	return nil
}

// imageIn appends to out intervals covering {norm(x) : a <= x < b}.
func imageIn(fs []*fold, a, b int64, out []span) []span {
	if a >= b {
		return out
	}
	i := 0
	for i < len(fs) && fs[i].hi <= a {
		i++
	}
	pos := a
	for ; i < len(fs) && fs[i].lo < b; i++ {
		f := fs[i]
		if pos < f.lo {
			out = append(out, span{pos, f.lo})
			pos = f.lo
		}
		end := min(b, f.hi)
		n := end - pos
		w := f.base + f.stride
		if n >= f.stride {
			out = imageIn(f.inner, f.base, w, out)
		} else {
			s := f.base + mod(pos-f.base, f.stride)
			e := s + n
			if e <= w {
				out = imageIn(f.inner, s, e, out)
			} else {
				out = imageIn(f.inner, s, w, out)
				out = imageIn(f.inner, f.base, e-f.stride, out)
			}
		}
		pos = end
	}
	if pos < b {
		out = append(out, span{pos, b})
	}
	return out
}

// hullIn is the smallest interval containing the image of [a, b).
func hullIn(fs []*fold, a, b int64, scratch []span) (span, []span) {
	scratch = imageIn(fs, a, b, scratch[:0])
	h := scratch[0]
	for _, s := range scratch[1:] {
		h.lo = min(h.lo, s.lo)
		h.hi = max(h.hi, s.hi)
	}
	return h, scratch
}

// fitsIn reports whether g lies inside f's extent and within one element of
// f, so that g can be nested in f's window; d is the shift that moves g there.
func fitsIn(g, f *fold) (d int64, ok bool) {
	if !g.bounded() || g.lo < f.lo || g.hi > f.hi {
		return 0, false
	}
	n := g.hi - g.lo
	s := f.base + mod(g.lo-f.base, f.stride)
	if s+n > f.base+f.stride {
		return 0, false
	}
	return s - g.lo, true
}

// impliedIn reports whether folds fs already identify everything nf does.
// It may answer false for implied folds (the caller then does extra work).
func impliedIn(fs []*fold, nf *fold) bool {
	for _, f := range fs {
		if f.lo > nf.lo || f.hi < nf.hi {
			continue
		}
		if nf.stride%f.stride == 0 {
			for _, in := range nf.inner {
				if !impliedIn(fs, in) {
					return false
				}
			}
			return true
		}
		if d, ok := fitsIn(nf, f); ok {
			return impliedIn(f.inner, nf.shifted(d))
		}
	}
	return false
}

// addFold adds nf (which it may modify) to the fold set fs, keeping the set
// sorted, disjoint and properly nested, and returns the new set.
func addFold(fs []*fold, nf *fold) []*fold {
	if nf.hi < nf.base+nf.stride {
		nf.hi = nf.base + nf.stride
	}
	for {
		idx := -1
		for i, f := range fs {
			if f.lo < nf.hi && nf.lo < f.hi {
				idx = i
				break
			}
		}
		if idx < 0 {
			at := 0
			for at < len(fs) && fs[at].lo < nf.lo {
				at++
			}
			fs = append(fs, nil)
			copy(fs[at+1:], fs[at:])
			fs[at] = nf
			return fs
		}
		f := fs[idx]
		if d, ok := fitsIn(nf, f); ok {
			f.inner = addFold(f.inner, nf.shifted(d))
			return fs
		}
		fs = append(fs[:idx:idx], fs[idx+1:]...)
		if d, ok := fitsIn(f, nf); ok {
			nf.inner = addFold(nf.inner, f.shifted(d))
			continue
		}
		nf = mergeFolds(nf, f)
	}
}

// mergeFolds returns one fold coarser than both a and b: their hull with
// the gcd of their strides (and of any inner fold that no longer fits in
// one element), with every inner fold re-nested.
func mergeFolds(a, b *fold) *fold {
	m := &fold{lo: min(a.lo, b.lo), hi: max(a.hi, b.hi), stride: gcd(a.stride, b.stride),
		// Two arrays of one element size in phase are one longer array.
		typed: a.typed && b.typed && a.stride == b.stride && mod(a.base-b.base, a.stride) == 0}
	if a.member > 0 && b.member > 0 {
		// Two merges of member pointers are one (the gcd of their strides
		// divides every distance between those members).
		m.member = min(a.member, b.member)
	}
	m.base = a.base
	if !isInf(m.lo) {
		m.base = m.lo
	}
	cands := append(append([]*fold(nil), a.inner...), b.inner...)
	for changed := true; changed; {
		changed = false
		var next []*fold
		for _, g := range cands {
			switch {
			case fitsWindowOK(g, m.base, m.stride):
				next = append(next, g)
			case g.stride%m.stride == 0:
				m.typed = m.typed && g.typed && g.stride == m.stride
				// m identifies everything g did; g's own inner folds still
				// relate positions inside g's element, so keep them.
				next = append(next, g.inner...)
				changed = true
			default:
				m.stride = gcd(m.stride, g.stride)
				m.typed = false
				next = append(next, g)
				changed = true
			}
		}
		cands = next
	}
	if m.hi < m.base+m.stride {
		m.hi = m.base + m.stride
	}
	for _, g := range cands {
		d, _ := fitsWindow(g, m.base, m.stride)
		m.inner = addFold(m.inner, g.shifted(d))
	}
	return m
}

func fitsWindowOK(g *fold, base, stride int64) bool {
	_, ok := fitsWindow(g, base, stride)
	return ok
}

func fitsWindow(g *fold, base, stride int64) (int64, bool) {
	if !g.bounded() {
		return 0, false
	}
	n := g.hi - g.lo
	s := base + mod(g.lo-base, stride)
	if s+n > base+stride {
		return 0, false
	}
	return s - g.lo, true
}

// memberAround returns the fold of fs containing x, outermost first, that
// only merges pointers to scalar members (fold.member), or nil.
func memberAround(fs []*fold, x int64) *fold {
	for {
		f := foldAt(fs, x)
		if f == nil {
			return nil
		}
		if f.member > 0 {
			return f
		}
		x = f.base + mod(x-f.base, f.stride)
		fs = f.inner
	}
}

// untypedAround returns the outermost fold of fs containing x that does
// not come from a C array type (pointer arithmetic, merges), or nil.
func untypedAround(fs []*fold, x int64) *fold {
	for {
		f := foldAt(fs, x)
		if f == nil {
			return nil
		}
		if !f.typed {
			return f
		}
		x = f.base + mod(x-f.base, f.stride)
		fs = f.inner
	}
}
