package models

import "strings"

// LockOp is what a locking call does to its lock.
type LockOp uint8

const (
	Acquire   LockOp = iota
	Release          // releases whatever mode is held
	Downgrade        // write mode becomes read mode (downgrade_write)
)

// LockMode is the mode a lock is held in. Two accesses are protected by a
// lock only if both hold it and at least one holds it in Write mode: readers
// of a reader-writer lock share it.
type LockMode uint8

const (
	Write LockMode = iota
	Read
)

// LockCond says on which outcome a conditional acquire takes the lock.
type LockCond uint8

const (
	Always    LockCond = iota
	IfZero             // succeeds when the call returns 0 (mutex_lock_interruptible, down_trylock)
	IfNonZero          // succeeds when the call returns non-zero (mutex_trylock, spin_trylock)
)

// LockAPI is one row of the locking table.
type LockAPI struct {
	Name string
	Op   LockOp
	Mode LockMode
	Cond LockCond
	// Arg is the index of the lock pointer argument, or -1 when the call
	// takes a lock with a fixed identity named by Global (rtnl_lock).
	Arg    int
	Global string
	Class  string // mutex, spinlock, rwlock, semaphore, rw_semaphore, rtnl, tx
}

// Lock returns the locking semantics of the kernel function name.
func Lock(name string) (LockAPI, bool) {
	if l, ok := lockTable[name]; ok {
		return l, true
	}
	// In real headers the raw spinlock and rwlock API are macros over
	// out-of-line _raw_* functions with the same arguments and results
	// (include/linux/spinlock.h, rwlock.h: raw_spin_lock_irqsave(lock,
	// flags) is flags = _raw_spin_lock_irqsave(lock), read_lock(lock) is
	// _raw_read_lock(lock)); the bundled models declare the API names.
	if rest, ok := strings.CutPrefix(name, "_raw_"); ok {
		if l, ok := lockTable["raw_"+rest]; ok {
			l.Name = name
			return l, true
		}
		if l, ok := lockTable[rest]; ok {
			l.Name = name
			return l, true
		}
	}
	return LockAPI{}, false
}

// LockNames returns every function name in the locking table, sorted.
func LockNames() []string { return sortedKeys(lockTable) }

