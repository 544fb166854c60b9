package models

import (
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// ep builds an entry point of function name for struct.field of variable vr.
func mkEP(name string, role ir.Role, strct, vr, field string) *ir.EntryPoint {
	return &ir.EntryPoint{Func: &ir.Function{Name: name}, Role: role, Struct: strct, Var: vr, Field: field}
}

type ruleCase struct {
	a, b   *ir.EntryPoint
	facts  Facts
	want   bool   // the rule matches
	params [2]int // object parameters, for ScopeObject rules
}

// TestEveryRule: one positive and one negative case per rule; the test
// fails if a rule of the table has none.
func TestEveryRule(t *testing.T) {
	minit := mkEP("init", ir.RoleInit, ModuleInit, "", "")
	minit2 := mkEP("init2", ir.RoleInit, Initcall, "", "")
	mexit := mkEP("exit", ir.RoleExit, ModuleExit, "", "")
	probe := mkEP("probe", ir.RoleInit, "pci_driver", "drv", "probe")
	udisc := mkEP("disc", ir.RoleExit, "usb_driver", "udrv", "disconnect")
	remove := mkEP("remove", ir.RoleExit, "pci_driver", "drv", "remove")
	otherProbe := mkEP("probe2", ir.RoleInit, "platform_driver", "pdrv", "probe")
	pmSuspend := mkEP("susp", ir.RoleEntry, "pci_driver", "drv", "driver.pm.suspend")
	pmNoirq := mkEP("susp_noirq", ir.RoleEntry, "pci_driver", "drv", "driver.pm.suspend_noirq")
	pmResume := mkEP("res", ir.RoleEntry, "pci_driver", "drv", "driver.pm.resume_noirq")
	otherNoirq := mkEP("o", ir.RoleEntry, "platform_driver", "pdrv", "driver.pm.suspend_noirq")
	rtSusp := mkEP("rs", ir.RoleEntry, "pci_driver", "drv", "driver.pm.runtime_suspend")
	rtRes := mkEP("rr", ir.RoleEntry, "pci_driver", "drv", "driver.pm.runtime_resume")
	rtIdle := mkEP("ri", ir.RoleEntry, "pci_driver", "drv", "driver.pm.runtime_idle")
	open := mkEP("open", ir.RoleEntry, "net_device_ops", "nops", "ndo_open")
	drvinfo := mkEP("drvinfo", ir.RoleEntry, "ethtool_ops", "eops", "get_drvinfo")
	getLink := mkEP("link", ir.RoleEntry, "ethtool_ops", "eops", "get_link")
	xmit := mkEP("xmit", ir.RoleEntry, "net_device_ops", "nops", "ndo_start_xmit")
	timeout := mkEP("timeout", ir.RoleEntry, "net_device_ops", "nops", "ndo_tx_timeout")
	rxmode := mkEP("rxmode", ir.RoleEntry, "net_device_ops", "nops", "ndo_set_rx_mode")
	poll := mkEP("poll", ir.RoleNAPI, "napi_struct", "", "poll")
	fopen := mkEP("fopen", ir.RoleEntry, "file_operations", "fops", "open")
	fread := mkEP("fread", ir.RoleEntry, "file_operations", "fops", "read")
	frel := mkEP("frel", ir.RoleEntry, "file_operations", "fops", "release")
	fioctl := mkEP("fioctl", ir.RoleEntry, "file_operations", "fops", "ioctl")
	faio := mkEP("faio", ir.RoleEntry, "file_operations", "fops", "aio_read")
	seqShow := mkEP("show", ir.RoleEntry, "seq_operations", "sops", "show")
	seqNext := mkEP("next", ir.RoleEntry, "seq_operations", "sops", "next")
	bopen := mkEP("bopen", ir.RoleEntry, "block_device_operations", "bops", "open")
	brel := mkEP("brel", ir.RoleEntry, "block_device_operations", "bops", "release")
	bioctl := mkEP("bioctl", ir.RoleEntry, "block_device_operations", "bops", "ioctl")
	bcheck := mkEP("bcheck", ir.RoleEntry, "block_device_operations", "bops", "check_events")
	rfn := mkEP("rfn", ir.RoleEntry, "blk_init_queue", "", "request_fn")
	topen := mkEP("topen", ir.RoleEntry, "tty_operations", "tops", "open")
	tclose := mkEP("tclose", ir.RoleEntry, "tty_operations", "tops", "close")
	twrite := mkEP("twrite", ir.RoleEntry, "tty_operations", "tops", "write")
	ttermios := mkEP("tterm", ir.RoleEntry, "tty_operations", "tops", "set_termios")
	sopen := mkEP("sopen", ir.RoleEntry, "usb_serial_driver", "ser", "open")
	sclose := mkEP("sclose", ir.RoleEntry, "usb_serial_driver", "ser", "close")
	sattach := mkEP("sattach", ir.RoleInit, "usb_serial_driver", "ser", "attach")
	swrite := mkEP("swrite", ir.RoleEntry, "usb_serial_driver", "ser", "write")
	sdisc := mkEP("sdisc", ir.RoleExit, "usb_serial_driver", "ser", "disconnect")
	wping := mkEP("wping", ir.RoleEntry, "watchdog_ops", "wops", "ping")
	wstatus := mkEP("wstatus", ir.RoleEntry, "watchdog_ops", "wops", "status")
	wstart := mkEP("wstart", ir.RoleEntry, "watchdog_ops", "wops", "start")
	wtimeout := mkEP("wtimeout", ir.RoleEntry, "watchdog_ops", "wops", "set_timeout")
	wref := mkEP("wref", ir.RoleEntry, "watchdog_ops", "wops", "ref")
	rtime := mkEP("rtime", ir.RoleEntry, "rtc_class_ops", "rops", "read_time")
	rproc := mkEP("rproc", ir.RoleEntry, "rtc_class_ops", "rops", "proc")
	iopen := mkEP("iopen", ir.RoleEntry, "input_dev", "", "open")
	iclose := mkEP("iclose", ir.RoleEntry, "input_dev", "", "close")
	ievent := mkEP("ievent", ir.RoleEntry, "input_dev", "", "event")
	nup := mkEP("nup", ir.RoleEntry, "nfc_ops", "nops2", "dev_up")
	ntm := mkEP("ntm", ir.RoleEntry, "nfc_ops", "nops2", "tm_send")
	pset := mkEP("pset", ir.RoleEntry, "kernel_param_ops", "pops", "set")
	pget := mkEP("pget", ir.RoleEntry, "kernel_param_ops", "pops", "get")
	irq := mkEP("irq", ir.RoleIRQ, "request_irq", "", "handler")
	thr := mkEP("thr", ir.RoleThreaded, "request_threaded_irq", "", "thread_fn")
	tmr := mkEP("tmr", ir.RoleTimer, "timer_list", "", "function")
	wrk := mkEP("wrk", ir.RoleWork, "work_struct", "", "func")
	tsk := mkEP("tsk", ir.RoleTasklet, "tasklet_struct", "", "func")
	kth := mkEP("kth", ir.RoleEntry, "kthread", "", "threadfn")
	ashow := mkEP("ashow", ir.RoleEntry, "device_attribute", "dev_attr_a", "show")
	astore := mkEP("astore", ir.RoleEntry, "device_attribute", "dev_attr_a", "store")
	ishutdown := mkEP("ishut", ir.RoleEntry, "i2c_driver", "idrv", "shutdown")
	thangup := mkEP("thang", ir.RoleEntry, "tty_operations", "tops", "hangup")
	uprobe := mkEP("uprobe", ir.RoleInit, "usb_driver", "udrv", "probe")
	upre := mkEP("upre", ir.RoleEntry, "usb_driver", "udrv", "pre_reset")
	upost := mkEP("upost", ir.RoleEntry, "usb_driver", "udrv", "post_reset")
	ususp := mkEP("ususp", ir.RoleEntry, "usb_driver", "udrv", "suspend")
	otherPost := mkEP("upost2", ir.RoleEntry, "usb_driver", "udrv2", "post_reset")
	ixfer := mkEP("ixfer", ir.RoleEntry, "i2c_algorithm", "algo", "master_xfer")
	ismbus := mkEP("ismbus", ir.RoleEntry, "i2c_algorithm", "algo", "smbus_xfer")
	ifunc := mkEP("ifunc", ir.RoleEntry, "i2c_algorithm", "algo", "functionality")
	otherXfer := mkEP("ixfer2", ir.RoleEntry, "i2c_algorithm", "algo2", "master_xfer")
	heapXfer := mkEP("ixfer3", ir.RoleEntry, "i2c_algorithm", "", "smbus_xfer")
	icpl := mkEP("icpl", ir.RoleEntry, "usb_fill_int_urb", "", "complete")
	bcpl := mkEP("bcpl", ir.RoleEntry, "usb_fill_bulk_urb", "", "complete")
	ccpl := mkEP("ccpl", ir.RoleEntry, "urb", "", "complete")
	fcpl := mkEP("fcpl", ir.RoleEntry, "usb_fill_control_urb", "", "complete")
	uresume := mkEP("ures", ir.RoleEntry, "usb_driver", "udrv", "resume")
	ureset := mkEP("ureset", ir.RoleEntry, "usb_driver", "udrv", "reset_resume")
	uprobe2 := mkEP("uprobe2", ir.RoleInit, "usb_driver", "udrv2", "probe")
	iprobe := mkEP("iprobe", ir.RoleInit, "i2c_driver", "idrv", "probe")
	iremove := mkEP("iremove", ir.RoleExit, "i2c_driver", "idrv", "remove")
	grouped := Facts{DevGroups: map[string][]string{"dev_attr_a": {"idrv"}}}
	owned := Facts{Owned: map[string]bool{"fops": true, "bops": true}}
	bound := Facts{Bindings: map[string]string{"drv": "drv+pdrv", "pdrv": "drv+pdrv"}}
	rep := func(ep *ir.EntryPoint) Facts { return Facts{Repeated: map[*ir.EntryPoint]bool{ep: true}} }

	cases := map[string][]ruleCase{
		"module-init-once": {{a: minit, b: minit, want: true}, {a: minit, b: minit2, want: true},
			{a: minit, b: probe, want: false}},
		"module-exit-once": {{a: mexit, b: mexit, want: true}, {a: mexit, b: remove, want: false}},
		"module-init-exit": {{a: minit, b: mexit, want: true}, {a: mexit, b: minit2, want: true},
			{a: probe, b: remove, want: false}},
		"module-ref": {{a: mexit, b: fread, facts: owned, want: true}, {a: bopen, b: mexit, facts: owned, want: true},
			{a: mexit, b: fread, want: false}, {a: mexit, b: bcheck, facts: owned, want: false},
			{a: minit, b: fread, facts: owned, want: false}},
		"device-lock": {{a: probe, b: remove, want: true}, {a: probe, b: pmSuspend, want: true},
			{a: probe, b: probe, want: true}, {a: probe, b: otherProbe, want: false},
			{a: probe, b: otherProbe, facts: bound, want: true}, {a: remove, b: otherNoirq, facts: bound, want: false},
			{a: probe, b: pmNoirq, want: false}},
		"pm-phases": {{a: pmSuspend, b: pmResume, want: true}, {a: pmNoirq, b: pmNoirq, want: true},
			{a: pmNoirq, b: otherNoirq, want: false}, {a: pmNoirq, b: rtSusp, want: false},
			{a: pmSuspend, b: otherNoirq, facts: bound, want: true}},
		"runtime-pm": {{a: rtSusp, b: rtRes, want: true}, {a: rtSusp, b: rtSusp, want: true},
			{a: rtIdle, b: rtSusp, want: false}},
		"runtime-idle": {{a: rtIdle, b: rtIdle, want: true}, {a: rtIdle, b: rtRes, want: false}},
		"rtnl": {{a: open, b: drvinfo, want: true}, {a: open, b: open, want: true},
			{a: open, b: getLink, want: false}, {a: open, b: xmit, want: false}},
		"tx-lock": {{a: xmit, b: timeout, want: true}, {a: xmit, b: xmit, want: true},
			{a: xmit, b: xmit, facts: Facts{LLTX: true}, want: false}, {a: xmit, b: open, want: false}},
		"addr-lock": {{a: rxmode, b: rxmode, want: true}, {a: rxmode, b: xmit, want: false}},
		"napi": {{a: poll, b: poll, want: true}, {a: poll, b: poll, facts: rep(poll), want: false},
			{a: poll, b: irq, want: false}},
		"file-open": {{a: fopen, b: fread, want: true, params: [2]int{1, 0}}, {a: fioctl, b: fopen, want: true, params: [2]int{1, 1}},
			{a: fopen, b: faio, want: true, params: [2]int{1, -1}}, {a: fread, b: fread, want: false}},
		"file-release": {{a: frel, b: fread, want: true, params: [2]int{1, 0}}, {a: frel, b: frel, want: true, params: [2]int{1, 1}},
			{a: fread, b: fioctl, want: false}, {a: frel, b: bopen, want: false}},
		"seq-file": {{a: seqShow, b: seqNext, want: true, params: [2]int{0, 0}}, {a: seqShow, b: fread, want: false}},
		"bd-mutex": {{a: bopen, b: brel, want: true}, {a: bopen, b: bioctl, want: false}},
		"queue-lock": {{a: rfn, b: rfn, want: true}, {a: rfn, b: rfn, facts: rep(rfn), want: false},
			{a: rfn, b: bopen, want: false}},
		"tty-open-close": {{a: topen, b: tclose, want: true, params: [2]int{0, 0}}, {a: topen, b: twrite, want: false},
			{a: thangup, b: topen, want: true, params: [2]int{0, 0}}, {a: thangup, b: twrite, want: false}},
		"usb-device-lock": {{a: udisc, b: upre, want: true}, {a: upost, b: uprobe, want: true},
			{a: upre, b: upost, want: true}, {a: upost, b: otherPost, want: false}, {a: ususp, b: udisc, want: false},
			{a: udisc, b: upost, facts: Facts{USBClaims: true}, want: true}},
		"i2c-bus-lock": {{a: ixfer, b: ixfer, want: true}, {a: ixfer, b: ismbus, want: true},
			{a: ixfer, b: ifunc, want: false}, {a: ixfer, b: otherXfer, want: false}, {a: heapXfer, b: heapXfer, want: false}},
		"urb-complete": {{a: icpl, b: icpl, want: true}, {a: bcpl, b: bcpl, want: true}, {a: icpl, b: bcpl, want: false},
			{a: icpl, b: icpl, facts: rep(icpl), want: false}, {a: ccpl, b: ccpl, want: false},
			{a: fcpl, b: fcpl, want: true}, {a: fcpl, b: icpl, want: false}, {a: fcpl, b: fcpl, facts: rep(fcpl), want: false}},
		"usb-probe-pm": {{a: ususp, b: uprobe, want: true}, {a: uprobe, b: uresume, want: true},
			{a: ureset, b: uprobe, want: true}, {a: ususp, b: udisc, want: false}, // usb_unbind_interface goes on when its autoresume fails
			{a: ususp, b: otherProbe, want: false}, {a: upost, b: uprobe, want: false}, {a: ususp, b: uprobe2, want: false}},
		"usb-disconnect-pm": {{a: ususp, b: udisc, want: true}, {a: udisc, b: uresume, want: true},
			{a: ureset, b: udisc, want: true}, {a: ususp, b: uprobe, want: false}, {a: upost, b: udisc, want: false},
			{a: mkEP("ususp2", ir.RoleEntry, "usb_driver", "udrv2", "suspend"), b: udisc, want: false}},
		"xenbus-resume": {{a: mkEP("xres", ir.RoleEntry, "xenbus_driver", "xdrv", "resume"),
			b: mkEP("xrem", ir.RoleExit, "xenbus_driver", "xdrv", "remove"), want: true},
			{a: mkEP("xprobe", ir.RoleInit, "xenbus_driver", "xdrv", "probe"),
				b: mkEP("xres", ir.RoleEntry, "xenbus_driver", "xdrv", "resume"), want: true},
			{a: mkEP("xres", ir.RoleEntry, "xenbus_driver", "xdrv", "resume"),
				b: mkEP("xoc", ir.RoleEntry, "xenbus_driver", "xdrv", "otherend_changed"), want: false},
			{a: mkEP("xres", ir.RoleEntry, "xenbus_driver", "xdrv", "resume"),
				b: mkEP("xrem", ir.RoleExit, "xenbus_driver", "xdrv2", "remove"), want: false}},
		"termios":         {{a: ttermios, b: ttermios, want: true, params: [2]int{0, 0}}, {a: ttermios, b: twrite, want: false}},
		"usb-serial-port": {{a: sopen, b: sclose, want: true, params: [2]int{1, 0}}, {a: sopen, b: swrite, want: false}},
		"usb-serial-attach": {{a: sattach, b: swrite, want: true}, {a: sattach, b: sdisc, want: false},
			{a: sattach, b: twrite, want: false}},
		"watchdog-lock": {{a: wstatus, b: wstatus, want: true}, {a: wstatus, b: wref, want: false},
			{a: wping, b: wping, want: false}}, // watchdog_open pings without wd_data->lock
		"watchdog-open": {{a: wstart, b: wtimeout, want: true}, {a: wping, b: wtimeout, want: true},
			{a: wstart, b: wstatus, want: false}, {a: wstart, b: wping, want: false}},
		"watchdog-start":   {{a: wstart, b: wstart, want: true}, {a: wstart, b: wping, want: false}},
		"rtc-ops-lock":     {{a: rtime, b: rtime, want: true}, {a: rtime, b: rproc, want: false}},
		"input-mutex":      {{a: iopen, b: iclose, want: true}, {a: iopen, b: ievent, want: false}},
		"input-event-lock": {{a: ievent, b: ievent, want: true}, {a: ievent, b: iclose, want: false}},
		"nfc-device-lock":  {{a: nup, b: nup, want: true}, {a: nup, b: ntm, want: false}},
		"param-lock":       {{a: pset, b: pget, want: true}, {a: pset, b: fread, want: false}},
		"irq-line": {{a: irq, b: irq, want: true}, {a: irq, b: irq, facts: rep(irq), want: false},
			{a: irq, b: thr, want: false}},
		"irq-thread": {{a: thr, b: thr, want: true}, {a: thr, b: thr, facts: rep(thr), want: false}},
		"timer":      {{a: tmr, b: tmr, want: true}, {a: tmr, b: tmr, facts: rep(tmr), want: false}, {a: tmr, b: wrk, want: false}},
		"work":       {{a: wrk, b: wrk, want: true}, {a: wrk, b: wrk, facts: rep(wrk), want: false}},
		"tasklet":    {{a: tsk, b: tsk, want: true}, {a: tsk, b: tmr, want: false}},
		"kthread":    {{a: kth, b: kth, want: true}, {a: kth, b: kth, facts: rep(kth), want: false}},
		"pm-freezer": {{a: pmNoirq, b: probe, want: true}, {a: fread, b: pmSuspend, want: true},
			{a: pmResume, b: ashow, want: true}, {a: wtimeout, b: pmNoirq, want: true}, {a: minit, b: pmNoirq, want: true},
			{a: pmNoirq, b: mexit, want: true}, {a: otherNoirq, b: iprobe, want: true},
			{a: rtSusp, b: probe, want: false},                                       // runtime PM runs beside user tasks
			{a: pmNoirq, b: irq, want: false}, {a: pmSuspend, b: wping, want: false}, // the watchdog core's worker pings
			{a: pmSuspend, b: rtime, want: false}, {a: pmNoirq, b: remove, want: false}, {a: pmNoirq, b: kth, want: false}},
		"pm-freezer-watchdog": {{a: pmSuspend, b: wstart, facts: Facts{Pinged: map[string]bool{"wops": true}}, want: true},
			{a: wstart, b: pmNoirq, facts: Facts{Pinged: map[string]bool{"wops": true}}, want: true},
			{a: pmSuspend, b: wstart, want: false}, // no .ping: the core's worker calls .start
			{a: pmSuspend, b: wping, facts: Facts{Pinged: map[string]bool{"wops": true}}, want: false},
			{a: pmSuspend, b: wstart, facts: Facts{Pinged: map[string]bool{"other": true}}, want: false}},
		"pm-freezer-work": {{a: pmSuspend, b: wrk, facts: Facts{Frozen: map[*ir.EntryPoint]bool{wrk: true}}, want: true},
			{a: wrk, b: pmNoirq, facts: Facts{Frozen: map[*ir.EntryPoint]bool{wrk: true}}, want: true},
			{a: pmSuspend, b: wrk, want: false}, // queued on a queue that is not frozen
			{a: pmSuspend, b: tmr, facts: Facts{Frozen: map[*ir.EntryPoint]bool{tmr: true}}, want: false}},
		"cpuhp": {{a: mkEP("up", ir.RoleEntry, "cpuhp_setup_state", "", "startup"),
			b: mkEP("down", ir.RoleEntry, "cpuhp_setup_state", "", "teardown"), want: true},
			{a: mkEP("up", ir.RoleEntry, "cpuhp_setup_state", "", "startup"), b: kth, want: false}},
		"device-release": {{a: mkEP("crel", ir.RoleEntry, "class", "cls", "dev_release"),
			b: mkEP("crel", ir.RoleEntry, "class", "cls", "dev_release"), want: true, params: [2]int{0, 0}},
			{a: mkEP("trel", ir.RoleEntry, "device_type", "dt", "release"),
				b: mkEP("crel", ir.RoleEntry, "class", "cls", "dev_release"), want: true, params: [2]int{0, 0}},
			{a: mkEP("crel", ir.RoleEntry, "class", "cls", "dev_release"), b: ashow, want: false},
			{a: mkEP("crel", ir.RoleEntry, "class", "cls", "dev_uevent"),
				b: mkEP("crel", ir.RoleEntry, "class", "cls", "dev_uevent"), want: false}},
		"usb-unbind": {{a: mkEP("cpl", ir.RoleEntry, "usb_fill_int_urb", "", "complete"), b: udisc, want: true},
			{a: udisc, b: mkEP("cpl", ir.RoleEntry, "usb_fill_bulk_urb", "", "complete"), want: true},
			{a: mkEP("cpl", ir.RoleEntry, "usb_fill_int_urb", "", "complete"), b: udisc,
				facts: Facts{USBSoftUnbind: true}, want: false},
			{a: mkEP("cpl", ir.RoleEntry, "usb_fill_bulk_urb", "", "complete"), b: udisc,
				facts: Facts{USBClaims: true}, want: false},
			{a: mkEP("cpl", ir.RoleEntry, "urb", "", "complete"), b: udisc, want: false}}, // control URBs
		"ipmi-watchers": {{a: mkEP("new", ir.RoleEntry, "ipmi_smi_watcher", "w", "new_smi"),
			b: mkEP("gone", ir.RoleEntry, "ipmi_smi_watcher", "w", "smi_gone"), want: true},
			{a: mkEP("new", ir.RoleEntry, "ipmi_smi_watcher", "w", "new_smi"), b: kth, want: false}},
		"setup-calls": {{a: exportEP("rtc_add_group", "rtc_device", ""), b: exportEP("rtc_add_groups", "rtc_device", ""),
			want: true, params: [2]int{0, 0}},
			{a: exportEP("rtc_add_group", "rtc_device", ""), b: exportEP("__devm_rtc_register_device", "module", "rtc_device"),
				want: true, params: [2]int{0, 1}},
			{a: exportEP("rtc_add_group", "rtc_device", ""), b: exportEP("rtc_poke", "rtc_device"), want: false},
			{a: exportEP("rtc_add_group", "rtc_device", ""), b: ashow, want: false}},
		"pm-freezer-setup": {{a: pmSuspend, b: exportEP("rtc_add_group", "rtc_device", ""), want: true},
			{a: exportEP("__devm_rtc_register_device", "module", "rtc_device"), b: pmResume, want: true},
			{a: rtSusp, b: exportEP("rtc_add_group", "rtc_device", ""), want: false}, // runtime PM: not system sleep
			{a: pmSuspend, b: exportEP("rtc_poke", "rtc_device"), want: false}},      // no row
		"setup-runtime-pm": {{a: rtRes, b: exportEP("amd_mp2_register_cb", "amd_i2c_common"), want: true},
			{a: exportEP("amd_mp2_register_cb", "amd_i2c_common"), b: rtIdle, want: true},
			{a: rtSusp, b: exportEP("rtc_add_group", "rtc_device", ""), want: false}, // callers hold nothing awake
			{a: pmSuspend, b: exportEP("amd_mp2_register_cb", "amd_i2c_common"), want: false}},
		"dev-groups": {{a: ashow, b: iprobe, facts: grouped, want: true}, {a: iremove, b: astore, facts: grouped, want: true},
			{a: ashow, b: iprobe, want: false},                    // not (only) in the driver's dev_groups
			{a: ashow, b: ishutdown, facts: grouped, want: false}, // shutdown does not remove the groups
			{a: ashow, b: probe, facts: grouped, want: false}},    // another driver's probe
	}
	for _, r := range Rules() {
		cs, ok := cases[r.ID]
		if !ok {
			t.Errorf("rule %s has no test", r.ID)
			continue
		}
		delete(cases, r.ID)
		if r.Reason == "" {
			t.Errorf("rule %s has no reason", r.ID)
		}
		for _, c := range cs {
			got, params := r.Match(c.a, c.b, c.facts)
			if got != c.want {
				t.Errorf("rule %s on (%s, %s): %v, want %v", r.ID, c.a.Func.Name, c.b.Func.Name, got, c.want)
			}
			if got && r.Scope == ScopeObject && params != c.params {
				t.Errorf("rule %s on (%s, %s): params %v, want %v", r.ID, c.a.Func.Name, c.b.Func.Name, params, c.params)
			}
		}
	}
	for id := range cases {
		t.Errorf("test for unknown rule %s", id)
	}
}

func TestRuleIDsUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("duplicate rule %s", r.ID)
		}
		seen[r.ID] = true
	}
}

