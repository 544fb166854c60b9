package main

import "testing"

// A failure's cause comes from its first line: a note after it (a Makefile
// line naming CONFIG_MEMORY_...) is not the cause.
func TestErrorCause(t *testing.T) {
	for msg, want := range map[string]string{
		"a.c:1: no model for <linux/x.h>: add it under models/include or pass -I DIR":                                                                                                 "missing header",
		"a.c:3:1: undefined: y\na.c: note: this build's configuration does not compile this file (drivers/x/Makefile: obj-$(CONFIG_MEMORY_X) += a.o, and CONFIG_MEMORY_X is not set)": "C front end",
		"a.c:9:2: unsupported: nested function g": "unsupported C",
		"a.c: internal error in pass parse at modernc.org/cc/v4.(*ConditionalExpression).check check.go:4137: runtime error: invalid memory address or nil pointer dereference": "internal error",
		"a.c: memory use passed --max-memory 4G": "memory cap",
	} {
		if got := errorCause(msg); got != want {
			t.Errorf("errorCause(%q) = %q, want %q", msg, got, want)
		}
	}
}
