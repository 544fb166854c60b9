package models

import (
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// Serialisation rules: which pairs of entry points the kernel never runs
// at the same time, one row per kernel mechanism. lockset.Pairs applies
// them; a pair no rule excludes is concurrent and gets checked.
//
// Rules match entry points by struct type and field (OpsRow keys), by
// role, or by the kernel locks their rows hold, never by field name alone.
// Module init and exit are not excluded from everything, as the original
// WHOOP did: init is paired with every entry point, and the lockset
// restricts it to the code after the registration that publishes that
// entry point (register.go); exit likewise to the code before the
// unregistration.

// Scope says how far one instance of a mechanism reaches.
type Scope uint8

const (
	// ScopeKernel: one mechanism for the whole kernel (rtnl_mutex, the
	// module loader). Matching pairs never run concurrently.
	ScopeKernel Scope = iota
	// ScopeDevice: one per device (device_lock, a device's transmit lock,
	// an interrupt line, a timer). Matching pairs never run concurrently
	// on one device. Under the one-device assumption (the default of
	// lockset.Pairs) the driver drives one device, so they never run
	// concurrently at all; without it they are concurrent.
	ScopeDevice
	// ScopeObject: one per object the callbacks receive (a struct file, a
	// tty, a seq_file). Matching pairs run concurrently only on different
	// objects: the pair is concurrent, with the two object parameters in
	// DistinctParams.
	ScopeObject
)

func (s Scope) String() string {
	switch s {
	case ScopeDevice:
		return "device"
	case ScopeObject:
		return "object"
	}
	return "kernel"
}

// Need is a driver fact a rule depends on (Facts).
type Need uint8

const (
	NeedNothing Need = iota
	// NeedOwner: side B's ops variable has .owner = THIS_MODULE.
	NeedOwner
	// NeedSingle: the entry point is registered once (not Facts.Repeated):
	// the rule is about one instance (one line, one timer, one thread), and
	// a driver that registers several at once runs several concurrently.
	NeedSingle
	// NeedDevGroup: side A's variable is a sysfs attribute that reaches
	// the kernel only through the dev_groups of side B's driver variable
	// (Facts.DevGroups).
	NeedDevGroup
	// NeedHardUnbind: the driver names neither soft_unbind nor
	// usb_driver_claim_interface (Facts.USBSoftUnbind, USBClaims): the USB
	// core stops all of its URBs before it calls disconnect.
	NeedHardUnbind
	// NeedPinged: side B's watchdog_ops variable names .ping
	// (Facts.Pinged).
	NeedPinged
	// NeedFrozen: side B only runs on freezable workqueues (Facts.Frozen).
	NeedFrozen
	// NeedAwake: side B is a set-up call whose callers hold the library
	// device awake (SetupAwake).
	NeedAwake
)

// Side selects the entry points on one side of a rule. An entry point
// matches if any criterion matches.
type Side struct {
	Rows       []string // OpsRow keys "struct.field", or "struct.*" for every callback of a struct
	Roles      []ir.Role
	Holds      string // the entry point's row holds this kernel lock (models.HeldLocks, base name)
	ModuleInit bool   // module init functions and initcalls
	ModuleExit bool   // module exit functions
	Setup      bool   // exported functions with a setup-call row (setup.go)
}

// Rule is one kernel serialisation mechanism.
type Rule struct {
	ID    string
	A, B  Side
	Scope Scope
	// SameEntry: only the pair of an entry point with itself.
	SameEntry bool
	// SameVar: both entry points come from one ops variable, or from
	// alternative bindings of one device (Facts.SameDevice).
	SameVar bool
	// SameLock: both hold the same identity of the Holds lock (device_lock
	// of the same driver).
	SameLock bool
	Needs    Need
	// Reason names the kernel mechanism; it is the pair's reason.
	Reason string
}

// Rules returns the serialisation rules, in the order they are tried.
func Rules() []Rule { return append([]Rule(nil), ruleTable...) }

// Match reports whether the rule applies to the pair (a, b) in either
// order; swapped is true when a matched side B. Params is the pair of
// object parameters (in a and b) for ScopeObject rules, from the rows'
// Object fields; -1 when unknown.
func (r Rule) Match(a, b *ir.EntryPoint, facts Facts) (ok bool, params [2]int) {
	params = [2]int{-1, -1}
	if r.SameEntry && a != b {
		return false, params
	}
	if r.SameVar && !facts.SameDevice(a, b) {
		return false, params
	}
	try := func(x, y *ir.EntryPoint) bool {
		return r.A.matches(x, facts) && r.B.matches(y, facts) && r.needs(x, y, facts) && r.sameLock(x, y, facts)
	}
	switch {
	case try(a, b):
	case try(b, a):
	default:
		return false, params
	}
	for i, ep := range [2]*ir.EntryPoint{a, b} {
		if r, ok := Row(ep); ok {
			params[i] = r.Object
		} else if p, ok := SetupObject(ep); ok {
			params[i] = p
		}
	}
	return true, params
}

// NotSingle returns why a NeedSingle rule whose sides match a and b does
// not keep them apart: one of them may have several instances at once
// (Facts.Repeated, with Facts.RepeatedWhy). It is "" when the rule matches,
// or does not match for another reason.
func (r Rule) NotSingle(a, b *ir.EntryPoint, facts Facts) string {
	if r.Needs != NeedSingle || (!facts.Repeated[a] && !facts.Repeated[b]) {
		return ""
	}
	single := facts
	single.Repeated = nil
	if ok, _ := r.Match(a, b, single); !ok {
		return ""
	}
	for _, ep := range []*ir.EntryPoint{a, b} {
		if facts.Repeated[ep] {
			why := facts.RepeatedWhy[ep]
			if why == "" {
				why = "it may be registered several times at once"
			}
			return "not " + r.ID + ": several instances of " + ep.Name() + " may run at once: " + why
		}
	}
	return ""
}

// Serialised returns the first rule that keeps a and b from running at the
// same time on one device: a rule of ScopeKernel or ScopeDevice (a rule of
// ScopeObject keeps them apart on one object only, so they still run at
// once on two). This is lockset.Pairs' decision under the one-device
// assumption with no rule ignored.
func Serialised(a, b *ir.EntryPoint, facts Facts) (Rule, bool) {
	for _, r := range ruleTable {
		if r.Scope == ScopeObject {
			continue
		}
		if ok, _ := r.Match(a, b, facts); ok {
			return r, true
		}
	}
	return Rule{}, false
}

func (r Rule) needs(x, y *ir.EntryPoint, facts Facts) bool {
	switch r.Needs {
	case NeedOwner:
		return y.Var != "" && facts.Owned[y.Var]
	case NeedSingle:
		return !facts.Repeated[x] && !facts.Repeated[y]
	case NeedDevGroup:
		return x.Var != "" && y.Var != "" && slices.Contains(facts.DevGroups[x.Var], y.Var)
	case NeedHardUnbind:
		return !facts.USBSoftUnbind && !facts.USBClaims
	case NeedPinged:
		return y.Var != "" && facts.Pinged[y.Var]
	case NeedFrozen:
		return facts.Frozen[y]
	case NeedAwake:
		return SetupAwake(y)
	}
	return true
}

func (r Rule) sameLock(x, y *ir.EntryPoint, facts Facts) bool {
	if !r.SameLock {
		return true
	}
	lx := HeldLocks(x, facts)
	for _, l := range HeldLocks(y, facts) {
		if lockBase(l) != r.A.Holds {
			continue
		}
		for _, m := range lx {
			if m == l {
				return true
			}
		}
	}
	return false
}

func lockBase(l string) string {
	if i := strings.IndexByte(l, ':'); i >= 0 {
		return l[:i]
	}
	return l
}

// Matches reports whether ep plays side s. Match calls it for both sides
// of every pair; callers that pair many entry points compute it once per
// entry point to skip the rules that cannot match.
func (s Side) Matches(ep *ir.EntryPoint, facts Facts) bool { return s.matches(ep, facts) }

func (s Side) matches(ep *ir.EntryPoint, facts Facts) bool {
	if s.ModuleInit && IsModuleLevel(ep) && ep.Role == ir.RoleInit {
		return true
	}
	if s.ModuleExit && IsModuleLevel(ep) && ep.Role == ir.RoleExit {
		return true
	}
	for _, role := range s.Roles {
		if ep.Role == role {
			return true
		}
	}
	if _, ok := SetupObject(ep); ok && s.Setup {
		return true
	}
	row, ok := Row(ep)
	if !ok || ep.Guessed {
		return false
	}
	for _, k := range s.Rows {
		if k == row.Key() || (strings.HasSuffix(k, ".*") && k[:len(k)-2] == row.Struct) {
			return true
		}
	}
	if s.Holds != "" {
		for _, l := range HeldLocks(ep, facts) {
			if lockBase(l) == s.Holds {
				return true
			}
		}
	}
	return false
}

func rows(structName string, fields ...string) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = structName + "." + f
	}
	return out
}

