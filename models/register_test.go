package models

import (
	"testing"

	"github.com/whoopverify/whoop/ir"
)

func TestRegistrationRows(t *testing.T) {
	cases := []struct {
		name        string
		publishes   string
		unpublishes string
		waits       bool
		callbacks   []string // "arg:struct.field"
	}{
		{name: "misc_register", publishes: ClassChardev},
		{name: "misc_deregister", unpublishes: ClassChardev},
		{name: "proc_create", publishes: ClassChardev},
		{name: "register_netdev", publishes: ClassNetdev},
		{name: "unregister_netdev", unpublishes: ClassNetdev, waits: true},
		{name: "request_irq", publishes: ClassIRQ, callbacks: []string{"1:request_irq.handler"}},
		{name: "request_threaded_irq", publishes: ClassIRQ,
			callbacks: []string{"1:request_threaded_irq.handler", "2:request_threaded_irq.thread_fn"}},
		{name: "devm_request_irq", publishes: ClassIRQ, callbacks: []string{"2:devm_request_irq.handler"}},
		{name: "free_irq", unpublishes: ClassIRQ, waits: true},
		{name: "setup_timer", callbacks: []string{"1:timer_list.function"}},
		{name: "mod_timer", publishes: ClassTimer},
		{name: "del_timer_sync", unpublishes: ClassTimer, waits: true},
		{name: "del_timer", unpublishes: ClassTimer},
		{name: "INIT_WORK", callbacks: []string{"1:work_struct.func"}},
		{name: "__INIT_DELAYED_WORK", callbacks: []string{"1:delayed_work.work.func"}},
		{name: "schedule_work", publishes: ClassWork},
		{name: "cancel_work_sync", unpublishes: ClassWork, waits: true},
		{name: "tasklet_init", callbacks: []string{"1:tasklet_struct.func"}},
		{name: "tasklet_schedule", publishes: ClassTasklet},
		{name: "tasklet_kill", unpublishes: ClassTasklet, waits: true},
		{name: "netif_napi_add", callbacks: []string{"2:napi_struct.poll"}},
		{name: "napi_enable", publishes: ClassNAPI},
		{name: "napi_disable", unpublishes: ClassNAPI, waits: true},
		{name: "pci_register_driver", publishes: ClassPCIDriver},
		{name: "pci_unregister_driver", unpublishes: ClassPCIDriver, waits: true},
		{name: "platform_driver_register", publishes: ClassPlatformDriver},
		{name: "usb_register", publishes: ClassUSBDriver},
		{name: "i2c_add_driver", publishes: ClassI2CDriver},
		{name: "register_reboot_notifier", publishes: ClassNotifier},
		{name: "input_register_device", publishes: ClassInput},
		{name: "i8042_install_filter", publishes: ClassI8042Filter, callbacks: []string{"0:i8042_install_filter.filter"}},
		{name: "i8042_remove_filter", unpublishes: ClassI8042Filter, waits: true},
		{name: "__register_nmi_handler", publishes: ClassNMI},
		{name: "unregister_nmi_handler", unpublishes: ClassNMI, waits: true},
		{name: "tifm_alloc_device", publishes: ClassTifmSocket},
		{name: "add_disk", publishes: ClassBlock},
		{name: "register_blkdev", publishes: ClassBlock},
		{name: "blk_init_queue", callbacks: []string{"0:blk_init_queue.request_fn"}},
		{name: "watchdog_register_device", publishes: ClassWatchdog},
		{name: "rtc_device_register", publishes: ClassRTC},
		{name: "tty_register_driver", publishes: ClassTTY},
		{name: "create_proc_read_entry", publishes: ClassChardev, callbacks: []string{"3:create_proc_read_entry.read_proc"}},
		{name: "cx_driver_register", publishes: ClassCXDriver},
		{name: "acpi_bus_register_driver", publishes: ClassACPIDriver},
		{name: "__platform_driver_probe", publishes: ClassPlatformDriver, callbacks: []string{"1:platform_driver.probe"}},
		{name: "__platform_create_bundle", publishes: ClassPlatformDriver, callbacks: []string{"1:platform_driver.probe"}},
		{name: "i2c_register_driver", publishes: ClassI2CDriver},
		{name: "__usb_serial_register_drivers", publishes: ClassUSBSerial},
		{name: "devm_hwmon_device_register_with_groups", publishes: ClassSysfs},
		{name: "hwmon_device_register_with_info", publishes: ClassHwmon},
		{name: "devm_led_classdev_register_ext", publishes: ClassLED},
		{name: "i2c_add_adapter", publishes: ClassI2CAdapter},
		{name: "devm_i2c_add_adapter", publishes: ClassI2CAdapter},
		{name: "i2c_del_adapter", unpublishes: ClassI2CAdapter, waits: true},
		{name: "gpiochip_remove", unpublishes: ClassGPIOChip, waits: true},
		{name: "mei_cldev_register_notif_cb", publishes: ClassMEICldev,
			callbacks: []string{"1:mei_cldev_register_notif_cb.notif_cb"}},
		{name: "mei_cldev_disable", unpublishes: ClassMEICldev, waits: true},
		{name: "__mei_cldev_driver_register", publishes: ClassMEIDriver},
		{name: "register_console", publishes: ClassConsole},
		{name: "unregister_console", unpublishes: ClassConsole, waits: true},
		{name: "devm_irq_setup_generic_chip", publishes: ClassIRQChip},
		{name: "i2c_pca_add_numbered_bus", publishes: ClassI2CAdapter},
		{name: "bind_evtchn_to_irqhandler", publishes: ClassIRQ, callbacks: []string{"1:bind_evtchn_to_irqhandler.handler"}},
		{name: "bind_interdomain_evtchn_to_irqhandler_lateeoi", publishes: ClassIRQ,
			callbacks: []string{"2:bind_interdomain_evtchn_to_irqhandler_lateeoi.handler"}},
		{name: "unbind_from_irqhandler", unpublishes: ClassIRQ, waits: true},
		{name: "usb_kill_urb", unpublishes: ClassURB, waits: true},
		{name: "usb_poison_urb", unpublishes: ClassURB, waits: true},
		{name: "devm_nvmem_register", publishes: ClassNVMEM},
		{name: "devm_rtc_nvmem_register", publishes: ClassNVMEM},
		{name: "nvmem_register", publishes: ClassNVMEM},
		{name: "__register_virtio_driver", publishes: ClassVirtioDriver},
		{name: "unregister_virtio_driver", unpublishes: ClassVirtioDriver, waits: true},
		{name: "__parport_register_driver", publishes: ClassParportDriver},
		{name: "parport_unregister_driver", unpublishes: ClassParportDriver, waits: true},
		{name: "virtio_find_single_vq", publishes: ClassVirtqueue, callbacks: []string{"1:virtqueue_info.callback"}},
		{name: "acpi_install_fixed_event_handler", publishes: ClassACPIEvent,
			callbacks: []string{"1:acpi_install_fixed_event_handler.handler"}},
		{name: "acpi_remove_fixed_event_handler", unpublishes: ClassACPIEvent},
		{name: "hwrng_register", publishes: ClassHwrng},
		{name: "devm_hwrng_register", publishes: ClassHwrng},
		{name: "acpi_install_address_space_handler", publishes: ClassACPISpace, callbacks: []string{
			"2:acpi_install_address_space_handler.handler", "3:acpi_install_address_space_handler.setup"}},
		{name: "acpi_install_address_space_handler_no_reg", publishes: ClassACPISpace, callbacks: []string{
			"2:acpi_install_address_space_handler.handler", "3:acpi_install_address_space_handler.setup"}},
		{name: "acpi_remove_address_space_handler", unpublishes: ClassACPISpace},
		{name: "i2c_recover_bus", publishes: ClassI2CAdapter},
		{name: "enable_irq", publishes: ClassIRQ},
		{name: "spi_register_controller", publishes: ClassSPIController},
		{name: "devm_gpiochip_add_data_with_key", publishes: ClassGPIOChip},
		{name: "uart_add_one_port", publishes: ClassUART},
		{name: "__iio_device_register", publishes: ClassIIO},
		{name: "devm_power_supply_register", publishes: ClassPowerSupply},
		{name: "__cpuhp_setup_state", publishes: ClassCPUHP,
			callbacks: []string{"3:cpuhp_setup_state.startup", "4:cpuhp_setup_state.teardown"}},
		{name: "__cpuhp_remove_state", unpublishes: ClassCPUHP, waits: true},
		{name: "pm_runtime_enable", publishes: ClassRuntimePM},
		{name: "devm_pm_runtime_enable", publishes: ClassRuntimePM},
		{name: "__pm_runtime_disable", unpublishes: ClassRuntimePM, waits: true},
		{name: "usb_submit_urb", publishes: ClassURB},
		{name: "ipmi_smi_watcher_register", publishes: ClassIPMIWatcher},
		{name: "ipmi_smi_watcher_unregister", unpublishes: ClassIPMIWatcher, waits: true},
	}
	for _, c := range cases {
		r, ok := Registration(c.name)
		if !ok {
			t.Errorf("%s: no row", c.name)
			continue
		}
		if r.Publishes != c.publishes || r.Unpublishes != c.unpublishes || r.Waits != c.waits {
			t.Errorf("%s: publishes %q unpublishes %q waits %v", c.name, r.Publishes, r.Unpublishes, r.Waits)
		}
		var cbs []string
		for _, cb := range r.Callbacks {
			cbs = append(cbs, string(rune('0'+cb.Arg))+":"+cb.Struct+"."+cb.Field)
		}
		if len(cbs) != len(c.callbacks) {
			t.Errorf("%s: callbacks %v, want %v", c.name, cbs, c.callbacks)
			continue
		}
		for i := range cbs {
			if cbs[i] != c.callbacks[i] {
				t.Errorf("%s: callbacks %v, want %v", c.name, cbs, c.callbacks)
			}
		}
	}
	for name, want := range map[string]bool{"proc_create": true, "proc_create_data": true, "misc_register": false,
		"register_chrdev": false, "debugfs_create_file": false} {
		if r, _ := Registration(name); r.Unpinned != want {
			t.Errorf("%s: unpinned %v", name, r.Unpinned)
		}
	}
	if _, ok := Registration("printk"); ok {
		t.Error("printk registers")
	}
}

