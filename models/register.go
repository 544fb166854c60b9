package models

import (
	"github.com/whoopverify/whoop/ir"
)

// Registration table: what kernel functions do to the set of callable entry
// points. A call can bind callbacks (INIT_WORK records a function, nothing
// runs yet), publish a class (after misc_register any file operation may
// run), or unpublish one (after free_irq the handler no longer runs).
//
// Publication is by class, which is sound for "init before registration":
// before the first call that publishes class C, no entry point of class C
// can run, whichever object it belongs to. A class must therefore be the
// same for a registration function and for every entry point it can make
// callable (all file_operations are ClassChardev, whether published by
// misc_register, cdev_add, proc_create or debugfs_create_file).
//
// Unpublication is by object: free_irq stops the handlers of one line only,
// so a caller must match the call's Object argument to the entry point's
// registration before using it, and only calls with Waits guarantee that
// no callback is still running when they return.

// Publication classes.
const (
	ClassAlways         = ""       // no publication point known: callable whenever the module is loaded
	ClassModule         = "module" // module init/exit: called by the module loader
	ClassChardev        = "chardev"
	ClassBlock          = "block"
	ClassNetdev         = "netdev"
	ClassNAPI           = "napi"
	ClassIRQ            = "irq"
	ClassTimer          = "timer"
	ClassWork           = "work"
	ClassTasklet        = "tasklet"
	ClassNotifier       = "notifier"
	ClassInput          = "input"
	ClassWatchdog       = "watchdog"
	ClassRTC            = "rtc"
	ClassTTY            = "tty"
	ClassNFC            = "nfc"
	ClassSysfs          = "sysfs"
	ClassKthread        = "kthread"
	ClassRCU            = "rcu"
	ClassIPI            = "ipi"
	ClassBacklight      = "backlight"
	ClassLED            = "led"
	ClassHwmon          = "hwmon"
	ClassPCIDriver      = "pci-driver"
	ClassPlatformDriver = "platform-driver"
	ClassAMBADriver     = "amba-driver"
	ClassPNPDriver      = "pnp-driver"
	ClassISADriver      = "isa-driver"
	ClassUSBDriver      = "usb-driver"
	ClassUSBSerial      = "usb-serial-driver"
	ClassPS3Driver      = "ps3-system-bus-driver"
	ClassI2CDriver      = "i2c-driver"
	ClassSPIDriver      = "spi-driver"
	ClassACPIDriver     = "acpi-driver"
	ClassCXDriver       = "cx-driver"
	ClassXenbusDriver   = "xenbus-driver"
	ClassDeviceDriver   = "device-driver"
	ClassI2CAdapter     = "i2c-adapter"
	ClassSPIController  = "spi-controller"
	ClassGPIOChip       = "gpio-chip"
	ClassUART           = "uart"
	ClassIIO            = "iio"
	ClassPowerSupply    = "power-supply"
	ClassCPUHP          = "cpuhp"
	ClassMEICldev       = "mei-cldev"
	ClassMEIDriver      = "mei-cl-driver"
	ClassConsole        = "console"
	ClassIRQChip        = "irq-chip"
	ClassVirtqueue      = "virtqueue"
	ClassACPIEvent      = "acpi-fixed-event"
	ClassRuntimePM      = "runtime-pm"
	ClassURB            = "usb-urb"
	ClassIPMIWatcher    = "ipmi-smi-watcher"
	ClassHwrng          = "hwrng"
	ClassACPISpace      = "acpi-address-space"
	ClassI8042Filter    = "i8042-filter"
	ClassNMI            = "nmi"
	ClassTifmSocket     = "tifm-socket"
	ClassNVMEM          = "nvmem"
	ClassVirtioDriver   = "virtio-driver"
	ClassParportDriver  = "parport-driver"
)

// Callback is a function-pointer argument of a registration call that
// becomes an entry point.
type Callback struct {
	Arg int
	// Struct and Field: where the kernel stores the callback, when a struct
	// form exists (setup_timer stores timer_list.function), so the entry
	// point is the same as for a static initialiser of that struct.
	// Otherwise Struct is the registration's name and Field names the
	// argument ("request_irq", "handler").
	Struct, Field string
	// HeldLockArg is the index of an argument naming a lock the kernel
	// holds around the callback (blk_init_queue's queue lock), or -1.
	HeldLockArg int
}

// RegAPI is one row of the registration table.
type RegAPI struct {
	Name string // function name in the IR
	// Macro is the spelling drivers write when the headers turn it into
	// another call (INIT_WORK -> __INIT_WORK); "" when the same.
	Macro     string
	Callbacks []Callback
	// Object is the index of the argument that identifies the registered
	// object (the miscdevice, the timer, the work item, the dev_id of an
	// interrupt handler), or -1.
	Object int
	// Instance lists the arguments that tell instances of the callback
	// apart when they are not Object: the interrupt number of request_irq
	// (one handler runs once per line, whatever its dev_id).
	Instance    []int
	Publishes   string // class made callable, or ""
	Unpublishes string // class stopped, or ""
	// Waits: when an unregistration returns, no callback of the object is
	// running and none will start (free_irq, del_timer_sync,
	// unregister_netdev). misc_deregister does not wait for open files.
	Waits bool
	// Ops lists arguments that are the address of an ops struct the call
	// publishes (register_chrdev's file_operations).
	Ops []int
	// Unpinned: files opened through what this call publishes do not hold
	// a reference on the ops' owner module. proc files are made so that
	// rmmod is not blocked by an open /proc file (fs/proc/inode.c); the
	// entry-point pass then drops the ops from Facts.Owned.
	Unpinned bool
	// Queue: argument QueueArg names a workqueue. queue_work and its
	// family put the Object on it; destroy_workqueue drains and stops the
	// objects queued on it, and only those (work on the system workqueue
	// goes on).
	Queue    bool
	QueueArg int
	// Freezable: the call queues Object only on a freezable workqueue,
	// whatever its arguments (tifm_queue_work).
	Freezable bool
	// Also: further classes the call makes callable besides Publishes
	// (hwmon_device_register_with_info's extra attribute groups).
	Also []string
	// Resumes: the call only lets callbacks run again that a
	// registration of the class installed before (enable_irq unmasks a
	// line; the handlers on it are those request_irq installed): it
	// never makes the class callable first, so it does not count as a
	// publisher of the class when deciding which classes a probe's
	// registrations gate (lockset gatedBy). It still publishes where it
	// is called (after a withdrawal).
	Resumes bool
	// GroupsOnly: the call creates sysfs files only from the groups the
	// driver set in the device or class it registers (device_add:
	// dev->groups, its type's groups, its class's dev_groups): it
	// publishes its class only in a driver that sets such a member
	// (Facts.SetsGroups).
	GroupsOnly bool
	// Errno: the call returns 0 when it registered and a negative errno
	// when it failed, having undone what it started (nothing of it still
	// runs); the lockset then publishes only on a 0 result (assumption
	// failed-registration). Number: likewise, but a success returns a
	// number, not negative (a major, a hotplug state).
	Errno, Number bool
}

// ObjectClass reports whether the entry points of class are callbacks of
// the object they are registered with (a timer's function, a work item's,
// an interrupt line's handlers) and the class's withdrawals name that
// object (del_timer_sync(&t), cancel_work_sync(&w), free_irq(line, dev)):
// withdrawing one object stops its callbacks only, not those of the
// class's other objects. In the other classes (a driver, a netdev, files)
// the entry points sit in ops structs and a withdrawal names the device
// or driver, which stands for them all.
func ObjectClass(class string) bool {
	switch class {
	case ClassIRQ, ClassTimer, ClassWork, ClassTasklet, ClassNAPI, ClassCPUHP, ClassURB:
		return true
	}
	return false
}

// NamedOnly reports whether a withdrawal of class counts only for an
// object it names, never for the class as a whole: usb_kill_urb(p) kills
// the URB p points to, which may be one whose completion whoop never saw
// filled (a URB of usb_control_msg's kind, a completion set by hand), so
// even a class with one named URB is not stopped by a kill whoop cannot
// match to it.
func NamedOnly(class string) bool { return class == ClassURB }

// Registration returns the row of kernel function name (or of the macro
// spelling a driver writes, e.g. "INIT_WORK").
func Registration(name string) (RegAPI, bool) {
	if r, ok := regTable[name]; ok {
		return r, true
	}
	r, ok := regByMacro[name]
	return r, ok
}

// RegistrationNames returns the function names of the registration table, sorted.
func RegistrationNames() []string { return sortedKeys(regTable) }

// AlsoPublishes returns the further classes a registration publishes
// (RegAPI.Also), or nil.
func AlsoPublishes(name string) []string {
	r, ok := Registration(name)
	if !ok || r.Publishes == "" {
		return nil
	}
	return r.Also
}

