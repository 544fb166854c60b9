package models

import (
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// exportEP is an exported function name(p0, ..., pn) whose parameter i
// points to a struct tagged tags[i] ("" for an int).
func exportEP(name string, tags ...string) *ir.EntryPoint {
	f := &ir.Function{Name: name}
	for _, tag := range tags {
		var t ir.Type = &ir.Basic{Kind: ir.Integer, Name: "int", Bytes: 4}
		if tag != "" {
			t = &ir.Pointer{Elem: &ir.Struct{Tag: tag}}
		}
		f.Params = append(f.Params, &ir.Var{Name: "p", CType: t})
	}
	return &ir.EntryPoint{Func: f, Role: ir.RoleEntry, Struct: "export", Guessed: true}
}

// TestSetupObject: a row applies to the exported function of its name
// whose object parameter has the row's type, and to nothing else.
func TestSetupObject(t *testing.T) {
	cases := []struct {
		ep   *ir.EntryPoint
		want int
	}{
		{exportEP("rtc_add_group", "rtc_device", "attribute_group"), 0},
		{exportEP("__devm_rtc_register_device", "module", "rtc_device"), 1},
		{exportEP("rtc_add_group", "device", "attribute_group"), -1}, // another type
		{exportEP("rtc_add_group"), -1},                              // no parameter
		{exportEP("rtc_update_irq", "rtc_device", ""), -1},           // no row
		{&ir.EntryPoint{Func: exportEP("rtc_add_group", "rtc_device").Func, Role: ir.RoleEntry,
			Struct: "device_attribute", Field: "store"}, -1}, // not an export
	}
	for _, c := range cases {
		got, ok := SetupObject(c.ep)
		if (c.want >= 0) != ok || (ok && got != c.want) {
			t.Errorf("SetupObject(%s %s) = %d, %v; want %d", c.ep.Struct, c.ep.Func.Name, got, ok, c.want)
		}
	}
}

// TestSetupAwake: only a row that says its callers hold the device awake.
func TestSetupAwake(t *testing.T) {
	if !SetupAwake(exportEP("amd_mp2_register_cb", "amd_i2c_common")) {
		t.Error("amd_mp2_register_cb: not awake")
	}
	for _, ep := range []*ir.EntryPoint{exportEP("rtc_add_group", "rtc_device", ""),
		exportEP("amd_mp2_register_cb", "device"), exportEP("amd_mp2_unregister_cb", "amd_i2c_common")} {
		if SetupAwake(ep) {
			t.Errorf("%s: awake", ep.Func.Name)
		}
	}
}