// TestSerialisedAndNotSingle: Serialised applies the kernel and device
// rules (not the object rules: two opens run at once on two files), and
// NotSingle says why a rule about one instance does not apply.
func TestSerialisedAndNotSingle(t *testing.T) {
	kth := mkEP("worker", ir.RoleEntry, "kthread", "", "threadfn")
	fopen := mkEP("fopen", ir.RoleEntry, "file_operations", "fops", "open")
	minit := mkEP("init", ir.RoleInit, ModuleInit, "", "")
	if r, ok := Serialised(kth, kth, Facts{}); !ok || r.ID != "kthread" {
		t.Errorf("worker with itself: %v %q, want kthread", ok, r.ID)
	}
	if r, ok := Serialised(fopen, fopen, Facts{}); ok {
		t.Errorf("open with itself serialised by %s", r.ID)
	}
	if r, ok := Serialised(minit, minit, Facts{}); !ok || r.ID != "module-init-once" {
		t.Errorf("init with itself: %v %q", ok, r.ID)
	}
	repeated := Facts{Repeated: map[*ir.EntryPoint]bool{kth: true},
		RepeatedWhy: map[*ir.EntryPoint]string{kth: "kthread_run at t.c:9 in fopen, which may run concurrently with itself"}}
	if _, ok := Serialised(kth, kth, repeated); ok {
		t.Error("repeated worker serialised with itself")
	}
	for _, r := range Rules() {
		got := r.NotSingle(kth, kth, repeated)
		if r.ID != "kthread" {
			if got != "" {
				t.Errorf("rule %s: NotSingle %q", r.ID, got)
			}
			continue
		}
		if want := "not kthread: several instances of worker may run at once: kthread_run at t.c:9 in fopen"; !strings.HasPrefix(got, want) {
			t.Errorf("NotSingle %q, want prefix %q", got, want)
		}
		if got := r.NotSingle(kth, kth, Facts{}); got != "" {
			t.Errorf("NotSingle of a single worker: %q", got)
		}
	}
}

