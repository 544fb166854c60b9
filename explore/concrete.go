package explore

import (
	"fmt"
	"hash/fnv"
	"math/big"
	"sort"

	"github.com/whoopverify/whoop/ir"
)

// Before a pair's solver query the explorer runs the pair concretely under
// a few directed schedules (concreteRuns): the replayer itself executes
// the setup and the two threads, with every oracle value, every cell of
// the initial memory and every argument chosen by a drive instead of a
// model. Most races need nothing but the obvious schedule: one thread
// stops right after its access, the other runs through a write to the
// same cell, the first resumes. A run that reaches a failing race check is
// a replayed execution of the same semantics the solver's models are
// replayed in (the harness's assumptions on arguments are checked too,
// replayer.harness), so it confirms the race as a model would, for a
// fraction of the solver's time: on sonypi one query takes the solver
// 7–20 s. A run that fails an assumption, blocks on a held lock or reaches
// no failing check proves nothing; the solver query then decides, so what
// is not confirmed, and the bounds' meaning, stay exactly the solver's.

// maxConcreteRuns bounds the concrete runs tried before one solver query.
const maxConcreteRuns = 96

// drive chooses what a solver's model would: the oracle's values, the
// initial memory, the arguments, and the schedule (the yields at which
// each thread switches).
type drive struct {
	// zeroMemory: every cell not set by the initial memory's static
	// contents starts zero. Otherwise each starts with a distinct non-zero
	// value derived from its address, so pointers read from the same cell
	// are equal (threads reach the same objects) and null tests pass.
	zeroMemory bool
	// oracleValue is every external function's result, every havoc and
	// every helper's written bytes: 0 is success for most kernel APIs.
	oracleValue int64
	// switchAt[t] is the ordinal (from 0) of the yield of thread t at which
	// it switches; -1: never.
	switchAt [nThreads]int
	// seen counts each thread's yields; kinds records their kinds.
	seen  [nThreads]int
	kinds [nThreads][]yieldKind

	// Learning (input-to-state): oracle values not in override are
	// markers, distinct odd numbers whose low 16 bits identify the read
	// even after a narrowing conversion. A marker compared for equality
	// with another value, or tested as a branch condition itself, teaches
	// the drive that value (or 0) for that read: the next run gives it, so
	// a probe passes a hardware identification (id == SIO_SID_PC87365) or
	// an error test (if (rc) goto fail).
	learn    bool
	override map[oracleKey]*big.Int
	markers  map[uint64]oracleKey
	learned  map[oracleKey]*big.Int
}

// oracleKey is one oracle read (thread and ordinal; a negative ordinal
// is an argument), or a cell of the initial memory (t = -1).
type oracleKey struct {
	t    int
	k    int64
	cell string
}

const (
	markerTag   = 0x5a5a << 16
	firstMarker = 0x21
)

func newDrive(st strategy) *drive {
	return &drive{zeroMemory: st.zeroMemory, oracleValue: st.oracleValue, switchAt: [nThreads]int{-1, -1, -1}}
}

// strategy is the part of a drive that is not the schedule.
type strategy struct {
	zeroMemory  bool
	oracleValue int64 // what a read gives when it is not learning
}

// strategies are tried in order: memory non-zero (pointers valid, learned
// from oracle values and arguments), then zero (learned from memory too).
var strategies = []strategy{{zeroMemory: false}, {zeroMemory: true}}

func (d *drive) value(t int, k int64) *big.Int {
	return d.learnt(oracleKey{t: t, k: k}, big.NewInt(d.oracleValue))
}

// learnt is the value of key: an override, a marker when learning, else
// def.
func (d *drive) learnt(key oracleKey, def *big.Int) *big.Int {
	if v, ok := d.override[key]; ok {
		return new(big.Int).Set(v)
	}
	if !d.learn {
		return def
	}
	if d.markers == nil {
		d.markers = make(map[uint64]oracleKey)
	}
	id := uint64(firstMarker + 2*len(d.markers))
	if id > 0xffff {
		return def
	}
	d.markers[id] = key
	return new(big.Int).SetUint64(markerTag | id)
}

