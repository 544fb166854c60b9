//go:build cgo && linux

package z3

import (
	"errors"
	"os"
	"runtime"
	"syscall"
	"testing"

	"github.com/whoopverify/whoop/internal/smaps"
)

// On a thread with an arena of its own, the advice marks the arena's
// mapping for huge pages ("hg"), and it stays marked after a context grew
// the arena.
// errMainArena says no thread with an arena of its own was found.
var errMainArena = errors.New("main arena")

func TestAdviseArena(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("kernel without transparent huge pages")
	}
	type result struct {
		advised bool
		flags   string
		err     error
	}
	res := make(chan result)
	tries := 0
	var run func()
	run = func() {
		runtime.LockOSThread() // kept: this thread never serves another goroutine
		if syscall.Gettid() == syscall.Getpid() || inMainArena() {
			// The main thread uses the brk heap, and so does a thread glibc
			// gave the main arena when it shares its arenas (many threads
			// under go test ./...): try another.
			if tries++; tries < 16 {
				go run()
				return
			}
			res <- result{err: errMainArena}
			return
		}
		var r result
		r.advised = adviseArena()
		addr := arenaAddr()
		if zc, err := NewContext(Config{}); err == nil {
			zc.Close()
		}
		r.flags, r.err = smaps.VMFlags(addr)
		res <- r
	}
	go run()
	r := <-res
	if r.err == errMainArena {
		t.Skip("every thread tried shares glibc's main arena, which adviseArena leaves alone")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	if !r.advised || !smaps.HasFlag(r.flags, "hg") {
		t.Errorf("advised %v, arena VmFlags %q; want advised with hg", r.advised, r.flags)
	}
}