// TestHeldLocksBindings: device_lock is one lock for the alternative
// bindings of one device, and one per driver otherwise.
func TestHeldLocksBindings(t *testing.T) {
	probe := mkEP("probe", ir.RoleInit, "pci_driver", "drv", "probe")
	other := mkEP("probe2", ir.RoleInit, "platform_driver", "pdrv", "probe")
	bound := Facts{Bindings: map[string]string{"drv": "drv+pdrv", "pdrv": "drv+pdrv"}}
	for _, c := range []struct {
		facts Facts
		want  string
	}{{Facts{}, "device_lock:drv device_lock:pdrv"}, {bound, "device_lock:drv+pdrv device_lock:drv+pdrv"}} {
		got := strings.Join(append(HeldLocks(probe, c.facts), HeldLocks(other, c.facts)...), " ")
		if got != c.want {
			t.Errorf("held locks %q, want %q", got, c.want)
		}
	}
}

// TestLockPairs: pre_reset then post_reset of one usb_driver carry their
// lock state; not in the other order, nor for two drivers.
func TestLockPairs(t *testing.T) {
	pre := mkEP("pre", ir.RoleEntry, "usb_driver", "udrv", "pre_reset")
	post := mkEP("post", ir.RoleEntry, "usb_driver", "udrv", "post_reset")
	other := mkEP("post2", ir.RoleEntry, "usb_driver", "udrv2", "post_reset")
	ps := LockPairs()
	if len(ps) == 0 || ps[0].Reason == "" {
		t.Fatalf("lock pairs %v", ps)
	}
	for _, c := range []struct {
		a, b *ir.EntryPoint
		want bool
	}{{pre, post, true}, {post, pre, false}, {pre, other, false}, {pre, pre, false}} {
		if got := ps[0].Match(c.a, c.b); got != c.want {
			t.Errorf("Match(%s, %s) = %v, want %v", c.a.Func.Name, c.b.Func.Name, got, c.want)
		}
	}
}

