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
const maxConcreteRuns = 256

// drive chooses what a solver's model would: the oracle's values, the
// initial memory, the arguments, and the schedule (the yields at which
// each thread switches).
type drive struct {
	// memMode says what the cells not set by the initial memory's static
	// contents start with.
	memMode memoryMode
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
	// cells holds the initial value of each cell read so far.
	cells map[oracleKey]*big.Int
	// learned holds, per read, the values it was compared with (the
	// cases of a switch), in the order met, at most maxDictionary.
	learned map[oracleKey][]*big.Int
	// alone holds the learned values tried only alone, never with the
	// rest of a run's lessons: a value that flips an ordering test
	// (received < budget) is as likely to leave the path as to enter it.
	alone map[oracleKey]map[string]bool

	// Aliasing: sources are the pointer-like values the drive chose (an
	// argument, an initial cell, an external function's result), and
	// touched the addresses of each thread's race checks, per region. A
	// race needs both threads at one cell; the drive's distinct values
	// send them to the same field of two objects whenever they reach it
	// through different pointers (a netdev_priv(dev) and a
	// container_of(work), a cell and an argument). aliasHints then
	// teaches the source of one thread's address the value that puts it
	// on the other's cell.
	sources []source
	// bySource finds the source of a value: the drive's distinct values
	// identify their reads as markers do (drive.origin).
	bySource map[string]oracleKey
	// byLearned finds the read given a learned value (drive.identify).
	byLearned map[string]oracleKey
	touched   [nThreads]map[*ir.Region][]*big.Int
	// hints are the values aliasHints taught, apart from the other
	// lessons: each is relative to this run's addresses, so it is tried
	// alone and only after this run (two at once would swap the
	// objects; one from an earlier run may move a pointer off the object
	// it shares now).
	hints map[oracleKey][]*big.Int

	// masks are the bit tests of markers in the expression being
	// evaluated (status & TxOK): a marker's bits are arbitrary, so the
	// comparison of a masked marker teaches the read the value that
	// changes the comparison's outcome (drive.compare).
	masks []maskedRead

	// derived holds the values the run computed from one identified read
	// by an invertible operation (changed = features ^ dev->features,
	// tx_left = cur_tx - dirty_tx), each with the inverse that gives the
	// read's value for a wanted result: a test of the result teaches the
	// read (drive.origin).
	derived map[string]derivation
}

// derivation is a value computed from the read key by an invertible
// operation: inv gives the read's value for a wanted result. marker says
// the read's value was a marker (equality tests learn only those).
type derivation struct {
	key    oracleKey
	marker bool
	inv    func(want *big.Int) *big.Int
}

// maxDerived bounds the derived values one run remembers.
const maxDerived = 1 << 12

func identity(want *big.Int) *big.Int { return new(big.Int).Set(want) }

// maskedRead is a marker v of the read key, masked: v & mask == value.
type maskedRead struct {
	key            oracleKey
	v, mask, value *big.Int
	inv            func(want *big.Int) *big.Int // v's derivation from the read
}

// source is a pointer-like value a drive chose and the key that sets it.
type source struct {
	key oracleKey
	v   *big.Int
}

// Pointer-like values: the drive's hashed addresses are at least
// 1<<minPointerBits, and an address derived from one (a field, a
// container_of, netdev_priv) lies within aliasWindow of it.
const (
	minPointerBits = 40
	aliasWindow    = 1 << 20
)

// maxDictionary bounds the values learned for one read.
const maxDictionary = 8

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
	return &drive{memMode: st.memory, oracleValue: st.oracleValue, switchAt: [nThreads]int{-1, -1, -1}}
}

// strategy is the part of a drive that is not the schedule.
type strategy struct {
	memory      memoryMode
	oracleValue int64 // what a read gives when it is not learning
}

// memoryMode is what the initial memory holds.
type memoryMode uint8

const (
	// memoryDistinct: each cell a distinct non-zero value derived from
	// its address, so pointers read from the same cell are equal (threads
	// reach the same objects) and null tests pass.
	memoryDistinct memoryMode = iota
	// memoryLearned: each cell a marker, learned like oracle values
	// (if (fs->ref_count == -1)).
	memoryLearned
	// memoryZero: every cell zero.
	memoryZero
)

// strategies are tried in order.
var strategies = []strategy{{memory: memoryDistinct}, {memory: memoryLearned}, {memory: memoryZero}}