// CallEffect returns what a call of kernel function name does to
// publication: it publishes class, or (unregister) withdraws it and waits
// for the callbacks running; ok is false when it does neither (a withdrawal
// that does not wait quiesces nothing).
func CallEffect(name string) (class string, unregister, ok bool) {
	r, found := Registration(name)
	switch {
	case !found:
		return "", false, false
	case r.Publishes != "":
		return r.Publishes, false, true
	case r.Unpublishes != "" && r.Waits:
		return r.Unpublishes, true, true
	}
	return "", false, false
}

// Resumes reports whether a call of kernel function name only lets run
// again callbacks a registration installed before (RegAPI.Resumes).
func Resumes(name string) bool {
	r, ok := Registration(name)
	return ok && r.Resumes
}

// ClassEscaped is the class of guessed entry points that reach the kernel
// only as arguments of kernel functions without a publication effect of
// their own (foo_register(&foo_ops) with foo_register unknown): the first
// call of any of those functions (Facts.EscapeCalls) publishes it. Nothing
// withdraws it.
const ClassEscaped = "escaped"

// EntryClassIn is EntryClass with the driver's facts: ClassEscaped for the
// entry points of Facts.Escaped.
func EntryClassIn(ep *ir.EntryPoint, facts Facts) string {
	if facts.Escaped[ep] {
		return ClassEscaped
	}
	return EntryClass(ep)
}

// CallEffectIn is CallEffect with the driver's facts: a function of
// Facts.EscapeCalls publishes ClassEscaped; a GroupsOnly registration
// publishes nothing in a driver that sets no groups member.
func CallEffectIn(name string, facts Facts) (class string, unregister, ok bool) {
	if r, found := Registration(name); found && r.GroupsOnly && !facts.SetsGroups {
		return "", false, false
	}
	if class, unregister, ok = CallEffect(name); ok {
		return class, unregister, ok
	}
	if facts.EscapeCalls[name] {
		return ClassEscaped, false, true
	}
	return "", false, false
}

// EntryClass returns the publication class that makes entry point ep
// callable: the class of its outermost known struct (a platform driver's PM
// operations belong to the platform driver), else of its row. Unknown (and
// guessed) entry points are ClassAlways.
func EntryClass(ep *ir.EntryPoint) string {
	if ep.Guessed {
		return ClassAlways
	}
	if runtimePMFromDriver(ep) {
		return ClassRuntimePM
	}
	if c, ok := structClass[ep.Struct]; ok && c != ClassAlways {
		return c
	}
	if r, ok := Row(ep); ok {
		return r.Class
	}
	return ClassAlways
}

// runtimePMFromDriver reports whether ep is a runtime PM callback
// (dev_pm_ops runtime_suspend, runtime_resume, runtime_idle) of a
// platform, i2c or SPI driver. Runtime PM of a device starts disabled
// (pm_runtime_init: disable_depth 1), and rpm_suspend, rpm_resume and
// rpm_idle call no callback while it is (-EACCES,
// drivers/base/power/runtime.c); these buses' cores do not enable it for
// their devices (platform_probe, i2c_device_probe, spi_probe): the
// callbacks run only once pm_runtime_enable has (class runtime-pm, under
// the publication assumption). The PCI and USB cores enable it themselves.
func runtimePMFromDriver(ep *ir.EntryPoint) bool {
	switch ep.Struct {
	case "platform_driver", "i2c_driver", "spi_driver":
	default:
		return false
	}
	r, ok := Row(ep)
	if !ok || r.Struct != "dev_pm_ops" {
		return false
	}
	switch r.Field {
	case "runtime_suspend", "runtime_resume", "runtime_idle":
		return true
	}
	return false
}

var (
	regTable    = map[string]RegAPI{}
	regByMacro  = map[string]RegAPI{}
	structClass = map[string]string{}
)

func reg(r RegAPI) {
	if _, dup := regTable[r.Name]; dup {
		panic("models: duplicate registration row " + r.Name)
	}
	regTable[r.Name] = r
	if r.Macro != "" {
		regByMacro[r.Macro] = r
	}
}

// pub is a call that publishes class; obj is the object argument.
func pub(class string, obj int, names ...string) {
	for _, n := range names {
		reg(RegAPI{Name: n, Object: obj, Publishes: class})
	}
}

// unpub is a call that stops class; waits says whether it waits.
func unpub(class string, obj int, waits bool, names ...string) {
	for _, n := range names {
		reg(RegAPI{Name: n, Object: obj, Unpublishes: class, Waits: waits})
	}
}

// bindRow adds the entry-point row of a callback argument that has no
// struct form (Struct is the registration name).
func bindRow(api, field string, role ir.Role, class, params string, opts ...rowOpt) {
	r := cb(field, role, params, opts...)
	r.Struct = api
	r.Class = class
	knownStructs[api] = true
	opsTable[r.Key()] = r
}

func init() {
	for s, c := range map[string]string{
		"file_operations": ClassChardev, "seq_operations": ClassChardev, "vm_operations_struct": ClassChardev,
		"nsc_gpio_ops": ClassChardev, "miscdevice": ClassChardev, "cdev": ClassChardev,
		"proc_dir_entry": ClassChardev, "seq_file": ClassChardev, "vm_area_struct": ClassChardev,
		"block_device_operations": ClassBlock, "cdrom_device_ops": ClassBlock, "gendisk": ClassBlock,
		"cdrom_device_info": ClassBlock,
		"net_device_ops":    ClassNetdev, "ethtool_ops": ClassNetdev, "net_device": ClassNetdev,
		"napi_struct": ClassNAPI, "pci_driver": ClassPCIDriver, "pci_error_handlers": ClassPCIDriver,
		"platform_driver": ClassPlatformDriver, "amba_driver": ClassAMBADriver, "pnp_driver": ClassPNPDriver,
		"isa_driver": ClassISADriver, "xenbus_driver": ClassXenbusDriver,
		"usb_driver": ClassUSBDriver, "usbdrv_wrap": ClassUSBDriver,
		"i2c_driver": ClassI2CDriver, "spi_driver": ClassSPIDriver, "acpi_driver": ClassACPIDriver,
		"acpi_device_ops": ClassACPIDriver, "cx_drv": ClassCXDriver, "usb_serial_driver": ClassUSBSerial,
		"ps3_system_bus_driver": ClassPS3Driver, "mei_cl_driver": ClassMEIDriver,
		"device_driver": ClassDeviceDriver, "tty_operations": ClassTTY, "tty_driver": ClassTTY,
		"watchdog_ops": ClassWatchdog, "watchdog_device": ClassWatchdog, "rtc_class_ops": ClassRTC,
		"rtc_device": ClassRTC, "input_dev": ClassInput, "nfc_ops": ClassNFC, "nfc_dev": ClassNFC,
		"backlight_ops": ClassBacklight, "backlight_device": ClassBacklight, "led_classdev": ClassLED,
		"hwmon_ops": ClassHwmon, "hwmon_chip_info": ClassHwmon, "hwrng": ClassHwrng,
		"i2c_algorithm": ClassI2CAdapter, "i2c_adapter": ClassI2CAdapter, "spi_controller": ClassSPIController,
		"i2c_bus_recovery_info": ClassI2CAdapter, "gpio_chip": ClassGPIOChip, "uart_ops": ClassUART, "uart_port": ClassUART, "iio_info": ClassIIO,
		"iio_dev": ClassIIO, "power_supply_desc": ClassPowerSupply, "attribute_group": ClassSysfs,
		"timer_list": ClassTimer, "hrtimer": ClassTimer, "work_struct": ClassWork, "delayed_work": ClassWork,
		"tasklet_struct": ClassTasklet, "irqaction": ClassIRQ, "notifier_block": ClassNotifier,
		"device_attribute": ClassSysfs, "driver_attribute": ClassSysfs, "bus_attribute": ClassSysfs,
		"class_attribute": ClassSysfs, "kobj_attribute": ClassSysfs,
		ModuleInit: ClassModule, ModuleExit: ClassModule, Initcall: ClassModule, Exitcall: ClassModule,
		"obs_kernel_param": ClassModule, "nmiaction": ClassNMI,
	} {
		structClass[s] = c
	}
	registrations()
	sysfsToo()
	errnoResults()
	xenEventChannels()
	nvmemProviders()
	virtioDrivers()
	parportDrivers()
}