var lockTable = func() map[string]LockAPI {
	m := make(map[string]LockAPI)
	add := func(class string, op LockOp, mode LockMode, cond LockCond, arg int, names ...string) {
		for _, n := range names {
			m[n] = LockAPI{Name: n, Op: op, Mode: mode, Cond: cond, Arg: arg, Class: class}
		}
	}
	global := func(class, id string, op LockOp, cond LockCond, names ...string) {
		for _, n := range names {
			m[n] = LockAPI{Name: n, Op: op, Mode: Write, Cond: cond, Arg: -1, Global: id, Class: class}
		}
	}
	// Mutexes (linux/mutex.h). The _interruptible and _killable forms fail
	// with -EINTR when a signal arrives: they hold the lock only on 0.
	add("mutex", Acquire, Write, Always, 0, "mutex_lock", "mutex_lock_nested", "mutex_lock_io")
	add("mutex", Acquire, Write, IfZero, 0, "mutex_lock_interruptible", "mutex_lock_killable",
		"mutex_lock_interruptible_nested", "mutex_lock_killable_nested")
	add("mutex", Acquire, Write, IfNonZero, 0, "mutex_trylock")
	add("mutex", Release, Write, Always, 0, "mutex_unlock")

	// Spinlocks (linux/spinlock.h). On SMP the _irq, _irqsave and _bh forms
	// are ordinary locks against other CPUs; the interrupt masking they add
	// only matters on the local CPU.
	add("spinlock", Acquire, Write, Always, 0, "spin_lock", "spin_lock_irq", "spin_lock_bh",
		"spin_lock_irqsave", "spin_lock_nested", "spin_lock_irqsave_nested", "spin_lock_bh_nested",
		"raw_spin_lock", "raw_spin_lock_irq", "raw_spin_lock_irqsave", "raw_spin_lock_bh")
	add("spinlock", Acquire, Write, IfNonZero, 0, "spin_trylock", "spin_trylock_irq", "spin_trylock_bh",
		"spin_trylock_irqsave", "raw_spin_trylock")
	add("spinlock", Release, Write, Always, 0, "spin_unlock", "spin_unlock_irq", "spin_unlock_bh",
		"spin_unlock_irqrestore", "raw_spin_unlock", "raw_spin_unlock_irq", "raw_spin_unlock_irqrestore",
		"raw_spin_unlock_bh")
	// atomic_dec_and_lock(atomic, lock) takes lock only when the count drops to zero (returns 1).
	add("spinlock", Acquire, Write, IfNonZero, 1, "atomic_dec_and_lock", "_atomic_dec_and_lock")

	// Reader-writer spinlocks: readers share.
	add("rwlock", Acquire, Read, Always, 0, "read_lock", "read_lock_irq", "read_lock_bh", "read_lock_irqsave")
	add("rwlock", Acquire, Write, Always, 0, "write_lock", "write_lock_irq", "write_lock_bh", "write_lock_irqsave")
	add("rwlock", Acquire, Read, IfNonZero, 0, "read_trylock")
	add("rwlock", Acquire, Write, IfNonZero, 0, "write_trylock")
	add("rwlock", Release, Read, Always, 0, "read_unlock", "read_unlock_irq", "read_unlock_bh", "read_unlock_irqrestore")
	add("rwlock", Release, Write, Always, 0, "write_unlock", "write_unlock_irq", "write_unlock_bh", "write_unlock_irqrestore")

	// Counting semaphores (linux/semaphore.h), used as sleeping locks.
	// down_trylock returns 0 on success, unlike the other trylocks.
	add("semaphore", Acquire, Write, Always, 0, "down")
	add("semaphore", Acquire, Write, IfZero, 0, "down_interruptible", "down_killable", "down_trylock", "down_timeout")
	add("semaphore", Release, Write, Always, 0, "up")

	// Reader-writer semaphores (linux/rwsem.h).
	add("rw_semaphore", Acquire, Read, Always, 0, "down_read", "down_read_nested")
	add("rw_semaphore", Acquire, Write, Always, 0, "down_write", "down_write_nested")
	add("rw_semaphore", Acquire, Read, IfNonZero, 0, "down_read_trylock")
	add("rw_semaphore", Acquire, Write, IfNonZero, 0, "down_write_trylock")
	add("rw_semaphore", Release, Read, Always, 0, "up_read")
	add("rw_semaphore", Release, Write, Always, 0, "up_write")
	add("rw_semaphore", Downgrade, Write, Always, 0, "downgrade_write")

	// The routing netlink mutex: one lock for the whole kernel.
	global("rtnl", RTNL, Acquire, Always, "rtnl_lock")
	global("rtnl", RTNL, Acquire, IfNonZero, "rtnl_trylock")
	global("rtnl", RTNL, Release, Always, "rtnl_unlock")

	// netif_tx_lock takes every transmit queue lock of the device, the locks
	// the core holds around ndo_start_xmit (HARD_TX_LOCK). Identity is per
	// driver, like a lock field identified by struct type.
	global("tx", TxLock, Acquire, Always, "netif_tx_lock", "netif_tx_lock_bh")
	global("tx", TxLock, Release, Always, "netif_tx_unlock", "netif_tx_unlock_bh")
	return m
}()

// Identities of the kernel's own locks that entry points may hold on entry.
const (
	RTNL   = "rtnl_mutex"
	TxLock = "netif_tx_lock"
)

// I8042Lock is i8042_lock of the i8042 controller driver
// (drivers/input/serio/i8042.c), one lock for the whole kernel:
// i8042_interrupt holds it around i8042_filter, which calls the platform
// filter i8042_install_filter installed.
const I8042Lock = "i8042_lock"

// CallbackBracket is a lock one callback of a driver takes and returns
// holding, which the kernel keeps held, on the calling thread, across the
// callbacks it then calls on the same device until one of them releases
// it: a lock Open holds at every return is held on entry to each callback
// of Inside of the same ops variable (lockset, Options.NoCallbackLocks;
// assumption "callback-locks").
type CallbackBracket struct {
	// ID names the bracket; one that is no exact kernel fact is also an
	// assumption of its own, dropped with the rule IDs to ignore
	// (lockset.Options.IgnoreRules).
	ID string
	// Open is the OpsRow key of the callback that takes the lock.
	Open string
	// Inside are the OpsRow keys of the callbacks the kernel calls only
	// after Open returned (0), and before the one that ends the bracket
	// returned: on the same thread, with nothing in between that releases
	// the driver's lock.
	Inside []string
	// Why names the kernel code that calls them so.
	Why string
}

