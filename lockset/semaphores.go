package lockset

import (
	"fmt"
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// A counting semaphore excludes only when it starts at 1. Initialised to 0
// it signals (down waits for another thread's up: ipmi_ipmb's got_rsp), and
// to N it lets N holders in at once, so taking its down/up for a lock could
// hide a race between two holders. semaphoreInits is what the file says of
// each semaphore's initial count: every sema_init call and every static
// initialiser of a semaphore's count, by lock identity.
type semaphoreInits struct {
	counts map[string][]semInit // identity -> initialisations
	// opaque is an initialisation to a count other than 1 of a semaphore
	// whoop cannot identify: any semaphore may be that one.
	opaque *semInit
	// zero holds the semaphores of the file's own global objects that no
	// initialiser sets: static storage starts at count 0, and with no
	// sema_init either they only signal.
	zero map[string]semInit
	// unseenBinary: a semaphore with no initialisation in the file (a
	// struct field, an extern global) starts at 1 (the assumption
	// binary-semaphores).
	unseenBinary bool
	warned       map[string]bool
	// raised holds, per semaphore, an up() of it in a function that does
	// not follow a down of it (neither it nor every one of its callers
	// takes the semaphore): it raises the count, which then lets two
	// holders in (sema_init(&s, 1); up(&s) in init). opaqueRaise is such
	// an up() of a semaphore whoop cannot identify.
	raised      map[string]ir.Pos
	opaqueRaise *ir.Pos
	// raisedLocks: the lock checks keep a raised semaphore a lock, to
	// report the up() that raises it as an unlock of an unheld lock.
	raisedLocks bool
}

// semInit is one initialisation: the count (known false when it is not a
// constant) and where.
type semInit struct {
	count int64
	known bool
	pos   ir.Pos
}

func (s semInit) binary() bool { return s.known && s.count == 1 }

func (s semInit) String() string {
	if !s.known {
		return "a count that is not a constant"
	}
	return fmt.Sprintf("count %d", s.count)
}

// gatherSemaphoreInits reads prog's sema_init calls and the static
// initialisers of global semaphores' counts.
func gatherSemaphoreInits(prog *ir.Program, unseenBinary bool) *semaphoreInits {
	si := &semaphoreInits{counts: make(map[string][]semInit), zero: make(map[string]semInit),
		unseenBinary: unseenBinary, warned: make(map[string]bool)}
	uses := newSemaphoreUses()
	eachCall(prog, func(fn *ir.Function, c *ir.Call) {
		uses.add(fn, c)
		if c.Callee.Name != "sema_init" || len(c.Args) < 2 {
			return
		}
		in := semInit{pos: c.P}
		if k, ok := c.Args[1].(*ir.Const); ok {
			in.count, in.known = k.Val, true
		}
		if len(c.ArgTargets) > 0 && c.ArgTargets[0] != nil && c.ArgTargets[0].Exact && c.ArgTargets[0].Key != "" {
			key := spinlockKey(c.ArgTargets[0].Key)
			si.counts[key] = append(si.counts[key], in)
		} else if !in.binary() && si.opaque == nil {
			in := in
			si.opaque = &in
		}
	})
	// A global's static initialiser: DEFINE_SEMAPHORE, or
	// __SEMAPHORE_INITIALIZER in a struct; the cell is its ".count".
	for _, o := range prog.Objects {
		if o.Kind != ir.GlobalObj || o.Extern {
			continue
		}
		set := make(map[string]bool)
		for _, c := range o.Init {
			path, ok := strings.CutSuffix(c.Path, ".count")
			if !ok || !isSemaphoreCell(o.CType, path) {
				continue
			}
			in := semInit{pos: c.Pos}
			if k, ok := c.Value.(*ir.Const); ok {
				in.count, in.known = k.Val, true
			}
			key := "global " + o.Name + path
			si.counts[key] = append(si.counts[key], in)
			set[path] = true
		}
		for _, path := range semaphorePaths(o.CType, "", 0) {
			if !set[path] {
				si.zero["global "+o.Name+path] = semInit{known: true, pos: o.Pos}
			}
		}
	}
	for _, ins := range si.counts {
		sort.SliceStable(ins, func(i, j int) bool { return ir.ComparePos(ins[i].pos, ins[j].pos) < 0 })
	}
	si.raised, si.opaqueRaise = uses.raised()
	return si
}

// eachCall calls f for every call of prog with a known callee.
func eachCall(prog *ir.Program, f func(fn *ir.Function, c *ir.Call)) {
	for _, fn := range prog.Funcs {
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok && c.Callee != nil {
					f(fn, c)
				}
			}
		}
	}
}