// TestErrnoResults: registrations that return 0 or a negative errno, or a
// number or a negative errno, are marked; the others not.
func TestErrnoResults(t *testing.T) {
	for name, want := range map[string][2]bool{"misc_register": {true, false}, "request_irq": {true, false},
		"i2c_add_adapter": {true, false}, "__platform_driver_register": {true, false},
		"register_chrdev": {false, true}, "__cpuhp_setup_state": {false, true},
		"request_any_context_irq": {false, true}, "devm_request_any_context_irq": {false, true},
		"mod_timer": {false, false}, "queue_work": {false, false}, "misc_deregister": {false, false},
		"bind_evtchn_to_irqhandler": {false, true}, "devm_nvmem_register": {false, false}} {
		r, ok := Registration(name)
		if !ok || r.Errno != want[0] || r.Number != want[1] {
			t.Errorf("%s: errno %v number %v, want %v", name, r.Errno, r.Number, want)
		}
	}
}

// TestCallbacksHaveRows: every callback a registration binds has an
// entry-point row, of the class the matching publication uses.
func TestCallbacksHaveRows(t *testing.T) {
	publishers := map[string]bool{}
	for _, n := range RegistrationNames() {
		r, _ := Registration(n)
		if r.Publishes != "" {
			publishers[r.Publishes] = true
		}
	}
	for _, n := range RegistrationNames() {
		r, _ := Registration(n)
		for _, cb := range r.Callbacks {
			row, ok := OpsField(cb.Struct, cb.Field)
			if !ok {
				t.Errorf("%s: callback %s.%s has no row", n, cb.Struct, cb.Field)
				continue
			}
			if r.Publishes != "" && row.Class != r.Publishes {
				t.Errorf("%s publishes %q but binds %s of class %q", n, r.Publishes, row.Key(), row.Class)
			}
		}
		if r.Object >= 0 && n != "kthread_run" && n != "kthread_create" {
			// Objects point into the arguments the functions take.
			if r.Object > 8 {
				t.Errorf("%s: object argument %d", n, r.Object)
			}
		}
	}
	// Every class an entry point can have is published by some call, so
	// "init before registration" has a registration to look for.
	for _, row := range OpsRows() {
		c := row.Class
		if c == ClassAlways || c == ClassModule {
			continue
		}
		if !publishers[c] {
			t.Errorf("class %q of %s: no registration publishes it", c, row.Key())
		}
	}
	for s, c := range structClass {
		if c != ClassAlways && c != ClassModule && !publishers[c] {
			t.Errorf("class %q of struct %s: no registration publishes it", c, s)
		}
	}
}