func (d *drive) value(t int, k int64) *big.Int {
	return d.learnt(oracleKey{t: t, k: k}, big.NewInt(d.oracleValue))
}

// learnt is the value of key: an override, a marker when learning, else
// def.
func (d *drive) learnt(key oracleKey, def *big.Int) *big.Int {
	if v, ok := d.override[key]; ok {
		if d.learn {
			d.identify(key, v)
		}
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
		d.learned = make(map[oracleKey][]*big.Int)
	}
	vs := d.learned[key]
	if len(vs) >= maxDictionary {
		return
	}
	for _, x := range vs {
		if x.Cmp(v) == 0 {
			return
		}
	}
	d.learned[key] = append(vs, new(big.Int).Set(v))
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
	case !okx && !oky:
		if dx, ok := d.maskable(x); ok {
			d.teach(dx.key, dx.inv(y))
			return
		}
		if dy, ok := d.maskable(y); ok {
			d.teach(dy.key, dy.inv(x))
			return
		}
		d.compareMasked(x, y)
		d.compareMasked(y, x)
	}
}

// origin is the read v was given or computed from, with the inverse of
// that computation: a marker; one of the drive's pointer-like values (an
// ordering comparison of two distinct values the drive chose, a sector
// and a capacity, both cells, is learned too; equality tests of such
// values are not: null tests of every pointer would crowd out the rest);
// a value given as learned before (drive.identify); or a value derived
// from one of these (drive.derive).
func (d *drive) origin(v *big.Int) (derivation, bool) {
	if k, ok := d.marker(v); ok {
		return derivation{k, true, identity}, true
	}
	if !d.learn {
		return derivation{}, false
	}
	s := v.String()
	if k, ok := d.bySource[s]; ok {
		return derivation{k, false, identity}, true
	}
	if k, ok := d.byLearned[s]; ok && k != ambiguous {
		return derivation{k, false, identity}, true
	}
	dv, ok := d.derived[s]
	return dv, ok
}

// narrowed notes v, a conversion of x that changed it (int left = head -
// tail, of unsigned operands): when x was derived, so is v, and the value
// that gives w is w plus what the conversion dropped.
func (d *drive) narrowed(x, v *big.Int) {
	if !d.learn || len(d.derived) >= maxDerived {
		return
	}
	if ox, ok := d.derived[x.String()]; ok {
		dropped := new(big.Int).Sub(x, v)
		d.derived[v.String()] = derivation{ox.key, ox.marker, func(w *big.Int) *big.Int { return ox.inv(new(big.Int).Add(w, dropped)) }}
	}
}

// derive notes v = x op y where one operand comes from a read and op can
// be undone given the other operand: +, -, ^. A marker's computations
// are all remembered; those of the drive's other values (in the distinct
// memory every cell is one, and every field address is one plus an
// offset) only when both operands come from reads (cur_tx - dirty_tx)
// or the operation is ^ (features ^ dev->features).
func (d *drive) derive(op ir.Op, x, y, v *big.Int) {
	if !d.learn || len(d.derived) >= maxDerived {
		return
	}
	ox, okx := d.origin(x)
	oy, oky := d.origin(y)
	if !okx && !oky {
		return
	}
	b, other, left := ox, new(big.Int).Set(y), true
	if !okx || oky && oy.marker && !ox.marker {
		b, other, left = oy, new(big.Int).Set(x), false
	}
	if !b.marker && op != ir.OpXor && !(okx && oky) {
		return
	}
	var inv func(*big.Int) *big.Int
	switch {
	case op == ir.OpAdd:
		inv = func(w *big.Int) *big.Int { return b.inv(new(big.Int).Sub(w, other)) }
	case op == ir.OpXor:
		inv = func(w *big.Int) *big.Int { return b.inv(new(big.Int).Xor(w, other)) }
	case op == ir.OpSub && left:
		inv = func(w *big.Int) *big.Int { return b.inv(new(big.Int).Add(w, other)) }
	case op == ir.OpSub:
		inv = func(w *big.Int) *big.Int { return b.inv(new(big.Int).Sub(other, w)) }
	default:
		return
	}
	if d.derived == nil {
		d.derived = make(map[string]derivation)
	}
	d.derived[v.String()] = derivation{b.key, b.marker, inv}
}