// semaphoreUse is one up() of a semaphore.
type semaphoreUse struct {
	fn  *ir.Function
	pos ir.Pos
}

// semaphoreUses records, per semaphore key ("" for one whoop cannot
// identify), the functions that take it and the up() calls of it, and the
// callers of each driver function.
type semaphoreUses struct {
	downs   map[string]map[*ir.Function]bool
	ups     map[string][]semaphoreUse
	callers map[*ir.Function][]*ir.Function
}

func newSemaphoreUses() *semaphoreUses {
	return &semaphoreUses{downs: make(map[string]map[*ir.Function]bool), ups: make(map[string][]semaphoreUse),
		callers: make(map[*ir.Function][]*ir.Function)}
}

// add records call c of fn.
func (u *semaphoreUses) add(fn *ir.Function, c *ir.Call) {
	if !c.Callee.External() {
		u.callers[c.Callee] = append(u.callers[c.Callee], fn)
		return
	}
	api, ok := models.Lock(c.Callee.Name)
	if !ok || api.Class != "semaphore" {
		return
	}
	key := semaphoreKey(c, api)
	switch api.Op {
	case models.Acquire:
		if u.downs[key] == nil {
			u.downs[key] = make(map[*ir.Function]bool)
		}
		u.downs[key][fn] = true
	case models.Release:
		u.ups[key] = append(u.ups[key], semaphoreUse{fn, c.P})
	}
}

// raised finds the up() calls that raise a semaphore's count
// instead of releasing a down: an up in a function that neither takes the
// semaphore itself nor is called only from functions that do (down,
// down_interruptible, down_trylock, ... anywhere in them). This is a
// syntactic rule: an up on a path where the function's own down did not
// run is not seen (the assumption binary-semaphores covers it).
func (u *semaphoreUses) raised() (map[string]ir.Pos, *ir.Pos) {
	downs, ups, callers := u.downs, u.ups, u.callers
	// follows reports whether every way into fn goes through a function
	// taking the semaphore key: fn takes it, or fn has callers and each
	// one does so (cycles count as not).
	follows := func(key string, fn *ir.Function) bool {
		memo := make(map[*ir.Function]int) // 1 yes, 2 no, 3 in progress
		var walk func(*ir.Function) bool
		walk = func(g *ir.Function) bool {
			if downs[key][g] || downs[""][g] && key != "" {
				return true
			}
			switch memo[g] {
			case 1:
				return true
			case 2, 3:
				return false
			}
			memo[g] = 3
			ok := len(callers[g]) > 0
			for _, c := range callers[g] {
				if !walk(c) {
					ok = false
					break
				}
			}
			memo[g] = 2
			if ok {
				memo[g] = 1
			}
			return ok
		}
		return walk(fn)
	}
	raised := make(map[string]ir.Pos)
	var opaque *ir.Pos
	for _, key := range sortedKeys(ups) {
		for _, up := range ups[key] {
			if key == "" {
				// An up of a semaphore whoop cannot identify, where no
				// semaphore was taken, may raise any of them.
				taken := false
				for _, fs := range downs {
					taken = taken || fs[up.fn]
				}
				if !taken && !follows("", up.fn) && opaque == nil {
					p := up.pos
					opaque = &p
				}
				continue
			}
			if _, done := raised[key]; !done && !follows(key, up.fn) {
				raised[key] = up.pos
			}
		}
	}
	return raised, opaque
}