func holds(lock string) Side { return Side{Holds: lock} }

// systemSleep are the system-sleep PM callbacks of one device: the PM core
// runs them phase after phase.
var systemSleep = append(append(append(rows("dev_pm_ops",
	"prepare", "complete", "suspend", "resume", "freeze", "thaw", "poweroff", "restore",
	"suspend_late", "resume_early", "freeze_late", "thaw_early", "poweroff_late", "restore_early",
	"suspend_noirq", "resume_noirq", "freeze_noirq", "thaw_noirq", "poweroff_noirq", "restore_noirq"),
	rows("pci_driver", "suspend", "resume", "suspend_late", "resume_early")...),
	rows("platform_driver", "suspend", "resume")...),
	append(append(rows("device_driver", "suspend", "resume"), rows("pnp_driver", "suspend", "resume")...),
		rows("isa_driver", "suspend", "resume")...)...)

// urbCompletions are the completion handlers of the URBs the usb_fill_*
// helpers fill (register.go).
var urbCompletions = []string{"usb_fill_int_urb.complete", "usb_fill_bulk_urb.complete", "usb_fill_control_urb.complete"}

// deviceRelease are the release callbacks of a struct device.
var deviceRelease = []string{"device_type.release", "class.dev_release"}

// userTasks are the callbacks only a system call of a user-space task
// reaches: the file operations of character devices, misc devices, proc
// and debugfs files (and the seq_file operations inside them), sysfs
// attributes (kernfs_fop_read_iter and kernfs_fop_write_iter), and the
// watchdog operations that only the watchdog device's ioctl and sysfs
// files call (watchdog_dev.c: watchdog_get_status, watchdog_set_timeout,
// watchdog_set_pretimeout, watchdog_get_timeleft, watchdog_ioctl_op).
// Not block or tty operations (the hibernation image is written through
// the block layer, ttys are driven by the line discipline's work and the
// console), nor rtc, hwmon, led or input callbacks (kernel code calls
// them: alarmtimer, thermal, triggers, input handlers).
var userTasks = []string{"file_operations.*", "seq_operations.*", "nsc_gpio_ops.*", "device_attribute.*",
	"driver_attribute.*", "bus_attribute.*", "class_attribute.*", "kobj_attribute.*", "watchdog_ops.status",
	"watchdog_ops.set_timeout", "watchdog_ops.set_pretimeout", "watchdog_ops.get_timeleft", "watchdog_ops.ioctl"}