// order notes x op y, an ordering comparison (pos >= fs->total_secs):
// a marker compared with another value learns the value next to it on
// the other side, so the comparison's outcome flips; compared with
// another marker, whose value may move by a few as the reads before it
// are learned, one well past it.
func (d *drive) order(op ir.Op, x, y *big.Int) {
	ox, okx := d.origin(x)
	oy, oky := d.origin(y)
	if !okx && !oky {
		return
	}
	if !okx {
		// y op' x with the operands swapped: the same test of y.
		ox, x, y, op = oy, y, x, swapped(op)
		oky = false
	}
	// The relation v must have to y for the outcome to flip: op itself
	// when it does not hold now, else its negation.
	c := x.Cmp(y)
	now := op == ir.OpLt && c < 0 || op == ir.OpLe && c <= 0 || op == ir.OpGt && c > 0 || op == ir.OpGe && c >= 0
	want := op
	if now {
		want = negated(op)
	}
	var delta int64
	switch want {
	case ir.OpLt:
		delta = -1
	case ir.OpGt:
		delta = 1
	}
	if oky {
		delta = 1 << 8
		if want == ir.OpLt || want == ir.OpLe {
			delta = -delta
		}
	}
	d.teachAlone(ox.key, ox.inv(new(big.Int).Add(y, big.NewInt(delta))))
}

// teachAlone teaches key v as a lesson tried alone (drive.alone).
func (d *drive) teachAlone(key oracleKey, v *big.Int) {
	d.teach(key, v)
	if d.alone == nil {
		d.alone = make(map[oracleKey]map[string]bool)
	}
	if d.alone[key] == nil {
		d.alone[key] = make(map[string]bool)
	}
	d.alone[key][v.String()] = true
}

// swapped is the ordering op with its operands swapped (x < y is y > x).
func swapped(op ir.Op) ir.Op {
	switch op {
	case ir.OpLt:
		return ir.OpGt
	case ir.OpLe:
		return ir.OpGe
	case ir.OpGt:
		return ir.OpLt
	}
	return ir.OpLe
}

// negated is the ordering that holds exactly when op does not.
func negated(op ir.Op) ir.Op {
	switch op {
	case ir.OpLt:
		return ir.OpGe
	case ir.OpLe:
		return ir.OpGt
	case ir.OpGt:
		return ir.OpLe
	}
	return ir.OpLt
}

// ambiguous marks a learned value that more than one read was given.
var ambiguous = oracleKey{t: -2}

// identify notes that the read key was given the learned value v, so an
// ordering comparison of v can learn it again (a length that passed len <
// TX_BUF_SIZE meets len < ETH_ZLEN next). Two reads given one value
// identify neither.
func (d *drive) identify(key oracleKey, v *big.Int) {
	if d.byLearned == nil {
		d.byLearned = make(map[string]oracleKey)
	}
	s := v.String()
	if k, ok := d.byLearned[s]; ok && k != key {
		d.byLearned[s] = ambiguous
		return
	}
	d.byLearned[s] = key
}

// mask notes x & y == v where one operand is a marker, or computed from
// one (derived), and the other not.
func (d *drive) mask(x, y, v *big.Int) {
	ox, okx := d.maskable(x)
	oy, oky := d.maskable(y)
	switch {
	case okx && !oky:
		d.masks = append(d.masks, maskedRead{ox.key, new(big.Int).Set(x), new(big.Int).Set(y), new(big.Int).Set(v), ox.inv})
	case oky && !okx:
		d.masks = append(d.masks, maskedRead{oy.key, new(big.Int).Set(y), new(big.Int).Set(x), new(big.Int).Set(v), oy.inv})
	}
}

// maskable is the marker v is, or was computed from (a value computed
// from a marker is tested like one).
func (d *drive) maskable(v *big.Int) (derivation, bool) {
	if k, ok := d.marker(v); ok {
		return derivation{k, true, identity}, true
	}
	dv, ok := d.derived[v.String()]
	return dv, ok && dv.marker
}

// compareMasked notes m == y where m is a masked marker: the read learns
// the value that flips the comparison: its masked bits toggled when they
// equal y now, else set to y's.
func (d *drive) compareMasked(m, y *big.Int) {
	for _, mr := range d.masks {
		if mr.value.Cmp(m) != 0 {
			continue
		}
		var v *big.Int
		if m.Cmp(y) == 0 {
			v = new(big.Int).Xor(mr.v, mr.mask)
		} else {
			v = new(big.Int).AndNot(mr.v, mr.mask)
			v.Or(v, new(big.Int).And(y, mr.mask))
		}
		d.teach(mr.key, mr.inv(v))
		return
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
		key := oracleKey{t: t, k: k}
		v, ok := d.override[key]
		if ok {
			v = new(big.Int).Set(v)
		} else {
			v = hashed(1<<47, 24, 4, []byte(f.Name))
		}
		d.source(key, v)
		return v
	}
	return d.value(t, k)
}

