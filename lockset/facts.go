package lockset

import (
	"fmt"
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// lockInfo is one lock identity: a global lock by declaration, a lock field
// by struct type and field path, a kernel lock (rtnl), or a publication
// pseudo-lock.
type lockInfo struct {
	id    string
	class string
	rw    bool // can be held in read mode: its write mode needs its own ghost
	// instance: the identity is a class of lock objects (a lock field of a
	// struct type), and the check compares the addresses of the instances
	// held (Options.LockInstancesDistinct) instead of taking any two for
	// the same lock.
	instance bool
	// perCall: the lock lives in a frame (a non-static local, or a member
	// of one): every call has its own, so it never protects an access of
	// one entry point against another's, nor against a second call of the
	// same one (DEFINE_MUTEX without static in a function). It still
	// counts for the lock checks.
	perCall bool
}

// protects reports whether holding l can order two entry points' accesses:
// not a lock every call has its own.
func (l *lockInfo) protects() bool { return !l.perCall }

// pseudo reports whether l is ghost state of whoop's own, no lock the
// driver takes: a publication pseudo-lock or a withdrawal tracker. The lock
// checks leave them alone.
func (l *lockInfo) pseudo() bool {
	return l.class == "publication" || l.class == trackerClass || l.class == singleOpenClass
}

// lockOp is the lockset effect of one call site.
type lockOp struct {
	api  models.LockAPI
	lock int // index into facts.locks; -1 when the lock could not be identified
}

// regOp is a publication effect of one call site: after it, the kernel may
// call the entry points of these classes (class, and also: the further
// classes a registration publishes, models.RegAPI.Also).
type regOp struct {
	class      string
	unregister bool
	also       []string
	// resumes: the call only lets run again callbacks a registration of
	// the class installed before (kernelEnv.resumes): not a first
	// publisher of the class (instrumenter.gatedBy).
	resumes bool
}

// alsoPublishes is the environment's also, when it has one.
func (f *facts) alsoPublishes(name string) []string {
	if f.env.also == nil {
		return nil
	}
	return f.env.also(name)
}

// classes returns the classes a publication makes callable itself.
func (op regOp) classes() []string { return append([]string{op.class}, op.also...) }

// site is one memory access of the original program.
type site struct {
	id     int
	access *ir.Access
	write  bool
	touch  bool // a range access of a helper (Touch), not a cell
	fn     *ir.Function
}

func (s *site) plain() bool { return s.access.Mode == ir.Plain }

// facts is what the pre-pass learns about the original program: the call
// graph, every access, every lock and publication operation, and their
// transitive closures per function.
type facts struct {
	prog      *ir.Program
	env       kernelEnv
	callees   map[*ir.Function][]*ir.Function // callees with bodies, direct and indirect
	locks     []*lockInfo
	lockIndex map[string]int
	callLock  map[*ir.Call]lockOp
	callReg   map[*ir.Call]regOp
	regCalls  []*ir.Call // the keys of callReg, in program order
	// withdrawOnce: an exit withdraws each registered object once
	// (Options.NoWithdrawOnce turns it off; withdraw.go).
	withdrawOnce bool
	// failedPublishesNothing: a registration whose signed integer result
	// is negative published nothing (Options.NoFailedRegistration turns
	// it off; instrument.go errnoResult).
	failedPublishesNothing bool
	// initWithdrawal: an init entry point's waiting withdrawal of a class
	// only it publishes stops the class, as an exit's does
	// (Options.NoInitWithdrawal turns it off; withdraw.go).
	initWithdrawal bool
	// urbKill: usb_kill_urb stops the completion of the URB it names
	// (Options.NoURBKill and ManyDevices turn it off; withdraw.go).
	urbKill bool
	// exitQuiet: module exit starts with the classes an owned file's
	// release withdraws quiet (Options.NoExitQuiet; exitquiet.go).
	exitQuiet bool
	// perOpen: release's accesses through its file's private_data, when
	// open allocated it, race with no other file's operation through
	// theirs (Options.NoPerOpen turns it off; peropen.go).
	perOpen bool
	// releaseOnce: two runs of a struct device's release callback are on
	// two devices (Options.NoReleaseOnce turns it off; lifetime.go).
	releaseOnce bool
	// releaseRef: a device's release runs beside none of its PM callbacks
	// (Options.NoReleaseRef turns it off; lifetime_ref.go).
	releaseRef bool
	// callerRef: an exported function runs holding a reference to the
	// objects its pointer parameters point to (lifetime_caller.go).
	callerRef bool
	// callAlloc: the sites that access an object their own function's
	// call allocated (callalloc.go); nil when the rule is off.
	callAlloc map[int]bool
	sites     map[int]*site
	// per function, its own effects
	ownSites map[*ir.Function][]*site
	ownLocks map[*ir.Function]map[int]bool
	// memo of the functions reachable from each function (itself included)
	reachMemo map[*ir.Function][]*ir.Function
	warnings  []ir.Diagnostic
	// lockArrays: an array of locks is one lock (documented assumption).
	lockArrays bool
	// lockInstances: lock fields of two objects of one struct type are
	// told apart by address (Options.LockInstancesDistinct).
	lockInstances bool
	// semaphores says which semaphores are locks (semaphores.go).
	semaphores *semaphoreInits
	// entryHeld: the single-open pseudo-locks an entry point holds from
	// its entry (singleopen.go).
	entryHeld map[*ir.EntryPoint][]entryLock
	// storeLock: the lock operations a store of a single-open flag stands
	// for, as calls in no block (singleopen_flag.go), and those of the
	// kernel lock a helper's access is made under (helperlocks.go).
	storeLock map[ir.Stmt]storeLockOps
	// singleOpenRMW: factsOptions' (singleopen_rmw.go).
	singleOpenRMW bool
	// publicationObjects, exportProbe: factsOptions' (pubobjects.go).
	publicationObjects, exportProbe bool
	// ownedLocks: per lock, whether every operation of it names one
	// global mutex or spinlock exactly (selfdeadlock.go); nil when the
	// self-deadlock rule is off.
	ownedLocks map[int]bool
	// publicationIterations: factsOptions' (publoops.go).
	publicationIterations bool
}

// storeLockOps are the lock operations just before and just after a store.
type storeLockOps struct{ before, after *ir.Call }

func (f *facts) warnf(pos ir.Pos, format string, args ...any) {
	f.warnings = append(f.warnings, ir.Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (f *facts) lock(id, class string, rw bool) int {
	if i, ok := f.lockIndex[id]; ok {
		if rw {
			f.locks[i].rw = true
		}
		return i
	}
	f.lockIndex[id] = len(f.locks)
	f.locks = append(f.locks, &lockInfo{id: id, class: class, rw: rw})
	return len(f.locks) - 1
}

// factsOptions are the assumptions and the purpose facts are gathered
// under (Options' switches).
type factsOptions struct {
	lockArrays, lockInstances, unseenSemaphoresBinary, withdrawOnce bool
	failedPublishesNothing                                          bool
	// initWithdrawal: an init's waiting withdrawal of a class it gates
	// stops it (withdraw.go, initWithdraws).
	initWithdrawal bool
	// urbKill: usb_kill_urb stops the URB it names (withdraw.go).
	urbKill bool
	// exitQuiet: see facts.exitQuiet.
	exitQuiet bool
	// perOpen: a file's private_data that open allocates is its own
	// (peropen.go).
	perOpen bool
	// releaseOnce: a struct device is released once (lifetime.go).
	releaseOnce bool
	// releaseRef: a device is released after its last reference
	// (lifetime_ref.go).
	releaseRef bool
	// callerRef: an exported function runs holding a reference to the
	// objects its pointer parameters point to (lifetime_caller.go).
	callerRef bool
	// callAllocations: two calls' own allocations differ (callalloc.go).
	callAllocations bool
	// selfDeadlock: an acquire of a held global mutex or spinlock never
	// returns (selfdeadlock.go).
	selfDeadlock bool
	// singleOpen applies the single-open rule; singleOpenFields also to
	// bits in struct fields (one object per device: one-device and
	// lock-instances).
	singleOpen, singleOpenFields bool
	// singleOpenRMW: a plain RMW that keeps a single-open bit, outside
	// the file's operations, leaves the bit alone (singleopen_rmw.go).
	singleOpenRMW bool
	// miscOpen: a misc device's open runs under misc_mtx (miscopen.go).
	miscOpen bool
	// publicationObjects: a callback stored only into one object's
	// members is published by that object's registration (pubobjects.go).
	publicationObjects bool
	// exportProbe: an exported function that alone publishes a class is
	// a probe helper (pubobjects.go).
	exportProbe bool
	// publicationIterations: an object registered in an iteration of a
	// loop is written before its registration (publoops.go).
	publicationIterations bool
	// raisedSemaphoreLocks: the lock checks, which keep a semaphore
	// raised by an up() a lock so as to report that up().
	raisedSemaphoreLocks bool
	// helperLocks: a helper's accesses hold its kernel lock
	// (helperlocks.go).
	helperLocks bool
}

// factsOptions returns what opts says of gathering facts.
func (opts Options) factsOptions() factsOptions {
	return factsOptions{lockArrays: !opts.LockArraysDistinct, lockInstances: opts.LockInstancesDistinct,
		unseenSemaphoresBinary: !opts.NoBinarySemaphores, withdrawOnce: !opts.NoWithdrawOnce,
		failedPublishesNothing: !opts.NoFailedRegistration, singleOpen: !opts.NoSingleOpen, miscOpen: !opts.NoMiscOpen,
		initWithdrawal: !opts.NoInitWithdrawal, perOpen: !opts.NoPerOpen, releaseOnce: !opts.NoReleaseOnce,
		releaseRef: !opts.NoReleaseRef, callerRef: !opts.NoCallerRef, publicationObjects: !opts.NoPublicationObjects && !opts.ManyDevices,
		exportProbe: !opts.NoExportProbe && !opts.ManyDevices, helperLocks: !opts.NoHelperLocks,
		callAllocations: !opts.NoCallAllocations, selfDeadlock: !opts.NoSelfDeadlock, urbKill: !opts.NoURBKill && !opts.ManyDevices,
		exitQuiet:             !opts.NoExitQuiet,
		publicationIterations: !opts.NoPublicationIterations && !opts.ManyDevices,
		singleOpenFields:      !opts.ManyDevices && !opts.LockInstancesDistinct, singleOpenRMW: !opts.NoSingleOpenRMW}
}

// gatherFacts runs the pre-pass.
func gatherFacts(prog *ir.Program, env kernelEnv, o factsOptions) *facts {
	sems := gatherSemaphoreInits(prog, o.unseenSemaphoresBinary)
	sems.raisedLocks = o.raisedSemaphoreLocks
	f := &facts{
		lockArrays:             o.lockArrays,
		lockInstances:          o.lockInstances,
		withdrawOnce:           o.withdrawOnce,
		failedPublishesNothing: o.failedPublishesNothing,
		initWithdrawal:         o.initWithdrawal,
		urbKill:                o.urbKill,
		exitQuiet:              o.exitQuiet,
		perOpen:                o.perOpen,
		releaseOnce:            o.releaseOnce,
		releaseRef:             o.releaseRef,
		callerRef:              o.callerRef,
		singleOpenRMW:          o.singleOpenRMW,
		publicationObjects:     o.publicationObjects,
		exportProbe:            o.exportProbe,
		publicationIterations:  o.publicationIterations,
		semaphores:             sems,
		prog:                   prog,
		env:                    env,
		callees:                make(map[*ir.Function][]*ir.Function),
		lockIndex:              make(map[string]int),
		callLock:               make(map[*ir.Call]lockOp),
		callReg:                make(map[*ir.Call]regOp),
		sites:                  make(map[int]*site),
		ownSites:               make(map[*ir.Function][]*site),
		ownLocks:               make(map[*ir.Function]map[int]bool),
		reachMemo:              make(map[*ir.Function][]*ir.Function),
		entryHeld:              make(map[*ir.EntryPoint][]entryLock),
		storeLock:              make(map[ir.Stmt]storeLockOps),
	}
	if o.selfDeadlock {
		f.ownedLocks = make(map[int]bool)
	}
	// Kernel locks entry points hold come first so their indices are stable.
	for _, ep := range prog.EntryPoints {
		for _, id := range env.heldLocks(ep) {
			f.lock(id, "kernel", false)
		}
	}
	for _, fn := range prog.Funcs {
		if fn.External() {
			continue
		}
		seen := make(map[*ir.Function]bool)
		var callees []*ir.Function
		addCallee := func(c *ir.Function) {
			if c != nil && !c.External() && !seen[c] {
				seen[c] = true
				callees = append(callees, c)
			}
		}
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				switch s := s.(type) {
				case *ir.Load, *ir.Store, *ir.Touch:
					a := ir.AccessOf(s)
					_, touch := s.(*ir.Touch)
					// The load of a bit-field store's read-modify-write
					// counts as the write it belongs to: the source
					// only writes, and the store that follows at the same
					// place makes every race the load makes.
					st := &site{id: a.Site, access: a, write: ir.IsWrite(s) || a.RMW, touch: touch, fn: fn}
					f.sites[a.Site] = st
					f.ownSites[fn] = append(f.ownSites[fn], st)
				case *ir.Call:
					if s.Callee != nil {
						addCallee(s.Callee)
						if s.Callee.External() {
							f.classifyCall(fn, s)
						}
					} else {
						for _, t := range s.Targets {
							addCallee(t)
						}
						f.classifyIndirect(s)
						if len(s.Targets) == 0 {
							f.warnf(s.P, "indirect call with unknown targets: their memory accesses are not checked")
						}
					}
				}
			}
		}
		sort.Slice(callees, func(i, j int) bool { return callees[i].Name < callees[j].Name })
		f.callees[fn] = callees
	}
	if o.helperLocks {
		f.helperLocks()
	}
	if o.miscOpen {
		f.miscOpen()
	}
	if o.singleOpen {
		f.singleOpen(o.singleOpenFields)
	}
	if o.callAllocations {
		f.callAlloc = callAllocSites(prog)
	}
	return f
}

// spinlockKey names a spinlock_t and its rlock member as one lock. In real
// kernel headers spinlock_t wraps a raw_spinlock_t `rlock` as its first
// member; spin_lock(l) takes l, while spin_lock_irqsave(l, flags) and the
// spinlock guards take &l->rlock: one lock under two names. Only a lock
// can contain another lock, so "X.rlock" and "X" never name two locks.
func spinlockKey(key string) string {
	return strings.TrimSuffix(key, ".rlock")
}

// lockArgText names the lock argument i of a locking call as the driver
// writes it ("&rhbeat->sp->lock"), or by its position when the call comes
// from a macro: the lowered expression names temporaries ("t9 + 16").
func lockArgText(prog *ir.Program, call *ir.Call, i int) string {
	if t := prog.CallArgText(call, i); t != "" {
		return t
	}
	return fmt.Sprintf("(argument %d of %s)", i+1, call.Callee.Name)
}

// unidentifiedWhy is the region analysis's reason, in parentheses, why
// argument i of call names no single lock ("" when it has none).
func unidentifiedWhy(call *ir.Call, i int) string {
	if i < 0 || i >= len(call.ArgTargets) || call.ArgTargets[i] == nil || call.ArgTargets[i].Why == "" {
		return ""
	}
	return " (" + call.ArgTargets[i].Why + ")"
}

// classifyCall records the lock or publication effect of a call to an
// external function.
func (f *facts) classifyCall(fn *ir.Function, call *ir.Call) {
	name := call.Callee.Name
	if api, ok := models.Lock(name); ok {
		op := lockOp{api: api, lock: -1}
		rw := api.Class == "rwlock" || api.Class == "rw_semaphore"
		kernelLock := false // the lock the kernel holds around callbacks
		switch {
		case api.Arg < 0:
			op.lock = f.lock(api.Global, api.Class, rw)
		case api.Arg < len(call.ArgTargets) && call.ArgTargets[api.Arg] != nil &&
			(call.ArgTargets[api.Arg].Exact || f.lockArrays && call.ArgTargets[api.Arg].Array) &&
			call.ArgTargets[api.Arg].Key != "":
			key := spinlockKey(call.ArgTargets[api.Arg].Key)
			if id, ok := models.KernelLockOfField(key); ok {
				key, kernelLock = id, true // the lock the kernel holds around callbacks
			}
			if api.Class == "semaphore" && !f.semaphores.isLock(f, key, call.P) {
				return // a counting semaphore: no lock operation at all
			}
			op.lock = f.lock(key, api.Class, rw)
			if kernelLock {
				// Its class is the driver's locking call's, so that an
				// unidentified release of that class may release it.
				f.locks[op.lock].class = api.Class
			}
			if f.lockInstances && !strings.HasPrefix(key, "global ") {
				f.locks[op.lock].instance = true
			}
			if strings.HasPrefix(key, "local ") {
				f.locks[op.lock].perCall = true
				if api.Op == models.Acquire {
					f.warnf(call.P, "%s: the lock %s is a local of a function: every call has its own, so it protects nothing against another call (static missing?)",
						name, lockArgText(f.prog, call, api.Arg))
				}
			}
		default:
			what := "lock " + lockArgText(f.prog, call, api.Arg) + unidentifiedWhy(call, api.Arg)
			if api.Op == models.Acquire {
				f.warnf(call.P, "%s: cannot identify the %s: it protects nothing here", name, what)
			} else {
				f.warnf(call.P, "%s: cannot identify the %s: every %s is treated as released", name, what, api.Class)
			}
		}
		f.callLock[call] = op
		if op.lock >= 0 {
			f.noteOwnedLock(call, api, op.lock, kernelLock)
			if f.ownLocks[fn] == nil {
				f.ownLocks[fn] = make(map[int]bool)
			}
			f.ownLocks[fn][op.lock] = true
		}
		return
	}
	if class, unreg, ok := f.env.registration(name); ok {
		op := regOp{class: class, unregister: unreg}
		if !unreg {
			op.also = f.alsoPublishes(name)
			op.resumes = f.env.resumes != nil && f.env.resumes(name)
		}
		f.callReg[call] = op
		f.regCalls = append(f.regCalls, call)
	}
}

// classifyIndirect gives an indirect call the effects of the kernel
// functions it may call (void (*unlock)(struct mutex *) = mutex_unlock):
// a release, of a lock it cannot identify (only direct calls have their
// arguments' targets), releases every lock of its class; a publication
// publishes. Both happen whichever target the call takes: fewer locks
// held and earlier publication only add executions. An acquire through a
// pointer protects nothing, and a withdrawal through one withdraws
// nothing, each with a warning.
func (f *facts) classifyIndirect(call *ir.Call) {
	for _, t := range call.Targets {
		if !t.External() {
			continue
		}
		if api, ok := models.Lock(t.Name); ok {
			switch {
			case api.Op == models.Acquire:
				f.warnf(call.P, "an indirect call may be %s: whoop does not count the lock as held after it", t.Name)
			case f.callLock[call].api.Name == "":
				f.callLock[call] = lockOp{api: api, lock: -1}
				f.warnf(call.P, "an indirect call may be %s: every %s is treated as released", t.Name, api.Class)
			}
			continue
		}
		if class, unreg, ok := f.env.registration(t.Name); ok {
			if unreg {
				f.warnf(call.P, "an indirect call may be %s: whoop does not count it as a withdrawal", t.Name)
			} else if _, done := f.callReg[call]; !done {
				// Never resumes: another target may install.
				f.callReg[call] = regOp{class: class, also: f.alsoPublishes(t.Name)}
				f.regCalls = append(f.regCalls, call)
			}
		}
	}
}

// reach returns fn and every function it may call, transitively, in a
// deterministic order.
func (f *facts) reach(fn *ir.Function) []*ir.Function {
	if r, ok := f.reachMemo[fn]; ok {
		return r
	}
	seen := map[*ir.Function]bool{fn: true}
	order := []*ir.Function{fn}
	for i := 0; i < len(order); i++ {
		for _, c := range f.callees[order[i]] {
			if !seen[c] {
				seen[c] = true
				order = append(order, c)
			}
		}
	}
	f.reachMemo[fn] = order
	return order
}

// modLocks returns the locks fn may acquire or release, transitively,
// including those an unidentified release may drop.
func (f *facts) modLocks(fn *ir.Function) []int {
	set := make(map[int]bool)
	for _, g := range f.reach(fn) {
		for l := range f.ownLocks[g] {
			set[l] = true
		}
		for _, b := range g.Blocks {
			for _, s := range b.Stmts {
				call, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				if op, ok := f.callLock[call]; ok && op.lock < 0 && op.api.Op != models.Acquire {
					for i, l := range f.locks {
						if l.class == op.api.Class {
							set[i] = true
						}
					}
				}
			}
		}
	}
	return sortedInts(set)
}

// registers reports whether fn or a function it may call registers or
// unregisters anything (a publication operation).
func (f *facts) registers(fn *ir.Function) bool {
	for _, g := range f.reach(fn) {
		for _, b := range g.Blocks {
			for _, s := range b.Stmts {
				if call, ok := s.(*ir.Call); ok {
					if _, ok := f.callReg[call]; ok {
						return true
					}
				}
			}
		}
	}
	return false
}

// sitesOf returns every access site reachable from fn, by region.
func (f *facts) sitesOf(fn *ir.Function) map[*ir.Region][]*site {
	m := make(map[*ir.Region][]*site)
	for _, g := range f.reach(fn) {
		for _, s := range f.ownSites[g] {
			if s.access.Region != nil && !s.access.Private {
				m[s.access.Region] = append(m[s.access.Region], s)
			}
		}
	}
	for _, ss := range m {
		sort.Slice(ss, func(i, j int) bool { return ss[i].id < ss[j].id })
	}
	return m
}

func sortedInts(set map[int]bool) []int {
	out := make([]int, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func sortedStrings(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
