// Package smaps reads the kernel's description of this process's memory
// mappings (/proc/self/smaps, Linux), for tests that check how memory is
// advised: whoop asks for transparent huge pages on the Go heap
// (cmd/whoop) and on the solver threads' malloc arenas (z3.Threads).
package smaps