// source notes v, chosen for key, when it is pointer-like.
func (d *drive) source(key oracleKey, v *big.Int) {
	if v.BitLen() > minPointerBits {
		d.sources = append(d.sources, source{key, new(big.Int).Set(v)})
		if d.bySource == nil {
			d.bySource = make(map[string]oracleKey)
		}
		d.bySource[v.String()] = key
	}
}

// touch notes thread t's race check on reg at addr.
func (d *drive) touch(t int, reg *ir.Region, addr *big.Int) {
	if d.touched[t] == nil {
		d.touched[t] = make(map[*ir.Region][]*big.Int)
	}
	for _, a := range d.touched[t][reg] {
		if a.Cmp(addr) == 0 {
			return
		}
	}
	d.touched[t][reg] = append(d.touched[t][reg], new(big.Int).Set(addr))
}

// near returns the source addr was most likely derived from: the nearest
// within aliasWindow (the last of equals: the latest read).
func (d *drive) near(addr *big.Int) (source, bool) {
	var best source
	var dist *big.Int
	for _, s := range d.sources {
		x := new(big.Int).Sub(addr, s.v)
		x.Abs(x)
		if x.Cmp(big.NewInt(aliasWindow)) >= 0 {
			continue
		}
		if dist == nil || x.Cmp(dist) <= 0 {
			best, dist = s, x
		}
	}
	return best, dist != nil
}

// aliasHints counts the regions whose race checks the two threads reached
// at a common cell, and for each region they reached only at different
// cells, teaches the source of thread 2's address the value that moves
// it onto thread 1's, and the converse: one thread's pointer onto the
// other's object. The learning loop tries each alone (both at once would
// swap the objects) and keeps one only when the run gets further, which
// counts these regions; moving the thread whose path depends less on the
// object's contents is what gets further.
func (d *drive) aliasHints() (shared int) {
	var regs []*ir.Region
	for reg := range d.touched[1] {
		if len(d.touched[2][reg]) > 0 {
			regs = append(regs, reg)
		}
	}
	sort.Slice(regs, func(i, j int) bool { return regs[i].Name < regs[j].Name })
	for _, reg := range regs {
		a1s, a2s := d.touched[1][reg], d.touched[2][reg]
		if commonAddr(a1s, a2s) {
			shared++
			continue
		}
		a1, a2 := a1s[0], a2s[0]
		s1, ok1 := d.near(a1)
		s2, ok2 := d.near(a2)
		if ok1 && ok2 && s1.key == s2.key {
			continue // one pointer, two offsets: an index, not an object
		}
		if d.hints == nil {
			d.hints = make(map[oracleKey][]*big.Int)
		}
		if ok2 {
			d.hints[s2.key] = append(d.hints[s2.key], new(big.Int).Add(s2.v, new(big.Int).Sub(a1, a2)))
		}
		if ok1 {
			d.hints[s1.key] = append(d.hints[s1.key], new(big.Int).Add(s1.v, new(big.Int).Sub(a2, a1)))
		}
	}
	return shared
}