// busProbes are the probe callbacks the driver core calls from
// really_probe (driver_probe_device), directly or through the bus's probe.
var busProbes = []string{"device_driver.probe", "pci_driver.probe", "platform_driver.probe", "amba_driver.probe",
	"pnp_driver.probe", "isa_driver.probe", "ps3_system_bus_driver.probe", "usb_driver.probe", "i2c_driver.probe",
	"spi_driver.probe", "acpi_device_ops.add", "cx_drv.probe", "usb_serial_driver.probe", "usb_serial_driver.attach",
	"usb_serial_driver.port_probe", "mei_cl_driver.probe"}

// usbSerialPortOps are the usb-serial callbacks that act on a registered port.
var usbSerialPortOps = rows("usb_serial_driver",
	"port_probe", "port_remove", "open", "close", "write", "write_room", "ioctl", "set_termios", "break_ctl",
	"chars_in_buffer", "wait_until_sent", "tx_empty", "throttle", "unthrottle", "tiocmget", "tiocmset",
	"tiocmiwait", "get_icount", "dtr_rts", "carrier_raised", "read_int_callback", "write_int_callback",
	"read_bulk_callback", "write_bulk_callback", "process_read_urb", "prepare_write_buffer")

// oneInstance ends the reason of every NeedSingle rule: the rule is about
// one instance, and Facts.Repeated says whether the driver registers just
// one (a registration in a loop, or in code that may run twice at once,
// makes several, unless each names the same global object or line).
const oneInstance = "; the driver makes one instance of it (it registers it once, or always the same global timer, work item, tasklet or interrupt line)"