// TestResumes: enable_irq only resumes handlers request_irq installed;
// the registrations themselves do not.
func TestResumes(t *testing.T) {
	for name, want := range map[string]bool{"enable_irq": true, "request_irq": false, "napi_enable": false,
		"hwrng_register": false, "printk": false} {
		if Resumes(name) != want {
			t.Errorf("%s: resumes %v, want %v", name, !want, want)
		}
	}
}

// TestGroupsOnly: device_add and its kin publish class sysfs only in a
// driver that sets a groups member; device_create_with_groups always.
func TestGroupsOnly(t *testing.T) {
	for _, n := range []string{"device_add", "device_register", "device_create", "class_register",
		"platform_device_add", "platform_device_register"} {
		if _, _, ok := CallEffectIn(n, Facts{}); ok {
			t.Errorf("%s publishes in a driver without groups", n)
		}
		if c, _, ok := CallEffectIn(n, Facts{SetsGroups: true}); !ok || c != ClassSysfs {
			t.Errorf("%s with groups: class %q, ok %v", n, c, ok)
		}
	}
	if c, _, ok := CallEffectIn("device_create_with_groups", Facts{}); !ok || c != ClassSysfs {
		t.Errorf("device_create_with_groups: class %q, ok %v", c, ok)
	}
}

