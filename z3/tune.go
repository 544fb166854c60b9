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
// not use. It must run before the Go runtime starts its threads (a thread
// that has malloc'ed keeps the arena it got, whatever M_ARENA_MAX says
// later), hence a constructor, as runc's nsenter does.
__attribute__((constructor)) static void w_tune_malloc(void) {
	mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
	mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
	mallopt(M_ARENA_MAX, 1);
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// w_malloc_heaps counts glibc's malloc arenas (malloc_info's <heap> elements).
static int w_malloc_heaps(void) {
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f == NULL)
		return -1;
	malloc_info(0, f);
	fclose(f);
	int n = 0;
	for (char *p = buf; (p = strstr(p, "<heap nr=")) != NULL; p++)
		n++;
	free(buf);
	return n;
}
*/
import "C"

// mallocArenas returns the number of glibc malloc arenas (for tests).
func mallocArenas() int { return int(C.w_malloc_heaps()) }
