package models

import "github.com/whoopverify/whoop/ir"

// Setup calls: exported functions of a kernel library that every caller
// in the tree calls on an object it set up itself, from the one probe
// that allocated the object, before it registers it. Where whoop analyses
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