// marker returns the oracle read whose marker v is (or a narrowing of).
func (d *drive) marker(v *big.Int) (oracleKey, bool) {
	if !d.learn || v.Sign() < 0 || !v.IsUint64() {
		return oracleKey{}, false
	}
	u := v.Uint64()
	if u>>16 == markerTag>>16 {
		u &= 0xffff
	}
	if u < firstMarker || u > 0xffff {
		return oracleKey{}, false
	}
	key, ok := d.markers[u]
	return key, ok
}

func (d *drive) teach(key oracleKey, v *big.Int) {
	if d.learned == nil {
		d.learned = make(map[oracleKey]*big.Int)
	}
	if _, ok := d.learned[key]; !ok {
		d.learned[key] = new(big.Int).Set(v)
	}
}

// compare notes x == y or x != y evaluated in the run.
func (d *drive) compare(x, y *big.Int) {
	kx, okx := d.marker(x)
	ky, oky := d.marker(y)
	switch {
	case okx && !oky:
		d.teach(kx, y)
	case oky && !okx:
		d.teach(ky, x)
	}
}

// branch notes a branch on c itself (if (rc) goto fail).
func (d *drive) branch(c *big.Int) {
	if k, ok := d.marker(c); ok {
		d.teach(k, new(big.Int))
	}
}

// result is what an external function returns: a valid pointer where it
// returns one (an allocation, request_region), else the oracle value.
func (d *drive) result(t int, k int64, f *ir.Function) *big.Int {
	if f.Sig != nil && f.Sig.Result != nil && isPointer(f.Sig.Result) {
		h := fnv.New64a()
		h.Write([]byte(f.Name))
		v := new(big.Int).SetUint64(h.Sum64() >> 24 << 4)
		return v.Add(v, big.NewInt(1<<47))
	}
	return d.value(t, k)
}

func (d *drive) decide(t int, kind yieldKind) *big.Int {
	n := d.seen[t]
	d.seen[t]++
	d.kinds[t] = append(d.kinds[t], kind)
	if n == d.switchAt[t] {
		return big.NewInt(1)
	}
	return new(big.Int)
}

// memory is the initial content of a cell the run reads before writing.
func (d *drive) memory(reg *ir.Region, addr *big.Int) *big.Int {
	if d.zeroMemory {
		return d.learnt(oracleKey{t: -1, cell: reg.Name + "@" + addr.String()}, new(big.Int))
	}
	h := fnv.New64a()
	h.Write([]byte(reg.Name))
	h.Write(addr.Bytes())
	// Eight-aligned, positive, far from the frame and allocation areas.
	v := new(big.Int).SetUint64(h.Sum64() >> 20 << 3)
	return v.Add(v, big.NewInt(1<<46))
}

// args gives entry point ep of thread t its arguments: fresh objects where
// the harness allocates them, else one value per parameter type, the same
// in both threads (so both reach the same objects), distinct for two
// parameters of one entry point.
func (d *drive) args(r *replayer, t int, ep *ir.EntryPoint) ([]*big.Int, error) {
	out := make([]*big.Int, len(ep.Func.Params))
	fresh := int64(0)
	used := map[string]int64{}
	for i, p := range ep.Func.Params {
		if i < len(ep.Params) && ep.Params[i] == ir.ParamFresh {
			base := new(big.Int).Add(allocBase, new(big.Int).Mul(threadSpan, big.NewInt(int64(t))))
			out[i] = base.Add(base, big.NewInt((r.alloc[t]+fresh)*allocStride))
			fresh++
			continue
		}
		if p.CType == nil || !isPointer(p.CType) {
			// Learnt like an oracle value (an ioctl's command is compared
			// with its cases); keyed by a negative ordinal.
			out[i] = d.value(t, int64(-1-i))
			continue
		}
		key := p.CType.String()
		h := fnv.New64a()
		h.Write([]byte(key))
		v := new(big.Int).SetUint64(h.Sum64() >> 24 << 4)
		v.Add(v, big.NewInt(1<<45+used[key]<<32))
		used[key]++
		if t == 2 {
			for _, p := range r.s.sh.distinct {
				if p[1] == i {
					v.Add(v, big.NewInt(1<<40)) // kept apart from thread 1's
				}
			}
		}
		out[i] = v
	}
	return out, nil
}