var callbackBrackets = []CallbackBracket{
	// Linux 6.12 drivers/usb/core/hub.c usb_reset_device: for each
	// interface bound to a driver with both callbacks it calls
	// ->pre_reset and unbinds the interface when that fails
	// (usb_forced_unbind_intf); it resets the device, then calls
	// ->post_reset of each interface still bound whose needs_binding is
	// clear. It is the only caller of either, so post_reset runs only on
	// the thread whose pre_reset on that interface returned 0.
	{ID: "usb-reset", Open: "usb_driver.pre_reset", Inside: []string{"usb_driver.post_reset"},
		Why: "usb_reset_device (drivers/usb/core/hub.c) calls ->post_reset of an interface only after its ->pre_reset returned 0, on the same thread, and is their only caller"},
}

// IRQChipBusLock is the bracket of an irq_chip's bus lock.
const IRQChipBusLock = "irq-chip-bus-lock"

func init() {
	// Linux 6.12 kernel/irq: chip_bus_lock(desc) calls the chip's
	// ->irq_bus_lock and chip_bus_sync_unlock(desc) its
	// ->irq_bus_sync_unlock (internals.h), always as a pair on one
	// thread: __irq_get_desc_lock and __irq_put_desc_unlock (irqdesc.c)
	// for the irq_get_desc_buslock users (__disable_irq_nosync,
	// enable_irq, irq_set_irq_wake, irq_get/set_irqchip_state in
	// manage.c, irq_set_irq_type in chip.c, irq_inject_interrupt,
	// rearm_wake_irq), and __setup_irq, __free_irq, free_percpu_irq
	// and irq_finalize_oneshot (manage.c) directly.
	// ->irq_bus_sync_unlock and ->irq_set_wake (set_irq_wake_real, from
	// irq_set_irq_wake only) run only inside it. ->irq_enable,
	// ->irq_disable and ->irq_set_type mostly do, but not always: system
	// sleep's suspend_device_irqs and resume_irqs (pm.c) disable and
	// enable every interrupt without the bus lock in the noirq phase, a
	// chained handler's trigger is set without it (chip.c
	// __irq_do_set_handler), so is a probed line's (autoprobe.c
	// probe_irq_on), and a hierarchy parent's callbacks run under the
	// child chip's bus lock, not their own. Hence an assumption of its
	// own (irq-chip-bus-lock). ->irq_mask, ->irq_unmask, ->irq_ack and
	// ->irq_eoi are called by the flow handlers without it: not claimed.
	callbackBrackets = append(callbackBrackets, CallbackBracket{ID: IRQChipBusLock, Open: "irq_chip.irq_bus_lock",
		Inside: []string{"irq_chip.irq_bus_sync_unlock", "irq_chip.irq_set_wake", "irq_chip.irq_enable",
			"irq_chip.irq_disable", "irq_chip.irq_set_type"},
		Why: "the irq core calls ->irq_bus_sync_unlock, ->irq_set_wake, ->irq_enable, ->irq_disable and ->irq_set_type between the chip's ->irq_bus_lock and ->irq_bus_sync_unlock (chip_bus_lock, kernel/irq/internals.h), on one thread, except in the noirq phase of system sleep (kernel/irq/pm.c), for chained and autoprobed lines and for hierarchy parents"})
}

// CallbackBrackets returns the callback brackets.
func CallbackBrackets() []CallbackBracket {
	return append([]CallbackBracket(nil), callbackBrackets...)
}

// FasyncLock is fasync_lock of fs/fcntl.c, one spinlock for the whole
// kernel, static there: no driver takes it, and fasync_helper holds it
// around its accesses of the driver's list head (Helper.Under).
const FasyncLock = "fasync_lock"

// kernelLockFields names the kernel locks of HeldLocks that are a lock
// field of a kernel struct the driver can take itself, by the identity
// lockset gives that field ("struct S.f", one lock for all objects of S:
// the lock-instances assumption): a driver's
// spin_lock(&dev->event_lock) takes the lock the input core holds around
// input_dev.event, so the two are one lock.
var kernelLockFields = map[string]string{
	"struct input_dev.event_lock": InputEventLock,
}

// KernelLockOfField returns the kernel lock of HeldLocks that lock field
// key ("struct input_dev.event_lock") is, if it is one.
func KernelLockOfField(key string) (string, bool) {
	id, ok := kernelLockFields[key]
	return id, ok
}
