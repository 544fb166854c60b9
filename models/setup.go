package models

import "github.com/whoopverify/whoop/ir"

// Setup calls: exported functions of a kernel library that every caller
// in the tree calls from its probe (so never while the system sleeps:
// rule pm-freezer-setup) on an object it set up itself, or owns (a
// config it fills), before it registers it. Where whoop analyses
// the library's own file, such an exported function is an entry point
// callable at any time (frontend/entry), and its pair with itself or with
// another setup call of the same object class is concurrent; the rule
// "setup-calls" (pairs.go) keeps two such calls apart on one object only
// (ScopeObject, DistinctParams): on two objects they still run at once,
// and their accesses to globals, or to memory reached through loads, are
// checked as before. The assumption is the callers' protocol, so each row
// says which callers were read; a caller elsewhere that breaks it (two
// threads adding groups to one published rtc) is what the assumption
// could hide (--no-assume setup-calls).
type SetupCall struct {
	Param  int    // the object parameter
	Struct string // its pointee struct tag, so another function of that name does not match
	// Awake: every caller holds a runtime PM reference on the library
	// driver's own device (pm_runtime_get_sync) around the call, so that
	// device's runtime suspend and resume do not run during it (rule
	// setup-runtime-pm, assumption setup-pm).
	Awake bool
}

var setupCalls = map[string]SetupCall{
	// drivers/rtc/sysfs.c: rtc_add_group(rtc, grp) and rtc_add_groups(rtc,
	// grps) rewrite rtc->dev.groups with no lock. In 6.12 the ten callers
	// of rtc_add_group (rtc-ds1343.c:406, rtc-isl1208.c:946/951,
	// rtc-ab8500.c:388, rtc-ep93xx.c:145, rtc-rx8025.c:573,
	// rtc-ds1685.c:1309, rtc-rv3028.c:1001, rtc-ds1307.c:1266 through
	// ds1307_add_frequency_test from ds1307_probe, rtc-abx80x.c:940,
	// rtc-pcf2127.c:1270) call it in their probe, on the rtc that probe got
	// from devm_rtc_allocate_device, before devm_rtc_register_device: the
	// groups are read by device_add, so adding them later would not work.
	// rtc_add_groups has no caller outside sysfs.c.
	"rtc_add_group":  {Param: 0, Struct: "rtc_device"},
	"rtc_add_groups": {Param: 0, Struct: "rtc_device"},
	// drivers/rtc/class.c: __devm_rtc_register_device(owner, rtc), which
	// every caller reaches through devm_rtc_register_device(rtc) (rtc.h),
	// registers the rtc once, in the probe that allocated it with
	// devm_rtc_allocate_device (class.c's own devm_rtc_device_register
	// likewise): cdev_device_add of one device twice fails, so two calls on
	// one rtc are a caller's bug, not concurrency the core must handle.
	"__devm_rtc_register_device": {Param: 1, Struct: "rtc_device"},
	// drivers/rtc/class.c: devm_rtc_device_register(dev, name, ops, owner),
	// the older form, allocates and registers an rtc for dev; its 6.12
	// callers (rtc-ds1286, m41t93, pxa, max8925, bq4802, max6900,
	// hid-sensor-time, rs5c313, pcf50633, pcf8583, da9055, generic,
	// max8907, max77686, mt7622, max6902, moxart, ds1216, ...) call it
	// from their probe on the device being probed.
	"devm_rtc_device_register": {Param: 0, Struct: "device"},
	// drivers/rtc/nvmem.c: devm_rtc_nvmem_register(rtc, nvmem_config)
	// fills the config it is given and registers an nvmem device from
	// it. Its 34 callers in 6.12 call it from their probe, after
	// devm_rtc_allocate_device, with a config on the probe's stack
	// (rtc-abx80x.c:752, rtc-isl12026.c:467, ...) or a static one of a
	// driver (rtc-max31335.c:517, rtc-omap.c:718, rtc-sun6i.c:703,
	// rtc-ti-k3.c:507), which under one-device one probe uses at a time.
	"devm_rtc_nvmem_register": {Param: 1, Struct: "nvmem_config"},
	// drivers/i2c/busses/i2c-amd-mp2-pci.c: amd_mp2_register_cb(common)
	// stores the caller's bus into the MP2 PCI device's busses[]. Its one
	// caller, i2c_amd_probe (i2c-amd-mp2-plat.c:288), makes it from the
	// platform probe between amd_mp2_pm_runtime_get and _put
	// (pm_runtime_get_sync of the MP2 PCI device, i2c-amd-mp2.h:205), on
	// the amd_i2c_common that probe filled.
	"amd_mp2_register_cb": {Param: 0, Struct: "amd_i2c_common", Awake: true},
}

// SetupAwake reports whether ep is a set-up call whose row says every
// caller holds the library device awake around it (SetupCall.Awake).
func SetupAwake(ep *ir.EntryPoint) bool {
	_, ok := SetupObject(ep)
	return ok && setupCalls[ep.Func.Name].Awake
}

// SetupObject returns the object parameter of ep when ep is an exported
// function with a setup-call row whose parameter has the row's type.
func SetupObject(ep *ir.EntryPoint) (int, bool) {
	if ep.Struct != "export" {
		return -1, false
	}
	row, ok := setupCalls[ep.Func.Name]
	if !ok || row.Param >= len(ep.Func.Params) {
		return -1, false
	}
	p, ok := ir.Unnamed(ep.Func.Params[row.Param].CType).(*ir.Pointer)
	if !ok {
		return -1, false
	}
	if s, ok := ir.Unnamed(p.Elem).(*ir.Struct); !ok || s.Tag != row.Struct {
		return -1, false
	}
	return row.Param, true
}
