package models

import "testing"

// TestFailedKeepsNothing: the Errno registrations and the error-pointer
// ones undo a failure; a Number row (its failure test is another) and a
// helper do not count.
func TestFailedKeepsNothing(t *testing.T) {
	cases := []struct {
		name    string
		ptr, ok bool
	}{
		{"misc_register", false, true},
		{"devm_request_threaded_irq", false, true},
		{"device_create_with_groups", true, true},
		{"device_create", true, true},
		{"register_chrdev", false, false},
		{"device_add", false, false},
		{"kmalloc", false, false},
	}
	for _, c := range cases {
		ptr, ok := FailedKeepsNothing(c.name)
		if ptr != c.ptr || ok != c.ok {
			t.Errorf("FailedKeepsNothing(%s) = %v, %v; want %v, %v", c.name, ptr, ok, c.ptr, c.ok)
		}
	}
}
