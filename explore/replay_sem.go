package explore

import (
	"fmt"
	"math/big"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
)

// The replay's side of C's integers and of the atomic operations (cint.go,
// atomics.go): the same semantics as the encoding, on values.

// loadAs reads the cell at addr of reg as a value of type typ. A cell no
// one wrote yet holds the initial memory's value; one that does not fit
// the type (a drive's choice) is taken as the value the type reads there,
// which becomes the cell's initial content, so later reads agree.
func (r *replayer) loadAs(reg *ir.Region, addr *big.Int, typ ir.Type) *big.Int {
	v := r.read(reg, addr)
	f := fitTo(v, typ)
	if f.Cmp(v) == 0 {
		return v
	}
	if m := r.mem[reg]; m == nil || m[addrKey(addr)] == nil {
		r.write(reg, addr, f)
	}
	return f
}

// atomicSite returns the atomic call st belongs to in fn, or nil.
func (r *replayer) atomicSite(fn *ir.Function, st ir.Stmt) *atomicSite {
	if r.atomics == nil {
		r.atomics = make(map[*ir.Function]map[ir.Stmt]*atomicSite)
	}
	m, ok := r.atomics[fn]
	if !ok {
		m = atomicSites(fn)
		r.atomics[fn] = m
	}
	return m[st]
}

// cellType is the integer type of an atomic operation's cell.
func cellType(site *atomicSite) ir.Type {
	return &ir.Basic{Kind: ir.Integer, Name: "atomic cell", Bytes: site.bytes(), Signed: site.signed()}
}

// atomicEffect runs the operation of site on the cell at addr of reg (the
// word of the bit): the value it leaves there and what the call returns.
func (r *replayer) atomicEffect(th *thread, a *activation, site *atomicSite, reg *ir.Region, addr *big.Int) (word, next *big.Int, err error) {
	args := make([]*big.Int, len(site.call.Args))
	for i, e := range site.call.Args {
		if args[i], err = r.eval(a, e); err != nil {
			return nil, nil, err
		}
	}
	word = site.wordValue(addr, args)
	old := r.loadAs(reg, word, cellType(site))
	next, ret, ok := site.atomicValues(old, args)
	if !ok {
		return nil, nil, fmt.Errorf("%s: %s without its operands", site.call.P, site.call.Callee.Name)
	}
	if site.writes() {
		r.write(reg, word, next)
	}
	r.log.note(word, old, next)
	if ret != nil {
		th.atomicRet[site.call] = ret
	}
	return word, next, nil
}

// atomicTouch mirrors the clone of the Touch where site's operation takes
// effect: the read-modify-write, the access's step, its yield.
func (r *replayer) atomicTouch(th *thread, a *activation, st *ir.Touch, site *atomicSite, addr *big.Int, yp yieldPoint, isYield bool) (bool, error) {
	word, next, err := r.atomicEffect(th, a, site, st.Region, addr)
	if err != nil {
		return false, err
	}
	kind := "read"
	if site.writes() {
		kind = "write"
	}
	s := r.access(th, a, &st.Access, kind, next)
	if site.writes() {
		r.noteWriter(st.Region, st.Mode, word, s, a.quiet)
	}
	if isYield {
		return r.yield(th, accessYield, yp, st.Region, word, next, s)
	}
	return false, nil
}

// atomicCall mirrors cloner.atomicCall: it reports false for a call that
// is no atomic operation.
func (r *replayer) atomicCall(th *thread, a *activation, call *ir.Call, f *ir.Function, args []*big.Int, dst *ir.Var, pos ir.Pos) (bool, error) {
	if call == nil {
		return false, nil
	}
	site := r.atomicSite(a.fn, call)
	if site == nil {
		return false, nil
	}
	if site.at == call {
		addr := args[site.api.Cell]
		if addr.Cmp(big.NewInt(nullPage)) < 0 {
			r.record(th, a.fn, pos, "oops", f.Name, nil)
			return true, errStop
		}
		reg := site.region()
		word, next, err := r.atomicEffect(th, a, site, reg, addr)
		if err != nil {
			return true, err
		}
		if site.writes() {
			mode := site.api.Mode()
			s := r.record(th, a.fn, pos, "write", f.Name+"("+ir.ExprString(call.Args[site.api.Cell])+")", next)
			r.noteWriter(reg, mode, word, s, a.quiet)
		}
	}
	if dst == nil {
		return true, nil
	}
	rv, ok := th.atomicRet[call]
	delete(th.atomicRet, call)
	if !ok {
		v, err := r.result(th.id, f)
		if err != nil {
			return true, err
		}
		a.vars[dst] = fitResult(v, f, dst.CType)
		return true, nil
	}
	if site.api.SizeArg >= 0 {
		rv = fitTo(rv, dst.CType)
	}
	a.vars[dst] = rv
	return true, nil
}

// inZeroed reports whether addr lies in an object a zeroing allocator
// returned (each allocation has allocStride bytes of its own).
func (r *replayer) inZeroed(addr *big.Int) bool {
	for _, z := range r.zeroed {
		d := new(big.Int).Sub(addr, z)
		if d.Sign() >= 0 && d.Cmp(big.NewInt(allocStride)) < 0 {
			return true
		}
	}
	return false
}

// zeroReplay replays a model with a zeroing allocation's memory reading 0
// until written (the encoding knows it too now: zeroedLoad; this covers
// what it does not, a cell a wild write reached before the allocation). It
// returns the replay when it reaches a failing race check and the strict
// check accepts it; else nil, and the model is replayed as it is.
func (p *pairJob) zeroReplay(s *seq, t *vc.Trace, mem func(*ir.Region, *big.Int) (*big.Int, bool)) *replayer {
	rp := newReplayer(s, mem)
	rp.seen = make(map[oracleKey]*big.Int)
	rp.zeroAllocs = true
	if err := rp.run(t.Values); err != nil || rp.race == nil {
		return nil
	}
	if strictCheck(p.prog, p.facts, p.sems, p.opts.NoPublication, rp.log) != "" {
		return nil
	}
	return rp
}

// strict runs the strict check on rp's trace: why it is rejected ("" if
// not), and whether no trace of the pair can be accepted.
func (p *pairJob) strict(rp *replayer) (string, bool) {
	return strictVerdict(p.prog, p.facts, p.sems, p.opts.NoPublication, rp.log)
}