var ruleTable = []Rule{
	// Module loading (kernel/module.c, init/main.c).
	{ID: "module-init-once", A: Side{ModuleInit: true}, B: Side{ModuleInit: true}, Scope: ScopeKernel,
		Reason: "module initialisation runs once and alone: do_init_module calls a module's init function " +
			"once (a second load waits in add_unformed_module, then fails), and built-in initcalls run one " +
			"after another in do_initcalls"},
	{ID: "module-exit-once", A: Side{ModuleExit: true}, B: Side{ModuleExit: true}, Scope: ScopeKernel,
		Reason: "delete_module runs a module's exit function once: a second rmmod finds the module no longer LIVE"},
	{ID: "module-init-exit", A: Side{ModuleInit: true}, B: Side{ModuleExit: true}, Scope: ScopeKernel,
		Reason: "delete_module refuses a module that is still initialising (state COMING is not LIVE), so exit " +
			"never overlaps init"},
	{ID: "module-ref", A: Side{ModuleExit: true},
		B: Side{Rows: append([]string{"file_operations.*"},
			rows("block_device_operations", "open", "release", "ioctl", "compat_ioctl", "getgeo")...)},
		Scope: ScopeKernel, Needs: NeedOwner,
		Reason: "module reference counting: every open file holds a reference on the ops' owner (fops_get, " +
			"get_disk), and delete_module runs the exit function only once the count is zero and the module " +
			"is GOING, when no file can be open or opened (forced unload excepted)"},

	// The driver core and the PM core (drivers/base).
	{ID: "device-lock", A: holds(DeviceLock), B: holds(DeviceLock), SameLock: true, Scope: ScopeDevice,
		Reason: "device_lock(dev): the driver core holds it around probe, remove and shutdown, the PM core " +
			"around prepare, suspend, resume, freeze, thaw, poweroff, restore and complete"},
	{ID: "pm-phases", A: Side{Rows: systemSleep}, B: Side{Rows: systemSleep}, SameVar: true, Scope: ScopeDevice,
		Reason: "the PM core runs one device's system-sleep callbacks phase after phase (dpm_prepare, " +
			"dpm_suspend, dpm_suspend_late, dpm_suspend_noirq and the resume phases), each phase finishing " +
			"before the next starts"},
	{ID: "runtime-pm", A: Side{Rows: rows("dev_pm_ops", "runtime_suspend", "runtime_resume")},
		B: Side{Rows: rows("dev_pm_ops", "runtime_suspend", "runtime_resume")}, SameVar: true, Scope: ScopeDevice,
		Reason: "runtime PM status (RPM_SUSPENDING/RPM_RESUMING under dev->power.lock): the PM core never runs " +
			"->runtime_suspend and ->runtime_resume of one device at the same time, nor two of either"},
	{ID: "runtime-idle", A: Side{Rows: rows("dev_pm_ops", "runtime_idle")},
		B: Side{Rows: rows("dev_pm_ops", "runtime_idle")}, SameVar: true, Scope: ScopeDevice,
		Reason: "dev->power.idle_notification: rpm_idle does not start ->runtime_idle while one runs"},

	{ID: "pm-freezer", A: Side{Rows: systemSleep},
		B:     Side{Rows: append(append([]string(nil), userTasks...), busProbes...), ModuleInit: true, ModuleExit: true},
		Scope: ScopeKernel,
		Reason: "system sleep freezes user space and blocks probing: enter_state and hibernate call " +
			"freeze_processes before the first PM callback and thaw_processes after the last (a task that " +
			"cannot freeze within pm_freeze_timeout aborts the transition; Debian sets CONFIG_SUSPEND_FREEZER), " +
			"so no system call of a user task (a file operation, a sysfs access, insmod's module init, rmmod's " +
			"exit) runs beside the system-sleep callbacks, and dpm_prepare calls wait_for_device_probe and " +
			"device_block_probing (really_probe defers every probe until dpm_complete unblocks it)"},

	// Linux 6.12 drivers/watchdog/watchdog_dev.c: ->start is called by
	// watchdog_start (from watchdog_open and WDIOC_SETOPTIONS, system
	// calls of a user task) and by __watchdog_ping only when ->ping is
	// NULL; __watchdog_ping is what the core's ping worker (the watchdogd
	// kthread worker, not freezable), the PM notifier and the
	// registration call.
	{ID: "pm-freezer-watchdog", A: Side{Rows: systemSleep}, B: Side{Rows: rows("watchdog_ops", "start")},
		Scope: ScopeKernel, Needs: NeedPinged,
		Reason: "system sleep freezes user space (freeze_processes before the first PM callback, thaw_processes " +
			"after the last), and a watchdog_ops with a .ping has its .start called only from a user task: " +
			"watchdog_start in watchdog_open or the WDIOC_SETOPTIONS ioctl (drivers/watchdog/watchdog_dev.c; " +
			"__watchdog_ping, which the ping worker runs, calls .start only when .ping is NULL)"},

	{ID: "pm-freezer-work", A: Side{Rows: systemSleep}, B: Side{Roles: []ir.Role{ir.RoleWork}},
		Scope: ScopeKernel, Needs: NeedFrozen,
		Reason: "system sleep freezes the freezable workqueues: freeze_kernel_threads calls " +
			"freeze_workqueues_begin and waits for the work in flight (freeze_workqueues_busy) before the " +
			"first system-sleep callback, and thaw_processes thaws them after the last; a work item queued " +
			"only on such queues (system_freezable_wq, tifm_queue_work's) never runs beside those callbacks"},

	{ID: "dev-groups", A: Side{Rows: []string{"device_attribute.*", "attribute_group.is_visible"}},
		B: Side{Rows: append(append(append(append(rows("i2c_driver", "probe", "remove"),
			rows("platform_driver", "probe", "remove", "remove_new")...), rows("pci_driver", "probe", "remove")...),
			rows("spi_driver", "probe", "remove")...), rows("usb_driver", "probe", "disconnect")...)},
		Needs: NeedDevGroup, Scope: ScopeDevice,
		Reason: "a driver's dev_groups attributes exist only while it is bound: really_probe adds them " +
			"(device_add_groups) after ->probe returns, and device_remove removes them (sysfs_remove_groups, " +
			"which waits for running show/store calls) before ->remove; their group's is_visible runs only " +
			"inside that device_add_groups (create_files, fs/sysfs/group.c)"},

	{ID: "device-release", A: Side{Rows: deviceRelease}, B: Side{Rows: deviceRelease}, Scope: ScopeObject,
		Reason: "a struct device is released once: kobject_put calls device_release from kobject_cleanup when " +
			"the last reference is dropped, and device_release calls one of dev->release, type->release and " +
			"class->dev_release, so no two release callbacks run on one device"},

	{ID: "usb-unbind", A: Side{Rows: []string{"usb_fill_int_urb.complete", "usb_fill_bulk_urb.complete"}}, B: Side{Rows: rows("usb_driver", "disconnect")},
		Needs: NeedHardUnbind, Scope: ScopeDevice,
		Reason: "usb_unbind_interface (drivers/usb/core/driver.c) disables the interface's endpoints before it " +
			"calls ->disconnect of a driver without soft_unbind: usb_disable_interface flushes every URB and " +
			"waits for its completion handler (usb_hcd_flush_endpoint), and a disabled endpoint takes no new " +
			"URB (usb_hcd_link_urb_to_ep), so no interrupt or bulk completion runs beside disconnect"},

	{ID: "usb-device-lock", A: holds(USBDevLock), B: holds(USBDevLock), SameLock: true, Scope: ScopeDevice,
		Reason: "the usb_device's lock: the driver core holds it (the interface type's need_parent_lock, " +
			"drivers/base/dd.c) around an interface driver's probe and disconnect, usb_disconnect holds " +
			"usb_lock_device, and usb_reset_device, which calls pre_reset and post_reset, requires it " +
			"(usb_lock_device_for_reset)"},

	{ID: "urb-complete", A: Side{Rows: urbCompletions}, B: Side{Rows: urbCompletions},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "a URB completes once per submission and usb_submit_urb refuses a URB still in flight " +
			"(-EBUSY while urb->hcpriv is set), and usb_hcd_giveback_urb calls the completions of one host " +
			"controller one at a time (from its bottom-half work item, or from its interrupt handler), so one " +
			"URB's completion handler never runs twice at once" + oneInstance},

	// Linux 6.12 drivers/usb/core/driver.c: usb_probe_interface takes a
	// runtime PM reference on the usb_device (usb_autoresume_device)
	// before it marks the interface USB_INTERFACE_BINDING and calls
	// ->probe, and drops it (usb_autosuspend_device) after ->probe
	// returns. An interface driver's suspend, resume and reset_resume are
	// called only from usb_suspend_both and usb_resume_both of that
	// usb_device (usb_suspend_interface, usb_resume_interface), on its
	// runtime suspend and resume (blocked while the reference is held:
	// rpm_suspend refuses a device whose usage count is not 0, and the
	// autoresume ran while the interface was still UNBOUND, which
	// usb_resume_interface skips) or on system sleep, which blocks
	// probing (the freezer assumption, as rule pm-freezer).
	{ID: "usb-probe-pm", A: Side{Rows: rows("usb_driver", "suspend", "resume", "reset_resume")},
		B: Side{Rows: rows("usb_driver", "probe")}, SameVar: true, Scope: ScopeDevice,
		Reason: "usb_probe_interface holds a runtime PM reference on the usb_device (usb_autoresume_device) " +
			"around ->probe, so the device's runtime suspend and resume, which call the interface driver's " +
			"suspend, resume and reset_resume (usb_suspend_both, usb_resume_both), do not run during it, and " +
			"system sleep blocks probing (dpm_prepare: wait_for_device_probe, device_block_probing)"},

	// Linux 6.12 drivers/usb/core/driver.c: usb_unbind_interface, which
	// calls ->disconnect, first takes a runtime PM reference on the
	// usb_device (usb_autoresume_device: when it fails, runtime PM of
	// the device is disabled or in error and rpm_resume and rpm_suspend
	// call no callback) and drops it after ->disconnect returned, so the
	// runtime suspend and resume of the device (usb_suspend_both,
	// usb_resume_both), which call the interface driver's suspend,
	// resume and reset_resume, do not run during it. System sleep calls
	// them from the usb_device's own PM callbacks (usb_dev_suspend,
	// usb_dev_resume, ...), which the PM core runs under
	// device_lock(&udev->dev) (drivers/base/power/main.c, device_suspend
	// and device_resume), the lock disconnect runs under (rule
	// usb-device-lock: need_parent_lock, usb_disconnect).
	{ID: "usb-disconnect-pm", A: Side{Rows: rows("usb_driver", "suspend", "resume", "reset_resume")},
		B: Side{Rows: rows("usb_driver", "disconnect")}, SameVar: true, Scope: ScopeDevice,
		Reason: "usb_unbind_interface holds a runtime PM reference on the usb_device (usb_autoresume_device) " +
			"around ->disconnect, so the device's runtime suspend and resume, which call the interface driver's " +
			"suspend, resume and reset_resume (usb_suspend_both, usb_resume_both), do not run during it, and " +
			"system sleep calls them from the usb_device's PM callbacks under its device_lock, which disconnect " +
			"holds (need_parent_lock, usb_disconnect)"},

	// Linux 6.12 drivers/xen/xenbus/xenbus_probe_frontend.c: a frontend
	// driver's ->resume is called only by xenbus_dev_resume
	// (xenbus_probe.c), from xenbus_frontend_dev_resume, the .restore of
	// the bus's dev_pm_ops, which the PM core calls under device_lock
	// while probing is blocked (dpm_prepare: device_block_probing); its
	// ->remove runs under the same device_lock (xenbus_dev_remove from
	// device_remove). Not when xenstored runs in this domain
	// (XS_LOCAL): the resume is then deferred to a work item
	// (xenbus_frontend_delayed_resume) without the lock.
	{ID: "xenbus-resume", A: Side{Rows: rows("xenbus_driver", "resume")},
		B: Side{Rows: rows("xenbus_driver", "probe", "remove", "resume")}, SameVar: true, Scope: ScopeDevice,
		Reason: "a Xen frontend's ->resume runs from the bus's .restore (xenbus_frontend_dev_resume, " +
			"xenbus_dev_resume) under device_lock with probing blocked (dpm_prepare), and ->remove under the same " +
			"device_lock (xenbus_dev_remove); only when xenstored runs in this domain (XS_LOCAL) is the resume " +
			"deferred to a work item"},

	// Networking (net/core).
	{ID: "rtnl", A: holds(RTNL), B: holds(RTNL), Scope: ScopeKernel,
		Reason: "rtnl_mutex: the networking core calls these net_device_ops and ethtool_ops callbacks with " +
			"rtnl_lock held (__dev_open, __dev_close_many, dev_ifsioc, dev_ethtool, __netdev_update_features)"},
	{ID: "tx-lock", A: holds(TxLock), B: holds(TxLock), Scope: ScopeDevice,
		Reason: "the transmit lock: the core holds the queue's _xmit_lock around ndo_start_xmit " +
			"(HARD_TX_LOCK), and dev_watchdog holds netif_tx_lock, every queue frozen, around ndo_tx_timeout"},
	{ID: "addr-lock", A: holds(AddrListLock), B: holds(AddrListLock), Scope: ScopeDevice,
		Reason: "netif_addr_lock_bh(dev) is held around ndo_set_rx_mode (__dev_set_rx_mode)"},
	{ID: "napi", A: Side{Roles: []ir.Role{ir.RoleNAPI}}, B: Side{Roles: []ir.Role{ir.RoleNAPI}},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "NAPI_STATE_SCHED: only the owner of a napi_struct's SCHED bit polls it, and netpoll takes " +
			"napi->poll_lock" + oneInstance},

	// Files (fs/).
	{ID: "file-open", A: Side{Rows: rows("file_operations", "open")}, B: Side{Rows: []string{"file_operations.*"}},
		Scope: ScopeObject,
		Reason: "a file being opened is not yet in any file table (do_dentry_open calls ->open before " +
			"fd_install), so no other operation runs on that file"},
	{ID: "file-release", A: Side{Rows: rows("file_operations", "release")}, B: Side{Rows: []string{"file_operations.*"}},
		Scope: ScopeObject,
		Reason: "->release runs from __fput once the last reference to the file is gone, so no other " +
			"operation runs on that file"},
	{ID: "seq-file", A: Side{Rows: []string{"seq_operations.*"}}, B: Side{Rows: []string{"seq_operations.*"}},
		Scope:  ScopeObject,
		Reason: "seq_read and seq_lseek hold the seq_file's m->lock around ->start, ->next, ->show and ->stop"},

	// Block devices (fs/block_dev.c, block/).
	{ID: "bd-mutex", A: holds(BdMutex), B: holds(BdMutex), Scope: ScopeDevice,
		Reason: "__blkdev_get and __blkdev_put hold the whole disk's bd_mutex around ->open and ->release"},
	{ID: "queue-lock", A: Side{Rows: rows("blk_init_queue", "request_fn")},
		B:         Side{Rows: append(rows("blk_init_queue", "request_fn"), rows("blk_init_queue_node", "request_fn")...)},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "__blk_run_queue runs q->request_fn with q->queue_lock held" + oneInstance},

	// tty and usb-serial (drivers/tty, drivers/usb/serial).
	{ID: "tty-open-close", A: Side{Rows: rows("tty_operations", "open", "close", "hangup")},
		B: Side{Rows: rows("tty_operations", "open", "close", "hangup")}, Scope: ScopeObject,
		Reason: "tty_open, tty_release and __tty_hangup hold tty_lock(tty) around ->open, ->close and ->hangup " +
			"(drivers/tty/tty_io.c)"},
	{ID: "termios", A: Side{Rows: []string{"tty_operations.set_termios", "usb_serial_driver.set_termios"}},
		B: Side{Rows: []string{"tty_operations.set_termios", "usb_serial_driver.set_termios"}}, Scope: ScopeObject,
		Reason: "tty_set_termios holds tty->termios_rwsem for writing around ->set_termios"},
	{ID: "usb-serial-port", A: Side{Rows: rows("usb_serial_driver", "open", "close")},
		B: Side{Rows: rows("usb_serial_driver", "open", "close")}, Scope: ScopeObject,
		Reason: "tty_port_open and tty_port_shutdown hold the port's port->mutex around ->open and ->close"},
	{ID: "usb-serial-attach", A: Side{Rows: rows("usb_serial_driver", "probe", "attach")},
		B: Side{Rows: usbSerialPortOps}, SameVar: true, Scope: ScopeDevice,
		Reason: "usb_serial_probe calls ->probe and ->attach before it registers any port, so no port " +
			"callback can run yet"},

	// Class devices.
	{ID: "i2c-bus-lock", A: holds(I2CBusLock), B: holds(I2CBusLock), SameLock: true, Scope: ScopeDevice,
		Reason: "the adapter's bus lock: i2c_transfer and i2c_smbus_xfer hold i2c_lock_bus(adap) around " +
			"the algorithm's transfer callbacks (__i2c_lock_bus_helper, drivers/i2c/i2c-core-base.c, " +
			"i2c-core-smbus.c), one transfer on one adapter at a time"},
	{ID: "watchdog-lock", A: holds(WatchdogLock), B: holds(WatchdogLock), Scope: ScopeDevice,
		Reason: "watchdog_dev.c holds wdd->lock around the watchdog_ops calls"},
	{ID: "watchdog-open", A: Side{Rows: rows("watchdog_ops", "start", "ping")},
		B: Side{Rows: rows("watchdog_ops", "set_timeout", "set_pretimeout", "ioctl")}, SameVar: true, Scope: ScopeDevice,
		Reason: "watchdog_open calls ->start or ->ping without wdd->lock, but the device is single-open " +
			"(_WDOG_DEV_OPEN) and ->set_timeout, ->set_pretimeout and ->ioctl come only from an open " +
			"file's ioctl, under wdd->lock like every other ->start and ->ping"},
	{ID: "watchdog-start", A: Side{Rows: rows("watchdog_ops", "start")}, B: Side{Rows: rows("watchdog_ops", "start")},
		SameVar: true, Scope: ScopeDevice,
		Reason: "->start runs from watchdog_open, which the device's single open (_WDOG_DEV_OPEN) admits " +
			"once, or from that open file's ioctl under wdd->lock: never twice at once"},
	{ID: "rtc-ops-lock", A: holds(RTCOpsLock), B: holds(RTCOpsLock), Scope: ScopeDevice,
		Reason: "the RTC core holds rtc->ops_lock around the time, alarm and ioctl operations"},
	{ID: "input-mutex", A: holds(InputMutex), B: holds(InputMutex), Scope: ScopeDevice,
		Reason: "input_open_device, input_close_device and input_flush_device hold dev->mutex"},
	{ID: "input-event-lock", A: holds(InputEventLock), B: holds(InputEventLock), Scope: ScopeDevice,
		Reason: "input_handle_event and the keycode helpers hold dev->event_lock"},
	{ID: "nfc-device-lock", A: holds(NFCDevLock), B: holds(NFCDevLock), Scope: ScopeDevice,
		Reason: "the NFC core holds device_lock(&nfc_dev->dev) around these nfc_ops calls"},
	{ID: "param-lock", A: holds(ParamLock), B: holds(ParamLock), Scope: ScopeKernel,
		Reason: "the global param_lock is held around module-parameter ->set and ->get"},

	{ID: "ipmi-watchers", A: holds(IPMIWatchersLock), B: holds(IPMIWatchersLock), Scope: ScopeKernel,
		Reason: "the IPMI message handler calls every ipmi_smi_watcher's new_smi and smi_gone with " +
			"smi_watchers_mutex held (ipmi_smi_watcher_register, ipmi_register_smi, ipmi_unregister_smi)"},
	{ID: "cpuhp", A: holds(CPUHPLock), B: holds(CPUHPLock), Scope: ScopeKernel,
		Reason: "CPU hotplug runs a hotplug state's callbacks one at a time: _cpu_up and _cpu_down hold " +
			"cpu_hotplug_lock for writing, and __cpuhp_setup_state, __cpuhp_state_add_instance and their " +
			"removals hold it for reading with cpuhp_state_mutex (kernel/cpu.c)"},

	// Deferred execution: none of these runs concurrently with itself.
	{ID: "irq-line", A: Side{Roles: []ir.Role{ir.RoleIRQ}}, B: Side{Roles: []ir.Role{ir.RoleIRQ}},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "the IRQ core never runs one line's handler on two CPUs at once: handle_*_irq finds " +
			"IRQD_IRQ_INPROGRESS set and marks the interrupt pending instead" + oneInstance},
	{ID: "irq-thread", A: Side{Roles: []ir.Role{ir.RoleThreaded}}, B: Side{Roles: []ir.Role{ir.RoleThreaded}},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "each irqaction has one handler thread (irq_thread), which runs the threaded handler one " +
			"invocation at a time" + oneInstance},
	{ID: "timer", A: Side{Roles: []ir.Role{ir.RoleTimer}}, B: Side{Roles: []ir.Role{ir.RoleTimer}},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "a timer's function never runs on two CPUs at once: the timer base records running_timer " +
			"and __mod_timer does not move a running timer to another base (del_timer_sync relies on it)" + oneInstance},
	{ID: "work", A: Side{Roles: []ir.Role{ir.RoleWork}}, B: Side{Roles: []ir.Role{ir.RoleWork}},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "workqueues are non-reentrant since Linux 3.7: a work item already executing is not " +
			"started on another worker (find_worker_executing_work)" + oneInstance},
	{ID: "tasklet", A: Side{Roles: []ir.Role{ir.RoleTasklet}}, B: Side{Roles: []ir.Role{ir.RoleTasklet}},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "TASKLET_STATE_RUN: tasklet_action skips a tasklet that runs on another CPU" + oneInstance},
	{ID: "kthread", A: Side{Rows: rows("kthread", "threadfn")}, B: Side{Rows: rows("kthread", "threadfn")},
		SameEntry: true, Needs: NeedSingle, Scope: ScopeDevice,
		Reason: "a kernel thread runs its function once" + oneInstance},

	// Kernel libraries' exported set-up calls (setup.go).
	{ID: "setup-calls", A: Side{Setup: true}, B: Side{Setup: true}, Scope: ScopeObject,
		Reason: "every caller calls these exported set-up functions from the one probe that allocated " +
			"the object, before it registers it, so two of them never run at once on one object"},
	// Set-up calls run in their callers' probes (assumption setup-pm): the
	// PM core blocks probing during system sleep as for the library's own
	// probes (rule pm-freezer), and a row's callers may hold the library
	// device awake.
	{ID: "pm-freezer-setup", A: Side{Rows: systemSleep}, B: Side{Setup: true}, Scope: ScopeKernel,
		Reason: "every caller makes these exported set-up calls from its probe, and system sleep blocks " +
			"probing: dpm_prepare calls wait_for_device_probe and device_block_probing, and really_probe " +
			"defers every probe until dpm_complete unblocks it"},
	{ID: "setup-runtime-pm", A: Side{Rows: rows("dev_pm_ops", "runtime_suspend", "runtime_resume", "runtime_idle")},
		B: Side{Setup: true}, Needs: NeedAwake, Scope: ScopeDevice,
		Reason: "every caller of this set-up call holds a runtime PM reference on the library driver's device " +
			"around it (pm_runtime_get_sync returns with the device active and its usage count raised), so " +
			"rpm_suspend and rpm_idle refuse it and rpm_resume has nothing to do: no runtime PM callback of " +
			"the device runs during the call"},
}

// LockPair is two callbacks of one device the kernel calls as a pair, the
// second only after the first returned 0: a lock the first leaves held
// and the second releases is held across by design (the lock state
// carries over), which the lock checks must not call a missing unlock or
// an unlock of an unheld lock.
type LockPair struct {
	First, Second string // OpsRow keys
	// Reason names the kernel code that calls them.
	Reason string
}

var lockPairs = []LockPair{
	{First: "usb_driver.pre_reset", Second: "usb_driver.post_reset",
		Reason: "usb_reset_device (drivers/usb/core/hub.c) calls ->pre_reset of each bound interface whose " +
			"driver has both, resets the device, then ->post_reset of each interface still bound: one whose " +
			"->pre_reset failed was unbound (usb_forced_unbind_intf) and needs binding"},
	{First: "irq_chip.irq_bus_lock", Second: "irq_chip.irq_bus_sync_unlock",
		Reason: "chip_bus_lock and chip_bus_sync_unlock (kernel/irq/internals.h) call ->irq_bus_lock and " +
			"->irq_bus_sync_unlock as a pair on one thread around the irq core's slow-bus operations " +
			"(__irq_get_desc_lock and __irq_put_desc_unlock, __setup_irq, __free_irq)"},
}

// LockPairs returns the callback pairs whose lock state carries over.
func LockPairs() []LockPair { return append([]LockPair(nil), lockPairs...) }