// sysfsToo: registrations that also create sysfs files from attribute
// groups the driver hands them, whose show and store (class sysfs) run
// from then on (RegAPI.Also). misc_register: device_create_with_groups
// with misc->groups (drivers/char/misc.c); watchdog_register_device:
// wd_data->dev.groups = wdd->groups before device_add
// (drivers/watchdog/watchdog_dev.c); led_classdev_register_ext:
// device_create_with_groups with led_cdev->groups
// (drivers/leds/led-class.c); __iio_device_register: the files of
// indio_dev->info->attrs (drivers/iio/industrialio-core.c);
// power_supply_register: dev->groups = cfg->attr_grp
// (drivers/power/supply/power_supply_core.c); __devm_rtc_register_device:
// the groups rtc_add_group added to rtc->dev.groups (drivers/rtc/class.c);
// input_register_device: device_add of the input device, whose
// dev.groups a driver may set (drivers/input/input.c).
func sysfsToo() {
	for _, n := range []string{"misc_register", "watchdog_register_device", "devm_watchdog_register_device",
		"led_classdev_register", "led_classdev_register_ext", "devm_led_classdev_register",
		"devm_led_classdev_register_ext", "iio_device_register", "__iio_device_register",
		"devm_iio_device_register", "__devm_iio_device_register", "power_supply_register",
		"power_supply_register_no_ws", "devm_power_supply_register", "devm_power_supply_register_no_ws",
		"devm_rtc_register_device", "__devm_rtc_register_device", "input_register_device"} {
		r, ok := regTable[n]
		if !ok {
			panic("models: sysfs row for unknown registration " + n)
		}
		r.Also = append(r.Also, ClassSysfs)
		regTable[n] = r
		if r.Macro != "" {
			regByMacro[r.Macro] = r
		}
	}
}

// errnoResults marks the registrations that return 0 or a negative errno
// (RegAPI.Errno), and a number or a negative errno (RegAPI.Number). Not:
// mod_timer and queue_work (whether it was pending), the calls that
// return a pointer or nothing.
func errnoResults() {
	// request_any_context_irq returns IRQC_IS_HARDIRQ (0) or
	// IRQC_IS_NESTED (1) on success (kernel/irq/manage.c), and so does
	// the devm form (kernel/irq/devres.c).
	for _, n := range []string{"register_chrdev", "__register_chrdev", "register_blkdev", "__cpuhp_setup_state",
		"__cpuhp_setup_state_cpuslocked", "request_any_context_irq", "devm_request_any_context_irq"} {
		r := regTable[n]
		r.Number = true
		regTable[n] = r
	}
	for _, n := range []string{"misc_register", "cdev_add", "register_netdev", "register_netdevice",
		"request_irq", "request_threaded_irq", "devm_request_irq", "devm_request_threaded_irq", "setup_irq",
		"pci_register_driver", "__pci_register_driver", "platform_driver_register", "__platform_driver_register",
		"platform_driver_probe", "__platform_driver_probe", "amba_driver_register", "__amba_driver_register",
		"pnp_register_driver", "isa_register_driver", "usb_register", "usb_register_driver",
		"usb_serial_register_drivers", "__usb_serial_register_drivers", "i2c_add_driver", "i2c_register_driver",
		"spi_register_driver", "acpi_bus_register_driver", "driver_register",
		"input_register_device", "watchdog_register_device", "devm_watchdog_register_device",
		"devm_rtc_register_device", "__devm_rtc_register_device", "tty_register_driver", "nfc_register_device",
		"led_classdev_register", "led_classdev_register_ext", "devm_led_classdev_register",
		"devm_led_classdev_register_ext", "i2c_add_adapter", "i2c_add_numbered_adapter", "devm_i2c_add_adapter",
		"spi_register_controller", "devm_spi_register_controller", "gpiochip_add_data",
		"gpiochip_add_data_with_key", "devm_gpiochip_add_data", "devm_gpiochip_add_data_with_key",
		"uart_add_one_port", "iio_device_register", "__iio_device_register", "devm_iio_device_register",
		"__devm_iio_device_register", "device_create_file", "sysfs_create_file", "sysfs_create_group",
		"sysfs_create_groups", "device_add_groups", "devm_device_add_group", "driver_create_file",
		"__mei_cldev_driver_register", "mei_cldev_register_rx_cb", "mei_cldev_register_notif_cb"} {
		r, ok := regTable[n]
		if !ok {
			panic("models: errno row for unknown registration " + n)
		}
		r.Errno = true
		regTable[n] = r
		if r.Macro != "" {
			regByMacro[r.Macro] = r
		}
	}
}

