package models

// FailedKeepsNothing reports whether kernel function name is a
// registration that, when it fails, has undone what it started and keeps
// none of the pointers it was given (assumption failed-registration), and
// how it says it failed: a negative errno (the Errno rows of the
// registration table), or, with ptr, an error pointer (IS_ERR).
func FailedKeepsNothing(name string) (ptr, ok bool) {
	if r, found := Registration(name); found && r.Errno {
		return false, true
	}
	if errPtrRegistrations[name] {
		return true, true
	}
	return false, false
}

// errPtrRegistrations return the new object or an error pointer.
// device_create and device_create_with_groups (drivers/base/core.c,
// device_create_groups_vargs) store drvdata in the new device and, when
// device_add fails, put_device it (its release frees it, the drvdata
// pointer with it) before they return ERR_PTR: device_del's kernfs
// removal has drained every show and store that read the drvdata.
var errPtrRegistrations = map[string]bool{
	"device_create":             true,
	"device_create_with_groups": true,
}