func isPointer(t ir.Type) bool {
	_, ok := ir.Unnamed(t).(*ir.Pointer)
	return ok
}

// harness checks the harness's assumptions on the arguments of the two
// threads (seq.buildHarness, seq.enter): parameters the pair's facts keep
// distinct are distinct, and two parameters of one entry point to the same
// struct type do not overlap unless aliasing is allowed.
func (r *replayer) harness(a1, a2 []*big.Int) error {
	s := r.s
	var conds []ir.Expr
	for _, d := range s.sh.distinct {
		if d[0] < len(s.args[1]) && d[1] < len(s.args[2]) {
			conds = append(conds, ir.Bin(ir.OpNe, s.args[1][d[0]], s.args[2][d[1]]))
		}
	}
	if !s.sh.paramAliasing {
		conds = append(conds, disjointParams(s.sh.first.Func, s.args[1])...)
		conds = append(conds, disjointParams(s.sh.second.Func, s.args[2])...)
	}
	return r.assume(conds, [][]*ir.Var{s.args[1], s.args[2]}, [][]*big.Int{a1, a2})
}

// assume evaluates the harness's own conditions conds over its argument
// variables vars, bound to vals, and fails when one does not hold.
func (r *replayer) assume(conds []ir.Expr, vars [][]*ir.Var, vals [][]*big.Int) error {
	act := &activation{vars: make(map[*ir.Var]*big.Int)}
	for k, vs := range vars {
		for i, v := range vs {
			if i < len(vals[k]) {
				act.vars[v] = vals[k][i]
			}
		}
	}
	for _, c := range conds {
		v, err := r.eval(act, c)
		if err != nil {
			return err
		}
		if v.Sign() == 0 {
			return fmt.Errorf("the harness's assumption %s does not hold", ir.ExprString(c))
		}
	}
	return nil
}

// throughRun is the progress of a run that got through (concreteRuns).
const throughRun = 1 << 50

// maxLearnRuns bounds the rounds of learning oracle values for one
// schedule.
const maxLearnRuns = 12

