//go:build cgo

package z3

/*
#include <malloc.h>

// Z3 4.8.12 allocates two 8.5 MB tables per context. With glibc's default
// dynamic mmap threshold they go back to the kernel when a context is
// deleted and are faulted in again by the next one: about 45 ms per context
// on our VMs instead of 0.5 ms. Serving them from the heap, and never
// trimming the heap, keeps them mapped. Go runs cgo calls on many OS threads and
// glibc gives threads their own arenas, each paying those faults again: one
// arena keeps the memory shared (sys time 1.1 s -> 0.4 s on sonypi). This
// tunes the C allocator of the whole process, which whoop's Go code does
// not use.
static void w_tune_malloc(void) {
	mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
	mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
	mallopt(M_ARENA_MAX, 1);
}
*/
import "C"

func init() { C.w_tune_malloc() }