func TestMacroNames(t *testing.T) {
	for macro, name := range map[string]string{"INIT_WORK": "__INIT_WORK", "INIT_DELAYED_WORK": "__INIT_DELAYED_WORK"} {
		r, ok := Registration(macro)
		if !ok || r.Name != name {
			t.Errorf("%s -> %s %v", macro, r.Name, ok)
		}
	}
}

func TestEntryClass(t *testing.T) {
	cases := []struct {
		ep   ir.EntryPoint
		want string
	}{
		{ir.EntryPoint{Struct: "file_operations", Field: "read"}, ClassChardev},
		{ir.EntryPoint{Struct: "platform_driver", Field: "driver.pm.suspend"}, ClassPlatformDriver},
		{ir.EntryPoint{Struct: "pci_driver", Field: "probe"}, ClassPCIDriver},
		{ir.EntryPoint{Struct: "xenbus_driver", Field: "remove"}, ClassXenbusDriver},
		{ir.EntryPoint{Struct: "virtio_driver", Field: "probe"}, ClassVirtioDriver},
		{ir.EntryPoint{Struct: "nvmem_config", Field: "reg_read"}, ClassNVMEM},
		{ir.EntryPoint{Struct: "parport_driver", Field: "match_port"}, ClassParportDriver},
		{ir.EntryPoint{Struct: "ps3_system_bus_driver", Field: "shutdown"}, ClassPS3Driver},
		{ir.EntryPoint{Struct: "dev_pm_ops", Field: "suspend"}, ClassAlways},
		{ir.EntryPoint{Struct: "acpi_driver", Field: "ops.add"}, ClassACPIDriver},
		{ir.EntryPoint{Struct: "net_device_ops", Field: "ndo_open"}, ClassNetdev},
		{ir.EntryPoint{Struct: "ethtool_ops", Field: "get_drvinfo"}, ClassNetdev},
		{ir.EntryPoint{Struct: "request_irq", Field: "handler"}, ClassIRQ},
		{ir.EntryPoint{Struct: "timer_list", Field: "function"}, ClassTimer},
		{ir.EntryPoint{Struct: "delayed_work", Field: "work.func"}, ClassWork},
		{ir.EntryPoint{Struct: "napi_struct", Field: "poll"}, ClassNAPI},
		{ir.EntryPoint{Struct: "nsc_gpio_ops", Field: "gpio_get"}, ClassChardev},
		{ir.EntryPoint{Struct: "notifier_block", Field: "notifier_call"}, ClassNotifier},
		{ir.EntryPoint{Struct: "mii_if_info", Field: "mdio_read"}, ClassAlways},
		{ir.EntryPoint{Struct: "module_init"}, ClassModule},
		{ir.EntryPoint{Struct: "foo_ops", Field: "bar", Guessed: true}, ClassAlways},
		{ir.EntryPoint{Struct: "i2c_algorithm", Field: "smbus_xfer"}, ClassI2CAdapter},
		{ir.EntryPoint{Struct: "i2c_adapter", Field: "algo.master_xfer"}, ClassI2CAdapter},
		{ir.EntryPoint{Struct: "spi_controller", Field: "transfer_one"}, ClassSPIController},
		{ir.EntryPoint{Struct: "gpio_chip", Field: "get"}, ClassGPIOChip},
		{ir.EntryPoint{Struct: "uart_ops", Field: "start_tx"}, ClassUART},
		{ir.EntryPoint{Struct: "iio_info", Field: "read_raw"}, ClassIIO},
		{ir.EntryPoint{Struct: "power_supply_desc", Field: "get_property"}, ClassPowerSupply},
		{ir.EntryPoint{Struct: "attribute_group", Field: "is_visible"}, ClassSysfs},
		{ir.EntryPoint{Struct: "platform_driver", Field: "driver.pm.runtime_resume"}, ClassRuntimePM},
		{ir.EntryPoint{Struct: "i2c_driver", Field: "driver.pm.runtime_suspend"}, ClassRuntimePM},
		{ir.EntryPoint{Struct: "pci_driver", Field: "driver.pm.runtime_suspend"}, ClassPCIDriver},
		{ir.EntryPoint{Struct: "usb_fill_bulk_urb", Field: "complete"}, ClassURB},
	}
	for _, c := range cases {
		if got := EntryClass(&c.ep); got != c.want {
			t.Errorf("EntryClass(%s.%s) = %q, want %q", c.ep.Struct, c.ep.Field, got, c.want)
		}
	}
}

