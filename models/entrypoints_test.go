package models

import (
	"reflect"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

var knownLocks = map[string]bool{RTNL: true, TxLock: true, AddrListLock: true, DeviceLock: true, BdMutex: true,
	WatchdogLock: true, RTCOpsLock: true, InputMutex: true, InputEventLock: true, NFCDevLock: true, ParamLock: true,
	CPUHPLock: true, IPMIWatchersLock: true, I2CBusLock: true, USBDevLock: true, I8042Lock: true,
	ParportRegistrationLock: true}

var knownRoles = map[ir.Role]bool{ir.RoleInit: true, ir.RoleExit: true, ir.RoleEntry: true, ir.RoleIRQ: true,
	ir.RoleThreaded: true, ir.RoleTimer: true, ir.RoleWork: true, ir.RoleTasklet: true, ir.RoleNAPI: true,
	ir.RoleNotifier: true}

func TestRowsAreWellFormed(t *testing.T) {
	rows := OpsRows()
	if len(rows) < 300 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, r := range rows {
		if !knownRoles[r.Role] {
			t.Errorf("%s: role %q", r.Key(), r.Role)
		}
		for _, l := range r.Held {
			if !knownLocks[l] {
				t.Errorf("%s: unknown held lock %q", r.Key(), l)
			}
		}
		if r.Object >= 0 && r.Object >= len(r.Params) {
			t.Errorf("%s: object parameter %d beyond its %d parameter specs", r.Key(), r.Object, len(r.Params))
		}
		if got, ok := OpsField(r.Struct, r.Field); r.Field != "" && (!ok || got.Key() != r.Key()) {
			t.Errorf("OpsField(%s, %s) = %v, %v", r.Struct, r.Field, got.Key(), ok)
		}
	}
}

// TestStructTypeMatters: rows are found by struct type and field together,
// the original tool's name-only matching made a cdrom reset RTNL-locked.
func TestStructTypeMatters(t *testing.T) {
	cd, ok1 := OpsField("cdrom_device_ops", "reset")
	et, ok2 := OpsField("ethtool_ops", "reset")
	if !ok1 || !ok2 {
		t.Fatal("rows missing")
	}
	if len(cd.Held) != 0 || !reflect.DeepEqual(et.Held, []string{RTNL}) {
		t.Errorf("cdrom reset holds %v, ethtool reset holds %v", cd.Held, et.Held)
	}
	if _, ok := OpsField("no_such_ops", "read"); ok {
		t.Error("a field name alone matched")
	}
	if _, ok := OpsField("file_operations", "ndo_open"); ok {
		t.Error("ndo_open found in file_operations")
	}
}

func TestResolveNestedFields(t *testing.T) {
	cases := []struct {
		strct, field, want string
		role               ir.Role
	}{
		{"platform_driver", "driver.pm.suspend", "dev_pm_ops.suspend", ir.RoleEntry},
		{"pci_driver", "driver.pm.runtime_idle", "dev_pm_ops.runtime_idle", ir.RoleEntry},
		{"acpi_driver", "ops.add", "acpi_device_ops.add", ir.RoleInit},
		{"acpi_driver", "ops.remove", "acpi_device_ops.remove", ir.RoleExit},
		{"usb_driver", "drvwrap.driver.pm.resume", "dev_pm_ops.resume", ir.RoleEntry},
		{"delayed_work", "work.func", "work_struct.func", ir.RoleWork},
		{"miscdevice", "fops.read", "file_operations.read", ir.RoleEntry},
		{"pci_driver", "probe", "pci_driver.probe", ir.RoleInit},
		{"usb_driver", "disconnect", "usb_driver.disconnect", ir.RoleExit},
		{"ps3_system_bus_driver", "probe", "ps3_system_bus_driver.probe", ir.RoleInit},
		{"ps3_system_bus_driver", "core.pm.suspend", "dev_pm_ops.suspend", ir.RoleEntry},
	}
	for _, c := range cases {
		r, ok := OpsField(c.strct, c.field)
		if !ok || r.Key() != c.want || r.Role != c.role {
			t.Errorf("OpsField(%s, %s) = %s %s %v, want %s %s", c.strct, c.field, r.Key(), r.Role, ok, c.want, c.role)
		}
	}
	if _, ok := OpsField("platform_driver", "driverx.pm.suspend"); ok {
		t.Error("unknown link resolved")
	}
}

func TestHeldLocks(t *testing.T) {
	ep := func(strct, vr, field string) *ir.EntryPoint {
		return &ir.EntryPoint{Func: &ir.Function{Name: "f"}, Struct: strct, Var: vr, Field: field}
	}
	xmit := ep("net_device_ops", "ops", "ndo_start_xmit")
	cases := []struct {
		ep    *ir.EntryPoint
		facts Facts
		want  []string
	}{
		{ep("net_device_ops", "ops", "ndo_open"), Facts{}, []string{RTNL}},
		{ep("net_device_ops", "ops", "ndo_get_stats64"), Facts{}, nil},     // /proc/net/dev: RCU only
		{ep("net_device_ops", "ops", "ndo_poll_controller"), Facts{}, nil}, // netpoll: any context
		{ep("net_device_ops", "ops", "ndo_do_ioctl"), Facts{}, nil},        // bonding use_carrier=0
		{ep("ethtool_ops", "eops", "get_link"), Facts{}, nil},
		{ep("ethtool_ops", "eops", "get_drvinfo"), Facts{}, []string{RTNL}},
		{ep("net_device_ops", "ops", "ndo_set_rx_mode"), Facts{}, []string{AddrListLock}},
		{ep("net_device_ops", "ops", "ndo_tx_timeout"), Facts{LLTX: true}, []string{TxLock}},
		{xmit, Facts{}, []string{TxLock}},
		{xmit, Facts{LLTX: true}, nil},
		{xmit, Facts{ExtraLocks: map[*ir.EntryPoint][]string{xmit: {"global my_lock"}}}, []string{"global my_lock", TxLock}},
		{ep("pci_driver", "drv", "probe"), Facts{}, []string{"device_lock:drv"}},
		{ep("xenbus_driver", "xdrv", "probe"), Facts{}, []string{"device_lock:xdrv"}},
		{ep("xenbus_driver", "xdrv", "remove"), Facts{}, []string{"device_lock:xdrv"}},
		{ep("xenbus_driver", "xdrv", "otherend_changed"), Facts{}, nil},
		{ep("virtio_driver", "vdrv", "probe"), Facts{}, []string{"device_lock:vdrv"}},
		{ep("virtio_driver", "vdrv", "remove"), Facts{}, []string{"device_lock:vdrv"}},
		{ep("virtio_driver", "vdrv", "config_changed"), Facts{}, nil},
		{ep("virtio_driver", "vdrv", "restore"), Facts{}, nil},
		{ep("parport_driver", "pdrv", "match_port"), Facts{}, []string{ParportRegistrationLock}},
		{ep("parport_driver", "pdrv", "detach"), Facts{}, []string{ParportRegistrationLock}},
		{ep("platform_driver", "pdrv", "driver.pm.suspend"), Facts{}, []string{"device_lock:pdrv"}},
		{ep("platform_driver", "pdrv", "driver.pm.suspend_noirq"), Facts{}, nil},
		{ep("dev_pm_ops", "", "suspend"), Facts{}, nil}, // device unknown: not claimed
		{ep("usb_driver", "udrv", "suspend"), Facts{}, nil},
		{ep("usb_driver", "udrv", "pre_reset"), Facts{}, []string{"usb_device.lock:udrv"}},
		{ep("usb_driver", "udrv", "disconnect"), Facts{}, []string{"device_lock:udrv", "usb_device.lock:udrv"}},
		// usb_driver_release_interface's callers own the device lock too.
		{ep("usb_driver", "udrv", "disconnect"), Facts{USBClaims: true}, []string{"device_lock:udrv", "usb_device.lock:udrv"}},
		{ep("i2c_algorithm", "algo", "master_xfer"), Facts{}, []string{"i2c_adapter.bus_lock:algo"}},
		{ep("i2c_algorithm", "algo", "smbus_xfer_atomic"), Facts{}, []string{"i2c_adapter.bus_lock:algo"}},
		{ep("i2c_algorithm", "", "smbus_xfer"), Facts{}, nil}, // algorithm unknown: not claimed
		{ep("i2c_algorithm", "algo", "functionality"), Facts{}, nil},
		{ep("block_device_operations", "bops", "open"), Facts{}, []string{BdMutex}},
		{ep("block_device_operations", "bops", "revalidate_disk"), Facts{}, nil},
		{ep("file_operations", "fops", "read"), Facts{}, nil},
		{ep("watchdog_ops", "wops", "ping"), Facts{}, nil}, // watchdog_open: no lock
		{ep("watchdog_ops", "wops", "start"), Facts{}, nil},
		{ep("watchdog_ops", "wops", "status"), Facts{}, []string{WatchdogLock}},
		{ep("watchdog_ops", "wops", "stop"), Facts{}, []string{WatchdogLock}},
		// watchdog_reboot_notifier calls stop without wdd->lock.
		{ep("watchdog_ops", "wops", "stop"), Facts{StopOnReboot: true}, nil},
		{ep("watchdog_ops", "wops", "status"), Facts{StopOnReboot: true}, []string{WatchdogLock}},
		{ep("ethtool_ops", "eops", "get_ts_info"), Facts{}, nil}, // SO_TIMESTAMPING bind_phc
		{ep("rtc_class_ops", "rops", "read_time"), Facts{}, []string{RTCOpsLock}},
		{ep("rtc_class_ops", "rops", "proc"), Facts{}, nil},
		{ep("nfc_ops", "nops", "dev_up"), Facts{}, []string{NFCDevLock}},
		{ep("nfc_ops", "nops", "tm_send"), Facts{}, nil},
		{ep("module_init", "", ""), Facts{}, nil},
	}
	for _, c := range cases {
		got := HeldLocks(c.ep, c.facts)
		if len(got) == 0 {
			got = nil
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("HeldLocks(%s.%s, %+v) = %v, want %v", c.ep.Struct, c.ep.Field, c.facts, got, c.want)
		}
	}
}

func TestParamKinds(t *testing.T) {
	file := &ir.Pointer{Elem: &ir.Struct{Tag: "file"}}
	chp := &ir.Pointer{Elem: &ir.Basic{Kind: ir.Integer, Name: "char", Bytes: 1}}
	ul := &ir.Basic{Kind: ir.Integer, Name: "unsigned long", Bytes: 8}
	loffp := &ir.Pointer{Elem: &ir.Named{Name: "loff_t", Underlying: &ir.Basic{Kind: ir.Integer, Name: "long long", Bytes: 8}}}
	read, _ := OpsField("file_operations", "read")
	got := ParamKinds(read.Params, []ir.Type{file, chp, ul, loffp})
	want := []ir.ParamKind{ir.ParamShared, ir.ParamUser, ir.ParamScalar, ir.ParamFresh}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read: %v, want %v", got, want)
	}
	// A spec contradicting the type yields to the type; missing specs go by type.
	got = ParamKinds([]ParamSpec{User, Fresh}, []ir.Type{ul, ul, file})
	want = []ir.ParamKind{ir.ParamScalar, ir.ParamScalar, ir.ParamShared}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("contradictions: %v, want %v", got, want)
	}
	xmit, _ := OpsField("net_device_ops", "ndo_start_xmit")
	skb := &ir.Pointer{Elem: &ir.Struct{Tag: "sk_buff"}}
	dev := &ir.Pointer{Elem: &ir.Struct{Tag: "net_device"}}
	if got := ParamKinds(xmit.Params, []ir.Type{skb, dev}); !reflect.DeepEqual(got, []ir.ParamKind{ir.ParamFresh, ir.ParamShared}) {
		t.Errorf("xmit: %v", got)
	}
}

