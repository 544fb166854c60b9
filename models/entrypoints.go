package models

import (
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// Entry-point table: one row per (kernel ops struct type, callback field).
// A row says what the callback is for the kernel (its role), how the kernel
// makes each argument, which kernel locks are held while it runs, and which
// publication class makes it callable (register.go). Rows are matched by
// struct type AND field, never by field name alone: a cdrom "reset" is not an
// ethtool "reset".
//
// Every lock claim names the kernel code that takes the lock (Linux 4.0).
// Where some caller runs the callback without the lock, the lock is not
// claimed: a claimed lock hides races.

// Identities of kernel locks held around callbacks, besides RTNL and TxLock
// (locks.go). Per-device locks are identified per driver, as lock fields
// are identified by struct type: the one-device assumption (pairs.go).
const (
	// AddrListLock is dev->addr_list_lock (netif_addr_lock_bh).
	AddrListLock = "netif_addr_lock"
	// DeviceLock is device_lock(dev) of the device a driver is bound to.
	// HeldLocks qualifies it with the driver variable ("device_lock:foo_driver"),
	// so two drivers of one module share it only when they are
	// alternative bindings of one device (Facts.Bindings).
	DeviceLock = "device_lock"
	// BdMutex is the whole disk's block_device.bd_mutex.
	BdMutex = "bd_mutex"
	// WatchdogLock is watchdog_device.lock (drivers/watchdog/watchdog_dev.c).
	WatchdogLock = "watchdog_device.lock"
	// RTCOpsLock is rtc_device.ops_lock (drivers/rtc/interface.c).
	RTCOpsLock = "rtc_device.ops_lock"
	// InputMutex is input_dev.mutex (drivers/input/input.c).
	InputMutex = "input_dev.mutex"
	// InputEventLock is input_dev.event_lock.
	InputEventLock = "input_dev.event_lock"
	// NFCDevLock is device_lock(&nfc_dev->dev) of the NFC core (net/nfc/core.c).
	NFCDevLock = "nfc_dev.device_lock"
	// ParamLock is the module-parameter mutex param_lock (kernel/params.c).
	ParamLock = "param_lock"
	// CPUHPLock is the CPU-hotplug exclusion around the callbacks of a
	// hotplug state (kernel/cpu.c): cpu_hotplug_lock held for writing by
	// _cpu_up and _cpu_down, and for reading with cpuhp_state_mutex by
	// __cpuhp_setup_state, __cpuhp_state_add_instance and their removals.
	CPUHPLock = "cpu_hotplug_lock"
	// IPMIWatchersLock is smi_watchers_mutex of the IPMI message handler
	// (drivers/char/ipmi/ipmi_msghandler.c), held around every call of an
	// ipmi_smi_watcher's new_smi and smi_gone.
	IPMIWatchersLock = "smi_watchers_mutex"
	// I2CBusLock is the bus lock of one i2c adapter (i2c_lock_bus,
	// adapter->bus_lock by default), which i2c_transfer and i2c_smbus_xfer
	// take around the algorithm's transfer callbacks. Per device, like
	// DeviceLock: qualified with the algorithm variable.
	I2CBusLock = "i2c_adapter.bus_lock"
	// USBDevLock is device_lock of the usb_device an interface belongs to
	// (usb_lock_device), held around an interface driver's probe and
	// disconnect (the USB interface type's need_parent_lock) and around
	// usb_reset_device, which calls pre_reset and post_reset. Per device,
	// like DeviceLock: qualified with the driver variable.
	USBDevLock = "usb_device.lock"
)

// perDevice are the held locks whose identity is the device a driver
// variable drives (HeldLocks qualifies them with it).
var perDevice = map[string]bool{DeviceLock: true, I2CBusLock: true, USBDevLock: true}

// ParamSpec says how the kernel makes one callback argument.
type ParamSpec uint8

const (
	ByType ParamSpec = iota // decide from the C type: pointer -> shared, else scalar
	Scalar                  // a value
	Shared                  // an object concurrent calls may share (struct file, net_device, ...)
	Fresh                   // a new object per call (the ppos copy, a poll table, an ethtool out-struct)
	User                    // a user-space pointer
)

// OpsRow is one callback of the kernel: a field of an ops struct, or the
// callback argument of a registration function (then Struct is the
// function's name, e.g. "request_irq", and Field names the argument).
type OpsRow struct {
	Struct string
	Field  string
	Role   ir.Role
	Params []ParamSpec // per parameter; missing entries are ByType
	// Held are the kernel locks held for the whole callback.
	Held []string
	// Class is the publication class that makes the callback callable
	// (register.go); "" means always callable once the module is loaded.
	Class string
	// Object is the index of the parameter naming the per-call object the
	// serialisation rules of pairs.go talk about (the struct file of a
	// file operation, the tty of a tty operation); -1 when none.
	Object int
}

// Key is "struct.field".
func (r OpsRow) Key() string { return r.Struct + "." + r.Field }

// Link is a struct field that leads to another ops struct: embedded
// (platform_driver.driver is a struct device_driver) or through a pointer
// (device_driver.pm points to a struct dev_pm_ops).
type Link struct {
	Struct, Field string
	To            string // the struct type reached
	Pointer       bool
	// Attribute: callbacks reached through this pointer belong to the
	// outer variable (the same device), e.g. a driver's PM operations.
	Attribute bool
}

// OpsField returns the row of callback field (a name, or a path through
// linked structs such as "driver.pm.suspend") of struct type structName.
func OpsField(structName, field string) (OpsRow, bool) {
	s, f, ok := ResolveField(structName, field)
	if !ok {
		return OpsRow{}, false
	}
	r, ok := opsTable[s+"."+f]
	return r, ok
}

// ResolveField follows field path through the link table and returns the
// struct type and field name the path ends in. Array subscripts ("[2]") are
// skipped. A one-component path resolves to itself.
func ResolveField(structName, path string) (string, string, bool) {
	comps := splitPath(path)
	if len(comps) == 0 {
		return "", "", false
	}
	s := structName
	for _, c := range comps[:len(comps)-1] {
		l, ok := linkTable[s+"."+c]
		if !ok {
			return "", "", false
		}
		s = l.To
	}
	return s, comps[len(comps)-1], true
}

// splitPath splits "driver.pm.suspend" or ".ops.add" or "[1].probe" into
// field names, dropping array subscripts.
func splitPath(path string) []string {
	var out []string
	for _, c := range strings.FieldsFunc(path, func(r rune) bool { return r == '.' }) {
		if i := strings.IndexByte(c, '['); i >= 0 {
			c = c[:i]
		}
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// LinkOf returns the link of field of structName, if the table has one.
func LinkOf(structName, field string) (Link, bool) {
	l, ok := linkTable[structName+"."+field]
	return l, ok
}

// KnownStruct reports whether the table has callback rows or links for
// struct type name.
func KnownStruct(name string) bool { return knownStructs[name] }

// OpsRows returns every row, sorted by key.
func OpsRows() []OpsRow {
	keys := sortedKeys(opsTable)
	rows := make([]OpsRow, len(keys))
	for i, k := range keys {
		rows[i] = opsTable[k]
	}
	return rows
}

// Row returns the table row of an entry point: its ops struct field, or
// its registration callback, or the module init/exit rows.
func Row(ep *ir.EntryPoint) (OpsRow, bool) {
	if ep.Field == "" {
		r, ok := opsTable[ep.Struct+"."]
		return r, ok
	}
	return OpsField(ep.Struct, ep.Field)
}

// ParamKinds returns how the kernel makes each parameter of a callback with
// the given parameter types, from the row's specs, else from the type: a
// pointer is shared, anything else a scalar. A spec that contradicts the
// type (a user pointer declared as unsigned long) yields to the type.
func ParamKinds(specs []ParamSpec, types []ir.Type) []ir.ParamKind {
	kinds := make([]ir.ParamKind, len(types))
	for i, t := range types {
		ptr := t != nil && isPointer(t)
		spec := ByType
		if i < len(specs) {
			spec = specs[i]
		}
		switch {
		case spec == ByType || (!ptr && spec != Scalar) || (ptr && spec == Scalar):
			if ptr {
				kinds[i] = ir.ParamShared
			} else {
				kinds[i] = ir.ParamScalar
			}
		case spec == Shared:
			kinds[i] = ir.ParamShared
		case spec == Fresh:
			kinds[i] = ir.ParamFresh
		case spec == User:
			kinds[i] = ir.ParamUser
		default:
			kinds[i] = ir.ParamScalar
		}
	}
	return kinds
}

func isPointer(t ir.Type) bool {
	switch ir.Unnamed(t).(type) {
	case *ir.Pointer, *ir.Array:
		return true
	}
	return false
}

// Facts are what the entry-point pass learns about a driver that changes
// which kernel locks its callbacks hold or how they pair. frontend/entry
// computes them (entry.FactsOf); the tables only read them.
type Facts struct {
	// LLTX: the driver names NETIF_F_LLTX, so the core may call
	// ndo_start_xmit without the transmit queue lock.
	LLTX bool
	// StopOnReboot: the driver names watchdog_stop_on_reboot (or its
	// WDOG_STOP_ON_REBOOT bit), so the watchdog core's reboot notifier may
	// call watchdog_ops.stop without wdd->lock.
	StopOnReboot bool
	// USBSoftUnbind: the driver names soft_unbind (a usb_driver that asks
	// the USB core to leave its URBs running into disconnect).
	// USBClaims: it names usb_driver_claim_interface (it drives interfaces
	// other than the one it was bound to, whose URBs the core does not
	// stop before the first one's disconnect).
	USBSoftUnbind, USBClaims bool
	// Owned lists ops variables whose .owner is THIS_MODULE.
	Owned map[string]bool
	// Pinged lists watchdog_ops variables that name a .ping callback: the
	// watchdog core then calls their .start only from watchdog_start.
	Pinged map[string]bool
	// Frozen marks work entry points that only freezable workqueues run:
	// every call that queues their object queues it on one
	// (RegAPI.Freezable, FreezableQueue), and some call does.
	Frozen map[*ir.EntryPoint]bool
	// Repeated marks entry points the driver may register several times at
	// once (several call sites, a call in a loop, a call in code that may
	// run twice at once): several instances of them may run concurrently.
	// RepeatedWhy says why, by entry point, for the pairs' notes.
	Repeated    map[*ir.EntryPoint]bool
	RepeatedWhy map[*ir.EntryPoint]string
	// ExtraLocks are locks a registration hands to the kernel to hold
	// around the callback (the queue lock of blk_init_queue), by entry point.
	ExtraLocks map[*ir.EntryPoint][]string
	// Escaped marks guessed entry points that reach the kernel only as
	// arguments of the kernel functions in EscapeCalls (ClassEscaped).
	Escaped     map[*ir.EntryPoint]bool
	EscapeCalls map[string]bool
	// DevGroups maps a sysfs attribute variable (dev_attr_foo), or an
	// attribute group variable (for its is_visible), to the driver
	// variables whose dev_groups are its only ways to the kernel (several
	// when the drivers of a module share one groups array): the driver
	// core adds those groups after probe and removes them before remove
	// (the "dev-groups" rule).
	DevGroups map[string][]string
	// SetsGroups: the driver names a member whose name ends in "groups"
	// (a device's groups, a device_type's, a class's dev_groups or
	// class_groups), in an initialiser or a store: only then can a
	// registration of RegAPI.GroupsOnly create files of its own.
	SetsGroups bool
	// Bindings maps each bus-driver variable that is one of several
	// alternative bindings of one device (a pnp_driver and a
	// platform_driver for one chip) to the name of its group: under the
	// one-device assumption the device is bound through one of them, so
	// they share its device_lock and its PM phases (SameDevice). nil when
	// the one-binding assumption is dropped.
	Bindings map[string]string
	// Objects identifies, per call of a registration-table function, what
	// it registers or withdraws (CallObject).
	Objects map[*ir.Call]CallObject
	// ObjectsOf lists, per entry point, its registration sites and what
	// each registers: a timer function set up for two timers has two.
	ObjectsOf map[*ir.EntryPoint][]SiteObject
}

// SiteObject is what one registration site of an entry point registers:
// the object, by CallObject's key ("" for one whoop cannot name), and
// whether the site may register several at once (it sits in a loop, or in
// a driver function called from several places).
type SiteObject struct {
	Object   string
	Repeated bool
}

// CallObject is what a call of a registration-table function registers,
// publishes or withdraws: the object of RegAPI.Object (the line of
// Instance, for interrupts), by the key the entry-point sites use
// ("global zf_timer", "struct foo.work", "irq 5"; "" when unknown), and
// for a row with Queue the workqueue, by its argument as written
// ("priv->wq"; "" when unknown).
type CallObject struct {
	Object, Queue string
}

// SameDevice reports whether a and b are callbacks of one device's driver:
// of one ops variable, or of alternative bindings of one device
// (Bindings).
func (f Facts) SameDevice(a, b *ir.EntryPoint) bool {
	if a.Var == "" || b.Var == "" {
		return false
	}
	return a.Var == b.Var || f.Bindings[a.Var] != "" && f.Bindings[a.Var] == f.Bindings[b.Var]
}

// device names the device the callbacks of driver variable v act on: its
// binding group, or v itself.
func (f Facts) device(v string) string {
	if g := f.Bindings[v]; g != "" {
		return g
	}
	return v
}

// HeldLocks returns the kernel locks held for the whole of entry point ep,
// sorted. device_lock is qualified by the driver variable (by its binding
// group, Facts.Bindings) and dropped when that is unknown, and so are the
// other perDevice locks; the transmit lock is dropped for LLTX drivers,
// and wdd->lock around watchdog_ops.stop for drivers that stop on reboot.
func HeldLocks(ep *ir.EntryPoint, facts Facts) []string {
	row, ok := Row(ep)
	var out []string
	if ok {
		for _, l := range row.Held {
			switch {
			case l == TxLock && facts.LLTX && row.Key() == "net_device_ops.ndo_start_xmit":
				continue
			case l == WatchdogLock && facts.StopOnReboot && row.Key() == "watchdog_ops.stop":
				continue
			case perDevice[l]:
				if ep.Var == "" {
					continue
				}
				l += ":" + facts.device(ep.Var)
			}
			out = append(out, l)
		}
	}
	out = append(out, facts.ExtraLocks[ep]...)
	sort.Strings(out)
	return dedupe(out)
}

func dedupe(xs []string) []string {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// GuessRole guesses the role of a callback in a struct the table does not
// know, from its field name: probe/init-like fields are init, remove/exit/
// disconnect-like fields are exit, everything else an ordinary entry.
func GuessRole(field string) ir.Role {
	f := strings.ToLower(field)
	for _, s := range []string{"remove", "exit", "disconnect", "detach", "cleanup", "teardown", "destroy"} {
		if strings.Contains(f, s) {
			return ir.RoleExit
		}
	}
	for _, s := range []string{"probe", "init", "attach", "setup"} {
		if strings.Contains(f, s) {
			return ir.RoleInit
		}
	}
	return ir.RoleEntry
}

// The table. Parameter specs are written as space-separated words:
// scalar, shared, fresh, user, or "-" for "by type".
var (
	opsTable     = map[string]OpsRow{}
	linkTable    = map[string]Link{}
	knownStructs = map[string]bool{}
)

type rowOpt func(*OpsRow)

func held(locks ...string) rowOpt { return func(r *OpsRow) { r.Held = locks } }
func object(i int) rowOpt         { return func(r *OpsRow) { r.Object = i } }

func specs(s string) []ParamSpec {
	var out []ParamSpec
	for _, w := range strings.Fields(s) {
		switch w {
		case "scalar":
			out = append(out, Scalar)
		case "shared":
			out = append(out, Shared)
		case "fresh":
			out = append(out, Fresh)
		case "user":
			out = append(out, User)
		case "-":
			out = append(out, ByType)
		default:
			panic("models: bad parameter spec " + w)
		}
	}
	return out
}

// ops adds the callbacks of one struct type, all in publication class.
func ops(structName, class string, rows ...OpsRow) {
	knownStructs[structName] = true
	for _, r := range rows {
		r.Struct = structName
		r.Class = class
		k := r.Key()
		if _, dup := opsTable[k]; dup {
			panic("models: duplicate entry-point row " + k)
		}
		opsTable[k] = r
	}
}

// cb is one callback row.
func cb(field string, role ir.Role, params string, opts ...rowOpt) OpsRow {
	r := OpsRow{Field: field, Role: role, Params: specs(params), Object: -1}
	for _, o := range opts {
		o(&r)
	}
	return r
}

func link(structName, field, to string, pointer, attribute bool) {
	knownStructs[structName] = true
	linkTable[structName+"."+field] = Link{Struct: structName, Field: field, To: to, Pointer: pointer, Attribute: attribute}
}

const (
	init_ = ir.RoleInit
	exit_ = ir.RoleExit
	entry = ir.RoleEntry
)

func init() {
	fileOps()
	blockOps()
	netOps()
	pmOps()
	busDrivers()
	ttyAndFriends()
	deferredWork()
	moduleRows()
	misc()
	busControllers()
}

// fileOps: file_operations (character devices, misc devices, proc and
// debugfs files), seq_operations, vm_operations_struct, nsc_gpio_ops.
// The VFS holds no lock of the driver's around these calls: f_pos_lock is
// taken only for regular files (FMODE_ATOMIC_POS), and the BKL that once
// surrounded .ioctl is gone. The struct file parameter is the Object the
// open/release rules of pairs.go use.
func fileOps() {
	ops("file_operations", ClassChardev,
		cb("llseek", entry, "shared scalar scalar", object(0)),
		// vfs_read/vfs_write get &pos, a copy of f_pos on the caller's stack.
		cb("read", entry, "shared user scalar fresh", object(0)),
		cb("write", entry, "shared user scalar fresh", object(0)),
		cb("aio_read", entry, "fresh fresh scalar scalar"),
		cb("aio_write", entry, "fresh fresh scalar scalar"),
		cb("read_iter", entry, "fresh fresh"), // the kiocb and iov_iter are per call
		cb("write_iter", entry, "fresh fresh"),
		cb("iterate", entry, "shared fresh", object(0)),
		cb("poll", entry, "shared fresh", object(0)), // a poll_table per poll call
		// Legacy .ioctl (BKL era, removed in 2.6.36); kept for old drivers. No lock.
		cb("ioctl", entry, "shared shared scalar scalar", object(1)),
		cb("unlocked_ioctl", entry, "shared scalar scalar", object(0)),
		cb("compat_ioctl", entry, "shared scalar scalar", object(0)),
		// mmap runs under the caller's mm->mmap_sem, a per-process lock: not claimed.
		cb("mmap", entry, "shared fresh", object(0)),
		cb("mremap", entry, "shared shared", object(0)),
		cb("open", entry, "shared shared", object(1)),
		cb("flush", entry, "shared scalar", object(0)),
		cb("release", entry, "shared shared", object(1)),
		cb("fsync", entry, "shared scalar scalar scalar", object(0)),
		cb("aio_fsync", entry, "fresh scalar"),
		cb("fasync", entry, "scalar shared scalar", object(1)),
		cb("lock", entry, "shared scalar fresh", object(0)),
		cb("sendpage", entry, "shared shared scalar scalar fresh scalar", object(0)),
		cb("get_unmapped_area", entry, "shared scalar scalar scalar scalar", object(0)),
		cb("check_flags", entry, "scalar"),
		cb("flock", entry, "shared scalar fresh", object(0)),
		cb("splice_write", entry, "shared shared shared scalar scalar", object(1)),
		// do_splice may pass &in->f_pos itself: the position is shared.
		cb("splice_read", entry, "shared shared shared scalar scalar", object(0)),
		cb("setlease", entry, "shared scalar shared shared", object(0)),
		cb("fallocate", entry, "shared scalar scalar scalar", object(0)),
		cb("show_fdinfo", entry, "shared shared", object(1)),
	)
	// seq_read and seq_lseek hold the seq_file's m->lock around start,
	// next, show and stop; the lock is per open file, so it is the Object
	// rule "seq-file" of pairs.go, not a held lock. The position argument
	// is a local copy in seq_read.
	ops("seq_operations", ClassChardev,
		cb("start", entry, "shared fresh", object(0)),
		cb("stop", entry, "shared shared", object(0)),
		cb("next", entry, "shared shared fresh", object(0)),
		cb("show", entry, "shared shared", object(0)),
	)
	// Called by the mm with mmap_sem held (per process): no claim.
	ops("vm_operations_struct", ClassChardev,
		cb("open", entry, "shared"),
		cb("close", entry, "shared"),
		cb("fault", entry, "shared fresh"),
		cb("map_pages", entry, "shared fresh"),
		cb("page_mkwrite", entry, "shared fresh"),
		cb("pfn_mkwrite", entry, "shared fresh"),
		cb("access", entry, "shared scalar user scalar scalar"),
	)
	// nsc_gpio_ops are called by the library's nsc_gpio_read/nsc_gpio_write,
	// which drivers install as their file_operations: file context, no lock.
	ops("nsc_gpio_ops", ClassChardev,
		cb("gpio_config", entry, "scalar scalar scalar"),
		cb("gpio_dump", entry, "shared scalar"),
		cb("gpio_get", entry, "scalar"),
		cb("gpio_set", entry, "scalar scalar"),
		cb("gpio_change", entry, "scalar"),
		cb("gpio_current", entry, "scalar"),
	)
	link("miscdevice", "fops", "file_operations", true, false)
	link("cdev", "ops", "file_operations", true, false)
	link("proc_dir_entry", "proc_fops", "file_operations", true, false)
	link("tty_operations", "proc_fops", "file_operations", true, false)
	link("vm_area_struct", "vm_ops", "vm_operations_struct", true, false)
	link("seq_file", "op", "seq_operations", true, false)
}

// blockOps: block_device_operations and cdrom_device_ops.
func blockOps() {
	ops("block_device_operations", ClassBlock,
		// __blkdev_get and __blkdev_put hold the whole disk's bd_mutex
		// around ->open and ->release.
		cb("open", entry, "shared scalar", held(BdMutex), object(0)),
		cb("release", entry, "shared scalar", held(BdMutex), object(0)),
		cb("rw_page", entry, "shared scalar shared scalar"),
		// blkdev_ioctl calls ->ioctl without a lock (the BKL is gone).
		cb("ioctl", entry, "shared scalar scalar scalar", object(0)),
		cb("compat_ioctl", entry, "shared scalar scalar scalar", object(0)),
		cb("direct_access", entry, "shared scalar fresh fresh scalar"),
		// The disk-events work and check_disk_change call these; the
		// latter from any context a driver chooses: no claim.
		cb("check_events", entry, "shared scalar"),
		cb("media_changed", entry, "shared"),
		cb("unlock_native_capacity", entry, "shared"),
		// revalidate_disk() calls ->revalidate_disk without bd_mutex.
		cb("revalidate_disk", entry, "shared"),
		// HDIO_GETGEO passes a struct hd_geometry on blkdev_ioctl's stack.
		cb("getgeo", entry, "shared fresh", object(0)),
		cb("swap_slot_free_notify", entry, "shared scalar"),
	)
	// cdrom_device_ops are called by the cdrom library from the driver's own
	// block operations (cdrom_open, cdrom_ioctl, ...): no lock of their own.
	ops("cdrom_device_ops", ClassBlock,
		cb("open", entry, "shared scalar"),
		cb("release", entry, "shared"),
		cb("drive_status", entry, "shared scalar"),
		cb("check_events", entry, "shared scalar scalar"),
		cb("media_changed", entry, "shared scalar"),
		cb("tray_move", entry, "shared scalar"),
		cb("lock_door", entry, "shared scalar"),
		cb("select_speed", entry, "shared scalar"),
		cb("select_disc", entry, "shared scalar"),
		cb("get_last_session", entry, "shared fresh"),
		cb("get_mcn", entry, "shared fresh"),
		cb("reset", entry, "shared"),
		cb("audio_ioctl", entry, "shared scalar shared"),
		cb("generic_packet", entry, "shared shared"),
	)
	link("gendisk", "fops", "block_device_operations", true, false)
	link("cdrom_device_info", "ops", "cdrom_device_ops", true, false)
}

// netOps: net_device_ops, ethtool_ops, mii_if_info, NAPI.
// Documentation/networking/netdevices.txt (4.0) gives the synchronisation:
// ndo_open, ndo_stop, ndo_do_ioctl: rtnl_lock; ndo_get_stats: dev_base_lock
// (read side, so not exclusive); ndo_start_xmit: __netif_tx_lock unless
// NETIF_F_LLTX; ndo_tx_timeout: netif_tx_lock, all queues frozen;
// ndo_set_rx_mode: netif_addr_lock. Where a caller outside that contract
// exists, the lock is not claimed (noted per row).
func netOps() {
	rtnl := held(RTNL)
	ops("net_device_ops", ClassNetdev,
		cb("ndo_init", entry, "shared", rtnl),   // register_netdevice: ASSERT_RTNL
		cb("ndo_uninit", entry, "shared", rtnl), // rollback_registered_many: ASSERT_RTNL
		cb("ndo_open", entry, "shared", rtnl),   // __dev_open: ASSERT_RTNL
		cb("ndo_stop", entry, "shared", rtnl),   // __dev_close_many: ASSERT_RTNL
		// HARD_TX_LOCK in sch_direct_xmit/__dev_queue_xmit/netpoll; the skb
		// belongs to the driver for this call.
		cb("ndo_start_xmit", entry, "fresh shared", held(TxLock)),
		cb("ndo_select_queue", entry, "shared fresh shared shared"),
		cb("ndo_change_rx_flags", entry, "shared scalar", rtnl), // __dev_set_promiscuity: ASSERT_RTNL
		// __dev_set_rx_mode is always called under netif_addr_lock_bh;
		// not all callers (dev_mc_add from protocols) hold RTNL.
		cb("ndo_set_rx_mode", entry, "shared", held(AddrListLock)),
		// dev_set_mac_address calls call_netdevice_notifiers: ASSERT_RTNL.
		cb("ndo_set_mac_address", entry, "shared fresh", rtnl),
		cb("ndo_validate_addr", entry, "shared", rtnl), // from __dev_open
		// dev_ioctl takes rtnl_lock around dev_ifsioc, but bonding with
		// use_carrier=0 calls SIOCGMIIREG from its MII monitor under RCU
		// only: not claimed.
		cb("ndo_do_ioctl", entry, "shared fresh scalar"),
		cb("ndo_set_config", entry, "shared fresh", rtnl),              // dev_ifsioc SIOCSIFMAP under rtnl_lock
		cb("ndo_change_mtu", entry, "shared scalar", rtnl),             // dev_set_mtu notifies: ASSERT_RTNL
		cb("ndo_neigh_setup", entry, "shared shared", rtnl),            // neigh_parms_alloc from addrconf/arp under RTNL
		cb("ndo_tx_timeout", entry, "shared", held(TxLock)),            // dev_watchdog: netif_tx_lock
		cb("ndo_get_stats64", entry, "shared fresh"),                   // dev_get_stats: /proc/net/dev under RCU only
		cb("ndo_get_stats", entry, "shared"),                           // same
		cb("ndo_vlan_rx_add_vid", entry, "shared scalar scalar", rtnl), // vlan_vid_add: ASSERT_RTNL
		cb("ndo_vlan_rx_kill_vid", entry, "shared scalar scalar", rtnl),
		// netpoll_poll_dev calls it from any context (netconsole): no lock.
		cb("ndo_poll_controller", entry, "shared"),
		cb("ndo_netpoll_setup", entry, "shared shared", rtnl),    // netpoll_setup holds rtnl_lock
		cb("ndo_netpoll_cleanup", entry, "shared", rtnl),         // netpoll_cleanup holds rtnl_lock
		cb("ndo_set_vf_mac", entry, "shared scalar fresh", rtnl), // do_setvfinfo under RTNL
		cb("ndo_set_vf_vlan", entry, "shared scalar scalar scalar", rtnl),
		cb("ndo_set_vf_rate", entry, "shared scalar scalar scalar", rtnl),
		cb("ndo_set_vf_spoofchk", entry, "shared scalar scalar", rtnl),
		cb("ndo_get_vf_config", entry, "shared scalar fresh", rtnl),
		cb("ndo_set_vf_link_state", entry, "shared scalar scalar", rtnl),
		cb("ndo_setup_tc", entry, "shared scalar", rtnl),
		cb("ndo_add_slave", entry, "shared shared", rtnl),
		cb("ndo_del_slave", entry, "shared shared", rtnl),
		cb("ndo_fix_features", entry, "shared scalar", rtnl), // __netdev_update_features: ASSERT_RTNL
		cb("ndo_set_features", entry, "shared scalar", rtnl),
		cb("ndo_change_carrier", entry, "shared scalar", rtnl),
		cb("ndo_get_phys_port_id", entry, "shared fresh", rtnl),
		cb("ndo_features_check", entry, "fresh shared scalar"),
	)
	// include/linux/ethtool.h: "Callers must hold the RTNL lock"; dev_ioctl
	// takes rtnl_lock around dev_ethtool. get_link and get_ts_info are the
	// exceptions: bonding's MII monitor (use_carrier=0) calls get_link
	// under RCU only, and a socket option get_ts_info (below).
	// Out-structs live on dev_ethtool's stack or are allocated per call.
	ops("ethtool_ops", ClassNetdev,
		cb("get_settings", entry, "shared fresh", rtnl),
		cb("set_settings", entry, "shared fresh", rtnl),
		cb("get_drvinfo", entry, "shared fresh", rtnl),
		cb("get_regs_len", entry, "shared", rtnl),
		cb("get_regs", entry, "shared fresh fresh", rtnl),
		cb("get_wol", entry, "shared fresh", rtnl),
		cb("set_wol", entry, "shared fresh", rtnl),
		cb("get_msglevel", entry, "shared", rtnl),
		cb("set_msglevel", entry, "shared scalar", rtnl),
		cb("nway_reset", entry, "shared", rtnl),
		cb("get_link", entry, "shared"),
		cb("get_eeprom_len", entry, "shared", rtnl),
		cb("get_eeprom", entry, "shared fresh fresh", rtnl),
		cb("set_eeprom", entry, "shared fresh fresh", rtnl),
		cb("get_coalesce", entry, "shared fresh", rtnl),
		cb("set_coalesce", entry, "shared fresh", rtnl),
		cb("get_ringparam", entry, "shared fresh", rtnl),
		cb("set_ringparam", entry, "shared fresh", rtnl),
		cb("get_pauseparam", entry, "shared fresh", rtnl),
		cb("set_pauseparam", entry, "shared fresh", rtnl),
		cb("self_test", entry, "shared fresh fresh", rtnl),
		cb("get_strings", entry, "shared scalar fresh", rtnl),
		// ethtool_phys_id drops RTNL between calls but holds it for each.
		cb("set_phys_id", entry, "shared scalar", rtnl),
		cb("get_ethtool_stats", entry, "shared fresh fresh", rtnl),
		cb("begin", entry, "shared", rtnl),
		cb("complete", entry, "shared", rtnl),
		cb("get_priv_flags", entry, "shared", rtnl),
		cb("set_priv_flags", entry, "shared scalar", rtnl),
		cb("get_sset_count", entry, "shared scalar", rtnl),
		cb("get_rxnfc", entry, "shared fresh fresh", rtnl),
		cb("set_rxnfc", entry, "shared fresh", rtnl),
		cb("flash_device", entry, "shared fresh", rtnl),
		cb("reset", entry, "shared fresh", rtnl),
		cb("get_rxfh_key_size", entry, "shared", rtnl),
		cb("get_rxfh_indir_size", entry, "shared", rtnl),
		cb("get_rxfh", entry, "shared fresh fresh", rtnl),
		cb("set_rxfh", entry, "shared fresh fresh", rtnl),
		cb("get_channels", entry, "shared fresh", rtnl),
		cb("set_channels", entry, "shared fresh", rtnl),
		cb("get_dump_flag", entry, "shared fresh", rtnl),
		cb("get_dump_data", entry, "shared fresh fresh", rtnl),
		cb("set_dump", entry, "shared fresh", rtnl),
		// Since Linux 5.14 setsockopt(SO_TIMESTAMPING) with bind_phc calls
		// it without RTNL (net/core/sock.c sock_timestamping_bind_phc,
		// ethtool_get_phc_vclocks, __ethtool_get_ts_info): not claimed.
		cb("get_ts_info", entry, "shared fresh"),
		cb("get_module_info", entry, "shared fresh", rtnl),
		cb("get_module_eeprom", entry, "shared fresh fresh", rtnl),
		cb("get_eee", entry, "shared fresh", rtnl),
		cb("set_eee", entry, "shared fresh", rtnl),
		cb("get_tunable", entry, "shared fresh fresh", rtnl),
		cb("set_tunable", entry, "shared fresh fresh", rtnl),
	)
	// The MII library (drivers/net/mii.c) calls these from the driver's own
	// calls (generic_mii_ioctl, mii_ethtool_gset, ...), under whatever the
	// caller holds; as independent entry points they hold nothing.
	ops("mii_if_info", "",
		cb("mdio_read", entry, "shared scalar scalar"),
		cb("mdio_write", entry, "shared scalar scalar scalar"),
	)
	// net_rx_action polls a napi_struct only while it owns NAPI_STATE_SCHED.
	ops("napi_struct", ClassNAPI, cb("poll", ir.RoleNAPI, "shared scalar"))
	link("net_device", "netdev_ops", "net_device_ops", true, false)
	link("net_device", "ethtool_ops", "ethtool_ops", true, false)
}

// pmOps: dev_pm_ops. The PM core takes device_lock(dev) in device_prepare,
// __device_suspend, device_resume and device_complete, around prepare,
// suspend/freeze/poweroff, resume/thaw/restore and complete. The _late,
// _early and _noirq phases run without it, and runtime PM callbacks run
// from rpm_callback without it (their mutual exclusion is rule
// "runtime-pm" of pairs.go).
func pmOps() {
	dl := held(DeviceLock)
	ops("dev_pm_ops", ClassAlways,
		cb("prepare", entry, "shared", dl),
		cb("complete", entry, "shared", dl),
		cb("suspend", entry, "shared", dl),
		cb("resume", entry, "shared", dl),
		cb("freeze", entry, "shared", dl),
		cb("thaw", entry, "shared", dl),
		cb("poweroff", entry, "shared", dl),
		cb("restore", entry, "shared", dl),
		cb("suspend_late", entry, "shared"),
		cb("resume_early", entry, "shared"),
		cb("freeze_late", entry, "shared"),
		cb("thaw_early", entry, "shared"),
		cb("poweroff_late", entry, "shared"),
		cb("restore_early", entry, "shared"),
		cb("suspend_noirq", entry, "shared"),
		cb("resume_noirq", entry, "shared"),
		cb("freeze_noirq", entry, "shared"),
		cb("thaw_noirq", entry, "shared"),
		cb("poweroff_noirq", entry, "shared"),
		cb("restore_noirq", entry, "shared"),
		cb("runtime_suspend", entry, "shared"),
		cb("runtime_resume", entry, "shared"),
		cb("runtime_idle", entry, "shared"),
	)
}

// busDrivers: driver structs of the driver core. really_probe runs under
// device_lock(dev) (__driver_attach, __device_attach), remove under it
// (device_release_driver, driver_detach), shutdown under it
// (device_shutdown), and the legacy suspend/resume hooks are called from the
// bus's dev_pm_ops in the device_lock-ed PM phases. The PM operations a
// driver points to (driver.pm) belong to the same device.
func busDrivers() {
	dl := held(DeviceLock)
	ops("device_driver", ClassAlways,
		cb("probe", init_, "shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
		cb("suspend", entry, "shared scalar", dl),
		cb("resume", entry, "shared", dl),
	)
	link("device_driver", "pm", "dev_pm_ops", true, true)
	ops("pci_driver", ClassPCIDriver,
		cb("probe", init_, "shared shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
		cb("suspend", entry, "shared scalar", dl), // pci_legacy_suspend from pci_pm_suspend
		cb("resume", entry, "shared", dl),
		cb("suspend_late", entry, "shared scalar"),
		cb("resume_early", entry, "shared"),
		cb("sriov_configure", entry, "shared scalar"),
	)
	link("pci_driver", "driver", "device_driver", false, false)
	link("pci_driver", "err_handler", "pci_error_handlers", true, true)
	// AER/EEH recovery callbacks: no lock claimed.
	ops("pci_error_handlers", ClassPCIDriver,
		cb("error_detected", entry, "shared scalar"),
		cb("mmio_enabled", entry, "shared"),
		cb("link_reset", entry, "shared"),
		cb("slot_reset", entry, "shared"),
		cb("reset_notify", entry, "shared scalar"),
		cb("resume", entry, "shared"),
	)
	ops("platform_driver", ClassPlatformDriver,
		cb("probe", init_, "shared", dl),
		cb("remove", exit_, "shared", dl),
		// Linux 6.3-6.12: remove_new is remove's other name, a member of
		// one anonymous union (include/linux/platform_device.h), which
		// platform_remove calls as drv->remove.
		cb("remove_new", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
		cb("suspend", entry, "shared scalar", dl), // platform_pm_suspend (legacy hook)
		cb("resume", entry, "shared", dl),
	)
	link("platform_driver", "driver", "device_driver", false, false)
	// The AMBA bus (drivers/amba/bus.c): amba_probe, amba_remove and
	// amba_shutdown call the driver's hooks from really_probe,
	// device_release_driver and device_shutdown, under device_lock(dev).
	ops("amba_driver", ClassAMBADriver,
		cb("probe", init_, "shared shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
	)
	link("amba_driver", "drv", "device_driver", false, false)
	// The PnP bus (drivers/pnp/driver.c): pnp_device_probe, _remove and
	// _shutdown the same way; pnp_bus_suspend and pnp_bus_resume are the
	// bus's dev_pm_ops, which the PM core calls under device_lock(dev).
	ops("pnp_driver", ClassPNPDriver,
		cb("probe", init_, "shared shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
		cb("suspend", entry, "shared scalar", dl),
		cb("resume", entry, "shared", dl),
	)
	link("pnp_driver", "driver", "device_driver", false, false)
	// The ISA bus (drivers/base/isa.c): isa_bus_probe, _remove, _shutdown
	// and the legacy bus suspend/resume likewise, under device_lock(dev);
	// isa_bus_match is the bus's match, which __driver_attach calls before
	// it takes the device lock.
	ops("isa_driver", ClassISADriver,
		cb("match", entry, "shared scalar"),
		cb("probe", init_, "shared scalar", dl),
		cb("remove", exit_, "shared scalar", dl),
		cb("shutdown", entry, "shared scalar", dl),
		cb("suspend", entry, "shared scalar scalar", dl),
		cb("resume", entry, "shared scalar", dl),
	)
	link("isa_driver", "driver", "device_driver", false, false)
	// The Xen bus (drivers/xen/xenbus/xenbus_probe.c): the bus's probe and
	// remove (xenbus_frontend_dev_probe, xenbus_dev_probe;
	// xenbus_dev_remove) call the driver's from really_probe and
	// device_remove, under device_lock(dev). resume comes from the bus's
	// dev_pm_ops .restore, or from a work item it queues
	// (xenbus_frontend_delayed_resume), and otherend_changed from the
	// xenstore watch thread: no lock claimed.
	ops("xenbus_driver", ClassXenbusDriver,
		cb("probe", init_, "shared shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("resume", entry, "shared"),
		cb("otherend_changed", entry, "shared scalar"),
	)
	link("xenbus_driver", "driver", "device_driver", false, false)
	// The virtio bus (drivers/virtio/virtio.c): virtio_dev_probe, the
	// bus's probe (really_probe, under device_lock of the virtio device),
	// calls the driver's validate, then probe, then scan;
	// virtio_dev_remove (device_remove, same lock) calls remove.
	// config_changed runs from virtio_config_changed under the device's
	// config_lock, and only while config_core_enabled, which
	// virtio_dev_probe sets after probe and scan and virtio_dev_remove
	// clears before remove; no lock of the driver's is claimed for it.
	// freeze and restore come from the transport's PM callbacks
	// (virtio_device_freeze/_restore, from virtio_pci_common.c and
	// virtio_mmio.c): the transport device's lock, not the virtio
	// device's; none claimed.
	ops("virtio_driver", ClassVirtioDriver,
		cb("validate", init_, "shared", dl),
		cb("probe", init_, "shared", dl),
		cb("scan", entry, "shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("config_changed", entry, "shared"),
		cb("freeze", entry, "shared"),
		cb("restore", entry, "shared"),
	)
	link("virtio_driver", "driver", "device_driver", false, false)
	// The PS3 system bus (arch/powerpc/platforms/ps3/system-bus.c) is a bus
	// of the driver core: ps3_system_bus_probe/remove/shutdown call the
	// driver's hooks from really_probe, device_release_driver and
	// device_shutdown, all under device_lock(dev).
	ops("ps3_system_bus_driver", ClassPS3Driver,
		cb("probe", init_, "shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
	)
	link("ps3_system_bus_driver", "core", "device_driver", false, false)
	// usb_probe_interface/usb_unbind_interface run under the interface's
	// device_lock and the parent usb_device's: usb_if_device_type has
	// need_parent_lock (drivers/usb/core/message.c), so really_probe's
	// callers and device_release_driver_internal lock the parent
	// (drivers/base/dd.c), and usb_disconnect holds usb_lock_device
	// (hub.c). usb_reset_device calls pre_reset and post_reset with that
	// same usb_device lock held, as its callers must (usb_lock_device_for_reset,
	// usbdevfs' ioctl, a probe), and so must the callers of
	// usb_driver_release_interface, which unbinds a claimed interface
	// (its kernel-doc: a disconnect or probe already does). suspend/resume come from the USB device's
	// PM and from autosuspend without the interface lock: no claim.
	udl := held(DeviceLock, USBDevLock)
	ul := held(USBDevLock)
	ops("usb_driver", ClassUSBDriver,
		cb("probe", init_, "shared shared", udl),
		cb("disconnect", exit_, "shared", udl),
		cb("unlocked_ioctl", entry, "shared scalar shared"),
		cb("suspend", entry, "shared scalar"),
		cb("resume", entry, "shared"),
		cb("reset_resume", entry, "shared"),
		cb("pre_reset", entry, "shared", ul),
		cb("post_reset", entry, "shared", ul),
	)
	link("usb_driver", "drvwrap", "usbdrv_wrap", false, false)
	link("usbdrv_wrap", "driver", "device_driver", false, false)
	ops("i2c_driver", ClassI2CDriver,
		cb("probe", init_, "shared shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
		cb("attach_adapter", entry, "shared"),
		cb("alert", entry, "shared scalar"),
		cb("command", entry, "shared scalar shared"),
		cb("detect", entry, "shared fresh"),
	)
	link("i2c_driver", "driver", "device_driver", false, false)
	ops("spi_driver", ClassSPIDriver,
		cb("probe", init_, "shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("shutdown", entry, "shared", dl),
	)
	link("spi_driver", "driver", "device_driver", false, false)
	// The MEI client bus (drivers/misc/mei/bus.c): mei_cl_device_probe
	// and mei_cl_device_remove are the bus's probe and remove, run by the
	// driver core under device_lock.
	ops("mei_cl_driver", ClassMEIDriver,
		cb("probe", init_, "shared shared", dl),
		cb("remove", exit_, "shared", dl),
	)
	link("mei_cl_driver", "driver", "device_driver", false, false)
	// acpi_device_probe/acpi_device_remove are the bus's probe/remove:
	// device_lock held. ->notify comes from the ACPI notify work: no lock.
	ops("acpi_device_ops", ClassACPIDriver,
		cb("add", init_, "shared", dl),
		cb("remove", exit_, "shared", dl),
		cb("notify", entry, "shared scalar"),
	)
	link("acpi_driver", "ops", "acpi_device_ops", false, false)
	link("acpi_driver", "drv", "device_driver", false, false)
	// SGI TIO CX bus (asm/sn/tiocx.h): driver-core probe/remove.
	ops("cx_drv", ClassCXDriver,
		cb("probe", init_, "shared shared", dl),
		cb("remove", exit_, "shared", dl),
	)
	link("cx_drv", "driver", "device_driver", false, false)
	// usb-serial: probe and attach run in usb_serial_probe before any port
	// is registered; port_probe runs before the port's tty device is
	// registered (usb_serial_device_probe); open and close of one port run
	// under port->mutex (tty_port_open, tty_port_shutdown); set_termios under
	// tty->termios_rwsem. The port (or tty) is the rule Object.
	ops("usb_serial_driver", ClassUSBSerial,
		cb("probe", init_, "shared shared"),
		cb("attach", init_, "shared"),
		cb("port_probe", init_, "shared", object(0)),
		cb("calc_num_ports", entry, "shared"),
		cb("disconnect", exit_, "shared"),
		cb("release", exit_, "shared"),
		cb("port_remove", exit_, "shared", object(0)),
		cb("suspend", entry, "shared scalar"),
		cb("resume", entry, "shared"),
		cb("reset_resume", entry, "shared"),
		cb("open", entry, "shared shared", object(1)),
		cb("close", entry, "shared", object(0)),
		cb("write", entry, "shared shared fresh scalar", object(1)),
		cb("write_room", entry, "shared"),
		cb("ioctl", entry, "shared scalar scalar"),
		cb("set_termios", entry, "shared shared fresh", object(0)),
		cb("break_ctl", entry, "shared scalar"),
		cb("chars_in_buffer", entry, "shared"),
		cb("wait_until_sent", entry, "shared scalar"),
		cb("tx_empty", entry, "shared"),
		cb("throttle", entry, "shared"),
		cb("unthrottle", entry, "shared"),
		cb("tiocmget", entry, "shared"),
		cb("tiocmset", entry, "shared scalar scalar"),
		cb("tiocmiwait", entry, "shared scalar"),
		cb("get_icount", entry, "shared fresh"),
		cb("dtr_rts", entry, "shared scalar"),
		cb("carrier_raised", entry, "shared"),
		cb("init_termios", entry, "shared"),
		cb("read_int_callback", entry, "shared"),
		cb("write_int_callback", entry, "shared"),
		cb("read_bulk_callback", entry, "shared"),
		cb("write_bulk_callback", entry, "shared"),
		cb("process_read_urb", entry, "shared"),
		cb("prepare_write_buffer", entry, "shared shared scalar"),
	)
	link("usb_serial_driver", "driver", "device_driver", false, false)
}

// ttyAndFriends: tty_operations, watchdog_ops, rtc_class_ops, input_dev,
// nfc_ops, backlight and LED class devices.
func ttyAndFriends() {
	// tty_open, tty_release and __tty_hangup hold tty_lock(tty) around
	// ->open, ->close and ->hangup; tty_set_termios holds termios_rwsem for writing around
	// ->set_termios. Both locks are per tty (rules "tty-open-close" and
	// "termios" of pairs.go), not claimed as held locks.
	ops("tty_operations", ClassTTY,
		cb("lookup", entry, "shared shared scalar"),
		cb("install", entry, "shared shared"),
		cb("remove", entry, "shared shared"),
		cb("open", entry, "shared shared", object(0)),
		cb("close", entry, "shared shared", object(0)),
		cb("shutdown", entry, "shared"),
		cb("cleanup", entry, "shared"),
		cb("write", entry, "shared fresh scalar", object(0)),
		cb("put_char", entry, "shared scalar"),
		cb("flush_chars", entry, "shared"),
		cb("write_room", entry, "shared"),
		cb("chars_in_buffer", entry, "shared"),
		cb("ioctl", entry, "shared scalar scalar"),
		cb("compat_ioctl", entry, "shared scalar scalar"),
		cb("set_termios", entry, "shared fresh", object(0)),
		cb("throttle", entry, "shared"),
		cb("unthrottle", entry, "shared"),
		cb("stop", entry, "shared"),
		cb("start", entry, "shared"),
		cb("hangup", entry, "shared", object(0)),
		cb("break_ctl", entry, "shared scalar"),
		cb("flush_buffer", entry, "shared"),
		cb("set_ldisc", entry, "shared"),
		cb("wait_until_sent", entry, "shared scalar"),
		cb("send_xchar", entry, "shared scalar"),
		cb("tiocmget", entry, "shared"),
		cb("tiocmset", entry, "shared scalar scalar"),
		cb("resize", entry, "shared fresh"),
		cb("set_termiox", entry, "shared fresh"),
		cb("get_icount", entry, "shared fresh"),
		cb("poll_init", entry, "shared scalar shared"),
		cb("poll_get_char", entry, "shared scalar"),
		cb("poll_put_char", entry, "shared scalar scalar"),
	)
	link("tty_driver", "ops", "tty_operations", true, false)
	// watchdog_dev.c (4.0) takes wdd->lock around start, stop, ping,
	// status, set_timeout, get_timeleft and ioctl; ref/unref run without it.
	// Linux 4.8 on: a driver that calls watchdog_stop_on_reboot has stop
	// called by watchdog_reboot_notifier without the lock (Facts.StopOnReboot
	// drops it).
	wl := held(WatchdogLock)
	ops("watchdog_ops", ClassWatchdog,
		// Linux 4.11 on (watchdog_dev.c moved the locking to its callers):
		// watchdog_open calls watchdog_start, hence start or ping, without
		// wd_data->lock, while the keepalive worker pings under it. Not
		// claimed for either.
		cb("start", entry, "shared"),
		cb("stop", entry, "shared", wl),
		cb("ping", entry, "shared"),
		cb("status", entry, "shared", wl),
		cb("set_timeout", entry, "shared scalar", wl),
		// Linux 4.9 on: WDIOC_SETPRETIMEOUT, inside watchdog_ioctl's
		// wd_data->lock like the others.
		cb("set_pretimeout", entry, "shared scalar", wl),
		cb("get_timeleft", entry, "shared", wl),
		// Linux 4.5 on: watchdog_restart_notifier, a reboot notifier,
		// calls it without the lock.
		cb("restart", entry, "shared scalar shared"),
		cb("ref", entry, "shared"),
		cb("unref", entry, "shared"),
		cb("ioctl", entry, "shared scalar scalar", wl),
	)
	link("watchdog_device", "ops", "watchdog_ops", true, false)
	// drivers/rtc/interface.c and rtc-dev.c take rtc->ops_lock around the
	// time, alarm and ioctl operations; open, release, proc and
	// read_callback are called without it.
	ol := held(RTCOpsLock)
	ops("rtc_class_ops", ClassRTC,
		cb("open", entry, "shared"),
		cb("release", entry, "shared"),
		cb("ioctl", entry, "shared scalar scalar", ol),
		cb("read_time", entry, "shared fresh", ol),
		cb("set_time", entry, "shared fresh", ol),
		cb("read_alarm", entry, "shared fresh", ol),
		cb("set_alarm", entry, "shared fresh", ol),
		cb("proc", entry, "shared shared"),
		cb("set_mmss64", entry, "shared scalar", ol),
		cb("set_mmss", entry, "shared scalar", ol),
		cb("read_callback", entry, "shared scalar"),
		cb("alarm_irq_enable", entry, "shared scalar", ol),
		// Linux 4.13 on: rtc_read_offset and rtc_set_offset
		// (interface.c) hold ops_lock too; the long * is the sysfs
		// handler's local.
		cb("read_offset", entry, "shared fresh", ol),
		cb("set_offset", entry, "shared scalar", ol),
		// Linux 5.16 on: RTC_PARAM_GET and RTC_PARAM_SET of
		// rtc_dev_ioctl (dev.c), inside its ops_lock; the rtc_param is
		// the ioctl's local.
		cb("param_get", entry, "shared fresh", ol),
		cb("param_set", entry, "shared fresh", ol),
	)
	link("rtc_device", "ops", "rtc_class_ops", true, false)
	// input_open_device/input_close_device/input_flush_device hold
	// dev->mutex; input_handle_event and the keycode helpers hold
	// dev->event_lock.
	ops("input_dev", ClassInput,
		cb("open", entry, "shared", held(InputMutex)),
		cb("close", entry, "shared", held(InputMutex)),
		cb("flush", entry, "shared shared", held(InputMutex)),
		cb("event", entry, "shared scalar scalar scalar", held(InputEventLock)),
		cb("setkeycode", entry, "shared fresh fresh", held(InputEventLock)),
		cb("getkeycode", entry, "shared fresh", held(InputEventLock)),
	)
	// Linux 6.12 drivers/input/ff-core.c: ->playback, ->set_gain and
	// ->set_autocenter are called by input_ff_event, which is dev->event
	// of a force-feedback device (input_ff_create) and whose only other
	// caller, hidinput_input_event (drivers/hid/hid-input.c), is a
	// dev->event too: input_handle_event calls dev->event with
	// dev->event_lock held (input.c, input_event and
	// input_inject_event). erase_effect calls ->playback under
	// spin_lock_irq(&dev->event_lock) too. ->upload and ->erase run
	// under ff->mutex only: no input_dev lock claimed.
	ops("ff_device", ClassInput,
		cb("upload", entry, "shared shared shared"),
		cb("erase", entry, "shared scalar"),
		cb("playback", entry, "shared scalar scalar", held(InputEventLock)),
		cb("set_gain", entry, "shared scalar", held(InputEventLock)),
		cb("set_autocenter", entry, "shared scalar", held(InputEventLock)),
	)
	// net/nfc/core.c takes device_lock(&dev->dev) around dev_up, dev_down,
	// start/stop_poll, dep_link_up/down, activate/deactivate_target,
	// data exchange (im_transceive), the presence check, firmware download
	// and enable/disable_se. tm_send and se_io: not claimed.
	nl := held(NFCDevLock)
	ops("nfc_ops", ClassNFC,
		cb("dev_up", entry, "shared", nl),
		cb("dev_down", entry, "shared", nl),
		cb("start_poll", entry, "shared scalar scalar", nl),
		cb("stop_poll", entry, "shared", nl),
		cb("dep_link_up", entry, "shared shared scalar fresh scalar", nl),
		cb("dep_link_down", entry, "shared", nl),
		cb("activate_target", entry, "shared shared scalar", nl),
		cb("deactivate_target", entry, "shared shared", nl),
		cb("im_transceive", entry, "shared shared fresh scalar shared", nl),
		cb("tm_send", entry, "shared fresh"),
		cb("check_presence", entry, "shared shared", nl),
		cb("fw_download", entry, "shared fresh", nl),
		cb("discover_se", entry, "shared"),
		cb("enable_se", entry, "shared scalar", nl),
		cb("disable_se", entry, "shared scalar", nl),
		cb("se_io", entry, "shared scalar fresh scalar scalar shared"),
	)
	link("nfc_dev", "ops", "nfc_ops", true, false)
	ops("backlight_ops", ClassBacklight,
		cb("update_status", entry, "shared"),
		cb("get_brightness", entry, "shared"),
		cb("check_fb", entry, "shared shared"),
	)
	link("backlight_device", "ops", "backlight_ops", true, false)
	// hwmon_attr_show and hwmon_attr_store (Linux 4.9 on) call these
	// without a lock of the core's: the driver serialises itself. The value
	// pointer of read and read_string is the caller's local.
	ops("hwmon_ops", ClassHwmon,
		cb("is_visible", entry, "shared scalar scalar scalar"),
		cb("read", entry, "shared scalar scalar scalar fresh"),
		cb("read_string", entry, "shared scalar scalar scalar fresh"),
		cb("write", entry, "shared scalar scalar scalar scalar"),
	)
	link("hwmon_chip_info", "ops", "hwmon_ops", true, false)
	// blink_set's delays point into the led_classdev, not to the caller's
	// locals: ledtrig-timer's delay_on and delay_off stores (no lock; kernfs
	// orders one open file only) pass &led_cdev->blink_delay_on and
	// &led_cdev->blink_delay_off through led_blink_set (led-core.c), so two
	// stores run blink_set at once on the same two fields.
	// brightness_set_blocking is 6.12's name of brightness_set_sync.
	ops("led_classdev", ClassLED,
		cb("brightness_set", entry, "shared scalar"),
		cb("brightness_set_sync", entry, "shared scalar"),
		cb("brightness_set_blocking", entry, "shared scalar"),
		cb("brightness_get", entry, "shared"),
		cb("blink_set", entry, "shared shared shared"),
	)
	// IPMI interface watchers: ipmi_smi_watcher_register calls new_smi for
	// each interface already there, ipmi_register_smi and
	// ipmi_unregister_smi call new_smi and smi_gone of every watcher, all
	// under smi_watchers_mutex (drivers/char/ipmi/ipmi_msghandler.c).
	ops("ipmi_smi_watcher", ClassIPMIWatcher,
		cb("new_smi", entry, "scalar shared", held(IPMIWatchersLock)),
		cb("smi_gone", entry, "scalar", held(IPMIWatchersLock)),
	)
	// NMI handlers: struct nmiaction of register_nmi_handler
	// (arch/x86/include/asm/nmi.h), handler(type, regs) called by
	// nmi_handle with the CPU's pt_regs (register.go).
	ops("nmiaction", ClassNMI, cb("handler", entry, "scalar shared"))
	// A tifm adapter's socket services (include/linux/tifm.h), called by
	// tifm_eject and tifm_has_ms_pif with the adapter and the socket
	// (register.go: class tifm-socket).
	ops("tifm_adapter", ClassTifmSocket,
		cb("eject", entry, "shared shared"),
		cb("has_ms_pif", entry, "shared shared"),
	)
	// The release callback of a struct device (drivers/base/core.c,
	// device_release): kobject_put calls it from kobject_cleanup once the
	// last reference to the device is gone, so once per object, and
	// device_release picks one of dev->release, type->release and
	// class->dev_release (rule device-release). dev->release, mostly
	// assigned at run time to a function the driver also calls or
	// exports, keeps its guessed entry point.
	ops("class", ClassAlways, cb("dev_release", entry, "shared", object(0)))
	ops("device_type", ClassAlways, cb("release", entry, "shared", object(0)))
	// sysfs attributes: kernfs serialises show/store per open file only.
	ops("device_attribute", ClassSysfs,
		cb("show", entry, "shared shared fresh"),
		cb("store", entry, "shared shared fresh scalar"),
	)
	ops("driver_attribute", ClassSysfs,
		cb("show", entry, "shared fresh"),
		cb("store", entry, "shared fresh scalar"),
	)
	ops("bus_attribute", ClassSysfs,
		cb("show", entry, "shared fresh"),
		cb("store", entry, "shared fresh scalar"),
	)
	ops("class_attribute", ClassSysfs,
		cb("show", entry, "shared shared fresh"),
		cb("store", entry, "shared shared fresh scalar"),
	)
	ops("kobj_attribute", ClassSysfs,
		cb("show", entry, "shared shared fresh"),
		cb("store", entry, "shared shared fresh scalar"),
	)
	// parse_one (module load) and param_attr_show/store (sysfs) hold the
	// global param_lock around ->set and ->get.
	ops("kernel_param_ops", ClassAlways,
		cb("set", entry, "fresh shared", held(ParamLock)),
		cb("get", entry, "fresh shared", held(ParamLock)),
		cb("free", entry, "shared"),
	)
}

// deferredWork: timers, work items, tasklets, interrupt actions, notifier
// blocks. Their never-with-itself guarantees are rules of pairs.go.
func deferredWork() {
	ops("timer_list", ClassTimer, cb("function", ir.RoleTimer, "scalar"))
	ops("hrtimer", ClassTimer, cb("function", ir.RoleTimer, "shared"))
	ops("work_struct", ClassWork, cb("func", ir.RoleWork, "shared"))
	link("delayed_work", "work", "work_struct", false, false)
	link("delayed_work", "timer", "timer_list", false, false)
	ops("tasklet_struct", ClassTasklet, cb("func", ir.RoleTasklet, "scalar"))
	ops("irqaction", ClassIRQ,
		cb("handler", ir.RoleIRQ, "scalar shared"),
		cb("thread_fn", ir.RoleThreaded, "scalar shared"),
	)
	// Notifier chains: blocking chains call under the chain's rwsem for
	// reading, atomic ones under RCU: neither excludes another caller.
	ops("notifier_block", ClassNotifier, cb("notifier_call", ir.RoleNotifier, "shared scalar shared"))
	ops("rcu_head", ClassRCU, cb("func", entry, "shared"))
}

// busControllers: the operations of devices a driver registers with a
// subsystem core (register.go publishes each class): i2c adapters, SPI
// controllers, GPIO chips, UART ports, IIO devices, power supplies, and
// the visibility callback of sysfs attribute groups. The cores hold no
// lock of the driver's around them that every caller takes, so none is
// claimed, but for the i2c adapter's bus lock around its transfers (the
// serial core's port lock is not held by every caller). Arguments the
// caller makes for one call (an i2c transfer's messages, an SMBus data
// union, IIO's value pointers, a power-supply property value) are fresh.
func busControllers() {
	xfer := "shared fresh scalar"
	smbus := "shared scalar scalar scalar scalar scalar fresh"
	// The transfers run under the adapter's bus lock: i2c_transfer and
	// i2c_smbus_xfer take it (__i2c_lock_bus_helper: i2c_lock_bus, or
	// i2c_trylock_bus in atomic mode, failing with -EAGAIN) around
	// __i2c_transfer and __i2c_smbus_xfer, whose other callers must hold
	// it (drivers/i2c/i2c-core-base.c, i2c-core-smbus.c); a mux's child
	// adapter locks its parent through its lock_ops. The slave callbacks
	// and functionality are not claimed.
	bl := held(I2CBusLock)
	ops("i2c_algorithm", ClassI2CAdapter,
		cb("xfer", entry, xfer, bl), cb("master_xfer", entry, xfer, bl),
		cb("xfer_atomic", entry, xfer, bl), cb("master_xfer_atomic", entry, xfer, bl),
		cb("smbus_xfer", entry, smbus, bl), cb("smbus_xfer_atomic", entry, smbus, bl),
		cb("functionality", entry, "shared"),
		cb("reg_target", entry, "shared"), cb("reg_slave", entry, "shared"),
		cb("unreg_target", entry, "shared"), cb("unreg_slave", entry, "shared"),
	)
	link("i2c_adapter", "algo", "i2c_algorithm", true, false)
	ops("spi_controller", ClassSPIController,
		cb("setup", entry, "shared"), cb("set_cs_timing", entry, "shared"), cb("cleanup", entry, "shared"),
		cb("transfer", entry, "shared fresh"), cb("max_transfer_size", entry, "shared"),
		cb("max_message_size", entry, "shared"), cb("can_dma", entry, "shared shared fresh"),
		cb("prepare_transfer_hardware", entry, "shared"), cb("unprepare_transfer_hardware", entry, "shared"),
		cb("transfer_one_message", entry, "shared fresh"), cb("prepare_message", entry, "shared fresh"),
		cb("unprepare_message", entry, "shared fresh"), cb("target_abort", entry, "shared"),
		cb("set_cs", entry, "shared scalar"), cb("transfer_one", entry, "shared shared fresh"),
		cb("handle_err", entry, "shared fresh"), cb("fw_translate_cs", entry, "shared scalar"),
	)
	ops("gpio_chip", ClassGPIOChip,
		cb("request", entry, "shared scalar"), cb("free", entry, "shared scalar"),
		cb("get_direction", entry, "shared scalar"), cb("direction_input", entry, "shared scalar"),
		cb("direction_output", entry, "shared scalar scalar"), cb("get", entry, "shared scalar"),
		cb("get_multiple", entry, "shared fresh fresh"), cb("set", entry, "shared scalar scalar"),
		cb("set_multiple", entry, "shared fresh fresh"), cb("set_rv", entry, "shared scalar scalar"),
		cb("set_multiple_rv", entry, "shared fresh fresh"), cb("set_config", entry, "shared scalar scalar"),
		cb("to_irq", entry, "shared scalar"), cb("dbg_show", entry, "shared shared"),
		cb("init_valid_mask", entry, "shared shared scalar"), cb("add_pin_ranges", entry, "shared"),
		cb("en_hw_timestamp", entry, "shared scalar scalar"), cb("dis_hw_timestamp", entry, "shared scalar scalar"),
		cb("of_xlate", entry, "shared fresh fresh"),
	)
	// struct console (include/linux/console.h), published by
	// register_console.
	ops("console", ClassConsole,
		cb("write", entry, "shared"), cb("read", entry, "shared"), cb("device", entry, "shared fresh"),
		cb("unblank", entry, ""), cb("setup", entry, "shared"), cb("exit", entry, "shared"),
		cb("match", entry, "shared"), cb("write_atomic", entry, "shared fresh"),
		cb("write_thread", entry, "shared fresh"),
	)
	// struct irq_chip (include/linux/irq.h): the interrupt core calls them
	// with the interrupt's irq_data.
	irqChip := []OpsRow{}
	for _, f := range []string{"irq_startup", "irq_shutdown", "irq_enable", "irq_disable", "irq_ack", "irq_mask",
		"irq_mask_ack", "irq_unmask", "irq_eoi", "irq_set_affinity", "irq_retrigger", "irq_set_type",
		"irq_set_wake", "irq_bus_lock", "irq_bus_sync_unlock", "irq_suspend", "irq_resume", "irq_pm_shutdown",
		"irq_print_chip", "irq_request_resources", "irq_release_resources"} {
		irqChip = append(irqChip, cb(f, entry, "shared"))
	}
	ops("irq_chip", ClassIRQChip, irqChip...)
	// struct nvmem_config (include/linux/nvmem-provider.h), published by
	// nvmem_register (register.go). nvmem_reg_read and nvmem_reg_write
	// (drivers/nvmem/core.c) call them with no lock of the core's held,
	// on config->priv and the caller's own buffer: the sysfs file's
	// per-open buffer, nvmem_cell_read's kzalloc, a
	// nvmem_device_read/write caller's (fresh).
	ops("nvmem_config", ClassNVMEM,
		cb("reg_read", entry, "shared scalar fresh scalar"), cb("reg_write", entry, "shared scalar fresh scalar"))
	// struct hwrng (include/linux/hw_random.h), published by
	// hwrng_register. rng_get_data passes the reader's buffer, which
	// the core reuses across calls (rng_buffer, rng_fillbuf): shared.
	ops("hwrng", ClassHwrng,
		cb("init", entry, "shared"), cb("cleanup", entry, "shared"),
		cb("data_present", entry, "shared scalar"), cb("data_read", entry, "shared shared"),
		cb("read", entry, "shared shared scalar scalar"),
	)
	// struct i2c_bus_recovery_info (include/linux/i2c.h): the adapter's
	// recovery callbacks (class i2c-adapter, register.go).
	ops("i2c_bus_recovery_info", ClassI2CAdapter,
		cb("recover_bus", entry, "shared"), cb("get_scl", entry, "shared"),
		cb("set_scl", entry, "shared scalar"), cb("get_sda", entry, "shared"),
		cb("set_sda", entry, "shared scalar"), cb("get_bus_free", entry, "shared"),
		cb("prepare_recovery", entry, "shared"), cb("unprepare_recovery", entry, "shared"),
	)
	link("i2c_adapter", "bus_recovery_info", "i2c_bus_recovery_info", true, false)
	// The PCA9564 and bit-banging algorithms' callbacks, published with
	// their adapter (i2c_pca_add_bus, i2c_bit_add_bus).
	ops("i2c_algo_pca_data", ClassI2CAdapter,
		cb("write_byte", entry, "shared"), cb("read_byte", entry, "shared"),
		cb("wait_for_completion", entry, "shared"), cb("reset_chip", entry, "shared"),
	)
	ops("i2c_algo_bit_data", ClassI2CAdapter,
		cb("setsda", entry, "shared"), cb("setscl", entry, "shared"), cb("getsda", entry, "shared"),
		cb("getscl", entry, "shared"), cb("pre_xfer", entry, "shared"), cb("post_xfer", entry, "shared"),
	)
	// struct virtqueue_info (include/linux/virtio_config.h): the queue's
	// callback, from vring_interrupt.
	ops("virtqueue_info", ClassVirtqueue, cb("callback", entry, "shared"))
	ops("uart_ops", ClassUART,
		cb("tx_empty", entry, "shared"), cb("set_mctrl", entry, "shared scalar"), cb("get_mctrl", entry, "shared"),
		cb("stop_tx", entry, "shared"), cb("start_tx", entry, "shared"), cb("throttle", entry, "shared"),
		cb("unthrottle", entry, "shared"), cb("send_xchar", entry, "shared scalar"), cb("stop_rx", entry, "shared"),
		cb("start_rx", entry, "shared"), cb("enable_ms", entry, "shared"), cb("break_ctl", entry, "shared scalar"),
		cb("startup", entry, "shared"), cb("shutdown", entry, "shared"), cb("flush_buffer", entry, "shared"),
		cb("set_termios", entry, "shared shared shared"), cb("set_ldisc", entry, "shared shared"),
		cb("pm", entry, "shared scalar scalar"), cb("type", entry, "shared"), cb("release_port", entry, "shared"),
		cb("request_port", entry, "shared"), cb("config_port", entry, "shared scalar"),
		cb("verify_port", entry, "shared fresh"), cb("ioctl", entry, "shared scalar scalar"),
		cb("poll_init", entry, "shared"), cb("poll_put_char", entry, "shared scalar"),
		cb("poll_get_char", entry, "shared"),
	)
	link("uart_port", "ops", "uart_ops", true, false)
	ops("iio_info", ClassIIO,
		cb("read_raw", entry, "shared shared fresh fresh scalar"),
		cb("read_raw_multi", entry, "shared shared scalar fresh fresh scalar"),
		cb("read_avail", entry, "shared shared fresh fresh fresh scalar"),
		cb("write_raw", entry, "shared shared scalar scalar scalar"),
		cb("read_label", entry, "shared shared fresh"),
		cb("write_raw_get_fmt", entry, "shared shared scalar"),
		cb("read_event_config", entry, "shared shared scalar scalar"),
		cb("write_event_config", entry, "shared shared scalar scalar scalar"),
		cb("read_event_value", entry, "shared shared scalar scalar scalar fresh fresh"),
		cb("write_event_value", entry, "shared shared scalar scalar scalar scalar scalar"),
		cb("read_event_label", entry, "shared shared scalar scalar fresh"),
		cb("validate_trigger", entry, "shared shared"), cb("get_current_scan_type", entry, "shared shared"),
		cb("update_scan_mode", entry, "shared shared"),
		cb("debugfs_reg_access", entry, "shared scalar scalar fresh"),
		cb("fwnode_xlate", entry, "shared shared"), cb("hwfifo_set_watermark", entry, "shared scalar"),
		cb("hwfifo_flush_to_buffer", entry, "shared scalar"),
	)
	link("iio_dev", "info", "iio_info", true, false)
	ops("power_supply_desc", ClassPowerSupply,
		cb("get_property", entry, "shared scalar fresh"), cb("set_property", entry, "shared scalar fresh"),
		cb("property_is_writeable", entry, "shared scalar"), cb("external_power_changed", entry, "shared"),
		cb("set_charged", entry, "shared"),
	)
	// internal_create_group calls ->is_visible for each attribute while it
	// creates the group (sysfs_create_group, device_add_groups, the
	// groups of a device or class registration), and sysfs_update_group
	// again later.
	ops("attribute_group", ClassSysfs,
		cb("is_visible", entry, "shared shared scalar"), cb("is_bin_visible", entry, "shared shared scalar"),
	)
}

// moduleRows: module_init/module_exit and initcalls, keyed by the
// pseudo-struct names the entry-point pass gives them (Field "").
func moduleRows() {
	ops(ModuleInit, ClassModule, cb("", init_, ""))
	ops(ModuleExit, ClassModule, cb("", exit_, ""))
	ops(Initcall, ClassModule, cb("", init_, ""))
	ops(Exitcall, ClassModule, cb("", exit_, ""))
	// Kernel command-line handlers (__setup, early_param): called while
	// parsing the command line during boot, before any initcall; never
	// called for a module.
	ops("obs_kernel_param", ClassModule, cb("setup_func", init_, "fresh"))
}

// misc: small structs whose callbacks the 10 reference drivers or common
// drivers use.
func misc() {
	// dmi_check_system calls ->callback synchronously from the caller.
	ops("dmi_system_id", ClassAlways, cb("callback", entry, "shared"))
	// nvram_ops (include/linux/nvram.h): arch_nvram_ops, called through
	// nvram_read, nvram_write and friends. Every 6.12 caller of ->read
	// and ->write passes a buffer and a position of its own call
	// (drivers/char/nvram.c's misc read and write a kmalloc'd buffer and
	// the file operation's ppos, the syscall's copy; atari_scsi.c stack
	// locals): fresh, under fresh-params. ->initialize is nvram.c's
	// NVRAM_INIT ioctl's, not a set-up: an entry like the others.
	ops("nvram_ops", ClassAlways,
		cb("get_size", entry, ""),
		cb("read_byte", entry, "scalar"),
		cb("write_byte", entry, "scalar scalar"),
		cb("read", entry, "fresh scalar fresh"),
		cb("write", entry, "fresh scalar fresh"),
		cb("initialize", entry, ""),
		cb("set_checksum", entry, ""),
	)
}

// Pseudo-struct names of module-level entry points.
const (
	ModuleInit = "module_init"
	ModuleExit = "module_exit"
	Initcall   = "initcall"
	Exitcall   = "exitcall"
)

// IsModuleLevel reports whether ep is a module init/exit function or an
// initcall (as opposed to a bus driver's probe or remove).
func IsModuleLevel(ep *ir.EntryPoint) bool {
	switch ep.Struct {
	case ModuleInit, ModuleExit, Initcall, Exitcall, "obs_kernel_param":
		return true
	}
	return false
}

// exportParams: how the kernel's callers make the arguments of a function a
// kernel file exports (EXPORT_SYMBOL), where whoop analyses the file that
// defines it (the exported function is then a guessed entry point whose
// pointer parameters are otherwise shared). Each row states what every
// caller in the tree does.
var exportParams = map[string][]ParamSpec{}

// ExportParams returns the parameter specs of exported function name, if
// it has a row.
func ExportParams(name string) ([]ParamSpec, bool) {
	p, ok := exportParams[name]
	return p, ok
}

func init() {
	// The rtc core's time and alarm calls (drivers/rtc/interface.c): every
	// caller in 6.12 (rtc-dev.c's ioctl, rtc sysfs.c and proc.c, class.c's
	// rtc_initialize_alarm, alarmtimer.c, ntp.c, hctosys.c, suspend_test.c,
	// amd/pmc.c, ...) passes its own stack local, the per-call object the
	// rtc_class_ops rows above already take the driver's tm and alarm to
	// be.
	for _, n := range []string{"rtc_read_time", "rtc_set_time", "rtc_read_alarm", "rtc_set_alarm",
		"rtc_initialize_alarm"} {
		exportParams[n] = specs("shared fresh")
	}
	// rtc_time64_to_tm (drivers/rtc/lib.c) fills its caller's struct
	// rtc_time: in 6.12 every caller passes a stack local or the tm its
	// own read_time, read_alarm or set_alarm call was given (the per-call
	// object of the rows above), never a struct another thread shares.
	exportParams["rtc_time64_to_tm"] = specs("scalar fresh")
	// mc146818_get_time and mc146818_set_time (drivers/rtc/rtc-mc146818-lib.c)
	// read or fill their caller's struct rtc_time: in 6.12 every caller
	// passes a stack local (arch/x86/kernel/rtc.c, hpet.c's
	// hpet_rtc_interrupt, base/power/trace.c, alpha's set_time copy) or
	// the tm its own read_time or set_time was given (rtc-cmos.c's
	// cmos_read_time and cmos_set_time, alpha_rtc_read_time), the
	// per-call object of the rtc_class_ops rows.
	exportParams["mc146818_get_time"] = specs("fresh scalar")
	exportParams["mc146818_set_time"] = specs("fresh")
}