// TestDropRuleLocks: ignoring a rule that serialises the holders of a
// kernel lock drops that lock from the held ones, whatever its qualifier.
func TestDropRuleLocks(t *testing.T) {
	locks := []string{"device_lock:drv", "i2c_adapter.bus_lock:algo", RTNL}
	cases := []struct {
		ignored []string
		want    string
	}{
		{nil, "device_lock:drv i2c_adapter.bus_lock:algo rtnl_mutex"},
		{[]string{"i2c-bus-lock"}, "device_lock:drv rtnl_mutex"},
		{[]string{"pm-freezer", "rtnl"}, "device_lock:drv i2c_adapter.bus_lock:algo"},
	}
	for _, c := range cases {
		if got := strings.Join(DropRuleLocks(locks, c.ignored), " "); got != c.want {
			t.Errorf("DropRuleLocks(%v) = %q, want %q", c.ignored, got, c.want)
		}
	}
}

// TestDropDeviceLocks: with several devices the per-device locks are
// dropped, the kernel-wide ones and those registrations name are kept.
func TestDropDeviceLocks(t *testing.T) {
	locks := []string{"device_lock:drv", "global my_lock", "i2c_adapter.bus_lock:algo", RTNL, TxLock}
	want := "global my_lock rtnl_mutex"
	if got := strings.Join(DropDeviceLocks(locks), " "); got != want {
		t.Errorf("DropDeviceLocks = %q, want %q", got, want)
	}
}