func registrations() {
	// Character devices and files. None of the unregistrations waits for
	// files that are already open (module reference counting does, rule
	// "module-ref-fops" of pairs.go).
	pub(ClassChardev, 0, "misc_register")
	reg(RegAPI{Name: "register_chrdev", Object: 2, Publishes: ClassChardev, Ops: []int{2}})
	reg(RegAPI{Name: "__register_chrdev", Object: 4, Publishes: ClassChardev, Ops: []int{4}})
	reg(RegAPI{Name: "cdev_init", Object: 0, Ops: []int{1}}) // binds fops; cdev_add publishes
	pub(ClassChardev, 0, "cdev_add")
	reg(RegAPI{Name: "proc_create", Object: 3, Publishes: ClassChardev, Ops: []int{3}, Unpinned: true})
	reg(RegAPI{Name: "proc_create_data", Object: 3, Publishes: ClassChardev, Ops: []int{3}, Unpinned: true})
	reg(RegAPI{Name: "debugfs_create_file", Object: 4, Publishes: ClassChardev, Ops: []int{4}})
	reg(RegAPI{Name: "seq_open", Object: 1, Ops: []int{1}}) // binds seq_operations inside a file operation
	unpub(ClassChardev, 0, false, "misc_deregister", "cdev_del")
	unpub(ClassChardev, -1, false, "unregister_chrdev", "__unregister_chrdev", "debugfs_remove",
		"debugfs_remove_recursive")
	// remove_proc_entry waits for running proc operations (proc_entry_rundown).
	unpub(ClassChardev, -1, true, "remove_proc_entry", "proc_remove", "remove_proc_subtree")
	// Legacy /proc read callbacks (removed in 3.10; ds1286 and efirtc use them).
	// They are proc files like the rest: class chardev, removed by remove_proc_entry.
	reg(RegAPI{Name: "create_proc_read_entry", Object: -1, Publishes: ClassChardev,
		Callbacks: []Callback{{Arg: 3, Struct: "create_proc_read_entry", Field: "read_proc", HeldLockArg: -1}}})
	bindRow("create_proc_read_entry", "read_proc", ir.RoleEntry, ClassChardev, "fresh fresh scalar scalar fresh shared")

	// Block devices. add_disk scans partitions itself: the disk's
	// operations and its queue's request function run inside it.
	pub(ClassBlock, 0, "add_disk", "register_blkdev")
	reg(RegAPI{Name: "blk_register_region", Object: -1, Publishes: ClassBlock, Callbacks: []Callback{
		{Arg: 3, Struct: "blk_register_region", Field: "probe", HeldLockArg: -1},
		{Arg: 4, Struct: "blk_register_region", Field: "lock", HeldLockArg: -1}}})
	// kobj_lookup releases domain->lock before calling the probe.
	bindRow("blk_register_region", "probe", ir.RoleEntry, ClassBlock, "scalar fresh shared")
	bindRow("blk_register_region", "lock", ir.RoleEntry, ClassBlock, "scalar shared")
	// __blk_run_queue runs q->request_fn with q->queue_lock held: the lock
	// the driver passed to blk_init_queue.
	for _, n := range []string{"blk_init_queue", "blk_init_queue_node"} {
		reg(RegAPI{Name: n, Object: -1, Callbacks: []Callback{{Arg: 0, Struct: n, Field: "request_fn", HeldLockArg: 1}}})
		bindRow(n, "request_fn", ir.RoleEntry, ClassBlock, "shared")
	}
	reg(RegAPI{Name: "blk_queue_make_request", Object: 0,
		Callbacks: []Callback{{Arg: 1, Struct: "blk_queue_make_request", Field: "make_request_fn", HeldLockArg: -1}}})
	bindRow("blk_queue_make_request", "make_request_fn", ir.RoleEntry, ClassBlock, "shared fresh")
	reg(RegAPI{Name: "blk_queue_softirq_done", Object: 0,
		Callbacks: []Callback{{Arg: 1, Struct: "blk_queue_softirq_done", Field: "softirq_done_fn", HeldLockArg: -1}}})
	bindRow("blk_queue_softirq_done", "softirq_done_fn", ir.RoleEntry, ClassBlock, "shared")
	unpub(ClassBlock, 0, false, "del_gendisk")
	unpub(ClassBlock, -1, false, "unregister_blkdev", "blk_unregister_region")
	unpub(ClassBlock, 0, true, "blk_cleanup_queue") // drains the queue

	// Network devices. unregister_netdev closes the device under RTNL,
	// waits for transmits in flight and for every reference.
	pub(ClassNetdev, 0, "register_netdev", "register_netdevice")
	unpub(ClassNetdev, 0, true, "unregister_netdev")
	unpub(ClassNetdev, 0, false, "unregister_netdevice", "unregister_netdevice_queue")
	reg(RegAPI{Name: "netif_napi_add", Object: 1,
		Callbacks: []Callback{{Arg: 2, Struct: "napi_struct", Field: "poll", HeldLockArg: -1}}})
	pub(ClassNAPI, 0, "napi_enable", "napi_schedule", "__napi_schedule", "napi_schedule_irqoff")
	unpub(ClassNAPI, 0, true, "napi_disable")
	unpub(ClassNAPI, 0, false, "netif_napi_del")

	// Interrupts: a handler may run as soon as request_irq registers it
	// (shared lines, CONFIG_DEBUG_SHIRQ). free_irq waits (synchronize_irq).
	irq := func(name string, obj int, handler, thread int) {
		line := 0
		if handler == 2 { // devm_*: the device comes first
			line = 1
		}
		r := RegAPI{Name: name, Object: obj, Instance: []int{line}, Publishes: ClassIRQ}
		if handler >= 0 {
			r.Callbacks = append(r.Callbacks, Callback{Arg: handler, Struct: name, Field: "handler", HeldLockArg: -1})
			bindRow(name, "handler", ir.RoleIRQ, ClassIRQ, "scalar shared")
		}
		if thread >= 0 {
			r.Callbacks = append(r.Callbacks, Callback{Arg: thread, Struct: name, Field: "thread_fn", HeldLockArg: -1})
			bindRow(name, "thread_fn", ir.RoleThreaded, ClassIRQ, "scalar shared")
		}
		reg(r)
	}
	irq("request_irq", 4, 1, -1)
	irq("request_threaded_irq", 5, 1, 2)
	irq("request_any_context_irq", 4, 1, -1)
	irq("request_percpu_irq", 3, 1, -1)
	irq("devm_request_irq", 5, 2, -1)
	irq("devm_request_threaded_irq", 6, 2, 3)
	irq("devm_request_any_context_irq", 5, 2, -1)
	pub(ClassIRQ, 1, "setup_irq")
	// enable_irq (kernel/irq/manage.c) unmasks a line disable_irq masked:
	// the handlers it lets run are those request_irq installed on it.
	reg(RegAPI{Name: "enable_irq", Object: 0, Publishes: ClassIRQ, Resumes: true})
	// A withdrawal names the line as request_irq does (Instance): free_irq
	// stops the handlers of that line only.
	irqOff := func(name string, obj, line int) {
		reg(RegAPI{Name: name, Object: obj, Instance: []int{line}, Unpublishes: ClassIRQ, Waits: true})
	}
	irqOff("free_irq", 1, 0)
	irqOff("remove_irq", 1, 0)
	irqOff("free_percpu_irq", 1, 0)
	irqOff("devm_free_irq", 2, 1)
	irqOff("disable_irq", 0, 0)

	// Timers: setup_timer only records the function; add_timer/mod_timer
	// arm it. del_timer does not wait for a running handler.
	for _, n := range []string{"setup_timer", "__setup_timer", "setup_timer_on_stack", "setup_deferrable_timer_on_stack",
		"setup_pinned_timer", "setup_deferrable_timer"} {
		reg(RegAPI{Name: n, Object: 0, Callbacks: []Callback{{Arg: 1, Struct: "timer_list", Field: "function", HeldLockArg: -1}}})
	}
	// Linux 4.15 on: timer_setup(timer, fn, flags) is __init_timer, which
	// calls init_timer_key (include/linux/timer.h; with or without
	// lockdep), and it stores fn into timer->function.
	reg(RegAPI{Name: "init_timer_key", Macro: "timer_setup", Object: 0,
		Callbacks: []Callback{{Arg: 1, Struct: "timer_list", Field: "function", HeldLockArg: -1}}})
	reg(RegAPI{Name: "init_timer_on_stack_key", Macro: "timer_setup_on_stack", Object: 0,
		Callbacks: []Callback{{Arg: 1, Struct: "timer_list", Field: "function", HeldLockArg: -1}}})
	// timer_reduce (4.15 on) arms an inactive timer as mod_timer does;
	// 6.x adds add_timer_local/global and renames del_timer[_sync] to
	// timer_delete[_sync]; timer_shutdown[_sync] also forbids re-arming
	// (kernel/time/timer.c). hrtimer_start_expires is hrtimer_start.
	pub(ClassTimer, 0, "add_timer", "mod_timer", "add_timer_on", "mod_timer_pinned", "hrtimer_start",
		"hrtimer_start_range_ns", "timer_reduce", "add_timer_local", "add_timer_global", "hrtimer_start_expires")
	unpub(ClassTimer, 0, true, "del_timer_sync", "hrtimer_cancel", "timer_delete_sync", "timer_shutdown_sync")
	unpub(ClassTimer, 0, false, "del_timer", "try_to_del_timer_sync", "hrtimer_try_to_cancel", "timer_delete",
		"timer_shutdown")

	// Work items: INIT_WORK records the function; queueing publishes.
	// Workqueues are non-reentrant since 3.7.
	reg(RegAPI{Name: "__INIT_WORK", Macro: "INIT_WORK", Object: 0,
		Callbacks: []Callback{{Arg: 1, Struct: "work_struct", Field: "func", HeldLockArg: -1}}})
	reg(RegAPI{Name: "__INIT_DELAYED_WORK", Macro: "INIT_DELAYED_WORK", Object: 0,
		Callbacks: []Callback{{Arg: 1, Struct: "delayed_work", Field: "work.func", HeldLockArg: -1}}})
	pub(ClassWork, 0, "schedule_work", "schedule_delayed_work")
	// schedule_work_on(cpu, work).
	pub(ClassWork, 1, "schedule_work_on", "schedule_delayed_work_on")
	for _, n := range []string{"queue_work", "queue_delayed_work", "mod_delayed_work"} {
		reg(RegAPI{Name: n, Object: 1, Publishes: ClassWork, Queue: true, QueueArg: 0})
	}
	// The _on forms take the CPU first: queue_work_on(cpu, wq, work).
	for _, n := range []string{"queue_work_on", "queue_delayed_work_on", "mod_delayed_work_on"} {
		reg(RegAPI{Name: n, Object: 2, Publishes: ClassWork, Queue: true, QueueArg: 1})
	}
	// Linux 6.12 drivers/misc/tifm_core.c: tifm_queue_work(work) is
	// queue_work(workqueue, work) on the core's queue, made by
	// create_freezable_workqueue("tifm") in tifm_init.
	reg(RegAPI{Name: "tifm_queue_work", Object: 0, Publishes: ClassWork, Freezable: true})
	// A tifm adapter's eject and has_ms_pif (struct tifm_adapter) are
	// called only by tifm_eject(sock) and tifm_has_ms_pif(sock)
	// (drivers/misc/tifm_core.c), from the media drivers bound to a
	// socket; every socket (struct tifm_dev) is made by the adapter
	// driver's own tifm_alloc_device(fm, ...) (tifm_core.c): no
	// callback of the class runs before the first such call. The sockets
	// go away in tifm_remove_adapter; that withdrawal is not counted.
	pub(ClassTifmSocket, 0, "tifm_alloc_device")
	unpub(ClassWork, 0, true, "cancel_work_sync", "cancel_delayed_work_sync")
	unpub(ClassWork, 0, false, "cancel_work", "cancel_delayed_work")
	// destroy_workqueue drains the work queued on its queue (Queue): not
	// work on the system workqueue or another queue.
	reg(RegAPI{Name: "destroy_workqueue", Object: -1, Unpublishes: ClassWork, Waits: true, Queue: true, QueueArg: 0})

	// Tasklets.
	reg(RegAPI{Name: "tasklet_init", Object: 0,
		Callbacks: []Callback{{Arg: 1, Struct: "tasklet_struct", Field: "func", HeldLockArg: -1}}})
	pub(ClassTasklet, 0, "tasklet_schedule", "tasklet_hi_schedule", "__tasklet_schedule", "__tasklet_hi_schedule",
		"tasklet_hi_schedule_first", "tasklet_enable")
	unpub(ClassTasklet, 0, true, "tasklet_kill", "tasklet_disable")
	unpub(ClassTasklet, 0, false, "tasklet_disable_nosync")

	// Bus drivers: registering a driver probes matching devices at once;
	// unregistering removes them all before returning.
	// AMBA and PnP buses of the driver core (drivers/amba/bus.c,
	// drivers/pnp/driver.c): registration binds the devices (probe);
	// unregistration unbinds them (remove) and returns after.
	pub(ClassAMBADriver, 0, "amba_driver_register", "__amba_driver_register")
	unpub(ClassAMBADriver, 0, true, "amba_driver_unregister")
	pub(ClassPNPDriver, 0, "pnp_register_driver")
	unpub(ClassPNPDriver, 0, true, "pnp_unregister_driver")
	pub(ClassISADriver, 0, "isa_register_driver")
	unpub(ClassISADriver, 0, true, "isa_unregister_driver")
	// The Xen bus (drivers/xen/xenbus): xenbus_register_frontend and
	// _backend are macros for these, which register the driver with the
	// driver core (xenbus_register_driver_common: driver_register);
	// xenbus_unregister_driver is driver_unregister, which removes every
	// bound device before it returns.
	pub(ClassXenbusDriver, 0, "__xenbus_register_frontend", "__xenbus_register_backend")
	unpub(ClassXenbusDriver, 0, true, "xenbus_unregister_driver")
	pub(ClassPCIDriver, 0, "pci_register_driver", "__pci_register_driver")
	unpub(ClassPCIDriver, 0, true, "pci_unregister_driver")
	pub(ClassPlatformDriver, 0, "platform_driver_register", "__platform_driver_register")
	// platform_driver_probe(drv, probe) and platform_create_bundle(drv,
	// probe, ...) store probe into drv->probe and register drv
	// (drivers/base/platform.c __platform_driver_probe): the probe is the
	// driver's, run by really_probe under device_lock like any other.
	for _, n := range []string{"platform_driver_probe", "__platform_driver_probe", "platform_create_bundle",
		"__platform_create_bundle"} {
		reg(RegAPI{Name: n, Object: 0, Publishes: ClassPlatformDriver,
			Callbacks: []Callback{{Arg: 1, Struct: "platform_driver", Field: "probe", HeldLockArg: -1}}})
	}
	unpub(ClassPlatformDriver, 0, true, "platform_driver_unregister")
	// ps3_system_bus_driver_register is driver_register on the PS3 bus.
	pub(ClassPS3Driver, 0, "ps3_system_bus_driver_register")
	unpub(ClassPS3Driver, 0, true, "ps3_system_bus_driver_unregister")
	pub(ClassUSBDriver, 0, "usb_register", "usb_register_driver")
	unpub(ClassUSBDriver, 0, true, "usb_deregister")
	// usb_serial_register_drivers(drivers, name, ids) is
	// __usb_serial_register_drivers(drivers, THIS_MODULE, name, ids)
	// (include/linux/usb/serial.h): it registers the usb-serial drivers
	// and the usb_driver that probes them.
	pub(ClassUSBSerial, 0, "usb_serial_register_drivers", "__usb_serial_register_drivers")
	unpub(ClassUSBSerial, 0, true, "usb_serial_deregister_drivers")
	// i2c_add_driver(drv) is i2c_register_driver(THIS_MODULE, drv).
	pub(ClassI2CDriver, 0, "i2c_add_driver")
	pub(ClassI2CDriver, 1, "i2c_register_driver")
	unpub(ClassI2CDriver, 0, true, "i2c_del_driver")
	pub(ClassSPIDriver, 0, "spi_register_driver")
	unpub(ClassSPIDriver, 0, true, "spi_unregister_driver")
	pub(ClassACPIDriver, 0, "acpi_bus_register_driver")
	unpub(ClassACPIDriver, 0, true, "acpi_bus_unregister_driver")
	pub(ClassCXDriver, 0, "cx_driver_register")
	unpub(ClassCXDriver, 0, true, "cx_driver_unregister")
	// mei_cldev_driver_register(drv) is __mei_cldev_driver_register(drv,
	// THIS_MODULE) (include/linux/mei_cl_bus.h): driver_register.
	pub(ClassMEIDriver, 0, "__mei_cldev_driver_register")
	unpub(ClassMEIDriver, 0, true, "mei_cldev_driver_unregister")
	pub(ClassDeviceDriver, 0, "driver_register")
	unpub(ClassDeviceDriver, 0, true, "driver_unregister")

	// Notifier chains. Unregistering from a blocking chain takes the
	// chain's rwsem for writing, from an atomic chain it synchronises RCU:
	// both wait for callbacks in flight.
	pub(ClassNotifier, 0, "register_reboot_notifier", "register_netdevice_notifier", "register_inetaddr_notifier",
		"register_pm_notifier", "register_cpu_notifier", "register_die_notifier", "register_keyboard_notifier",
		"register_oom_notifier", "register_restart_handler")
	pub(ClassNotifier, 1, "atomic_notifier_chain_register", "blocking_notifier_chain_register",
		"raw_notifier_chain_register", "srcu_notifier_chain_register")
	unpub(ClassNotifier, 0, true, "unregister_reboot_notifier", "unregister_netdevice_notifier",
		"unregister_inetaddr_notifier", "unregister_pm_notifier", "unregister_die_notifier",
		"unregister_keyboard_notifier", "unregister_oom_notifier", "unregister_restart_handler")
	unpub(ClassNotifier, 1, true, "atomic_notifier_chain_unregister", "blocking_notifier_chain_unregister",
		"srcu_notifier_chain_unregister")
	unpub(ClassNotifier, 1, false, "raw_notifier_chain_unregister")
	unpub(ClassNotifier, 0, false, "unregister_cpu_notifier")

	// Input devices; input_unregister_device closes every handle first.
	pub(ClassInput, 0, "input_register_device")
	unpub(ClassInput, 0, true, "input_unregister_device")
	reg(RegAPI{Name: "input_ff_create_memless", Object: 0,
		Callbacks: []Callback{{Arg: 2, Struct: "input_ff_create_memless", Field: "play_effect", HeldLockArg: -1}}})
	// ml_play_effects runs it under dev->event_lock.
	bindRow("input_ff_create_memless", "play_effect", ir.RoleEntry, ClassInput, "shared shared fresh", held(InputEventLock))

	// The i8042 platform filter (drivers/input/serio/i8042.c):
	// i8042_install_filter stores the filter in i8042_platform_filter
	// under i8042_lock; i8042_filter, called only from i8042_interrupt
	// with i8042_lock held, is its one caller. i8042_remove_filter clears
	// the pointer under the same lock: once it returns no filter call is
	// running and none starts (Waits).
	reg(RegAPI{Name: "i8042_install_filter", Object: -1, Publishes: ClassI8042Filter,
		Callbacks: []Callback{{Arg: 0, Struct: "i8042_install_filter", Field: "filter", HeldLockArg: -1}}})
	bindRow("i8042_install_filter", "filter", ir.RoleEntry, ClassI8042Filter, "scalar scalar shared", held(I8042Lock))
	unpub(ClassI8042Filter, -1, true, "i8042_remove_filter")

	// NMI handlers (arch/x86): register_nmi_handler(type, fn, flags,
	// name) is a macro that fills a static struct nmiaction with fn and
	// calls __register_nmi_handler(type, &action), which adds it to the
	// type's RCU list; nmi_handle calls every handler of the list under
	// rcu_read_lock, on any CPU, so no lock is claimed around it.
	// unregister_nmi_handler(type, name) unlinks it (list_del_rcu) and
	// synchronize_rcu()s before it returns (arch/x86/kernel/nmi.c):
	// no handler call is running after it (Waits).
	pub(ClassNMI, 1, "__register_nmi_handler")
	unpub(ClassNMI, -1, true, "unregister_nmi_handler")

	// Class devices whose ops the core serialises (watchdog, rtc).
	pub(ClassWatchdog, 0, "watchdog_register_device")
	// devm_watchdog_register_device(dev, wdd) registers wdd and
	// unregisters it when dev is unbound (drivers/watchdog/watchdog_core.c).
	pub(ClassWatchdog, 1, "devm_watchdog_register_device")
	unpub(ClassWatchdog, 0, true, "watchdog_unregister_device") // WDOG_UNREGISTERED under wdd->lock
	reg(RegAPI{Name: "rtc_device_register", Object: 1, Publishes: ClassRTC, Ops: []int{2}})
	reg(RegAPI{Name: "devm_rtc_device_register", Object: 0, Publishes: ClassRTC, Ops: []int{2}})
	unpub(ClassRTC, 0, true, "rtc_device_unregister", "devm_rtc_device_unregister") // ops = NULL under ops_lock
	// Linux 5.x on: devm_rtc_allocate_device, rtc->ops = &ops, then
	// devm_rtc_register_device(rtc), a macro over
	// __devm_rtc_register_device(THIS_MODULE, rtc) (drivers/rtc/class.c),
	// makes the ops callable.
	pub(ClassRTC, 0, "devm_rtc_register_device")
	pub(ClassRTC, 1, "__devm_rtc_register_device")
	pub(ClassTTY, 0, "tty_register_driver", "tty_register_device", "tty_port_register_device")
	reg(RegAPI{Name: "tty_set_operations", Object: 0, Ops: []int{1}})
	unpub(ClassTTY, 0, false, "tty_unregister_driver", "tty_unregister_device")
	pub(ClassNFC, 0, "nfc_register_device")
	reg(RegAPI{Name: "nfc_allocate_device", Object: -1, Ops: []int{0}})
	unpub(ClassNFC, 0, false, "nfc_unregister_device")
	pub(ClassBacklight, 2, "backlight_device_register", "devm_backlight_device_register")
	unpub(ClassBacklight, 0, false, "backlight_device_unregister")
	// hwmon (drivers/hwmon/hwmon.c): the chip's ops become callable
	// through the sysfs attributes __hwmon_device_register creates (and
	// is_visible while it creates them); hwmon_device_unregister removes
	// them, waiting for running show/store calls (kernfs). The devm form
	// unregisters at detach, after remove.
	// Its extra_groups argument (4) are attribute groups the same
	// device_register creates: their show and store run from sysfs after
	// it too (class sysfs, Also).
	for _, n := range []string{"hwmon_device_register_with_info", "devm_hwmon_device_register_with_info"} {
		reg(RegAPI{Name: n, Object: 3, Publishes: ClassHwmon, Also: []string{ClassSysfs}})
	}
	unpub(ClassHwmon, 0, true, "hwmon_device_unregister")
	// The deprecated form creates the hwmon device with the driver's
	// attribute groups (__hwmon_device_register, device_register): its
	// show and store run from sysfs after it. Its withdrawal, by the same
	// hwmon_device_unregister, is not counted (the row above withdraws
	// the chip's hwmon_ops).
	pub(ClassSysfs, 3, "hwmon_device_register_with_groups", "devm_hwmon_device_register_with_groups")
	// LED class devices (drivers/leds/led-class.c): led_classdev_register
	// and the devm form are inlines over the _ext functions in 6.12.
	pub(ClassLED, 1, "led_classdev_register", "led_classdev_register_ext", "devm_led_classdev_register",
		"devm_led_classdev_register_ext")
	unpub(ClassLED, 0, false, "led_classdev_unregister")
	unpub(ClassLED, 1, false, "devm_led_classdev_unregister")

	// Controllers and class devices of other subsystems: each call makes
	// the ops it registers callable by the subsystem's core and its users
	// at once (they may even run inside the call: i2c_add_adapter scans
	// for clients, gpiochip_add_data reads the directions). Their
	// withdrawals are not counted as waiting, but for i2c adapters and
	// GPIO chips, whose every caller holds what the unregistration waits
	// for (below).
	pub(ClassI2CAdapter, 0, "i2c_add_adapter", "i2c_add_numbered_adapter")
	pub(ClassI2CAdapter, 1, "devm_i2c_add_adapter")
	// The PCA9564 and bit-banging algorithms (drivers/i2c/algos):
	// i2c_pca_add_bus and i2c_pca_add_numbered_bus set adap->algo, call
	// the i2c_algo_pca_data callbacks (pca_init resets and programs the
	// chip) and add the adapter; i2c_bit_add_bus and
	// i2c_bit_add_numbered_bus likewise with i2c_algo_bit_data (the bus
	// test, then i2c_add_adapter): the callbacks run from the call on.
	pub(ClassI2CAdapter, 0, "i2c_pca_add_bus", "i2c_pca_add_numbered_bus", "i2c_bit_add_bus",
		"i2c_bit_add_numbered_bus")
	// i2c_del_adapter (drivers/i2c/i2c-core-base.c) unregisters the
	// clients (children of the adapter's device), device_unregister()s
	// the adapter and waits for dev_released: until the last reference on
	// its struct device is gone. Whoever calls the algorithm holds one: a
	// client (its device's parent reference), a user of
	// i2c_get_adapter (i2c-dev's open file, a mux, another driver), an
	// iteration of the bus (bus_for_each_dev); its sysfs files are
	// drained, the ACPI space handler and host-notify IRQ removed first.
	unpub(ClassI2CAdapter, 0, true, "i2c_del_adapter")
	pub(ClassSPIController, 0, "spi_register_controller")
	pub(ClassSPIController, 1, "devm_spi_register_controller")
	unpub(ClassSPIController, 0, false, "spi_unregister_controller")
	// gpiochip_add_data(gc, data) is gpiochip_add_data_with_key(gc, data,
	// NULL, NULL) (include/linux/gpio/driver.h), the devm form likewise.
	pub(ClassGPIOChip, 0, "gpiochip_add_data", "gpiochip_add_data_with_key")
	pub(ClassGPIOChip, 1, "devm_gpiochip_add_data", "devm_gpiochip_add_data_with_key")
	// gpiochip_remove (drivers/gpio/gpiolib.c) sets gdev->chip to NULL
	// and synchronize_srcu(&gdev->srcu)s: since Linux 6.9 every call of
	// a gpio_chip operation is made under gdev->srcu on the chip read
	// with srcu_dereference (gpio_chip_guard), and none after it.
	unpub(ClassGPIOChip, 0, true, "gpiochip_remove")
	pub(ClassUART, 1, "uart_add_one_port")
	unpub(ClassUART, 1, false, "uart_remove_one_port")
	// iio_device_register(indio) is __iio_device_register(indio,
	// THIS_MODULE) (include/linux/iio/iio.h), the devm form likewise.
	pub(ClassIIO, 0, "iio_device_register", "__iio_device_register")
	pub(ClassIIO, 1, "devm_iio_device_register", "__devm_iio_device_register")
	unpub(ClassIIO, 0, false, "iio_device_unregister")
	pub(ClassPowerSupply, 1, "power_supply_register", "power_supply_register_no_ws", "devm_power_supply_register",
		"devm_power_supply_register_no_ws")
	unpub(ClassPowerSupply, 0, false, "power_supply_unregister")

	// Device and class registrations create the files of the groups they
	// are given or find: device_add creates dev->groups, dev->type->groups
	// and the class's dev_groups (device_add_attrs, drivers/base/core.c);
	// device_create and device_create_with_groups (its groups argument
	// too) are device_add of a new device; class_register creates
	// cls->class_groups (drivers/base/class.c); platform_device_add and
	// platform_device_register are device_add of the platform device.
	// A sysfs file a probe's sysfs_create_group gates could otherwise be
	// created earlier by one of them.
	// All but device_create_with_groups create only groups the driver set
	// in a member (RegAPI.GroupsOnly).
	for _, n := range []string{"device_add", "device_register", "device_create", "class_register",
		"platform_device_add", "platform_device_register"} {
		reg(RegAPI{Name: n, Object: 0, Publishes: ClassSysfs, GroupsOnly: true})
	}
	pub(ClassSysfs, 0, "device_create_with_groups")
	// sysfs attributes; kernfs_remove drains active show/store calls.
	// devm_device_add_group (drivers/base/core.c) is device_add_groups
	// with its removal at driver detach.
	pub(ClassSysfs, 1, "device_create_file", "sysfs_create_file", "sysfs_create_group", "sysfs_create_groups",
		"device_add_groups", "devm_device_add_group", "driver_create_file", "class_create_file", "bus_create_file")
	unpub(ClassSysfs, 1, true, "device_remove_file", "sysfs_remove_file", "sysfs_remove_group", "sysfs_remove_groups",
		"device_remove_groups", "driver_remove_file", "class_remove_file", "bus_remove_file")

	// CPU hotplug states (kernel/cpu.c): cpuhp_setup_state(state, name,
	// startup, teardown) and its _nocalls and _multi forms are inlines
	// over __cpuhp_setup_state(state, name, invoke, startup, teardown,
	// multi), which may run startup for every online CPU before it
	// returns; then each CPU coming up or going down runs them. Every
	// invocation holds cpu_hotplug_lock for writing, or for reading with
	// cpuhp_state_mutex (rule cpuhp of pairs.go). __cpuhp_remove_state
	// runs the teardowns and unhooks the state under the same locks: no
	// callback runs after it.
	for _, n := range []string{"__cpuhp_setup_state", "__cpuhp_setup_state_cpuslocked"} {
		reg(RegAPI{Name: n, Object: -1, Instance: []int{0}, Publishes: ClassCPUHP, Callbacks: []Callback{
			{Arg: 3, Struct: "cpuhp_setup_state", Field: "startup", HeldLockArg: -1},
			{Arg: 4, Struct: "cpuhp_setup_state", Field: "teardown", HeldLockArg: -1}}})
	}
	bindRow("cpuhp_setup_state", "startup", ir.RoleEntry, ClassCPUHP, "scalar -", held(CPUHPLock))
	bindRow("cpuhp_setup_state", "teardown", ir.RoleEntry, ClassCPUHP, "scalar -", held(CPUHPLock))
	for _, n := range []string{"__cpuhp_remove_state", "__cpuhp_remove_state_cpuslocked"} {
		reg(RegAPI{Name: n, Object: -1, Instance: []int{0}, Unpublishes: ClassCPUHP, Waits: true})
	}

	// MEI client bus (drivers/misc/mei/bus.c): the rx and notification
	// callbacks run only from the cldev's rx_work and notif_work, which
	// mei_cldev_register_rx_cb and mei_cldev_register_notif_cb set up;
	// mei_cldev_disable cancels both works (cancel_work_sync in
	// mei_cldev_unregister_callbacks) before it disconnects. A
	// registration that fails cancels its work and clears the callback.
	for _, c := range []struct{ api, field string }{
		{"mei_cldev_register_rx_cb", "rx_cb"}, {"mei_cldev_register_notif_cb", "notif_cb"}} {
		reg(RegAPI{Name: c.api, Object: 0, Publishes: ClassMEICldev,
			Callbacks: []Callback{{Arg: 1, Struct: c.api, Field: c.field, HeldLockArg: -1}}})
		bindRow(c.api, c.field, ir.RoleEntry, ClassMEICldev, "shared")
	}
	unpub(ClassMEICldev, 0, true, "mei_cldev_disable")

	// Consoles (kernel/printk/printk.c): register_console may call
	// ->match and ->setup and print through ->write before it returns;
	// unregister_console unlinks the console and synchronize_srcu()s:
	// every caller of its operations walks the console list under
	// console_srcu or console_list_lock ("all contexts must not be able
	// to see this console ... so that any exit/cleanup routines can be
	// performed safely").
	pub(ClassConsole, 0, "register_console")
	unpub(ClassConsole, 0, true, "unregister_console")

	// Interrupt chips: irq_set_chip (irq_set_chip_and_handler is an
	// inline over irq_set_chip_and_handler_name), irq_domain_set_info and
	// irq_domain_set_hwirq_and_chip install a chip on interrupts, and
	// irq_setup_generic_chip (devm_ too, kernel/irq/generic-chip.c) the
	// chip types of a generic chip, whose callbacks the interrupt core
	// may call from then on. Chips a GPIO chip's gpio_irq_chip names are
	// installed by gpiochip_add_data, which does not publish this class:
	// such a chip's class has no publisher in sight and is never gated.
	pub(ClassIRQChip, 1, "irq_set_chip", "irq_set_chip_and_handler_name", "irq_setup_generic_chip",
		"irq_domain_set_info", "irq_domain_set_hwirq_and_chip")
	pub(ClassIRQChip, 1, "devm_irq_setup_generic_chip")

	// Virtqueues (include/linux/virtio_config.h): virtio_find_vqs and
	// virtio_find_single_vq (inlines over vdev->config->find_vqs) create
	// the queues with their callbacks, which vring_interrupt may call
	// from then on.
	pub(ClassVirtqueue, 0, "virtio_find_vqs")
	reg(RegAPI{Name: "virtio_find_single_vq", Object: 0, Publishes: ClassVirtqueue,
		Callbacks: []Callback{{Arg: 1, Struct: "virtqueue_info", Field: "callback", HeldLockArg: -1}}})

	// ACPI fixed events (drivers/acpi/acpica/evxface.c): the handler runs
	// from the SCI (acpi_ev_fixed_event_dispatch) once
	// acpi_install_fixed_event_handler has stored and enabled it;
	// acpi_remove_fixed_event_handler does not wait for a dispatch in
	// progress.
	reg(RegAPI{Name: "acpi_install_fixed_event_handler", Object: -1, Instance: []int{0}, Publishes: ClassACPIEvent,
		Callbacks: []Callback{{Arg: 1, Struct: "acpi_install_fixed_event_handler", Field: "handler", HeldLockArg: -1}}})
	bindRow("acpi_install_fixed_event_handler", "handler", ir.RoleEntry, ClassACPIEvent, "shared")
	reg(RegAPI{Name: "acpi_remove_fixed_event_handler", Object: -1, Instance: []int{0}, Unpublishes: ClassACPIEvent})

	// Hardware random number generators (drivers/char/hw_random/core.c):
	// hwrng_register links the rng into rng_list and may make it the
	// current one (set_current_rng: ->init, then reads for early
	// randomness and the hwrng_fillfn thread); /dev/hwrng and the fill
	// thread reach an rng only through rng_list and current_rng. Before
	// the call no callback of the rng runs. devm_hwrng_register(dev, rng)
	// registers rng and unregisters it at detach.
	pub(ClassHwrng, 0, "hwrng_register")
	pub(ClassHwrng, 1, "devm_hwrng_register")

	// ACPI operation region handlers (drivers/acpi/acpica/evxfregn.c):
	// acpi_install_address_space_handler(device, space, handler, setup,
	// context) attaches a handler object to the device's namespace node
	// under ACPI_MTX_NAMESPACE (acpi_ev_install_space_handler) and runs
	// the _REG methods; the interpreter calls setup and handler only for
	// regions of a node that has it (acpi_ev_address_space_dispatch). The
	// _no_reg form skips _REG. Neither callback runs before the call.
	for _, n := range []string{"acpi_install_address_space_handler", "acpi_install_address_space_handler_no_reg"} {
		reg(RegAPI{Name: n, Object: -1, Instance: []int{0, 1}, Publishes: ClassACPISpace, Callbacks: []Callback{
			{Arg: 2, Struct: "acpi_install_address_space_handler", Field: "handler", HeldLockArg: -1},
			{Arg: 3, Struct: "acpi_install_address_space_handler", Field: "setup", HeldLockArg: -1}}})
	}
	bindRow("acpi_install_address_space_handler", "handler", ir.RoleEntry, ClassACPISpace,
		"scalar scalar scalar shared shared shared")
	// setup's return_context is the interpreter's slot for this call: a
	// stack local of the activating acpi_ev_address_space_dispatch, or on
	// deactivation the region's own extra.region_context, after
	// acpi_ev_detach_region unlinked that region from the handler (once)
	// (drivers/acpi/acpica/evregion.c): no two setup calls share it
	// (fresh-params).
	bindRow("acpi_install_address_space_handler", "setup", ir.RoleEntry, ClassACPISpace, "shared scalar shared fresh")
	// acpi_remove_address_space_handler detaches the handler's regions and
	// unlinks it under ACPI_MTX_NAMESPACE, which a dispatch does not hold
	// around the handler (acpi_ev_address_space_dispatch): no wait.
	reg(RegAPI{Name: "acpi_remove_address_space_handler", Object: -1, Instance: []int{0, 1}, Unpublishes: ClassACPISpace})

	// I2C bus recovery (drivers/i2c/i2c-core-base.c): the callbacks of an
	// adapter's i2c_bus_recovery_info run only from i2c_recover_bus(adap)
	// (->recover_bus, by default i2c_generic_scl_recovery, which calls
	// the others) and from i2c_init_recovery inside i2c_add_adapter:
	// class i2c-adapter. A driver that calls i2c_recover_bus or
	// i2c_generic_scl_recovery itself runs them from there, so those
	// calls publish the class too (an interrupt handler's call then
	// makes the callbacks callable once the handler is).
	pub(ClassI2CAdapter, 0, "i2c_recover_bus", "i2c_generic_scl_recovery")

	// Runtime PM (drivers/base/power/runtime.c): pm_runtime_enable and
	// devm_pm_runtime_enable let the PM core call a device's runtime
	// callbacks (for the drivers of runtimePMFromDriver);
	// __pm_runtime_disable (pm_runtime_disable is an inline over it)
	// increments disable_depth and waits for a callback in progress
	// (__pm_runtime_barrier).
	pub(ClassRuntimePM, 0, "pm_runtime_enable", "devm_pm_runtime_enable")
	unpub(ClassRuntimePM, 0, true, "__pm_runtime_disable", "pm_runtime_disable")

	// ipmi_smi_watcher_unregister unlinks the watcher under
	// smi_watchers_mutex, which every call of its callbacks holds: none
	// runs after it returns (drivers/char/ipmi/ipmi_msghandler.c).
	pub(ClassIPMIWatcher, 0, "ipmi_smi_watcher_register")
	unpub(ClassIPMIWatcher, 0, true, "ipmi_smi_watcher_unregister")

	// USB URBs (include/linux/usb.h): usb_fill_int_urb, usb_fill_bulk_urb
	// and usb_fill_control_urb, inline, store the completion handler, which
	// runs only once usb_submit_urb (or usb_submit_anchored_urbs) has
	// queued the URB: usb_hcd_giveback_urb calls urb->complete for a URB
	// usb_hcd_submit_urb accepted (drivers/usb/core/hcd.c), so filling it
	// publishes nothing (frontend/entry finds the store inside the
	// helper). The USB core stops interrupt and bulk URBs before a
	// disconnect (rule usb-unbind of pairs.go), not control URBs, which go
	// to endpoint 0.
	bindRow("usb_fill_int_urb", "complete", ir.RoleEntry, ClassURB, "shared")
	bindRow("usb_fill_bulk_urb", "complete", ir.RoleEntry, ClassURB, "shared")
	bindRow("usb_fill_control_urb", "complete", ir.RoleEntry, ClassURB, "shared")
	pub(ClassURB, 0, "usb_submit_urb")
	pub(ClassURB, -1, "usb_submit_anchored_urbs")
	// usb_kill_urb (drivers/usb/core/urb.c) raises urb->reject, so that
	// usb_submit_urb fails meanwhile (a completion that resubmits its own
	// URB among them), unlinks the URB and waits (usb_kill_urb_queue)
	// until its completion has returned; usb_poison_urb does the same and
	// keeps the URB rejected. A waiting withdrawal of the URB it names
	// (NamedOnly): the lockset counts it only for a URB whoop names
	// (frontend/entry urbkey.go) and once every other submitter is
	// withdrawn (crossGuard, withdrawalGuard).
	unpub(ClassURB, 0, true, "usb_kill_urb", "usb_poison_urb")

	// Kernel threads, RCU callbacks and cross-CPU calls run the function
	// concurrently with the caller.
	for _, n := range []string{"kthread_create_on_node", "kthread_create", "kthread_run"} {
		reg(RegAPI{Name: n, Object: 1, Publishes: ClassKthread,
			Callbacks: []Callback{{Arg: 0, Struct: "kthread", Field: "threadfn", HeldLockArg: -1}}})
	}
	bindRow("kthread", "threadfn", ir.RoleEntry, ClassKthread, "shared")
	unpub(ClassKthread, 0, true, "kthread_stop")
	reg(RegAPI{Name: "call_rcu", Object: 0, Publishes: ClassRCU,
		Callbacks: []Callback{{Arg: 1, Struct: "rcu_head", Field: "func", HeldLockArg: -1}}})
	unpub(ClassRCU, -1, true, "rcu_barrier")
	for _, c := range []struct {
		name string
		fn   int
	}{{"smp_call_function", 0}, {"on_each_cpu", 0}, {"smp_call_function_single", 1}, {"smp_call_function_many", 1}} {
		reg(RegAPI{Name: c.name, Object: -1, Publishes: ClassIPI,
			Callbacks: []Callback{{Arg: c.fn, Struct: c.name, Field: "func", HeldLockArg: -1}}})
		bindRow(c.name, "func", ir.RoleEntry, ClassIPI, "shared")
	}
}

