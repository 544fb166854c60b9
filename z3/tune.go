//go:build cgo

package z3

/*
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/mman.h>

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
	// Grow an arena 32 MB at a time (address space only, until touched):
	// a huge page is used only where the whole 2 MB lies inside the
	// arena's writable part, which otherwise grows 128 KB at a time just
	// ahead of the allocations.
	mallopt(M_TOP_PAD, 32 * 1024 * 1024);
}

// w_advise_arena asks for transparent huge pages on the calling thread's
// malloc arena when it is one of glibc's mmapped arenas: a 64 MB
// (HEAP_MAX_SIZE on 64-bit) aligned reservation, writable as it grows. The
// advice marks the whole reservation, so the part made writable later
// keeps it. The main arena (the brk heap) is left alone: its growth makes
// new mappings, which the advice would not cover. Returns 1 if advised.
static int w_advise_arena(void) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE) && UINTPTR_MAX == 0xffffffffffffffffu
	const uintptr_t heap_max = (uintptr_t)64 << 20;
	void *p = malloc(64);
	if (p == NULL) {
		return 0;
	}
	uintptr_t a = (uintptr_t)p;
	free(p);
	if ((void *)a < sbrk(0)) {
		return 0;
	}
	return madvise((void *)(a & ~(heap_max - 1)), heap_max, MADV_HUGEPAGE) == 0;
#else
	return 0;
#endif
}

// w_in_main_arena reports whether the calling thread allocates from the
// main arena (the brk heap): glibc hands a thread the main arena when it
// has made as many arenas as it allows and shares them.
static int w_in_main_arena(void) {
	void *p = malloc(64);
	int in = p != NULL && p < sbrk(0);
	free(p);
	return in;
}

// w_arena_addr returns an address in the calling thread's malloc arena.
static uintptr_t w_arena_addr(void) {
	void *p = malloc(64);
	free(p);
	return (uintptr_t)p;
}
*/
import "C"

// inMainArena reports whether the calling thread allocates from glibc's
// main arena, which adviseArena leaves alone.
func inMainArena() bool { return C.w_in_main_arena() == 1 }

// arenaAddr returns an address in the calling thread's malloc arena.
func arenaAddr() uintptr { return uintptr(C.w_arena_addr()) }

// adviseArena asks for transparent huge pages on the calling thread's
// malloc arena (w_advise_arena) and reports whether it did.
func adviseArena() bool { return C.w_advise_arena() == 1 }