// Match reports whether a is the first and b the second callback of the
// pair for one driver variable.
func (p LockPair) Match(a, b *ir.EntryPoint) bool {
	if a.Var == "" || a.Var != b.Var || a.Guessed || b.Guessed {
		return false
	}
	ra, ok := Row(a)
	if !ok || ra.Key() != p.First {
		return false
	}
	rb, ok := Row(b)
	return ok && rb.Key() == p.Second
}

// DropRuleLocks returns locks without those a rule of ignored (rule IDs)
// holds: a kernel lock held for a callback is the same claim as the rule
// that serialises its holders, so dropping the rule drops the lock too.
func DropRuleLocks(locks, ignored []string) []string {
	if len(ignored) == 0 {
		return locks
	}
	return dropHeld(locks, func(r Rule) bool { return slices.Contains(ignored, r.ID) })
}

// DropDeviceLocks returns locks without the per-device ones (the Holds
// lock of a ScopeDevice rule: device_lock, the i2c bus lock, the transmit
// lock, ...): when a driver drives several devices, two callbacks hold two
// instances of such a lock, which protect nothing from each other.
func DropDeviceLocks(locks []string) []string {
	return dropHeld(locks, func(r Rule) bool { return r.Scope == ScopeDevice })
}

// dropHeld returns locks without the Holds lock of every rule that drop
// selects.
func dropHeld(locks []string, drop func(Rule) bool) []string {
	held := map[string]bool{}
	for _, r := range ruleTable {
		if r.A.Holds != "" && drop(r) {
			held[r.A.Holds] = true
		}
	}
	var out []string
	for _, l := range locks {
		if !held[lockBase(l)] {
			out = append(out, l)
		}
	}
	return out
}