// FreezableQueues are the kernel's workqueues made with WQ_FREEZABLE,
// by the name drivers pass them under (kernel/workqueue.c,
// workqueue_init_early: system_freezable_wq and
// system_freezable_power_efficient_wq). The PM core freezes them
// (freeze_workqueues_begin in freeze_kernel_threads, which waits for the
// work in flight: freeze_workqueues_busy) before the first system-sleep
// callback and thaws them after the last.
var freezableQueues = map[string]bool{"system_freezable_wq": true, "system_freezable_power_efficient_wq": true}

// FreezableQueue reports whether a workqueue argument, as written, names
// a freezable queue of the kernel's.
func FreezableQueue(text string) bool { return freezableQueues[text] }

// xenEventChannels: the Xen event-channel bindings
// (drivers/xen/events/events_base.c). bind_evtchn_to_irqhandler and its
// _lateeoi form map the event channel (argument 0) to an interrupt and
// request_irq(irq, handler, irqflags, devname, dev_id) on it
// (bind_evtchn_to_irqhandler_chip); bind_interdomain_evtchn_to_irqhandler_lateeoi
// does the same for the remote port (argument 1). The handler is an
// interrupt handler like request_irq's (class irq), callable from the
// request_irq inside the call; the call returns the irq (not negative) or
// a negative errno after unbinding again (Number). unbind_from_irqhandler
// (irq, dev_id) is free_irq(irq, dev_id), which waits for a running
// handler (synchronize_irq), and then the unbinding: a waiting
// withdrawal. It names the line by the irq the binding returned, not by
// the event channel the binding's Instance is, so it matches no tracked
// binding: it withdraws a class with one object (any waiting withdrawal
// does), a request_irq line it names as written, or steps the counter of
// objects whoop cannot name (withdraw-once).
func xenEventChannels() {
	for _, c := range []struct {
		name              string
		line, handler, id int
	}{{"bind_evtchn_to_irqhandler", 0, 1, 4}, {"bind_evtchn_to_irqhandler_lateeoi", 0, 1, 4},
		{"bind_interdomain_evtchn_to_irqhandler_lateeoi", 1, 2, 5}} {
		reg(RegAPI{Name: c.name, Object: c.id, Instance: []int{c.line}, Publishes: ClassIRQ, Number: true,
			Callbacks: []Callback{{Arg: c.handler, Struct: c.name, Field: "handler", HeldLockArg: -1}}})
		bindRow(c.name, "handler", ir.RoleIRQ, ClassIRQ, "scalar shared")
	}
	reg(RegAPI{Name: "unbind_from_irqhandler", Object: 1, Instance: []int{0}, Unpublishes: ClassIRQ, Waits: true})
}

