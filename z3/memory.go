//go:build cgo

package z3

/*
#include <stdlib.h>
#include <z3.h>

// w_set_max_memory sets Z3's process-wide memory_max_size (megabytes).
static inline void w_set_max_memory(const char *mb) { Z3_global_param_set("memory_max_size", mb); }
*/
import "C"

import (
	"strconv"
	"unsafe"
)

// SetMaxMemory caps the memory Z3 allocates, over all contexts of the
// process, at about bytes (Z3's memory_max_size, in whole megabytes; 0
// lifts the cap). An allocation beyond it fails the call that makes it:
// a check returns Unknown (or an error) instead of the process growing.
func SetMaxMemory(bytes uint64) {
	mb := bytes >> 20
	if bytes > 0 && mb == 0 {
		mb = 1
	}
	s := C.CString(strconv.FormatUint(mb, 10))
	defer C.free(unsafe.Pointer(s))
	C.w_set_max_memory(s)
}

// AllocatedBytes returns Z3's estimate of the bytes it has allocated over
// all contexts of the process.
func AllocatedBytes() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }
