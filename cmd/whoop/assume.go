package main

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
)

// An assumption is something whoop takes for granted about the kernel or
// the driver that, were it false, could hide a race. Every one can be
// dropped with --no-assume NAME.
type assumption struct {
	name  string
	means string // what is assumed
	hides string // what could be missed if it is false
	// drop turns the assumption off in the front-end and check options.
	drop func(fc *frontend.Config, lc *lockset.Options)
}

var assumptions = []assumption{
	{"param-disjoint",
		"pointer parameters of one entry point to the same struct type point to different objects",
		"a race between two parameters of one call that name the same object (also --param-aliasing)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.ParamAliasing = true }},
	{"one-device",
		"the driver drives one device at a time, so per-device kernel serialisation (device_lock, the transmit lock, an interrupt line, a timer or work item in the device's struct, dev_groups attributes added after probe and removed before remove) orders callbacks of the driver; a callback the kernel runs one at a time (an interrupt handler, a timer, a work item, a kernel thread) has one instance unless the driver registers it in a loop, from several places, or from code that may run twice at once (a file operation), each time for another object",
		"races between callbacks running for two devices of the same driver, and between two instances of a callback the driver registers again by other means (a work function that starts a thread each time it runs)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.ManyDevices = true }},
	{"one-binding",
		"a device binds to one driver at a time, so under one-device the bus drivers of a module whose probes share the device's set-up code (a pnp_driver and a platform_driver for one chip, both probing through one function that registers the device) are alternatives for one device: their callbacks share its device_lock and PM phases",
		"races between callbacks of two such drivers bound to two devices at once",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoBindings = true }},
	{"kernel-locks",
		"callbacks run under the kernel locks their callers take (RTNL around net_device_ops and ethtool_ops, the transmit lock around ndo_start_xmit, cpu_hotplug_lock around the callbacks of a CPU hotplug state, ...)",
		"races if a callback is reached by a caller that does not hold the lock",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.NoKernelLocks = true
			lc.IgnoreRules = append(lc.IgnoreRules, "cpuhp", "ipmi-watchers")
		}},
	{"publication",
		"the kernel calls an entry point only after the driver registers it (init before misc_register, probe before register_netdev, a platform, i2c or SPI driver's runtime PM callbacks after its pm_runtime_enable, ...) and not after an unregistration that waits for running callbacks (i2c_del_adapter, gpiochip_remove, pm_runtime_disable, ...), once the exit has also withdrawn every other entry point that may register it again",
		"races with code in init before registration or in exit after unregistration",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoPublication = true }},
	{"failed-registration",
		"a registration that returns 0 or a negative errno (misc_register, request_irq, the bus drivers' and class devices' registrations) registered when it returned 0 and, when it failed, undid what it started, nothing of it still running; one that returns a number (register_chrdev, cpuhp_setup_state) registered when it is not negative: the code on its error path races with none of the callbacks it would have published; and it keeps none of the pointers it was given, so a fresh allocation whose pointer went only to it (or to device_create or device_create_with_groups, which return an error pointer) is the caller's own again on the path that tests the failure",
		"races between an error path and a callback a failed registration left running (an API that returns an error after publishing, without undoing it), or a use of the object it kept",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.NoFailedRegistration = true
			fc.Regions.NoFailedRegistration = true
		}},
	{"module-refcount",
		"module exit never runs while a file of the driver is open: every open file holds a reference on the file_operations' owner module (no forced unload)",
		"races between module exit and file operations after rmmod -f",
		func(fc *frontend.Config, lc *lockset.Options) { lc.IgnoreRules = append(lc.IgnoreRules, "module-ref") }},
	{"release-once",
		"a struct device is released once: its type's or class's release callback (device_type.release, class.dev_release) runs from kobject_cleanup after the last put_device, and device_release calls only one of them, so two release callbacks run at once only on two devices",
		"a release callback the driver also calls directly, through the same struct field, on a device it still holds",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "device-release")
		}},
	{"caller-reference",
		"an exported function is called holding a reference to the objects its pointer parameters point to (the kernel's convention for refcounted objects: rtc drivers call __devm_rtc_register_device with the rtc devm_rtc_allocate_device gave them), so a struct device in such an object is not released during the call; applied to the pair of a device's release callback and an exported function taking a pointer to the release's container type, when the function's code drops no device reference itself (no put_device, kobject_put, device_unregister or release callback, nor a function whose address it passes that may)",
		"a caller that hands an exported function an object whose last reference another thread may drop meanwhile (a use after free in the caller)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoCallerRef = true }},
	{"usb-unbind",
		"the USB core stops an interface's URBs before it calls the disconnect of a driver without soft_unbind (usb_unbind_interface: usb_disable_interface flushes them, waiting for their completions, and the disabled endpoints take no new ones), so the completion handlers of interrupt and bulk URBs (usb_fill_int_urb, usb_fill_bulk_urb) never run beside disconnect; a driver that names soft_unbind or usb_driver_claim_interface keeps its pairs",
		"a completion of a URB the driver submitted to another interface's endpoint without claiming it, or a URB set up without those helpers that whoop takes for one of theirs",
		func(fc *frontend.Config, lc *lockset.Options) { lc.IgnoreRules = append(lc.IgnoreRules, "usb-unbind") }},
	{"usb-device-lock",
		"an interface driver's probe, disconnect, pre_reset and post_reset run with the parent usb_device's lock held: the driver core locks the parent around probe and unbind (usb_if_device_type's need_parent_lock, drivers/base/dd.c), usb_disconnect holds usb_lock_device, and usb_reset_device, which calls pre_reset and post_reset, must be called with it (usb_lock_device_for_reset); the callers of usb_driver_release_interface, which unbinds a claimed interface, own it as its kernel-doc requires (a disconnect or probe does); one usb_device per driver under one-device",
		"races between a reset callback and probe or disconnect if a caller resets the device or releases a claimed interface without its lock",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "usb-device-lock")
		}},
	{"urb-completion",
		"the completion handler of one interrupt, bulk or control URB (usb_fill_int_urb, usb_fill_bulk_urb, usb_fill_control_urb) never runs twice at once: a URB completes once per submission, usb_submit_urb refuses it while in flight, and usb_hcd_giveback_urb runs one host controller's completions one at a time (its bottom-half work item or its interrupt handler); applied only when the driver fills that URB once (not in a loop, not from code that may run twice at once)",
		"races between two runs of one completion handler if a host controller gives a resubmitted URB back on another CPU before the first run returned (an unlink completed from another context)",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "urb-complete")
		}},
	{"i2c-bus-lock",
		"an i2c adapter's transfer callbacks (i2c_algorithm master_xfer, xfer, smbus_xfer and their _atomic forms) run with the adapter's bus lock held: i2c_transfer and i2c_smbus_xfer take i2c_lock_bus around them (__i2c_lock_bus_helper, drivers/i2c/i2c-core-base.c, i2c-core-smbus.c) and the direct callers of __i2c_transfer and __i2c_smbus_xfer must hold it; the lock is identified by the algorithm variable, so one adapter per i2c_algorithm variable (one-device); an algorithm stored at run time into memory whoop cannot name gets no lock",
		"races between transfers on two adapters of one device that share an i2c_algorithm variable (a controller with several ports), or a transfer called without the bus lock",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "i2c-bus-lock")
		}},
	{"freezer",
		"system sleep freezes user space and blocks probing (freeze_processes, dpm_prepare's device_block_probing): the system-sleep PM callbacks (suspend, resume, freeze, thaw, poweroff, restore, their _late, _early and _noirq phases, prepare, complete) never run beside a bus driver's probe, module init or exit, a file operation, a sysfs show or store, or a watchdog operation only its ioctl and sysfs files call; nor a USB interface driver's suspend, resume and reset_resume beside its probe, whose runtime half usb_probe_interface excludes (it holds a runtime PM reference on the usb_device around ->probe)",
		"races between a system-sleep callback and a user task that was not frozen (a kernel without CONFIG_SUSPEND_FREEZER, a file operation a kernel thread calls) or a probe the driver core did not defer",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "pm-freezer", "usb-probe-pm", "pm-freezer-setup", "pm-freezer-export")
		}},
	{"freezer-watchdog-start",
		"a watchdog_ops with a .ping has its .start called only by watchdog_start, from watchdog_open or the WDIOC_SETOPTIONS ioctl of a user task (drivers/watchdog/watchdog_dev.c: __watchdog_ping, run by the watchdogd kthread worker, the PM notifier and the registration, calls .start only when .ping is NULL), and user tasks are frozen during system sleep: such a .start never runs beside a system-sleep PM callback",
		"a race between .start and a system-sleep callback if kernel code called the watchdog core's start (or the ops' .start) outside a user task while the system sleeps, or on a kernel without CONFIG_SUSPEND_FREEZER",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "pm-freezer-watchdog")
		}},
	{"freezer-work",
		"the PM core freezes the freezable workqueues before the first system-sleep callback and thaws them after the last (freeze_kernel_threads: freeze_workqueues_begin, then waits for the work in flight with freeze_workqueues_busy; thaw_processes): a work item whose every queueing call puts it on system_freezable_wq, system_freezable_power_efficient_wq or tifm_queue_work's queue (tifm_core.c: create_freezable_workqueue) never runs beside a system-sleep callback",
		"a race between such a work item and a system-sleep callback if kernel code queued it elsewhere (a queueing call whoop does not know), or on a kernel without the freezer",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "pm-freezer-work")
		}},
	{"single-open",
		"a character device whose file_operations' open takes a bit with test_and_set_bit (-EBUSY when set) and whose release gives it back with clear_bit admits one open file at a time: the VFS calls a file's other operations only between its successful ->open (do_dentry_open) and its ->release (__fput, after the last reference), so release's code before clear_bit runs after every other operation of that file and before the next open's code past its test_and_set_bit; two operations of the open file still run at once. Applied only where every return of open holds the bit or returns non-zero, release clears it at most once on every path and on some path (a path that returns without clearing it, such as watchdog_dev.c's release when the device is gone, leaves the bit set for good: no open succeeds after it, so it keeps the bit to its return), and nothing else clears or writes its word (a kfree of its object aside: it gives no bit back to a live object); a bit in a struct field counts as one bit under one-device and lock-instances, and a bit in an element of a global array that open and release both index with their inode's minor (lp.c's lp_table[iminor(inode)].flags) as one bit under one-device, lock-instances and lock-arrays. A plain static int flag counts as a bit where open reads it as zero and stores a non-zero constant under a lock held for writing from that read to the store (misc_mtx under misc-open, or a mutex open takes), and release stores 0 (sbc_epx_c3.c's epx_c3_alive): open takes it just before its store, release gives it back after its store of 0, and nothing else may write the flag; open's plain check still races with release's plain store. A bit's word may also be written by plain read-modify-writes: `w &= ~BIT` in open and release gives the bit back, a read-modify-write that keeps the bit is allowed in the file's operations (elsewhere under single-open-rmw), and module init may store it before it registers anything",
		"races between a release before its clear_bit (or its store of 0 to a flag) and an operation of another open file, if the bit is cleared or the word or flag written by a path whoop does not see (another translation unit, a kernel helper handed the word)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoSingleOpen = true }},
	{"single-open-rmw",
		"a plain read-modify-write of a single-open bit's word that keeps the bit (`w |= C`, or `w &= K` with the bit in K: lp.c's lp_register setting LP_EXIST in lp_table[nr].flags), made outside the file's operations, leaves the bit alone: alone it writes the bit's value back, and it can undo open's test_and_set_bit or release's clear only by overlapping it, a race on the word that whoop still reports. Only such writes outside open, release (and the functions they call, where such a write turns the rule off) and the file's other operations need it (inside them the rule orders them against every change of the bit)",
		"races that follow from a lost update of the bit (two files open at once) when such a write overlaps open's test_and_set_bit or release's clear; the overlap itself stays reported as a race on the word",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoSingleOpenRMW = true }},
	{"misc-open",
		"the misc core calls the ->open of a misc device's file_operations with its global misc_mtx held (misc_open, drivers/char/misc.c: mutex_lock(&misc_mtx) before replace_fops and ->open, mutex_unlock after it returns), so two such opens never run at once, whichever device and file; applied only to file_operations named by nothing but the .fops initialiser of global miscdevices whose address only misc_register and misc_deregister get and whose .fops the driver never reads (a file_operations also handed to cdev_init, register_chrdev, proc or debugfs, or stored at run time into a miscdevice, gets no lock)",
		"races between two opens if the file_operations reach the VFS by a path whoop does not see (another translation unit naming the variable or the miscdevice)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoMiscOpen = true }},
	{"lock-arrays",
		"an array of locks is one lock: taking any element protects what any element protects",
		"races between data protected by different elements of one lock array",
		func(fc *frontend.Config, lc *lockset.Options) { lc.LockArraysDistinct = true }},
	{"binary-semaphores",
		"a counting semaphore (down/up) with no sema_init or static initialiser in the file starts at 1, and an up() releases a down of the same call, so it excludes like a mutex (one initialised to any other count, a signalling 0 or a pool of N, or raised by an up() in a function that neither takes it nor is called only from takers, is never taken for a lock; dropped: no semaphore is)",
		"races between two holders of a semaphore the kernel or another file initialised to more than 1, raised by an up() on a path that took no down, or ordered only by a signalling semaphore",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoBinarySemaphores = true }},
	{"withdraw-once",
		"an exit withdraws each object it registered at most once (no second free_irq of one line), so as many waiting withdrawals of a class as it has registrations whoop cannot tell apart (three request_irq on lines held in variables, three free_irq) withdraw them all",
		"races between an exit's code after such withdrawals and a callback still registered because one object was withdrawn twice and another not at all",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoWithdrawOnce = true }},
	{"lock-instances",
		"a lock field of a struct is one lock for every object of that type, and a lock allocated at run time one for every object of its allocation site: holding one object's lock protects what another object's lock of the same field protects (a lock that is a local of a function is never shared between calls)",
		"races between data guarded by the same lock field of two different objects (a per-open-file lock around global data, a lock each call allocates)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.LockInstancesDistinct = true }},
	{"double-lock-same-object",
		"lock checks: acquiring a lock field while the same field of some object is held is a double lock only when both are provably the same object (two objects of one type are locked in turn, as lockdep's subclasses allow)",
		"a double lock of one object the check cannot prove is the object already held",
		func(fc *frontend.Config, lc *lockset.Options) { lc.DoubleLockAnyInstance = true }},
	{"lock-pairs",
		"lock checks: the kernel calls some callbacks of one device as a pair, the second only after the first returned 0 (usb_driver pre_reset then post_reset, usb_reset_device; irq_chip irq_bus_lock then irq_bus_sync_unlock, chip_bus_lock): a lock the first takes and the second releases is held across on purpose, so the first may return with it held and the second starts with it held",
		"a missing unlock in the first or an unlock of an unheld lock in the second when the kernel calls one of them alone",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoLockPairs = true }},
	{"lock-identity",
		"lock checks: a locking call whose lock cannot be identified (a lock reached through a pointer whoop cannot resolve) is skipped, with a warning",
		"double locks, unlocks of unheld locks and missing unlocks on such locks (dropped: each such call is reported as unidentified-lock)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.ReportUnidentifiedLocks = true }},
	{"volatile-marked",
		"accesses through volatile lvalues (READ_ONCE, WRITE_ONCE, ACCESS_ONCE) are marked: two marked accesses never race (the kernel memory model, as KCSAN applies it)",
		"races between volatile accesses the kernel memory model would count",
		func(fc *frontend.Config, lc *lockset.Options) { fc.VolatilePlain = true }},
	{"marked-atomics",
		"atomic_t operations (atomic_read, atomic_inc, atomic_fetch_or, ...) the atomic bit operations (test_bit, set_bit, clear_bit, test_and_set_bit, ...) and the memory operands of locked x86 instructions in inline assembly (xchg, cmpxchg, smp_store_mb as set_current_state uses it) are marked accesses: two of them never race, while a plain access and a marked write still do (the kernel memory model, tools/memory-model; KCSAN instruments them with instrument_atomic_*); the __set_bit family stays plain",
		"races between atomic operations (a check of a bit with test_bit and a set_bit in another thread is not a data race, though it may be a logic race)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.AtomicsPlain = true }},
	{"fresh-params",
		"arguments the kernel makes afresh for each call (the ppos copy, a poll table, the skb of ndo_start_xmit, ethtool out-structs; the struct rtc_time and rtc_wkalrm every caller of the rtc core's exported rtc_read_time, rtc_set_time, rtc_read_alarm, rtc_set_alarm and rtc_initialize_alarm passes) are private to that call until the driver publishes them; handed on to an ops callback whose row takes the argument per call (rtc_class_ops.read_time), such an object is lent to that call, not published",
		"races on such objects if the kernel shares them between calls",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoFreshParams = true }},
	{"no-retained-locals",
		"a kernel function (or an indirect call into the kernel) that receives a pointer to a stack local uses it only during the call and keeps it for no other thread (calls that also hand over a driver callback, or whose pointer result the driver uses, are not trusted); such a local stays private to its call until the driver publishes it",
		"races on a stack local the kernel hands to another thread (an on-stack request completed by a handler the kernel calls with the local's address)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoRetainedLocals = true }},
	{"lent-links",
		"a stack local lent to a kernel function (no-retained-locals) lends with it the driver's other stack objects it points to (an spi_message's on-stack spi_transfer, a list head pointing to itself): the kernel does not replace such a pointer by one to shared kernel memory that the driver follows after the call",
		"races through a pointer the kernel wrote into a lent local's cell where the driver had stored a pointer to its own stack (a kernel function splicing shared objects into a caller's on-stack list)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoLentLinks = true }},
	{"unpublished-locals",
		"a stack local is private to its call until the function first uses its address other than to access it (passes, stores or compares &local): no other thread can hold a pointer to this call's object before that, so the accesses before it (a struct initialised field by field, then registered) race with nothing",
		"a race through a pointer to a stack local that a thread kept after the call that made it returned (a use after return)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoUnpublishedLocals = true }},
	{"unpublished-allocations",
		"an object an allocator returns (kmalloc, kzalloc, devm_kzalloc, kcalloc, kmemdup, vzalloc, devm_irq_alloc_generic_chip, ...: memory no live pointer names) is private to the call that allocated it until the function first lets its pointer go: stores it anywhere, passes it to a call other than a helper that keeps no pointer, returns it, compares it with anything but a constant, or merges it at a join with another value; the accesses through it before that (a struct filled in, then published with file->private_data = p or a registration) race with nothing (in-bounds must hold too)",
		"a race through a pointer to freed memory that a thread kept and that the allocator handed out again (a use after free)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoUnpublishedAllocations = true }},
	{"typed-kernel",
		"kernel code respects C types: a pointer the kernel hands back as T* points to a T (also through a void * member of a kernel struct, queuedata or private_data: read as T* it holds a T the driver stored there); a function pointer holds only functions of its type (a call through one of another type is undefined behaviour and kCFI traps it), so an indirect call reaches no function taking another number of parameters, nor one whose parameter is a pointer to another struct than the variable passed there",
		"races through kernel pointers whose object has another type than their pointer, and the accesses of a function reached through a pointer of another type",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoTypeAssumption = true }},
	{"no-interior-pointers",
		"the kernel does not hand back scalar pointers into the middle of driver structs (struct members are found with container_of)",
		"races through such pointers",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoFieldAssumption = true }},
	{"in-bounds",
		"pointer arithmetic and helpers of unknown length stay inside the object (array, member) they start in",
		"races caused by out-of-bounds accesses",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoBoundsAssumption = true }},
	{"ideal-ints",
		"integers are mathematical: arithmetic never overflows and casts keep values (signed and unsigned compare as numbers)",
		"a race on a path that only wrap-around reaches (a counter that wraps, a narrowing cast, -1 compared with an unsigned); without it whoop models C's two's-complement wrap exactly, slower",
		func(fc *frontend.Config, lc *lockset.Options) { fc.ExactInts = true }},
	{"tracepoints",
		"in a kernel tree, tracepoint probes read no driver memory the driver's own code does not (CONFIG_TRACEPOINTS is compiled out; the driver's evaluation of tracepoint arguments is still checked)",
		"a race between a trace event's probe reading driver memory through an argument and a writer (dropped: the tree's tracing is read as configured, which cc/v4 may fail to parse)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.KeepTracepoints = true }},
	{"static-linkage",
		"other translation units neither call the driver's non-static functions nor use its non-static globals, unless they are exported (EXPORT_SYMBOL: always entry points)",
		"races with a non-static function called from another file, or with a function stored in a non-static global, and races through such globals' addresses",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoLinkageAssumption = true }},
	{"local-types",
		"the kernel calls no function through a member of a struct type the driver defines in its own source and no kernel prototype mentions (the kernel is compiled without that type, so it cannot name the member; the driver's own calls through it are followed)",
		"races with a function stored in such a member if kernel code calls it anyway (a copy of the struct's bytes into a kernel struct, a cast to a kernel type)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.KernelReadsLocalFields = true }},
	{"kernel-calls",
		"a kernel function no models table describes (no helper, locking, registration or callback row; in a kernel tree, one without a body in the headers), and an indirect call whose target is not a driver function, reads and writes no driver memory through its pointer arguments",
		"a race between the driver's own access of an object and such a call's read or write of it (an out-of-line strsep(&priv->opts, ...) while another callback reads priv->opts)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.KernelCallsTouch = true }},
	{"init-withdrawal",
		"a waiting withdrawal in a bus probe or module init (free_irq, which waits for a running handler in synchronize_irq; del_timer_sync; cancel_work_sync) of a class only that init makes callable stops it as an exit's does: the code after it on the error path (phantom.c's kfree after free_irq) races with none of its callbacks until the init publishes the class again",
		"races between an init's code after the withdrawal and a callback of the class that something whoop does not see made callable again",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoInitWithdrawal = true }},
	{"urb-kill",
		"usb_kill_urb and usb_poison_urb (drivers/usb/core/urb.c: urb->reject makes usb_submit_urb fail meanwhile, then usb_kill_urb_queue waits for the completion to return) stop the completion of the URB they name, when the pointer member they pass holds one URB for the device's life (one store into it in the program, of usb_alloc_urb's result, by the probe alone, not in a loop, and no helper writes it) and every other code that may submit that URB was withdrawn first (a completion that submits another URB, an input device's open before input_unregister_device): the code after the kill races with that completion no more",
		"races with a completion of a URB the member no longer holds because something whoop does not see stored another URB there, or submitted through a path whoop does not see after the kill; also dropped by one-device",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoURBKill = true }},
	{"exit-after-release",
		"module exit starts only once every file of an owned file_operations was released (rule module-ref), and __fput ran ->release for each file whose open returned 0 (fs/file_table.c): a class whose only publisher is such an open, making its object callable only where it returns 0 (the registration's own result, failed-registration), and whose release withdraws it with a waiting call on every path, naming what open registered (tlclk.c: request_irq in open, free_irq in release), has no callback running or starting when module exit starts, so exit's code and its withdrawals of what those callbacks publish (del_timer_sync of the timer the handler arms) are ordered after them; also dropped with failed-registration or rule module-ref",
		"races between module exit and a callback of such a class left registered by a path whoop does not see (an open that failed after its registration without undoing it by a path whoop misreads, a forced module unload)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoExitQuiet = true }},
	{"per-open",
		"a file's ->release runs from __fput only once the last reference to the file is gone (fs/file_table.c), so no other operation of that file runs beside it; where a file_operations' open stores a fresh allocation (kmalloc, kzalloc, ...) in file->private_data on every path that returns 0, and nothing else writes private_data, every open file has an object of its own: release's accesses through its file's private_data race with no other operation's accesses through that operation's own private_data (another file, another object), unless that operation frees its object (ppdev.c's pp_release kfree against pp_poll and pp_ioctl); accesses that reach the object another way (a global pointer, an interrupt handler's argument) are checked as before",
		"a race between release and another file's operation on one object that open stored in two files' private_data by a path whoop does not see (a kernel helper handed the file), or through a pointer the allocator handed out again after a use after free",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoPerOpen = true }},
	{"device-release-once",
		"a struct device is released once: kobject_put calls device_release (drivers/base/core.c) from kobject_cleanup when the last reference is dropped, and it calls one of dev->release, type->release and class->dev_release, so two runs of one such callback are the releases of two devices: their accesses through the struct device parameter and through its container (container_of, rtc/class.c's kfree(rtc) in rtc_device_release) are to two objects and do not race. Applied to the pair of a callback with itself, where no other entry point has its function and no driver code calls it; globals and objects reached through pointers loaded from the device are checked as before",
		"a race between two releases of one device, if the driver's release is run again on a device by a path whoop does not see (a kernel helper handed the function, a second kobject with the same release on one container)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoReleaseOnce = true }},
	{"device-release-ref",
		"a struct device's release callback (dev->release, type->release, class->dev_release) runs from kobject_cleanup after the device's last reference is dropped (drivers/base/core.c), and the PM core holds a reference to a device across each of its system-sleep callbacks (drivers/base/power/main.c: get_device and put_device around the callback in the dpm_* loops), so a release and a system-sleep dev_pm_ops callback never run at once on one device: their accesses through their struct device parameters and the containers container_of finds at one offset of both (rtc/class.c's rtc_suspend against rtc_device_release's kfree(rtc)) do not race. The same for a device attribute's show and store (they run with the file's kernfs active reference, and kobject_cleanup removes the device's sysfs directory, kernfs_remove draining them, before it calls the release: watchdog_dev.c's shows against watchdog_core_data_release). Applied where neither function is another entry point or called by driver code; runtime PM callbacks, globals and objects reached through pointers loaded from the device are checked as before. Likewise a file operation (not open or release) of a file_operations whose open stores one object in private_data and takes get_device/kobject_get on a device inside it on every path that may return 0, no operation but release dropping a device reference: its accesses through its private_data do not race with a release callback's through a container at that device's offset",
		"a race between a PM callback or a file operation and the release of the same device, if a PM callback is run on a device without a reference by a path whoop does not see (a driver calling its dev_pm_ops through a kernel helper), or the device's reference is dropped by a path whoop does not see (a kernel helper handed the device that puts it); or a release that frees a container holding a second struct device whose PM callback, attribute or file runs then (two devices in one allocation at matching offsets, itself a use after free of the second device)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoReleaseRef = true }},
	{"current-per-thread",
		"get_current() (current) is the calling thread's own task_struct: two entry points running at once run on two tasks (x86's get_current reads pcpu_hot.current_task, which __switch_to sets), so their accesses through current are to two objects, unless the driver stores the task where another thread reads it or the kernel hands the driver a task_struct (then current is that shared struct); an interrupt handler's current is taken to be its own",
		"a race between an interrupt handler's access through current and the same field accessed by the task it interrupted (interrupt code should not use current)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoCurrentPerThread = true }},
	{"sync-callbacks",
		"a kernel function of the synchronous-callback table (mc146818_avoid_UIP, acpi_walk_resources, acpi_dev_get_resources, acpi_walk_namespace, acpi_get_devices, dmi_walk, dmi_check_system) calls the driver's callbacks only on the caller's thread before it returns, with the context the caller passes, and keeps neither: the callback runs as a callee of the caller, under its locks, and a stack local passed as the context stays the caller's own; dmi_check_system is the only caller of dmi_system_id.callback (drivers/firmware/dmi_scan.c), so the callbacks of a static table only it and dmi_first_match read are no entry points",
		"a race between the callback and the caller's other code, or between two calls' contexts, if the kernel function ran the callback later or on another thread, or if other kernel code called a DMI table's callbacks",
		func(fc *frontend.Config, lc *lockset.Options) { fc.NoSyncCallbacks = true }},
	{"typed-pointer-memory",
		"kernel memory the driver reads or writes as struct S * (an array of struct attribute_group * handed to class_register, a void * context used as struct S **) holds pointers to S objects only: it is one node per struct type S, whose pointees are the canonical S, apart from the kernel's char * and void * memory (the typed-kernel assumption for pointer memory; drivers/base/core.c device_add_groups reads groups[] as struct attribute_group *)",
		"a race through kernel pointer memory that one part of the kernel fills with pointers of one struct type and the driver reads as another (the driver's accesses then name the canonical S, the other object's type another region)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoTypedPointerMemory = true }},
	{"kernel-integers",
		"an integer global the kernel defines (extern) and the driver only reads holds the kernel's integer, not a pointer into the driver's objects: x86's address translation (phys_base in __pa, vmemmap_base in virt_to_page, page_offset_base in __va; arch/x86/include/asm/page_64.h) adds one to a buffer's address, which must not merge the buffer with what kernel integers point to (dma_map_single, sg_set_buf); an address the driver makes from one is kernel memory of the type it is used as",
		"a race through a driver pointer the kernel keeps in an integer global and the driver reads back, or through an address made from a physical one (__va(virt_to_phys(buf)), sg_virt) that reaches the driver's own buffer",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoKernelIntegers = true }},
	{"typed-slots",
		"a struct S * the driver stores in a void * member of a kernel struct (file->private_data, dev->driver_data) comes back from the kernel as it was stored, an S, not as a pointer to a struct embedded at its start, unless the driver itself reads that member as such a struct: only S joins the canonical S (hpilo.c's struct ccb_data, whose first member is the struct ccb the device's I/O memory also holds)",
		"a race through kernel code that reads the slot as the embedded struct's type and hands it to the driver (a struct v4l2_fh at the start of a driver's per-file struct stored whole in file->private_data, read by the v4l2 core)",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoTypedSlots = true }},
	{"fresh-local-types",
		"an object of a struct type the driver's own source declares, allocated by the driver, is its own object, not the canonical one of its type, while the kernel hands the driver no pointer to that type (no parameter, slot read, container_of or kernel memory used as it): the kernel cannot name the type's members, so it hands back only what the driver gave it, and the driver reaches each such object through its own pointers (cm109.c's irq_data and ctl_data, two usb_alloc_coherent buffers of struct cm109_ctl_packet)",
		"a race through kernel code that stores one such object's address where the driver then reads a pointer to another (into the driver's own members), or hands one back as an untyped pointer the driver uses without naming the type",
		func(fc *frontend.Config, lc *lockset.Options) { fc.Regions.NoFreshLocalTypes = true }},
	{"callback-locks",
		"a lock one callback returns holding on every path is held, from their entry, by the callbacks the kernel then calls on the same thread before the bracket ends (models.CallbackBrackets: usb_driver post_reset after pre_reset, usb_reset_device in drivers/usb/core/hub.c being their only caller); only under one device and one lock per lock field",
		"a race of a callback inside the bracket if the kernel called it without the opening callback first (another caller of post_reset), or the driver released the lock in between on another thread",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoCallbackLocks = true }},
	{"irq-chip-bus-lock",
		"the irq core calls an irq_chip's irq_enable, irq_disable and irq_set_type only between its irq_bus_lock and irq_bus_sync_unlock (chip_bus_lock, kernel/irq/internals.h), on one thread, so a lock irq_bus_lock returns holding is held in them (a callback-locks bracket, like irq_bus_sync_unlock and irq_set_wake, which are exact); a chip copied at run time is tied to its bus lock by the static initialiser that names both",
		"a race of those callbacks in the noirq phase of system sleep (suspend_device_irqs and resume_irqs in kernel/irq/pm.c disable and enable interrupts without the bus lock), for a chained or autoprobed line, in a hierarchy parent chip (called under the child's bus lock), or in a copied chip whose irq_bus_lock the driver replaces by a copy of another",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "irq-chip-bus-lock")
		}},
	{"usb-disconnect-pm",
		"an interface driver's suspend, resume and reset_resume never run during its disconnect (rule usb-disconnect-pm): usb_unbind_interface holds a runtime PM reference on the usb_device (usb_autoresume_device, drivers/usb/core/driver.c) around ->disconnect, and when taking it fails, runtime PM of the device is disabled or in error and calls no callback; system sleep calls them from the usb_device's PM callbacks, under its device_lock, which disconnect holds",
		"a race between disconnect and a runtime resume or suspend that starts after usb_unbind_interface's autoresume failed for another reason (the parent hub failed to resume) and later succeeds",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "usb-disconnect-pm")
		}},
	{"xenbus-resume",
		"a Xen frontend driver's resume runs from the bus's .restore under device_lock, with probing blocked (xenbus_frontend_dev_resume, drivers/xen/xenbus/xenbus_probe_frontend.c; dpm_prepare), so never beside its probe, remove or another resume (rule xenbus-resume); not so when xenstored runs in this domain (XS_LOCAL), which defers the resume to a work item",
		"a race between a Xen frontend's resume and its probe, remove or another resume in a domain that runs xenstored itself (XS_LOCAL: dom0 with a local xenstored)",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "xenbus-resume")
		}},
	{"module-exports",
		"with --module in a kernel tree, an exported symbol (EXPORT_SYMBOL) that the files given use themselves (a call, an address in code or in an initialiser) and that no other C file or header of the tree names (but the headers beside the files) has no users outside them: an exported probe helper runs only inside the probes that call it, and an exported attribute groups array is only the dev_groups of the drivers that name it (ad525x_dpot.c with ad525x_dpot-i2c.c and -spi.c); any other export stays an entry point callable at any time",
		"races with a call of such a function, or a use of such an object, by an out-of-tree module, or by a tree file that reaches it through a macro or inline function of a header beside the files",
		func(fc *frontend.Config, lc *lockset.Options) { fc.OpenExports = true }},
	{"publication-objects",
		"a callback the driver stores only into the members of one object of a registration's struct type (gpio-viperboard.c's vb_gpio->gpiob.set) runs only once a registration names that object: the kernel calls it through the object it was handed (gpiolib calls a gpio_chip's operations through the gpio_device gpiochip_add_data_with_key made for that chip, drivers/gpio/gpiolib.c), so under one-device a probe that alone registers the class, and registers two objects of it (two chips), orders its writes before the second registration before the second object's callbacks; applied only where every registration of the class names an object of the struct type its callbacks are stored into",
		"a race with a callback whose pointer reaches another registered object by a block copy whoop does not follow (memcpy of one gpio_chip into another)",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoPublicationObjects = true }},
	{"publication-iterations",
		"a probe that registers one object per iteration of a loop (gpio-f7188x.c's banks: bank = &data->bank[i], then devm_gpiochip_add_data(dev, &bank->chip, bank)) writes the object of iteration i before any registration of it: the loop's pointer moves on by at least the object's size each iteration, and the probe alone publishes the class; a callback that reaches the object only through the data pointer its own registration stored (gpiochip_get_data(chip): gpiolib calls a chip's operations with the chip that was added, and returns the data it was added with, drivers/gpio/gpiolib.c) therefore runs after those writes. Under one-device; only the probe's own accesses through the loop's pointer before the registration, and only the callback's through the getter's pointer, within the struct",
		"a race between such a write and a callback's access when the callback's object is registered again, or its data pointer changed, by code whoop does not see (another module registering the same static bank, a block copy into the chip), or when something outside the loop changes the array base the loop reloads",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoPublicationIterations = true }},
	{"export-probe",
		"an exported function (EXPORT_SYMBOL) that alone makes a class of callbacks callable (it requests the interrupt, adds the adapter) is a probe helper: another module's bus probe calls it under the device's device_lock (really_probe, drivers/base/dd.c), once per binding of the one device (i2c-designware-common.c's i2c_dw_probe, called by the platform and PCI front ends' probes, calls i2c_dw_probe_master), so, like a probe, its writes before a registration come before the callbacks that registration publishes, and two calls of it never run their code before their registrations at once; and, as a probe, it never runs beside a system-sleep PM callback, since system sleep blocks probing (rule pm-freezer-export, also dropped by freezer)",
		"a race between such a function's writes before its registration and the callbacks an earlier call of it registered, when a caller calls it again (outside a probe, or twice for one device) while they are still registered, and between two such calls; a race between it and a system-sleep callback when it is called outside a probe",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoExportProbe = true }},
	{"helper-locks",
		"a kernel helper whose row names a lock of the kernel's own makes its accesses of driver memory holding it: fasync_helper reads and changes the driver's struct fasync_struct * head only under the global fasync_lock (fs/fcntl.c fasync_insert_entry, fasync_remove_entry), so two fasync calls do not race on it; kill_fasync's first read of the head, and the driver's own accesses, hold no such lock and still race with it",
		"a race between two calls of such a helper on one field if a kernel took the helper's accesses out of its lock",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoHelperLocks = true }},
	{"call-allocations",
		"two objects live at once are disjoint: an access through a pointer that must point into an object its own function's call allocated (its kzalloc, or the result of a driver function that returns its own allocation or an error code) and such an access of another, concurrent call are on two objects, whatever their region and wherever the pointers went since (the allocators, mm/slub.c, mm/vmalloc.c, drivers/base/devres.c, hand out memory no live object occupies)",
		"a use after free: one call still using its object after it was freed, while the other call's allocation got that memory",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoCallAllocations = true }},
	{"self-deadlock",
		"a mutex_lock or spin_lock (any unconditional form) of a driver's global mutex or spinlock that the calling thread already holds never returns, so the race check follows no path past it: neither lock is recursive, and only the owner releases it (kernel/locking/mutex.c, spinlock.c; Documentation/locking/mutex-design.rst); applied only to a global lock every operation of the file names exactly (no array element, struct field or kernel lock) that no callback holds on entry; the lock checks still report the second acquire as a double lock",
		"a race after such an acquire if another thread releases the lock it took (a non-owner mutex_unlock or spin_unlock, which the kernel forbids), so that the blocked thread goes on",
		func(fc *frontend.Config, lc *lockset.Options) { lc.NoSelfDeadlock = true }},
	{"setup-calls",
		"a kernel library's exported set-up calls that every caller in the tree makes from the probe that allocated the object, before registering it (models/setup.go: the rtc core's rtc_add_group and rtc_add_groups, read by device_add, __devm_rtc_register_device and devm_rtc_device_register, which register an rtc once, devm_rtc_nvmem_register on its config, the AMD MP2 core's amd_mp2_register_cb), never run at once on one object (rule setup-calls), only on two; their accesses to globals and to memory reached through loads are checked as before",
		"a race between two such calls on one object by a caller outside the tree, or one the rows' reading missed, that calls them from two threads (after registration, or from an interrupt handler)",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "setup-calls", "pm-freezer-setup", "setup-runtime-pm")
		}},
	{"setup-pm",
		"the set-up calls of setup-calls run in their callers' probes, so system sleep, which blocks probing (dpm_prepare's device_block_probing), never runs a system-sleep PM callback beside them (rule pm-freezer-setup, also dropped by freezer); and where a row says every caller holds a runtime PM reference on the library driver's device around the call (models/setup.go: i2c_amd_probe's pm_runtime_get_sync of the MP2 PCI device around amd_mp2_register_cb), that device's runtime suspend, resume and idle callbacks do not run during it (rule setup-runtime-pm)",
		"a race between a set-up call and the library's PM callbacks when a caller outside the tree, or one the rows' reading missed, makes the call outside a probe (from a work item while the system sleeps) or without holding the device awake",
		func(fc *frontend.Config, lc *lockset.Options) {
			lc.IgnoreRules = append(lc.IgnoreRules, "pm-freezer-setup", "setup-runtime-pm")
		}},
}

// applyNoAssume applies --no-assume and --param-aliasing to the options.
func applyNoAssume(c *cli.Context, fc *frontend.Config, lc *lockset.Options) error {
	if c.Bool("param-aliasing") {
		lc.ParamAliasing = true
	}
	for _, list := range c.StringSlice("no-assume") {
		for _, name := range strings.Split(list, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if name == "all" {
				for _, a := range assumptions {
					a.drop(fc, lc)
				}
				continue
			}
			found := false
			for _, a := range assumptions {
				if a.name == name {
					a.drop(fc, lc)
					found = true
				}
			}
			if !found {
				names := make([]string, len(assumptions))
				for i, a := range assumptions {
					names[i] = a.name
				}
				sort.Strings(names)
				return usageErrorf("--no-assume %s: unknown assumption (one of: all, %s; see whoop assumptions)", name, strings.Join(names, ", "))
			}
		}
	}
	return nil
}

// activeAssumptions lists the assumptions the command line keeps, for the
// HTML report's pages.
func activeAssumptions(c *cli.Context) []report.Assumption {
	dropped := map[string]bool{}
	if c.Bool("param-aliasing") {
		dropped["param-disjoint"] = true
	}
	for _, list := range c.StringSlice("no-assume") {
		for _, name := range strings.Split(list, ",") {
			dropped[strings.TrimSpace(name)] = true
		}
	}
	var out []report.Assumption
	for _, a := range assumptions {
		if !dropped[a.name] && !dropped["all"] {
			out = append(out, report.Assumption{Name: a.name, Means: a.means})
		}
	}
	return out
}

func assumeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "no-assume", Usage: "drop assumption `NAME` (comma-separated, or all); see whoop assumptions"},
		&cli.BoolFlag{Name: "param-aliasing", Usage: "let pointer parameters of one entry point alias (same as --no-assume param-disjoint)"},
	}
}

// assumptionsCommand is "whoop assumptions": the list of assumptions.
func assumptionsCommand() *cli.Command {
	return &cli.Command{
		Name:  "assumptions",
		Usage: "list what whoop assumes about the kernel and the driver, and how to drop each assumption",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageErrorf("whoop assumptions takes no arguments, got %q\nusage: whoop assumptions", c.Args().First())
			}
			w := c.App.Writer
			fmt.Fprintln(w, "whoop is sound under these assumptions; each one, if false, could hide a race.")
			fmt.Fprintln(w, "Drop any of them with --no-assume NAME (or --no-assume all): more pairs are then checked")
			fmt.Fprintln(w, "and more accesses reported.")
			fmt.Fprintln(w)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, a := range assumptions {
				fmt.Fprintf(tw, "%s\t%s\n", a.name, a.means)
				fmt.Fprintf(tw, "\tcould hide: %s\n", a.hides)
			}
			tw.Flush()
			fmt.Fprintln(w)
			fmt.Fprintln(w, "Also built in, without a switch: inline assembly, MMIO and port I/O touch no driver memory;")
			fmt.Fprintln(w, "the helpers of the models tables (memcpy, copy_from_user, kfree, ...) touch only the memory")
			fmt.Fprintln(w, "their rows say. See the README.")
			return nil
		},
	}
}