// nvmemProviders: an nvmem_config's reg_read and reg_write
// (include/linux/nvmem-provider.h) are called only through the nvmem
// device nvmem_register(config) creates (nvmem_reg_read and
// nvmem_reg_write, drivers/nvmem/core.c: its sysfs file, cells and
// nvmem_device_read/write users all reach the device it made);
// devm_nvmem_register(dev, config) is nvmem_register with its release at
// detach, and devm_rtc_nvmem_register(rtc, config) (drivers/rtc/nvmem.c)
// is devm_nvmem_register of the rtc's parent. Before the call neither
// callback runs. nvmem_unregister drops a reference only: no row.
func nvmemProviders() {
	pub(ClassNVMEM, 0, "nvmem_register")
	pub(ClassNVMEM, 1, "devm_nvmem_register", "devm_rtc_nvmem_register")
}

// virtioDrivers: register_virtio_driver(drv) is
// __register_virtio_driver(drv, THIS_MODULE) (include/linux/virtio.h),
// driver_register of drv->driver on the virtio bus; unregister_virtio_driver
// is driver_unregister, which unbinds every device (remove returns) before
// it returns (drivers/virtio/virtio.c). module_virtio_driver expands to
// both.
func virtioDrivers() {
	structClass["virtio_driver"] = ClassVirtioDriver
	reg(RegAPI{Name: "__register_virtio_driver", Object: 0, Publishes: ClassVirtioDriver, Errno: true})
	unpub(ClassVirtioDriver, 0, true, "unregister_virtio_driver")
}

