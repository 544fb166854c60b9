package models

// Kernel functions that call a callback the driver passes them on the
// caller's own thread, before they return, and keep neither the callback
// nor its argument. At such a call the front end calls the callback itself
// (frontend/callbacks.go), zero or more times, with what the kernel
// function passes it; the kernel function is then gone from the program.
// Without a row, a driver function passed to a kernel function is an
// entry point of its own, callable at any time on any thread, and the
// locals handed over with it are shared: the callback "races" with the
// very call that runs it.

// SyncCallback says how a kernel function calls its callback.
type SyncCallback struct {
	// Arity is the kernel function's number of parameters: a call with
	// another number (another kernel version's signature) is left alone.
	Arity int
	// Fn is the parameter holding the callback.
	Fn int
	// Also are further parameters holding callbacks the kernel function
	// calls the same way, with the same arguments, in any order with Fn's
	// (acpi_walk_namespace's ascending_callback). Each of Fn and Also may
	// be NULL; a call passing anything else there is left alone.
	Also []int
	// Args are the callback's arguments: a parameter of the kernel
	// function, or -1 for a value the kernel makes up.
	Args []int
	// Table, when set, says parameter Fn is no callback but points to an
	// array of struct Table whose member Field holds one in each element
	// (dmi_check_system's dmi_system_id list); the callback gets the
	// array (Args names Fn), and the kernel calls that member nowhere
	// else, so a table only such calls read holds no entry points.
	Table, Field string
	// Why names the kernel code that makes the row true.
	Why string
}

var syncCallbacks = map[string]SyncCallback{
	// Linux 6.12 drivers/rtc/rtc-mc146818-lib.c: mc146818_avoid_UIP(
	// callback, timeout, param) loops until the update-in-progress bit
	// is clear and calls callback(seconds, param) inside the loop, with
	// rtc_lock held (not modelled: holding no lock only adds races),
	// then returns.
	"mc146818_avoid_UIP": {Arity: 3, Fn: 0, Args: []int{-1, 2},
		Why: "mc146818_avoid_UIP calls callback(seconds, param) in its own loop before it returns"},
	// Linux 6.12 drivers/acpi/acpica/rsxface.c: acpi_walk_resources(
	// handle, name, user_function, context) reads the method's resource
	// list into a buffer of its own and acpi_walk_resource_buffer calls
	// user_function(resource, context) for each entry in a loop, then
	// frees the buffer and returns.
	"acpi_walk_resources": {Arity: 4, Fn: 2, Args: []int{-1, 3},
		Why: "acpi_walk_resources calls user_function(resource, context) for each resource (acpi_walk_resource_buffer) before it returns"},
	// Linux 6.12 drivers/acpi/resource.c: acpi_dev_get_resources(adev,
	// list, preproc, preproc_data) walks _CRS with acpi_walk_resources
	// (__acpi_dev_get_resources), whose acpi_dev_process_resource calls
	// preproc(ares, preproc_data) for each resource, then returns.
	"acpi_dev_get_resources": {Arity: 4, Fn: 2, Args: []int{-1, 3},
		Why: "acpi_dev_get_resources calls preproc(ares, preproc_data) for each _CRS resource (acpi_dev_process_resource) before it returns"},
	// Linux 6.12 drivers/acpi/acpica/nsxfeval.c: acpi_walk_namespace(
	// type, start_object, max_depth, descending_callback,
	// ascending_callback, context, return_value) takes the namespace
	// lock and calls acpi_ns_walk_namespace, which visits the nodes
	// below start_object in a loop and calls descending_callback(node,
	// level, context, return_value) on the way down and
	// ascending_callback on the way up (either may be NULL), then
	// returns.
	"acpi_walk_namespace": {Arity: 7, Fn: 3, Also: []int{4}, Args: []int{-1, -1, 5, 6},
		Why: "acpi_walk_namespace calls descending_callback and ascending_callback(node, level, context, return_value) for each node (acpi_ns_walk_namespace) before it returns"},
	// Linux 6.12 drivers/acpi/acpica/nsxfeval.c: acpi_get_devices(hid,
	// user_function, context, return_value) walks the whole namespace
	// with acpi_ns_walk_namespace, whose acpi_ns_get_device_callback
	// calls user_function(obj_handle, nesting_level, context,
	// return_value) for each matching device, then returns.
	"acpi_get_devices": {Arity: 4, Fn: 1, Args: []int{-1, -1, 2, 3},
		Why: "acpi_get_devices calls user_function(handle, level, context, return_value) for each matching device (acpi_ns_get_device_callback) before it returns"},
	// Linux 6.12 drivers/firmware/dmi_scan.c: dmi_check_system(list)
	// walks list up to its empty entry and, for each entry whose
	// matches hold (dmi_matches), calls d->callback(d) if set, stopping
	// when it returns non-zero, then returns the count. It is the only
	// caller of dmi_system_id.callback in the tree; dmi_first_match
	// returns the entry and calls nothing.
	"dmi_check_system": {Arity: 1, Fn: 0, Args: []int{0}, Table: "dmi_system_id", Field: "callback",
		Why: "dmi_check_system calls d->callback(d) for each matching entry of its list before it returns (drivers/firmware/dmi_scan.c)"},
	// Linux 6.12 drivers/firmware/dmi_scan.c: dmi_walk(decode,
	// private_data) maps the DMI table and dmi_table calls
	// decode(dm, private_data) for each structure in a loop, then unmaps
	// it and returns.
	"dmi_walk": {Arity: 2, Fn: 0, Args: []int{-1, 1},
		Why: "dmi_walk calls decode(header, private_data) for each DMI structure (dmi_table) before it returns"},
}

// TableReaders are kernel functions that read a callback table of the
// synchronous-callback rows (SyncCallback.Table) without calling its
// callbacks: a table used only by them and by the rows' functions holds
// no entry points.
var tableReaders = map[string]string{
	// drivers/firmware/dmi_scan.c: dmi_first_match returns the first
	// matching entry of its list and calls no callback.
	"dmi_first_match": "dmi_system_id",
}

// TableReader reports whether kernel function name only reads tables
// of struct type strct.
func TableReader(name, strct string) bool { return tableReaders[name] == strct && strct != "" }

// SyncCallbackFor returns the row of kernel function name, if it has one.
func SyncCallbackFor(name string) (SyncCallback, bool) {
	s, ok := syncCallbacks[name]
	return s, ok
}

// SyncTableField returns the callback member of struct strct when a row
// of the synchronous-callback table reads its callbacks from a table of
// such structs (SyncCallback.Table).
func SyncTableField(strct string) (string, bool) {
	for _, row := range syncCallbacks {
		if row.Table != "" && row.Table == strct {
			return row.Field, true
		}
	}
	return "", false
}