// concreteRuns runs s under directed schedules and returns the first run
// that reaches a failing race check. A probe without switches learns
// oracle values that let the setup and both threads through (drive.learn)
// and finds each thread's yields; then, for each access yield with a
// check, one run switches there and lets the other thread run to its end
// (the other thread runs first when the second thread checks). Each
// strategy (memory non-zero or zero) is tried in turn. Needs two rounds
// (csb >= 1).
func (p *pairJob) concreteRuns(s *seq) *confirmation {
	if s.sh.rounds < 2 {
		return nil
	}
	runs := 0
	var hit *replayer
	var hitDrive *drive
	var hitStrategy strategy
	// run runs one schedule with the oracle values over; progress says
	// how far it got: for a run that got through, the race checks it
	// passed, above any run that failed, which count the setups they
	// passed, then the statements they executed.
	run := func(st strategy, over map[oracleKey]*big.Int, switchAt [nThreads]int) (d *drive, progress int) {
		runs++
		d = newDrive(st)
		d.learn, d.override, d.switchAt = true, over, switchAt
		rp := newReplayer(s, nil)
		rp.drive = d
		err := rp.run(nil)
		if p.opts.Debug != nil {
			fmt.Fprintf(p.opts.Debug, "  concrete run %v, %d values learned: %v kinds %v %v\n", switchAt, len(over), err, d.kinds[1], d.kinds[2])
		}
		if err == nil && rp.race != nil {
			hit, hitDrive, hitStrategy = rp, d, st
		}
		if err == nil {
			checks := 0
			for t := 1; t <= 2; t++ {
				for _, k := range d.kinds[t] {
					if k == checkYield {
						checks++
					}
				}
			}
			return d, throughRun + checks
		}
		return d, rp.setupsDone*maxReplaySteps + maxReplaySteps - rp.budget
	}
	better := func(a, b int) bool { return a > b }
	// learn runs one schedule, then again with the values the run
	// learned, keeping them only when the run gets further: all of them
	// at once, else the first alone that helps (an equality test learned
	// from "if (!ret || ret == 0xffff) fail" would make it fail sooner).
	learn := func(st strategy, over map[oracleKey]*big.Int, switchAt [nThreads]int) (*drive, map[oracleKey]*big.Int) {
		if runs >= maxConcreteRuns {
			return nil, over
		}
		d, prog := run(st, over, switchAt)
		for i := 0; i < maxLearnRuns && hit == nil; i++ {
			var cands []oracleKey
			for k := range d.learned {
				if _, ok := over[k]; !ok {
					cands = append(cands, k)
				}
			}
			sort.Slice(cands, func(i, j int) bool {
				a, b := cands[i], cands[j]
				if a.t != b.t {
					return a.t < b.t
				}
				if a.k != b.k {
					return a.k < b.k
				}
				return a.cell < b.cell
			})
			with := func(ks ...oracleKey) map[oracleKey]*big.Int {
				next := make(map[oracleKey]*big.Int, len(over)+len(ks))
				for k, v := range over {
					next[k] = v
				}
				for _, k := range ks {
					next[k] = d.learned[k]
				}
				return next
			}
			tries := [][]oracleKey{cands}
			if len(cands) > 1 {
				for _, k := range cands {
					tries = append(tries, []oracleKey{k})
				}
			}
			improved := false
			for _, ks := range tries {
				if len(ks) == 0 || runs >= maxConcreteRuns || hit != nil {
					break
				}
				next := with(ks...)
				d2, prog2 := run(st, next, switchAt)
				if hit != nil || better(prog2, prog) {
					d, prog, over, improved = d2, prog2, next, true
					break
				}
			}
			if !improved {
				break
			}
		}
		return d, over
	}
	none := [nThreads]int{-1, -1, -1}
	for _, st := range strategies {
		probe, over := learn(st, nil, none)
		if hit != nil {
			break
		}
		if probe == nil {
			return nil
		}
		// The second thread checks only after the first let it run: at
		// its start, or at its publication when the second awaits it.
		let := -1
		for n, k := range probe.kinds[1] {
			if k == startYield && !s.sh.awaitPub || k == publishYield && s.sh.awaitPub {
				let = n
				break
			}
		}
		for t := 1; t <= 2 && hit == nil; t++ {
			if t == 2 && let < 0 {
				break
			}
			for n, k := range probe.kinds[t] {
				if k != checkYield || hit != nil {
					continue
				}
				if runs >= maxConcreteRuns {
					return nil
				}
				sw := none
				sw[t] = n
				if t == 2 {
					sw[1] = let
				}
				learn(st, over, sw)
			}
		}
		if hit != nil {
			break
		}
	}
	if hit == nil {
		return nil
	}
	if tidy := p.tidy(s, hitStrategy, hitDrive, hit); tidy != nil {
		hit = tidy
	}
	p.out.Stats.Concrete++
	return &confirmation{site: hit.race.site, region: hit.race.region, steps: hit.steps, check: hit.race.check, writer: hit.race.writer}
}

// tidy runs the hit's schedule again with every marker value (numbers
// such as 1515847717 in the report) replaced by a small one, 1, 2, ...,
// in the order the reads happened, and returns that run if it reaches
// the same failing check; else nil (the hit stands as it is).
func (p *pairJob) tidy(s *seq, st strategy, d *drive, hit *replayer) *replayer {
	if len(d.markers) == 0 {
		return nil
	}
	over := make(map[oracleKey]*big.Int, len(d.override)+len(d.markers))
	for k, v := range d.override {
		over[k] = v
	}
	ids := make([]uint64, 0, len(d.markers))
	for id := range d.markers {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for n, id := range ids {
		over[d.markers[id]] = big.NewInt(int64(n + 1))
	}
	d2 := newDrive(st)
	d2.override, d2.switchAt = over, d.switchAt
	rp := newReplayer(s, nil)
	rp.drive = d2
	if err := rp.run(nil); err != nil || rp.race == nil || rp.race.site != hit.race.site {
		return nil
	}
	return rp
}
