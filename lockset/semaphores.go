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
	for _, fn := range prog.Funcs {
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				c, ok := s.(*ir.Call)
				if !ok || c.Callee == nil || c.Callee.Name != "sema_init" || len(c.Args) < 2 {
					continue
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
			}
		}
	}
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
	return si
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
	case len(ins) == 0 && !si.unseenBinary:
		return "no initialisation of it is in the file and the assumption binary-semaphores is off"
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
	for _, fn := range prog.Funcs {
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				c, ok := s.(*ir.Call)
				if !ok || c.Callee == nil {
					continue
				}
				api, ok := models.Lock(c.Callee.Name)
				if !ok || api.Class != "semaphore" || api.Arg >= len(c.ArgTargets) {
					continue
				}
				if t := c.ArgTargets[api.Arg]; t != nil && (t.Exact || t.Array) && t.Key != "" && si.notLock(spinlockKey(t.Key)) != "" {
					out[c] = true
				}
			}
		}
	}
	return out
}