func commonAddr(xs, ys []*big.Int) bool {
	for _, x := range xs {
		for _, y := range ys {
			if x.Cmp(y) == 0 {
				return true
			}
		}
	}
	return false
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

// cellKey names a cell of the initial memory among a drive's values.
func cellKey(reg *ir.Region, addr *big.Int) oracleKey {
	return oracleKey{t: -1, cell: reg.Name + "@" + addr.String()}
}

// memory is the initial content of a cell the run reads before writing.
// The same on every read: a cell read twice before any write must not
// change in between (a fresh marker per read would look like the other
// thread's write to a race check).
func (d *drive) memory(reg *ir.Region, addr *big.Int) *big.Int {
	key := cellKey(reg, addr)
	if v, ok := d.cells[key]; ok {
		return new(big.Int).Set(v)
	}
	v := d.initialCell(reg, addr, key)
	if d.cells == nil {
		d.cells = make(map[oracleKey]*big.Int)
	}
	d.cells[key] = v
	d.source(key, v)
	return new(big.Int).Set(v)
}

func (d *drive) initialCell(reg *ir.Region, addr *big.Int, key oracleKey) *big.Int {
	if v, ok := d.override[key]; ok {
		if d.learn {
			d.identify(key, v)
		}
		return new(big.Int).Set(v) // a seed's, or learned
	}
	if d.memMode == memoryZero {
		return new(big.Int)
	}
	// Eight-aligned, positive, far from the frame and allocation areas.
	v := hashed(1<<46, 20, 3, []byte(reg.Name), addr.Bytes())
	if d.memMode == memoryLearned {
		return d.learnt(key, v)
	}
	return v
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
			out[i] = allocAddr(t, r.alloc[t]+fresh, false) // as replayer.start counts them
			fresh++
			continue
		}
		if v, ok := d.override[oracleKey{t: t, k: int64(-1 - i)}]; ok && isPointer(p.CType) {
			out[i] = new(big.Int).Set(v) // a seed's, or learned (aliasHints)
			d.source(oracleKey{t: t, k: int64(-1 - i)}, v)
			continue
		}
		if p.CType == nil || !isPointer(p.CType) {
			// Learnt like an oracle value (an ioctl's command is compared
			// with its cases); keyed by a negative ordinal.
			out[i] = d.value(t, int64(-1-i))
			continue
		}
		key := p.CType.String()
		v := hashed(1<<45+used[key]<<32, 24, 4, []byte(key))
		used[key]++
		if t == 2 {
			for _, p := range r.s.sh.distinct {
				if p[1] == i {
					v.Add(v, big.NewInt(1<<40)) // kept apart from thread 1's
				}
			}
		}
		out[i] = v
		d.source(oracleKey{t: t, k: int64(-1 - i)}, v)
	}
	return out, nil
}

// hashed is base plus a hash of parts: its top bits from drop on,
// aligned to 1<<align. Distinct parts give distinct (pointer-like) values.
func hashed(base int64, drop, align uint, parts ...[]byte) *big.Int {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write(p)
	}
	v := new(big.Int).SetUint64(h.Sum64() >> drop << align)
	return v.Add(v, big.NewInt(base))
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
			conds = append(conds, distinctObjects(s.sh.first.Func, d[0], s.args[1][d[0]], s.args[2][d[1]]))
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

// probeState is a probe run that got through and the values it ran with.
type probeState struct {
	d        *drive
	over     map[oracleKey]*big.Int
	progress int
	// late: thread 1 began a round late, so thread 2 ran first
	// (lateStart).
	late bool
}

// bestFor returns the index of the probe whose thread t reached the most
// race checks (the last of equals), or -1 when none reached one.
func bestFor(probes []probeState, t int) int {
	best, most := -1, 0
	for i, p := range probes {
		if p.late {
			continue
		}
		if n := p.d.checks(t); n > 0 && n >= most {
			best, most = i, n
		}
	}
	return best
}

// checks counts the yields with a race check that thread t passed.
func (d *drive) checks(t int) int {
	n := 0
	for _, k := range d.kinds[t] {
		if k == checkYield {
			n++
		}
	}
	return n
}

// throughRun is the progress of a run that got through (concreteRuns).
const throughRun = 1 << 50

// maxLearnRuns bounds the rounds of learning oracle values for one
// schedule.
const maxLearnRuns = 12

// concreteRuns runs s under directed schedules and returns the first run
// that reaches a failing race check. Probes without switches learn values
// that let the setup and both threads through (drive.learn) and find each
// thread's yields; one more probe mixes the values of the probe that
// reached the most checks in thread 1 with those of the best in thread 2.
// If no probe got through, one more probe starts thread 1 late
// (lateStart), and its schedules switch at thread 2's checks.
// Then, for each probe that got through and each access yield with a check
// in it, one run switches there and lets the other thread run to its end
// (the other thread runs first when the second thread checks). The runs
// start from the values of the last model that replayed to a race in this
// pair, then from each strategy of memory. Needs two rounds (csb >= 1).
func (p *pairJob) concreteRuns(s *seq) *confirmation {
	if s.sh.rounds < 2 {
		return nil
	}
	c := &concreteSearch{p: p, s: s, limit: maxConcreteRuns, aliased: make(map[oracleKey]bool)}
	// The seed first: the values of the last model of this pair that
	// replayed to a race.
	var starts []concreteStart
	if p.seed != nil {
		starts = append(starts, concreteStart{strategy{memory: memoryDistinct}, p.seed})
	}
	for _, st := range strategies {
		starts = append(starts, concreteStart{st, nil})
	}
	// Each start gets twice an equal share of the runs left (the last
	// all of them): learning on one memory must not spend the runs
	// another needs, and the earlier starts serve the most races.
	for i, sp := range starts {
		c.limit = c.runs + 2*(maxConcreteRuns-c.runs)/(len(starts)-i+1)
		if c.fromStart(sp); c.hit != nil || c.runs >= maxConcreteRuns {
			break
		}
	}
	if c.hit == nil {
		return c.doomed
	}
	hit := c.hit
	if tidy := p.tidy(s, c.hitStrategy, c.hitDrive, hit); tidy != nil {
		hit = tidy
	}
	p.out.Stats.Concrete++
	return &confirmation{site: hit.race.site, region: hit.race.region, steps: hit.steps, check: hit.race.check, writer: hit.race.writer, setupCut: hit.cutSetup}
}