// ParportRegistrationLock is registration_lock of the parport core
// (drivers/parport/share.c), one mutex for the whole kernel.
const ParportRegistrationLock = "parport registration_lock"

// parportDrivers: a parport_driver's match_port and detach
// (drivers/parport/share.c) run only under registration_lock: from
// __parport_register_driver (port_check, after driver_register), from
// parport_announce_port (attach_driver_chain) and parport_remove_port
// (detach_driver_chain), and from parport_unregister_driver (port_detach),
// which unlinks the driver (driver_unregister) before it drops the lock:
// "all the driver's attach() and detach() calls are guaranteed to have
// finished by the time this function returns". probe is the bus's
// parport_probe, from really_probe under the pardevice's device_lock.
// parport_register_driver(drv) is __parport_register_driver(drv,
// THIS_MODULE, KBUILD_MODNAME) (include/linux/parport.h).
func parportDrivers() {
	structClass["parport_driver"] = ClassParportDriver
	rl := held(ParportRegistrationLock)
	ops("parport_driver", ClassParportDriver,
		cb("match_port", entry, "shared", rl),
		cb("detach", entry, "shared", rl),
		cb("probe", entry, "shared", held(DeviceLock)),
	)
	link("parport_driver", "driver", "device_driver", false, false)
	reg(RegAPI{Name: "__parport_register_driver", Object: 0, Publishes: ClassParportDriver, Errno: true})
	unpub(ClassParportDriver, 0, true, "parport_unregister_driver")
}