// An entry point that escaped through unknown calls is in class escaped,
// which those calls publish; a known registration keeps its own effect.
func TestEscapedClass(t *testing.T) {
	ep := &ir.EntryPoint{Struct: "foo_ops", Field: "open", Guessed: true}
	other := &ir.EntryPoint{Struct: "bus_type", Field: "probe", Guessed: true}
	facts := Facts{Escaped: map[*ir.EntryPoint]bool{ep: true}, EscapeCalls: map[string]bool{"foo_register": true}}
	if c := EntryClassIn(ep, facts); c != ClassEscaped {
		t.Errorf("class of the escaped entry point: %q", c)
	}
	if c := EntryClassIn(other, facts); c != ClassAlways {
		t.Errorf("class of a guessed entry point of a kernel struct: %q", c)
	}
	for _, tc := range []struct {
		name, class string
		unreg, ok   bool
	}{
		{"foo_register", ClassEscaped, false, true},
		{"bar_register", "", false, false},
		{"misc_register", ClassChardev, false, true},
		{"free_irq", ClassIRQ, true, true},
		{"misc_deregister", "", false, false}, // does not wait
	} {
		class, unreg, ok := CallEffectIn(tc.name, facts)
		if class != tc.class || unreg != tc.unreg || ok != tc.ok {
			t.Errorf("CallEffectIn(%s) = %q %v %v, want %q %v %v", tc.name, class, unreg, ok, tc.class, tc.unreg, tc.ok)
		}
	}
}

// TestAlsoPublishes: hwmon_device_register_with_info creates its extra
// attribute groups with the chip's attributes: it publishes class sysfs
// too; a withdrawal or an unknown function publishes nothing more.
func TestAlsoPublishes(t *testing.T) {
	for name, want := range map[string]string{"devm_hwmon_device_register_with_info": ClassSysfs,
		"hwmon_device_register_with_info": ClassSysfs, "hwmon_device_unregister": "", "i2c_add_adapter": "",
		"no_such_function": ""} {
		got := ""
		if a := AlsoPublishes(name); len(a) > 0 {
			got = a[0]
		}
		if got != want {
			t.Errorf("AlsoPublishes(%s) = %v, want %q", name, AlsoPublishes(name), want)
		}
	}
}