// noSwitch is a schedule without switches: a probe.
var noSwitch = [nThreads]int{-1, -1, -1}

// lateStart is the probe in which thread 1 begins a round late (its
// first decision is its start yield), so that thread 2 runs first: the
// probe tried when no probe got through with thread 1 first (machzwd's
// zf_write|zf_close: the close's open fails while the write's file holds
// the device, but a close may run first and let the write's open in).
var lateStart = [nThreads]int{-1, 0, -1}

// concreteStart is a memory strategy and the oracle values to start from.
type concreteStart struct {
	st   strategy
	over map[oracleKey]*big.Int
}

// concreteSearch is the state of concreteRuns over its starts.
type concreteSearch struct {
	p           *pairJob
	s           *seq
	runs, limit int
	// aliased are the reads aliasHints taught in any run.
	aliased map[oracleKey]bool
	// through holds the probes that got through, each with the values it
	// ran with: every one may reach checks the others do not (learning
	// keeps the probe reaching the most checks in all, which may not be
	// the check a race needs).
	through     []probeState
	hit         *replayer
	doomed      *confirmation // a hopeless rejection (strict.go)
	hitDrive    *drive
	hitStrategy strategy
}

// fromStart probes from one start, mixes the best probes, then runs the
// schedules that switch at each race check of the probes that got through.
func (c *concreteSearch) fromStart(sp concreteStart) {
	st := sp.st
	c.through = c.through[:0]
	if c.learn(st, sp.over, noSwitch); c.hit != nil {
		return
	}
	if mixed := c.mixedProbe(); mixed != nil {
		if c.learn(st, mixed, noSwitch); c.hit != nil {
			return
		}
	}
	if len(c.through) == 0 && c.s.plans[1].startYield && !c.s.sh.awaitPub {
		if c.learn(st, sp.over, lateStart); c.hit != nil {
			return
		}
	}
	scheds := c.schedules()
	for _, sc := range scheds {
		if c.hit != nil || c.runs >= c.limit {
			break
		}
		c.run(st, sc.over, sc.sw)
	}
	for _, sc := range scheds {
		if c.hit != nil || c.runs >= c.limit {
			break
		}
		c.learn(st, sc.over, sc.sw)
	}
}

// run runs one schedule with the oracle values over; progress says how far
// it got: for a run that got through, the race checks it passed, above any
// run that failed, which count the setups they passed, then the statements
// they executed.
func (c *concreteSearch) run(st strategy, over map[oracleKey]*big.Int, switchAt [nThreads]int) (d *drive, progress int) {
	p := c.p
	c.runs++
	d = newDrive(st)
	d.learn, d.override, d.switchAt = true, over, switchAt
	rp, err := runDrive(c.s, d)
	if p.opts.Debug != nil {
		fmt.Fprintf(p.opts.Debug, "  concrete run %v, %d values learned: %v kinds %v %v\n", switchAt, len(over), err, d.kinds[1], d.kinds[2])
	}
	if err == nil && rp.race != nil {
		// A run the strict check rejects proves nothing (strict.go),
		// unless no run of the pair can pass it.
		why, hopeless := p.strict(rp)
		switch {
		case why == "":
			c.hit, c.hitDrive, c.hitStrategy = rp, d, st
		case hopeless && c.doomed == nil:
			c.doomed = &confirmation{site: rp.race.site, region: rp.race.region, rejected: why, hopeless: true}
		}
		if why != "" && p.opts.Debug != nil {
			fmt.Fprintf(p.opts.Debug, "  concrete run rejected: %s\n", why)
		}
	}
	if err != nil {
		return d, rp.setupsDone*maxReplaySteps + maxReplaySteps - rp.budget
	}
	progress = throughRun + d.aliasHints()<<20 + d.checks(1) + d.checks(2)
	for k := range d.hints {
		c.aliased[k] = true
	}
	if switchAt == noSwitch || switchAt == lateStart {
		c.through = append(c.through, probeState{d, over, progress, switchAt == lateStart})
	}
	return d, progress
}