// isSemaphoreCell reports whether the member at path (".a.b", "" for the
// object itself) of a value of type t is a struct semaphore.
func isSemaphoreCell(t ir.Type, path string) bool {
	if path != "" {
		for _, name := range strings.Split(strings.TrimPrefix(path, "."), ".") {
			st, ok := t.(*ir.Struct)
			if !ok {
				return false
			}
			f := st.Field(name)
			if f == nil {
				return false
			}
			t = f.Type
		}
	}
	st, ok := t.(*ir.Struct)
	return ok && st.Tag == "semaphore"
}

// semaphorePaths lists the member paths ("" for t itself) of the struct
// semaphores in a value of type t, through nested structs, not arrays.
func semaphorePaths(t ir.Type, prefix string, depth int) []string {
	st, ok := t.(*ir.Struct)
	if !ok || depth > 8 {
		return nil
	}
	if st.Tag == "semaphore" {
		return []string{prefix}
	}
	var out []string
	for _, f := range st.Fields {
		if f.Name != "" {
			out = append(out, semaphorePaths(f.Type, prefix+"."+f.Name, depth+1)...)
		}
	}
	return out
}

// isLock reports whether the semaphore key is a lock (a binary semaphore),
// and when it is not, warns once, at pos, why its down and up order
// nothing.
func (si *semaphoreInits) isLock(f *facts, key string, pos ir.Pos) bool {
	why := si.notLock(key)
	if why != "" && !si.warned[key] {
		si.warned[key] = true
		f.warnf(pos, "semaphore %s is not a lock: %s; a semaphore excludes only from a count of 1, so its down and up protect nothing here", displayLock(key), why)
	}
	return why == ""
}

// notLock says why the semaphore key is not a lock, "" if it is one.
func (si *semaphoreInits) notLock(key string) string {
	ins := si.counts[key]
	for _, in := range ins {
		if !in.binary() {
			return fmt.Sprintf("it is initialised with %s at %s", in, in.pos)
		}
	}
	switch z, zero := si.zero[key]; {
	case zero && len(ins) == 0:
		return fmt.Sprintf("it is defined at %s without an initialiser, so it starts at count 0, and no sema_init sets it", z.pos)
	case si.opaque != nil:
		return fmt.Sprintf("a semaphore whoop cannot identify is initialised with %s at %s, and it may be this one", si.opaque, si.opaque.pos)
	case !si.unseenBinary:
		return "the assumption binary-semaphores is off"
	}
	if si.raisedLocks {
		return ""
	}
	if p, ok := si.raised[key]; ok {
		return fmt.Sprintf("an up() at %s raises its count: the function calling it takes no down of it, nor do all its callers", p)
	}
	if si.opaqueRaise != nil {
		return fmt.Sprintf("an up() of a semaphore whoop cannot identify at %s, where none was taken, may raise its count", *si.opaqueRaise)
	}
	return ""
}

// semaphoreKey is the identity of the semaphore semaphore call c takes or
// releases, "" when whoop cannot identify it (classifyCall's rule).
func semaphoreKey(c *ir.Call, api models.LockAPI) string {
	if api.Arg >= 0 && api.Arg < len(c.ArgTargets) {
		if t := c.ArgTargets[api.Arg]; t != nil && (t.Exact || t.Array) && t.Key != "" {
			return spinlockKey(t.Key)
		}
	}
	return ""
}

// SemaphoreNonLocks returns the calls of prog to semaphore functions (down,
// up, down_trylock, ...) whose semaphore the race check does not take for a
// lock (noBinary: Options.NoBinarySemaphores), so that the bounded
// explorer does not either: it lets no thread past such a down, whose
// count it does not model.
func SemaphoreNonLocks(prog *ir.Program, noBinary bool) map[*ir.Call]bool {
	si := gatherSemaphoreInits(prog, !noBinary)
	out := make(map[*ir.Call]bool)
	eachCall(prog, func(_ *ir.Function, c *ir.Call) {
		api, ok := models.Lock(c.Callee.Name)
		if !ok || api.Class != "semaphore" {
			return
		}
		if key := semaphoreKey(c, api); key != "" && si.notLock(key) != "" {
			out[c] = true
		}
	})
	return out
}