func TestGuessRole(t *testing.T) {
	for field, want := range map[string]ir.Role{
		"probe": ir.RoleInit, "port_probe": ir.RoleInit, "init": ir.RoleInit, "attach": ir.RoleInit,
		"remove": ir.RoleExit, "disconnect": ir.RoleExit, "exit": ir.RoleExit, "detach_adapter": ir.RoleExit,
		"read": ir.RoleEntry, "open": ir.RoleEntry, "ioctl": ir.RoleEntry,
	} {
		if got := GuessRole(field); got != want {
			t.Errorf("GuessRole(%s) = %s, want %s", field, got, want)
		}
	}
}

func TestModuleRows(t *testing.T) {
	for s, role := range map[string]ir.Role{ModuleInit: ir.RoleInit, ModuleExit: ir.RoleExit, Initcall: ir.RoleInit} {
		ep := &ir.EntryPoint{Struct: s}
		r, ok := Row(ep)
		if !ok || r.Role != role || !IsModuleLevel(ep) || EntryClass(ep) != ClassModule {
			t.Errorf("%s: %+v %v", s, r, ok)
		}
	}
	if IsModuleLevel(&ir.EntryPoint{Struct: "pci_driver", Field: "probe"}) {
		t.Error("a bus probe is module-level")
	}
}

func TestSplitPath(t *testing.T) {
	if got := strings.Join(splitPath(".driver.pm[0].suspend"), " "); got != "driver pm suspend" {
		t.Errorf("got %q", got)
	}
}