// learn runs one schedule, then again with the values the run learned,
// keeping them only when the run gets further: all of them at once, else
// the first single value that helps (an equality test learned from "if
// (!ret || ret == 0xffff) fail" would make it fail sooner).
func (c *concreteSearch) learn(st strategy, over map[oracleKey]*big.Int, switchAt [nThreads]int) (*drive, map[oracleKey]*big.Int) {
	if c.runs >= c.limit {
		return nil, over
	}
	d, prog := c.run(st, over, switchAt)
	var batch []oracleKey
	for i := 0; i < maxLearnRuns && c.hit == nil; i++ {
		improved := false
		for _, cs := range lessonTries(d, over, batch) {
			if len(cs) == 0 || c.runs >= c.limit || c.hit != nil {
				break
			}
			next := withLessons(over, cs)
			d2, prog2 := c.run(st, next, switchAt)
			if c.hit != nil || prog2 > prog {
				d, prog, over, improved = d2, prog2, next, true
				if len(cs) > 1 {
					batch = batch[:0]
					for _, l := range cs {
						batch = append(batch, l.k)
					}
				}
				break
			}
		}
		if !improved {
			break
		}
	}
	return d, over
}

// lesson is one oracle value to set (v nil: to give up).
type lesson struct {
	k oracleKey
	v *big.Int
}

// withLessons returns over with the lessons applied.
func withLessons(over map[oracleKey]*big.Int, cs []lesson) map[oracleKey]*big.Int {
	next := make(map[oracleKey]*big.Int, len(over)+len(cs))
	for k, v := range over {
		next[k] = v
	}
	for _, c := range cs {
		if c.v == nil {
			delete(next, c.k)
		} else {
			next[c.k] = c.v
		}
	}
	return next
}

// lessonTries lists what learn tries after run d with values over: all new
// reads with their first value at once (but for the lessons tried only
// alone); then each value of each read alone. A read already learned may
// learn again: a value that passed one test (len < TX_BUF_SIZE) can fail
// the next (len < ETH_ZLEN). batch holds the lessons last taken all at
// once.
func lessonTries(d *drive, over map[oracleKey]*big.Int, batch []oracleKey) [][]lesson {
	var cands []oracleKey
	for k := range d.learned {
		cands = append(cands, k)
	}
	sortKeys(cands)
	var first, each []lesson
	for _, k := range cands {
		cur, set := over[k]
		for _, v := range d.learned[k] {
			if !set && !d.alone[k][v.String()] {
				first = append(first, lesson{k, v})
				break
			}
		}
		for _, v := range d.learned[k] {
			if !set || v.Cmp(cur) != 0 {
				each = append(each, lesson{k, v})
			}
		}
	}
	var hinted []oracleKey
	for k := range d.hints {
		hinted = append(hinted, k)
	}
	sortKeys(hinted)
	for _, k := range hinted {
		for _, v := range d.hints[k] {
			each = append(each, lesson{k, v})
		}
	}
	// The lessons last taken all at once may be given up one at a time:
	// one of them may have taken a thread off its path while the others
	// took the run further (netif_running() taught 0 by a branch on it,
	// next to the bit test the loop after it needs).
	for _, k := range batch {
		if _, ok := over[k]; ok {
			each = append(each, lesson{k, nil})
		}
	}
	var tries [][]lesson
	if len(first) > 0 {
		tries = append(tries, first)
	}
	if len(each) > len(first) || len(each) > 1 {
		for _, c := range each {
			tries = append(tries, []lesson{c})
		}
	}
	return tries
}

