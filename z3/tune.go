//go:build cgo

package z3

/*
#include <malloc.h>

// Z3 4.8.12 allocates two 8.5 MB tables per context. With glibc's default
// dynamic mmap threshold they go back to the kernel when a context is
// deleted and are faulted in again by the next one: about 45 ms per context
// on our VMs instead of 0.5 ms. Serving them from the heap, and never
// trimming it, keeps them mapped for the next context of the same arena;
// Threads keeps each solver goroutine on one thread, and so on one arena.
// (One arena for the whole process would share the memory too, but puts
// parallel solvers behind its lock: measured 1.3x slower per thread.) This
// tunes the C allocator of the whole process, which whoop's Go code does
// not use. It runs as a constructor, before the Go runtime starts threads,
// so that no thread allocates with the default settings.
__attribute__((constructor)) static void w_tune_malloc(void) {
	mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
	mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
}
*/
import "C"