// mixedProbe returns the values for one more probe: those of the probe
// that reached the most checks in thread 1 (and the setup) and those of
// the one that reached the most in thread 2 (its own, and the cells the
// first did not learn): learning for one thread can take the other off
// the path its race needs. nil when one probe is best for both. The probe
// learns on (the two threads now on their paths may need to meet on one
// object: aliasHints).
func (c *concreteSearch) mixedProbe() map[oracleKey]*big.Int {
	best1, best2 := bestFor(c.through, 1), bestFor(c.through, 2)
	if best1 < 0 || best2 < 0 || best1 == best2 {
		return nil
	}
	mixed := make(map[oracleKey]*big.Int)
	moved := false // the first probe moved a pointer (aliasHints)
	for k, v := range c.through[best1].over {
		if k.t != 2 {
			mixed[k] = v
			moved = moved || c.aliased[k]
		}
	}
	for k, v := range c.through[best2].over {
		if moved && c.aliased[k] {
			continue // two moved pointers would swap the objects
		}
		if _, ok := mixed[k]; k.t == 2 || k.t == -1 && !ok {
			mixed[k] = v
		}
	}
	return mixed
}

// switchSchedule is a schedule that switches at one race check, with the
// values of the probe it came from.
type switchSchedule struct {
	over map[oracleKey]*big.Int
	sw   [nThreads]int
}

// schedules returns, for each probe that got through, a switch at each of
// its race checks. Each runs once with the probe's values before any
// learns with its own: learning on one schedule must not spend the runs
// the others need.
func (c *concreteSearch) schedules() []switchSchedule {
	var scheds []switchSchedule
	seen := map[string]bool{}
	// The probes that got furthest first (the latest of equals): a probe
	// that learning tried and dropped may have the same yields as a kept
	// one, but not its values.
	order := make([]int, len(c.through))
	for i := range order {
		order[i] = len(c.through) - 1 - i
	}
	sort.SliceStable(order, func(i, j int) bool { return c.through[order[i]].progress > c.through[order[j]].progress })
	for _, i := range order {
		probe, over := c.through[i].d, c.through[i].over
		sig := fmt.Sprint(c.through[i].late, probe.kinds)
		if seen[sig] {
			continue
		}
		seen[sig] = true
		if c.through[i].late {
			scheds = append(scheds, lateSchedules(probe, over)...)
			continue
		}
		scheds = append(scheds, c.probeSchedules(probe, over)...)
	}
	return scheds
}

// probeSchedules are one probe's schedules, the two threads' checks
// alternating: a race may need the switch in either thread, and the runs
// may end before the last of one thread's.
func (c *concreteSearch) probeSchedules(probe *drive, over map[oracleKey]*big.Int) []switchSchedule {
	// The second thread checks only after the first let it run: at its
	// start, or at its publication when the second awaits it.
	let := -1
	for n, k := range probe.kinds[1] {
		if k == startYield && !c.s.sh.awaitPub || k == publishYield && c.s.sh.awaitPub {
			let = n
			break
		}
	}
	var per [nThreads][]switchSchedule
	for t := 1; t <= 2; t++ {
		if t == 2 && let < 0 {
			break
		}
		for n, k := range probe.kinds[t] {
			if k != checkYield {
				continue
			}
			sw := noSwitch
			sw[t] = n
			if t == 2 {
				sw[1] = let
			}
			per[t] = append(per[t], switchSchedule{over, sw})
		}
	}
	var scheds []switchSchedule
	for n := 0; n < len(per[1]) || n < len(per[2]); n++ {
		for t := 1; t <= 2; t++ {
			if n < len(per[t]) {
				scheds = append(scheds, per[t][n])
			}
		}
	}
	return scheds
}

// lateSchedules are a late probe's schedules: thread 2, which ran first,
// switches at one of its race checks and thread 1 runs (thread 1 used its
// one switch to start late).
func lateSchedules(probe *drive, over map[oracleKey]*big.Int) []switchSchedule {
	var scheds []switchSchedule
	for n, k := range probe.kinds[2] {
		if k == checkYield {
			sw := lateStart
			sw[2] = n
			scheds = append(scheds, switchSchedule{over, sw})
		}
	}
	return scheds
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
	rp, err := runDrive(s, d2)
	if err != nil || rp.race == nil || rp.race.site != hit.race.site || strictCheck(p.prog, p.facts, p.sems, p.opts.NoPublication, rp.log) != "" {
		return nil
	}
	return rp
}

// runDrive runs s concretely with the drive's choices.
func runDrive(s *seq, d *drive) (*replayer, error) {
	rp := newReplayer(s, nil)
	rp.drive = d
	return rp, rp.run(nil)
}

// sortKeys orders keys by thread, ordinal and cell, so the runs tried do
// not depend on map order.
func sortKeys(keys []oracleKey) {
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.t != b.t {
			return a.t < b.t
		}
		if a.k != b.k {
			return a.k < b.k
		}
		return a.cell < b.cell
	})
}
